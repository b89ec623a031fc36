// plyground web app: the start form, the board, live bot info, watching, puzzles and review.
// Plain JavaScript, no build step. The page knows no rules: the server says how to draw the
// board, which clicks (or keys) make which legal move, what each move changed, the scores,
// the marks worth showing and the result.
//
// Native ES modules, no build step. This entry module loads the catalog, wires the page's
// controls, registers the hooks the lower layers call, and opens the game in the address (or
// the start form). js/ holds one module per concern, in layers that import only downward
// (tests/web/test_page_layers.py holds them to it):
//   lib/    dom, format, api, notice: helpers that know no game and no page state
//   model/  state (what the page holds), hooks (redraw requests), entering (a half-entered move)
//   net/    stream (the event stream, the pace of moves), actions (requests on the game)
//   view/   board, heatmap, pace, clocks, analysis, tools, panel, screen: drawing a snapshot
//   input/  entry (clicks and move buttons), keys, confirm, review, form, stored (serve --db)

import { $, el } from "./js/lib/dom.js";
import { api } from "./js/lib/api.js";
import { ui, tokenFor } from "./js/model/state.js";
import { registerHooks } from "./js/model/hooks.js";
import { control, undo } from "./js/net/actions.js";
import { resignSeat } from "./js/view/panel.js";
import { clocksOn, setClocks } from "./js/view/clocks.js";
import { openGame, render, setBoardInput } from "./js/view/screen.js";
import { clickCell, flushQueued, playButton } from "./js/input/entry.js";
import { buildForm, startGame, startAnalysisBoard, showSetup, showSetupNotice } from "./js/input/form.js";
import { onDocumentKey, onPointerDown, onPointerUp, onPointerCancel, onBoardKey } from "./js/input/keys.js";
import { confirmFirst } from "./js/input/confirm.js";
import { toggleReview, reviewStep, copyText, copyRecord, currentPosition, playFromHere } from "./js/input/review.js";
import { openStoredFromHash, showStoredGames } from "./js/input/stored.js";

registerHooks({
  show: (snapshot) => { render(snapshot); flushQueued(); },
  redraw: () => { if (ui.game) render(ui.game); },
});
setBoardInput({ onCell: clickCell, onButton: playButton });

async function loadGameFromHash() {
  try {
    if (await openStoredFromHash()) return true;
  } catch (error) {
    showSetup();
    showSetupNotice(`Could not open the stored game in this link: ${error.message}.`);
    return true;
  }
  const match = /#game=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!match) return false;
  try {
    const snapshot = await api("GET", `/api/games/${match[1]}`);
    const secrets = JSON.parse(sessionStorage.getItem(`plyground.game.${match[1]}`) || "null");
    openGame(snapshot, secrets);
    return true;
  } catch (error) {
    showSetup();
    const gone = error.status === 404 ? "it has expired or never existed on this server" : error.message;
    showSetupNotice(`Could not open the game in this link: ${gone}. Start a new one below.`);
    return true;
  }
}

function gameTitle(game) {
  // "Nine Men's Morris: place, move and fly men..." -> "Nine Men's Morris"
  const head = game.description.split(":")[0].trim();
  return head.length <= 32 ? head : game.name;
}

async function init() {
  try {
    ui.catalog = await api("GET", "/api/catalog");
  } catch (error) {
    $("setup").replaceChildren(el("p", { class: "error", text: `Cannot load the app: ${error.message}` }));
    return;
  }
  const select = $("game-select");
  for (const game of ui.catalog.games) select.append(el("option", { value: game.name, text: gameTitle(game) }));
  select.addEventListener("change", () => buildForm(ui.lastSetup));
  try {
    ui.lastSetup = JSON.parse(localStorage.getItem("plyground.setup") || "null");
  } catch {
    ui.lastSetup = null;
  }
  if (ui.lastSetup?.game && ui.catalog.games.some((g) => g.name === ui.lastSetup.game)) select.value = ui.lastSetup.game;
  $("setup-form").addEventListener("submit", startGame);
  $("analysis-board-button").addEventListener("click", startAnalysisBoard);
  $("show-clocks").checked = clocksOn();
  $("show-clocks").addEventListener("change", () => setClocks($("show-clocks").checked));
  $("nav-new").addEventListener("click", () => showSetup());
  $("new-game-button").addEventListener("click", () => showSetup());
  $("undo-button").addEventListener("click", undo);
  $("pause-button").addEventListener("click", () => control("control", { token: ui.secrets.control, paused: !ui.game.paused }));
  $("step-button").addEventListener("click", () => control("step", { token: ui.secrets.control }));
  confirmFirst($("end-button"), "End the game? Click again", () => control("end", { token: ui.secrets.control }));
  confirmFirst($("resign-button"), "Resign? Click again", () => control("resign", { token: tokenFor(resignSeat(ui.game)) }));
  $("move-list").addEventListener("click", (event) => { // in review, a move in the list jumps there
    const item = event.target.closest("li[data-ply]");
    if (item && ui.review) reviewStep(Number(item.dataset.ply));
  });
  $("move-list").addEventListener("keydown", (event) => { // and Enter or Space on it
    const item = event.target.closest("li[data-ply]");
    if (!item || !ui.review || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    reviewStep(Number(item.dataset.ply)); // the redrawn list keeps the focus on this move
  });
  $("speed-slider").addEventListener("input", () => { $("speed-value").textContent = `${Number($("speed-slider").value).toFixed(1)} s`; });
  $("speed-slider").addEventListener("change", () => control("control", { token: ui.secrets.control, delay: Number($("speed-slider").value) }));
  $("review-button").addEventListener("click", toggleReview);
  $("review-first").addEventListener("click", () => reviewStep(0));
  $("review-prev").addEventListener("click", () => reviewStep(ui.review.index - 1));
  $("review-next").addEventListener("click", () => reviewStep(ui.review.index + 1));
  $("review-last").addEventListener("click", () => reviewStep(Infinity));
  $("review-slider").addEventListener("input", () => reviewStep(Number($("review-slider").value)));
  $("copy-position").addEventListener("click", () => copyText(currentPosition(), "position text"));
  $("copy-record").addEventListener("click", copyRecord);
  $("play-from-here").addEventListener("click", playFromHere);
  $("board").addEventListener("keydown", onBoardKey);
  $("board").addEventListener("focusin", (event) => {
    const index = event.target?.dataset?.index;
    if (index !== undefined) ui.focusIndex = Number(index);
  });
  $("board-frame").addEventListener("pointerdown", onPointerDown);
  $("board-frame").addEventListener("pointerup", onPointerUp);
  $("board-frame").addEventListener("pointercancel", onPointerCancel);
  document.addEventListener("keydown", onDocumentKey);
  window.addEventListener("popstate", () => { if (!location.hash) showSetup(); else loadGameFromHash(); });
  showStoredGames();
  if (!(await loadGameFromHash())) showSetup();
}

document.addEventListener("DOMContentLoaded", init);
