"""The names check on its own: which look-alike spellings it refuses and which honest names
in other scripts it lets through (the same over HTTP: test_api_limits.py)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.look_alikes import LATIN_LOOK_ALIKES, look_alike_key
from plyground.web.sessions.names import check_distinct, check_name

CYRILLIC_A = "\u0410"  # А
GREEK_OMICRON = "\u03bf"  # ο


def refusal(call: Callable[..., object], *args: object) -> str:
    """The sentence of the 422 that ``call(*args)`` raises."""
    with pytest.raises(ApiError) as caught:
        call(*args)
    assert caught.value.status == 422
    return caught.value.message


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (f"{CYRILLIC_A}lice", "mixes Cyrillic and Latin letters in the word 'Аlice' "
         "(U+0410 CYRILLIC CAPITAL LETTER A among Latin letters)"),
        (f"Bob B{GREEK_OMICRON}b", "mixes Greek and Latin letters in the word 'Bοb' "
         "(U+03BF GREEK SMALL LETTER OMICRON among Latin letters)"),
        ("\u041c\u0430\u0440\u03b9\u044f", "mixes Greek and Cyrillic letters"),  # Марιя
        (f"team-{CYRILLIC_A}", "U+0410 CYRILLIC CAPITAL LETTER A among Latin letters"),
    ],
)  # fmt: skip
def test_a_word_mixing_latin_greek_and_cyrillic_is_refused(name: str, words: str) -> None:
    message = refusal(check_name, name, "O")
    assert message.startswith("the name of O mixes") and words in message, message
    assert message.endswith("write each word in one script")


@pytest.mark.parametrize(
    "name",
    [
        "\u0410\u043b\u0438\u0441\u0430",  # Алиса: all Cyrillic
        "\u0391\u03b8\u03b7\u03bd\u03ac",  # Αθηνά: all Greek
        "Alice \u5c71\u7530",  # Latin beside Han
        "\u30a2\u30ea\u30b9Bot",  # katakana and Latin in one word
        "Ivan \u0418\u0432\u0430\u043d",  # one script a word
        "R2-D2 (2nd)",  # digits and punctuation belong to no script
        "Zo\u00eb",  # a Latin letter with a diaeresis
    ],
)
def test_names_in_one_script_a_word_are_kept(name: str) -> None:
    assert check_name(name, "X") == name


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ("alice", "\u0430lice", "U+0430 CYRILLIC SMALL LETTER A passes for a Latin letter"),
        ("COCO", "\u03f2\u03bf\u03f2\u03bf", "U+03F2 GREEK LUNATE SIGMA SYMBOL, "
         "U+03BF GREEK SMALL LETTER OMICRON pass for Latin letters"),  # ϲοϲο: all Greek
        ("\u0420\u0410\u0420\u0410", "papa", "U+0420 CYRILLIC CAPITAL LETTER ER"),  # РАРА
        ("\u0391\u0392\u0395", "\u0410\u0412\u0415", "GREEK CAPITAL LETTER ALPHA"),  # ΑΒΕ, АВЕ
    ],
)  # fmt: skip
def test_a_second_name_that_looks_like_the_first_is_refused(
    first: str, second: str, words: str
) -> None:
    message = refusal(check_distinct, [first, second], ["X", "O"])
    assert message.startswith(f"the names of X and O look alike ({first!r} and {second!r}")
    assert words in message and message.endswith("give each side a name that reads differently")


def test_the_same_name_is_told_apart_from_a_look_alike() -> None:
    assert "both sides are named 'ANN'" in refusal(check_distinct, ["Ann", "ANN"], ["X", "O"])
    check_distinct(["Vera", "\u0412\u0435\u0440\u0430"], ["X", "O"])  # Вера reads otherwise
    check_distinct(["Ann", "Bob", "Ann2"], ["1", "2", "3"])


def test_every_look_alike_reads_as_its_latin_letter() -> None:
    """The table's entries are Greek or Cyrillic letters standing for one Latin letter, and
    the skeleton reads each as that letter in either case."""
    for char, latin in LATIN_LOOK_ALIKES.items():
        assert unicodedata.name(char).split()[0] in {"GREEK", "CYRILLIC"}, char
        assert latin.isascii() and latin.isalpha() and len(latin) == 1
        assert look_alike_key(f"x{char}y") == f"x{latin.casefold()}y"
    assert look_alike_key("\U0001d6c2") == "a"  # MATHEMATICAL BOLD SMALL ALPHA, through NFKD
