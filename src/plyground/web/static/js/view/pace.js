// Watch mode: how fast the bots play and how deep they search, from the moves shown.

import { $, el } from "../lib/dom.js";

const RECENT = 20; // the bot moves the figures are taken over

export function renderPace(snapshot, reviewing) {
  const box = $("bot-pace");
  const moves = snapshot.moves.filter((m) => m.player >= 0 && m.info).slice(-RECENT);
  box.hidden = reviewing || !snapshot.all_bots || !moves.length;
  if (box.hidden) return;
  const seconds = moves.reduce((sum, m) => sum + m.elapsed, 0);
  const depths = moves.map((m) => m.info.depth);
  const mean = depths.reduce((sum, d) => sum + d, 0) / depths.length;
  const rows = [
    ["Moves/s", seconds > 0 ? (moves.length / seconds).toFixed(1) : "–",
      `bot moves per second of thinking, over the last ${moves.length}`],
    ["Depth", `${depths[depths.length - 1]} (mean ${mean.toFixed(1)})`,
      `the last move's search depth, and the mean over the last ${moves.length}`],
  ];
  box.replaceChildren();
  for (const [label, value, title] of rows) {
    box.append(el("div", { title }, el("dt", { text: label }), el("dd", { text: value, "data-pace": label })));
  }
}
