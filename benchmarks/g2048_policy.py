"""Which search policy chooses best at a fixed pace: moves judged by a much deeper search.

    PYTHONPATH=src python benchmarks/g2048_policy.py --positions 60 --nodes 800000
    PYTHONPATH=src python benchmarks/g2048_policy.py --time 0.02 \\
        --policy 2048:shallowest=4,deepest=12,cut=0.0001,optimism=1000

Strength in 2048 shows only over games of thousands of moves; this is the
cheap proxy for the *search* levers (depth rule, chance cut): late-game
positions of a seeded game are each searched by every policy with the same
node budget (a pace that does not depend on how busy the machine is: 800,000
nodes is about 20 ms of compiled search; ``--time`` gives a wall-clock pace
instead, for the levers that only act on time, such as ``optimism``), and
each chosen move is judged by an oracle, the same heuristic searched far
deeper with a finer cut. Printed
per policy: how often it chose the oracle's move, and the mean loss (oracle
value of the best move minus that of the chosen one, in units of the
heuristic's per-line `lost` offset, so comparable across positions).
It says nothing about the heuristic's weights (the oracle shares them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from plyground.arena.play.solo import play_solo
from plyground.bots import make_bot
from plyground.core.game import State
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game
from plyground.games.g2048 import G2048State
from plyground.games.g2048.evaluation import G2048Weights
from plyground.games.g2048.kernel import board_to_int
from plyground.games.g2048.search import G2048Search

POLICIES = (
    "2048:shallowest=4,deepest=12,cut=0.0001",
    "2048:shallowest=4,deepest=12,cut=0.0003",
    "2048:shallowest=4,deepest=12,cut=0.001",
    "2048:shallowest=4,deepest=12,cut=0.003",
    "2048:shallowest=2,deepest=6,cut=0.001",
)


def late_positions(seed: int, count: int, start: int, every: int) -> list[G2048State]:
    """Positions from move ``start`` on, every ``every`` moves, of a seeded game."""
    found: list[G2048State] = []
    played = [0]

    def keep(state: State, move: object, info: SearchInfo) -> None:
        assert isinstance(state, G2048State)
        played[0] += 1
        if played[0] >= start and played[0] % every == 0:
            found.append(state)

    play_solo(
        load_game("2048"),
        make_bot("2048:deepest=6,leap=true"),
        seed,
        limit=Limit(nodes=100_000),
        max_moves=start + every * count,
        on_move=keep,
    )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--start", type=int, default=1500, help="first move sampled")
    parser.add_argument("--every", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=800_000, help="node budget a move")
    parser.add_argument(
        "--time",
        type=float,
        default=None,
        help="seconds a move instead of a node budget (for the time levers, e.g. optimism)",
    )
    parser.add_argument("--oracle-depth", type=int, default=7)
    parser.add_argument("--oracle-cut", type=float, default=1e-5)
    parser.add_argument("--policy", action="append", help="bot spec (repeatable)")
    args = parser.parse_args(argv)
    policies = args.policy or list(POLICIES)
    sample = late_positions(args.seed, args.positions, args.start, args.every)
    oracle = G2048Search(cut=args.oracle_cut, table_entries=1 << 22)
    oracle.new_game()
    scale = 8 * G2048Weights().lost
    bots = {spec: make_bot(spec) for spec in policies}
    game = load_game("2048")
    for bot in bots.values():
        bot.new_game(game)
    agree = dict.fromkeys(policies, 0)
    losses: dict[str, list[float]] = {spec: [] for spec in policies}
    depths: dict[str, list[int]] = {spec: [] for spec in policies}
    limit = Limit(nodes=args.nodes) if args.time is None else Limit(time=args.time)
    pace = f"{args.nodes:,} nodes" if args.time is None else f"{args.time * 1000:g} ms"
    started = time.perf_counter()
    for state in sample:
        oracle.new_move()
        values = oracle.values(board_to_int(state.board), args.oracle_depth)
        assert values is not None
        best = max(values[m] for m in state.legal_moves())
        for spec, bot in bots.items():
            decision = bot.choose(state, limit)
            move = decision.move
            assert isinstance(move, int)
            loss = (best - values[move]) / scale
            agree[spec] += loss == 0
            losses[spec].append(loss)
            depths[spec].append(decision.info.depth)
    print(
        f"{len(sample)} positions (seed {args.seed}, moves {args.start}.. every {args.every}), "
        f"{pace} a move; oracle depth {args.oracle_depth}, cut {args.oracle_cut}; "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(f"{'policy':<44} {'oracle move':>11} {'mean loss':>10} {'mean depth':>10}")
    for spec in policies:
        print(
            f"{spec:<44} {agree[spec] / len(sample):>11.0%} "
            f"{statistics.mean(losses[spec]):>10.2e} {statistics.mean(depths[spec]):>10.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
