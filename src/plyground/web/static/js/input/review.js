// Review of a finished game: step through its positions, copy a position or the record,
// play on from a position.

import { $, el } from "../lib/dom.js";
import { flippedCells } from "../lib/format.js";
import { api } from "../lib/api.js";
import { setNotice } from "../lib/notice.js";
import { ui } from "../model/state.js";
import { drawCells } from "../view/board.js";
import { render } from "../view/screen.js";
import { renderPanel } from "../view/panel.js";
import { clearHeat, drawHeat, showValues } from "../view/heatmap.js";
import { analyseGame } from "../view/analysis.js";
import { showSetup } from "./form.js";

export async function toggleReview() {
  const snapshot = ui.game;
  if (ui.review) {
    ui.review = null;
    render(snapshot);
    return;
  }
  try {
    const history = await api("GET", `/api/games/${snapshot.id}/history`);
    const review = { history, index: history.length - 1, analysis: null };
    ui.review = review;
    const slider = $("review-slider");
    slider.max = String(history.length - 1);
    showReview();
    $("review-slider").focus();
    analyseGame(review).then(() => { if (ui.review === review) showReview(); });
  } catch (error) {
    setNotice(error.message);
  }
}

function showReview() {
  const snapshot = ui.game;
  const { history, index } = ui.review;
  const view = history[index];
  $("review-bar").hidden = false;
  $("board").classList.add("review");
  $("prompt").textContent = "";
  drawCells(snapshot.layout, view.tokens, {
    clickable: [], effects: view.effects, animate: true, hoverPlayer: null, marks: view.marks,
  });
  for (const node of $("move-buttons").querySelectorAll("button")) node.disabled = true;
  // The game's analysis values every position: heat maps wait for it rather than ask twice.
  if (!snapshot.analysable) clearHeat();
  else if (ui.review.analysis?.pending) drawHeat(null, "Analysing the game: the values come next…");
  else showValues(snapshot.id, index, view.position);
  $("review-slider").value = String(index);
  $("review-first").disabled = $("review-prev").disabled = index === 0;
  $("review-next").disabled = $("review-last").disabled = index === history.length - 1;
  let caption = `Start position (${history.length - 1} moves in all)`;
  if (index > 0) {
    if (view.player === -1) {
      caption = `Move ${index} of ${history.length - 1}: chance gave ${view.move}`;
    } else {
      const player = snapshot.players[view.player];
      const flips = flippedCells(view.effects);
      caption = `Move ${index} of ${history.length - 1}: ${player.label} played ${view.move}` +
        (flips.length ? `, flipping ${flips.join(" ")}` : "");
    }
  }
  $("review-caption").textContent = caption;
  renderPanel(snapshot);
}

export function reviewStep(to) {
  if (!ui.review) return;
  ui.review.index = Math.max(0, Math.min(ui.review.history.length - 1, to));
  showReview();
}

export async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { class: "sr-only" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  document.body.dataset.copied = text;
  setNotice(`Copied the ${what}.`, "ok");
}

export async function copyRecord() {
  try {
    const record = await api("GET", `/api/games/${ui.game.id}/record`);
    await copyText(JSON.stringify(record, null, 2), `game record (${record.moves.length} moves)`);
  } catch (error) {
    setNotice(error.message);
  }
}

export function currentPosition() {
  return ui.review ? ui.review.history[ui.review.index].position : ui.game.position;
}

export function playFromHere() {
  const snapshot = ui.game;
  const settings = {};
  const preset = ui.lastSetup?.game === snapshot.game_name ? ui.lastSetup : { game: snapshot.game_name };
  for (const [key, value] of Object.entries(preset.settings ?? {})) settings[key] = value;
  const players = snapshot.players.map((p, index) => preset.players?.[index] ?? {
    name: p.name, kind: p.kind, bot: p.bot,
  });
  $("game-select").value = snapshot.game_name;
  showSetup({ ...preset, game: snapshot.game_name, players, settings, start: currentPosition() });
}
