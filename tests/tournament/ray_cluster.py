"""A real two-node Ray cluster on 127.0.0.1 for tests, set up as docs/tournaments.md says.

``ray start --head`` and ``ray start --address=...`` run as real processes,
each with ``--block`` in a session of its own, with token authentication on
(``RAY_AUTH_MODE=token`` and one ``RAY_AUTH_TOKEN`` in every process, and a
private ``HOME`` so no user's ``~/.ray`` is read or written). :meth:`stop`
ends exactly the processes this cluster started: each ``ray start`` session
is sent SIGTERM (the node first), then after 5 s SIGKILL (a test cluster
has nothing to save), and any process still naming the cluster's private
temporary directory is killed by its pid. It never runs ``ray stop``, which would end
every Ray instance of this user on the machine, other tests' included.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_support import plyground_env

__all__ = ["LocalRayCluster", "ray_executable"]

_STARTED = "Ray runtime started."


def ray_executable() -> str | None:
    """The ``ray`` command beside this Python, if Ray is installed."""
    candidate = Path(sys.executable).parent / "ray"
    return str(candidate) if candidate.exists() else shutil.which("ray")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LocalRayCluster:
    """A head and one more node, one CPU each, on 127.0.0.1 with token authentication."""

    def __init__(self, ray: str, workdir: Path) -> None:
        self.ray = ray
        self.workdir = workdir
        # Ray's socket paths must stay short (AF_UNIX): a short directory of /tmp.
        self.temp_dir = Path(tempfile.mkdtemp(prefix="plyray-"))
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        home = workdir / "home"
        home.mkdir(parents=True, exist_ok=True)
        self.env = plyground_env()
        self.env.update(
            HOME=str(home),
            RAY_AUTH_MODE="token",
            RAY_AUTH_TOKEN=secrets.token_hex(32),
            RAY_USAGE_STATS_ENABLED="0",
        )
        self.processes: list[tuple[subprocess.Popen[bytes], Path]] = []

    def env_without_token(self) -> dict[str, str]:
        """The environment of a process that does not set up authentication."""
        env = {k: v for k, v in self.env.items() if not k.startswith("RAY_AUTH")}
        env["RAY_gcs_server_port_wait_time_s"] = "2"  # give up after ~2 s, not 20
        return env

    def start(self, timeout: float = 120.0) -> None:
        """Start the head, then the second node; wait until both say they started."""
        common = ["--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
        self._start(
            "head",
            [
                "--head",
                f"--port={self.port}",
                "--include-dashboard=false",
                f"--temp-dir={self.temp_dir}",
                *common,
            ],
            timeout,
        )
        self._start("node", [f"--address={self.address}", *common], timeout)

    def _start(self, name: str, options: list[str], timeout: float) -> None:
        log = self.workdir / f"ray-{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [self.ray, "start", *options, "--block"],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=self.env,
                start_new_session=True,
            )
        self.processes.append((process, log))
        deadline = time.monotonic() + timeout
        while _STARTED not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"ray start ({name}) failed:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)

    def node_count(self) -> int:
        """Alive nodes, as a driver connected to the cluster sees them."""
        script = (
            f"import ray; ray.init(address={self.address!r}, log_to_driver=False); "
            "print(sum(1 for node in ray.nodes() if node['Alive']))"
        )
        result = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=120,
            check=True,
        )
        return int(result.stdout.split()[-1])

    def stop(self) -> list[int]:
        """End every process of the cluster; returns the pids that had to be killed
        one by one (left outside the ``ray start`` sessions)."""
        for process, _ in reversed(self.processes):  # the node before the head
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
        strays = self.stray_pids()
        for pid in strays:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(self.temp_dir, ignore_errors=True)
        return strays

    def stray_pids(self) -> list[int]:
        """Processes whose command line names this cluster's temporary directory."""
        mark = str(self.temp_dir).encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if mark in cmdline:
                found.append(int(entry.name))
        return found
