// The game's event stream: snapshots queue up and are shown at the layout's pace.

import { $ } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { clearNotice, setNotice } from "../lib/notice.js";
import { ui, mySeats } from "../model/state.js";
import { redraw, show } from "../model/hooks.js";

let pumpTimer = null; // shows the pending snapshot once the pace allows
let probeTimer = null; // asks the server again while it cannot be reached
const PROBE_MS = 2000;

export function listen(id) {
  closeEvents();
  if (ui.game?.finished) return;
  const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
  ui.events = source;
  let received = false;
  source.addEventListener("game", (event) => {
    received = true;
    const snapshot = JSON.parse(event.data);
    enqueue(snapshot);
    if (snapshot.finished) closeEvents();
  });
  source.addEventListener("gone", () => {
    closeEvents();
    setNotice("This game expired on the server.");
  });
  source.onerror = () => {
    // The stream broke (the server stopped, or the network): see whether the server is there.
    if (source !== ui.events) return;
    closeEvents();
    // A stream refused before its first event (the server's cap of streams, 429) is asked
    // for again after a pause, never at once in a loop.
    if (received) probe(id);
    else probeTimer = setTimeout(() => probe(id), PROBE_MS);
  };
}

function probe(id) {
  clearTimeout(probeTimer);
  probeTimer = null;
  api("GET", `/api/games/${encodeURIComponent(id)}`).then((snapshot) => {
    if (ui.game?.id !== id) return;
    setDisconnected(false);
    enqueue(snapshot);
    if (!snapshot.finished) listen(id);
  }, (error) => {
    if (ui.game?.id !== id) return;
    if (error.status !== 0) { // the server answers, but the game is gone
      setDisconnected(false);
      setNotice(error.message);
      return;
    }
    setDisconnected(true);
    probeTimer = setTimeout(() => probe(id), PROBE_MS);
  });
}

function setDisconnected(lost) {
  // While the server cannot be reached the board takes no input, and says why.
  if (Boolean(ui.disconnected) === lost) return;
  ui.disconnected = lost;
  $("board").classList.toggle("disconnected", lost);
  if (lost) setNotice("Lost the connection to the server: the board waits until it is back (is plyground serve still running?).", "connection");
  else clearNotice("connection");
  redraw();
}

export function stopProbing() {
  clearTimeout(probeTimer);
  probeTimer = null;
  if (ui.disconnected) setDisconnected(false);
}

export function dropPending() {
  // Forget a snapshot still waiting for its pace (the page leaves its game): it must not be
  // shown later over the form or another game.
  clearTimeout(pumpTimer);
  pumpTimer = null;
  ui.pending = null;
}

export function closeEvents() {
  if (ui.events) ui.events.close();
  ui.events = null;
}

export function enqueue(snapshot) {
  if (!snapshot || (ui.game && snapshot.id !== ui.game.id)) return;
  if (ui.pending && snapshot.version < ui.pending.version) return;
  if (!ui.pending && ui.game && snapshot.version < ui.game.version) return;
  ui.pending = snapshot;
  pump();
}

function pump() {
  if (pumpTimer || !ui.pending) return;
  const pace = 1000 * ui.pending.layout.pace; // the server's one definition (views/board.py)
  const wait = ui.lastMoveAt + pace - performance.now();
  if (ui.game && ui.pending.ply > ui.game.ply && wait > 0 && !onlyMine(ui.game, ui.pending)) {
    pumpTimer = setTimeout(() => { pumpTimer = null; pump(); }, wait);
    return;
  }
  const snapshot = ui.pending;
  ui.pending = null;
  show(snapshot);
}

function onlyMine(shown, next) {
  // The moves between two snapshots are this page's own (and chance's): shown at once, with
  // no pause to watch them, so the player's next input meets the live position.
  if (next.id !== shown.id) return false;
  const mine = mySeats();
  return next.moves.filter((m) => m.ply >= shown.ply).every((m) => m.player === -1 || mine.has(m.player));
}

export function behind() {
  // The position on screen is not the live one yet (a newer snapshot waits its turn).
  return ui.pending !== null;
}
