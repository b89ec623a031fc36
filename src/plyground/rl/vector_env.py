"""N games stepped as one array operation: a Gymnasium ``VectorEnv`` over a game's batched
kernel (docs/rl.md).

``gymnasium.make_vec("plyground/2048-v0", num_envs=256)`` (and
``plyground/adjacency-v0``, whose opponent here is a uniformly random player)
makes a :class:`BatchVectorEnv`: the games live in the kernel's arrays
(:class:`~plyground.core.batch.BatchGames`, named by the game's encoding), and
each ``step`` plays every game's action, the chance outcomes and the
opponent's replies in one compiled call, drawing its uniform numbers from the
generator ``reset`` seeds. Observations, rewards and masks are
:class:`~plyground.rl.solo_env.SoloEnv`'s, and so are ``illegal`` and
``illegal_reward``; a finished game starts again at the next step (Gymnasium's
``NEXT_STEP`` autoreset: the action given for it then is ignored).
``info["illegal"]`` flags the no-ops and ``info["opponent_action"]`` gives each
game's opponent reply (-1 for none; at a start, its opening move).
``vectorization_mode="sync"`` still gives Gymnasium's vector of
:class:`SoloEnv` (any opponent).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from plyground.core.batch import BatchGames, BatchStep
from plyground.core.encoding import encoding_of
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, State
from plyground.core.registry import load_target
from plyground.rl.solo_env import COLOURS, seats, with_settings

__all__ = ["BatchVectorEnv"]


class BatchVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``game`` (a spec, keyword ``settings`` on top) from the learner's
    seat. A two-player game's opponent is a uniformly random player, and with ``colour``
    ``"alternate"`` game ``i`` puts its learner in seat ``(i + episodes) % 2``.
    ``max_episode_steps`` truncates an episode (the registered ids give theirs)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = "2048",
        num_envs: int = 16,
        *,
        opponent: str = "random",
        colour: str = COLOURS,
        illegal: str = "noop",
        illegal_reward: float = 0.0,
        max_episode_steps: int | None = None,
        **settings: Any,
    ) -> None:
        rules = with_settings(game, settings)
        encoding = encoding_of(rules)
        if encoding.batch is None:
            raise SettingsError(
                f"game {rules.spec!r} has no batched kernel: use vectorization_mode='sync'"
            )
        players = seats(rules, colour, illegal)
        if len(players) > 1 and opponent != "random":
            raise SettingsError(
                f"the batched environment's opponent is a uniformly random player, not "
                f"{opponent!r}: use vectorization_mode='sync' for another"
            )
        if num_envs < 1:
            raise SettingsError(f"num_envs must be at least 1, got {num_envs}")
        self.game = rules
        self.kernel: BatchGames = load_target(encoding.batch)(rules, num_envs)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            encoding.low, encoding.high, encoding.shape, dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(encoding.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.illegal_reward = float(illegal_reward)
        self.terminate_illegal = illegal == "terminate"
        self.max_episode_steps = max_episode_steps
        self._seats = len(players)
        self._fixed = None if colour == COLOURS or len(players) == 1 else players.index(colour)
        self._observations = np.zeros((num_envs, *encoding.shape), np.float32)
        self._masks = np.zeros((num_envs, encoding.actions), np.bool_)
        self._out = BatchStep(num_envs)
        self._opening = BatchStep(num_envs)
        self._done = np.zeros(num_envs, np.bool_)
        self._steps = np.zeros(num_envs, np.int64)
        self._episodes = np.zeros(num_envs, np.int64)
        self._index = np.arange(num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._episodes[:] = 0
        self._start(np.ones(self.num_envs, np.bool_))
        info = self._info()
        info["opponent_action"] = self._opening.replies.copy()
        return self._observe(), info

    def _start(self, which: npt.NDArray[np.bool_]) -> None:
        if self._fixed is not None:
            learners = np.full(self.num_envs, self._fixed, np.int8)
        else:
            learners = ((self._index + self._episodes) % self._seats).astype(np.int8)
        uniforms = self.np_random.random((self.num_envs, self.kernel.uniforms))
        self.kernel.reset(which, learners, uniforms, self._opening)
        self._episodes[which] += 1
        self._steps[which] = 0
        self._done[which] = False

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        outside = (actions < 0) | (actions >= self.kernel.actions)
        if outside.any():
            raise IllegalMoveError(
                f"action {int(actions[outside][0])} is out of range: "
                f"actions are 0-{self.kernel.actions - 1}"
            )
        restart = self._done.copy()
        active = ~restart
        uniforms = self.np_random.random((self.num_envs, self.kernel.uniforms))
        out = self._out
        self.kernel.step(active, actions, uniforms, out)
        rewards = np.where(out.illegal, self.illegal_reward, out.rewards)
        terminated = out.terminal | (out.illegal & self.terminate_illegal)
        self._steps += active
        truncated = out.truncated.copy()
        if self.max_episode_steps is not None:
            truncated |= self._steps >= self.max_episode_steps
        truncated &= ~terminated
        illegal = out.illegal & active
        replies = out.replies.copy()
        if restart.any():
            self._start(restart)
            rewards[restart] = 0.0
            terminated[restart] = False
            truncated[restart] = False
            replies[restart] = self._opening.replies[restart]
        self._done = terminated | truncated
        info = self._info()
        info["illegal"] = illegal
        info["opponent_action"] = replies
        return self._observe(), rewards, terminated, truncated, info

    def _observe(self) -> npt.NDArray[np.float32]:
        self.kernel.observe(self._observations)
        return self._observations.copy()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's legal actions now (booleans, one row per game)."""
        self.kernel.masks(self._masks)
        return self._masks.copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def state(self, index: int) -> State:
        """Game ``index`` as a plyground state (to render it, or to check it)."""
        return self.kernel.state(index)
