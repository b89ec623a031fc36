"""Building blocks for numba kernels: bit counts, raw memory, a monotonic clock.

Every kernel in plyground is ``@njit(cache=True)`` over plain integers and
arrays. A few things numba lacks, or does slowly, are provided here as
``@intrinsic`` s that emit one LLVM instruction each:

* :func:`popcount` and :func:`trailing_zeros` of a 64-bit integer;
* :func:`load_int` / :func:`store_int` / :func:`load_float` /
  :func:`store_float` / :func:`load_float32` / :func:`store_float32`: element
  ``index`` of an int64, float64 (or float32) buffer given
  by its address (``array.ctypes.data``). A recursive kernel that takes a
  numpy array pays reference counting on every call (measured: about 2x
  slower search); passing the address as an integer removes that cost. The
  caller keeps the array alive while the kernel runs; no bounds are checked.
* :func:`prefetch_float32`: a hint to fetch element ``index`` of a float32 buffer
  into the cache (``llvm.prefetch``; nothing happens with the JIT off), so that a
  kernel can start the memory reads of many random table entries before it needs
  any of them;
* :func:`monotonic_ns`: ``clock_gettime(CLOCK_MONOTONIC)`` in nanoseconds,
  the same clock as :func:`time.monotonic_ns`, so a deadline computed in
  Python can be checked inside a kernel;
* :func:`wrap64`: a value wrapped to int64, as compiled arithmetic leaves
  it (nothing at all when compiled);
* :func:`nth_set_bit`: the ``n``-th set bit of a mask (a kernel over the
  others, for the random cell of a playout or a batch).

With ``NUMBA_DISABLE_JIT=1`` (used by the tests so coverage sees the
kernels) every helper falls back to plain Python with the same results.
Python's integers do not wrap: ``1 << 63`` is ``2**63``, not ``-2**63``, and
``m & (m - 1)`` of ``m = -2**63`` (only bit 63 set, as an int64) is
``-2**64``, not 0, so a loop over the set bits of an 8x8 mask with h8 in it
never ends (and reads past its buffers). A kernel therefore wraps every
result that can leave int64 (a bit shifted up, ``m & (m - 1)``, a hash's
product) in :func:`wrap64`.
"""

from __future__ import annotations

import ctypes
import time
from collections.abc import Callable
from typing import Any, TypeVar

from numba import config, njit, types
from numba.core import cgutils as _cgutils
from numba.extending import intrinsic

cgutils: Any = _cgutils
_F = TypeVar("_F", bound=Callable[..., Any])

__all__ = [
    "JIT_ENABLED",
    "as_int64",
    "load_float",
    "load_float32",
    "load_int",
    "monotonic_ns",
    "nth_set_bit",
    "popcount",
    "prefetch_float32",
    "store_float",
    "store_float32",
    "store_int",
    "trailing_zeros",
    "wrap64",
]

JIT_ENABLED: bool = not getattr(config, "DISABLE_JIT", False)
"""False when ``NUMBA_DISABLE_JIT=1``: kernels then run as plain Python."""

_MASK64 = (1 << 64) - 1


def as_int64(value: int) -> int:
    """The low 64 bits of ``value`` as a signed int64 (a pattern below 2**64, or already signed).

    Kernels take int64 arguments; an 8x8 board with cell h8 set has bit 63
    set, which Python would otherwise pass as uint64.

    >>> as_int64(1 << 63)
    -9223372036854775808
    """
    value &= _MASK64
    return value - (1 << 64) if value >> 63 else value


def _llvm_ir() -> Any:
    from llvmlite import ir  # type: ignore[import-untyped]

    return ir


