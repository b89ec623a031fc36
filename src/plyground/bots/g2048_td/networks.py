"""Where a 2048 bot's ``network`` setting finds its network: a file, or the name of one
shipped in the package (``plyground/bots/g2048_td/data/NAME.npz``), loaded once a process,
its decoded values from the disk cache (:mod:`~plyground.algorithms.learning.network_cache`)
after the first process has decoded them.
"""

from __future__ import annotations

import threading
from pathlib import Path

from plyground.algorithms.learning.network_cache import cached_values
from plyground.algorithms.learning.network_file import read_header
from plyground.bots.g2048_td.learner import load_network, network_of
from plyground.core.errors import SettingsError
from plyground.games.g2048.network_value import PackedNetwork

__all__ = ["SHIPPED", "packed_network", "shipped_names"]

SHIPPED = Path(__file__).with_name("data")
"""The networks shipped in the package."""
_LOADED: dict[tuple[str, int, int], PackedNetwork] = {}
_LOCK = threading.Lock()


def shipped_names() -> tuple[str, ...]:
    """The names of the shipped networks."""
    return tuple(sorted(path.stem for path in SHIPPED.glob("*.npz")))


def _resolve(spec: str) -> Path:
    path = Path(spec).expanduser()
    if path.is_file():
        return path.resolve()
    shipped = SHIPPED / f"{spec}.npz"
    if shipped.is_file():
        return shipped
    names = ", ".join(shipped_names()) or "none"
    raise SettingsError(
        f"network {spec!r} is neither a network file nor a shipped network (shipped: {names})",
        setting="network",
    )


def packed_network(spec: str, downgrade: int = 0) -> PackedNetwork:
    """The network of ``spec`` (a file or a shipped name) ready for the compiled search,
    tile-downgrading from ``downgrade`` (0: never); a process loads each file once."""
    path = _resolve(spec)
    with _LOCK:
        key = (str(path), path.stat().st_mtime_ns, downgrade)
        if key not in _LOADED:
            header = read_header(path)
            network = network_of(header, str(path))
            values = cached_values(header, network.size, lambda: load_network(path)[2])
            _LOADED[key] = PackedNetwork(network, values, downgrade)
        return _LOADED[key]
