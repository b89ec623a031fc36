"""``plyground warmup`` and ``plyground bench adjacency`` as a user runs them."""

from __future__ import annotations

from cli_support import RunCli


def test_warmup_reports_each_kernel_group(run_cli: RunCli) -> None:
    from plyground.games.warmups import warm_ups

    result = run_cli(["warmup", "--concurrency", "2"])  # each group in a worker process
    assert result.returncode == 0, result.stderr
    reported = {line.strip().rsplit(" ", 2)[0].strip() for line in result.stdout.splitlines()}
    assert set(warm_ups()) <= reported, result.stdout
    assert "kernels ready in" in result.stdout
    quiet = run_cli(["warmup", "--quiet", "--concurrency", "1"])  # in its own process
    assert quiet.returncode == 0 and quiet.stdout == ""
    refused = run_cli(["warmup", "--concurrency", "0"])
    assert refused.returncode == 2 and "--concurrency" in refused.stderr


def test_bench_adjacency_prints_a_table(run_cli: RunCli) -> None:
    result = run_cli(["bench", "adjacency", "--times", "0.05", "--positions", "mid"])
    assert result.returncode == 0, result.stderr
    for text in ("reference", "accelerated", "nodes/s", "speed-up mid"):
        assert text in result.stdout


def test_bench_rejects_bad_options_without_a_traceback(run_cli: RunCli) -> None:
    for args, message in (
        (["bench", "adjacency", "--times", "soon"], "bad --times"),
        (["bench", "adjacency", "--positions", "end"], "bad --positions"),
        (["bench", "adjacency", "--engines", "c"], "bad --engines"),
    ):
        result = run_cli(args)
        assert result.returncode == 2
        assert message in result.stderr and "Traceback" not in result.stderr
    listing = run_cli(["bench"])
    assert listing.returncode == 2 and "adjacency" in listing.stdout


def test_bench_solve_prints_the_solver_and_the_bot_side_by_side(run_cli: RunCli) -> None:
    result = run_cli(["bench", "adjacency", "--solve", "--positions", "6x6"], timeout=300)
    assert result.returncode == 0, result.stderr
    for text in ("solver", "alphabeta", "cpu s", "6x6: solver", "fewer nodes"):
        assert text in result.stdout
    wrong = run_cli(["bench", "adjacency", "--techniques"])
    assert wrong.returncode == 2 and "go with --solve" in wrong.stderr
