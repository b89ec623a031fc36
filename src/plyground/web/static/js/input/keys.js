// Keys and swipes: move buttons by key or swipe, Escape, arrow keys across the board.

import { $ } from "../lib/dom.js";
import { ui } from "../model/state.js";
import { render } from "../view/screen.js";
import { playButton } from "./entry.js";
import { reviewStep } from "./review.js";

const REVIEW_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };

let pointer = null; // where a swipe began

export function onDocumentKey(event) {
  const snapshot = ui.game;
  if (!snapshot || $("play").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea")) return; // the review slider steps itself
  if (ui.review && event.key in REVIEW_KEYS) { // in review the arrows step, wherever focus is
    event.preventDefault();
    const step = REVIEW_KEYS[event.key];
    reviewStep(Number.isFinite(step) ? ui.review.index + step : step > 0 ? Infinity : 0);
    return;
  }
  if (event.key === "Escape" && ui.partial.length) {
    ui.partial = [];
    render(snapshot);
    return;
  }
  const button = snapshot.layout.buttons.find((b) => b.key === event.key);
  if (!button || ui.review) return;
  event.preventDefault();
  playButton(button.move);
}

export function onPointerDown(event) {
  pointer = { x: event.clientX, y: event.clientY };
}

export function onPointerCancel() {
  // The browser took the gesture (a scroll): it is no swipe.
  pointer = null;
}

export function onPointerUp(event) {
  const start = pointer;
  pointer = null;
  const snapshot = ui.game;
  if (!start || !snapshot || !snapshot.layout.buttons.length) return;
  const dx = event.clientX - start.x;
  const dy = event.clientY - start.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
  const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up");
  const button = snapshot.layout.buttons.find((b) => b.direction === direction);
  if (button) playButton(button.move);
}

export function onBoardKey(event) {
  if (ui.review) return; // the document's handler steps through the game
  const cells = [...$("board").querySelectorAll(".cell[data-cell]")];
  const current = cells.indexOf(document.activeElement);
  if (current < 0 || !ui.game) return;
  const { columns, rows } = ui.game.layout;
  const index = Number(cells[current].dataset.index);
  const row = Math.floor(index / columns);
  const col = index % columns;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let target = null;
  const byIndex = new Map(cells.map((cell) => [Number(cell.dataset.index), cell]));
  if (event.key === "Home" || event.key === "End") {
    const inRow = cells.filter((cell) => Math.floor(Number(cell.dataset.index) / columns) === row);
    target = event.key === "Home" ? inRow[0] : inRow.at(-1);
  } else if (steps[event.key]) {
    const [dr, dc] = steps[event.key];
    let [r, c] = [row + dr, col + dc];
    while (r >= 0 && c >= 0 && r < rows && c < columns) { // skip slots that are not cells
      target = byIndex.get(r * columns + c) ?? null;
      if (target) break;
      r += dr;
      c += dc;
    }
  } else {
    return;
  }
  event.preventDefault();
  if (!target) return;
  cells.forEach((cell) => cell.setAttribute("tabindex", "-1"));
  target.setAttribute("tabindex", "0");
  ui.focusIndex = Number(target.dataset.index);
  target.focus();
}
