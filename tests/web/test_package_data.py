"""Every file of the page ships in the wheel: pyproject's package-data globs match each file
under ``web/static/`` (sub-folders included), as setuptools reads them (recursive ``**``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "plyground"


def shipped(globs: list[str]) -> set[Path]:
    """The files under the package that the globs name (as setuptools expands them)."""
    return {path for pattern in globs for path in PACKAGE.glob(pattern) if path.is_file()}


def test_package_data_ships_every_file_of_the_page() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["plyground"]
    static = {path for path in (PACKAGE / "web" / "static").rglob("*") if path.is_file()}
    assert any(path.parent.parent.name == "js" for path in static)  # the layers' sub-folders
    missing = sorted(str(path.relative_to(PACKAGE)) for path in static - shipped(globs))
    assert missing == [], f"not in the wheel: {missing}"
