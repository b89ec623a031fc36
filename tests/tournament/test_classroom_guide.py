"""docs/classroom.md, as a teaching assistant follows it: every command of its shell
blocks is run, in order, in a fresh folder holding the templates of examples/engines.

The one change to the commands as written (the guide says so): each class tournament
gets ``--game 'adjacency(size=4,rounds=2)' --time 0.2`` so that it finishes in seconds.
"""

from __future__ import annotations

import html
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from cli_support import ROOT, plyground_env

GUIDE = ROOT / "docs" / "classroom.md"
TINY = " --game 'adjacency(size=4,rounds=2)' --time 0.2"


def guide_commands() -> list[str]:
    """The commands of the guide's ``sh`` blocks, in order (comments left out)."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    commands = []
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                commands.append(line.strip())
    return commands


def test_every_command_of_the_guide_runs(tmp_path: Path) -> None:
    commands = guide_commands()
    assert any(c.startswith("plyground analyse") and "--per-player" in c for c in commands)
    shutil.copytree(ROOT / "examples" / "engines", tmp_path / "examples" / "engines")
    shim = tmp_path / "bin" / "plyground"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m plyground "$@"\n')
    shim.chmod(0o755)
    env = plyground_env()
    env["PATH"] = f"{shim.parent}{os.pathsep}{env['PATH']}"
    env["PLYGROUND_DB"] = str(tmp_path / "elsewhere.sqlite3")  # the guide names its --db
    outputs: dict[str, str] = {}
    for command in commands:
        run = command + TINY if command.startswith("plyground tournament --engines") else command
        done = subprocess.run(
            ["bash", "-c", run],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, f"{run}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, f"{run}\n{done.stderr}"
        outputs[command] = " ".join(done.stdout.split())

    imported = next(c for c in commands if c.startswith("plyground class import"))
    assert "2 of 3 entered" in outputs[imported], outputs[imported]
    assert (tmp_path / "class" / "cy-young" / "engine.toml").read_text().count('"Cy Young"') == 1
    first = next(c for c in commands if "--name week3 " in c)
    assert "left out: eve: no engine.toml in eve/" in outputs[first]
    assert "up to about" in outputs[first]
    resumed = next(c for c in commands if "--resume week3" in c)
    assert "0 games played" in outputs[resumed]
    page = (tmp_path / "week3.html").read_text()
    assert f"<h1>{html.escape('Week 3: the class tournament')}</h1>" in page
    assert "Ada Lovelace" in page and "no engine.toml in eve/" in page
    assert (
        "forfeit: a bot that breaks a rule loses" in (tmp_path / "class/forfeit.html").read_text()
    )
    assert "<h1>week3</h1>" in (tmp_path / "class" / "report.html").read_text()
    feedback = next(c for c in commands if "--per-player" in c)
    assert "each player over" in outputs[feedback]
    for name in ("Ada", "Cy", "greedy"):
        assert f" {name} " in outputs[feedback]
    assert (tmp_path / "week3-games.txt").read_text().startswith("[Game ")
    assert not (tmp_path / "elsewhere.sqlite3").exists()
