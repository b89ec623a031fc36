"""A learned policy measured against the project's bots in one call (docs/rl.md).

``evaluate(policy, game, opponents=["random", "greedy", "mcts:time=0.1"])`` plays
the policy through the arena like any bot. In a two-player game each opponent
meets it in a match with paired openings (each opening played twice, the seats
swapped) and the arena's Elo with its 95% interval
(:mod:`plyground.arena.stats.elo`); in a one-player game (2048) the policy and
each opponent play the same seeded games (the same spawns for the same moves)
and the row gives both mean scores and their paired difference with a 95%
interval. ``plyground match`` does the two-player part from the command line:
a policy is a bot already (:class:`~plyground.rl.policy_bot.PolicyBot`).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.arena import BotPlayer, play_match
from plyground.arena.play.run_options import RunOptions
from plyground.arena.play.solo import play_solo
from plyground.arena.stats.elo import Z95, EloEstimate
from plyground.bots import make_bot
from plyground.bots.base import Bot
from plyground.core.errors import SettingsError
from plyground.core.game import Game
from plyground.core.limits import MOVE_SECONDS, Limit
from plyground.games import load_game
from plyground.rl.opponents import Policy
from plyground.rl.policy_bot import PolicyBot

__all__ = ["Evaluation", "PolicyCall", "evaluate"]


class PolicyCall(PolicyBot):
    """A policy given as a callable ``policy(observation, mask) -> action``, as a bot."""

    NAME = "policy"

    def __init__(self, policy: Policy, label: str = "policy") -> None:
        super().__init__()
        self.policy = policy
        self.label = label

    def act(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return int(np.asarray(self.policy(observation, mask)).item())


@dataclass(frozen=True)
class Evaluation:
    """The policy against one opponent.

    Two-player games: the policy's wins, draws and losses, its mean final margin
    (``mean``) and its Elo difference over the opponent with a 95% interval
    (``elo``). One-player games: ``mean`` is the policy's mean score,
    ``opponent_mean`` the opponent's on the same seeds, and ``difference`` /
    ``low`` / ``high`` their paired difference with its 95% interval."""

    opponent: str
    games: int
    mean: float
    wins: int = 0
    draws: int = 0
    losses: int = 0
    elo: EloEstimate | None = None
    opponent_mean: float = math.nan
    difference: float = math.nan
    low: float = math.nan
    high: float = math.nan

    def text(self) -> str:
        """One line: ``greedy: 62 won, 20 drawn, 18 lost; margin +1.40; Elo +99 [+31, +170]``."""
        if self.elo is not None:
            return (
                f"{self.opponent}: {self.wins} won, {self.draws} drawn, {self.losses} lost of "
                f"{self.games}; mean margin {self.mean:+.2f}; Elo {self.elo.text()}"
            )
        return (
            f"{self.opponent}: mean score {self.mean:.0f} against {self.opponent_mean:.0f} "
            f"over {self.games} paired games; difference {self.difference:+.0f} "
            f"[{self.low:+.0f}, {self.high:+.0f}]"
        )

    def to_dict(self) -> dict[str, Any]:
        row = {
            key: value
            for key, value in self.__dict__.items()
            if key != "elo" and not (isinstance(value, float) and math.isnan(value))
        }
        if self.elo is not None:
            row["elo"] = self.elo.to_dict()
        return row


def evaluate(
    policy: PolicyBot | Bot | Policy,
    game: str | Game,
    opponents: Sequence[str] = ("random", "greedy", "mcts:time=0.1"),
    *,
    games: int = 100,
    seed: int = 0,
    openings: int = 2,
    move_seconds: float = MOVE_SECONDS,
) -> list[Evaluation]:
    """``policy`` (a bot, or a callable ``policy(observation, mask) -> action``) against
    each opponent (bot specs) in ``game``: one :class:`Evaluation` each.

    Two-player games: ``games`` games per opponent with paired colours from
    ``openings`` random plies (seeded by ``seed``; 0 plays every pair from the
    start). One-player games: ``games`` games each with seeds ``seed ..
    seed + games - 1``, the same for the policy and every opponent.
    ``move_seconds`` caps each move of the opponents that search.
    """
    rules = load_game(game)
    bot = policy if isinstance(policy, Bot) else PolicyCall(policy)
    bot.check_game(rules)
    if games < 1:
        raise SettingsError(f"an evaluation needs at least 1 game, got {games}")
    if rules.capabilities.players == 1:
        limit = Limit(time=move_seconds)
        return [_solo(bot, rules, spec, games=games, seed=seed, limit=limit) for spec in opponents]
    run = RunOptions(time=move_seconds, memory_mb=None)
    rows = []
    for spec in opponents:
        result = play_match(
            rules, (BotPlayer(bot), spec), games, run=run, seed=seed, openings=openings,
            labels=("policy", spec), close=False,
        )  # fmt: skip
        side = result.sides[0]
        rows.append(
            Evaluation(
                spec,
                side.games,
                side.average_margin,
                wins=side.wins,
                draws=side.draws,
                losses=side.losses,
                elo=result.elo,
            )
        )
    return rows


def _solo(bot: Bot, game: Game, spec: str, *, games: int, seed: int, limit: Limit) -> Evaluation:
    """The policy and the opponent ``spec`` over the same seeded games of a one-player game."""
    opponent = make_bot(spec)

    def scores(player: Bot) -> list[float]:
        return [
            play_solo(game, player, seed + index, limit=limit).final.returns()[0]
            for index in range(games)
        ]

    ours, theirs = scores(bot), scores(opponent)
    differences = [a - b for a, b in zip(ours, theirs, strict=True)]
    mean = statistics.fmean(differences)
    spread = Z95 * statistics.stdev(differences) / math.sqrt(games) if games > 1 else math.inf
    return Evaluation(
        spec, games, statistics.fmean(ours), opponent_mean=statistics.fmean(theirs),
        difference=mean, low=mean - spread, high=mean + spread,
    )  # fmt: skip
