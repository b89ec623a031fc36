"""The layer rule of docs/architecture.md, read from every module's imports.

Each layer imports only itself and the layers listed for it: core nothing
of plyground above it, games and algorithms only core, and so on up to the
front ends. Within one package (a game, a room of the arena, ...) no modules
import each other round a loop. Inside the arena the rooms (its sub-packages)
have a table of their own: each imports only the rooms below it, and no rooms
import each other round a loop. Imports under ``TYPE_CHECKING`` and inside
functions count too: they are dependencies all the same. No game's module
imports another game's package. A game profile's targets are arrows drawn by
string from the module that reads each entry (``TARGET_READERS``), and obey
every one of these rules as that module's imports do.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Mapping
from pathlib import Path

import plyground
from plyground.core.profile import TARGET_READERS, Compiled, GameProfile

PACKAGE_DIR = Path(plyground.__file__).parent

# layer -> the other parts of plyground it may import ("plyground" is the
# package's own __init__: its version and the load_game/make_bot shortcuts).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "games": {"core"},
    "algorithms": {"core"},
    "solvers": {"core", "games", "algorithms"},
    "bots": {"core", "games", "algorithms"},
    "arena": {"core", "games", "algorithms", "solvers", "bots"},
    "rl": {"core", "games", "bots", "arena"},
    "web": {"plyground", "core", "games", "algorithms", "solvers", "bots", "arena"},
    "cli": {"plyground", "core", "games", "algorithms", "solvers", "bots", "arena", "web"},
    "__init__": {"core", "games", "bots"},
    "__main__": {"cli"},
}


def layer_of(module: str) -> str:
    """``plyground.games.adjacency.rules`` -> ``games``; the package itself -> ``plyground``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "plyground"


def imported_modules(path: Path) -> set[str]:
    """Every plyground module ``path`` imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            # ``from .bots import Bot`` (a face's stub): relative to the file's package
            package = module_name(path).split(".")
            if path.stem != "__init__":
                package = package[:-1]
            base = package[: len(package) - node.level + 1]
            found.add(".".join([*base, node.module] if node.module else base))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            if node.module == "plyground":
                # ``from plyground import bots`` names a layer; ``import __version__`` the root.
                for alias in node.names:
                    sub = f"plyground.{alias.name}"
                    is_layer = (PACKAGE_DIR / alias.name).is_dir()
                    found.add(sub if is_layer else "plyground")
            else:
                found.add(node.module)
                # ``from plyground.games.g2048 import kernel`` imports the module ``kernel``
                package = PACKAGE_DIR.parent.joinpath(*node.module.split("."))
                found.update(
                    f"{node.module}.{alias.name}"
                    for alias in node.names
                    if (package / f"{alias.name}.py").is_file() or (package / alias.name).is_dir()
                )
    return {name for name in found if name == "plyground" or name.startswith("plyground.")}


def layer_breaches() -> list[str]:
    breaches = []
    for path in sorted([*PACKAGE_DIR.rglob("*.py"), *PACKAGE_DIR.rglob("*.pyi")]):
        relative = path.relative_to(PACKAGE_DIR)
        layer = relative.parts[0] if len(relative.parts) > 1 else relative.stem
        assert layer in ALLOWED, f"{relative}: a layer the rule does not know; add it to ALLOWED"
        for module in sorted(imported_modules(path)):
            target = layer_of(module)
            if target != layer and target not in ALLOWED[layer]:
                breaches.append(f"{relative} ({layer}) imports {module} ({target})")
    return breaches


def test_every_module_imports_only_the_layers_below_it() -> None:
    assert layer_breaches() == []


def test_the_checker_sees_a_breach(tmp_path: Path) -> None:
    """A game importing an algorithm, even inside a function, is caught."""
    module = tmp_path / "rules.py"
    module.write_text(
        "def f():\n    from plyground.algorithms.search import AlphaBeta\n"
        "from plyground import bots\nfrom plyground.core import Game\n",
        encoding="utf-8",
    )
    assert imported_modules(module) == {
        "plyground.algorithms.search",
        "plyground.bots",
        "plyground.core",
    }


def test_the_checker_reads_the_faces_stubs() -> None:
    """A face's names are relative imports in its ``__init__.pyi``: the checker resolves them."""
    assert {"plyground.bots", "plyground.games"} <= imported_modules(PACKAGE_DIR / "__init__.pyi")
    arena = imported_modules(PACKAGE_DIR / "arena" / "__init__.pyi")
    assert "plyground.arena.records.record" in arena
    assert all(module.startswith("plyground.arena.") for module in arena)


