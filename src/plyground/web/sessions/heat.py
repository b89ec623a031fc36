"""Heat maps for the board: a number per cell and a level from 0 to 1, with a legend.

Two sources share one shape, so the page draws both the same way
(``static/js/view/heatmap.js``):

* ``values``: each move's value from the analysis (in the analyser's own ``scale``: the
  adjacency game's final margin X - O in marks, 2048's expected points), its level 1
  for the best move down to 0 for the move that loses most;
* ``visits``: an MCTS bot's visit share per root move while it thinks
  (``SearchInfo.extra["visits"]``), its level the visits over the most
  visited move's.

A move is drawn on the cell where it lands: the last click of its path that
places or moves a piece (the legal moves' click paths come from the view,
so this holds for every board game). A move made by a button has no cell: a value map
gives it under ``moves``, by its text, for the page to draw on its button.
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


def _amount(value: float, places: int) -> str:
    """``value`` with thousands grouped and at most ``places`` decimals: ``1,234``, ``2.5``."""
    text = f"{value:,.{places}f}"
    return (text.rstrip("0").rstrip(".") if "." in text else text).replace("-", "\u2212")


def _title(values: Mapping[str, Any], measure: str) -> str:
    """The legend's title: how the values were found, and what a value is."""
    if "valued_by" in values:
        return f"Value of each move, by {values['valued_by']}: {measure}"
    if values["source"] == "exact":
        return f"Exact value of each move: {measure} with best play"
    if values["source"] == "book":
        return f"Exact value of each move, from the opening book: {measure}"
    if values.get("booked"):
        return (
            f"Best moves exact, from the opening book; the others' losses from them by the "
            f"engine (depth {values['depth']}): {measure}"
        )
    return f"Engine value of each move (depth {values['depth']}): an estimate of {measure}"


def value_heat(values: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The heat map of a position's move values (an analyser's ``position_json``): a move is
    marked best when the analysis names it best (``best``; where the opening book gives
    some values, an estimate that ties them is not marked). The words come from the
    values' ``scale`` (:class:`~plyground.arena.analysis.analysers.GameAnalyser`): its
    unit, its label, whether a value is the first player's (the second wants it low).
    Moves on a cell are ``cells``; the others (buttons: 2048's directions) ``moves``."""
    scale = values["scale"]
    unit, places = scale["unit"], scale["places"]
    sign = -1 if scale["from_first"] and values["to_move"] == 1 else 1
    where = move_cells(legal)
    moves = {m: float(v) for m, v in values["values"].items()}
    named_best = set(values["best"])
    best = max((sign * v for v in moves.values()), default=0.0)
    losses = {m: best - sign * v for m, v in moves.items()}
    worst = max(losses.values(), default=0.0)

    def text(value: float) -> str:
        return _margin(value) if scale["signed"] else _amount(value, places)

    shown = {
        m: {
            "level": 1.0 if worst <= 0 else round(1 - losses[m] / worst, 3),
            "text": text(v),
            "best": m in named_best,
            "note": f"value {text(v)} ({scale['label']}), "
            + ("best" if m in named_best else f"loses {_amount(losses[m], places)} {unit}"),
        }
        for m, v in moves.items()
    }
    return {
        "kind": "values",
        "source": values["source"],
        "cells": {where[m]: cell for m, cell in shown.items() if m in where},
        "moves": {m: button for m, button in shown.items() if m not in where},
        "legend": {
            "title": _title(values, scale["measure"]),
            "high": "best move",
            "low": f"loses {_amount(worst, places)} {unit}" if worst else "best move",
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
