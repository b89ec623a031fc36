"""Look-alike spellings of a name, as Unicode's TR39 (Unicode Security Mechanisms) finds them.

Two of its checks, kept to the scripts whose letters pass for each other:

- **Mixed scripts.** A word that mixes Latin, Greek and Cyrillic letters ("Аlice" with
  a Cyrillic А) is the classic spoof; TR39's moderately restrictive level refuses it. A
  character's script comes from its Unicode Script_Extensions (the ``regex`` module's
  ``\\p{scx=...}``); digits, punctuation and combining marks belong to no script here,
  and other scripts (a Latin name with Han or kana) mix freely.
- **Confusable names.** Two names are confusable when their skeletons match: each Greek
  or Cyrillic letter that looks like a Latin one is read as that Latin letter (the table
  below), then the text is decomposed (NFKD) and case-folded, so "alice", "аlice" and
  "ALICE" share the skeleton "alice".

The table is a subset of Unicode's confusables data (``confusables.txt`` of TR39, the
single-letter prototypes of Greek and Cyrillic letters), with one change: where TR39's
prototype is another Latin look-alike (Greek Ι and Cyrillic І are mapped to ``l``, as
``I`` is), the letter of the same case is used, since the skeleton here does not fold
Latin letters into each other.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

import regex

__all__ = ["LATIN_LOOK_ALIKES", "MixedWord", "look_alike_key", "look_alikes_in", "mixed_word"]

LATIN_LOOK_ALIKES: dict[str, str] = {
    # Greek capitals
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I",
    "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T",
    "\u03a5": "Y", "\u03a7": "X", "\u037f": "J", "\u03dc": "F", "\u03f9": "C", "\u03fa": "M",
    # Greek small letters
    "\u03b1": "a", "\u03b3": "y", "\u03b9": "i", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p",
    "\u03c3": "o", "\u03c5": "u", "\u03f2": "c", "\u03f3": "j", "\u1d26": "r",
    # Cyrillic capitals
    "\u0405": "S", "\u0406": "I", "\u0408": "J", "\u0410": "A", "\u0412": "B", "\u0415": "E",
    "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O", "\u0420": "P", "\u0421": "C",
    "\u0422": "T", "\u0423": "Y", "\u0425": "X", "\u042c": "b", "\u0474": "V", "\u04ae": "Y",
    "\u04c0": "I", "\u050c": "G", "\u051c": "W",
    # Cyrillic small letters
    "\u0430": "a", "\u0433": "r", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c",
    "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u0456": "i", "\u0458": "j", "\u0461": "w",
    "\u0475": "v", "\u04af": "y", "\u04bb": "h", "\u04bd": "e", "\u04cf": "l", "\u0501": "d",
    "\u051b": "q", "\u051d": "w", "\ua647": "i",
}  # fmt: skip
"""Greek and Cyrillic letters that look like a Latin letter, and that letter."""

_SCRIPTS = {name: regex.compile(rf"\p{{scx={name}}}") for name in ("Latin", "Greek", "Cyrillic")}
"""The scripts whose letters pass for each other, each as a one-character pattern."""


def _as_latin(char: str) -> str:
    """``char`` as the Latin letter it looks like, if it does; else as it is. A compatibility
    form (mathematical 𝛂, the rho symbol ϱ) is read through its decomposition."""
    if char in LATIN_LOOK_ALIKES:
        return LATIN_LOOK_ALIKES[char]
    return "".join(
        LATIN_LOOK_ALIKES.get(part, part) for part in unicodedata.normalize("NFKD", char)
    )


def look_alike_key(name: str) -> str:
    """The skeleton two names share when they look alike (TR39 ``skeleton``, case-folded).

    >>> look_alike_key("\u0410lice") == look_alike_key("ALICE") == "alice"
    True
    """
    latin = "".join(_as_latin(char) for char in unicodedata.normalize("NFD", name))
    return unicodedata.normalize("NFKD", latin.casefold())


def look_alikes_in(name: str) -> list[str]:
    """The characters of ``name`` that pass for Latin letters they are not."""
    return [char for char in unicodedata.normalize("NFD", name) if _as_latin(char) != char]


def _script(char: str) -> str | None:
    """The one of Latin, Greek and Cyrillic that ``char`` is written in; None for a
    character of none of them or shared by several (digits, punctuation, some marks)."""
    scripts = [name for name, pattern in _SCRIPTS.items() if pattern.match(char)]
    return scripts[0] if len(scripts) == 1 else None


@dataclass(frozen=True)
class MixedWord:
    """A word that mixes scripts: the word, its odd character (the first of its least used
    script, the likely stand-in), that character's script and the scripts of the others."""

    word: str
    odd: str
    script: str
    others: tuple[str, ...]


def mixed_word(name: str) -> MixedWord | None:
    """The first word of ``name`` (split at spaces) holding letters of two or more of Latin,
    Greek and Cyrillic; None when each word keeps to one of them.

    >>> mixed_word("\u0410lice").odd == "\u0410"
    True
    >>> mixed_word("\u0410\u043b\u0438\u0441\u0430 Smith") is None
    True
    """
    for word in name.split():
        letters = [(script, char) for char in word if (script := _script(char)) is not None]
        counts = Counter(script for script, _ in letters)
        if len(counts) < 2:
            continue
        # The least used script holds the stand-in; on a tie, the script that is not Latin.
        odd_script = min(counts, key=lambda script: (counts[script], script == "Latin"))
        odd = next(char for script, char in letters if script == odd_script)
        others = tuple(script for script in counts if script != odd_script)
        return MixedWord(word, odd, odd_script, others)
    return None
