// Clocks, an option of the page (the start form's "Show clocks"): the time each side has
// taken over its moves, and the side to move's time on this move, ticking. The server keeps
// the times (`time_used`, `turn_elapsed`); the page only counts on between its snapshots.

import { $, el } from "../lib/dom.js";
import { fmtClock } from "../lib/format.js";
import { ui } from "../model/state.js";

const KEY = "plyground.clocks";
let clockTimer = null; // ticks the side to move's clock

export function clocksOn() {
  return localStorage.getItem(KEY) === "1";
}

export function setClocks(on) {
  localStorage.setItem(KEY, on ? "1" : "0");
}

export function stopClocks() {
  if (clockTimer) clearInterval(clockTimer);
  clockTimer = null;
}

export function renderClocks(snapshot) {
  stopClocks();
  if (!clocksOn() || ui.review || !snapshot.time_used) return;
  const nodes = snapshot.players.map((player, seat) => {
    const node = el("div", { class: "player-clock", "data-clock": seat, "aria-label": `${player.name}'s clock` });
    $("players").querySelector(`.player[data-seat="${seat}"]`)?.append(node);
    return node;
  });
  const tick = () => {
    const since = snapshot.turn_elapsed === null ? null : snapshot.turn_elapsed + (performance.now() - ui.receivedAt) / 1000;
    nodes.forEach((node, seat) => {
      const moving = since !== null && seat === snapshot.to_move;
      const used = snapshot.time_used[seat] + (moving ? since : 0);
      node.textContent = `⏱ ${fmtClock(used)}${moving ? ` · this move ${fmtClock(since)}` : ""}`;
    });
  };
  tick();
  if (snapshot.turn_elapsed !== null) clockTimer = setInterval(tick, 500);
}
