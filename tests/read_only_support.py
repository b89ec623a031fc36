"""A file or directory made read-only for the tests' user, root included."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make ``path`` read-only inside the block: by its mode for a user, by the immutable
    attribute (``chattr +i``) for root, whom modes do not stop. Skips where neither is
    possible (no chattr, or a file system without the attribute)."""
    if os.geteuid() != 0:
        was = path.stat().st_mode & 0o777
        path.chmod(0o500 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(was)
        return
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed (needed to make a path read-only for root)")
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"chattr +i is not possible here: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
