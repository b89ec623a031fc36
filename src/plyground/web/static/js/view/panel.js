// The side panel: players and scores, whose turn, facts, a bot's thinking, the result,
// the controls and the move list.

import { $, el, seatBadge } from "../lib/dom.js";
import { fmtNumber, fmtScore, fmtSeconds, flippedCells } from "../lib/format.js";
import { ui, mySeats } from "../model/state.js";
import { renderTools } from "./tools.js";
import { renderClocks } from "./clocks.js";
import { renderPace } from "./pace.js";
import { moveNote, renderAnalysis } from "./analysis.js";

let thinkTimer = null; // ticks a thinking bot's clock

function playerKind(player) {
  if (player.kind === "human") return "Human";
  const think = player.settings?.time;
  return `Bot · ${player.bot}${think ? ` · ${think} s/move` : ""}`;
}

function renderPlayers(snapshot, scores, toMove) {
  const box = $("players");
  box.replaceChildren();
  box.classList.toggle("single", snapshot.players.length === 1);
  const winner = snapshot.finished && !ui.review ? snapshot.result?.winner : null;
  snapshot.players.forEach((player, index) => {
    const card = el("div", {
      class: `player${toMove === index ? " active" : ""}${winner === index ? " winner" : ""}`,
      "data-seat": index,
    },
      el("div", { class: "player-head" }, seatBadge(snapshot.layout.pieces, index, player.label),
        el("span", { class: "player-name", text: player.name })),
      el("div", { class: "player-kind", text: playerKind(player), title: player.spec ?? "a person" }));
    if (scores.length) {
      card.append(el("div", { class: "player-score", "data-score": index, "aria-label": `${player.name}'s score`, text: String(scores[index]) }));
      if (snapshot.layout.score_label) card.append(el("div", { class: "score-label", text: snapshot.layout.score_label }));
    }
    box.append(card);
  });
}

export function renderPanel(snapshot) {
  const view = ui.review ? ui.review.history[ui.review.index] : null;
  const scores = view ? view.scores : snapshot.scores;
  const toMove = view ? view.to_move : snapshot.to_move;
  renderPlayers(snapshot, scores, snapshot.finished && !view ? null : toMove);
  renderClocks(snapshot);

  const mine = mySeats();
  const turn = $("turn");
  turn.replaceChildren();
  if (view) {
    turn.append("Reviewing the game");
  } else if (snapshot.finished) {
    turn.append("Game over");
  } else if (toMove !== null) {
    const player = snapshot.players[toMove];
    const you = mine.has(toMove) && mine.size === 1 ? (snapshot.players.length === 1 ? " (your turn)" : " (your move)") : "";
    turn.append(seatBadge(snapshot.layout.pieces, toMove, player.label), `${player.name} to move${you}`);
  }
  if (!view && watching()) turn.append(el("span", { class: "watching", "data-watching": "", text: " · you are watching" }));

  const facts = $("facts");
  facts.replaceChildren();
  for (const item of view ? view.status : snapshot.status) {
    facts.append(el("div", {}, el("dt", { text: item.label }), el("dd", { text: item.value, "data-fact": item.label })));
  }

  renderPace(snapshot, Boolean(view));
  renderThinking(view ? null : snapshot.thinking, snapshot);
  renderResult(snapshot);
  renderControls(snapshot);
  renderTools(snapshot);
  renderAnalysis(snapshot);
  renderMoves(snapshot);
}

function renderThinking(thinking, snapshot) {
  const box = $("thinking");
  if (!thinking) {
    box.hidden = true;
    stopThinkTimer();
    return;
  }
  box.hidden = false;
  const player = snapshot.players[thinking.player];
  const info = thinking.info;
  const rows = [
    ["Depth", info ? String(info.depth) : "–"],
    [scoreLabel(snapshot), info ? scoreWords(info.score_text, info.first_seat_score, info.score) : "–"],
    info?.playouts !== undefined ? ["Playouts", fmtNumber(info.playouts)] : ["Nodes", info ? fmtNumber(info.nodes) : "–"],
    ["Best line", info && info.pv.length ? info.pv.join(" ") : "–"],
  ];
  if (info && info.exact) rows.push(["Solved", "exact to the end"]);
  const dl = $("thinking-info");
  dl.replaceChildren();
  for (const [label, value] of rows) {
    dl.append(el("dt", { text: label }), el("dd", { text: value, "data-info": label.toLowerCase() }));
  }
  const tick = () => {
    const current = ui.game?.thinking;
    if (!current) return;
    if (current.queued) { // every worker is busy with other games' bots
      $("thinking-text").textContent = `${player.name} is waiting for a free worker…`;
      $("thinking-meter").style.width = "0%";
      return;
    }
    const elapsed = current.elapsed + (performance.now() - ui.receivedAt) / 1000;
    $("thinking-text").textContent = `${player.name} is thinking… ${fmtSeconds(Math.min(elapsed, current.seconds))} of ${fmtSeconds(current.seconds)}`;
    $("thinking-meter").style.width = `${Math.min(100, (100 * elapsed) / current.seconds)}%`;
  };
  tick();
  if (!thinkTimer) thinkTimer = setInterval(tick, 100);
}

