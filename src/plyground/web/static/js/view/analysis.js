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

function amount(value, scale) {
  // A loss or a threshold in the analysis's unit, as many decimals as its scale says.
  return value.toLocaleString("en-US", { maximumFractionDigits: scale?.places ?? 2 });
}

export function moveNote(ply) {
  // What the analysis says of move `ply` (0-based) for the move list, or null (a move the
  // analysis did not value: a chance outcome's, say).
  const analysis = ui.review?.analysis;
  if (!analysis?.moves) return null;
  const move = analysis.moves.find((m) => m.ply === ply);
  if (!move) return null;
  const worst = analysis.worst.includes(ply);
  const lost = amount(move.loss, analysis.scale);
  const text = move.loss === 0 ? "best" : `−${lost}`;
  const title = move.loss === 0
    ? `a best move (${move.source})`
    : `loses ${lost} ${analysis.scale.unit} against ${move.best.join(" ")} (${move.source}${move.blunder ? ", a blunder" : ""})`;
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
    body.append(el("p", { class: "help", text: "Analysing every move…" }));
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
  const { unit } = analysis.scale; // the analyser's words for its values (marks, points)
  const blunder = amount(analysis.settings.blunder, analysis.scale);
  body.append(el("p", { class: "help", text: `Loss: ${unit} given away against the best move. ${analysis.how}; a blunder loses ${blunder} ${unit} or more.` }));
}