def game_of(module: str) -> str | None:
    """``plyground.games.morris.engine`` -> ``morris``; a module of no one game (the games'
    face, ``games/warmups.py``, any module outside ``games/``) -> None."""
    parts = module.split(".")
    if parts[:2] != ["plyground", "games"] or len(parts) < 4:
        return None
    return parts[2]


def game_breaches(imports: dict[str, set[str]]) -> list[str]:
    """Every import of one game's module from another game's package: a game's knowledge
    lives in its own package, and what two games share lives in core."""
    breaches = []
    for module, targets in sorted(imports.items()):
        game = game_of(module)
        if game is None:
            continue
        breaches.extend(
            f"{module} ({game}) imports {target} ({game_of(target)})"
            for target in sorted(targets)
            if game_of(target) not in (None, game)
        )
    return breaches


def test_no_game_imports_another_game() -> None:
    assert game_breaches(module_imports()) == []


def test_the_game_checker_sees_one_game_importing_another(tmp_path: Path) -> None:
    """Tic-tac-toe reading a cell name from the adjacency game, inside a function, is caught;
    the same game's modules, core and the games' face are not."""
    rules = tmp_path / "rules.py"
    rules.write_text(
        "def cell(text):\n    from plyground.games.adjacency.rules import parse_cell\n"
        "from plyground.games.tictactoe.profile import PROFILE\n"
        "from plyground.core.cells import parse_cell\nfrom plyground.games import GAMES\n",
        encoding="utf-8",
    )
    imports = {"plyground.games.tictactoe.rules": imported_modules(rules)}
    assert game_breaches(imports) == [
        "plyground.games.tictactoe.rules (tictactoe) imports "
        "plyground.games.adjacency.rules (adjacency)"
    ]


def package_of(module: str) -> str:
    """``plyground.games.morris.engine`` -> ``plyground.games.morris``."""
    return module.rpartition(".")[0]


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE_DIR.parent).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def package_cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle among the modules of one package (``imports``: module -> the
    modules it imports), each once, as the path that closes it (``[a, b, a]``).

    A package's ``__init__`` is left out (it gathers its modules' names by design).
    """
    graph = {
        module: sorted(
            target
            for target in targets
            if target in imports and target != module and package_of(target) == package_of(module)
        )
        for module, targets in imports.items()
        if module.rpartition(".")[2] != "__init__"
    }
    cycles: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(path: list[str]) -> None:
        for target in graph.get(path[-1], []):
            if target == path[0]:
                if frozenset(path) not in seen:
                    seen.add(frozenset(path))
                    cycles.append([*path, target])
            elif target not in path and target > path[0]:
                walk([*path, target])

    for start in sorted(graph):
        walk([start])
    return cycles


def module_imports() -> dict[str, set[str]]:
    """Every module of plyground -> the plyground modules it imports (anywhere in it)."""
    imports: dict[str, set[str]] = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        name = module_name(path)
        imports[name if path.name != "__init__.py" else f"{name}.__init__"] = imported_modules(path)
    return imports


def test_no_import_cycle_between_the_modules_of_one_package() -> None:
    """Within a package (a game, the arena, ...) no two modules import each other,
    directly or round a longer loop, wherever the import statement stands."""
    assert [" -> ".join(cycle) for cycle in package_cycles(module_imports())] == []


def test_the_cycle_checker_sees_a_cycle_through_a_function(tmp_path: Path) -> None:
    """``engine`` imports ``tables`` at the top and ``tables`` imports ``engine`` inside a
    function: a cycle all the same. Modules of other packages do not count."""
    tables = tmp_path / "tables.py"
    tables.write_text(
        "def check():\n    from plyground.games.demo.engine import Engine\n", encoding="utf-8"
    )
    engine, tables_module = "plyground.games.demo.engine", "plyground.games.demo.tables"
    imports = {
        engine: {tables_module, "plyground.core.jit"},
        tables_module: imported_modules(tables),
        "plyground.games.demo.rules": {engine},
        "plyground.core.jit": {engine},
    }
    assert package_cycles(imports) == [[engine, tables_module, engine]]


# The arena's rooms (docs/architecture.md): each sub-package -> the rooms it may import.
# A ladder, records < stats and storage < players < play < runs < tournaments < tuning,
# five leaves over all of it that import no leaf, and over them ``analysis``, which
# reads a game's analyser and hint source (in a leaf: the adjacency game's analysis)
# through its profile. No room imports the arena's face (``plyground.arena``: it hands
# on names from the rooms, so it stands above them all).
_LADDER = ["records", "players", "play", "runs", "tournaments", "tuning"]
_BESIDE_RECORDS = {"stats", "storage"}  # both just above records, neither above the other
_LEAVES = (
    "adjacency_analysis",
    "adjacency_solving",
    "reports",
    "adjacency_learning",
    "g2048_analysis",
)


def _below(room: str) -> set[str]:
    rungs = set(_LADDER[: _LADDER.index(room)])
    return rungs | (_BESIDE_RECORDS if room != "records" else set())


ARENA_ROOMS: dict[str, set[str]] = {
    "records": set(),
    "stats": {"records"},
    "storage": {"records"},
    **{room: _below(room) for room in _LADDER[1:]},
    **{leaf: set(_LADDER) | _BESIDE_RECORDS for leaf in _LEAVES},
    "analysis": set(_LADDER) | _BESIDE_RECORDS | set(_LEAVES),
}

ARENA_DIR = PACKAGE_DIR / "arena"


def arena_room_of(module: str) -> str | None:
    """``plyground.arena.play.referee`` -> ``play``; the arena's face (``plyground.arena``
    or its ``__init__``) -> ``__init__``; a module outside the arena -> None."""
    parts = module.split(".")
    if parts[:2] != ["plyground", "arena"]:
        return None
    return parts[2] if len(parts) > 2 else "__init__"


def arena_breaches(imports: dict[str, set[str]]) -> list[str]:
    """Every import from one room of the arena to a room its row of ARENA_ROOMS does not
    list (``imports``: module -> the plyground modules it imports)."""
    breaches = []
    for module, targets in sorted(imports.items()):
        room = arena_room_of(module)
        if room is None or room == "__init__":
            continue
        for target in sorted(targets):
            target_room = arena_room_of(target)
            if target_room is None or target_room == room:
                continue
            if target_room == "__init__" or target_room not in ARENA_ROOMS[room]:
                breaches.append(f"{module} ({room}) imports {target} ({target_room})")
    return breaches


def room_imports(imports: dict[str, set[str]]) -> dict[str, set[str]]:
    """The arena's rooms -> the rooms their modules import, as ``plyground.arena.ROOM``."""
    rooms: dict[str, set[str]] = {}
    for module, targets in imports.items():
        room = arena_room_of(module)
        if room is None or room == "__init__":
            continue
        found = rooms.setdefault(f"plyground.arena.{room}", set())
        for target in targets:
            target_room = arena_room_of(target)
            if target_room not in (None, "__init__", room):
                found.add(f"plyground.arena.{target_room}")
    return rooms


