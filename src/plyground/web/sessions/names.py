"""Player names: the one check every name passes on its way in.

A name is shown to every viewer of the game, so it must read as what it is:
no control or format characters (a right-to-left override U+202E would
reverse the text after it on the page, a zero-width space U+200B hides in a
name), no line or paragraph separators, no private-use, unassigned or
surrogate code points, and something visible in it (not only spaces, marks
or blank-looking letters such as U+3164), and no word that mixes Latin, Greek and
Cyrillic letters (a Cyrillic А in "Аlice": :mod:`~plyground.web.sessions.look_alikes`).
Runs of spaces become one space. Two sides' names must differ: not the same once folded
(NFKC, case), nor look-alikes (the same skeleton: "alice" and a Cyrillic "аlice").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.look_alikes import look_alike_key, look_alikes_in, mixed_word

__all__ = ["NAME_LENGTH", "check_distinct", "check_name", "name_key"]

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
    if it is empty, too long, holds a character it must not, shows nothing, or mixes
    look-alike scripts in a word."""
    for char in raw:
        category = unicodedata.category(char)
        if category in _REFUSED and char not in "\t\n\r":
            raise ApiError(
                422,
                f"the name of {label} contains {_REFUSED[category]} "
                f"({_describe(char)}): use letters, "
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
    mixed = mixed_word(name)
    if mixed is not None:
        raise ApiError(
            422,
            f"the name of {label} mixes {mixed.script} and {' and '.join(mixed.others)} letters "
            f"in the word {mixed.word!r} ({_describe(mixed.odd)} among "
            f"{' and '.join(mixed.others)} letters), as look-alike spellings do: "
            "write each word in one script",
        )
    return name


def check_distinct(names: Sequence[str], labels: Sequence[str]) -> None:
    """ApiError 422 if two sides' names (``names[i]`` of side ``labels[i]``) are the same
    name once folded, or look alike, naming the characters that pass for others; its
    field is the later side's name (``players.<i>.name``)."""
    for index, name in enumerate(names):
        for earlier in range(index):
            other = names[earlier]
            if name_key(name) == name_key(other):
                raise ApiError(
                    422,
                    f"both sides are named {name!r}: give each side its own name",
                    field=f"players.{index}.name",
                )
            if look_alike_key(name) == look_alike_key(other):
                stand_ins = list(dict.fromkeys(look_alikes_in(other) + look_alikes_in(name)))
                verb = (
                    "passes for a Latin letter" if len(stand_ins) == 1 else "pass for Latin letters"
                )
                which = f": {', '.join(map(_describe, stand_ins))} {verb}" if stand_ins else ""
                raise ApiError(
                    422,
                    f"the names of {labels[earlier]} and {labels[index]} look alike "
                    f"({other!r} and {name!r}{which}): give each side a name that reads "
                    "differently",
                    field=f"players.{index}.name",
                )


def _describe(char: str) -> str:
    """A character as a refusal names it: ``U+0410 CYRILLIC CAPITAL LETTER A``."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}"


def name_key(name: str) -> str:
    """What two names must differ in: their NFKC case-folded form (so ``Ann`` and a
    full-width ``Ａｎｎ`` are the same name)."""
    return unicodedata.normalize("NFKC", name).casefold()
