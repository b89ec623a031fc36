"""Which evaluation a search bot uses for which game.

Games own their heuristic knowledge (``plyground.games.<game>.evaluation``);
this table only connects a game name to it, loaded on first use. A game not
listed here is searched with the rules-only :class:`Evaluator`.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from plyground.algorithms.search.evaluator import Evaluator
from plyground.core.errors import SettingsError
from plyground.core.game import Game

__all__ = ["evaluator_for", "load_weights"]

# game name -> "module:factory"; the factory takes a dict of weights (or None).
_EVALUATORS: dict[str, str] = {
    "adjacency": "plyground.bots.evaluators:_adjacency",
    "2048": "plyground.bots.evaluators:_g2048",
    "tictactoe": "plyground.bots.evaluators:_tictactoe",
    "morris": "plyground.bots.evaluators:_morris",
}


def _adjacency(weights: dict[str, float] | None) -> Evaluator:
    from plyground.games.adjacency.evaluation import AdjacencyEvaluator, AdjacencyWeights

    try:
        return AdjacencyEvaluator(AdjacencyWeights(**(weights or {})))
    except TypeError as error:
        raise SettingsError(f"bad adjacency weights {weights!r}: {error}") from None


def _g2048(weights: dict[str, float] | None) -> Evaluator:
    from plyground.games.g2048.evaluation import G2048Evaluator, G2048Weights

    return G2048Evaluator(G2048Weights.from_dict(weights))


def _tictactoe(weights: dict[str, float] | None) -> Evaluator:
    from plyground.games.tictactoe.evaluation import TicTacToeEvaluator

    if weights:
        raise SettingsError(f"game 'tictactoe' has no evaluation weights, got {weights!r}")
    return TicTacToeEvaluator()


def _morris(weights: dict[str, float] | None) -> Evaluator:
    from plyground.games.morris.evaluation import MorrisEvaluator, MorrisWeights

    return MorrisEvaluator(MorrisWeights.from_dict(weights or {}))


def load_weights(path: str | None) -> dict[str, float] | None:
    """Read a weights file (a JSON object of name -> number); None passes through."""
    if not path:
        return None
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise SettingsError(f"cannot read weights file {path!r}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SettingsError(f"weights file {path!r} is not JSON: {error}") from None
    if isinstance(data, dict) and isinstance(data.get("weights"), dict):
        data = data["weights"]
    if not isinstance(data, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in data.values()
    ):
        raise SettingsError(f"weights file {path!r} must hold an object of name -> number")
    return {str(k): float(v) for k, v in data.items()}


def evaluator_for(game: Game, weights: dict[str, float] | None = None) -> Evaluator:
    """The evaluation registered for ``game`` (rules only when none is)."""
    target = _EVALUATORS.get(game.name)
    if target is None:
        if weights:
            raise SettingsError(f"game {game.name!r} has no weighted evaluation")
        return Evaluator()
    module_name, _, factory_name = target.partition(":")
    factory = getattr(importlib.import_module(module_name), factory_name)
    evaluator: Evaluator = factory(weights)
    return evaluator
