"""Which techniques the compiled playing search uses: :class:`SearchFeatures` and its flag bits.

Each technique is one bit of the kernel's flag word, so a paired match can
switch it on or off (``alphabeta(features=-lmr+futility)``); the text form
is parsed here and nowhere else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from plyground.core.errors import SettingsError

__all__ = [
    "F_ASPIRATION",
    "F_ENDGAME",
    "F_FUTILITY",
    "F_HISTORY",
    "F_KILLERS",
    "F_LATE_MOVE_PRUNING",
    "F_LMR",
    "F_PVS",
    "F_QUIESCENCE",
    "SearchFeatures",
]

F_PVS = 1
F_ASPIRATION = 2
F_KILLERS = 4
F_HISTORY = 8
F_LMR = 16
F_FUTILITY = 32
F_LATE_MOVE_PRUNING = 64
F_QUIESCENCE = 128
F_ENDGAME = 256
"""Read by the driver, not the kernel: solve exactly once the solve fits the move's time."""

_FEATURE_FLAGS = {
    "pvs": F_PVS,
    "aspiration": F_ASPIRATION,
    "killers": F_KILLERS,
    "history": F_HISTORY,
    "lmr": F_LMR,
    "futility": F_FUTILITY,
    "late_moves": F_LATE_MOVE_PRUNING,
    "quiescence": F_QUIESCENCE,
    "endgame": F_ENDGAME,
}
_FEATURE_TEXT = re.compile(r"([+-])([a-z_]+)")


@dataclass(frozen=True)
class SearchFeatures:
    """Which search techniques the engine uses (each measured in a paired match).

    Exact techniques (``pvs``, ``aspiration``, ``killers``, ``history``) change
    only the speed. Forward pruning (``lmr``: late move reductions of quiet
    moves; ``futility``: skip quiet moves 1-2 plies above the horizon when the
    evaluation is far below alpha; ``late_moves``: search only the first
    quiet moves 1-2 plies above the horizon; ``quiescence``: search captures
    of 2 or more marks beyond the horizon) change the values, never in an
    exact solve. ``endgame``: with a time limit, switch to the exact solver
    (:mod:`~plyground.games.adjacency.endgame`) once it predicts the solve
    fits the move's time, so the last plies are played by proof.
    ``tt_min_depth``: the table is used at nodes with at least this many
    plies to go.
    """

    pvs: bool = True
    aspiration: bool = True
    killers: bool = True
    history: bool = True
    lmr: bool = True
    futility: bool = False
    late_moves: bool = False
    quiescence: bool = True
    endgame: bool = True
    tt_min_depth: int = 3

    @classmethod
    def exact(cls) -> SearchFeatures:
        """No forward pruning: every depth's value is the plain minimax value."""
        return cls(lmr=False, futility=False, late_moves=False, quiescence=False)

    def flags(self) -> int:
        """The kernel's flag word."""
        return sum(bit for name, bit in _FEATURE_FLAGS.items() if getattr(self, name))

    def with_text(self, text: str | None) -> SearchFeatures:
        """These features changed by a text such as ``"-lmr+futility"`` (``None``: unchanged).

        >>> SearchFeatures().with_text("-lmr+futility").lmr
        False
        """
        if not text:
            return self
        stripped = text.replace(" ", "")
        changes: dict[str, bool] = {}
        position = 0
        for match in _FEATURE_TEXT.finditer(stripped):
            if match.start() != position or match.group(2) not in _FEATURE_FLAGS:
                break
            changes[match.group(2)] = match.group(1) == "+"
            position = match.end()
        if position != len(stripped) or not changes:
            known = ", ".join(_FEATURE_FLAGS)
            raise SettingsError(
                f"bad search features {text!r}: write +name or -name, joined "
                f"(e.g. '-lmr+futility'); names: {known}"
            )
        return replace(self, **changes)

    def describe(self) -> str:
        """The switched-on techniques, e.g. ``pvs+aspiration+lmr``."""
        return "+".join(
            f.name for f in fields(self) if f.name in _FEATURE_FLAGS and getattr(self, f.name)
        )
