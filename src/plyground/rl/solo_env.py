"""A plyground game from one seat, as a Gymnasium ``Env`` (docs/rl.md).

One-player games (2048, N-Queens) are played as they are; in a two-player game
the learner takes one seat (``colour``: a player name, or ``"alternate"`` from
one episode to the next) and an opponent the other (:mod:`plyground.rl.opponents`:
a bot spec, a bot, or a policy such as a snapshot of the learner). A thin
adapter, like :mod:`plyground.rl.aec`: every step is ``State.play`` of the move
the action numbers, then the chance outcomes due (2048's spawns, drawn by the
generator Gymnasium seeds in ``reset``) and the opponent's moves, until the
learner is to move again or the game is over. The reward is the change of the
learner's return (2048's score gained, N-Queens' 1 for the solution, the
adjacency game's running margin), so an episode's rewards add up to the
learner's return.

The legal actions are :meth:`SoloEnv.action_masks` (sb3-contrib's MaskablePPO
convention) and ``info["action_mask"]``. An illegal action (a direction that
moves nothing, an occupied cell) is a no-op earning ``illegal_reward`` (with
``illegal="noop"``, the default) or ends the episode with it
(``illegal="terminate"``); either way ``info["illegal"]`` says why. The
registered ids carry a step limit (Gymnasium's ``max_episode_steps``), so an
episode of a policy repeating an illegal action still ends, truncated.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from plyground.core.chance import settle
from plyground.core.encoding import Encoding, encoding_of
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, State
from plyground.core.settings import format_spec, parse_spec
from plyground.games import load_game
from plyground.rl.opponents import Opponent, OpponentSpec, opponent_of

__all__ = [
    "ENV_IDS",
    "ILLEGAL_CHOICES",
    "SoloEnv",
    "gym_env",
    "register_envs",
    "seats",
    "with_settings",
]

ENV_IDS = {
    "plyground/2048-v0": ("2048", 100_000),
    "plyground/queens-v0": ("queens", 1_000),
    "plyground/adjacency-v0": ("adjacency", 1_000),
    "plyground/tictactoe-v0": ("tictactoe", 100),
    "plyground/morris-v0": ("morris", 1_000),
}
"""Each registered id: the game it makes and its step limit (``max_episode_steps``), far
above the longest game any sensible play reaches; settings are keyword arguments
(``gymnasium.make("plyground/adjacency-v0", size=6, rounds=4, opponent="greedy")``)."""

ILLEGAL_CHOICES = ("noop", "terminate")
"""What an illegal action does: nothing (earning ``illegal_reward``), or end the episode."""

COLOURS = "alternate"
"""The ``colour`` that gives the learner each seat in turn, one episode after another."""

Observation = npt.NDArray[np.float32]


class SoloEnv(gymnasium.Env[Observation, Any]):
    """A game from one seat; ``game`` is its spec (``"2048"``, ``"adjacency(size=6)"``),
    with keyword ``settings`` on top (``size=6, rounds=4``).

    Two-player games take ``opponent`` (default ``"random"``, seeded by ``reset``) and
    ``colour`` (the learner's seat: ``"alternate"`` or a player name such as ``"X"``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = "2048",
        render_mode: str | None = None,
        *,
        opponent: OpponentSpec = "random",
        colour: str = COLOURS,
        illegal: str = "noop",
        illegal_reward: float = 0.0,
        **settings: Any,
    ) -> None:
        rules = with_settings(game, settings)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise SettingsError(f"render mode {render_mode!r} is not one of human, ansi")
        players = seats(rules, colour, illegal)
        self.game = rules
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.encoding: Encoding = encoding_of(rules)
        enc = self.encoding
        self.observation_space = spaces.Box(enc.low, enc.high, shape=enc.shape, dtype=np.float32)
        self.action_space = spaces.Discrete(enc.actions)
        self.colour = colour
        self._players = players
        self._opponent_spec = opponent
        self._opponent: Opponent | None = None
        self._renew = True
        self._episodes = 0
        self.learner = 0
        """The learner's seat (player number) this episode."""
        self.state_now: State = rules.initial_state()
        self._base = 0.0
        self._over = False

    def set_opponent(self, opponent: OpponentSpec) -> None:
        """Play the other seat by ``opponent`` from the next ``reset`` on (self-play: a new
        snapshot of the learner; ``vec_env.env_method("set_opponent", policy)``)."""
        self._opponent_spec = opponent
        self._renew = True  # the episode under way ends with the opponent it began with

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._episodes = 0  # a seeded reset starts the colours' sequence again
        if len(self._players) > 1:
            if self.colour == COLOURS:
                self.learner = self._episodes % len(self._players)
            else:
                self.learner = self._players.index(self.colour)
            if self._renew or seed is not None:
                self._renew = False
                self._opponent = opponent_of(
                    self._opponent_spec,
                    self.game,
                    self.encoding,
                    seed=int(self.np_random.integers(1 << 31)),
                )
        self._episodes += 1
        start = self.game.initial_state()
        self._base = start.returns()[self.learner]
        self.state_now = self._until_learner(start)
        self._over = self.state_now.is_terminal()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise IllegalMoveError("the episode is over: call reset() before another step")
        move = self.encoding.move(self.encoding.check_action(action))
        try:
            after = self.state_now.play(move)
        except IllegalMoveError as error:
            self._over = self.illegal == "terminate"
            info = {**self._info(), "illegal": str(error)}
            return self._observation(), self.illegal_reward, self._over, False, info
        self.state_now = self._until_learner(after)
        now = self.state_now.returns()[self.learner]
        reward, self._base = now - self._base, now
        self._over = self.state_now.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._over, False, self._info()

    def _until_learner(self, state: State) -> State:
        """``state`` after the chance outcomes and opponent moves due, up to the learner's
        turn or the end."""
        state = settle(state, self.np_random.random)
        while not state.is_terminal() and state.to_move() != self.learner:
            assert self._opponent is not None
            state = settle(state.play(self._opponent(state)), self.np_random.random)
        return state

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self.encoding.mask(self.state_now).astype(bool)

    def _observation(self) -> Observation:
        return self.encoding.observe(self.state_now, self.learner)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoding.mask(self.state_now)}

    def render(self) -> str | None:
        text = self.state_now.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def seats(rules: Game, colour: str, illegal: str) -> list[str]:
    """``rules``' player names, once ``colour`` and ``illegal`` are checked (SettingsError
    naming the choices otherwise)."""
    if illegal not in ILLEGAL_CHOICES:
        raise SettingsError(f"illegal must be one of noop, terminate; got {illegal!r}")
    players = [rules.player_name(p) for p in range(rules.capabilities.players)]
    if len(players) > 1 and colour != COLOURS and colour not in players:
        raise SettingsError(
            f"colour must be {COLOURS} or one of {', '.join(players)}; got {colour!r}"
        )
    return players


