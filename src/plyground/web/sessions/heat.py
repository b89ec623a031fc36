"""Heat maps for the board: a number per cell and a level from 0 to 1, with a legend.

Two sources share one shape, so the page draws both the same way
(``static/js/view/heatmap.js``):

* ``values``: each move's value from the analysis (the final margin X - O),
  its level 1 for the best move down to 0 for the move that loses most;
* ``visits``: an MCTS bot's visit share per root move while it thinks
  (``SearchInfo.extra["visits"]``), its level the visits over the most
  visited move's.

A move is drawn on the cell where it lands: the last click of its path that
places or moves a piece (the legal moves' click paths come from the view,
so this holds for every board game; moves made by buttons have no cell).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from plyground.algorithms.search.mcts import visit_counts
from plyground.core.limits import SearchInfo

__all__ = ["move_cells", "value_heat", "visit_heat"]

_LANDING = ("place", "to")


def move_cells(legal: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Each legal move's text -> the cell where it lands (moves without a cell left out)."""
    cells = {}
    for move in legal:
        clicks = move["clicks"]
        landing = [c["cell"] for c in clicks if c["role"] in _LANDING]
        if landing or clicks:
            cells[move["move"]] = landing[-1] if landing else clicks[-1]["cell"]
    return cells


def _margin(value: float) -> str:
    if value == 0:
        return "0"
    text = f"{value:+g}" if float(value).is_integer() else f"{value:+.1f}"
    return text.replace("-", "\u2212")


def value_heat(values: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The heat map of a position's move values (``PositionValues.to_dict()``): a move is
    marked best when the analysis names it best (``best``; where the opening book gives
    some values, an estimate that ties them is not marked)."""
    sign = 1 if values["to_move"] == 0 else -1
    where = move_cells(legal)
    moves = {m: float(v) for m, v in values["values"].items() if m in where}
    named_best = set(values["best"])
    best = max((sign * v for v in moves.values()), default=0.0)
    losses = {m: best - sign * v for m, v in moves.items()}
    worst = max(losses.values(), default=0.0)
    cells = {
        where[m]: {
            "level": 1.0 if worst <= 0 else round(1 - losses[m] / worst, 3),
            "text": _margin(v),
            "best": m in named_best,
            "note": f"value {_margin(v)} (X \u2212 O), "
            + ("best" if m in named_best else f"loses {losses[m]:g} marks"),
        }
        for m, v in moves.items()
    }
    if values["source"] == "exact":
        title = "Exact value of each move: the final margin X \u2212 O with best play"
    elif values["source"] == "book":
        title = "Exact value of each move, from the opening book: the final margin X \u2212 O"
    elif values.get("booked"):
        title = (
            f"Best moves exact, from the opening book; the others' losses from them by the "
            f"engine (depth {values['depth']}): the final margin X \u2212 O"
        )
    else:
        depth = values["depth"]
        title = f"Engine value of each move (depth {depth}): the estimated final margin X \u2212 O"
    return {
        "kind": "values",
        "source": values["source"],
        "cells": cells,
        "legend": {
            "title": title,
            "high": "best move",
            "low": f"loses {worst:g} marks" if worst else "best move",
        },
    }


def visit_heat(info: SearchInfo, legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The heat map of an MCTS report's visits per root move, or None without visits."""
    counts = visit_counts(info)
    if not counts:
        return None
    where = move_cells(legal)
    by_cell: dict[str, int] = {}
    for move, count in counts.items():
        if move in where:
            by_cell[where[move]] = by_cell.get(where[move], 0) + count
    if not by_cell:
        return None
    total = sum(counts.values())
    most = max(by_cell.values())
    playouts = int(info.extra.get("playouts", total) or total)
    cells = {
        cell: {
            "level": round(count / most, 3),
            "text": f"{round(100 * count / total)}%",
            "best": count == most,
            "note": f"{count:,} of {total:,} visits",
        }
        for cell, count in by_cell.items()
    }
    return {
        "kind": "visits",
        "source": "mcts",
        "cells": cells,
        "playouts": playouts,
        "legend": {
            "title": f"Share of the MCTS visits per move ({playouts:,} playouts)",
            "high": "most visited",
            "low": "few visits",
        },
    }
