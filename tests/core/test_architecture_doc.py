"""docs/architecture.md names only what exists: every path and every ``plyground`` module;
and so does every docstring of the package, for the paths it names.

A newcomer finds an idea by the file the page names, so a renamed or moved
file must take the page with it. Paths in backquotes are under
``src/plyground/`` unless they start with a top-level folder of the
repository (``tests/``, ``docs/``, ``benchmarks/``, ``src/``; ``plyground/``
is under ``src/``). A bare file name is in the folder last named before it
in its paragraph, bullet or table row (a bullet ``- morris:`` names
``games/morris/``). A dotted ``plyground.x.y`` is a module or package, or a
name defined in one. Templates (``games/<name>/rules.py``) are not checked.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "plyground"
DOC = ROOT / "docs" / "architecture.md"
TOP_LEVEL = ("tests/", "docs/", "benchmarks/", "src/")

_QUOTED = re.compile(r"`([^`\s]+)`")
_PATH = re.compile(r"^[\w./<>-]+(\.py|\.js|\.md|/)$")
_MODULE = re.compile(r"^plyground(\.\w+)+$")
_GAME_BULLET = re.compile(r"^- (\w+): ")


def _quoted() -> list[str]:
    return sorted(set(_QUOTED.findall(DOC.read_text(encoding="utf-8"))))


def _paths() -> list[str]:
    """Every path the page names, each as a path from the repository's root."""
    found: set[str] = set()
    folder = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        bullet = _GAME_BULLET.match(line)
        if not line.strip() or line.startswith(("|", "#", "- ")):
            folder = ""  # a new paragraph, table row, heading or bullet
        if bullet:
            folder = f"games/{bullet.group(1)}/"
        for text in _QUOTED.findall(line):
            if not _PATH.match(text) or "<" in text:
                continue
            if "/" in text.rstrip("/"):
                found.add(_from_root(text))
                if text.endswith("/"):
                    folder = text
            elif text.endswith("/"):
                found.add(_from_root(text))
                folder = text
            else:
                found.add(_from_root(folder + text))
    return sorted(found)


def _modules() -> list[str]:
    return [text for text in _quoted() if _MODULE.match(text)]


def _from_root(text: str) -> str:
    if text.startswith("plyground/"):
        return "src/" + text
    return text if text.startswith(TOP_LEVEL) else "src/plyground/" + text


def _module_exists(dotted: str) -> bool:
    """``dotted`` is a module or package, or a name its parent module assigns or defines."""
    parts = dotted.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
        return True
    parent = PACKAGE.joinpath(*parts[:-1])
    source = (
        parent.with_suffix(".py") if parent.with_suffix(".py").is_file() else parent / "__init__.py"
    )
    if not source.is_file():
        return False
    name = re.escape(parts[-1])
    return (
        re.search(rf"^(class |def )?{name}\b", source.read_text(encoding="utf-8"), re.M) is not None
    )


def test_the_page_names_paths_and_modules() -> None:
    assert len(_paths()) > 50
    assert len(_modules()) > 5


@pytest.mark.parametrize("text", _paths())
def test_every_named_path_exists(text: str) -> None:
    assert (ROOT / text).exists(), f"docs/architecture.md names {text!r}, which does not exist"


@pytest.mark.parametrize("text", _modules())
def test_every_named_module_exists(text: str) -> None:
    assert _module_exists(text), f"docs/architecture.md names {text!r}, which does not exist"


def test_a_missing_path_is_seen() -> None:
    assert not (ROOT / _from_root("core/no_such_idea.py")).exists()
    assert not _module_exists("plyground.core.no_such_idea")
    assert _module_exists("plyground.games.GAMES")


# -- the package's docstrings ---------------------------------------------------------

_DOC_QUOTED = re.compile(r"``([^`\s]+)``|(?<!`)`([^`\s]+)`(?!`)")
_DOC_PATH = re.compile(r"^[\w./<>-]+(\.py|\.js|\.md|\.json|/)$")


def docstring_paths(module: Path) -> list[str]:
    """The paths ``module``'s docstrings name (a folder inside them, a file name with its
    folder; not a user's own ``./file.py``, nor a template with ``<name>``)."""
    found = []
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False) or ""
            for groups in _DOC_QUOTED.findall(doc):
                text = next(group for group in groups if group)
                own = text.startswith("./") or "<" in text
                if _DOC_PATH.match(text) and "/" in text.rstrip("/") and not own:
                    found.append(text)
    return found


def path_exists_for(module: Path, text: str) -> bool:
    """A docstring's path is from the repository's root, the package, or a folder of the
    package that holds ``module`` (``static/js/...`` in ``web/sessions/heat.py`` is
    ``web/static/js/...``)."""
    folders = [ROOT, PACKAGE, *(p for p in module.parents if p.is_relative_to(PACKAGE))]
    return any((folder / text).exists() for folder in folders)


def test_every_path_a_docstring_names_exists() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    named = [(module, text) for module in modules for text in docstring_paths(module)]
    assert len(named) >= 4  # the page's scripts, tests and benchmarks that modules name
    missing = [
        f"{module.relative_to(ROOT)} names {text!r}"
        for module, text in named
        if not path_exists_for(module, text)
    ]
    assert missing == []


def test_a_wrong_path_in_a_docstring_is_seen(tmp_path: Path) -> None:
    """A module naming the heat map's script where it is not (``static/js/heatmap.js``) is
    caught; the same module naming it where it is, from its folder, is not."""
    module = PACKAGE / "web" / "sessions" / "heat.py"
    planted = tmp_path / "heat.py"
    planted.write_text(
        '"""Drawn by ``static/js/heatmap.js`` and ``static/js/view/heatmap.js``."""\n',
        encoding="utf-8",
    )
    texts = docstring_paths(planted)
    assert texts == ["static/js/heatmap.js", "static/js/view/heatmap.js"]
    assert [path_exists_for(module, text) for text in texts] == [False, True]
