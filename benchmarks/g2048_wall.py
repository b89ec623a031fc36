"""The wall before 32768: who gets through it, from the same boards with the same spawns.

Our bot and nneonneo/2048-ai both reach 16384 in most games at the anchor's pace
and end near move 14,900, when the tiles on the board add up to about 32,768
and going on means merging nearly all of them into one (docs/2048-vs-nneonneo.md,
"At the anchor's natural pace"). This benchmark isolates that stretch, so players can
be compared on it without playing the 14,000 moves before it each time:

    PYTHONPATH=src python benchmarks/g2048_wall.py ANCHOR reach --seeds 1 4 --out wall.jsonl
    PYTHONPATH=src python benchmarks/g2048_wall.py ANCHOR play wall.jsonl --trials 2 \
        --player nneonneo --player 2048:deeper=1,shallowest=4,deepest=20,cut=0.0001 \
        --out trials.jsonl
    PYTHONPATH=src python benchmarks/g2048_wall.py ANCHOR agree wall.jsonl

``reach`` plays a guide game on each seed (our bot at the anchor's depth rule,
stopped by that depth, never by the clock: the same game on any machine) and
writes one JSON line for the first board whose tiles add up to ``--sum`` or
more with ``--tile`` (16384) the largest, the wall's start, and the guide's
boards after it (``--keep N``: only the first N, and the guide stops there;
``play`` needs only the first). ``--guide`` plays another bot instead: with a
time and a bank, a game at that pace, and the line records what the guide kept
in its bank for the wall (``guide_reserve``).

``play`` plays every player from every wall board, with spawn seeds
``1..--trials`` (the seed draws every spawn, so the players see the same
random numbers), to the first 32768 or the end, and prints per player how
many got through, the moves played and the time a move (``--until SUM`` ends
a trial, as through, once the tiles add up to SUM: an earlier wall, such as
an inner one, can be played on its own); a player is
``nneonneo`` (its depth rule, no clock) or one of our bot specs (at its
``time`` setting, held to that mean pace as in g2048_vs_nneonneo.py; one with
a bank starts with ``--reserve`` seconds in it, as if saved before the wall),
or ``finishF+PLAYER``: that player, overruled in a last stage of at most F free
cells by the stage's exact values (g2048_finish.py).

``agree`` searches every board of the guide's game from the wall's start on
(the guide's moves, ``--every`` apart) with both programs at the anchor's depth
rule (ours at its + 1 moves, the same depth; ``--weights``, ``--cut`` and
``--table`` change ours; ``--versus WEIGHTS`` and ``--versus-cut CUT`` put our
search with those weights or that chance cut in the anchor's place), and
prints how often they choose the same move, on all boards and on the last
``--last`` before the guide's game ended, the time each takes a board, and
where they differ, how much better each search values its own move than the
other's.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from g2048_finish import FinishingBot
from g2048_vs_nneonneo import (
    ANCHOR_CUT,
    Anchor,
    AnchorBot,
    BenchmarkError,
    PacedBot,
    build_anchor,
    pool_map,
    through,
)
from plyground.arena.play.solo import play_solo
from plyground.bots import make_bot
from plyground.bots.base import Bot
from plyground.bots.evaluators import load_weights
from plyground.bots.g2048 import G2048Bot
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.limits import SearchInfo
from plyground.games import load_game
from plyground.games.g2048 import G2048State
from plyground.games.g2048.evaluation import G2048Weights
from plyground.games.g2048.kernel import board_to_int
from plyground.games.g2048.search import G2048Search

GUIDE = "2048:deeper=1,shallowest=4,deepest=20,cut=0.0001,time=3600"
"""The guide to the wall: our search at the anchor's depth rule, stopped by depth alone."""


@dataclass
class Wall:
    """A guide game's boards from the wall's start to the game's end (a line of ``reach``)."""

    seed: int
    wall_move: int
    guide_moves: int
    guide_max: int
    guide_seconds: float
    boards: list[str]
    guide: str = GUIDE
    guide_reserve: float | None = None
    """Seconds the guide had in its bank at the wall's first board (a guide with a bank)."""


