"""Reports of stored games: rich tables for the terminal and a self-contained HTML page.

The terminal report (:func:`report_tables`) holds the standings (ratings with
95% intervals, points, wins/draws/losses, time and depth per move, rule
breaks; players that could not play, such as a class's engines that failed
to build or to start, as rows without games below them, with the reason),
the cross-table, the likelihood of superiority between players and
the rule breaks per player and kind. The page (:func:`html_report`) holds the
same tables and the plots of :func:`plyground.arena.reports.plots.summary_plots`
embedded as base64 PNG, so the file can be mailed or opened anywhere.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.table import Table

from plyground.arena.records.record import GameRecord, RuleBreakKind
from plyground.arena.reports.feedback import Accuracy, feedback_sections
from plyground.arena.reports.plots import INSTALL_PLOTS, PlotsUnavailableError, summary_plots
from plyground.arena.stats.ranking_confidence import SURE, neighbours
from plyground.arena.stats.summary import Summary
from plyground.arena.storage.store import TournamentRow
from plyground.arena.tournaments.engine_folders import ClassNotes
from plyground.arena.tournaments.tournament import settings_lines

__all__ = [
    "PHONE_HIDDEN",
    "PHONE_NOTE",
    "PLOTS_HINT",
    "Absent",
    "absent_engines",
    "html_report",
    "report_tables",
    "standings_table",
    "tournament_report",
]


@dataclass(frozen=True)
class Absent:
    """A player that was to play and did not: a row without games in the standings,
    with the reason, and (in the HTML report) who wrote it and the log that shows why."""

    name: str
    reason: str
    author: str = ""
    log: str = ""


def _number(value: float, digits: int = 0, signed: bool = False) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _points(value: float) -> str:
    return f"{value:g}"


def _breaks(counts: dict[str, int] | Any) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items())) or "-"


def standings_table(
    summary: Summary,
    title: str = "standings",
    absent: Sequence[Absent] = (),
    authors: Mapping[str, str] | None = None,
) -> Table:
    """Rank, player, (with ``authors``: who wrote it,) Elo ± 95%, games, points, score,
    W-D-L, time and depth per move, rule breaks; then each of ``absent`` ranked below
    every player that played (all at the same rank), with no games and a last column
    saying why."""
    table = Table(title=title)
    by = [("author", "left")] if authors is not None else []
    for header, justify in (
        ("#", "right"),
        ("player", "left"),
        *by,
        ("Elo", "right"),
        ("±95%", "right"),
        ("games", "right"),
        ("points", "right"),
        ("score", "right"),
        ("W-D-L", "right"),
        ("s/move", "right"),
        ("depth", "right"),
        ("rule breaks", "left"),
    ):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    if absent:
        table.add_column("note", justify="left")
    note = [""] if absent else []
    ratings = summary.ratings
    standings = summary.standings()
    for rank, stats in enumerate(standings, 1):
        rated = stats.name in ratings.players and stats.games > 0
        author = [] if authors is None else [authors.get(stats.name, "")]
        table.add_row(
            str(rank),
            stats.name,
            *author,
            _number(ratings.rating(stats.name), signed=True) if rated else "-",
            _number(ratings.margin(stats.name)) if rated else "-",
            str(stats.games),
            _points(stats.points),
            f"{100 * stats.score:.1f}%" if stats.games else "-",
            f"{stats.wins}-{stats.draws}-{stats.losses}",
            _number(stats.average_time, 3),
            _number(stats.average_depth, 1),
            _breaks(stats.rule_breaks),
            *note,
        )
    for player in absent:
        dashes = ["-"] * 5
        table.add_row(
            str(len(standings) + 1),
            player.name,
            *([] if authors is None else [player.author]),
            "-",
            "-",
            "0",
            "0",
            *dashes,
            f"left out: {player.reason}",
        )
    return table


def _player_matrix(summary: Summary, title: str, cell: Callable[[str, str], str]) -> Table:
    """A table of every player against every other: ``cell(row, column)`` fills it."""
    table = Table(title=title)
    table.add_column("player")
    for name in summary.players:
        table.add_column(name, justify="right")
    for row in summary.players:
        cells = ["" if row == column else cell(row, column) for column in summary.players]
        table.add_row(row, *cells)
    return table


def _cross_table(summary: Summary) -> Table:
    def cell(row: str, column: str) -> str:
        games = summary.meetings.get((row, column), 0)
        return f"{_points(summary.points[row, column])}/{games}" if games else "-"

    return _player_matrix(summary, "cross-table (row's points / games against column)", cell)


def _los_table(summary: Summary) -> Table:
    def cell(row: str, column: str) -> str:
        value = summary.ratings.los(row, column)
        return "-" if math.isnan(value) else f"{100 * value:.1f}%"

    return _player_matrix(summary, "likelihood of superiority (row stronger than column)", cell)


def _order_table(summary: Summary) -> Table | None:
    """How sure the games are of each two neighbours' order (None with fewer than two)."""
    pairs = neighbours(summary)
    if not pairs:
        return None
    table = Table(title=f"how sure the order is (tied below {100 * SURE:.0f}%)")
    for header, justify in (("upper", "left"), ("lower", "left"), ("sure", "right")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    table.add_column("what it means", justify="left")
    for pair in pairs:
        sure = "-" if math.isnan(pair.los) else f"{100 * pair.los:.0f}%"
        table.add_row(pair.upper, pair.lower, sure, pair.verdict())
    return table


def _rule_break_table(summary: Summary) -> Table | None:
    kinds = [kind.value for kind in RuleBreakKind]
    if not any(summary.stats[name].rule_breaks for name in summary.players):
        return None
    table = Table(title="rule breaks")
    table.add_column("player")
    for kind in kinds:
        table.add_column(kind, justify="right")
    table.add_column("per game", justify="right")
    for name in summary.players:
        counts = summary.stats[name].rule_breaks
        total = sum(counts.values())
        games = summary.stats[name].games
        table.add_row(
            name,
            *(str(counts.get(kind, 0)) for kind in kinds),
            f"{total / games:.2f}" if games else "-",
        )
    return table


def report_tables(summary: Summary, absent: Sequence[Absent] = ()) -> list[Table]:
    """Every table of the terminal report, in order; ``absent`` players are in the
    standings only."""
    tables = [standings_table(summary, absent=absent), _cross_table(summary), _los_table(summary)]
    order = _order_table(summary)
    if order is not None:
        tables.append(order)
    breaks = _rule_break_table(summary)
    if breaks is not None:
        tables.append(breaks)
    return tables


# -- HTML -----------------------------------------------------------------------


PHONE_HIDDEN = ("author", "±95%", "games", "points", "s/move", "depth")
"""The standings' columns a phone-wide page hides, so the rest reads without sideways
scrolling: rank, player, Elo, score, W-D-L, rule breaks (and a note) stay."""


def _html_table(table: Table, optional: Sequence[str] = ()) -> str:
    """``table`` as HTML: its title, and its cells aligned as its columns say; the
    columns headed by one of ``optional`` are hidden on a narrow screen."""

    def cell(tag: str, text: object, justify: str, header: str) -> str:
        names = (["l"] if justify == "left" else []) + (["opt"] if header in optional else [])
        side = f' class="{" ".join(names)}"' if names else ""
        return f"<{tag}{side}>{html.escape(str(text))}</{tag}>"

    headers = "".join(cell("th", c.header, c.justify, str(c.header)) for c in table.columns)
    columns = [(list(c.cells), c.justify, str(c.header)) for c in table.columns]
    rows = []
    for index in range(table.row_count):
        cells = "".join(cell("td", texts[index], j, header) for texts, j, header in columns)
        rows.append(f"<tr>{cells}</tr>")
    title = html.escape(str(table.title or ""))
    kind = " class=standings" if optional else ""
    return (
        f"<h2>{title}</h2>\n<div class=wide><table{kind}><thead><tr>{headers}"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1em;
       max-width: 76em; color: #222; }
.wide { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; white-space: nowrap; }
th.l, td.l { text-align: left; }
td.text, th.text { text-align: left; white-space: normal; min-width: 12em; }
h1, dd { overflow-wrap: anywhere; }
th { background: #f2f2f2; }
dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; }
dl.settings dt { font-weight: bold; }
dl.settings dd { margin: 0; }
pre { overflow-x: auto; background: #f7f7f7; padding: 0.5em; }
figure { display: inline-block; margin: 0 1.5em 1.5em 0; max-width: 100%; }
figure img { max-width: 100%; height: auto; }
figcaption { font-weight: bold; }
section.student { border-top: 1px solid #ccc; margin-top: 1em; }
details pre { white-space: pre-wrap; }
@media (max-width: 40em) {
  body { margin: 1em auto; padding: 0 0.5em; }
  .opt { display: none; }
  table.standings td, table.standings th { white-space: normal; padding: 0.25em 0.35em; }
  td.text, th.text { min-width: 8em; }
  table.breaks thead { display: none; }
  table.breaks tr { display: block; border-bottom: 1px solid #ccc; padding: 0.3em 0; }
  table.breaks td { display: inline; border: none; padding: 0 0.3em 0 0; }
  table.breaks td.text { display: block; min-width: 0; }
  table.breaks td.ply::before { content: "ply "; }
}
"""

PHONE_NOTE = (
    "On a narrow screen (a phone) the standings show rank, player, Elo, score, W-D-L and "
    "rule breaks; turn it sideways or use a wider one for the author, the interval, "
    "games, points, time and depth."
)
"""What the page says under its standings about the columns a phone hides."""

PLOTS_HINT = f"{INSTALL_PLOTS} adds the plots (matplotlib) to this page."
"""What a page written without matplotlib says instead of its plots."""


def _text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table whose last column is running text (it wraps; the other columns do not)."""

    def row(cells: Sequence[str], tag: str) -> str:
        last = len(cells) - 1
        return (
            "<tr>"
            + "".join(
                f"<{tag} class={'text' if i == last else 'l'}>{html.escape(cell)}</{tag}>"
                for i, cell in enumerate(cells)
            )
            + "</tr>"
        )

    body = "".join(row(cells, "td") for cells in rows)
    return (
        f"<h2>{html.escape(title)}</h2>\n<div class=wide><table><thead>{row(headers, 'th')}"
        f"</thead><tbody>{body}</tbody></table></div>"
    )


def _rule_break_details(summary: Summary) -> str | None:
    """Each player's rule breaks by kind: how many, and the first one's detail."""
    rows = []
    for name in summary.players:
        stats = summary.stats[name]
        for kind, count in sorted(stats.rule_breaks.items()):
            first = stats.first_rule_breaks.get(kind)
            detail = "" if first is None else f"ply {first.ply + 1}: {first.detail}"
            rows.append((name, kind, str(count), detail))
    if not rows:
        return None
    return _text_table(
        "rule breaks, with the first of each kind", ("player", "kind", "count", "first"), rows
    )


def _plots(summary: Summary) -> list[str]:
    try:
        plots = summary_plots(summary)
    except PlotsUnavailableError:
        return [f'<p class="hint">{html.escape(PLOTS_HINT)}</p>']
    return [
        f"<figure><figcaption>{html.escape(caption)}</figcaption>"
        f'<img alt="{html.escape(caption)}" src="data:image/png;base64,{data}"></figure>'
        for caption, data in plots
    ]


def html_report(
    summary: Summary,
    title: str,
    notes: Sequence[str] = (),
    absent: Sequence[Absent] = (),
    *,
    date: str = "",
    settings: Sequence[tuple[str, str]] = (),
    authors: Mapping[str, str] | None = None,
    feedback: str = "",
) -> str:
    """A self-contained HTML page: the date and settings, the report's tables (with an
    author column when ``authors`` is given), each player's rule breaks, ``feedback``
    (each player's section, :mod:`~plyground.arena.reports.feedback`), the players
    left out in a section of their own (with reasons and logs), and the plots
    (base64 PNG; without matplotlib, a line saying how to add them)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    facts = [("date", date)] if date else []
    facts += [*settings, ("games", str(summary.games))]
    parts.append('<dl class="settings">')
    parts.extend(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in facts)
    parts.append("</dl>")
    parts.extend(f"<p>{html.escape(note)}</p>" for note in notes)
    tables = report_tables(summary)
    tables[0] = standings_table(summary, authors=authors)
    parts.append(_html_table(tables[0], PHONE_HIDDEN))
    parts.append(f'<p class="hint">{html.escape(PHONE_NOTE)}</p>')
    parts.extend(_html_table(table) for table in tables[1:])
    details = _rule_break_details(summary)
    if details is not None:
        parts.append(details)
    if feedback:
        parts.append(feedback)
    if absent:
        rows = [(a.name, a.author, a.reason) for a in absent]
        parts.append(_text_table("left out", ("engine", "author", "why"), rows))
        for player in absent:
            if player.log:
                parts.append(f"<h3>{html.escape(f'log of {player.name}')}</h3>")
                parts.append(f"<pre>{html.escape(player.log)}</pre>")
    parts.append("<h2>plots</h2>")
    parts.extend(_plots(summary))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def absent_engines(notes: ClassNotes | None) -> list[Absent]:
    """A class's engines left out, as the standings' rows without games."""
    if notes is None:
        return []
    return [Absent(f.name, f.reason, f.author, f.log) for f in notes.left_out]


def tournament_report(
    row: TournamentRow,
    summary: Summary,
    title: str | None = None,
    *,
    records: Sequence[GameRecord] = (),
    accuracy: Mapping[str, Accuracy] | None = None,
    review: str | None = None,
) -> str:
    """The page of a stored tournament, as ``tournament --html`` and ``report --html``
    both write it: ``title`` (default: the tournament's name), the date it was made,
    its settings, for a class the authors and the engines left out, and, given its
    ``records``, for a class (or with ``accuracy`` or ``review``) a section per player
    (with ``accuracy`` and links to the web app's review at ``review`` when given)."""
    classroom = row.settings.get("classroom")
    notes = None if classroom is None else ClassNotes.from_dict(classroom)
    authors = None if notes is None else {name: author for name, author in notes.authors}
    feedback = ""
    asked = accuracy is not None or review is not None
    if records and (notes is not None or asked):  # a class's, or asked for
        players = [stats.name for stats in summary.standings()]
        feedback = feedback_sections(
            records, players, tournament=row.id, authors=authors, accuracy=accuracy, review=review
        )
    return html_report(
        summary,
        row.id if title is None else title,
        absent=absent_engines(notes),
        date=row.created.replace("T", " ").replace("+00:00", " UTC"),
        settings=settings_lines(row.settings),
        authors=authors,
        feedback=feedback,
    )
