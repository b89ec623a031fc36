"""The game-agnostic expectimax and the ``2048`` bot."""

from __future__ import annotations

import time

import pytest

from cli_support import run_python
from plyground.algorithms.search.expectimax import Expectimax
from plyground.arena.play.solo import play_solo
from plyground.bots import make_bot
from plyground.bots.g2048 import G2048Bot
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game
from plyground.games.g2048 import G2048State
from plyground.games.g2048.engine import (
    STOP_DEADLINE,
    STOP_NODES,
    STOP_PREDICTED,
    STOP_SINGLE,
    STOP_TARGET,
    adaptive_depth,
)
from plyground.games.g2048.evaluation import G2048Evaluator, G2048Weights, board_value
from plyground.games.g2048.rules import spawn_outcome

from .test_kernel import game_positions

GAME = load_game("2048")
_WALL_GRACE = 0.25
"""Seconds a move may take past its limit on the wall clock: a busy machine can hold the
process past the deadline the search read (the CPU time below is the tight check)."""
_CPU_GRACE = 0.01
"""Seconds of CPU time past the limit: what a move costs after the search read its deadline."""
_CLOCK_STOPS = {STOP_DEADLINE, STOP_PREDICTED}
"""The stops of a search the clock ends: the kernel read the deadline, or it had passed
before the next depth started."""
EVALUATOR = G2048Evaluator()


def state(text: str) -> G2048State:
    result = GAME.parse_state(text)
    assert isinstance(result, G2048State)
    return result


def test_chance_node_value_is_the_weighted_mean() -> None:
    # One empty cell (d1): the chance node has two outcomes, 2 and 4.
    chance = state("2,4,2,4/4,2,4,2/2,4,2,4/4,2,16,0 0 spawn")
    search = Expectimax(EVALUATOR, cut=0.0, cache_size=0)
    assert search.value(chance, 0) == EVALUATOR.evaluate(chance)
    expected = 0.0
    for outcome, probability in chance.chance_outcomes():
        child = chance.play(outcome)
        best = max(
            (EVALUATOR.evaluate(child.play(m)) for m in child.legal_moves()),
            default=0.0,  # no move: the game is lost, worth 0
        )
        expected += probability * best
    assert search.value(chance, 1) == pytest.approx(expected)
    assert chance.play(spawn_outcome(15, 1)).is_terminal()  # a 2 ends the game
    assert not chance.play(spawn_outcome(15, 2)).is_terminal()  # a 4 merges with d2


def test_terminal_is_worth_zero_and_cut_evaluates() -> None:
    lost = state("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 0 move")
    assert Expectimax(EVALUATOR).value(lost, 3) == 0.0
    chance = state("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn")
    cut = Expectimax(EVALUATOR, cut=0.5)
    assert cut.value(chance, 3, probability=0.4) == EVALUATOR.evaluate(chance)
    assert cut.evaluations == 1


def test_iterate_reports_each_depth_and_obeys_node_limits() -> None:
    position = game_positions(2, 1, every=30)[0]
    search = Expectimax(EVALUATOR, cut=0.01)
    results = list(search.iterate(position, Limit(depth=2)))
    assert [r.info.depth for r in results] == [1, 2]
    assert all(r.move in position.legal_moves() for r in results)
    assert results[-1].info.extra["evaluations"] > 0
    starved = Expectimax(EVALUATOR).search(position, Limit(nodes=1))
    assert starved.info.depth == 0 and starved.move in position.legal_moves()


def test_expectimax_checks_the_game() -> None:
    adjacency = load_game("adjacency").initial_state()
    with pytest.raises(ValueError, match="one-player games"):
        Expectimax().search(adjacency, Limit(depth=1))
    with pytest.raises(ValueError, match="not the player's turn"):
        Expectimax().search(GAME.initial_state(), Limit(depth=1))
    with pytest.raises(ValueError, match="probability cut"):
        Expectimax(cut=1.5)


def test_bot_plays_only_2048() -> None:
    bot = make_bot("2048")
    assert isinstance(bot, G2048Bot)
    assert bot.supports(GAME) and not bot.supports(load_game("adjacency"))
    with pytest.raises(SettingsError, match="shallowest"):
        make_bot("2048:shallowest=5,deepest=3")