function scoreWords(text, fixed, own) {
  // A bot's score as the server words it in its unit (`score_text`: "+0.4 men"), else the
  // number from one fixed side (the first seat's), as a chess GUI shows it from White's.
  if (text) return text;
  return fmtScore(fixed === undefined || fixed === null ? own : fixed);
}

function scoreLabel(snapshot) {
  return snapshot.players.length === 2 ? `Score (for ${snapshot.players[0].label})` : "Score";
}

export function stopThinkTimer() {
  if (thinkTimer) clearInterval(thinkTimer);
  thinkTimer = null;
}

function renderResult(snapshot) {
  const box = $("result");
  if (!snapshot.finished || ui.review) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.className = "result";
  const result = snapshot.result;
  const headline = result.headline;
  if (result.error) {
    box.classList.add("error");
    box.textContent = result.error;
  } else if (snapshot.players.length === 1) {
    const solved = snapshot.undo !== "puzzle" || result.returns[0] > 0;
    if (!solved) box.classList.add("tie");
    box.textContent = headline ?? `Game over: ${result.returns[0]}`;
  } else if (result.winner === null) {
    box.classList.add("tie");
    if (headline) box.textContent = headline;
    else box.replaceChildren("It's a tie, ", el("span", { class: "nowrap", text: snapshot.scores.join("–") }));
  } else {
    const winner = snapshot.players[result.winner];
    const order = [result.winner, ...snapshot.scores.keys()].filter((v, i, all) => all.indexOf(v) === i);
    const scores = order.map((seat) => snapshot.scores[seat]).join("–");
    if (snapshot.scores.length) box.replaceChildren(`${winner.name} (${winner.label}) wins `, el("span", { class: "nowrap", text: scores }));
    else box.replaceChildren(`${winner.name} (${winner.label}) wins`);
    if (result.termination === "forfeit" && !headline) { // a resignation has its headline
      const loser = snapshot.players[1 - result.winner];
      box.append(el("div", { class: "help", text: `${loser.name} broke the rules and forfeited` }));
    } else if (headline) {
      box.append(el("div", { class: "help", text: headline }));
    }
  }
  box.dataset.winner = result.winner === null ? "tie" : String(result.winner);
}

function renderControls(snapshot) {
  const mine = mySeats();
  const undo = $("undo-button");
  const puzzle = snapshot.undo === "puzzle" || snapshot.undo === "board"; // any move taken back
  undo.textContent = puzzle ? "Take back" : "Undo";
  undo.hidden = !mine.size || !snapshot.undo || (snapshot.finished && !puzzle);
  undo.disabled = (puzzle ? snapshot.ply === 0 : !snapshot.moves.some((m) => mine.has(m.player))) || ui.busy || Boolean(snapshot.tool_running);
  const control = Boolean(ui.secrets?.control) && snapshot.all_bots;
  $("pause-button").hidden = !control || snapshot.finished;
  $("pause-button").textContent = snapshot.paused ? "Resume" : "Pause";
  $("pause-button").setAttribute("aria-pressed", snapshot.paused ? "true" : "false");
  $("step-button").hidden = !control || snapshot.finished;
  $("step-button").disabled = !snapshot.paused || Boolean(snapshot.thinking);
  $("speed").hidden = !control || snapshot.finished;
  const slider = $("speed-slider");
  slider.max = String(Math.min(3, ui.catalog?.max_delay ?? 3));
  if (document.activeElement !== slider) slider.value = String(snapshot.delay);
  $("speed-value").textContent = `${Number(slider.value).toFixed(1)} s`;
  const running = !snapshot.finished && !ui.disconnected;
  $("end-button").hidden = !ui.secrets?.control || !running;
  $("resign-button").hidden = resignSeat(snapshot) === null || !running;
  $("review-button").hidden = !snapshot.finished;
  $("review-button").textContent = ui.review ? "Exit review" : "Review";
  $("copy-row").hidden = !ui.review;
}

