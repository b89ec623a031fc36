// The game's event stream: snapshots queue up and are shown at the layout's pace.

import { $ } from "./dom.js";
import { api } from "./api.js";
import { ui } from "./state.js";
import { render } from "./screen.js";

let pumpTimer = null; // shows the pending snapshot once the pace allows

export function listen(id) {
  closeEvents();
  if (ui.game?.finished) return;
  const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
  ui.events = source;
  source.addEventListener("game", (event) => {
    const snapshot = JSON.parse(event.data);
    enqueue(snapshot);
    if (snapshot.finished) closeEvents();
  });
  source.addEventListener("gone", () => {
    closeEvents();
    $("notice").textContent = "This game expired on the server.";
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) {
      closeEvents();
      api("GET", `/api/games/${encodeURIComponent(id)}`).then(enqueue, (error) => {
        $("notice").textContent = error.message;
      });
    }
  };
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
  const pace = 1000 * (ui.pending.layout.pace ?? 0.52);
  const wait = ui.lastMoveAt + pace - performance.now();
  if (ui.game && ui.pending.ply > ui.game.ply && wait > 0) {
    pumpTimer = setTimeout(() => { pumpTimer = null; pump(); }, wait);
    return;
  }
  const snapshot = ui.pending;
  ui.pending = null;
  render(snapshot);
}
