"""The exact solver's table size by default, apart from the compiled solver.

Kept in a module of its own so that the command line can offer it as
``--table``'s default without importing numba on every start.
"""

from __future__ import annotations

__all__ = ["DEFAULT_TABLE"]

DEFAULT_TABLE = 1 << 22
"""Exact-table entries of a solver (8 bytes each: 32 MiB)."""
