"""A network's decoded values kept on disk, so that a process starts a bot with a shipped
network in a fraction of a second rather than in seconds.

A shipped network is small as a file (int16, LZMA: 15.7 MB for the 4x6 network) and large
in memory (float32: 268 MB). Decoding it is seconds of CPU, paid again by every process
that plays with it (each web worker, each terminal game). So the first process to decode
a network writes its float32 values to the cache, whole (:func:`~plyground.core.files.whole_file`),
and later ones map that file read-only: no decoding, and one copy in memory however many
processes play with it (the operating system's page cache holds it once).

An entry is named by a hash of the network file's header, which holds the stored values'
checksum, how they are stored and their scale: a new or changed network is a new entry,
and a file that only moved is the same one. An entry is trusted once its length is right;
anything else about it (missing, truncated, of another shape) and the network is decoded
again and the entry rewritten.

Where: ``PLYGROUND_CACHE_DIR`` when set (set empty: no cache), else
``$XDG_CACHE_HOME/plyground``, else ``~/.cache/plyground``; entries under ``networks/``.
A cache that cannot be written (read-only, a full disk) is passed over: the values are
decoded as if there were none. Networks under :data:`LEAST` weights decode in
milliseconds and are never cached.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.core.files import whole_file

__all__ = ["LEAST", "cache_dir", "cached_values", "entry_path"]

LEAST = 1 << 20
"""Networks of fewer weights are decoded every time (4 MB of float32: milliseconds)."""


def cache_dir() -> Path | None:
    """Where entries are kept (None: the cache is off)."""
    chosen = os.environ.get("PLYGROUND_CACHE_DIR")
    if chosen is not None:
        return Path(chosen).expanduser() if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "plyground"


def entry_path(header: dict[str, Any]) -> Path | None:
    """The entry of the network whose file has ``header`` (None: the cache is off)."""
    where = cache_dir()
    if where is None:
        return None
    key = hashlib.sha256(json.dumps(header, sort_keys=True).encode("utf-8")).hexdigest()
    return where / "networks" / f"{key[:32]}.npy"


def cached_values(
    header: dict[str, Any], count: int, decode: Callable[[], npt.NDArray[np.float32]]
) -> npt.NDArray[np.float32]:
    """The ``count`` float32 values of the network file with ``header``: its cache entry
    mapped read-only, or ``decode()`` (which reads and checks the file) kept as the entry."""
    entry = entry_path(header) if count >= LEAST else None
    if entry is None:
        return decode()
    with contextlib.suppress(OSError, ValueError, EOFError):  # missing, truncated, not an array
        kept = np.load(entry, mmap_mode="r", allow_pickle=False)
        if kept.dtype == np.float32 and kept.shape == (count,):
            return kept  # type: ignore[no-any-return]
    values = decode()
    with contextlib.suppress(OSError):  # a cache that cannot be written: decoded each time
        entry.parent.mkdir(parents=True, exist_ok=True)
        with whole_file(entry) as temporary, open(temporary, "wb") as out:
            np.lib.format.write_array(out, values, allow_pickle=False)
    return values
