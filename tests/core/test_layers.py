"""The layer rule of docs/architecture.md, read from every module's imports.

Each layer imports only itself and the layers listed for it: core nothing
of plyground above it, games and algorithms only core, and so on up to the
front ends. Imports under ``TYPE_CHECKING`` and inside functions count too:
they are dependencies all the same.
"""

from __future__ import annotations

import ast
from pathlib import Path

import plyground

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
        if isinstance(node, ast.Import):
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
    return {name for name in found if name == "plyground" or name.startswith("plyground.")}


def layer_breaches() -> list[str]:
    breaches = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
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
