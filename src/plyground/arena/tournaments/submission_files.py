"""A student's submission (a zip or a folder) copied into its own folder, and nothing else.

A learning platform exports one zip or one folder per student, in any
layout. :func:`unpack` copies one into an empty folder of its own, with a
single top folder (``ada/MyBot/...``) taken off and the platform's litter
(``__MACOSX/``, ``.DS_Store``) left behind, and a zip found alone in a
folder unpacked in its place. It refuses, with a sentence, anything that
could write or read outside that folder or swamp the disk: a zip member
with an absolute path or a ``..`` step (zip slip), a symbolic link (in a
folder or in a zip), a file over :data:`FILE_LIMIT`, more than
:data:`FILES_LIMIT` files or :data:`TOTAL_LIMIT` in all. A refused
submission leaves no file behind. :func:`digest` is what a re-import compares.
"""

from __future__ import annotations

import hashlib
import shutil
import stat
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from plyground.core.errors import PlygroundError

__all__ = [
    "FILES_LIMIT",
    "FILE_LIMIT",
    "TOTAL_LIMIT",
    "SubmissionRefusedError",
    "digest",
    "unpack",
]

FILE_LIMIT = 5 * 1024 * 1024
"""The most bytes one file of a submission may have."""
TOTAL_LIMIT = 50 * 1024 * 1024
"""The most bytes a whole submission may have, unpacked."""
FILES_LIMIT = 2000
"""The most files a submission may have."""
_LITTER = {"__MACOSX", ".DS_Store", "Thumbs.db"}


class SubmissionRefusedError(PlygroundError):
    """A submission that is not copied, and why, in one sentence."""


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.0f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def digest(source: Path) -> str:
    """A fingerprint of a submission: of the zip's bytes, or of a folder's file names and
    contents (symbolic links by their target), so a changed submission is seen."""
    hasher = hashlib.sha256()
    if source.is_file():
        with source.open("rb") as data:
            for block in iter(lambda: data.read(1 << 20), b""):
                hasher.update(block)
        return hasher.hexdigest()
    for path in sorted(source.rglob("*")):
        hasher.update(str(path.relative_to(source)).encode("utf-8", "surrogateescape") + b"\0")
        if path.is_symlink():
            hasher.update(b"link:" + str(path.readlink()).encode("utf-8", "surrogateescape"))
        elif path.is_file() and path.stat().st_size > FILE_LIMIT:
            hasher.update(b"size:%d" % path.stat().st_size)  # refused anyway: not read
        elif path.is_file():
            hasher.update(path.read_bytes())
        hasher.update(b"\0")
    return hasher.hexdigest()


def unpack(source: Path, target: Path) -> None:
    """Copy the submission ``source`` (a ``.zip`` file or a folder) into ``target``, which
    must not exist; SubmissionRefusedError (and no ``target``) when it breaks a rule above."""
    try:
        target.mkdir(parents=True)
        if source.is_file():
            _unzip(source, target)
        else:
            _copy_folder(source, target)
        zips = [p for p in target.iterdir() if p.suffix.lower() == ".zip" and p.is_file()]
        if len(zips) == 1 and not any(p for p in target.iterdir() if p not in zips):
            inner = zips[0]  # the platform's folder holding the student's zip
            moved = target.parent / f".{target.name}.inner.zip"
            inner.rename(moved)
            try:
                _unzip(moved, target)
            finally:
                moved.unlink()
        _lift_single_folder(target)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise


def _unzip(source: Path, target: Path) -> None:
    try:
        _unzip_members(source, target)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        # a damaged member, an unknown compression, a password
        raise SubmissionRefusedError(f"{source.name} cannot be unpacked: {error}") from None


