"""The learned evaluation's weights files: JSON whose header names its shape.

::

    {"format": "plyground adjacency patterns", "version": 1, "size": 8,
     "features": {"globals": [1, 5], "edge4": [4, 81], ...},
     "stages": [{"plies": [2, 2], "globals": [[...]], "edge4": [[...], ...], ...}, ...]}

:func:`read_weights` refuses a file that does not hold what its header says
with a sentence naming the problem (:class:`~plyground.core.errors.SettingsError`);
:func:`write_weights` never leaves half a file. The weights that ship are
``pattern_weights.json`` beside this module (:func:`shipped_weights`).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.core.errors import SettingsError
from plyground.games.adjacency.patterns import FEATURES, SIZE, PatternWeights

__all__ = [
    "FORMAT",
    "SHIPPED",
    "VERSION",
    "read_weights",
    "shipped_path",
    "shipped_weights",
    "weights_from_json",
    "weights_json",
    "write_weights",
]

FORMAT = "plyground adjacency patterns"
VERSION = 1

SHIPPED = Path(__file__).with_name("pattern_weights.json")
"""The fitted weights that ship in the package (docs/learning.md), for every game length
without weights of its own."""


def shipped_path(rounds: int) -> Path:
    """The shipped weights for 8x8 games of ``rounds`` rounds: their own file
    (``pattern_weights_r28.json``) where one ships, else :data:`SHIPPED`."""
    own = SHIPPED.with_name(f"pattern_weights_r{rounds}.json")
    return own if own.exists() else SHIPPED


def weights_json(weights: PatternWeights) -> dict[str, Any]:
    """The weights file's object (numbers rounded to 6 decimals)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "size": SIZE,
        "features": {name: list(shape) for name, shape in FEATURES.items()},
        "stages": [
            {"plies": list(plies)} | {name: np.round(stage[name], 6).tolist() for name in FEATURES}
            for plies, stage in zip(weights.plies, weights.stages, strict=True)
        ],
    }


def write_weights(weights: PatternWeights, path: str | os.PathLike[str]) -> None:
    """Write the weights file (to a temporary name first: never half a file)."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    temporary.write_text(json.dumps(weights_json(weights), separators=(",", ":")) + "\n")
    temporary.replace(target)


def read_weights(path: str | os.PathLike[str]) -> PatternWeights:
    """Read a weights file; SettingsError with a sentence saying what is wrong."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise SettingsError(f"cannot read the pattern weights {name!r}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SettingsError(f"the pattern weights {name!r} are not JSON: {error}") from None
    return weights_from_json(data, name)


def weights_from_json(data: Any, name: str = "the weights") -> PatternWeights:
    """Pattern weights from a weights file's object, checked against its header."""

    def refuse(problem: str) -> SettingsError:
        return SettingsError(
            f"{name!r} is not a pattern weights file for this plyground: {problem}"
        )

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refuse(f"its 'format' is not {FORMAT!r}")
    if data.get("version") != VERSION:
        raise refuse(f"its version is {data.get('version')!r}, this plyground reads {VERSION}")
    if data.get("size") != SIZE:
        raise refuse(f"it is for a board of side {data.get('size')!r}; patterns are for 8x8")
    expected = {group: list(shape) for group, shape in FEATURES.items()}
    if data.get("features") != expected:
        raise refuse(f"its header names the shape {data.get('features')!r}, expected {expected}")
    stages = data.get("stages")
    if not isinstance(stages, list) or not stages:
        raise refuse("it has no stages")
    plies: list[tuple[int, int]] = []
    arrays: list[dict[str, npt.NDArray[np.float64]]] = []
    for number, stage in enumerate(stages):
        if not isinstance(stage, dict):
            raise refuse(f"stage {number} is not an object")
        span = stage.get("plies")
        if (
            not isinstance(span, list)
            or len(span) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in span)
            or not 1 <= span[0] <= span[1] <= 64
        ):
            raise refuse(f"stage {number} has plies {span!r}, not [least, most] within 1..64")
        if plies and span[0] <= plies[-1][1]:
            raise refuse(f"stage {number}'s plies {span} overlap or precede the stage before")
        plies.append((span[0], span[1]))
        arrays.append({group: _table(stage, number, group, refuse) for group in FEATURES})
    return PatternWeights(tuple(plies), tuple(arrays))


def _table(
    stage: dict[str, Any], number: int, group: str, refuse: Callable[[str], SettingsError]
) -> npt.NDArray[np.float64]:
    """Stage ``number``'s parameter ``group``, checked against its shape."""
    shape = FEATURES[group]
    try:
        values = np.array(stage.get(group), dtype=np.float64)
    except (TypeError, ValueError):
        raise refuse(f"stage {number}'s {group!r} is not a table of numbers") from None
    if values.shape != shape:
        raise refuse(f"stage {number}'s {group!r} has shape {values.shape}, not {shape}")
    if not np.isfinite(values).all():
        raise refuse(f"stage {number}'s {group!r} holds a number that is not finite")
    return values


@functools.cache
def shipped_weights(rounds: int | None = None) -> PatternWeights:
    """The weights that ship in the package (for games of ``rounds`` rounds when given:
    :func:`shipped_path`)."""
    return read_weights(SHIPPED if rounds is None else shipped_path(rounds))
