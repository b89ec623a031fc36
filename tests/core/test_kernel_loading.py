"""A short first move in a new process does not wait for the compiled kernels to load.

Without ``new_game``, a bot's first ``choose`` at 0.05 s would import numba
and load its kernels inside the move (0.5 to 3 s), then make its search
(tables of tens of megabytes) inside a later one. Instead the reference
search answers while a background thread does all of it, and then the
compiled search answers (:class:`~plyground.bots.loading.KernelLoader`). The
check is which search answered and whether the kernels were loaded when it
did; the first move's time is checked only against the import it must not
pay for.
"""

from __future__ import annotations

import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from cli_support import run_python
from plyground.bots.loading import LOAD_BUDGET, KernelLoader
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit
from plyground.core.warming import warming

_FRESH_PROCESS = """
import random, sys, time
from importlib import import_module
from plyground.bots import make_bot
from plyground.bots.books import booked_moves
from plyground.games import load_game

game = load_game({game!r})
state = game.initial_state()
rng = random.Random(3)
while len(state.legal_moves()) and booked_moves(state) is not None or rng.random() < 0.5:
    state = state.play(rng.choice(list(state.legal_moves())))
bot = make_bot({spec!r})
started = time.perf_counter()
decision = bot.choose(state)
elapsed = time.perf_counter() - started
warm_up = getattr(sys.modules.get({module!r}), "warm_up", None)
print("first", round(elapsed, 3), bool(warm_up and warm_up.loaded()), {probe})
warm_up = import_module({module!r}).warm_up  # (imported by the background load)
while not warm_up.loaded() and time.perf_counter() - started < 240:
    time.sleep(0.05)
time.sleep(0.5)  # the search is made after the kernels are loaded
decision = bot.choose(state)
print("later", warm_up.loaded(), {probe})
"""

BOTS = [
    ("alphabeta:time=0.05", "adjacency", "plyground.games.adjacency.engine", "bot.engine_name"),
    ("morris:time=0.05", "morris", "plyground.games.morris.engine", "bot.engine_name"),
    (
        "mcts:time=0.05",
        "adjacency",
        "plyground.games.adjacency.playout",
        "type(bot.searcher(game, bot.time_limit(None)).playouts).__name__",
    ),
]


@pytest.mark.parametrize(("spec", "game", "module", "probe"), BOTS)
def test_a_first_short_move_answers_while_the_kernels_load(
    spec: str, game: str, module: str, probe: str
) -> None:
    script = _FRESH_PROCESS.format(game=game, module=module, spec=spec, probe=probe)
    done = run_python(script)
    assert done.returncode == 0, done.stderr[-2000:]
    first, later = (line.split() for line in done.stdout.splitlines())
    assert first[2] == "False", first  # it answered before the kernels were loaded...
    assert first[3] in {"reference", "RandomPlayouts"}, first  # ...with the reference search
    # The reference keeps the clock; generous for a busy machine, but well under the 0.5 s of
    # importing numba and the kernels' module inside the move (which the load does instead).
    assert float(first[1]) < 0.4, first
    assert later[1] == "True", later
    assert later[2] in {"accelerated", "AdjacencyPlayouts"}, later


def test_the_loader_loads_in_the_background_only_under_a_short_limit() -> None:
    started = threading.Event()
    release = threading.Event()

    @warming
    def slow_warm_up() -> None:
        started.set()
        release.wait(10)

    loader = KernelLoader(slow_warm_up)
    assert not loader.ready(Limit(time=0.05))  # a background load begins
    assert started.wait(10)
    assert not loader.ready(Limit(time=0.05))  # still loading: not used meanwhile
    release.set()
    deadline = time.monotonic() + 10
    while not slow_warm_up.loaded() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert loader.ready(Limit(time=0.05))
    assert slow_warm_up.loaded()

    @warming
    def quick_warm_up() -> None:
        """A warm-up with nothing to load (it returns at once)."""

    assert KernelLoader(quick_warm_up).ready(Limit(time=LOAD_BUDGET))  # loads in the move
    assert quick_warm_up.loaded()
    calls = []

    @warming
    def counted() -> None:
        calls.append(1)

    counted()
    counted()
    assert calls == [1]  # a warm-up runs once per process


def test_a_kernel_module_named_by_target_is_imported_by_the_load_never_in_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    name = f"kernels_{uuid.uuid4().hex}"
    (tmp_path / f"{name}.py").write_text(
        "import time\n"
        "from plyground.core.warming import warming\n"
        "time.sleep(0.5)  # an import as slow as numba's\n"
        "@warming\n"
        "def warm_up():\n"
        "    pass\n"
        "imported = True\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    made: list[str] = []
    loader = KernelLoader(f"{name}:warm_up", prepare=lambda: made.append("search"))
    assert not loader.ready(Limit(time=0.05))  # the import goes to the background
    assert not getattr(sys.modules.get(name), "imported", False)  # (still under way)
    loader.wait()
    assert sys.modules[name].warm_up.loaded() and made == ["search"]
    assert loader.ready(Limit(time=0.05)) and made == ["search"]  # made once
    # A second loader finds the module imported and loaded: only its own search is to make.
    again = KernelLoader(f"{name}:warm_up", prepare=lambda: made.append("another"))
    assert not again.ready(Limit(time=0.05))
    again.wait()
    assert made == ["search", "another"]

    def broken() -> None:
        raise SettingsError("bot 'x': no such feature")

    failing = KernelLoader(f"{name}:warm_up", prepare=broken)
    assert not failing.ready(Limit(time=0.05))
    with pytest.raises(SettingsError, match="no such feature"):
        failing.wait()  # raised in the bot's thread...
    assert "Traceback" not in capfd.readouterr().err  # ...and not printed from the loader's
