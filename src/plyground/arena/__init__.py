"""Layer 5: the arena. Players, the referee, matches, tournaments, records.

The arena is a house of rooms (docs/architecture.md), each a sub-package:
``records`` < ``stats``, ``storage`` < ``players`` < ``play`` < ``runs`` <
``tournaments`` < ``tuning``, the leaves ``adjacency_analysis``,
``adjacency_solving`` and ``reports``, and ``analysis`` over the leaves. This
face hands on the names a script needs most
(``from plyground.arena import RunOptions, make_player, play_match``), each
imported when first asked for (``lazy_loader`` reads where from ``__init__.pyi``,
which type checkers read too), so a room never loads the whole arena.
"""

from __future__ import annotations

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