def test_every_sub_package_of_the_arena_is_a_room_of_the_table() -> None:
    folders = {path.parent.name for path in ARENA_DIR.glob("*/__init__.py")}
    assert folders == set(ARENA_ROOMS)
    assert [path.name for path in ARENA_DIR.glob("*.py")] == ["__init__.py"]


def test_each_room_of_the_arena_imports_only_the_rooms_below_it() -> None:
    assert arena_breaches(module_imports()) == []


def test_no_import_cycle_between_the_rooms_of_the_arena() -> None:
    assert package_cycles(room_imports(module_imports())) == []


def test_the_room_checker_sees_an_upward_import(tmp_path: Path) -> None:
    """A record module that reaches up into tuning, inside a function, and one that
    imports the arena's face, are both caught; the same import from tuning is not."""
    record = tmp_path / "record.py"
    record.write_text(
        "def f():\n    from plyground.arena.tuning.run import TuningRun\n"
        "from plyground.arena.records.formats import read_records\n",
        encoding="utf-8",
    )
    formats = tmp_path / "formats.py"
    formats.write_text("from plyground.arena import GameRecord\n", encoding="utf-8")
    imports = {
        "plyground.arena.records.record": imported_modules(record),
        "plyground.arena.records.formats": imported_modules(formats),
        "plyground.arena.tuning.results": imported_modules(record),
    }
    assert arena_breaches(imports) == [
        "plyground.arena.records.formats (records) imports plyground.arena (__init__)",
        "plyground.arena.records.record (records) imports plyground.arena.tuning.run (tuning)",
    ]


def test_the_room_checker_sees_a_cycle_between_rooms() -> None:
    """``play`` importing ``runs`` while ``runs`` imports ``play`` is a cycle of rooms, even
    through two different modules of each."""
    imports = {
        "plyground.arena.play.referee": {"plyground.arena.runs.jobs"},
        "plyground.arena.runs.jobs": {"plyground.arena.play.solo"},
        "plyground.arena.play.solo": {"plyground.core.game"},
    }
    assert package_cycles(room_imports(imports)) == [
        ["plyground.arena.play", "plyground.arena.runs", "plyground.arena.play"]
    ]


