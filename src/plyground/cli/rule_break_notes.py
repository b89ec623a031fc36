"""Under a match's or tournament's table: what each player's rule breaks were.

The table counts rule breaks by kind; a student needs the reason. For each
player and each kind, the first rule break's detail is printed (its first
line: the error and the student's own frame), then where everything is
kept: the records (``--json``, the database) and, when a player who broke a rule ran as
its own process (an engine, or a bot run apart with ``--isolate``), where its stderr
is kept: ``--engine-log FILE``.
"""

from __future__ import annotations

from collections.abc import Iterable

from plyground.arena.records.record import GameRecord

__all__ = ["rule_break_notes"]

_WIDTH = 300
"""The longest detail printed (the record keeps all of it)."""

_KEEP_ALL = "--engine-log engines.log"
"""What to add to the command to keep every engine's stderr (a file, by player)."""


def rule_break_notes(records: Iterable[GameRecord], isolated: bool = False) -> list[str]:
    """``mybot crash: RuntimeError: boom (mybot.py, line 44, in move)``: the first detail
    of each kind of rule break per player, in the order they happened, and, when one of
    those players has a stderr to keep (an engine; any bot when ``isolated``), a last
    line saying how to keep it; [] when nobody broke a rule."""
    seen: dict[tuple[str, str], str] = {}
    with_stderr = False
    for record in records:
        for rule_break in record.rule_breaks:
            player = record.players[rule_break.player]
            with_stderr = with_stderr or isolated or player.kind == "engine"
            key = (player.name, rule_break.kind.value)
            if key not in seen:
                first = rule_break.detail.strip().splitlines()[0] if rule_break.detail else ""
                seen[key] = first if len(first) <= _WIDTH else first[: _WIDTH - 3] + "..."
    if not seen:
        return []
    lines = ["rule breaks (the first of each kind):"]
    lines += [f"  {name} {kind}: {detail}" for (name, kind), detail in seen.items()]
    if with_stderr:
        lines.append(f"  to keep everything engines write on stderr, run again with {_KEEP_ALL}")
    return lines
