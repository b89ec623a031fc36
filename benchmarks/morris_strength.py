"""Strength of the ``morris`` bot: against OpenSpiel's MCTS and against ``random``.

Prints one line per game and a summary per opponent: wins, draws, losses
and the score (win 1, draw 1/2) for ``morris``, which plays White in even
games and Black in odd ones. Targets (issue 6): at 1 s per move, a score of
at least 90% against ``MCTSBot`` with 1,000 simulations of random rollouts
(UCT constant 2, OpenSpiel's usual setting), and no loss to ``random`` in
100 games.

    PYTHONPATH=src python benchmarks/morris_strength.py --games 100 --random-games 100
    PYTHONPATH=src python benchmarks/morris_strength.py --games 4 --random-games 4 --time 0.2

The games run in ``--jobs`` processes (the machine is shared: keep it small).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from plyground.bots import make_bot
from plyground.games import load_game
from plyground.games.morris import NONE, MorrisState, decode


@dataclass(frozen=True)
class GameResult:
    opponent: str
    index: int
    morris_side: int
    score: float
    """1 win, 0.5 draw, 0 loss, for morris."""
    turns: int
    seconds: float
    depths: tuple[int, ...]


def primary(move: int) -> int:
    """OpenSpiel's first action for our move (see tests/morris/test_openspiel.py)."""
    origin, destination, _ = decode(move)
    return destination if origin == NONE else 24 + 24 * origin + destination


def play_one(opponent: str, index: int, seconds: float, simulations: int) -> GameResult:
    """One game of ``morris`` against ``opponent`` ("mcts" or "random")."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    start = time.perf_counter()
    morris_side = index % 2
    bot = make_bot("morris", time=seconds)
    state = load_game("morris").initial_state()
    assert isinstance(state, MorrisState)
    bot.new_game(state.game)
    theirs_game = pyspiel.load_game("nine_mens_morris")
    theirs = theirs_game.new_initial_state()
    rng = np.random.RandomState(1000 + index)
    mcts_bot = mcts.MCTSBot(
        theirs_game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        solve=True,
        random_state=rng,
    )
    random_bot = make_bot("random", seed=2000 + index)
    depths = []
    while not state.is_terminal():
        if state.to_move() == morris_side:
            decision = bot.choose(state)
            move = decision.move
            depths.append(decision.info.depth)
        elif opponent == "random":
            move = random_bot.choose(state).move
        else:
            action = mcts_bot.step(theirs)
            moves = [m for m in state.legal_moves() if primary(m) == action]
            if decode(moves[0])[2] != NONE:  # a mill: MCTS chooses the man to take next
                probe = theirs.clone()
                probe.apply_action(action)
                take = mcts_bot.step(probe)
                moves = [m for m in moves if decode(m)[2] == take]
            move = moves[0]
        assert isinstance(move, int)
        theirs.apply_action(primary(move))
        if decode(move)[2] != NONE:
            theirs.apply_action(decode(move)[2])
        state = state.play(move)
    assert theirs.is_terminal() and tuple(theirs.returns()) == state.returns()
    winner = state.winner()
    score = 0.5 if winner is None else 1.0 if winner == morris_side else 0.0
    return GameResult(
        opponent,
        index,
        morris_side,
        score,
        state.turns,
        time.perf_counter() - start,
        tuple(depths),
    )


def summary(results: list[GameResult]) -> str:
    wins = sum(r.score == 1 for r in results)
    draws = sum(r.score == 0.5 for r in results)
    losses = sum(r.score == 0 for r in results)
    score = sum(r.score for r in results) / len(results)
    depths = [d for r in results for d in r.depths]
    mean_depth = sum(depths) / len(depths) if depths else 0.0
    return (
        f"{len(results)} games: {wins} wins, {draws} draws, {losses} losses; "
        f"score {100 * score:.1f}%; mean depth {mean_depth:.1f}; "
        f"mean length {sum(r.turns for r in results) / len(results):.0f} turns"
    )


def run(opponent: str, games: int, args: argparse.Namespace) -> None:
    if games <= 0:
        return
    label = (
        f"MCTSBot({args.simulations} random-rollout simulations)"
        if opponent == "mcts"
        else "random"
    )
    print(f"morris (time={args.time} s/move) vs {label}", flush=True)
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(play_one, opponent, index, args.time, args.simulations)
            for index in range(args.first, args.first + games)
        ]
        for future in futures:
            result = future.result()
            results.append(result)
            side = "White" if result.morris_side == 0 else "Black"
            outcome = {1.0: "win", 0.5: "draw", 0.0: "loss"}[result.score]
            print(
                f"  game {result.index + 1:3d}: morris {side:5s} {outcome:4s} "
                f"in {result.turns:3d} turns ({result.seconds:.0f} s)",
                flush=True,
            )
    print(f"  {summary(results)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games against MCTS")
    parser.add_argument("--random-games", type=int, default=100, help="games against random")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move for morris")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--first", type=int, default=0, help="number of the first game (its seeds and colours)"
    )
    args = parser.parse_args()
    run("mcts", args.games, args)
    run("random", args.random_games, args)


if __name__ == "__main__":
    main()