def test_bot_reports_search_info_per_depth() -> None:
    position = game_positions(4, 1, every=50)[0]
    seen: list[SearchInfo] = []
    bot = make_bot("2048:depth=3,time=600")  # generous: the machine may be busy
    decision = bot.choose(position, on_info=seen.append)
    assert decision.move in position.legal_moves()
    assert [i.depth for i in seen] == [1, 2, 3], decision.info
    last, final = seen[-1], decision.info  # the final info adds the stop and the whole time
    assert (final.depth, final.score, final.nodes, final.pv) == (
        last.depth,
        last.score,
        last.nodes,
        last.pv,
    )
    kernel, dropped = final.extra["kernel_seconds"], final.extra["dropped_seconds"]
    assert final.extra == {
        **last.extra,
        "stop": STOP_TARGET,
        "kernel_seconds": kernel,
        "dropped_seconds": dropped,
    }
    assert final.elapsed >= last.elapsed and 0 < kernel <= final.elapsed and dropped == 0.0
    assert decision.info.nodes > 0 and decision.info.pv == (position.move_text(decision.move),)
    assert decision.info.extra["target_depth"] == 3
    assert bot.choose(position, Limit(depth=1)).info.depth == 1


def test_bot_obeys_a_node_limit() -> None:
    position = game_positions(6, 1, every=50)[0]
    decision = make_bot("2048:depth=6,cut=0").choose(position, Limit(nodes=5000))
    assert decision.move in position.legal_moves()
    assert decision.info.depth < 6


def test_a_node_budget_replays_a_seeded_game() -> None:
    """Under a node budget the deepening decides by node counts, never by the clock: the
    same seed gives the same game (the strength benchmarks rely on it)."""

    def game() -> tuple[str, int]:
        bot = make_bot("2048:deepest=6")
        result = play_solo(GAME, bot, seed=4, limit=Limit(nodes=20_000), max_moves=300)
        return result.final.text(), result.moves

    assert game() == game()


def test_numba_and_python_engines_agree() -> None:
    for position in game_positions(8, 5, every=11):
        fast = make_bot("2048:depth=2,cut=0.02,cache=0").choose(position)
        slow = make_bot("2048:depth=2,cut=0.02,cache=0,engine=python").choose(position)
        assert fast.move == slow.move
        assert fast.info.score == pytest.approx(slow.info.score, rel=1e-12)


def test_bot_falls_back_to_the_rules_beyond_the_kernel() -> None:
    big = state("32768,32768,0,0/2,0,0,0/0,0,0,0/0,0,0,0 0 move")
    decision = make_bot("2048").choose(big)
    assert decision.move in big.legal_moves()
    assert decision.info.depth == 2 and "target_depth" not in decision.info.extra


