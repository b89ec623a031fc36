"""Strength of the ``mcts`` bot, measured in paired games (issue 14).

Two parts, chosen with ``--part``:

* ``arena``: ``mcts`` against each ``--opponents`` bot on the adjacency game
  (8x8, each ``--rounds``), at each ``--times`` seconds per move for both,
  in ``--games`` paired games (each opening played with both colours).
  It prints wins-draws-losses, the score and the **mean margin** (final
  marks of ``mcts`` minus the opponent's) with two standard errors: in
  8-round games the second mover wins most games whoever plays, so the
  margin shows strength where W/D/L cannot. The slowest move and the rule
  breaks (timeouts: a reply later than the time plus ``--grace``) are
  given for ``mcts`` / the opponent.
* ``openspiel``: ``mcts`` against OpenSpiel's ``MCTSBot`` (UCT constant 2,
  one random rollout per leaf, its solver on) on tic-tac-toe and Nine Men's
  Morris at the same number of simulations per move (``--simulations``),
  colours alternating.

    PYTHONPATH=src nice python benchmarks/mcts_strength.py --part arena \\
        --rounds 8 28 --times 0.2 1 --opponents alphabeta greedy --games 10
    PYTHONPATH=src nice python benchmarks/mcts_strength.py --part openspiel --games 20
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from plyground.arena import make_player, play_match
from plyground.arena.play.run_options import RunOptions
from plyground.bots import make_bot
from plyground.core.game import State
from plyground.games import load_game


def with_settings(spec: str, settings: str) -> str:
    """``spec`` (``mcts`` or ``mcts:exploration=0.5``) with more ``key=value`` settings."""
    return f"{spec},{settings}" if ":" in spec else f"{spec}:{settings}"


def margin_error(margins: list[float]) -> float:
    """Two standard errors of the mean margin (about a 95% interval); 0 for one game."""
    if len(margins) < 2:
        return 0.0
    return 2 * float(np.std(margins, ddof=1)) / math.sqrt(len(margins))


def arena(args: argparse.Namespace) -> None:
    for rounds in args.rounds:
        game = load_game(f"adjacency(size=8,rounds={rounds})")
        for seconds in args.times:
            for opponent in args.opponents:
                began = time.perf_counter()
                players = (
                    make_player(with_settings(args.mcts, f"time={seconds},seed={args.seed}")),
                    make_player(with_settings(opponent, f"time={seconds}"), seed=args.seed + 1),
                )
                result = play_match(
                    game,
                    players,
                    args.games,
                    run=RunOptions(time=seconds, grace=args.grace),
                    seed=args.seed,
                    openings=args.openings,
                )
                side = result.sides[0]
                slowest = " / ".join(
                    f"{max(max(times) for times in each.times_by_ply.values()):.2f}"
                    for each in result.sides
                )
                breaks = " / ".join(
                    ",".join(f"{kind} {count}" for kind, count in each.rule_breaks.items()) or "0"
                    for each in result.sides
                )
                print(
                    f"{rounds:2d} rounds {seconds:g} s  {args.mcts} vs {opponent:<10} "
                    f"{side.wins}-{side.draws}-{side.losses}  score {side.score:6.1%}  "
                    f"margin {side.average_margin:+6.2f} ± {margin_error(side.margins):4.2f}  "
                    f"depth {side.average_depth:4.1f}  slowest {slowest} s  rule breaks {breaks}  "
                    f"[{time.perf_counter() - began:.0f} s]",
                    flush=True,
                )


# -- against OpenSpiel -------------------------------------------------------------------
def tictactoe_action(state: State, move: Any) -> list[int]:
    """OpenSpiel's actions for our move (its cells count from the top left)."""
    row, col = divmod(move, 3)
    return [3 * (2 - row) + col]


def morris_actions(state: State, move: Any) -> list[int]:
    """OpenSpiel's actions for our move: the placement or step, then the man taken."""
    from morris_strength import primary
    from plyground.games.morris import NONE, decode

    taken = decode(move)[2]
    return [primary(move)] + ([] if taken == NONE else [taken])