# -- reach: the guide games ------------------------------------------------------------
def reach_one(job: tuple[str, int, int, int, int | None]) -> Wall | None:
    """The guide's game on ``seed``: its boards from the wall's start on, to the game's end
    or ``keep`` boards (None: it never got there)."""
    guide, seed, wall_tile, wall_sum, keep_boards = job
    boards: list[str] = []
    bot = make_bot(guide)
    reserve: list[float] = []

    def keep(state: State, move: object, info: SearchInfo) -> None:
        assert isinstance(state, G2048State)
        if boards or (state.max_tile() == wall_tile and sum(state.tiles()) >= wall_sum):
            if not boards and isinstance(bot, G2048Bot) and bot.paces_itself:
                reserve.append(round(bot.reserve, 1))
            boards.append(state.text())

    def stop(state: State) -> bool:
        return through(state) or (keep_boards is not None and len(boards) >= keep_boards)

    result = play_solo(load_game("2048"), PacedBot(bot), seed, until=stop, on_move=keep)
    final = result.final
    assert isinstance(final, G2048State)
    wall_move = result.moves - len(boards)
    where = (
        f"wall from move {wall_move} ({len(boards)} board{'' if len(boards) == 1 else 's'} to the "
        + ("end" if keep_boards is None else "guide's stop")
        + (f", {reserve[0]:,.0f} s in the bank there)" if reserve else ")")
        if boards
        else "the guide did not reach the wall; no board kept"
    )
    print(
        f"  seed {seed}: guide max {final.max_tile()}, {result.moves:,} moves in "
        f"{result.seconds:,.0f} s; {where}",
        flush=True,
    )
    if not boards:
        return None
    seconds = round(result.seconds, 1)
    kept = reserve[0] if reserve else None
    return Wall(seed, wall_move, result.moves, final.max_tile(), seconds, boards, guide, kept)


def reach(args: argparse.Namespace) -> None:
    seeds = range(args.seeds[0], args.seeds[1] + 1)
    print(
        f"reach: guide {args.guide}, the wall at {args.tile} with tiles adding to >= {args.sum:,}"
    )
    jobs = [(args.guide, s, args.tile, args.sum, args.keep) for s in seeds]
    for wall in pool_map(reach_one, jobs, args.jobs):
        if wall is not None:
            with args.out.open("a") as handle:
                handle.write(json.dumps(asdict(wall)) + "\n")


def read_walls(path: Path) -> list[Wall]:
    if not path.is_file():
        raise BenchmarkError(f"no wall file at {path} (make one with 'reach')")
    try:
        walls = [Wall(**json.loads(line)) for line in path.read_text().splitlines() if line]
    except (ValueError, TypeError) as error:
        raise BenchmarkError(f"{path} is not a file written by 'reach': {error}") from error
    if not walls:
        raise BenchmarkError(f"{path} holds no wall boards")
    return walls


# -- play: every player from every wall board ------------------------------------------
@dataclass
class Trial:
    player: str
    seed: int
    trial: int
    through: bool
    max_tile: int
    moves: int
    seconds: float
    exact_moves: int | None = None
    """Moves of a ``finish`` player that the exact values overruled (g2048_finish.py)."""


Job = tuple[str, str, int, int, str, float, str | None, int | None]
"""(player, library, guide seed, spawn seed, wall board text, reserve, output file,
the tiles' sum that ends a trial as through: None for 32768 alone)."""


class BankedBot(PacedBot):
    """A paced bot with a bank that starts its game with ``reserve`` seconds in it, as
    if the moves before the wall had saved them."""

    def __init__(self, inner: G2048Bot, reserve: float) -> None:
        super().__init__(inner)
        self.reserve = reserve

    def new_game(self, game: Game) -> None:
        super().new_game(game)
        assert isinstance(self.inner, G2048Bot)
        self.inner.reserve = self.reserve


def player_bot(player: str, library: str, reserve: float) -> Bot:
    if player == "nneonneo":
        return AnchorBot(library=library, paced=False, time=3600.0)
    finishing = re.fullmatch(r"finish(\d+)\+(.+)", player)
    if finishing:  # e.g. finish7+2048:time=3600, overruled by exact values (g2048_finish.py)
        return FinishingBot(player_bot(finishing[2], library, reserve), int(finishing[1]))
    bot = make_bot(player)
    if isinstance(bot, G2048Bot) and bot.paces_itself:
        return BankedBot(bot, reserve)
    return PacedBot(bot)


def passed(until: int | None) -> Callable[[State], bool]:
    """Whether a board is through: it holds 32768, or its tiles add up to ``until``."""

    def done(state: State) -> bool:
        assert isinstance(state, G2048State)
        return through(state) or (until is not None and sum(state.tiles()) >= until)

    return done


def play_one(job: Job) -> Trial:
    player, library, seed, trial, board, reserve, out, until = job
    game = load_game("2048")
    done = passed(until)
    bot = player_bot(player, library, reserve)
    result = play_solo(
        game,
        bot,
        trial,
        start=game.parse_state(board),
        until=done,
    )
    final = result.final
    assert isinstance(final, G2048State)
    record = Trial(
        player,
        seed,
        trial,
        done(final),
        final.max_tile(),
        result.moves,
        round(result.seconds, 2),
        bot.exact_moves if isinstance(bot, FinishingBot) else None,
    )
    if out:
        with Path(out).open("a") as handle:
            handle.write(json.dumps(asdict(record)) + "\n")
    print(
        f"  {player} wall {seed} spawns {trial}: "
        f"{'through' if record.through else 'died'} after {record.moves:,} moves "
        f"({1000 * record.seconds / max(1, record.moves):.0f} ms a move"
        + ("" if record.exact_moves is None else f", {record.exact_moves} overruled exactly")
        + ")",
        flush=True,
    )
    return record