def test_adaptive_depth() -> None:
    board = (1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert adaptive_depth(board, 2, 6) == 5
    assert adaptive_depth(board, 2, 4) == 4
    assert adaptive_depth((1,) + (0,) * 15, 2, 6) == 2
    assert adaptive_depth(board, 2, 12, deeper=1) == 6
    bot = make_bot("2048:deeper=1,deepest=12")
    assert isinstance(bot, G2048Bot)
    assert bot.target_depth(GAME.state(board, 0, 0)) == 6


def test_weights_file(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "w.json"
    path.write_text('{"smoothness": 5, "empty": 100}')
    bot = make_bot(f"2048:weights={path}")
    assert isinstance(bot, G2048Bot)
    assert bot.weights == G2048Weights(smoothness=5, empty=100)
    path.write_text('{"colour": 1}')
    with pytest.raises(SettingsError, match="unknown 2048 weight 'colour'"):
        make_bot(f"2048:weights={path}")


def test_seeded_game_strength_floor() -> None:
    """A cheap depth-2 bot reaches 512 within 400 moves of a seeded game (seed 1)."""
    bot = make_bot("2048:depth=2")
    result = play_solo(GAME, bot, seed=1, max_moves=400)
    assert isinstance(result.final, G2048State)
    assert result.final.max_tile() >= 512
    assert result.moves == 400
    assert board_value(result.final.board, G2048Weights()) > 0


def test_bot_answers_within_a_short_limit() -> None:
    """At 0.05 s a move, over 40 moves of a game, the clock ends every search.

    Depth 10 without a cut takes minutes, so every answer must come from the
    clock: the bot reports why it stopped (the kernel read the deadline, or
    the next depth was predicted not to fit, or one legal move) and its whole
    time. The CPU time a move takes is bounded tightly (the limit plus 10 ms:
    a starved process uses less CPU than wall time, never more); its wall time
    only loosely (the limit plus a quarter of a second: a busy machine may hold
    the process past a deadline it read). Which stop ends a move depends on the
    machine (on a quiet one the prediction may end all 40); the kernel's own
    deadline stop is checked in ``test_a_bank_keeps_unused_time_for_later_moves``
    and in ``tests/g2048/test_kernel.py``.
    """
    bot = make_bot("2048:time=0.05,depth=10,cut=0")
    bot.new_game(GAME)
    for position in game_positions(9, 40, every=13):
        cpu = time.thread_time()
        decision = bot.choose(position)
        cpu = time.thread_time() - cpu
        assert decision.move in position.legal_moves()
        info = decision.info
        assert "moves_tried" in info.extra  # the compiled search answered
        assert info.extra["stop"] in {STOP_DEADLINE, STOP_PREDICTED, STOP_SINGLE}, info
        assert 0 < info.elapsed < 0.05 + _WALL_GRACE, info
        assert cpu < 0.05 + _CPU_GRACE, (cpu, info)


def test_a_bank_keeps_unused_time_for_later_moves() -> None:
    """With ``bank=4`` the time a move leaves unused is kept (up to 4 x the limit) and a
    later move may spend it: a search that the clock must stop then runs past the limit,
    within the limit plus the reserve. Without a bank every move stays within its limit."""
    plain = make_bot("2048:time=0.05")
    assert isinstance(plain, G2048Bot) and not plain.paces_itself
    bot = make_bot("2048:time=0.05,depth=2,bank=4")
    assert isinstance(bot, G2048Bot) and bot.paces_itself
    bot.new_game(GAME)
    positions = list(game_positions(9, 12, every=13))
    for position in positions[:10]:  # depth 2 takes well under a millisecond a move
        bot.choose(position)
    assert 0.05 < bot.reserve <= 4 * 0.05
    deep = make_bot("2048:time=0.05,depth=10,cut=0,optimism=1e6,bank=4")
    assert isinstance(deep, G2048Bot)
    deep.new_game(GAME)
    deep.reserve = 0.15  # as if earlier moves had left 3 limits unused
    cpu = time.thread_time()
    info = deep.choose(positions[-1]).info
    cpu = time.thread_time() - cpu
    assert info.extra["stop"] == STOP_DEADLINE, info
    assert info.elapsed > 0.15  # the clock stopped it past the limit: it spent the reserve
    assert cpu < 0.05 + 0.15 + _CPU_GRACE
    assert deep.reserve < 0.15 - 0.05  # what it spent beyond the limit left the bank
    # with spend=0.5 a move may spend half of what is kept
    halves = make_bot("2048:time=0.05,depth=10,cut=0,optimism=1e6,bank=8,spend=0.5")
    assert isinstance(halves, G2048Bot)
    halves.new_game(GAME)
    halves.reserve = 0.3
    cpu = time.thread_time()
    info = halves.choose(positions[-1]).info
    cpu = time.thread_time() - cpu
    assert info.extra["stop"] == STOP_DEADLINE, info
    assert info.elapsed > 0.15  # past its limit, into its half of the reserve
    assert cpu < 0.05 + 0.15 + _CPU_GRACE  # and not into the other half


_WALL_BOARD = "16384,8192,4096,2048/1024,512,256,128/64,32,16,8/4,0,2,0 370000 move"
"""Tiles adding up to 32,766: a spawn or so from the sum of a 32768, on the wall."""
_OPEN_BOARD = "16384,0,0,0/0,0,0,0/0,2,4,0/0,0,0,0 200000 move"
"""Tiles adding up to 16,390: some 7,400 spawns from the next power of two."""


def test_wall_keeps_the_bank_for_the_boards_before_the_next_power_of_two() -> None:
    """With ``wall=W`` a move spends nothing from the bank until its tiles are within W
    spawns of adding up to the next power of two; there it spreads the bank over the
    spawns left and searches to ``deepest``. Its adaptive depth is searched on every
    board, from the whole bank if need be. It needs a bank.

    Each search here is one the clock must stop (depth 20 takes hours); which of the
    clock's stops ends it depends on the machine: the kernel reads the deadline, or a
    busy machine holds the process past it between two depths and the next one is not
    started (``predicted``, however optimistic). The time each spends is the check: CPU
    time within the pace before the wall, wall time past it into the bank on the wall.
    The kernel's own deadline stop is checked in
    ``test_a_bank_keeps_unused_time_for_later_moves`` and ``tests/g2048/test_kernel.py``."""
    with pytest.raises(SettingsError, match="needs a bank"):
        make_bot("2048:wall=1000")
    wall, open_board = GAME.parse_state(_WALL_BOARD), GAME.parse_state(_OPEN_BOARD)
    assert isinstance(wall, G2048State) and isinstance(open_board, G2048State)
    adaptive = make_bot("2048:time=0.05,shallowest=4,deepest=12,bank=100,wall=1000")
    assert isinstance(adaptive, G2048Bot)
    assert adaptive.on_wall(wall) and not adaptive.on_wall(open_board)
    assert adaptive.target_depth(wall) == 12
    assert adaptive.target_depth(open_board) == 4
    deep = make_bot("2048:time=0.05,depth=20,cut=0,optimism=1e6,bank=100,wall=1000")
    assert isinstance(deep, G2048Bot)
    deep.new_game(GAME)
    deep.reserve = 0.15  # as if earlier moves had left 3 limits unused
    cpu = time.thread_time()
    info = deep.choose(open_board).info
    cpu = time.thread_time() - cpu
    assert info.extra["stop"] in _CLOCK_STOPS and info.depth < 20, info
    assert cpu < 0.05 + _CPU_GRACE  # before the wall: within the pace, the bank kept
    # a busy machine may have held that move past its pace in wall time, which the bank
    # paid back: the wall move is measured from the same bank
    deep.reserve = 0.15
    cpu = time.thread_time()
    info = deep.choose(wall).info
    cpu = time.thread_time() - cpu
    assert info.extra["stop"] in _CLOCK_STOPS and info.depth < 20, info
    assert info.elapsed > 0.15  # a spawn from the power of two: the whole bank is its share
    assert cpu < 0.05 + 0.15 + _CPU_GRACE
    # its adaptive depth is a floor: searched on any board whatever it costs, from the bank
    floored = make_bot("2048:time=0.05,shallowest=20,deepest=20,cut=0,bank=100,wall=1000")
    assert isinstance(floored, G2048Bot)
    floored.new_game(GAME)
    floored.reserve = 0.15
    cpu = time.thread_time()
    info = floored.choose(open_board).info
    cpu = time.thread_time() - cpu
    assert info.extra["stop"] == STOP_DEADLINE, info  # a floor is stopped only by the kernel
    assert info.elapsed > 0.15  # before the wall, yet into the bank: the floor's depth
    assert cpu < 0.05 + 0.15 + _CPU_GRACE


def test_optimism_decides_whether_a_deeper_search_starts() -> None:
    """``optimism=0`` starts nothing that is predicted to cost time (depth 1 only, with
    seconds to spare); a huge one always starts the next depth, which the clock stops."""
    position = next(iter(game_positions(9, 1, every=50)))
    cautious = make_bot("2048:time=5,depth=10,cut=0,optimism=0")
    cautious.new_game(GAME)
    info = cautious.choose(position).info
    assert (info.depth, info.extra["stop"]) == (1, STOP_PREDICTED), info
    eager = make_bot("2048:time=0.05,depth=10,cut=0,optimism=1e6")
    eager.new_game(GAME)
    assert eager.choose(position).info.extra["stop"] == STOP_DEADLINE


def test_bot_reports_why_it_stopped() -> None:
    """A reached target depth, a node limit inside the kernel, and a single legal move."""
    bot = make_bot("2048:depth=2")
    bot.new_game(GAME)
    position = next(iter(game_positions(9, 1, every=50)))
    assert bot.choose(position).info.extra["stop"] == STOP_TARGET
    deep = make_bot("2048:depth=10,cut=0")
    deep.new_game(GAME)
    stopped = deep.choose(position, Limit(nodes=5_000)).info
    assert stopped.extra["stop"] in {STOP_NODES, STOP_PREDICTED} and stopped.nodes <= 5_000 + 2048
    single = state("2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move")  # only right changes it
    assert single.legal_moves() == (1,)
    decision = bot.choose(single)
    assert decision.move == 1 and decision.info.extra["stop"] == STOP_SINGLE


_FRESH_PROCESS = """
import time
from plyground.bots import make_bot
from plyground.games import load_game
from plyground.games.g2048 import search
game = load_game("2048")
state = game.parse_state("2,0,0,0/16,8,4,0/256,64,8,2/1024,512,32,4 2236 move")
bot = make_bot("2048:time=0.05")
if {new_game}:
    bot.new_game(game)
    assert search.warm_up.loaded()
started = time.perf_counter()
decision = bot.choose(state)
print(time.perf_counter() - started, "moves_tried" in decision.info.extra, decision.move)
later = 2
while time.perf_counter() - started < 240:  # the kernels finish loading in the background
    if "moves_tried" in bot.choose(state).info.extra:
        print("compiled from move", later)
        break
    later += 1
"""


@pytest.mark.parametrize("new_game", [True, False])
def test_kernel_loads_outside_the_clock(new_game: bool) -> None:
    """In a new process the first answer at 0.05 s does not wait for the kernels to load.

    ``new_game`` loads the compiled search, so the first move uses it; without
    it, the first move goes to the reference search while the kernels load
    in the background, and a later move uses them. Which search answered is
    the check; the time bound is only generous (loading takes a few tenths of
    a second on a quiet machine, many seconds on a loaded one).
    """
    done = run_python(_FRESH_PROCESS.format(new_game=new_game))
    assert done.returncode == 0, done.stderr[-2000:]
    first, then = done.stdout.splitlines()
    took, compiled, move = first.split()
    assert float(took) < 1.0
    assert then == "compiled from move 2" if new_game else then.startswith("compiled from move")
    assert compiled == str(new_game)
    assert move in {"0", "1", "2", "3"}