def with_settings(game: str | Game, settings: dict[str, Any]) -> Game:
    """``game`` with ``settings`` on top of those its spec gives."""
    if not settings:
        return load_game(game)
    name, given = parse_spec(game.spec if isinstance(game, Game) else game)
    return load_game(format_spec(name, {**given, **settings}))


def gym_env(spec: str | Game, render_mode: str | None = None, **options: Any) -> SoloEnv:
    """The game ``spec`` (``"2048"``, ``"adjacency(size=6,rounds=4)"``) as a Gymnasium Env
    from one seat; ``options`` as :class:`SoloEnv` takes them (no step limit: wrap it in
    ``gymnasium.wrappers.TimeLimit``, or make a registered id)."""
    return SoloEnv(spec, render_mode=render_mode, **options)


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (once; ``import plyground.rl`` does it); a
    game with a batched kernel gets the vector entry point of
    :class:`~plyground.rl.vector_env.BatchVectorEnv` (``gymnasium.make_vec``)."""
    for env_id, (game, steps) in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            batched = encoding_of(load_game(game)).batch is not None
            gymnasium.register(
                env_id,
                entry_point=f"{__name__}:SoloEnv",
                vector_entry_point="plyground.rl.vector_env:BatchVectorEnv" if batched else None,
                kwargs={"game": game},
                max_episode_steps=steps,
            )
