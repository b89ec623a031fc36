"""Helpers of the resumable-solve CLI tests: the CLI as a background process, its workers
found through /proc, and the one-line error check."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable

from cli_support import plyground_env
from process_support import children, wait_gone


def start(args: list[str]) -> subprocess.Popen[bytes]:
    """``plyground ARGS`` as a background process (its output kept for a failure message)."""
    return subprocess.Popen(
        [sys.executable, "-m", "plyground", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=plyground_env(),
    )


def one_error_line(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("plyground solve: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


def kill_when(
    args: list[str], ready: Callable[[subprocess.Popen[bytes]], bool], what: str
) -> list[int]:
    """Run ``plyground ARGS``, SIGKILL it once ``ready(driver)`` (``what`` names the wait in a
    failure), and return its pool workers' pids as they were just before."""
    driver = start(args)
    try:
        deadline = time.monotonic() + 120
        while not ready(driver):
            assert driver.poll() is None, driver.communicate()
            assert time.monotonic() < deadline, f"{what} in two minutes"
            time.sleep(0.02)
        workers = children(driver.pid)
        driver.send_signal(signal.SIGKILL)
        driver.wait(10)
    finally:
        if driver.poll() is None:
            driver.kill()
        driver.communicate()
    assert workers, "the pool worker was not found"
    return workers


def kill_once_stored(args: list[str], stored: Callable[[], int], at_least: int) -> None:
    """Run ``plyground ARGS``, SIGKILL it once ``stored()`` reaches ``at_least``, and check its
    pool workers die with it."""
    workers = kill_when(args, lambda driver: stored() >= at_least, "nothing stored")
    assert wait_gone(workers, 15) == [], "a pool worker outlived its killed driver"
