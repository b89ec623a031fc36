// Requests on the game in play: pause, speed, step, undo and take-back.

import { $ } from "./dom.js";
import { api } from "./api.js";
import { ui, mySeats, tokenFor } from "./state.js";
import { listen, enqueue } from "./stream.js";

export async function control(path, body) {
  const snapshot = ui.game;
  if (!snapshot) return;
  $("notice").textContent = "";
  try {
    enqueue(await api("POST", `/api/games/${snapshot.id}/${path}`, body));
  } catch (error) {
    $("notice").textContent = error.message;
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
