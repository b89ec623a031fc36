// The analysis of a finished game in review: each move's loss against the best move, the
// blunders and worst moves, and each player's accuracy (the server's analysis, run once).

import { $, el } from "../lib/dom.js";
import { gameAnalysis } from "../net/analysis.js";
import { ui } from "../model/state.js";

export async function analyseGame(review) {
  // Ask for the analysis of the game under review (the caller redraws the panel after).
  const snapshot = ui.game;
  if (!snapshot.analysable || review.analysis) return;
  review.analysis = { pending: true };
  renderAnalysis(snapshot);
  try {
    const answer = await gameAnalysis(snapshot.id);
    review.analysis = answer;
  } catch (error) {
    review.analysis = { error: error.message };
  }
  if (ui.review === review) renderAnalysis(snapshot);
}

export function moveNote(ply) {
  // What the analysis says of move `ply` (0-based) for the move list, or null.
  const analysis = ui.review?.analysis;
  if (!analysis?.moves) return null;
  const move = analysis.moves[ply];
  if (!move) return null;
  const worst = analysis.worst.includes(ply);
  const text = move.loss === 0 ? "best" : `−${move.loss}`;
  const title = move.loss === 0
    ? `a best move (${move.source})`
    : `loses ${move.loss} marks against ${move.best.join(" ")} (${move.source}${move.blunder ? ", a blunder" : ""})`;
  return { text, title, blunder: move.blunder, worst };
}

export function renderAnalysis(snapshot) {
  const box = $("analysis");
  const analysis = ui.review?.analysis;
  box.hidden = !analysis;
  if (!analysis) return;
  const body = $("analysis-body");
  body.replaceChildren();
  if (analysis.pending) {
    body.append(el("p", { class: "help", text: "Analysing every move (exact where a solve fits)…" }));
    return;
  }
  if (analysis.error) {
    body.append(el("p", { class: "error", text: analysis.error }));
    return;
  }
  const table = el("table", { class: "accuracy" },
    el("thead", {}, el("tr", {}, ...["Player", "Best moves", "Mean loss", "Blunders"].map((h) => el("th", { text: h })))));
  const rows = el("tbody");
  for (const player of analysis.summary) {
    rows.append(el("tr", { "data-accuracy": player.player },
      el("td", { text: snapshot.players[player.player]?.name ?? player.name }),
      el("td", { text: `${Math.round(100 * player.accuracy)}%` }),
      el("td", { text: player.mean_loss.toFixed(2) }),
      el("td", { text: String(player.blunders) })));
  }
  table.append(rows);
  body.append(table);
  const exact = analysis.exact_moves;
  const total = analysis.moves.length;
  const how = exact === total ? `Every move (${total}) valued exactly` : `${exact} of ${total} moves valued exactly, the others by the engine`;
  body.append(el("p", { class: "help", text: `Loss: marks given away against the best move. ${how}; a blunder loses ${analysis.settings.blunder} marks or more.` }));
}
