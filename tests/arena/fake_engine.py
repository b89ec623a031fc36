"""A tiny protocol engine for the referee's tests, misbehaving on demand.

Usage: python fake_engine.py MODE [SECONDS]

It knows nothing of plyground: it reads adjacency positions itself and
plays the first empty cell. Modes:

- ``good``: a well-behaved engine (with a few odd but valid info lines);
- ``hang``: starts a child process, then never answers ``go``;
- ``die``: answers the first ``go``, then exits with status 3 on the next;
- ``garbage``: answers ``go`` with a line that is not part of the protocol;
- ``illegal``: answers an occupied cell, then an off-board one, alternately;
- ``slowhello``: sleeps SECONDS before answering ``hello``, then plays well.
"""

from __future__ import annotations

import subprocess
import sys
import time

MODE = sys.argv[1]
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
COLUMNS = "abcdefgh"


def send(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def first_empty(position: str) -> str:
    rows = position.split(" ", maxsplit=1)[0].split("/")
    size = len(rows)
    for top, row in enumerate(rows):
        cells = "".join("." * int(c) if c.isdigit() else c for c in row)
        for col, cell in enumerate(cells):
            if cell == ".":
                return f"{COLUMNS[col]}{size - top}"
    return "none"


def first_taken(position: str) -> str:
    rows = position.split(" ", maxsplit=1)[0].split("/")
    size = len(rows)
    for top, row in enumerate(rows):
        cells = "".join("." * int(c) if c.isdigit() else c for c in row)
        for col, cell in enumerate(cells):
            if cell != ".":
                return f"{COLUMNS[col]}{size - top}"
    return "a1"


def main() -> None:
    position = ""
    goes = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "hello":
            if MODE == "slowhello":
                time.sleep(SECONDS)
            send(f"hello 1 name=fake-{MODE} version=0.{len(MODE)}")
        elif command == "position":
            position = line.strip()[len("position ") :]
        elif command == "go":
            goes += 1
            if MODE == "hang":
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                print(f"child {child.pid}", file=sys.stderr, flush=True)
                time.sleep(600)
            elif MODE == "die" and goes > 1:
                print("fatal: out of luck", file=sys.stderr, flush=True)
                sys.exit(3)
            elif MODE == "garbage":
                send("I think c1 is nice")
            elif MODE == "illegal":
                send(f"bestmove {first_taken(position) if goes % 2 else 'z9'}")
            else:
                send("info depth=abc score=nan mood=fine pv=")
                send("info depth=1 score=2 nodes=10 time=3 pv=" + first_empty(position))
                send(f"bestmove {first_empty(position)}")
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