def their_move(state: State, theirs: Any, bot: Any, actions: Callable[..., list[int]]) -> Any:
    """Our move for what OpenSpiel's bot chooses (asking it again for a man to take)."""
    first = bot.step(theirs)
    moves = [m for m in state.legal_moves() if actions(state, m)[0] == first]
    if len(moves) > 1:
        probe = theirs.clone()
        probe.apply_action(first)
        second = bot.step(probe)
        moves = [m for m in moves if actions(state, m)[1] == second]
    return moves[0]


def openspiel_game(name: str, index: int, simulations: int, mcts_spec: str) -> tuple[float, int]:
    """One game; ``(score of mcts: 1, 1/2, 0, plies)``. mcts plays first in even games."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    ours_name, actions = {
        "tic_tac_toe": ("tictactoe", tictactoe_action),
        "nine_mens_morris": ("morris", morris_actions),
    }[name]
    theirs_game = pyspiel.load_game(name)
    theirs = theirs_game.new_initial_state()
    rng = np.random.RandomState(1000 + index)
    opponent = mcts.MCTSBot(
        theirs_game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        solve=True,
        random_state=rng,
    )
    bot = make_bot(mcts_spec, simulations=simulations, time=3600, seed=2000 + index)
    state = load_game(ours_name).initial_state()
    bot.new_game(state.game)
    ours_seat = index % 2
    plies = 0
    while not state.is_terminal():
        if state.to_move() == ours_seat:
            move = bot.choose(state).move
        else:
            move = their_move(state, theirs, opponent, actions)
        for action in actions(state, move):
            theirs.apply_action(action)
        state = state.play(move)
        plies += 1
    assert theirs.is_terminal() and tuple(theirs.returns()) == state.returns()
    result = state.returns()[ours_seat]
    return (1.0 if result > 0 else 0.5 if result == 0 else 0.0), plies


def openspiel(args: argparse.Namespace) -> None:
    for name in args.openspiel_games:
        began = time.perf_counter()
        scores = []
        for index in range(args.games):
            score, plies = openspiel_game(name, index, args.simulations, args.mcts)
            scores.append(score)
            if args.verbose:
                seat = "first" if index % 2 == 0 else "second"
                print(f"  {name} game {index + 1}: mcts {seat}, score {score:g}, {plies} plies")
        wins, draws = scores.count(1.0), scores.count(0.5)
        losses = len(scores) - wins - draws
        print(
            f"{name:<16} {args.simulations} simulations each: {args.mcts} vs OpenSpiel MCTSBot "
            f"{wins}-{draws}-{losses}  score {sum(scores) / len(scores):6.1%}  "
            f"[{time.perf_counter() - began:.0f} s]",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("arena", "openspiel"), default="arena")
    parser.add_argument("--mcts", default="mcts", help="the MCTS bot spec (without time)")
    parser.add_argument("--rounds", type=int, nargs="+", default=[8])
    parser.add_argument("--times", type=float, nargs="+", default=[0.2])
    parser.add_argument("--opponents", nargs="+", default=["alphabeta", "greedy"])
    parser.add_argument("--games", type=int, default=10, help="games per pairing (even)")
    parser.add_argument(
        "--grace",
        type=float,
        default=0.25,
        help="seconds past the time per move before a reply is a timeout (both sides)",
    )
    parser.add_argument("--openings", type=int, default=2, help="random plies opening each pair")
    parser.add_argument("--simulations", type=int, default=1000, help="openspiel: per move")
    parser.add_argument(
        "--openspiel-games",
        nargs="+",
        choices=("tic_tac_toe", "nine_mens_morris"),
        default=["tic_tac_toe", "nine_mens_morris"],
        help="openspiel: the games played",
    )
    parser.add_argument("--verbose", action="store_true", help="openspiel: a line per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.part == "arena":
        arena(args)
    else:
        openspiel(args)


if __name__ == "__main__":
    main()