def play(args: argparse.Namespace, library: Path) -> None:
    walls = read_walls(args.walls)
    out = str(args.out) if args.out else None
    jobs: list[Job] = [
        (player, str(library), wall.seed, trial, wall.boards[0], args.reserve, out, args.until)
        for wall in walls
        for trial in range(1, args.trials + 1)
        for player in args.player
    ]
    goal = "32768" if args.until is None else f"32768 or tiles adding up to {args.until:,}"
    print(
        f"play: {len(walls)} wall boards x {args.trials} spawn seeds x {len(args.player)} "
        f"players, through at {goal}; a bot with a bank starts with {args.reserve:,.0f} s in it"
    )
    trials = list(pool_map(play_one, jobs, args.jobs))
    print(f"{'player':<60} {'trials':>6} {'through':>8} {'moves':>7} {'ms/move':>8}")
    for player in args.player:
        mine = [t for t in trials if t.player == player]
        moves = sum(t.moves for t in mine)
        print(
            f"{player:<60} {len(mine):>6} {sum(t.through for t in mine):>8} "
            f"{statistics.mean(t.moves for t in mine):>7.0f} "
            f"{1000 * sum(t.seconds for t in mine) / max(1, moves):>8.1f}"
        )


# -- agree: the two searches at the same depth on the guide's boards -------------------
def our_values(
    weights: str | None, table: int, cut: float = ANCHOR_CUT
) -> tuple[G2048Search, Callable[[int, int], dict[int, float]]]:
    """Our search with ``weights`` (None: the defaults), ``table`` entries and chance ``cut``,
    and its value of each move of a board searched at the anchor's depth rule ``rule`` (in
    the anchor's counting; ours is rule + 1 moves, the same depth; an illegal move scores
    -inf)."""
    search = G2048Search(
        G2048Weights.from_dict(load_weights(weights)), cut=cut, table_entries=table
    )
    search.new_game()

    def values(board: int, rule: int) -> dict[int, float]:
        search.new_move()
        found = search.values(board, rule + 1)
        assert found is not None
        return {move: float(found[move]) for move in range(4)}

    return search, values


def agree(args: argparse.Namespace, library: Path) -> None:
    anchor = Anchor(library)
    search, move_values = our_values(args.weights, args.table, args.cut)
    other_name = "the anchor"
    other_values: Callable[[int, int], dict[int, float]] = anchor.values  # illegal: 0
    if args.versus is not None or args.versus_cut is not None:
        versus_cut = ANCHOR_CUT if args.versus_cut is None else args.versus_cut
        other_name = f"ours with weights {args.versus or 'the defaults'}, cut {versus_cut:g}"
        other_values = our_values(args.versus, args.table, versus_cut)[1]
    game = load_game("2048")
    print(
        f"agree: both at the anchor's depth rule, every {args.every}th board from the wall on; "
        f"our weights {args.weights or 'the defaults'}, cut {args.cut:g}, our table "
        f"{search.table_entries:,} entries; against {other_name}"
    )
    totals = {"all": [0, 0], "last": [0, 0]}
    gaps: list[float] = []
    their_gaps: list[float] = []
    for wall in read_walls(args.walls):
        boards = wall.boards
        same = looked = late_same = late = 0
        ours_seconds = their_seconds = 0.0
        for index in range(0, len(boards), args.every):
            state = game.parse_state(boards[index])
            assert isinstance(state, G2048State)
            board = board_to_int(state.board)
            rule = anchor.depth_limit(board)
            began = time.perf_counter()
            values = move_values(board, rule)
            ours_seconds += time.perf_counter() - began
            ours: int = max(state.legal_moves(), key=values.__getitem__)
            began = time.perf_counter()
            their_values = other_values(board, rule)
            their_seconds += time.perf_counter() - began
            theirs: int = max(their_values, key=their_values.__getitem__)  # first best: its play
            looked += 1
            same += ours == theirs
            if ours != theirs:  # how much better each search values its own move than the other's
                gaps.append((values[ours] - values[theirs]) / values[ours])
                their_gaps.append(
                    (their_values[theirs] - their_values[ours]) / their_values[theirs]
                )
            if index >= len(boards) - args.last:
                late += 1
                late_same += ours == theirs
        totals["all"][0] += same
        totals["all"][1] += looked
        totals["last"][0] += late_same
        totals["last"][1] += late
        print(
            f"  seed {wall.seed} (the guide's last move {wall.guide_moves}, max "
            f"{wall.guide_max}): same move on {same}/{looked} boards, "
            f"{late_same}/{late} of the last {args.last}; ms a board: ours "
            f"{1000 * ours_seconds / looked:.0f}, theirs {1000 * their_seconds / looked:.0f}",
            flush=True,
        )
    (same, looked), (late_same, late) = totals["all"], totals["last"]
    print(f"all: same move on {same}/{looked} boards; the last {args.last}: {late_same}/{late}")
    if gaps:
        print(
            "where they differ, how much better each values its own move than the other's "
            f"(relative): ours median {statistics.median(gaps):.1e}, largest {max(gaps):.1e}; "
            f"theirs median {statistics.median(their_gaps):.1e}, "
            f"largest {max(their_gaps):.1e}"
        )


