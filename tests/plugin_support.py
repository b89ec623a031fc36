"""Installing a package by hand, as tests of installed packages' games and bots need.

A package's source and a ``*.dist-info`` (metadata and the ``entry_points.txt``
its pyproject declares) in a directory on the path is all
``importlib.metadata`` needs to find it (docs/plugins.md).
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

__all__ = ["EXAMPLE", "install", "install_example"]

EXAMPLE = Path(__file__).parent / "core" / "entry_point_pkg"
"""The example package: one-pile Nim and a bot that plays it perfectly."""


def install(site: Path, name: str, version: str, groups: dict[str, dict[str, str]]) -> None:
    """Write the ``.dist-info`` of distribution ``name`` declaring ``groups`` into ``site``."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    (info / "METADATA").write_text(metadata, encoding="utf-8")
    lines = []
    for group, points in groups.items():
        lines += [f"[{group}]", *(f"{key} = {value}" for key, value in points.items()), ""]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")


def install_example(site: Path) -> Path:
    """Install the example package into ``site`` as its pyproject says; returns ``site``."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(EXAMPLE / "src" / "plyground_example", site / "plyground_example")
    install(site, project["name"], project["version"], project["entry-points"])
    return site
