// Entering a move: click paths (a piece, where it goes, what it takes) and move buttons.

import { api } from "../lib/api.js";
import { clearNotice, setNotice } from "../lib/notice.js";
import { ui, tokenFor, myTurn, mySeats } from "../model/state.js";
import { matchingMoves } from "../model/entering.js";
import { enqueue, behind } from "../net/stream.js";
import { takeBack } from "../net/actions.js";
import { render } from "../view/screen.js";

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
  clearNotice("move");
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

function showMoveNotice(message) {
  // A notice about a move; it goes when the next move is shown (it no longer applies).
  setNotice(message, "move");
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
