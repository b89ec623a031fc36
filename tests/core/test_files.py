"""Files written whole or not at all (``core/files.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from plyground.core.files import whole_file, write_whole


def test_a_finished_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "records.jsonl"
    target.write_text("old\n", encoding="utf-8")
    write_whole(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert os.listdir(tmp_path) == ["records.jsonl"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, OSError])
def test_a_write_stopped_midway_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, stop: type[BaseException]
) -> None:
    target = tmp_path / "book.json"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(stop), whole_file(target) as temporary:
        temporary.write_text("half of the ne", encoding="utf-8")
        raise stop
    assert target.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["book.json"]


def test_a_new_file_gets_the_usual_permissions_not_a_private_temporarys(tmp_path: Path) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    whole = tmp_path / "whole.txt"
    write_whole(whole, "x")
    assert whole.stat().st_mode == plain.stat().st_mode


def test_a_link_is_kept_and_the_file_it_names_replaced(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old", encoding="utf-8")
    (tmp_path / "link.json").symlink_to("real.json")
    write_whole(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text(encoding="utf-8") == "new"
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json"]


def test_a_named_pipe_is_written_in_place(tmp_path: Path) -> None:
    pipe = tmp_path / "records.fifo"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so opening it to write does not wait
    try:
        write_whole(pipe, "through the pipe\n")
        assert os.read(reader, 100) == b"through the pipe\n"
    finally:
        os.close(reader)
    assert pipe.is_fifo() and os.listdir(tmp_path) == ["records.fifo"]


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    private = tmp_path / "weights.json"
    private.write_text("old", encoding="utf-8")
    private.chmod(0o600)
    write_whole(private, "new")
    assert private.stat().st_mode & 0o777 == 0o600