def _unzip_members(source: Path, target: Path) -> None:
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, OSError) as error:
        raise SubmissionRefusedError(
            f"{source.name} is not a zip file that can be read ({error})"
        ) from None
    with archive:
        members = [m for m in archive.infolist() if not _is_litter(PurePosixPath(m.filename))]
        _check_counts(source.name, [m.file_size for m in members if not m.is_dir()])
        total = 0  # what comes out, whatever the zip declares
        for member in members:
            name = PurePosixPath(member.filename.replace("\\", "/"))
            if name.is_absolute() or ".." in name.parts or ":" in member.filename:
                raise SubmissionRefusedError(
                    f"{source.name} holds {member.filename!r}, a path that leads outside its "
                    "folder (refused: a submission writes only into its own folder)"
                )
            if stat.S_ISLNK(member.external_attr >> 16):
                raise SubmissionRefusedError(
                    f"{source.name} holds {member.filename!r}, a symbolic link (refused: a "
                    "submission may hold files and folders only)"
                )
            path = target.joinpath(*name.parts)
            if member.is_dir():
                path.mkdir(parents=True, exist_ok=True)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(member) as data, path.open("wb") as out:
                written = 0  # the sizes the zip declares are checked, and so is what comes out
                for block in iter(lambda: data.read(1 << 16), b""):
                    written += len(block)
                    total += len(block)
                    if written > FILE_LIMIT:
                        raise SubmissionRefusedError(
                            _too_big(source.name, member.filename, written)
                        )
                    if total > TOTAL_LIMIT:  # more came out than it declared
                        _check_counts(source.name, [total])
                    out.write(block)


def _copy_folder(source: Path, target: Path) -> None:
    files = list(_walk(source))
    _check_counts(source.name, [path.stat().st_size for path in files if path.is_file()])
    for path in files:
        relative = path.relative_to(source)
        if path.is_dir():
            (target / relative).mkdir(parents=True, exist_ok=True)
            continue
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target / relative, follow_symlinks=False)


def _walk(folder: Path) -> Iterator[Path]:
    """Every file and folder below ``folder``, litter left out; SubmissionRefusedError at a
    symbolic link or anything that is neither a file nor a folder."""
    for path in sorted(folder.iterdir()):
        if _is_litter(PurePosixPath(path.name)):
            continue
        if path.is_symlink():
            raise SubmissionRefusedError(
                f"{folder.name}/{path.name} is a symbolic link (refused: a submission may hold "
                "files and folders only)"
            )
        if path.is_dir():
            yield path
            yield from _walk(path)
        elif path.is_file():
            yield path
        else:
            raise SubmissionRefusedError(f"{folder.name}/{path.name} is not a file (refused)")


def _check_counts(name: str, sizes: list[int]) -> None:
    if len(sizes) > FILES_LIMIT:
        raise SubmissionRefusedError(
            f"{name} holds {len(sizes)} files, over the {FILES_LIMIT} a submission may have"
        )
    if sizes and max(sizes) > FILE_LIMIT:
        raise SubmissionRefusedError(_too_big(name, "a file", max(sizes)))
    if sum(sizes) > TOTAL_LIMIT:
        raise SubmissionRefusedError(
            f"{name} holds {_mb(sum(sizes))} in all, over the {_mb(TOTAL_LIMIT)} a submission "
            "may have"
        )


def _too_big(name: str, member: str, size: int) -> str:
    shown = member if member == "a file" else repr(member)
    return (
        f"{name} holds {shown} of {_mb(size)} or more, over the {_mb(FILE_LIMIT)} a file of a "
        "submission may have"
    )


def _is_litter(path: PurePosixPath) -> bool:
    return any(part in _LITTER for part in path.parts)


def _lift_single_folder(target: Path) -> None:
    """``target/MyBot/...`` -> ``target/...`` while ``target`` holds one folder alone."""
    while True:
        entries = list(target.iterdir())
        if len(entries) != 1 or not entries[0].is_dir():
            return
        inner = entries[0]
        parked = target.parent / f".{target.name}.lift"
        inner.rename(parked)
        for child in parked.iterdir():
            child.rename(target / child.name)
        parked.rmdir()
