"""Player names: the one check every name passes on its way in.

A name is shown to every viewer of the game, so it must read as what it is:
no control or format characters (a right-to-left override U+202E would
reverse the text after it on the page, a zero-width space U+200B hides in a
name), no line or paragraph separators, no private-use, unassigned or
surrogate code points, and something visible in it (not only spaces, marks
or blank-looking letters such as U+3164). Runs of spaces become one space.
Two names are the same name if they match once folded (NFKC, case).
"""

from __future__ import annotations

import unicodedata

from plyground.web.sessions.errors import ApiError

__all__ = ["NAME_LENGTH", "check_name", "name_key"]

NAME_LENGTH = 40
"""Longest player name (characters)."""

_REFUSED = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Cs": "a surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""Unicode categories no name may contain, and how the refusal names them."""
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern)."""
_UNSEEN = frozenset({"Zs", "Mn", "Me", "Mc"})
"""Categories that show nothing on their own: spaces and combining marks."""


def check_name(raw: str, label: str) -> str:
    """The name ``raw`` of side ``label``, spaces collapsed; ApiError 422 naming the problem
    if it is empty, too long, holds a character it must not, or shows nothing."""
    for char in raw:
        category = unicodedata.category(char)
        if category in _REFUSED and char not in "\t\n\r":
            raise ApiError(
                422,
                f"the name of {label} contains {_REFUSED[category]} "
                f"(U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}): use letters, "
                "digits, punctuation and spaces",
            )
    name = " ".join(raw.split())
    if not name:
        raise ApiError(422, f"the name of {label} is empty: give each side a name")
    if all(unicodedata.category(c) in _UNSEEN or c in _BLANK for c in name):
        raise ApiError(422, f"the name of {label} shows nothing visible: give it letters or digits")
    if len(name) > NAME_LENGTH:
        raise ApiError(
            422, f"the name of {label} is longer than {NAME_LENGTH} characters: {name[:60]!r}"
        )
    return name


def name_key(name: str) -> str:
    """What two names must differ in: their NFKC case-folded form (so ``Ann`` and a
    full-width ``Ａｎｎ`` are the same name)."""
    return unicodedata.normalize("NFKC", name).casefold()
