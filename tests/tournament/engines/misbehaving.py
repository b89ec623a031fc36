"""A tiny engine for the adjacency game that misbehaves on purpose (tests only).

Usage: misbehaving.py MODE, with MODE one of
  good     plays the first empty cell, always
  hang     answers hello, then never answers go
  exit     plays one move, then exits on its second go
  garbage  writes a line that is not part of the protocol instead of bestmove
  illegal  answers an occupied or off-board cell
  memory   allocates memory without end on go (stops by itself at 1.5 GB)
  fork     starts child processes that sleep, then plays like good
  slow     plays like good after 20 ms
  setsid   starts a child in a new session that keeps standard output open and
           sleeps, then plays like good
  longinfo writes an info line of 100,000 bytes before each bestmove
  longline writes a line of 100,000 bytes, not info, instead of bestmove

Any further arguments are ignored (tests pass a token to find the processes).

It imports nothing from plyground, so it starts fast and fits a small memory cap.
"""

from __future__ import annotations

import subprocess
import sys
import time

COLUMNS = "abcdefgh"


def first_empty(position: str) -> str:
    rows = position.split(maxsplit=1)[0].split("/")
    size = len(rows)
    for top_index, row in enumerate(rows):
        for column, char in enumerate(row):
            if char.isdigit():
                return f"{COLUMNS[column]}{size - top_index}"
    return "a1"


def greet(mode: str) -> None:
    """Answer ``hello``; the ``fork`` and ``setsid`` modes leave processes behind."""
    print(f"hello 1 name={mode}", flush=True)
    if mode == "fork":
        for _ in range(3):
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", mode])
    elif mode == "setsid":
        escape = "import os, time; os.setsid(); time.sleep(600)"
        subprocess.Popen([sys.executable, "-c", escape, *sys.argv[1:]])


def misbehave(mode: str, goes: int) -> bool:
    """Misbehave as ``mode`` says on the ``goes``-th ``go``; True when no answer follows."""
    if mode == "hang":
        time.sleep(600)
    elif mode == "exit" and goes >= 2:
        sys.exit(3)
    elif mode == "garbage":
        print("I think therefore I am", flush=True)
        return True
    elif mode == "illegal":
        print("bestmove a1" if goes % 2 else "bestmove z99", flush=True)
        return True
    elif mode == "memory":
        hoard = []
        for _ in range(150):  # 1.5 GB at most, in case no cap is set
            hoard.append(bytearray(10_000_000))
        time.sleep(600)
    elif mode == "slow":
        time.sleep(0.02)
    elif mode == "longinfo":
        print("info depth=1 pv=" + "a" * 100_000, flush=True)
    elif mode == "longline":
        print("thinking " + "z" * 100_000, flush=True)
        return True
    return False


def main() -> None:
    mode = sys.argv[1]
    position = ""
    goes = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "hello":
            greet(mode)
        elif command == "position":
            position = raw.strip()[len("position ") :]
        elif command == "go":
            goes += 1
            if misbehave(mode, goes):
                continue
            print("info depth=1 nodes=1", flush=True)
            print(f"bestmove {first_empty(position)}", flush=True)
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