# -- the profiles' targets: arrows drawn by string -------------------------------------


def profile_targets(profile: GameProfile) -> dict[str, set[str]]:
    """Each entry of ``profile`` that names targets -> the modules they name."""
    found: dict[str, set[str]] = {}
    for entry in TARGET_READERS:
        value = getattr(profile, entry)
        if isinstance(value, Compiled):
            targets = [value.make, value.warm_up]
        elif isinstance(value, str):
            targets = [value]
        elif value is None:
            targets = []
        else:  # a mapping of labels to targets
            targets = list(value.values())
        found[entry] = {target.partition(":")[0] for target in targets}
    return found


def target_breaches(
    profiles: dict[str, GameProfile], readers: Mapping[str, str] = TARGET_READERS
) -> list[str]:
    """Every target of a game's profile (``profiles``: game package -> its profile) that
    its reader (``readers``: entry -> module) could not import by the layer rule, the
    arena's rooms or the games' rule (a game names only its own modules, or other layers')."""
    breaches = []
    for game, profile in sorted(profiles.items()):
        for entry, modules in profile_targets(profile).items():
            reader = readers.get(entry, TARGET_READERS[entry])
            layer = layer_of(reader)
            for module in sorted(modules):
                arrow = f"{game}'s {entry} -> {module}, read by {reader}"
                if layer_of(module) not in {layer, *ALLOWED[layer]}:
                    breaches.append(f"{arrow} ({layer} may not import {layer_of(module)})")
                elif arena_breaches({reader: {module}}):
                    breaches.append(f"{arrow} (a room above its reader's)")
                elif game_of(module) not in (None, game):
                    breaches.append(f"{arrow} (another game's module)")
    return breaches


def built_in_profiles() -> dict[str, GameProfile]:
    """Every game package's profile, read from its ``profile.py``."""
    return {
        path.parent.name: importlib.import_module(
            f"plyground.games.{path.parent.name}.profile"
        ).PROFILE
        for path in sorted((PACKAGE_DIR / "games").glob("*/profile.py"))
    }


def test_every_profile_target_obeys_the_rules_of_its_reader() -> None:
    profiles = built_in_profiles()
    assert len(profiles) == 5
    assert target_breaches(profiles) == []


def test_each_reader_of_a_profile_entry_reads_it() -> None:
    """``TARGET_READERS`` stays true: each reader exists and reads its entry."""
    for entry, reader in TARGET_READERS.items():
        path = PACKAGE_DIR.parent.joinpath(*reader.split("."))
        source = (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text(
            encoding="utf-8"
        )
        assert f".{entry}" in source, (entry, reader)


def test_the_target_checker_sees_a_target_an_import_may_not_reach() -> None:
    """A hint read by the arena but named in the web app, an evaluator of another game,
    and a warm-up of the bots (read by the games' warm-ups) are caught; a view in the
    web app and a hint in the arena are not."""
    planted = GameProfile(
        evaluator="plyground.games.adjacency.evaluation:make_evaluator",
        warm_ups={"search": "plyground.bots.g2048:warm_up"},
        hint="plyground.web.views.morris:MorrisHints",
        analyser="plyground.arena.adjacency_analysis.analyser:Analyser",
        view="plyground.web.views.morris:MorrisView",
    )
    assert target_breaches({"morris": planted}) == [
        "morris's evaluator -> plyground.games.adjacency.evaluation, read by "
        "plyground.bots.evaluators (another game's module)",
        "morris's warm_ups -> plyground.bots.g2048, read by plyground.games.warmups "
        "(games may not import bots)",
        "morris's hint -> plyground.web.views.morris, read by plyground.arena.analysis.hints "
        "(arena may not import web)",
    ]


def test_the_target_checker_holds_the_rooms_of_the_arena() -> None:
    """An analyser in the tuning room read by the referee's room is caught; one in a leaf
    read by the analysis room over the leaves is not."""
    readers = {"analyser": "plyground.arena.play.referee"}
    planted = GameProfile(analyser="plyground.arena.tuning.run:Analyser")
    assert target_breaches({"demo": planted}, readers) == [
        "demo's analyser -> plyground.arena.tuning.run, read by plyground.arena.play.referee "
        "(a room above its reader's)"
    ]
    assert target_breaches({"demo": planted}) == []
