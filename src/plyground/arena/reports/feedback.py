"""Each student's section of a class report: what they can act on.

For every player, in the order of the standings: where it finished, its
accuracy and the marks it gave away (when the games were analysed, as
``plyground analyse --per-player`` values them), **every** rule break with
its game, ply, move and reason (not only the first of each kind), and a
link to each of its games. The games are numbered as ``plyground records
export`` lists them (from 1); a link opens the game in the web app's
review (``plyground serve --db FILE``, which lists a tournament's games)
when the report is given the server's address.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from plyground.arena.records.record import GameRecord, RuleBreak

__all__ = ["Accuracy", "feedback_sections", "review_link"]


@dataclass(frozen=True)
class Accuracy:
    """A player's figures from the analysis of its games: its own moves, the share that
    were best, marks lost per move, blunders."""

    moves: int
    best_share: float
    mean_lost: float
    blunders: int


def review_link(review: str, tournament: str, number: int) -> str:
    """The web app's address of game ``number`` (from 1) of ``tournament`` in review."""
    return f"{review.rstrip('/')}/#review={tournament}/{number}"


def _anchor(name: str) -> str:
    return "student-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "x")


def feedback_sections(
    records: Sequence[GameRecord],
    players: Sequence[str],
    *,
    tournament: str,
    authors: Mapping[str, str] | None = None,
    accuracy: Mapping[str, Accuracy] | None = None,
    review: str | None = None,
) -> str:
    """The HTML of one section per player of ``players`` (the standings' order) over
    ``records`` (the tournament's games, in export order)."""
    parts = ['<h2 id="feedback">feedback for each player</h2>']
    if accuracy is None:
        parts.append(
            "<p>Accuracy and marks lost are not in this page: write it with "
            "<code>plyground report --tournament ID --analyse SECONDS</code>.</p>"
        )
    if review is None:
        parts.append(
            "<p>The game numbers are those of <code>plyground records export</code>; "
            "to see a game on the board, run <code>plyground serve --db FILE</code> and "
            "write this page with <code>--review-url</code>.</p>"
        )
    parts.append(
        "<p>Jump to: "
        + ", ".join(f'<a href="#{_anchor(name)}">{html.escape(name)}</a>' for name in players)
        + "</p>"
    )
    for rank, name in enumerate(players, 1):
        parts.append(
            _section(
                records,
                name,
                rank=rank,
                tournament=tournament,
                authors=authors,
                accuracy=accuracy,
                review=review,
            )
        )
    return "\n".join(parts)


def _section(
    records: Sequence[GameRecord],
    name: str,
    *,
    rank: int,
    tournament: str,
    authors: Mapping[str, str] | None,
    accuracy: Mapping[str, Accuracy] | None,
    review: str | None,
) -> str:
    games = [
        (number, record, seat)
        for number, record in enumerate(records, 1)
        for seat, player in enumerate(record.players)
        if player.name == name
    ]
    author = (authors or {}).get(name, "")
    title = f"{rank}. {name}" + (f" ({author})" if author else "")
    won = sum(record.winner == seat for _, record, seat in games)
    lost = sum(record.winner not in (None, seat) for _, record, seat in games)
    lines = [
        f'<section class="student" id="{_anchor(name)}"><h3>{html.escape(title)}</h3>',
        f"<p>{len(games)} games: {won} won, {len(games) - won - lost} drawn, {lost} lost.</p>",
    ]
    figures = None if accuracy is None else accuracy.get(name)
    if figures is not None and figures.moves == 0:
        lines.append("<p>No move of its own to value: every move was a rule break.</p>")
    elif figures is not None:
        lines.append(
            f"<p>Accuracy {100 * figures.best_share:.0f}% (best moves, of {figures.moves} "
            f"of its own moves); {figures.mean_lost:.2f} marks lost per move; "
            f"{figures.blunders} blunder{'s' if figures.blunders != 1 else ''}.</p>"
        )
    breaks = [
        (number, record, rule_break)
        for number, record, seat in games
        for rule_break in record.rule_breaks
        if rule_break.player == seat
    ]
    if breaks:
        rows = "".join(
            _break_row(number, record, rule_break, tournament=tournament, review=review)
            for number, record, rule_break in breaks
        )
        lines.append(
            f"<p>{len(breaks)} rule break{'s' if len(breaks) != 1 else ''}:</p>"
            '<div class="wide"><table class="breaks"><thead><tr><th class=l>game</th>'
            "<th class=ply>ply</th><th class=l>move played for it</th><th class=l>kind</th>"
            f'<th class="text">why</th></tr></thead><tbody>{rows}</tbody></table></div>'
        )
    else:
        lines.append("<p>No rule break.</p>")
    links = ", ".join(_game_link(number, tournament, review) for number, _, _ in games)
    lines.append(f"<p>Games: {links or 'none'}</p></section>")
    return "\n".join(lines)


def _game_link(number: int, tournament: str, review: str | None) -> str:
    if review is None:
        return f"game {number}"
    href = html.escape(review_link(review, tournament, number))
    return f'<a href="{href}">game {number}</a>'


def _break_row(
    number: int,
    record: GameRecord,
    rule_break: RuleBreak,
    *,
    tournament: str,
    review: str | None,
) -> str:
    ply, kind, detail = rule_break.ply, rule_break.kind.value, rule_break.detail
    move = record.moves[ply].move if 0 <= ply < len(record.moves) else "(forfeit)"
    first, _, rest = detail.strip().partition("\n")
    why = html.escape(first)
    if rest:
        why += f"<details><summary>more</summary><pre>{html.escape(rest)}</pre></details>"
    return (
        f"<tr><td class=l>{_game_link(number, tournament, review)}</td><td class=ply>{ply + 1}</td>"
        f"<td class=l>{html.escape(move)}</td><td class=l>{html.escape(kind)}</td>"
        f'<td class="text">{why}</td></tr>'
    )
