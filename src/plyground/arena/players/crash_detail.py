"""What an engine's stderr says about its crash, in the student's own terms.

An engine that dies leaves its last words on stderr: a Python traceback, a
Java stack trace, a compiler's errors, or nothing at all when a C program is
killed by a signal. :func:`crash_detail` finds the exception (or error)
line and the student's own top frame (the frame nearest the failure that is
in the student's code, not the language's library), so a rule break reads
``RuntimeError: boom (mybot.py, line 44, in move)`` rather than the last
stderr line. :func:`signal_meaning` says what a fatal signal usually means.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["crash_detail", "signal_meaning"]

_PY_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>.+))?$')
_SYNTAX_ERROR = re.compile(r"\b(?:SyntaxError|IndentationError|TabError): .*$")
_PY_ERROR = re.compile(r"^(?:[A-Za-z_][\w.]*)(?:Error|Exception|Exit|Interrupt|Warning)\b.*$|^\w+:")
_JAVA_FRAME = re.compile(r"^\s*at (?P<where>[\w$.<>/]+)\((?P<source>[^)]*)\)")
_JAVA_ERROR = re.compile(
    r"^(?:Exception in thread \"[^\"]*\" |Caused by: )?(?P<error>[\w$]+(?:\.[\w$]+)+"
    r"(?:Exception|Error)\b.*)$"
)
_COMPILE_ERROR = re.compile(r"^(?P<where>[^\s:][^:]*\.\w+:\d+(?::\d+)?): (?:fatal )?error: .+$")
_LIBRARY_JAVA = ("java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "scala.")
_LIBRARY_PY = ("/lib/python", "site-packages", "dist-packages", "<frozen", "/plyground/")
_SIGNALS = {
    "SIGSEGV": "a segmentation fault: memory read or written out of bounds (an array "
    "index, a bad pointer, or a stack overflow from deep recursion)",
    "SIGABRT": "aborted: an assert failed, or the C library found corrupt memory",
    "SIGFPE": "an arithmetic error: an integer division by zero",
    "SIGBUS": "a bus error: a bad pointer",
    "SIGILL": "an illegal instruction",
    "SIGKILL": "killed from outside (out of memory, or by the referee)",
}


def signal_meaning(name: str) -> str:
    """What a fatal signal such as ``SIGSEGV`` usually means in a student's program ('' if
    nothing useful)."""
    return _SIGNALS.get(name, "")


def crash_detail(lines: Sequence[str]) -> str:
    """The failure in ``lines`` (an engine's last stderr lines) as one line: the error and
    the student's own top frame; the last non-blank line when no failure is recognised;
    '' when there is none."""
    text = [line.rstrip() for line in lines if line.strip()]
    if not text:
        return ""
    return _syntax(text) or _python(text) or _java(text) or _compiler(text) or text[-1].strip()


def _syntax(lines: list[str]) -> str:
    """A Python syntax error as ``SyntaxError: '(' was never closed (mybot.py, line 6):
    return Decision(...``: the error, its file and line, and the line of code itself (not
    the caret under it), however the error and its place were written around it."""
    errors = [_SYNTAX_ERROR.search(line) for line in lines]
    found = [(i, match) for i, match in enumerate(errors) if match is not None]
    if not found:
        return ""
    index, error = found[-1]
    frames = [i for i, line in enumerate(lines) if _PY_FRAME.match(line)]
    if not frames:
        return error[0]
    frame = frames[-1] if frames[-1] > index else min(frames, key=lambda i: abs(i - index))
    place = _PY_FRAME.match(lines[frame])
    assert place is not None
    where = f" ({place['file'].rsplit('/', 1)[-1]}, line {place['line']})"
    code = lines[frame + 1].strip() if frame + 1 < len(lines) else ""
    if not code or set(code) <= {"^", "~", " "} or _SYNTAX_ERROR.search(code):
        return error[0] + where
    return f"{error[0]}{where}: {code}"


def _python(lines: list[str]) -> str:
    """A Python traceback's last exception line and the deepest frame in the student's code
    (a syntax error's file and line are its own frame)."""
    starts = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent")]
    frames = [i for i, line in enumerate(lines) if _PY_FRAME.match(line)]
    if not starts and not frames:
        return ""
    begin = starts[-1] if starts else frames[0]
    error = next(
        (line.strip() for line in reversed(lines[begin:]) if not line.startswith((" ", "\t"))),
        "",
    )
    if not error and not starts:  # the frames follow their error (plyground engine's report)
        error = next(
            (line.strip() for line in reversed(lines[:begin]) if not line[:1].isspace()), ""
        )
    if not error or error.startswith("Traceback") or not _PY_ERROR.match(error):
        return ""
    if re.search(r"\bline \d+", error):
        return error  # it names its place already
    where = ""
    for index in reversed([i for i in frames if i >= begin]):
        match = _PY_FRAME.match(lines[index])
        assert match is not None
        path = match["file"]
        if not any(part in path for part in _LIBRARY_PY):
            name = path.rsplit("/", 1)[-1]
            func = f", in {match['func']}" if match["func"] else ""
            where = f" ({name}, line {match['line']}{func})"
            break
    return error + where


def _java(lines: list[str]) -> str:
    """A Java stack trace's exception (the root cause, when one is given) and the top frame
    outside the Java library."""
    errors = [i for i, line in enumerate(lines) if _JAVA_ERROR.match(line.strip())]
    if not errors:
        return ""
    first = errors[-1]  # the root cause is the last "Caused by:"
    match = _JAVA_ERROR.match(lines[first].strip())
    assert match is not None
    error = match["error"]
    for line in lines[first + 1 :]:
        frame = _JAVA_FRAME.match(line)
        if frame is None:
            if _JAVA_ERROR.match(line.strip()):
                break
            continue
        if not frame["where"].startswith(_LIBRARY_JAVA):
            return f"{error} ({frame['source']}, in {frame['where']})"
    return error


def _compiler(lines: list[str]) -> str:
    """A compiler's first error (``MyBot.java:12: error: ';' expected``), as it wrote it."""
    for line in lines:
        if _COMPILE_ERROR.match(line.strip()):
            return line.strip()
    return ""
