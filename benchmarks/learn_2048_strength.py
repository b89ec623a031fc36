"""Strength of learned 2048 networks: tile rates by search depth, and the learned bot against
the heuristic bot at equal time per move on the same spawns.

    PYTHONPATH=src python benchmarks/learn_2048_strength.py NET.npz --depths 1 2 --games 500 100
    PYTHONPATH=src python benchmarks/learn_2048_strength.py A.npz B.npz --depths 1 --games 300
    PYTHONPATH=src python benchmarks/learn_2048_strength.py NET.npz --games 300 --downgrade 0 16384
    PYTHONPATH=src python benchmarks/learn_2048_strength.py NET.npz --versus 10 --time 0.005

**Rates** (part a): each network plays ``--games`` games at each ``--depth`` with the
compiled expectimax and the network at its leaves (``depth`` 1 is TDL2048+'s 1-ply, the
greedy afterstate player; 2 its 2-ply: one chance layer and one more move; 3 its 3-ply),
no probability cut and a transposition table, optionally tile-downgrading
(``--downgrade TILE``, 0 for none). Game ``g`` draws its spawns from
``random.Random(seed + g)``, so every network, depth and setting meets the same tiles,
and evaluation seeds (from ``--seed``, one million by default) are apart from training's
(the learner's generator streams). A game stops at its first 32768 tile (the compiled
board cannot merge two). Depth 1 with the one setting ``--downgrade 0`` (the default) is
played by the learner's compiled greedy player (the same moves as the search at depth 1,
hundreds of times faster; its spawns come from one compiled generator stream of
``--seed``, the same for every network, not from ``random``), and plays on past 32768.
Printed per network, depth and setting: games, mean score, and for 2048, 4096, 8192,
16384 and 32768 the share of games that reached it with its 95% interval (Wilson's), and
moves per second.

**Tile-downgrading on and off**: ``--downgrade 0 16384`` plays every network and depth
once per setting on the same seeds. Downgrading changes nothing until a board the search
values holds the threshold tile (at 1-ply: until the game makes one), so the paired games
are the same up to there; printed for each setting against the first: in how many games
it could act (they reached the threshold, or their games differ), and over those games
the mean difference of score with its 95% interval (paired), the games it scored more
and less, and the 32768 tiles of each.

**Versus** (part b): the ``2048`` bot with ``network=NET`` against the ``2048`` bot with its
heuristic, both with their adaptive depth at ``--time`` seconds a move, on the same seeds
(:func:`plyground.arena.play.solo.play_solo`), each game stopped at ``--stop``: the
score and largest tile of each, and the pairs each won on score.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from plyground.arena.play.solo import play_solo
from plyground.arena.stats.elo import score_interval
from plyground.bots import make_bot
from plyground.bots.g2048_td.learner import play_greedy
from plyground.bots.g2048_td.networks import packed_network
from plyground.core.game import State
from plyground.core.jit import as_int64
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.g2048 import G2048State
from plyground.games.g2048.kernel import kernel_move
from plyground.games.g2048.search import G2048Search

TILES = (2048, 4096, 8192, 16384, 32768)


def play(search: G2048Search, depth: int, seed: int) -> tuple[int, int, int]:
    """One game at ``depth``: (score, largest tile, moves)."""
    rng = random.Random(seed)
    board = 0
    for _ in range(2):
        board = spawn(board, rng)
    score = moves = 0
    search.new_game()
    while True:
        search.new_move()
        values = search.values(board, depth)
        assert values is not None
        move = int(np.argmax(values))
        if values[move] == -np.inf:
            break
        board, gained = kernel_move(board, move)
        score += gained
        moves += 1
        largest = max((board >> (4 * i)) & 0xF for i in range(16))
        if largest >= 15:
            break
        board = spawn(board, rng)
    largest = max((board >> (4 * i)) & 0xF for i in range(16))
    return score, 1 << largest, moves


def spawn(board: int, rng: random.Random) -> int:
    empty = [i for i in range(16) if not (board >> (4 * i)) & 0xF]
    cell = empty[rng.randrange(len(empty))]
    return as_int64(board | ((2 if rng.random() < 0.1 else 1) << (4 * cell)))


def rate_row(name: str, results: list[tuple[int, int, int]], seconds: float) -> str:
    shares = []
    for tile in TILES:
        hits = sum(1 for _, top, _ in results if top >= tile)
        low, high = score_interval(hits / len(results), 0.0, len(results))
        shares.append(f"{100 * hits / len(results):5.1f}% [{100 * low:4.1f}-{100 * high:5.1f}]")
    moves = sum(m for _, _, m in results)
    mean = statistics.mean(s for s, _, _ in results)
    return f"{name:<28} {len(results):>5} {mean:>9,.0f} {' '.join(shares)} {moves / seconds:>9,.0f}"


def paired_row(
    downgrade: int, results: list[tuple[int, int, int]], first: list[tuple[int, int, int]]
) -> str:
    """The games of ``results`` (downgrading from ``downgrade``) against the same seeds'
    games of ``first`` (the first setting), over the games where it could act."""
    acted = [
        (ours, theirs)
        for ours, theirs in zip(results, first, strict=True)
        if ours != theirs or max(ours[1], theirs[1]) >= downgrade
    ]
    if not acted:
        return f"  downgrade {downgrade}: no game reached {downgrade}; it never acted"
    differences = [ours[0] - theirs[0] for ours, theirs in acted]
    mean = statistics.mean(differences)
    half = 1.96 * statistics.stdev(differences) / len(acted) ** 0.5 if len(acted) > 1 else 0.0
    more = sum(1 for d in differences if d > 0)
    less = sum(1 for d in differences if d < 0)
    tops = [sum(1 for game in side if game[1] >= 32768) for side in zip(*acted, strict=True)]
    return (
        f"  downgrade {downgrade}: could act in {len(acted)} of {len(results)} games; "
        f"over them score {mean:+,.0f} [{mean - half:+,.0f}, {mean + half:+,.0f}] a game, "
        f"more in {more}, less in {less}; 32768 in {tops[0]} against {tops[1]}"
    )


def rates(args: argparse.Namespace) -> None:
    header = " ".join(f"{tile:>20}" for tile in TILES)
    print(f"{'network, depth':<28} {'games':>5} {'mean':>9} {header} {'moves/s':>9}")
    for depth, games in zip(args.depths, args.games, strict=True):
        for path in args.networks:
            first: list[tuple[int, int, int]] = []
            for downgrade in args.downgrade:
                packed = packed_network(str(path), downgrade)
                start = time.perf_counter()
                if depth == 1 and args.downgrade == [0]:  # the compiled greedy player
                    greedy = play_greedy(packed.network, packed.values, games, args.seed)
                    results = [(int(s), 1 << int(e), int(m)) for s, e, m in greedy.tolist()]
                else:
                    search = G2048Search(cut=0.0, table_entries=1 << 20, network=packed)
                    results = [play(search, depth, args.seed + g) for g in range(games)]
                seconds = time.perf_counter() - start
                name = f"{path.name} d{depth}" + (f" dg{downgrade}" if downgrade else "")
                print(rate_row(name, results, seconds), flush=True)
                if first and downgrade:
                    print(paired_row(downgrade, results, first), flush=True)
                first = first or results


def _reached(exponent: int) -> Callable[[State], bool]:
    def reached(state: State) -> bool:
        return isinstance(state, G2048State) and max(state.board) >= exponent

    return reached


def versus(args: argparse.Namespace) -> None:
    game = load_game("2048")
    network = str(args.networks[0])
    players = {
        "heuristic": make_bot("2048"),
        "network": make_bot("2048", network=network, downgrade=args.downgrade[-1]),
    }
    stop = args.stop.bit_length() - 1
    limit = Limit(time=args.time)
    table: dict[str, list[tuple[int, int]]] = {name: [] for name in players}
    for g in range(args.versus):
        for name, bot in players.items():
            result = play_solo(game, bot, args.seed + g, limit=limit, until=_reached(stop))
            final = result.final
            assert isinstance(final, G2048State)
            table[name].append((final.score, 1 << max(final.board)))
        scores = [f"{name} {rows[-1][0]:,} ({rows[-1][1]})" for name, rows in table.items()]
        print(f"seed {args.seed + g}: " + ", ".join(scores), flush=True)
    wins = sum(1 for a, b in zip(table["network"], table["heuristic"], strict=True) if a[0] > b[0])
    for name, rows in table.items():
        tiles = " ".join(
            f"{tile}: {sum(1 for _, top in rows if top >= tile)}"
            for tile in TILES
            if tile <= args.stop
        )
        print(f"{name:<10} mean score {statistics.mean(s for s, _ in rows):>9,.0f}  {tiles}")
    print(f"the network's bot scored more in {wins} of {args.versus} paired games "
          f"at {args.time} s a move (games stop at {args.stop})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("networks", nargs="+", type=Path)
    parser.add_argument("--depths", type=int, nargs="*", default=[1])
    parser.add_argument("--games", type=int, nargs="*", default=[300])
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument(
        "--downgrade",
        type=int,
        nargs="*",
        default=[0],
        help="tile-downgrade from this tile (0: never); several: each on the same seeds",
    )
    parser.add_argument("--versus", type=int, default=0, help="paired games against the heuristic")
    parser.add_argument("--time", type=float, default=0.005, help="seconds a move in --versus")
    parser.add_argument(
        "--stop", type=int, default=32768, help="a --versus game stops at this tile"
    )
    args = parser.parse_args()
    if args.versus:
        versus(args)
    else:
        rates(args)


if __name__ == "__main__":
    main()
