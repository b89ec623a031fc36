// Heat maps on the board: a number and a colour on each cell, with a legend. The server sends
// them ready to draw (a level from 0 to 1 per cell): the values of the moves in a position
// (review, analysis board) or an MCTS bot's visit share per move while it thinks. Moves made
// by buttons rather than on a cell (the heat map's `moves`) get theirs on their buttons.

import { $, el } from "../lib/dom.js";
import { positionValues } from "../net/analysis.js";

const values = new Map(); // "game:ply:position" -> the server's answer (values and heat map)
let wanted = ""; // the position whose values the page waits for (older answers are dropped)

export function drawHeat(heat, waiting = "") {
  const board = $("board");
  const buttons = $("move-buttons");
  for (const node of [...board.querySelectorAll(".heat"), ...buttons.querySelectorAll(".heat")]) node.remove();
  for (const slot of [...board.querySelectorAll(".cell[data-label]"), ...buttons.querySelectorAll("button[data-label]")]) {
    slot.setAttribute("aria-label", slot.dataset.label);
  }
  board.dataset.heat = heat?.kind ?? "";
  const onButtons = Object.entries(heat?.moves ?? {}); // moves made by buttons, not on a cell
  buttons.dataset.heat = onButtons.length ? heat.kind : "";
  const legend = $("heat-legend");
  legend.replaceChildren();
  legend.hidden = !heat && !waiting;
  if (!heat) {
    if (waiting) legend.append(el("span", { class: "heat-waiting", text: waiting }));
    return;
  }
  for (const [name, shown] of Object.entries(heat.cells)) {
    const cell = board.querySelector(`.cell[data-cell="${name}"]`);
    if (cell) showOn(cell, name, shown, heat.kind);
  }
  for (const [move, shown] of onButtons) {
    const button = [...buttons.querySelectorAll("button[data-move]")].find((b) => b.dataset.move === move);
    if (button) showOn(button, move, shown, heat.kind);
  }
  legend.dataset.kind = heat.kind;
  legend.append(
    el("span", { class: "heat-title", text: heat.legend.title }),
    el("span", { class: "heat-scale" },
      el("span", { class: "heat-end", text: heat.legend.low }),
      el("span", { class: `heat-bar heat-${heat.kind}`, "aria-hidden": "true" }),
      el("span", { class: "heat-end", text: heat.legend.high })),
  );
}

function showOn(slot, name, shown, kind) {
  // One move's number and colour on its cell or its button, its note in the slot's label
  // (set from the slot's own label, so once however often drawn).
  const node = el("span", {
    class: `heat heat-${kind}${shown.best ? " best" : ""}`, "data-heat": name, "aria-hidden": "true",
    text: shown.text, title: `${name}: ${shown.note}`,
  });
  node.style.setProperty("--level", String(shown.level));
  slot.append(node);
  slot.setAttribute("aria-label", `${slot.dataset.label ?? name}, ${shown.note}`);
}

export async function showValues(gameId, ply, position) {
  // The values of the moves in a position of the game, as a heat map (fetched once each).
  const key = `${gameId}:${ply}:${position}`;
  wanted = key;
  if (values.has(key)) {
    drawHeat(values.get(key).heat);
    return;
  }
  drawHeat(null, "Working out the value of each move…");
  try {
    const answer = await positionValues(gameId, ply);
    values.set(key, answer);
    if (wanted === key) drawHeat(answer.heat);
  } catch (error) {
    if (wanted === key) drawHeat(null, `No values: ${error.message}`);
  }
}

export function clearHeat() {
  wanted = "";
  drawHeat(null);
}
