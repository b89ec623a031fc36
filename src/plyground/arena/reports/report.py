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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.table import Table

from plyground.arena.records.record import RuleBreakKind
from plyground.arena.reports.plots import summary_plots
from plyground.arena.stats.summary import Summary

__all__ = ["Absent", "html_report", "report_tables", "standings_table"]


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
    summary: Summary, title: str = "standings", absent: Sequence[Absent] = ()
) -> Table:
    """Rank, player, Elo ± 95%, games, points, score, W-D-L, time and depth per move,
    rule breaks; then each of ``absent`` ranked below every player that played (all
    at the same rank), with no games and a last column saying why."""
    table = Table(title=title)
    for header, justify in (
        ("#", "right"),
        ("player", "left"),
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
        table.add_row(
            str(rank),
            stats.name,
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
    breaks = _rule_break_table(summary)
    if breaks is not None:
        tables.append(breaks)
    return tables


# -- HTML -----------------------------------------------------------------------


def _html_table(table: Table) -> str:
    headers = "".join(f"<th>{html.escape(str(c.header))}</th>" for c in table.columns)
    columns = [list(c.cells) for c in table.columns]
    rows = []
    for index in range(table.row_count):
        cells = "".join(f"<td>{html.escape(str(column[index]))}</td>" for column in columns)
        rows.append(f"<tr>{cells}</tr>")
    title = html.escape(str(table.title or ""))
    return (
        f"<h2>{title}</h2>\n<table><thead><tr>{headers}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child, td:nth-child(2) { text-align: left; }
th { background: #f2f2f2; }
figure { display: inline-block; margin: 0 1.5em 1.5em 0; }
figcaption { font-weight: bold; }
"""


def html_report(
    summary: Summary,
    title: str,
    notes: Sequence[str] = (),
    absent: Sequence[Absent] = (),
) -> str:
    """A self-contained HTML page: the report's tables and its plots (base64 PNG).

    ``absent`` players (that did not play) are rows of the standings with the
    reason; the logs of those that have one follow the tables.
    """
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{summary.games} games.</p>",
    ]
    parts.extend(f"<p>{html.escape(note)}</p>" for note in notes)
    parts.extend(_html_table(table) for table in report_tables(summary, absent))
    logged = [player for player in absent if player.log]
    if logged:
        parts.append("<h2>logs of the players left out</h2>")
        for player in logged:
            by = f" (by {player.author})" if player.author else ""
            parts.append(f"<h3>{html.escape(f'{player.name}{by}: {player.reason}')}</h3>")
            parts.append(f"<pre>{html.escape(player.log)}</pre>")
    parts.append("<h2>plots</h2>")
    for caption, data in summary_plots(summary):
        parts.append(
            f"<figure><figcaption>{html.escape(caption)}</figcaption>"
            f'<img alt="{html.escape(caption)}" src="data:image/png;base64,{data}"></figure>'
        )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
