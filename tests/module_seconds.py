"""How long each test module took in a whole run, so ``pytest -n 2`` starts the longest first.

With ``--dist loadscope`` a module runs whole on one worker, and the workers take
modules in the order they were collected; a long module taken last leaves the
other worker idle until it ends. ``tests/conftest.py`` orders the modules by the
seconds in ``module_seconds.json`` (longest first, a module not listed before
them all: it may be long), which only changes when each test runs, never what
it checks. The figures go stale slowly and harmlessly; to renew them, run the
whole suite with ``--junit-xml=FILE`` and then ``python tests/module_seconds.py
FILE``.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from xml.etree import ElementTree

__all__ = ["SECONDS_FILE", "by_longest_module", "read_seconds"]

SECONDS_FILE = Path(__file__).with_name("module_seconds.json")


def read_seconds() -> dict[str, float]:
    """Module path (``tests/web/test_api.py``) -> its seconds in the run last written."""
    seconds: dict[str, float] = json.loads(SECONDS_FILE.read_text(encoding="utf-8"))
    return seconds


def by_longest_module(paths: list[str], seconds: dict[str, float]) -> list[int]:
    """The indices of ``paths`` (each test's module path, in collection order) with the
    modules ordered longest first, unlisted ones before all; within a module, and between
    modules of equal seconds, the collection order stays."""
    first_seen: dict[str, int] = {}
    for index, path in enumerate(paths):
        first_seen.setdefault(path, index)

    def key(index: int) -> tuple[float, int, int]:
        path = paths[index]
        return (-seconds.get(path, float("inf")), first_seen[path], index)

    return sorted(range(len(paths)), key=key)


def _module_seconds(junit_xml: Path) -> dict[str, float]:
    """Seconds per module from a junit XML written by pytest (``classname`` is the
    module's dotted path, with a class's name after it for a test in a class)."""
    totals: dict[str, float] = defaultdict(float)
    for case in ElementTree.parse(junit_xml).iter("testcase"):
        parts = case.get("classname", "").split(".")
        while parts and not parts[-1].startswith("test_"):
            parts.pop()  # a class's name (or a test outside a test_ module)
        if parts:
            totals["/".join(parts) + ".py"] += float(case.get("time", "0"))
    return {path: round(total, 1) for path, total in sorted(totals.items())}


def main(argv: list[str]) -> int:
    """``python tests/module_seconds.py JUNIT_XML``: rewrite ``module_seconds.json``."""
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: python tests/module_seconds.py JUNIT_XML (from pytest --junit-xml)")
        return 2
    seconds = _module_seconds(Path(argv[0]))
    SECONDS_FILE.write_text(json.dumps(seconds, indent=1) + "\n", encoding="utf-8")
    print(f"{len(seconds)} modules, {sum(seconds.values()):.0f} s in all -> {SECONDS_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
