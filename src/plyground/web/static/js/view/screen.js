// The game screen: open a game, and render a snapshot (board, prompt, panel, announcement).

import { $ } from "../lib/dom.js";
import { flippedCells } from "../lib/format.js";
import { clearNotice } from "../lib/notice.js";
import { ui, tokenFor, myTurn } from "../model/state.js";
import { entering } from "../model/entering.js";
import { dropPending, listen, stopProbing } from "../net/stream.js";
import { buildBoard, drawCells, relate } from "./board.js";
import { renderPanel } from "./panel.js";
import { clearHeat, drawHeat, showValues } from "./heatmap.js";

const HINT_RINGS = 3; // the best moves a hint rings on the board; its line counts the rest

const boardInput = { onCell: () => {}, onButton: () => {} };

export function setBoardInput(handlers) {
  // What a click on a cell (`onCell(name)`) and a move button (`onButton(move)`) do: the
  // input layer's, registered by app.js (the screen does not import the layer above it).
  Object.assign(boardInput, handlers);
}

export function openGame(snapshot, secrets) {
  ui.secrets = secrets;
  ui.game = null;
  ui.review = null;
  ui.boardKey = "";
  ui.toolsKey = "";
  dropPending();
  ui.partial = [];
  ui.queued = [];
  stopProbing();
  $("setup").hidden = true;
  $("play").hidden = false;
  clearNotice();
  window.scrollTo(0, 0); // the game from its top, board first, wherever the form was scrolled
  render(snapshot);
  listen(snapshot.id);
  // The keyboard starts on the board: arrows move, Enter plays (no click needed first).
  $("board").querySelector('.cell[tabindex="0"]')?.focus({ preventScroll: true });
  document.title = `plyground · ${snapshot.players.map((p) => p.name).join(" vs ")}`;
}

function lastEffects(snapshot) {
  // What the last turn did: the last player's move and the chance outcomes after it.
  const effects = {};
  let direction = "";
  const trailing = [];
  for (let i = snapshot.moves.length - 1; i >= 0; i -= 1) {
    trailing.unshift(snapshot.moves[i]);
    if (snapshot.moves[i].player !== -1) break;
  }
  for (const move of trailing) {
    Object.assign(effects, move.effects);
    const button = snapshot.layout.buttons.find((b) => b.move === move.move);
    if (button && move.player !== -1) direction = button.direction;
  }
  return { effects, direction };
}

export function render(snapshot) {
  const previous = ui.game;
  ui.game = snapshot;
  ui.receivedAt = performance.now();
  const layout = snapshot.layout;
  const key = `${layout.style}:${layout.rows}x${layout.columns}:${layout.names.join(",")}`;
  if (key !== ui.boardKey) {
    ui.focusIndex = Math.max(0, layout.names.findIndex((n) => n !== null));
    buildBoard(layout, {
      focusIndex: ui.focusIndex,
      onCell: (name) => boardInput.onCell(name),
      onHover: (name, on) => relate(shownMarks()?.[name], on),
      onButton: (move) => boardInput.onButton(move),
    });
    ui.boardKey = key;
  }
  const newMove = previous && previous.id === snapshot.id && snapshot.ply > previous.ply;
  if (newMove) ui.lastMoveAt = performance.now();
  if (newMove) clearNotice("move"); // no longer applies
  if (previous && (previous.id !== snapshot.id || previous.ply !== snapshot.ply)) ui.partial = [];
  if (ui.review) {
    $("hint-line").textContent = "";
    renderPanel(snapshot);
    return;
  }
  const { effects, direction } = lastEffects(snapshot);
  const state = entering(snapshot);
  const removable = snapshot.undo === "puzzle" && tokenFor(0) && !ui.busy ? snapshot.takeback : {};
  drawCells(layout, snapshot.tokens, {
    ...state,
    effects,
    direction,
    animate: Boolean(newMove),
    hoverPlayer: snapshot.to_move,
    marks: { ...hintMarks(snapshot), ...snapshot.marks },
    removable,
  });
  $("prompt").textContent = state.prompt;
  $("hint-line").textContent = hintLine(snapshot);
  $("board").classList.remove("review");
  showHeat(snapshot);
  const best = shownHint(snapshot)?.best ?? [];
  for (const node of $("move-buttons").querySelectorAll("button")) {
    node.disabled = !myTurn(snapshot) || !snapshot.legal.some((m) => m.move === node.dataset.move);
    node.classList.toggle("hinted", best.includes(node.dataset.move));
  }
  const last = snapshot.moves.at(-1);
  if (newMove && last) announceMove(snapshot, last);
  renderPanel(snapshot);
}

function shownHint(snapshot) {
  // The latest hint, while the board is still the position it answered.
  const hint = snapshot.tool_results.at(-1);
  return hint && hint.tool === "hint" && hint.ply === snapshot.ply ? hint : null;
}

function ringedMoves(hint) {
  return hint.best.slice(0, HINT_RINGS);
}

function hintMarks(snapshot) {
  // The points of the hint's first few best moves (each move's every click: a Morris move
  // rings where it starts, where it goes and the man it takes).
  const hint = shownHint(snapshot);
  if (!hint) return {};
  const cells = [];
  for (const text of ringedMoves(hint)) {
    const move = snapshot.legal.find((m) => m.move === text);
    for (const click of move?.clicks ?? []) if (!cells.includes(click.cell)) cells.push(click.cell);
  }
  return Object.fromEntries(cells.map((cell) => [cell, { kind: "hint", note: "a best move (hint)" }]));
}

function hintLine(snapshot) {
  // The hint's answer under the board (on a phone the tools card is a scroll away), and how
  // many more moves are as good as the ones ringed.
  const hint = shownHint(snapshot);
  if (!hint || !hint.best.length) return "";
  const ringed = ringedMoves(hint);
  const more = hint.best.length - ringed.length;
  if (hint.best.length === 1) return `${hint.summary}.`;
  const also = more ? `; ${more} more ${more === 1 ? "move is" : "moves are"} as good` : "";
  return `${hint.summary}. Best: ${ringed.join(", ")}${also}.`;
}

function showHeat(snapshot) {
  // A thinking MCTS bot's visit shares; on an analysis board, the values of the moves.
  if (snapshot.thinking?.heat) drawHeat(snapshot.thinking.heat);
  else if (snapshot.mode === "analysis" && !snapshot.finished) showValues(snapshot.id, snapshot.ply, snapshot.position);
  else clearHeat();
}

function describeMove(snapshot, move) {
  if (move.player === -1) return `chance: ${move.move}`;
  const player = snapshot.players[move.player];
  const flips = flippedCells(move.effects);
  const flipped = flips.length ? `, flipping ${flips.join(", ")}` : "";
  const taken = Object.entries(move.effects).filter(([, what]) => what === "removed").map(([cell]) => cell);
  const took = taken.length ? `, taking ${taken.join(", ")}` : "";
  return `${player.label} (${player.name}) played ${move.move}${flipped}${took}`;
}

function announceMove(snapshot, move) {
  const trailing = [];
  for (let i = snapshot.moves.length - 1; i >= 0; i -= 1) {
    trailing.unshift(snapshot.moves[i]);
    if (snapshot.moves[i].player !== -1) break;
  }
  $("announcer").textContent = `${trailing.map((m) => describeMove(snapshot, m)).join("; ")}.`;
}

function shownMarks() {
  // The marks of the position on screen: the game's, or the reviewed position's.
  return ui.review ? ui.review.history[ui.review.index].marks : ui.game?.marks;
}
