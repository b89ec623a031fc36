"""Which evaluation a search bot uses for which game, and evaluation weights as text.

Games own their heuristic knowledge (``plyground.games.<game>.evaluation``)
and name its maker in their profile (``evaluator``,
:class:`~plyground.core.profile.GameProfile`), imported on first use. A game
without one is searched with the rules-only :class:`Evaluator`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from plyground.core.errors import SettingsError
from plyground.core.evaluation import Evaluator, TunableWeight
from plyground.core.game import Game
from plyground.core.registry import load_target

__all__ = ["evaluator_for", "inline_weights", "load_weights", "tunable_weights"]

W = TypeVar("W", bound=Mapping[str, float])

_INLINE_ITEM = r"\s*[A-Za-z_][A-Za-z0-9_.]*\s*:\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*"
_INLINE = re.compile(rf"{_INLINE_ITEM}(?:;{_INLINE_ITEM})*;?\s*")


def inline_weights(weights: Mapping[str, float]) -> str:
    """Weights as the inline text :func:`load_weights` reads: ``gain:2.5;threat:1``.

    Inline weights travel inside a bot spec (``alphabeta:weights=gain:2.5;threat:1``),
    so a tuner's candidates need no files on the machines that play them.

    >>> inline_weights({"gain": 2.5, "threat": 1.0})
    'gain:2.5;threat:1.0'
    """
    _finite(weights, "")
    return ";".join(f"{name}:{float(value)!r}" for name, value in weights.items())


def _is_file(path: str) -> bool:
    """True if ``path`` names a file (False for names the system cannot even look up)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def load_weights(path: str | None) -> dict[str, float] | None:
    """Read weights: a file holding a JSON object of name -> number (or one with a
    ``"weights"`` object inside), or inline ``name:value;name:value`` text
    (:func:`inline_weights`); None passes through.

    >>> load_weights("gain:2.5;threat:1")
    {'gain': 2.5, 'threat': 1.0}
    """
    if not path:
        return None
    if _INLINE.fullmatch(path) and not _is_file(path):
        items = (item.split(":") for item in path.split(";") if item.strip())
        return _finite({name.strip(): float(value) for name, value in items}, "")
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise SettingsError(f"cannot read weights file {path!r}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SettingsError(f"weights file {path!r} is not JSON: {error}") from None
    except UnicodeDecodeError as error:
        raise SettingsError(
            f"weights file {path!r} is not JSON: byte {error.start} is not UTF-8 text"
        ) from None
    if isinstance(data, dict) and isinstance(data.get("weights"), dict):
        data = data["weights"]
    if not isinstance(data, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in data.values()
    ):
        raise SettingsError(f"weights file {path!r} must hold an object of name -> number")
    # JSON as Python reads it has NaN and Infinity (and 1e999 is infinite)
    return _finite({str(k): float(v) for k, v in data.items()}, f"weights file {path!r}: ")


def _finite(weights: W, source: str) -> W:
    """``weights``, unless one is not a finite number (SettingsError, after ``source``)."""
    for name, value in weights.items():
        if not math.isfinite(value):
            raise SettingsError(f"{source}weight {name!r} must be a finite number, got {value!r}")
    return weights


EvaluatorFactory = Callable[[dict[str, float] | None, Game], Evaluator]
"""Makes a game's evaluator from a dict of weights (None: the defaults) and the game."""


def tunable_weights(game: Game) -> tuple[TunableWeight, ...]:
    """The weights the evaluation of ``game`` declares for tuning (maybe none)."""
    return evaluator_for(game).tunable_weights()


def evaluator_for(
    game: Game, weights: dict[str, float] | None = None, *, search: bool = False
) -> Evaluator:
    """The evaluation ``game``'s profile names (rules only when it names none); with
    ``search``, the one it names for the tree searches where it names one
    (``search_evaluator``).

    Without ``weights`` it has the game's measured defaults, which may depend
    on the game's settings (the adjacency game's length).
    """
    target = (search and game.PROFILE.search_evaluator) or game.PROFILE.evaluator
    if target is None:
        if weights:
            raise SettingsError(f"game {game.name!r} has no weighted evaluation")
        return Evaluator()
    factory: EvaluatorFactory = load_target(target)
    return factory(weights, game)
