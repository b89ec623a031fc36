"""The page's JavaScript modules import only downward, with no cycle.

``web/static/js/`` is in layers, lowest first: ``lib`` (helpers that know no game and no
page state) < ``model`` (what the page holds, the hooks) < ``net`` (the server) < ``view``
(drawing) < ``input`` (clicks, keys, forms) < ``app.js`` (wires them). A lower module asks
for a re-render through a hook that app.js registers, never by importing upward; a view
asks the server through ``net``, never through ``lib/api.js`` itself; the test reads every
module's import lines the way the browser resolves them.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "plyground" / "web" / "static"
LAYERS = ("lib", "model", "net", "view", "input", "app")
"""The layers, lowest first; a module is in the layer of its folder under ``js/``."""
API = "js/lib/api.js"
"""The page's one way to the server, which a view reaches only through ``net``."""

IMPORT = re.compile(
    r"""(?:^|[;\n])\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']"""  # import x from "…"
    r"""|(?:^|[;\n])\s*import\s*["']([^"']+)["']"""  # import "…" (for its effects)
    r"""|\bimport\s*\(\s*["']([^"']+)["']""",  # import("…")
    re.MULTILINE,
)


def layer_of(module: str) -> str | None:
    """``app.js`` -> ``app``; ``js/view/board.js`` -> ``view``; elsewhere None."""
    if module == "app.js":
        return "app"
    parts = module.split("/")
    if len(parts) == 3 and parts[0] == "js" and parts[1] in LAYERS[:-1]:
        return parts[1]
    return None


def imports_of(module: str, text: str) -> list[str]:
    """The modules ``module`` imports, as paths under static/ (``../lib/dom.js`` from
    ``js/view/board.js`` -> ``js/lib/dom.js``); a bare name stays as written."""
    found = []
    for match in IMPORT.finditer(text):
        target = next(group for group in match.groups() if group)
        if target.startswith(("./", "../")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(module), target))
        found.append(target)
    return found


def import_problems(modules: dict[str, str]) -> list[str]:
    """Every breach of the page's layers in ``modules`` (path under static/ -> its text): a
    module outside the layers, an import of a missing or bare module, an upward import, a
    cycle. Empty when the page is in order."""
    problems = []
    graph: dict[str, list[str]] = {}
    for module, text in sorted(modules.items()):
        layer = layer_of(module)
        if layer is None:
            problems.append(f"{module} is in no layer: put it in js/{{{','.join(LAYERS[:-1])}}}/")
            continue
        graph[module] = []
        for target in imports_of(module, text):
            if target not in modules:
                problems.append(f"{module} imports {target}, which is not a module of the page")
                continue
            graph[module].append(target)
            below = layer_of(target)
            if below is not None and LAYERS.index(below) > LAYERS.index(layer):
                problems.append(
                    f"{module} ({layer}) imports {target} ({below}), a layer above it: "
                    "ask for it through a hook that app.js registers"
                )
            elif layer == "view" and target == API:
                problems.append(
                    f"{module} (view) asks the server past net/: put the request in js/net/"
                )
    problems.extend(f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(graph))
    return problems


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """One cycle through each strongly knotted part of ``graph`` that has one (depth first)."""
    found: list[list[str]] = []
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> None:
        path.append(node)
        on_path.add(node)
        for nxt in graph.get(node, []):
            if nxt in on_path:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in done:
                visit(nxt)
        path.pop()
        on_path.discard(node)
        done.add(node)

    for node in sorted(graph):
        if node not in done:
            visit(node)
    return found


def page_modules() -> dict[str, str]:
    return {
        path.relative_to(STATIC).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(STATIC.rglob("*.js"))
    }


def test_the_page_modules_import_only_downward_without_cycles() -> None:
    modules = page_modules()
    assert len(modules) > 10, sorted(modules)
    assert import_problems(modules) == []
    # every module is reached from app.js: none is left behind, unread
    graph = {module: imports_of(module, text) for module, text in modules.items()}
    reached, todo = set(), ["app.js"]
    while todo:
        module = todo.pop()
        if module not in reached:
            reached.add(module)
            todo.extend(graph[module])
    assert reached == set(modules)


def test_the_reader_sees_every_form_of_import() -> None:
    text = (
        'import { a } from "./a.js";\n'
        "import {\n  b,\n  c,\n} from '../lib/b.js';\n"
        'import "./effects.js"; export { d } from "./d.js";\n'
        'const later = await import("../net/e.js");\n'
        '// from "./comment-not-an-import.js" in prose\n'
    )
    assert imports_of("js/view/x.js", text) == [
        "js/view/a.js",
        "js/lib/b.js",
        "js/view/effects.js",
        "js/view/d.js",
        "js/net/e.js",
    ]


@pytest.mark.parametrize(
    ("planted", "reported"),
    [
        (
            {"js/net/stream.js": 'import { render } from "../view/screen.js";\n'},
            "js/net/stream.js (net) imports js/view/screen.js (view), a layer above it",
        ),
        (
            {"js/lib/dom.js": 'import { ui } from "../model/state.js";\n'},
            "js/lib/dom.js (lib) imports js/model/state.js (model), a layer above it",
        ),
        (
            {"js/view/board.js": 'import { render } from "./screen.js";\n'},
            "import cycle: js/view/screen.js -> js/view/board.js -> js/view/screen.js",
        ),
        (
            {"js/helpers.js": ""},
            "js/helpers.js is in no layer",
        ),
        (
            {"js/view/heatmap.js": 'import { api } from "../lib/api.js";\n'},
            "js/view/heatmap.js (view) asks the server past net/",
        ),
        (
            {"js/view/board.js": 'import { gone } from "../lib/gone.js";\n'},
            "js/view/board.js imports js/lib/gone.js, which is not a module of the page",
        ),
    ],
)
def test_a_planted_breach_is_reported(planted: dict[str, str], reported: str) -> None:
    modules = page_modules()
    for module, line in planted.items():
        modules[module] = line + modules.get(module, "")
    problems = import_problems(modules)
    assert any(problem.startswith(reported) for problem in problems), problems
