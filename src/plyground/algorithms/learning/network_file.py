"""A network file: an n-tuple network's weights with a header that says what they are, and
(for a training run) the learner's state, in one ``.npz`` written whole.

The file is a numpy ``.npz`` archive: ``header`` holds JSON (the format, the
game, the network's shape, how the values are stored, and whatever else the writer keeps,
a learner's settings and progress), ``values`` the weights, and any other arrays the
writer adds (temporal coherence's tables, random generator states). The header keeps a
CRC-32 of every array's bytes, checked on reading, so a damaged file is refused rather
than half-read (numpy reads a zip member without reaching the zip's own check). Values are stored as
float32, or quantised to float16 or int16 (times ``scale``: at least the largest magnitude
over 32767, or a coarser ``step``) for shipping small files; :func:`read_network` returns
float32 either way. Members are stored as they are (a training run's checkpoints, written
often), or compressed by deflate or LZMA (an export, written once: LZMA's members are about a
fifth smaller and take minutes to write; zipfile reads either).
"""

from __future__ import annotations

import contextlib
import json
import lzma
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.core.errors import PlygroundError
from plyground.core.files import whole_file

__all__ = [
    "COMPRESSION",
    "FORMAT",
    "STORAGE",
    "NetworkFileError",
    "quantise",
    "read_header",
    "read_network",
    "write_network",
]

FORMAT = "plyground n-tuple network"
VERSION = 1
STORAGE = ("float32", "float16", "int16")
COMPRESSION = {
    "stored": zipfile.ZIP_STORED,
    "deflate": zipfile.ZIP_DEFLATED,
    "lzma": zipfile.ZIP_LZMA,
}


class NetworkFileError(PlygroundError, ValueError):
    """A network file that cannot be read, or does not hold the network asked for."""


def quantise(
    values: npt.NDArray[np.float32], storage: str, step: float = 0.0
) -> tuple[npt.NDArray[Any], float]:
    """``(stored, scale)``: the values in ``storage`` (one of :data:`STORAGE`); int16 is
    ``round(value / scale)``, ``scale`` the larger of ``step`` and the largest magnitude over
    32767 (a coarser step leaves fewer distinct values, which compress smaller)."""
    if step and storage != "int16":
        raise ValueError(f"a quantisation step is for int16 storage, not {storage}")
    if storage == "float32":
        return values, 1.0
    if storage == "float16":
        return values.astype(np.float16), 1.0
    if storage == "int16":
        largest = float(np.max(np.abs(values))) if values.size else 0.0
        scale = max(step, largest / 32767.0) if largest > 0.0 else max(step, 1.0)
        return np.round(values / scale).astype(np.int16), scale
    raise ValueError(f"unknown storage {storage!r}; one of {', '.join(STORAGE)}")


def _checksum(array: npt.NDArray[Any]) -> int:
    """CRC-32 of an array's bytes (C order)."""
    return zlib.crc32(np.ascontiguousarray(array).data)


def write_network(
    path: str | Path,
    header: dict[str, Any],
    values: npt.NDArray[np.float32],
    arrays: dict[str, npt.NDArray[Any]] | None = None,
    *,
    storage: str = "float32",
    step: float = 0.0,
    compression: str = "stored",
) -> None:
    """Write the network file at ``path`` whole (a crash leaves the old file, if any), its
    members compressed as ``compression`` (a key of :data:`COMPRESSION`) says."""
    if compression not in COMPRESSION:
        raise ValueError(f"unknown compression {compression!r}; one of {', '.join(COMPRESSION)}")
    stored, scale = quantise(values, storage, step)
    data = {"values": stored, **(arrays or {})}
    full = {
        **header,
        "format": FORMAT,
        "version": VERSION,
        "storage": storage,
        "scale": scale,
        "checksums": {name: _checksum(array) for name, array in data.items()},
    }
    text = np.frombuffer(json.dumps(full, sort_keys=True).encode("utf-8"), dtype=np.uint8)
    members = {"header": text, **data}
    with (
        whole_file(path) as temporary,
        zipfile.ZipFile(temporary, "w", compression=COMPRESSION[compression]) as archive,
    ):
        for name, array in members.items():  # as numpy.savez lays them out
            with archive.open(f"{name}.npy", "w", force_zip64=True) as member:
                np.lib.format.write_array(member, np.asanyarray(array), allow_pickle=False)


@contextlib.contextmanager
def _reading(where: str) -> Iterator[None]:
    """Turn what a file that is not a network file, or a damaged one, raises while it is
    read into a :class:`NetworkFileError` that says so."""
    try:
        yield
    except NetworkFileError:
        raise
    except FileNotFoundError:
        raise NetworkFileError(f"{where}: no such network file") from None
    except (
        zipfile.BadZipFile,
        lzma.LZMAError,
        zlib.error,
        ValueError,
        KeyError,
        EOFError,
        OSError,
        UnicodeError,
    ) as error:
        raise NetworkFileError(
            f"{where} is not a plyground network file, or it is damaged ({error})"
        ) from None


def _header(archive: Any, where: str) -> dict[str, Any]:
    """The archive's header, checked to be a network file's of this version."""
    header = json.loads(bytes(archive["header"]).decode("utf-8"))
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise NetworkFileError(f"{where} is not a plyground network file")
    if header.get("version") != VERSION:
        raise NetworkFileError(
            f"{where} is a network file of version {header.get('version')!r}; "
            f"this plyground reads version {VERSION}"
        )
    return header


def read_header(path: str | Path) -> dict[str, Any]:
    """A network file's header alone, its values not read (what they are and their
    checksums: the key of :mod:`~plyground.algorithms.learning.network_cache`)."""
    where = str(path)
    with _reading(where), np.load(where, allow_pickle=False) as archive:
        return _header(archive, where)


def read_network(
    path: str | Path, extra: tuple[str, ...] = ()
) -> tuple[dict[str, Any], npt.NDArray[np.float32], dict[str, npt.NDArray[Any]]]:
    """``(header, values as float32, the arrays named in extra that the file has)``;
    a file that is not a network file, or is damaged, raises :class:`NetworkFileError`."""
    where = str(path)
    with _reading(where), np.load(where, allow_pickle=False) as archive:
        header = _header(archive, where)
        stored = archive["values"]
        arrays = {name: archive[name] for name in extra if name in archive.files}
        checksums = header.get("checksums")
        if not isinstance(checksums, dict):
            raise NetworkFileError(f"{where} is damaged: its header has no checksums")
        for name, array in {"values": stored, **arrays}.items():
            if checksums.get(name) != _checksum(array):
                raise NetworkFileError(f"{where} is damaged: its {name} fail their checksum")
    storage = header.get("storage")
    if storage not in STORAGE or str(stored.dtype) != storage or stored.ndim != 1:
        raise NetworkFileError(f"{where} is damaged: its values are not stored as it says")
    if storage == "float32":
        return header, stored, arrays
    scale = np.float32(header.get("scale", 1.0))
    values = np.multiply(stored, scale, dtype=np.float32)  # one pass: no float32 copy first
    return header, values, arrays
