"""Layer above the bots: plyground's games in the libraries of reinforcement learning.

``aec_env(spec)`` is a two-player game as a PettingZoo ``AECEnv``,
``gym_env(spec)`` a game from one seat as a Gymnasium ``Env``, a two-player
game against an opponent (also registered as ``plyground/<game>-v0``), and ``import
plyground.rl.openspiel`` registers the games with OpenSpiel (docs/rl.md). The
libraries come with ``pip install 'plyground[rl]'``; without them these
functions say so. Every environment is a thin adapter over ``State``: the rules
are the games' own.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from plyground.rl.extra import require

if TYPE_CHECKING:
    from plyground.core.game import Game

__all__ = ["aec_env", "evaluate", "gym_env"]


def aec_env(spec: str | Game, render_mode: str | None = None, **options: Any) -> Any:
    """A two-player game as a wrapped PettingZoo ``AECEnv`` (:func:`plyground.rl.aec.aec_env`)."""
    require("pettingzoo", "PettingZoo")
    from plyground.rl.aec import aec_env as make

    return make(spec, render_mode=render_mode, **options)


def gym_env(spec: str | Game, render_mode: str | None = None, **options: Any) -> Any:
    """A game from one seat as a Gymnasium ``Env``, a two-player game against an
    ``opponent`` (:func:`plyground.rl.solo_env.gym_env`)."""
    require("gymnasium", "Gymnasium")
    from plyground.rl.solo_env import gym_env as make

    return make(spec, render_mode=render_mode, **options)


def evaluate(policy: Any, game: str | Game, opponents: Any = None, **options: Any) -> Any:
    """``policy`` against the project's bots, paired, with Elo intervals
    (:func:`plyground.rl.evaluation.evaluate`)."""
    from plyground.rl.evaluation import evaluate as measure

    if opponents is None:
        return measure(policy, game, **options)
    return measure(policy, game, opponents, **options)


if importlib.util.find_spec("gymnasium") is not None:
    from plyground.rl.solo_env import register_envs

    register_envs()
