"""Summaries and reports of stored games."""

from __future__ import annotations

import base64
import io
import math
import re

from rich.console import Console
from tournament_helpers import RecordFactory

from plyground.arena.reports.report import html_report, report_tables
from plyground.arena.stats.summary import summarise


def _text(summary) -> str:  # type: ignore[no-untyped-def]
    console = Console(file=io.StringIO(), width=200)
    for table in report_tables(summary):
        console.print(table)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_summary_counts(make_record: RecordFactory) -> None:
    records = [
        make_record("greedy", "random", seed=s, names=("g", "r"), timeout_at=1) for s in range(3)
    ] + [make_record("random", "greedy", seed=s, names=("r", "g")) for s in range(3)]
    summary = summarise(records)
    assert summary.games == 6
    assert summary.players == ["g", "r"]
    g, r = summary.stats["g"], summary.stats["r"]
    assert g.games == r.games == 6
    assert g.points + r.points == 6
    assert g.wins == r.losses and g.draws == r.draws
    assert summary.points["g", "r"] == g.points
    assert summary.meetings["g", "r"] == 6
    assert g.rule_breaks["timeout"] == 3 and not r.rule_breaks
    assert g.moves == r.moves == 6 * 4
    assert g.average_depth == 1.0 and r.average_depth == 0.0
    assert len(g.margins) == 6 and all(m == -n for m, n in zip(g.margins, r.margins, strict=True))
    assert not math.isnan(g.average_time)


def test_text_report_holds_every_section(make_record: RecordFactory) -> None:
    records = [make_record("greedy", "random", seed=s, timeout_at=3) for s in range(4)]
    text = _text(summarise(records))
    for heading in ("standings", "cross-table", "likelihood of superiority", "rule breaks"):
        assert heading in text
    assert re.search(r"greedy .* 4 ", text)


def test_html_report_is_self_contained(make_record: RecordFactory) -> None:
    records = [make_record("greedy", "random", seed=s) for s in range(3)]
    records += [make_record("random", "random", seed=s, names=("r1", "r2")) for s in range(2)]
    page = html_report(summarise(records), "a <test> report")
    assert page.startswith("<!DOCTYPE html>")
    assert "a &lt;test&gt; report" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 4
    for data in images:
        assert base64.b64decode(data).startswith(b"\x89PNG")
    assert "http://" not in page and "https://" not in page
    assert "<th>Elo</th>" in page
