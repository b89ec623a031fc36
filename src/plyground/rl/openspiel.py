"""plyground's games as OpenSpiel Python games: ``import plyground.rl.openspiel`` registers
them, then ``pyspiel.load_game("plyground_adjacency", {"size": 6, "rounds": 4})``.

Registered: every game whose profile says ``openspiel``
(:class:`~plyground.core.profile.GameProfile`), installed packages' games
too: ``plyground_adjacency``, ``plyground_tictactoe``, ``plyground_morris``
and ``plyground_2048`` (with its spawns as chance nodes). Every setting of
the game is a parameter with the game's own default (``size`` 8, ``rounds``
8, ``first`` ``X``; Morris's ``repetition``), and a setting left unset is
the game's, so ``plyground_adjacency(size=4)`` has the rounds
``adjacency(size=4)`` has. Board observations are planes first
(``[planes, rows, columns]``), as OpenSpiel's own board games have them.
The registered classes are bound in this module, so games and states
pickle (a spawn pool can take them). Each is a thin
adapter: an OpenSpiel state holds one plyground
:class:`~plyground.core.game.State` and applies an action by
``State.play``; actions, observation tensors and the game's bounds come from
the game's :class:`~plyground.core.encoding.Encoding`. A two-player game
pays its returns at the end only (OpenSpiel's terminal rewards, which its MCTS
requires); a one-player game (2048) pays the change of its return at each of
the player's turns (the score gained), which adds up to its return. OpenSpiel's
algorithms (MCTS, CFR, AlphaZero, ...) then run on them as on its own games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import Encoding, encoding_of
from plyground.core.errors import PluginError, SettingsError
from plyground.core.game import CHANCE, TERMINAL, Game, State
from plyground.core.settings import Setting, format_spec
from plyground.games import game_class, game_names, game_profile, load_game
from plyground.rl.extra import require

require("pyspiel", "OpenSpiel")
import pyspiel  # noqa: E402
from open_spiel.python.observation import IIGObserverForPublicInfoGame  # noqa: E402

__all__ = [
    "SPIEL_GAMES",
    "SpielGame",
    "SpielState",
    "spiel_game",
    "spiel_layout",
    "spiel_name",
    "spiel_shape",
]


def spiel_name(game_name: str) -> str:
    """The OpenSpiel name plyground's game ``game_name`` is registered under."""
    return f"plyground_{game_name}"


def _spiel_games() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every game whose profile says ``openspiel`` (a package that fails to load gives
    none), with its settings' defaults (those the game resolves, such as the rounds)."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for name in game_names():
        try:
            registered = game_profile(name).openspiel
        except PluginError:
            continue
        if registered:
            settings = game_class(name).SETTINGS
            found[spiel_name(name)] = (name, {s.name: _unset(s) for s in settings})
    return found


def _unset(setting: Setting) -> Any:
    """A setting's default as an OpenSpiel parameter: the game's own, or for a setting the
    game resolves itself (the adjacency game's ``rounds``) the kind's zero, which OpenSpiel
    passes back to mean "the game's own" (OpenSpiel has no parameter without a value)."""
    return setting.kind() if setting.default is None else setting.default


SPIEL_GAMES = _spiel_games()
"""OpenSpiel name -> (plyground game, its parameters with their defaults)."""


def load(name: str) -> SpielGame:
    """``pyspiel.load_game(name)`` with plyground's games registered (what an unpickled game
    is made by, in a process that has not imported this module yet)."""
    game: SpielGame = pyspiel.load_game(name)
    return game


