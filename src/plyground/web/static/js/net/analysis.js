// Requests for the analysis of a game: a position's move values, and the whole game's.

import { api } from "../lib/api.js";

export function positionValues(gameId, ply) {
  // Every move's value in the position after `ply` moves, with its heat map.
  return api("GET", `/api/games/${encodeURIComponent(gameId)}/values?ply=${ply}`);
}

export function gameAnalysis(gameId) {
  // Every move of the game so far valued: losses, blunders, the worst moves, accuracy.
  return api("GET", `/api/games/${encodeURIComponent(gameId)}/analysis`);
}
