// Entering a move: click paths (a piece, where it goes, what it takes) and move buttons.

import { $ } from "./dom.js";
import { api } from "./api.js";
import { ui, tokenFor, myTurn, mySeats } from "./state.js";
import { enqueue, behind } from "./stream.js";
import { render } from "./screen.js";
import { takeBack } from "./actions.js";

function matchingMoves(snapshot, clicks) {
  return snapshot.legal.filter((move) => move.clicks.length >= clicks.length && clicks.every((cell, i) => move.clicks[i].cell === cell));
}

function moverToken(snapshot) {
  return Object.keys(snapshot.layout.tokens).find((t) => snapshot.layout.tokens[t] === snapshot.to_move) ?? "";
}

export function entry(snapshot) {
  // What the board shows while a move is half entered: the next clicks, the piece picked up,
  // where it goes, and a line saying what to click next.
  const result = { clickable: [], selected: [], lifted: [], pending: {}, takeable: [], prompt: "" };
  if (!myTurn(snapshot) || ui.busy || ui.disconnected) return result;
  const moves = matchingMoves(snapshot, ui.partial);
  if (ui.partial.length && !moves.length) ui.partial = [];
  const depth = ui.partial.length;
  const next = new Map();
  for (const move of matchingMoves(snapshot, ui.partial)) {
    const click = move.clicks[depth];
    if (click && !next.has(click.cell)) next.set(click.cell, click.role);
  }
  result.clickable = [...next.keys()];
  result.takeable = result.clickable.filter((cell) => next.get(cell) === "take");
  if (!depth) return result;
  const roles = moves[0].clicks;
  let carried = moverToken(snapshot);
  ui.partial.forEach((cell, i) => {
    const role = roles[i].role;
    if (role === "from") {
      const index = snapshot.layout.names.indexOf(cell);
      carried = snapshot.tokens[index] || carried;
      result.lifted.push(cell);
      result.selected.push(cell);
    } else if (role === "to" || role === "place") {
      result.pending[cell] = carried;
    }
  });
  const player = snapshot.players[snapshot.to_move];
  const nextRole = next.values().next().value;
  const opponents = snapshot.players.filter((p) => p.seat !== snapshot.to_move).map((p) => p.label).join(" or ");
  if (nextRole === "take") {
    result.prompt = `Your move takes a piece: click one of ${opponents}'s highlighted pieces (Esc cancels).`;
  } else if (nextRole === "to") {
    result.prompt = `Click where the ${player.label} piece on ${ui.partial.at(-1)} goes, or click it again to put it back.`;
  }
  return result;
}

function notReady() {
  // Input waits while a request is on its way, the live position is not on screen yet, or
  // the server is out of reach: a move made now would answer an old position.
  return ui.busy || behind() || ui.disconnected;
}

export async function clickCell(name) {
  const snapshot = ui.game;
  if (!snapshot || ui.review || notReady()) return;
  const takesBack = snapshot.undo === "puzzle" && tokenFor(0) && name in (snapshot.takeback ?? {});
  if (snapshot.finished || !myTurn(snapshot)) {
    if (takesBack) await takeBack(snapshot.takeback[name]);
    else if (!snapshot.finished && mySeats().size) showMoveNotice(`It is ${snapshot.players[snapshot.to_move]?.name ?? "the other side"}'s turn: wait for yours.`);
    return;
  }
  const depth = ui.partial.length;
  if (depth && ui.partial.at(-1) === name) { // a second click on the piece picked up: put it back
    ui.partial = ui.partial.slice(0, -1);
    render(snapshot);
    return;
  }
  const path = [...ui.partial, name];
  const moves = matchingMoves(snapshot, path);
  if (!moves.length) {
    if (depth) { // start again from this cell if a move can begin there
      ui.partial = [];
      if (matchingMoves(snapshot, [name]).length) { await clickCell(name); return; }
      render(snapshot);
      return;
    }
    if (takesBack) await takeBack(snapshot.takeback[name]);
    else explainRefusedCell(snapshot, name);
    return;
  }
  const complete = moves.find((move) => move.clicks.length === path.length);
  if (!complete) {
    ui.partial = path;
    render(snapshot);
    return;
  }
  ui.partial = [];
  await submitMove(complete.move, path);
}

async function submitMove(move, path = []) {
  const snapshot = ui.game;
  const token = tokenFor(snapshot.to_move);
  if (!token) return;
  ui.busy = true;
  if ($("notice").dataset.kind === "move") $("notice").textContent = "";
  if (path.length > 1) { // keep the entered move on screen while the server answers
    ui.partial = path.slice(0, -1);
    render(snapshot);
  }
  try {
    const next = await api("POST", `/api/games/${snapshot.id}/moves`, { token, move, ply: snapshot.ply });
    ui.busy = false;
    ui.partial = [];
    enqueue(next);
  } catch (error) {
    ui.busy = false;
    ui.partial = [];
    showMoveNotice(error.message);
    render(ui.game);
  }
  flushQueued();
}

function explainRefusedCell(snapshot, name) {
  // Feedback for a click or Enter where no move begins (an occupied cell, say): the server's
  // legal moves are the highlighted cells, so say so rather than do nothing.
  const token = snapshot.tokens[snapshot.layout.names.indexOf(name)];
  const there = token ? ` (${token} stands there)` : "";
  showMoveNotice(`${name} is not a move now${there}: choose one of the highlighted cells.`);
}

export function showMoveNotice(message) {
  // A notice about a move; it goes when the next move is shown (it no longer applies).
  $("notice").dataset.kind = "move";
  $("notice").textContent = message;
}

const QUEUE_LENGTH = 8; // keys pressed ahead of the board (2048 played fast)

export function playButton(move, queued = false) {
  const snapshot = ui.game;
  if (!snapshot || ui.review || ui.disconnected) return;
  if (ui.busy || behind()) { // the live position is not on screen: play it once it is
    if (ui.queued.length < QUEUE_LENGTH) ui.queued.push(move);
    return;
  }
  if (snapshot.finished || !myTurn(snapshot)) return;
  if (!snapshot.legal.some((m) => m.move === move)) {
    if (!queued) showMoveNotice(`${move} changes nothing here: try another direction.`);
    return;
  }
  submitMove(move);
}

export function flushQueued() {
  // Play the next key pressed ahead, now that the position it was meant for is on screen.
  if (!ui.queued.length || notReady()) return;
  playButton(ui.queued.shift(), true);
  if (!ui.busy) flushQueued(); // it changed nothing: the next one
}
