"""Game records as text: a readable record (in the spirit of PGN) and JSON Lines.

**The text record.** Tag lines ``[Key "value"]``, a blank line, one line per
move, and the result::

    [Game "adjacency(size=8,rounds=8,first=X)"]
    [X "alphabeta"]
    [XSpec "alphabeta(time=0.1)"]
    [O "greedy"]
    [Result "1-0"]
    [Tag.round "1"]

    1. X d5 {0.512s depth=7 score=3.0 nodes=18422 pv=d5,e5}
    2. O e4 {0.003s depth=1 score=1.0 nodes=40 pv=e4}
    3. X c2 {5.001s rb=timeout}
    1-0

Each move line is the ply number, the player's name in the game (``chance``
for a chance outcome) and the move, followed by a comment with the time used
and the search info as ``key=value`` (values are JSON, except ``pv``, a list of
moves joined by commas). ``rb=KIND`` marks a move the referee chose after a
rule break. Seats are named by the game's player names (``X``, ``O``); the
tags ``Start``, ``Final``, ``Returns``, ``Winner``, ``Termination``,
``Started``, ``Duration`` and one ``RuleBreak`` per rule break
(``"<ply> <player> <kind> <penalty> <detail>"``, the ply numbered as the move
list numbers it, from 1) carry the rest, and
``Tag.<name>`` the record's tags (names percent-encoded). A file holds any number of records,
separated by blank lines. :func:`read_text_records` reads back exactly what
:func:`write_text_record` wrote: ``to_dict()`` of both are equal.

**JSON Lines.** One :meth:`GameRecord.to_dict` per line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote, unquote

from plyground.arena.records.record import (
    GameRecord,
    MoveRecord,
    Penalty,
    PlayerInfo,
    RuleBreak,
    RuleBreakKind,
    Termination,
)
from plyground.core.errors import ParseError, PlygroundError
from plyground.core.limits import SearchInfo
from plyground.games import load_game

__all__ = [
    "read_jsonl",
    "read_record_file",
    "read_records",
    "read_text_records",
    "write_jsonl",
    "write_text_record",
]

_TAG = re.compile(r'\[(?P<key>[A-Za-z][\w.\-%~]*) "(?P<value>(?:[^"\\]|\\.)*)"\]\s*')
_MOVE = re.compile(r"(?P<ply>\d+)\.\s+(?P<player>\S+)\s+(?P<move>[^\s{]+)\s*(?P<rest>.*)")
_CHANCE = "chance"
_JSON = json.JSONDecoder()


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def _player_names(game_spec: str, seats: int) -> list[str]:
    try:
        game = load_game(game_spec)
        names = [game.player_name(p) for p in range(seats)]
    except (LookupError, ValueError, IndexError):
        names = []
    if len(set(names)) != seats or any(not re.fullmatch(r"\w+", n) for n in names):
        names = [f"P{p}" for p in range(seats)]
    return names


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _comment(move: MoveRecord) -> str:
    parts = [f"{move.elapsed:.6f}".rstrip("0").rstrip(".") + "s"]
    if move.info is not None:
        data = move.info.to_dict()
        data.pop("elapsed", None)
        parts.append(f"search={_json(round(move.info.elapsed, 6))}")
        for key, value in data.items():
            if key == "pv":
                if value:
                    parts.append("pv=" + ",".join(value))
                else:
                    parts.append("pv=[]")
            else:
                parts.append(f"{key}={_json(value)}")
    if move.rule_break is not None:
        parts.append(f"rb={move.rule_break.value}")
    return "{" + " ".join(parts) + "}"


def write_text_record(record: GameRecord) -> str:
    """The text record of one game (ends with a newline)."""
    names = _player_names(record.game, len(record.players))
    lines = [f'[Game "{_quote(record.game)}"]']
    for name, player in zip(names, record.players, strict=True):
        lines.append(f'[{name} "{_quote(player.name)}"]')
        lines.append(f'[{name}Kind "{_quote(player.kind)}"]')
        if player.spec:
            lines.append(f'[{name}Spec "{_quote(player.spec)}"]')
        if player.version:
            lines.append(f'[{name}Version "{_quote(player.version)}"]')
    lines.append(f'[Result "{record.result}"]')
    lines.append(f'[Returns "{",".join(repr(r) for r in record.returns)}"]')
    lines.append(f'[Winner "{"" if record.winner is None else names[record.winner]}"]')
    lines.append(f'[Termination "{record.termination.value}"]')
    lines.append(f'[Start "{_quote(record.start)}"]')
    lines.append(f'[Final "{_quote(record.final)}"]')
    if record.started:
        lines.append(f'[Started "{_quote(record.started)}"]')
    lines.append(f'[Duration "{round(record.duration, 6)!r}"]')
    for rule_break in record.rule_breaks:
        detail = _quote(rule_break.detail)
        lines.append(
            f'[RuleBreak "{rule_break.ply + 1} {names[rule_break.player]} {rule_break.kind.value} '
            f'{rule_break.penalty.value} {detail}"]'
        )
    for key, value in record.tags.items():
        lines.append(f'[Tag.{quote(key, safe="")} "{_quote(value)}"]')
    lines.append("")
    for ply, move in enumerate(record.moves, 1):
        who = _CHANCE if move.player < 0 else names[move.player]
        lines.append(f"{ply}. {who} {move.move} {_comment(move)}")
    lines.append(record.result)
    return "\n".join(lines) + "\n"


def _parse_comment(text: str, where: str) -> tuple[float, SearchInfo | None, RuleBreakKind | None]:
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ParseError(f"{where}: expected a {{...}} comment, got {text!r}")
    body = body[1:-1].strip()
    head, _, body = body.partition(" ")
    if not head.endswith("s"):
        raise ParseError(f"{where}: expected the time used (like 0.5s), got {head!r}")
    try:
        elapsed = float(head[:-1])
    except ValueError:
        raise ParseError(f"{where}: bad time {head!r}") from None
    data: dict[str, Any] = {}
    rule_break: RuleBreakKind | None = None
    position = 0
    while position < len(body):
        if body[position] == " ":
            position += 1
            continue
        key_end = body.find("=", position)
        if key_end < 0:
            raise ParseError(f"{where}: expected key=value in {body[position:]!r}")
        key = body[position:key_end]
        position = key_end + 1
        if key in ("pv", "rb"):
            end = body.find(" ", position)
            end = len(body) if end < 0 else end
            raw = body[position:end]
            position = end
            if key == "rb":
                try:
                    rule_break = RuleBreakKind(raw)
                except ValueError:
                    raise ParseError(f"{where}: unknown rule break {raw!r}") from None
            else:
                data["pv"] = [] if raw == "[]" else raw.split(",")
            continue
        try:
            value, position = _JSON.raw_decode(body, position)
        except json.JSONDecodeError:
            raise ParseError(f"{where}: bad value for {key!r} in {body!r}") from None
        data[key] = value
    info = None
    if data:
        data["elapsed"] = data.pop("search", 0.0)
        info = SearchInfo.from_dict(data)
    return elapsed, info, rule_break


def _read_tags(
    lines: list[str], first_line: int
) -> tuple[dict[str, str], list[str], dict[str, str], int]:
    """The tag lines at the top of a record: (tags, raw RuleBreak values, the
    record's own ``Tag.*`` tags, the index of the first line after them)."""
    tags: dict[str, str] = {}
    rule_breaks_raw: list[str] = []
    record_tags: dict[str, str] = {}
    index = 0
    while index < len(lines) and lines[index].startswith("["):
        match = _TAG.fullmatch(lines[index])
        if not match:
            raise ParseError(f"line {first_line + index}: bad tag line {lines[index]!r}")
        key, value = match.group("key"), _unquote(match.group("value"))
        if key == "RuleBreak":
            rule_breaks_raw.append(value)
        elif key.startswith("Tag."):
            record_tags[unquote(key[4:])] = value
        else:
            tags[key] = value
        index += 1
    return tags, rule_breaks_raw, record_tags, index


class _Seats:
    """The seat names a record's tags use (``X``, ``O``, or ``First``...), as seats."""

    def __init__(self, game: str, tags: Mapping[str, str], where: str) -> None:
        seats = 0
        names = _player_names(game, 2)
        while seats < len(names) and names[seats] in tags:
            seats += 1
        if seats == 1:
            names = _player_names(game, 1)
        elif seats == 0:
            names = _player_names(game, 1)
            seats = 1 if names[0] in tags else 0
        if seats == 0:
            raise ParseError(f"{where}: no player tags (expected [{names[0]} ...])")
        self.names = names[:seats]
        self.where = where

    def players(self, tags: Mapping[str, str]) -> tuple[PlayerInfo, ...]:
        """Each seat's player, from its tags."""
        return tuple(
            PlayerInfo(
                name=tags[n],
                kind=tags.get(f"{n}Kind", "bot"),
                spec=tags.get(f"{n}Spec", ""),
                version=tags.get(f"{n}Version", ""),
            )
            for n in self.names
        )

    def seat(self, name: str) -> int:
        """The seat called ``name`` (-1 for chance)."""
        if name == _CHANCE:
            return -1
        try:
            return self.names.index(name)
        except ValueError:
            raise ParseError(
                f"{self.where}: unknown player {name!r} (players: {self.names})"
            ) from None

    def rule_breaks(self, raw_values: Sequence[str]) -> tuple[RuleBreak, ...]:
        """The ``[RuleBreak PLY SEAT KIND PENALTY DETAIL]`` tags' values, read (PLY
        counted from 1, as the move list counts)."""
        rule_breaks = []
        for raw in raw_values:
            parts = raw.split(" ", 4)
            if len(parts) < 4 or not parts[0].isdigit() or int(parts[0]) < 1:
                raise ParseError(f"{self.where}: bad RuleBreak {raw!r}")
            try:
                rule_breaks.append(
                    RuleBreak(
                        ply=int(parts[0]) - 1,
                        player=self.seat(parts[1]),
                        kind=RuleBreakKind(parts[2]),
                        penalty=Penalty(parts[3]),
                        detail=parts[4] if len(parts) > 4 else "",
                    )
                )
            except ValueError:
                raise ParseError(f"{self.where}: bad RuleBreak {raw!r}") from None
        return tuple(rule_breaks)

    def moves(self, lines: Sequence[str], first: int) -> tuple[list[MoveRecord], str | None]:
        """The move lines (``lines`` start at line number ``first``) and the result
        line, if any."""
        moves: list[MoveRecord] = []
        result_line = None
        for offset, line in enumerate(lines):
            number = first + offset
            stripped = line.strip()
            if not stripped:
                continue
            match = _MOVE.fullmatch(stripped)
            if match is None:
                result_line = stripped
                continue
            if int(match.group("ply")) != len(moves) + 1:
                raise ParseError(f"line {number}: expected ply {len(moves) + 1}, got {stripped!r}")
            elapsed, info, rule_break = _parse_comment(match.group("rest"), f"line {number}")
            moves.append(
                MoveRecord(
                    player=self.seat(match.group("player")),
                    move=match.group("move"),
                    elapsed=elapsed,
                    info=info,
                    rule_break=rule_break,
                )
            )
        return moves, result_line


def _parse_one(lines: list[str], first_line: int) -> GameRecord:
    tags, rule_breaks_raw, record_tags, index = _read_tags(lines, first_line)
    where = f"record at line {first_line}"
    try:
        game = tags["Game"]
    except KeyError:
        raise ParseError(f"{where}: no [Game ...] tag") from None
    seats = _Seats(game, tags, where)
    players = seats.players(tags)
    rule_breaks = seats.rule_breaks(rule_breaks_raw)
    while index < len(lines) and not lines[index].strip():
        index += 1
    moves, result_line = seats.moves(lines[index:], first_line + index)
    try:
        returns = tuple(float(r) for r in tags["Returns"].split(","))
        winner_name = tags.get("Winner", "")
        record = GameRecord(
            game=game,
            start=tags["Start"],
            players=players,
            moves=tuple(moves),
            final=tags["Final"],
            returns=returns,
            winner=None if not winner_name else seats.seat(winner_name),
            termination=Termination(tags.get("Termination", "normal")),
            rule_breaks=rule_breaks,
            started=tags.get("Started", ""),
            duration=float(tags.get("Duration", "0")),
            tags=record_tags,
        )
    except KeyError as error:
        raise ParseError(f"{where}: missing tag [{error.args[0]} ...]") from None
    except ValueError as error:
        raise ParseError(f"{where}: {error}") from None
    problem = record.disagreement()
    if problem:
        raise ParseError(f"{where}: {problem}")
    if result_line is not None and result_line != record.result:
        raise ParseError(
            f"{where}: the result line {result_line!r} disagrees with [Result {record.result!r}]"
        )
    return record


def read_text_records(text: str) -> list[GameRecord]:
    """Every record in a text written by :func:`write_text_record` (one or many)."""
    lines = text.splitlines()
    records = []
    start: int | None = None
    in_moves = False
    for number, line in enumerate([*lines, ""], 1):
        if start is None:
            if line.startswith("["):
                start, in_moves = number, False
            elif line.strip():
                raise ParseError(f'line {number}: expected a [Tag "value"] line, got {line!r}')
            continue
        if line.startswith("[") and in_moves:
            records.append(_parse_one(lines[start - 1 : number - 1], start))
            start, in_moves = number, False
            continue
        if line.strip() and not line.startswith("["):
            in_moves = True
        if not line.strip() and in_moves:
            records.append(_parse_one(lines[start - 1 : number - 1], start))
            start, in_moves = None, False
    if start is not None:
        raise ParseError(f"line {start}: a record with tags but no moves or result")
    return records


def write_jsonl(records: Iterable[GameRecord], out: TextIO) -> int:
    """Write one JSON object per line; returns how many."""
    count = 0
    for record in records:
        out.write(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")
        count += 1
    return count


def read_jsonl(text: str) -> Iterator[GameRecord]:
    """Read records written by :func:`write_jsonl` (blank lines are skipped)."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise ParseError(f"line {number}: not JSON: {error}") from None
        if not isinstance(data, dict):
            raise ParseError(f"line {number}: expected a JSON object, got {line[:40]!r}")
        try:
            yield GameRecord.from_dict(data)
        except ParseError as error:
            raise ParseError(f"line {number}: {error}") from None


def read_records(text: str) -> list[GameRecord]:
    """Records from either format, recognised by the first non-blank character."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return list(read_jsonl(text))
    if stripped.startswith("[") or not stripped:
        return read_text_records(text)
    raise ParseError(f"neither a text record nor JSON Lines: starts with {stripped[:30]!r}")


def read_record_file(path: str | Path) -> list[GameRecord]:
    """The records of a file (text records or JSON Lines), each replayed through its
    game's rules, so that no record that breaks them is ever stored.

    Raises ParseError naming the file and the problem: not UTF-8 text (a
    binary file), a line that does not read as a record, or a game whose
    moves break the rules (its number in the file, its players and the move,
    as in ``move 5. X z9``). OSError when the file cannot be read.
    """
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ParseError(
            f"{path}: not a text file of game records (byte {error.start} is not UTF-8 text)"
        ) from None
    if "\x00" in text:
        raise ParseError(f"{path}: not a text file of game records (it holds NUL bytes)")
    try:
        records = read_records(text)
    except ParseError as error:
        raise ParseError(f"{path}: {error}") from None
    for number, record in enumerate(records, 1):
        try:
            record.replay()
        except PlygroundError as error:
            players = " vs ".join(player.name for player in record.players)
            raise ParseError(f"{path}: game {number} ({players}, {record.game}): {error}") from None
    return records
