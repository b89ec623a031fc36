// Watch mode: how fast the bots play and how deep each searches, from the moves shown.

import { $, el } from "../lib/dom.js";

const RECENT = 20; // the bot moves the figures are taken over

export function renderPace(snapshot, reviewing) {
  const box = $("bot-pace");
  const moves = snapshot.moves.filter((m) => m.player >= 0 && m.info).slice(-RECENT);
  box.hidden = reviewing || !snapshot.all_bots || !moves.length;
  if (box.hidden) return;
  const seconds = moves.reduce((sum, m) => sum + m.elapsed, 0);
  const rows = [
    ["Moves/s", seconds > 0 ? (moves.length / seconds).toFixed(1) : "–",
      `bot moves per second of thinking, over the last ${moves.length}`],
  ];
  const seats = [...new Set(moves.map((m) => m.player))].sort();
  for (const seat of seats) { // one line per bot: two bots' depths mean nothing together
    const depths = moves.filter((m) => m.player === seat).map((m) => m.info.depth);
    const mean = depths.reduce((sum, d) => sum + d, 0) / depths.length;
    const label = seats.length === 1 ? "Depth" : `Depth, ${snapshot.players[seat].label}`;
    rows.push([label, `${depths[depths.length - 1]} (mean ${mean.toFixed(1)})`,
      `${snapshot.players[seat].name}: the last move's search depth, and the mean over its last ${depths.length}`]);
  }
  box.replaceChildren();
  for (const [label, value, title] of rows) {
    box.append(el("div", { title }, el("dt", { text: label }), el("dd", { text: value, "data-pace": label })));
  }
}
