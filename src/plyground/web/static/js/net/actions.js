// Requests on the game in play: pause, speed, step, undo, take-back, and the tools.

import { api } from "../lib/api.js";
import { clearNotice, setNotice } from "../lib/notice.js";
import { ui, mySeats, myToken, tokenFor } from "../model/state.js";
import { redraw } from "../model/hooks.js";
import { listen, enqueue } from "./stream.js";

export async function control(path, body) {
  const snapshot = ui.game;
  if (!snapshot) return;
  clearNotice();
  try {
    enqueue(await api("POST", `/api/games/${snapshot.id}/${path}`, body));
  } catch (error) {
    setNotice(error.message);
  }
}

export async function undo() {
  const snapshot = ui.game;
  if (snapshot.undo === "puzzle" || snapshot.undo === "board") {
    await takeBack(null);
    return;
  }
  const seat = [...mySeats()].find((s) => snapshot.moves.some((m) => m.player === s));
  if (seat === undefined) return;
  await control("undo", { token: tokenFor(seat) });
  listen(snapshot.id);
}

export async function takeBack(ply) {
  // In a puzzle or on an analysis board: take back the last move, or every move from `ply`
  // on (a queen clicked).
  const snapshot = ui.game;
  ui.partial = [];
  const body = { token: tokenFor(0) };
  if (ply !== null) body.ply = ply;
  await control("undo", body);
  listen(snapshot.id);
}

export async function runTool(name, options) {
  // Run a tool (hint, solve, count) on the position on screen; the page takes no input
  // meanwhile.
  const snapshot = ui.game;
  clearNotice();
  ui.busy = true;
  redraw();
  try {
    const next = await api("POST", `/api/games/${snapshot.id}/tools/${name}`, { token: myToken(snapshot), options });
    ui.busy = false;
    enqueue(next);
    if (!next.finished) listen(next.id);
  } catch (error) {
    ui.busy = false;
    setNotice(error.message);
    redraw();
  }
}
