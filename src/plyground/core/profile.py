"""A game's profile: what the layers above the games look up for one game, declared once.

A game package declares a :class:`GameProfile` beside its game (the game
class's ``PROFILE``): its evaluation, opening book, compiled search and
playouts, the warm-ups of its kernels, its strongest bot, its MCTS
defaults, its hint, its analyser, its web view and its OpenSpiel
parameters. Every entry is a lazy
``"module:attr"`` target (:func:`~plyground.core.registry.load_target`),
imported only by the layer that asks for it, so declaring a profile imports
nothing but core and loading a game never loads its kernels. A target is an
arrow drawn by string from the module that reads its entry
(:data:`TARGET_READERS`) and obeys the layer rule as that module's imports do
(``tests/core/test_layers.py`` holds it so). A game without
a profile (:data:`NO_PROFILE`, the default of every game) is searched with
the rules-only evaluation, played by ``alphabeta`` at its strongest, and
drawn by the page's generic view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["NO_PROFILE", "TARGET_READERS", "Compiled", "GameProfile"]


@dataclass(frozen=True)
class Compiled:
    """A compiled engine of a game: the target that ``make`` s it, and the target of
    its kernels' :func:`~plyground.core.warming.warming` warm-up (what a bot loads,
    in the background if need be, before the engine may answer a move)."""

    make: str
    warm_up: str


@dataclass(frozen=True)
class GameProfile:
    """What the layers above look up for one game; every target is ``"module:attr"``.

    * ``evaluator``: ``make(weights, game) -> Evaluator`` (weights a dict or None
      for the defaults), the evaluation every search bot uses
      (:func:`plyground.bots.evaluators.evaluator_for`); none: the rules only;
    * ``search_evaluator``: the same kind of maker for the tree searches
      (``alphabeta``, ``mcts``), where their default evaluation differs from the
      others' (the adjacency game's learned one, measured stronger for them
      and weaker for the planners); none: ``evaluator``;
    * ``book``: ``lookup(state) -> (moves, value, depth) | None``, the opening
      book the ``alphabeta`` bot plays from (:mod:`plyground.bots.books`);
    * ``search``: the compiled alpha-beta, ``make(evaluator, table, features)``
      (:mod:`plyground.bots.alphabeta`);
    * ``playouts``: the compiled MCTS playouts, ``make(guided, epsilon, seed)``
      (:mod:`plyground.bots.mcts`);
    * ``warm_ups``: label -> warm-up of each kernel module, run by
      ``plyground warmup`` and each web worker (:mod:`plyground.games.warmups`);
    * ``strongest_bot``: the bot front ends offer first (a bot spec);
    * ``mcts``: the ``mcts`` bot's defaults for the settings left unset;
    * ``hint``: a hint source class (:mod:`plyground.bots.hints`), made with the
      seconds a hint may take by the hinter (:mod:`plyground.arena.analysis.hints`);
      none: the game has no hints;
    * ``analyser``: the class that values its positions' moves and marks a game's
      blunders, keeping the contract
      :class:`~plyground.arena.analysis.analysers.GameAnalyser` (the adjacency game's
      :mod:`plyground.arena.adjacency_analysis.game_analyser`), for the page's analysis
      board (:mod:`plyground.arena.analysis.analysers`); none: the analysis refuses it;
    * ``view``: the web page's view class (:mod:`plyground.web.views`); none:
      the page's generic view;
    * ``openspiel``: true registers the game with OpenSpiel as ``plyground_<name>``
      (:mod:`plyground.rl.openspiel`), every setting of the game a parameter with
      the game's own default; false: the game is not registered.
    """

    evaluator: str | None = None
    search_evaluator: str | None = None
    book: str | None = None
    search: Compiled | None = None
    playouts: Compiled | None = None
    warm_ups: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    strongest_bot: str = "alphabeta"
    mcts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    hint: str | None = None
    analyser: str | None = None
    view: str | None = None
    openspiel: bool = False

    def __post_init__(self) -> None:
        # read-only copies: a profile is shared by every game of its class
        object.__setattr__(self, "warm_ups", MappingProxyType(dict(self.warm_ups)))
        object.__setattr__(self, "mcts", MappingProxyType(dict(self.mcts)))


NO_PROFILE = GameProfile()
"""The profile of a game that declares none."""

TARGET_READERS: Mapping[str, str] = MappingProxyType(
    {
        "evaluator": "plyground.bots.evaluators",
        "book": "plyground.bots.books",
        "search": "plyground.bots.alphabeta",
        "playouts": "plyground.bots.mcts",
        "warm_ups": "plyground.games.warmups",
        "hint": "plyground.arena.analysis.hints",
        "analyser": "plyground.arena.analysis.analysers",
        "view": "plyground.web.views",
    }
)
"""Each target entry of a profile -> the module that reads it (and loads its targets)."""