def chance_cut(text: str) -> float:
    """A chance cut from the command line: a probability in [0, 1)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"a chance cut is in [0, 1), got {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("anchor", type=Path, help="directory of the nneonneo/2048-ai sources")
    parser.add_argument("--build", type=Path, default=Path("/tmp/nneonneo"), help="build folder")
    parser.add_argument("--cxxflags", default="-O3 -march=native", help="compiler flags")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    stages = parser.add_subparsers(dest="stage", required=True)
    reach_parser = stages.add_parser("reach", help="guide games to the wall")
    reach_parser.add_argument(
        "--seeds", type=int, nargs=2, default=(1, 4), metavar=("FIRST", "LAST")
    )
    reach_parser.add_argument(
        "--sum", type=int, default=30_720, help="tiles adding to this start the wall"
    )
    reach_parser.add_argument(
        "--tile", type=int, default=16384, help="the largest tile at the wall's start"
    )
    reach_parser.add_argument(
        "--guide",
        default=GUIDE,
        help="the guide's bot spec (with a time and a bank: a paced game to the wall, "
        "which records the bank it kept for the wall)",
    )
    reach_parser.add_argument(
        "--keep",
        type=int,
        help="stop the guide once it has kept this many boards (default: play to its end; "
        "'play' needs only the first)",
    )
    reach_parser.add_argument("--out", type=Path, required=True, help="append the wall boards")
    play_parser = stages.add_parser("play", help="every player from every wall board")
    play_parser.add_argument("walls", type=Path, help="a file written by 'reach'")
    play_parser.add_argument("--trials", type=int, default=2, help="spawn seeds a board")
    play_parser.add_argument(
        "--player",
        action="append",
        required=True,
        help="nneonneo, a bot spec, or finishF+PLAYER (g2048_finish.py); repeatable",
    )
    play_parser.add_argument(
        "--reserve",
        type=float,
        default=0.0,
        help="seconds a bot with a bank starts the wall with (what 'reach --guide' "
        "records for such a guide)",
    )
    play_parser.add_argument(
        "--until",
        type=int,
        default=None,
        metavar="SUM",
        help="a trial is through once the tiles add up to SUM (default: at 32768 only)",
    )
    play_parser.add_argument("--out", type=Path, default=None, help="append a JSON line a trial")
    agree_parser = stages.add_parser("agree", help="both searches on the guide's boards")
    agree_parser.add_argument("walls", type=Path, help="a file written by 'reach'")
    agree_parser.add_argument("--every", type=int, default=10, help="boards between looks")
    agree_parser.add_argument(
        "--weights", default=None, help="our weights (a file, or name:value;... as in a bot spec)"
    )
    agree_parser.add_argument(
        "--table", type=int, default=1 << 20, help="entries of our table (0: none)"
    )
    agree_parser.add_argument(
        "--cut", type=chance_cut, default=ANCHOR_CUT, help="our chance cut (default %(default)g)"
    )
    agree_parser.add_argument("--last", type=int, default=200, help="the boards before the end")
    agree_parser.add_argument(
        "--versus",
        default=None,
        metavar="WEIGHTS",
        help="compare with our search with these weights instead of the anchor",
    )
    agree_parser.add_argument(
        "--versus-cut",
        type=chance_cut,
        default=None,
        metavar="CUT",
        help="compare with our search at this chance cut instead of the anchor",
    )
    args = parser.parse_args(argv)
    try:
        if args.stage == "reach":
            reach(args)
            return 0
        library = build_anchor(args.anchor, args.build, args.cxxflags)
        if args.stage == "play":
            play(args, library)
        else:
            agree(args, library)
    except (BenchmarkError, PlygroundError) as error:  # a bad spec or weights: say which
        print(f"g2048_wall: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