def _replay(game: SpielGame, history: list[int]) -> SpielState:
    """The state ``history`` (actions and chance outcomes) reaches from ``game``'s start."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def spiel_game(rules: Game) -> SpielGame:
    """The OpenSpiel game of plyground's game ``rules`` with its settings."""
    name = spiel_name(rules.name)
    if name not in SPIEL_GAMES:
        raise SettingsError(f"game {rules.spec!r} is not registered with OpenSpiel")
    game: SpielGame = pyspiel.load_game(name, dict(rules.settings))
    return game


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of plyground's games with its parameters, as OpenSpiel sees it."""

    SHORT_NAME = ""
    """The name the game is registered under (set by each registered subclass)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        short_name = self.SHORT_NAME
        name, _ = SPIEL_GAMES[short_name]
        # a resolved setting's zero is unset: the game resolves it as plyground does
        given = {
            key: value for key, value in (params or {}).items() if value != _unset_of(name, key)
        }
        self.rules = load_game(format_spec(name, given))
        settings = dict(self.rules.settings)
        self.encoding: Encoding = encoding_of(self.rules)
        enc = self.encoding
        caps = self.rules.capabilities
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.actions,
            max_chance_outcomes=enc.outcomes,
            num_players=caps.players,
            min_utility=enc.returns[0],
            max_utility=enc.returns[1],
            utility_sum=0.0 if caps.zero_sum else None,
            max_game_length=enc.longest,
        )
        super().__init__(_game_type(short_name), info, settings)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.rules.initial_state())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name with its parameters, loaded again by :func:`load`."""
        return (load, (str(self),))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The game's own observation (the encoding's array); OpenSpiel's generic
        observer where a history is asked for (perfect recall)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return EncodingObserver(self.encoding, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a plyground state (immutable, so cloning shares it)."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self.encoding = game.encoding
        self.state = state
        self._base = state.returns()
        self._terminal_rewards = _terminal_rewards(game.rules)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and the actions played from the start (OpenSpiel's history)."""
        return (_replay, (self.get_game(), self.history()))

    def current_player(self) -> int:
        to_move = self.state.to_move()
        if to_move == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if to_move == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return to_move

    def _legal_actions(self, player: int) -> list[int]:
        return self.encoding.legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((int(outcome), p) for outcome, p in self.state.chance_outcomes())  # type: ignore[call-overload]

    def _apply_action(self, action: int) -> None:
        if self.state.is_chance():
            self.state = self.state.play(action)
        else:
            self._base = self.state.returns()
            self.state = self.state.play(self.encoding.move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        move = action if player == pyspiel.PlayerId.CHANCE else self.encoding.move(action)
        return self.state.move_text(move)

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        if self._terminal_rewards and not self.state.is_terminal():
            return [0.0] * len(self._base)
        return list(self.state.returns())

    def rewards(self) -> list[float]:
        """The returns at the end of a two-player game, else nothing; in a one-player game
        the change of the return since the player's last action (OpenSpiel reads rewards
        at the players' turns, so the chance outcomes since count too)."""
        if self._terminal_rewards:
            return self.returns()
        return [now - then for now, then in zip(self.state.returns(), self._base, strict=True)]

    def __str__(self) -> str:
        return self.state.text()


class EncodingObserver:
    """OpenSpiel's observer interface over an encoding: ``tensor`` and ``dict`` filled by
    ``set_from``, the position text by ``string_from``."""

    def __init__(self, encoding: Encoding, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        self.encoding = encoding
        self.tensor = np.zeros(int(np.prod(encoding.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(spiel_shape(encoding.shape))}

    def set_from(self, state: SpielState, player: int) -> None:
        self.dict["observation"][:] = spiel_layout(self.encoding.observe(state.state, player))

    def string_from(self, state: SpielState, player: int) -> str:
        return state.state.text()


def _unset_of(name: str, key: str) -> Any:
    """The value of OpenSpiel parameter ``key`` of plyground's game ``name`` that means
    "the game's own": the zero of a setting the game resolves, else nothing."""
    setting = next(s for s in game_class(name).SETTINGS if s.name == key)
    return _unset(setting) if setting.default is None else object()


def spiel_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """An encoding's shape as OpenSpiel lays it out: boards of planes (rows, columns,
    planes) planes first, as OpenSpiel's board games are (``othello`` ``[3, 8, 8]``)."""
    return (shape[2], shape[0], shape[1]) if len(shape) == 3 else shape


def spiel_layout(
    observation: npt.NDArray[np.float32],
) -> npt.NDArray[np.float32]:
    """An encoding's observation laid out as :func:`spiel_shape` says."""
    return observation.transpose(2, 0, 1) if observation.ndim == 3 else observation


def _terminal_rewards(rules: Game) -> bool:
    """True for a game that pays its returns at the end only (two or more players)."""
    return rules.capabilities.players > 1


def _game_type(short_name: str) -> Any:
    name, defaults = SPIEL_GAMES[short_name]
    rules = load_game(name)
    caps = rules.capabilities
    kind = pyspiel.GameType
    return kind(
        short_name=short_name,
        long_name=f"plyground {rules.DESCRIPTION}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC
        if caps.chance
        else kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if caps.zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL
        if _terminal_rewards(rules)
        else kind.RewardModel.REWARDS,
        max_num_players=caps.players,
        min_num_players=caps.players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def _register() -> None:
    """Register every game of :data:`SPIEL_GAMES` not yet registered, each as its own
    subclass of :class:`SpielGame`: OpenSpiel's registry keeps what it is given until
    after Python has finalized, and a class (unlike a function) is never freed then,
    which would abort the interpreter at exit."""
    registered = set(pyspiel.registered_names())
    for short_name in SPIEL_GAMES:
        if short_name not in registered:
            game_class = type(
                short_name,
                (SpielGame,),
                {"SHORT_NAME": short_name, "__module__": __name__, "__qualname__": short_name},
            )
            globals()[short_name] = game_class  # bound here, so pickle finds the class
            pyspiel.register_game(_game_type(short_name), game_class)


_register()
