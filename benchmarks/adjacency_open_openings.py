"""Openings that leave a long adjacency game open: a book for paired games (issue 46).

At 28 rounds on 8x8 the second mover wins nearly every game between the
project's engines from a 2-ply random opening (O won 110 of 118 games between
the learned and the hand-written evaluation at 0.1 s a move, X none), so a
colour-swapped pair splits 1-1 whoever is stronger and an SPRT learns little
(docs/strength.md). Chess testers meet the same wall with draws and answer
with books of chosen openings; here the openings are chosen so that neither
colour wins by itself:

* a candidate is ``K`` random plies from the start (``K`` drawn from
  ``--plies``), seeded;
* it is **probed** by a self-play game of each evaluation from it
  (``alphabeta`` at ``--depth``, learned against learned, hand-written against
  hand-written: the same for both players, so the choice favours neither);
* it is **open** when no self-play ends below ``--least`` marks for X (-2 by
  default) and one ends level or better for X (X's margin ``>= 0``);
* ``--x-moves greedy`` plays X's opening plies by ``greedy`` and O's at random:
  a handicap for the second mover, for a book of openings that lean to X as
  the unbalanced books of chess testers do (O's edge grows with the depth of
  play, so openings level at depth 4 still lean to O at 0.1 s a move).

Every probe is appended to ``--log`` as one JSON line the moment it is known
(resumable: a run continues where it stopped); ``--book FILE`` writes the open
ones, in probe order, one position a line, for ``plyground tournament --book``.

    PYTHONPATH=src nice python benchmarks/adjacency_open_openings.py --count 300 --log probes.jsonl
    PYTHONPATH=src python benchmarks/adjacency_open_openings.py --log probes.jsonl --book book.txt
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from plyground.arena.players.make import make_seeded_bot
from plyground.games import load_game

EVALUATIONS = {"hand": "weights=learned:0", "learned": "weights=learned:1"}
"""The self-plays of each candidate: bot settings of each evaluation."""


def is_open(probe: dict[str, int], least: int = -2) -> bool:
    """No self-play ends below ``least`` marks for X, and one is level or better."""
    margins = [probe[name] for name in EVALUATIONS]
    return min(margins) >= least and max(margins) >= 0


def probe(
    spec: str, log: Path, *, count: int, seed: int, plies: list[int], depth: int, x_moves: str
) -> None:
    """Probe ``count`` candidates (continuing ``log``: the generator replays the ones done)."""
    game = load_game(spec)
    done = len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0
    rng = random.Random(seed)
    bots = {
        name: [make_seeded_bot(f"alphabeta:depth={depth},{setting}", s) for s in (1, 2)]
        for name, setting in EVALUATIONS.items()
    }
    x_bot = None if x_moves == "random" else make_seeded_bot(x_moves, seed)
    for number in range(count):
        k = rng.choice(plies)
        state = game.initial_state()
        if x_bot is not None:
            x_bot.new_game(game)
        for _ in range(k):
            if x_bot is not None and state.to_move() == 0:
                state = state.play(x_bot.choose(state).move)
            else:
                state = state.play(rng.choice(list(state.legal_moves())))
        if number < done:
            continue  # probed by an earlier run (the draws above keep the generator in step)
        result: dict[str, object] = {"start": state.text(), "plies": k}
        began = time.perf_counter()
        for name, pair in bots.items():
            for bot in pair:
                bot.new_game(game)
            end = state
            while not end.is_terminal():
                end = end.play(pair[end.to_move()].choose(end).move)
            result[name] = int(end.returns()[0])
        result["seconds"] = round(time.perf_counter() - began, 2)
        with log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")
        print(number + 1, result, flush=True)


def write_book(log: Path, book: Path, spec: str, least: int) -> None:
    probes = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    chosen = [p for p in probes if is_open(p, least)]
    lines = [
        f"# {len(chosen)} open openings of {spec} from {len(probes)} probed "
        f"(benchmarks/adjacency_open_openings.py --log {log.name}): X's margin in the "
        f"self-play of each evaluation >= {least}, and >= 0 in one",
        *(
            f"{p['start']}  # {p['plies']} random plies; hand {p['hand']:+d}, "
            f"learned {p['learned']:+d}"
            for p in chosen
        ),
    ]
    book.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(chosen)} of {len(probes)} candidates open; book written to {book}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="adjacency(size=8,rounds=28)")
    parser.add_argument("--count", type=int, default=300, help="candidates to probe")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--plies", default="2,4,6,8,10", help="random plies of a candidate")
    parser.add_argument("--depth", type=int, default=4, help="depth of the self-play probes")
    parser.add_argument(
        "--x-moves",
        default="random",
        help="who plays X's opening plies: random, or a bot (greedy: O's stay random, "
        "a handicap for the second mover)",
    )
    parser.add_argument("--log", type=Path, required=True, help="the probes, one JSON a line")
    parser.add_argument(
        "--least", type=int, default=-2, help="--book: X's least margin in each self-play"
    )
    parser.add_argument("--book", type=Path, help="write the open openings here (no probing)")
    args = parser.parse_args()
    if args.book is not None:
        write_book(args.log, args.book, args.game, args.least)
    else:
        plies = [int(k) for k in args.plies.split(",")]
        probe(
            args.game,
            args.log,
            count=args.count,
            seed=args.seed,
            plies=plies,
            depth=args.depth,
            x_moves=args.x_moves,
        )


if __name__ == "__main__":
    main()
