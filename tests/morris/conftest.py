"""Every Morris test sees an empty user data directory: no endgame tables unless it builds some."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _empty_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