@intrinsic
def _popcount(typingctx: Any, value: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ir = _llvm_ir()
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.ctpop.i64")
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _wrap64(typingctx: Any, value: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return args[0]

    return sig, codegen


@intrinsic
def _trailing_zeros(typingctx: Any, value: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ir = _llvm_ir()
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(1)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.cttz.i64")
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


def _element_pointer(builder: Any, address: Any, index: Any, element: Any) -> Any:
    pointer = builder.inttoptr(address, element.as_pointer())
    return builder.gep(pointer, [index])


def _buffer_access(element: Any, llvm_element: Callable[[Any], Any]) -> tuple[Any, Any]:
    """The load and store intrinsics of a buffer of ``element`` s (numba type), whose LLVM
    type is ``llvm_element(ir)``: ``load(address, index)`` and ``store(address, index, value)``."""
    name = str(element)

    def load(typingctx: Any, address: Any, index: Any) -> Any:
        sig = element(types.int64, types.int64)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            pointer = _element_pointer(builder, args[0], args[1], llvm_element(_llvm_ir()))
            return builder.load(pointer)

        return sig, codegen

    def store(typingctx: Any, address: Any, index: Any, value: Any) -> Any:
        sig = types.void(types.int64, types.int64, element)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            pointer = _element_pointer(builder, args[0], args[1], llvm_element(_llvm_ir()))
            builder.store(args[2], pointer)
            return context.get_dummy_value()

        return sig, codegen

    load.__name__ = load.__qualname__ = f"_load_{name}"
    store.__name__ = store.__qualname__ = f"_store_{name}"
    return intrinsic(load), intrinsic(store)


_load_int, _store_int = _buffer_access(types.int64, lambda ir: ir.IntType(64))
_load_float, _store_float = _buffer_access(types.float64, lambda ir: ir.DoubleType())
_load_float32, _store_float32 = _buffer_access(types.float32, lambda ir: ir.FloatType())


@intrinsic
def _prefetch_float32(typingctx: Any, address: Any, index: Any) -> Any:
    sig = types.void(types.int64, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ir = _llvm_ir()
        pointer = _element_pointer(builder, args[0], args[1], ir.FloatType())
        i8p, i32 = ir.IntType(8).as_pointer(), ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0i8")
        # a read (0), kept in every cache level (3), of data (1)
        constants = [ir.Constant(i32, value) for value in (0, 3, 1)]
        builder.call(fn, [builder.bitcast(pointer, i8p), *constants])
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def _monotonic_ns(typingctx: Any) -> Any:
    sig = types.int64()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ir = _llvm_ir()
        i32, i64 = ir.IntType(32), ir.IntType(64)
        timespec = ir.LiteralStructType([i64, i64])
        fnty = ir.FunctionType(i32, [i32, timespec.as_pointer()])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        slot = cgutils.alloca_once(builder, timespec)
        builder.call(fn, [ir.Constant(i32, time.CLOCK_MONOTONIC), slot])
        zero = ir.Constant(i32, 0)
        seconds = builder.load(builder.gep(slot, [zero, zero]))
        nanos = builder.load(builder.gep(slot, [zero, ir.Constant(i32, 1)]))
        return builder.add(builder.mul(seconds, ir.Constant(i64, 1_000_000_000)), nanos)

    return sig, codegen


# -- plain-Python fallbacks (NUMBA_DISABLE_JIT=1) ------------------------------
def _py_popcount(value: int) -> int:
    return (value & _MASK64).bit_count()


def _py_trailing_zeros(value: int) -> int:
    value &= _MASK64
    return ((value & -value).bit_length() - 1) if value else 64


def _py_load_int(address: int, index: int) -> int:
    return ctypes.c_int64.from_address(address + 8 * index).value


def _py_store_int(address: int, index: int, value: int) -> None:
    ctypes.c_int64.from_address(address + 8 * index).value = as_int64(value)


def _py_load_float(address: int, index: int) -> float:
    return ctypes.c_double.from_address(address + 8 * index).value


def _py_load_float32(address: int, index: int) -> float:
    return ctypes.c_float.from_address(address + 4 * index).value


def _py_store_float32(address: int, index: int, value: float) -> None:
    ctypes.c_float.from_address(address + 4 * index).value = value


def _py_store_float(address: int, index: int, value: float) -> None:
    ctypes.c_double.from_address(address + 8 * index).value = value


def _py_prefetch_float32(address: int, index: int) -> None:
    """Nothing: a prefetch is only a hint."""


def _pick(compiled: Any, plain: _F) -> _F:
    """The intrinsic when the JIT is on, the plain-Python version when it is off."""
    chosen: _F = compiled if JIT_ENABLED else plain
    return chosen


popcount = _pick(_popcount, _py_popcount)
"""Number of set bits of a 64-bit integer."""
trailing_zeros = _pick(_trailing_zeros, _py_trailing_zeros)
"""Index of the lowest set bit (64 for zero)."""
load_int = _pick(_load_int, _py_load_int)
"""``buffer[index]`` of the int64 buffer at ``address``."""
store_int = _pick(_store_int, _py_store_int)
"""``buffer[index] = value`` in the int64 buffer at ``address``."""
load_float = _pick(_load_float, _py_load_float)
"""``buffer[index]`` of the float64 buffer at ``address``."""
store_float = _pick(_store_float, _py_store_float)
"""``buffer[index] = value`` in the float64 buffer at ``address``."""
load_float32 = _pick(_load_float32, _py_load_float32)
"""``buffer[index]`` of the float32 buffer at ``address`` (an n-tuple network's weights)."""
store_float32 = _pick(_store_float32, _py_store_float32)
"""``buffer[index] = value`` in the float32 buffer at ``address``."""
prefetch_float32 = _pick(_prefetch_float32, _py_prefetch_float32)
"""Start reading element ``index`` of the float32 buffer at ``address`` into the cache
(a hint: it changes no value, and an address never read later costs only the fetch)."""
wrap64 = _pick(_wrap64, as_int64)
"""``value`` wrapped to int64, as compiled arithmetic leaves it: ``wrap64(1 << 63)`` is
``-2**63``, ``wrap64(m & (m - 1))`` of ``m = -2**63`` is 0."""
monotonic_ns = _pick(_monotonic_ns, time.monotonic_ns)
"""Nanoseconds of the monotonic clock (the clock of :func:`time.monotonic_ns`)."""


@njit(cache=True)
def nth_set_bit(mask: int, n: int) -> int:
    """Index of the ``n``-th set bit of ``mask`` (0: the lowest; 64 when it has ``n`` or
    fewer): an empty cell by its rank, for a uniformly random one."""
    for _ in range(n):
        mask = wrap64(mask & (mask - 1))
    return trailing_zeros(mask)