function watching() {
  // This page plays no seat and controls nothing: a spectator, with the game's link.
  return mySeats().size === 0 && !ui.secrets?.control;
}

export function resignSeat(snapshot) {
  // The seat this page would resign for: its seat to move, else its only one (two-player
  // games; not on an analysis board, where the page plays both sides to study a position).
  if (snapshot.players.length !== 2 || snapshot.mode === "analysis") return null;
  const mine = [...mySeats()];
  if (mine.includes(snapshot.to_move)) return snapshot.to_move;
  return mine.length === 1 ? mine[0] : null;
}

function renderMoves(snapshot) {
  const list = $("move-list");
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.ply : undefined;
  list.replaceChildren();
  list.classList.toggle("reviewing", Boolean(ui.review));
  const scored = snapshot.players.length === 2 && snapshot.moves.some((m) => m.score !== null && m.score !== undefined);
  $("moves-caption").textContent = scored ? `Bots' scores are for ${snapshot.players[0].label}: + is good for ${snapshot.players[0].label}, − for ${snapshot.players[1].label}.` : "";
  let item = null;
  let lastRound = null;
  for (const move of snapshot.moves) {
    if (move.player === -1) { // a chance outcome: joins the move it followed
      const text = el("span", { class: "chance", text: move.move, title: "chance" });
      if (item) item.querySelector(".detail").append(" ", text);
      else {
        item = el("li", { class: "chance-only", "data-chance": move.ply + 1 },
          el("span", { class: "num", text: "·" }), el("span", {}), el("span", { class: "cellname", text: "start" }),
          el("span", { class: "detail" }, text));
        list.append(item);
      }
      continue;
    }
    const player = snapshot.players[move.player];
    const flips = flippedCells(move.effects).length;
    const taken = Object.entries(move.effects).filter(([, what]) => what === "removed").length;
    const cells = Object.keys(move.effects);
    let detail = flips ? `flips ${flips}` : taken ? "takes" : "";
    if (cells.length === 1 && cells[0] !== move.move) detail = cells[0]; // the square of a move written otherwise
    if (move.info && player.kind === "bot" && move.info.depth > 0) {
      detail += `${detail ? " · " : ""}depth ${move.info.depth}, ${scoreWords(move.score_text, move.score, move.info.score)}`;
    }
    const note = moveNote(move.ply);
    const classes = [ui.review && ui.review.index === move.ply + 1 ? "current" : "",
      note?.blunder ? "blunder" : "", note?.worst ? "worst" : ""].filter(Boolean).join(" ");
    const round = move.round ?? move.number;
    const opens = round !== lastRound; // a round's first move carries its number, as "1." and "1…"
    lastRound = round;
    item = el("li", { "data-ply": move.ply + 1, class: classes || null,
      tabindex: ui.review ? "0" : null, role: ui.review ? "button" : null,
      "aria-label": ui.review ? `Go to move ${move.ply + 1}: ${player.label} ${move.move}` : null },
      el("span", { class: "num", text: opens ? `${round}.` : `${round}…` }),
      seatBadge(snapshot.layout.pieces, move.player, player.label),
      el("span", { class: "cellname", text: move.move }),
      el("span", { class: "detail", text: detail }));
    if (note) {
      item.classList.add("annotated");
      item.append(el("span", { class: `loss${note.text === "best" ? " best" : ""}`, "data-loss": move.ply + 1, title: note.title, text: note.text }));
    }
    if (move.rule_break) {
      // The reason is the rule break's detail (its first line: the error and the bot's own line).
      const broken = (snapshot.rule_breaks || []).find((b) => b.ply === move.ply);
      const reason = broken?.detail ? broken.detail.split("\n")[0] : "";
      item.append(el("span", { class: "penalty", text: `⚠ ${move.rule_break}`, title: reason || "the bot broke the rules" }));
      if (reason) item.append(el("span", { class: "penalty-reason", text: reason }));
    }
    list.append(item);
  }
  const current = list.querySelector(".current") || list.lastElementChild;
  if (current) scrollWithin(list, current);
  // A redraw (the review's analysis coming in, say) keeps the keyboard on the move it was on.
  if (focused !== undefined) list.querySelector(`li[data-ply="${focused}"][tabindex]`)?.focus({ preventScroll: true });
}

function scrollWithin(list, item) {
  // Bring a move into the list's own view; never scroll the page (scrollIntoView would,
  // pushing the board off screen whenever the panel is taller than the window).
  const top = item.offsetTop; // the list is positioned: offsets are within it
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}
