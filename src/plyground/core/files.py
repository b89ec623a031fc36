"""Files written whole or not at all.

A record file, a report, an opening book or a table that a crash, a full disk
or Ctrl-C leaves half-written is worse than none: the next reader takes it for
the whole thing. So what plyground writes for a user goes to a temporary file
beside the target, which replaces the target only once it is complete
(``os.replace`` is atomic within one file system). A reader sees the old file or
the new one, never a mix; on any failure the temporary file is removed and the
old file, if there was one, is left as it was.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

__all__ = ["whole_file", "write_whole"]


@contextlib.contextmanager
def whole_file(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` to write; it becomes ``path`` when the
    block ends normally, and is removed when it raises (Ctrl-C included).

    The temporary file is hidden (a leading dot) and named for this process, so two
    processes writing the same target do not share one; it is opened by the caller
    as any file is, so a new file gets the usual permissions (the umask's), not a
    private temporary file's, and a replaced file keeps its own. A symbolic link is
    followed: the file it names is replaced and the link kept. A target that exists
    and is not a regular file (``/dev/stdout``, a named pipe) is yielded as it is and
    written in place: it cannot be replaced.
    """
    target = Path(path)
    if target.exists() and not target.is_file():  # a terminal, a pipe: written in place
        yield target
        return
    target = target.resolve()  # a link keeps pointing at the file, which is replaced
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        yield temporary
        if target.exists():
            shutil.copymode(target, temporary)  # a file made private stays private
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_whole(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, whole or not at all."""
    with whole_file(path) as temporary:
        temporary.write_text(text, encoding="utf-8")
