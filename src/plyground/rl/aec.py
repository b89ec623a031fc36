"""A two-player plyground game as a PettingZoo ``AECEnv`` (docs/rl.md).

A thin adapter: the environment holds one :class:`~plyground.core.game.State`
and every step is ``State.play`` of the move the action numbers (the game's
:class:`~plyground.core.encoding.Encoding`); the player to move, the end and
the rewards are the state's ``to_move``, ``is_terminal`` and ``returns``.
Chance nodes (a plugin game may have them) are settled by the environment's
seeded random generator before the next agent acts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from plyground.core.chance import settle
from plyground.core.encoding import Encoding, encoding_of
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, State
from plyground.games import load_game
from plyground.rl.rendering import can_picture, picture

__all__ = ["DirectReads", "GameEnv", "aec_env"]


Observation = dict[str, npt.NDArray[Any]]


class GameEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """The raw environment (no wrappers): agents are the game's player names.

    Observations are ``{"observation": float32 array, "action_mask": int8 array}``
    (the mask is all zeros for an agent not to move); rewards are the change of
    each player's return since the last step, so an episode's rewards add up to
    the game's returns.
    """

    metadata: dict[str, Any]

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if game.capabilities.players < 2:
            raise SettingsError(
                f"game {game.spec!r} is a one-player game: use plyground.rl.gym_env for it"
            )
        self.game = game
        self.encoding: Encoding = encoding_of(game)
        modes = ["human", "ansi", *(["rgb_array"] if can_picture(self.encoding) else [])]
        if render_mode is not None and render_mode not in modes:
            raise SettingsError(
                f"render mode {render_mode!r} is not one of {', '.join(modes)} for {game.spec!r}"
            )
        self.metadata = {
            "render_modes": modes,
            "name": f"plyground_{game.name}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [game.player_name(p) for p in range(game.capabilities.players)]
        enc = self.encoding
        # Each agent its own spaces (made once): seeding one agent's never moves another's.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(enc.low, enc.high, enc.shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (enc.actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(enc.actions) for agent in self.possible_agents}
        self.state_now: State = game.initial_state()
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.state_now = settle(self.game.initial_state(), self._np_random.random)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = self.state_now.returns()
        self.agent_selection = self.agents[max(self.state_now.to_move(), 0)]

    def observe(self, agent: str) -> Observation:
        player = self.possible_agents.index(agent)
        state = self.state_now
        to_move = state.to_move()
        mask = (
            self.encoding.mask(state)
            if to_move == player
            else np.zeros(self.encoding.actions, dtype=np.int8)
        )
        return {"observation": self.encoding.observe(state, player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to move: None is an action only once it is over")
        state = self.state_now
        move = self.encoding.move(self.encoding.check_action(action))
        self.state_now = settle(state.play(move), self._np_random.random)
        self._cumulative_rewards[agent] = 0.0
        returns = self.state_now.returns()
        self.rewards = {
            name: returns[p] - self._returns[p] for p, name in enumerate(self.possible_agents)
        }
        self._returns = returns
        if self.state_now.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            mover = self.possible_agents.index(agent)
            following = self.possible_agents[(mover + 1) % len(self.possible_agents)]
            self.agent_selection = following
        else:
            self.agent_selection = self.possible_agents[self.state_now.to_move()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        if self.render_mode == "rgb_array":
            return picture(self.encoding, self.state_now)
        text = self.state_now.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    spec: str | Game, render_mode: str | None = None, illegal_reward: float | None = None
) -> AECEnv[str, Observation, int]:
    """The game ``spec`` (``"tictactoe"``, ``"adjacency(size=6,rounds=4)"``, ...) as a
    PettingZoo environment with PettingZoo's usual wrappers (reading the raw
    environment's state directly, :class:`DirectReads`): an illegal action ends
    the game and earns ``illegal_reward`` (by default the game's worst return: -1 in
    tic-tac-toe and Morris, minus the cells in the adjacency game), an action out of
    range fails an assertion, and acting before ``reset`` or out of turn is refused."""
    raw = GameEnv(load_game(spec), render_mode=render_mode)
    penalty = raw.encoding.returns[0] if illegal_reward is None else illegal_reward
    env: AECEnv[str, Observation, int] = raw
    env = _TerminateIllegal(env, illegal_reward=penalty)
    env = _AssertOutOfBounds(env)
    return _OrderEnforcing(env)


_DIRECT = frozenset(
    {
        "agent_selection",
        "agents",
        "possible_agents",
        "rewards",
        "terminations",
        "truncations",
        "infos",
        "_cumulative_rewards",
        "num_agents",
        "max_num_agents",
    }
)
"""What the raw environment keeps and every wrapper reads (none keeps its own copy:
``TerminateIllegalWrapper`` writes them on the raw environment)."""


class DirectReads:
    """A PettingZoo wrapper that reads :data:`_DIRECT` on the raw environment in one step.

    Each PettingZoo wrapper forwards an attribute it lacks to the one below it by
    ``__getattr__`` (after a failed lookup), so every read of ``agent_selection``,
    ``rewards`` and the like went down through all three wrappers, 36 forwarded
    reads a step and a third of the adapter's time (profiled on the adjacency
    game). Here each is a property reading the raw environment: the same values,
    and ``OrderEnforcingWrapper``'s check that ``reset`` came first is kept.
    """

    def _raw_env(self) -> Any:
        state = self.__dict__
        raw = state.get("_raw")
        if raw is None:
            raw = state["_raw"] = state["env"].unwrapped
        return raw


def _direct(name: str) -> property:
    def read(self: DirectReads) -> Any:
        if not self.__dict__.get("_has_reset", True):
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw_env(), name)

    return property(read)


for _name in _DIRECT:
    setattr(DirectReads, _name, _direct(_name))


class _TerminateIllegal(DirectReads, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper, reading the raw environment directly (:class:`DirectReads`)."""


class _AssertOutOfBounds(DirectReads, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper, reading the raw environment directly (:class:`DirectReads`)."""


class _OrderEnforcing(DirectReads, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper, reading the raw environment directly (:class:`DirectReads`)."""
