"""SPRT: the LLR against a direct maximisation, degenerate and lopsided samples, the
Elo estimate, pairs from records, decisions on simulated results, and ``plyground sprt``."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from tournament_helpers import RecordFactory

from cli_support import RunCli
from plyground.arena.records.record import GameRecord
from plyground.arena.stats.elo import expected_score
from plyground.arena.stats.sprt import EvenPairs, Sprt, SprtDecision, llr, paired_scores
from plyground.core.errors import SettingsError


def reference_llr(counts: list[int], elo0: float, elo1: float) -> float:
    """The regularised GSPRT by direct numeric maximisation: each category's count plus
    half a pseudo-count; under each hypothesis, the distribution of largest likelihood
    whose mean is that hypothesis's expected score (scipy's SLSQP); the difference of
    the two log-likelihoods, scaled from the regularised total back to the observed one."""
    optimize = pytest.importorskip("scipy.optimize")
    np = pytest.importorskip("numpy")
    counts_r = np.array(counts, dtype=float) + 0.5
    x = np.linspace(0.0, 1.0, len(counts))

    def best(mean: float) -> float:
        result = optimize.minimize(
            lambda p: -float(np.sum(counts_r * np.log(p))),
            np.full(len(counts), 1.0 / len(counts)),
            method="SLSQP",
            bounds=[(1e-12, 1.0)] * len(counts),
            constraints=[
                {"type": "eq", "fun": lambda p: float(np.sum(p) - 1.0)},
                {"type": "eq", "fun": lambda p: float(np.dot(p, x) - mean)},
            ],
            options={"ftol": 1e-14, "maxiter": 1000},
        )
        assert result.success, result.message
        return -float(result.fun)

    s0 = 1.0 / (1.0 + 10.0 ** (-elo0 / 400.0))
    s1 = 1.0 / (1.0 + 10.0 ** (-elo1 / 400.0))
    return sum(counts) / float(counts_r.sum()) * (best(s1) - best(s0))


@pytest.mark.parametrize(
    ("counts", "elo0", "elo1"),
    [
        ([0, 0, 4, 0, 0], 0, 20),
        ([0, 0, 8, 0, 0], 0, 20),
        ([0, 2, 10, 30, 20], 0, 20),
        ([5, 10, 30, 20, 5], -5, 5),
        ([3, 0, 0, 0, 9], 0, 50),
        ([10, 20, 30], 0, 10),
        ([40, 5, 2], -10, 10),
    ],
)
def test_llr_agrees_with_a_direct_maximisation(counts: list[int], elo0: int, elo1: int) -> None:
    assert llr(counts, elo0, elo1) == pytest.approx(reference_llr(counts, elo0, elo1), abs=2e-4)


def test_degenerate_samples_do_not_decide_and_lopsided_ones_do() -> None:
    test = Sprt(elo0=0, elo1=20)
    for counts in ([0, 0, 4, 0, 0], [0, 0, 8, 0, 0]):
        state = test.state(counts)
        assert state.decision is SprtDecision.CONTINUE
        assert test.lower < state.llr < test.upper  # the evidence, not only the minimum
        note = state.even_note()  # counts alone: a split and two draws look alike
        assert note is not None and note.startswith("every pair scored 1 of 2 (a win each, or")
        pairs = counts[2]
        split = state.even_note(EvenPairs(split=pairs, drawn=0))
        assert split is not None and split.startswith("every pair split (a win each): at this")
        drawn = state.even_note(EvenPairs(split=0, drawn=pairs))
        assert drawn is not None and drawn.startswith("every pair was two draws: at this")
        assert "colour" not in drawn
        mixed = state.even_note(EvenPairs(split=1, drawn=pairs - 1))
        assert mixed is not None
        assert f"{pairs} of {pairs} pairs scored 1 of 2: 1 split" in mixed
        assert f"and {pairs - 1} were two draws" in mixed
    lopsided = test.state([0, 2, 10, 30, 20])
    assert lopsided.decision is SprtDecision.H1
    assert lopsided.sentence("new", "old") == "new is 20 Elo stronger than old, or more"
    assert lopsided.even_note() is None
    # a thousand split pairs is evidence: the players are equal
    assert test.state([0, 0, 1000, 0, 0]).decision is SprtDecision.H0


def test_no_verdict_before_the_minimum() -> None:
    test = Sprt(elo0=0, elo1=200)
    early = test.state([0, 0, 0, 0, 9])
    assert early.llr > test.upper and early.decision is SprtDecision.CONTINUE
    assert "after 10 pairs at the earliest" in early.sentence()
    assert test.state([0, 0, 0, 0, 10]).decision is SprtDecision.H1


def test_the_limit_is_named() -> None:
    state = Sprt(elo0=0, elo1=20).state([2, 5, 9, 6, 3])
    assert state.outcome(limit=25) == "no decision (the limit)"
    assert state.describe(limit=25).endswith("after 25 pairs: no decision (the limit)")
    assert state.sentence(limit=25) == "no decision after 25 pairs (the limit)"
    assert state.outcome(limit=30) == "continue"


def test_elo_estimate_against_the_normal_interval() -> None:
    counts = [3, 8, 20, 14, 5]
    state = Sprt(elo0=0, elo1=20).state(counts)
    n = sum(counts)
    points = [0.0, 0.25, 0.5, 0.75, 1.0]
    score = sum(c * v for c, v in zip(counts, points, strict=True)) / n
    regular = [c + 0.5 for c in counts]
    mean = sum(c * v for c, v in zip(regular, points, strict=True)) / sum(regular)
    var = sum(c * (v - mean) ** 2 for c, v in zip(regular, points, strict=True)) / sum(regular)
    high = score + 1.959964 * math.sqrt(var / n)
    assert state.estimate.diff == pytest.approx(-400 * math.log10(1 / score - 1))
    assert state.estimate.high == pytest.approx(-400 * math.log10(1 / high - 1), abs=1e-3)


def test_llr_is_zero_without_results_and_antisymmetric() -> None:
    assert llr([0, 0, 0], 0, 5) == 0.0
    assert llr([3, 4, 3], -5, 5) == pytest.approx(0.0)
    assert llr([2, 4, 6], -5, 5) == pytest.approx(-llr([6, 4, 2], -5, 5))


def test_pairs_are_counted_by_key_within_their_tournament(make_record: RecordFactory) -> None:
    def game(tournament: str, key: str, seed: int, swapped: bool) -> GameRecord:
        names = ("b", "a") if swapped else ("a", "b")
        tags = {"tournament": tournament, "key": key}
        return make_record(names=names, seed=seed, tags=tags)

    records = [
        game("t1", "r4/a/b/p0/g0", 1, False),
        game("t1", "r4/a/b/p0/g1", 2, True),
        game("t2", "r4/a/b/p0/g0", 3, False),  # no partner in t2: left out
    ]
    scores = paired_scores(records, "a", "b")
    expected = records[0].score(0) + records[1].score(1)
    assert scores == [expected]


def test_bounds_and_settings() -> None:
    test = Sprt(elo0=0, elo1=5, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(19))
    assert test.lower == pytest.approx(-math.log(19))
    with pytest.raises(SettingsError, match="elo0 < elo1"):
        Sprt(elo0=5, elo1=0)
    with pytest.raises(SettingsError, match="alpha"):
        Sprt(alpha=0.7)
    with pytest.raises(SettingsError, match="expected 5 counts"):
        test.state([1, 2, 3])


def test_state_from_scores() -> None:
    test = Sprt(elo0=0, elo1=10, pentanomial=False)
    state = test.state_from_scores([0.0] * 10 + [0.5] * 20 + [1.0] * 30)
    assert state.counts == (10, 20, 30)
    assert state.llr == pytest.approx(llr([10, 20, 30], 0, 10))
    assert state.decision is SprtDecision.CONTINUE
    assert "after 60 games" in state.describe()
    assert "W-D-L 30-20-10" in state.lines()[1]
    with pytest.raises(SettingsError, match=r"0\.3"):
        test.state_from_scores([0.3])


def _run(
    test: Sprt, true_elo: float, rng: random.Random, draw_rate: float = 0.3
) -> tuple[str, int]:
    """Play simulated colour-swapped pairs until the test decides; returns (decision, pairs)."""
    win = expected_score(true_elo) - draw_rate / 2
    counts = [0] * 5
    for pairs in range(1, 200_000):
        points = 0
        for _ in range(2):
            roll = rng.random()
            points += 2 if roll < win else 1 if roll < win + draw_rate else 0
        counts[points] += 1
        if pairs % 8 == 0:
            state = test.state(counts)
            if state.decision is not SprtDecision.CONTINUE:
                return state.decision.value, pairs
    raise AssertionError("the SPRT never decided")


def test_decides_h1_for_a_clearly_stronger_player() -> None:
    rng = random.Random(1)
    test = Sprt(elo0=0, elo1=20, alpha=0.05, beta=0.05)
    decisions = [_run(test, 60, rng)[0] for _ in range(40)]
    assert decisions.count("H1") >= 39


def test_decides_h0_for_an_equal_or_weaker_player() -> None:
    rng = random.Random(2)
    test = Sprt(elo0=0, elo1=20, alpha=0.05, beta=0.05)
    decisions = [_run(test, -40, rng)[0] for _ in range(40)]
    assert decisions.count("H0") >= 39


def test_error_rates_at_the_hypotheses() -> None:
    # At elo = elo0 the test should accept H1 rarely (about alpha); at elo1, H0 about beta.
    rng = random.Random(3)
    test = Sprt(elo0=0, elo1=40, alpha=0.1, beta=0.1)
    at_h0 = [_run(test, 0, rng)[0] for _ in range(150)]
    at_h1 = [_run(test, 40, rng)[0] for _ in range(150)]
    assert at_h0.count("H1") / 150 < 0.2
    assert at_h1.count("H0") / 150 < 0.2
    # ... and decides faster when the truth is far from both hypotheses.
    far = sum(_run(test, 150, rng)[1] for _ in range(30)) / 30
    near = sum(_run(test, 40, rng)[1] for _ in range(30)) / 30
    assert far < near


def test_the_sprt_command_says_continue_h1_and_why(run_cli: RunCli) -> None:
    for counts in ("0,0,4,0,0", "0,0,8,0,0"):
        shown = run_cli(["sprt", "--ptnml", counts, "--elo", "0,20"])
        assert shown.returncode == 0, shown.stderr
        assert ": continue" in shown.stdout and "every pair scored 1 of 2" in shown.stdout
        assert "split" not in shown.stdout  # the counts cannot tell splits from draws
    named = run_cli(["sprt", "--ptnml", "0,2,10,30,20", "--elo", "0,20", "--names", "Ada,Bob"])
    assert "Ada is 20 Elo stronger than Bob, or more" in named.stdout, named.stderr
    shown = run_cli(["sprt", "--ptnml", "0,2,10,30,20", "--elo", "0,20"])
    assert shown.returncode == 0, shown.stderr
    llr_value = llr([0, 2, 10, 30, 20], 0, 20)
    assert f"LLR {llr_value:.2f} (-2.94, 2.94) after 62 pairs: H1" in shown.stdout
    assert "Elo +214 [" in shown.stdout and "new is 20 Elo stronger than old" in shown.stdout
    shown = run_cli(["sprt", "--wdl", "20,10,70", "--elo", "0,20", "--alpha", "0.1"])
    assert shown.returncode == 0, shown.stderr
    assert "alpha=0.1 beta=0.05 (trinomial)" in shown.stdout
    assert "after 100 games: H0" in shown.stdout and "new is not 20 Elo stronger" in shown.stdout


def test_the_sprt_command_names_bad_input(run_cli: RunCli) -> None:
    for args, problem in (
        (["--ptnml", "1,2", "--elo", "0,20"], "expected 5 counts"),
        (["--wdl", "1,-2,3", "--elo", "0,20"], "expected 3 counts of at least 0"),
        (["--wdl", "1,2,3", "--elo", "20,0"], "elo0 < elo1"),
        (["--wdl", "1,2,3", "--elo", "0,20", "--beta", "0.9"], "beta must be between"),
    ):
        shown = run_cli(["sprt", *args])
        assert shown.returncode == 2 and problem in shown.stderr
        assert "Traceback" not in shown.stderr


def test_report_sprt_tells_two_draws_from_a_split_and_takes_the_tas_names(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Perfect tic-tac-toe from the start draws every game: no pair is a split."""
    db = str(tmp_path / "draws.sqlite3")
    played = run_cli(
        ["tournament", "Ada=perfect", "Bob=perfect", "--game", "tictactoe", "--pairs", "2",
         "--openings", "0", "--time", "2", "--db", db, "--name", "draws"]
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    shown = run_cli(
        ["report", "--tournament", "draws", "--db", db, "--sprt", "0,20",
         "--sprt-players", "Bob,Ada"]
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert "SPRT Bob vs Ada [0, 20]" in text and "pentanomial 0-0-2-0-0" in text
    assert "every pair was two draws: at this setting the two play alike" in text
    assert "split" not in text and "colour decides" not in text
    wrong = run_cli(["report", "--tournament", "draws", "--db", db, "--sprt", "0,20",
                     "--sprt-players", "Ada,Cy"])  # fmt: skip
    assert wrong.returncode == 2 and "no player 'Cy' in these games" in wrong.stderr
