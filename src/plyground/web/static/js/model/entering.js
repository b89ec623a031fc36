// A move half entered: which legal moves the clicks so far begin, and what the board shows
// meanwhile (the next clicks, the piece picked up, where it goes, what to click next).

import { ui, myTurn } from "./state.js";

export function matchingMoves(snapshot, clicks) {
  return snapshot.legal.filter((move) => move.clicks.length >= clicks.length && clicks.every((cell, i) => move.clicks[i].cell === cell));
}

function moverToken(snapshot) {
  return Object.keys(snapshot.layout.tokens).find((t) => snapshot.layout.tokens[t] === snapshot.to_move) ?? "";
}

export function entering(snapshot) {
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
