// plyground web app: the start form, the board, live bot info, watching and review.
// Plain JavaScript, no build step. The page knows no rules: the server says which cells
// take a click, what each move changed, the scores and the result.
"use strict";

const $ = (id) => document.getElementById(id);
const MIN_GAP_MS = 520; // shortest time a move stays on screen before the next one is drawn
const SETTING_LABELS = {
  size: "Board size",
  rounds: "Rounds",
  first: "Who moves first",
  time: "Think time (s)",
  depth: "Max depth",
};
const HUMAN_NAMES = ["You", "Friend"];

const ui = {
  catalog: null,
  game: null, // the snapshot on screen
  secrets: null, // {seats: {"0": token}, control: token}
  events: null,
  pending: null,
  pumpTimer: null,
  lastMoveAt: 0,
  receivedAt: 0,
  thinkTimer: null,
  focusIndex: 0,
  boardKey: "",
  review: null, // {history, index}
  busy: false,
  lastSetup: null,
};

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "the server cannot be reached: is plyground serve still running?");
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.error || `HTTP ${response.status}`);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function disc(player, label) {
  return el("span", { class: `disc p${player}`, "aria-hidden": "true", text: label });
}

function fmtNumber(value) {
  if (value === null || value === undefined) return "–";
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toFixed(0)}k`;
  return String(value);
}

function fmtScore(value) {
  if (value === null || value === undefined) return "–";
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

function fmtSeconds(value) {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} s`;
}

// ---------------------------------------------------------------- start form

function currentGameInfo() {
  const name = $("game-select").value || ui.catalog.games[0].name;
  return ui.catalog.games.find((g) => g.name === name);
}

function botInfo(name) {
  return ui.catalog.bots.find((b) => b.name === name);
}

function settingInput(setting, id, value) {
  const common = { id, name: setting.name, "data-setting": setting.name };
  if (setting.choices) {
    const select = el("select", common);
    for (const choice of setting.choices) {
      select.append(el("option", { value: String(choice), text: String(choice) }));
    }
    select.value = String(value ?? setting.default);
    return select;
  }
  if (setting.kind === "bool") {
    const box = el("input", { ...common, type: "checkbox" });
    box.checked = Boolean(value ?? setting.default);
    return box;
  }
  const span = setting.maximum !== null && setting.minimum !== null
    ? setting.maximum - setting.minimum : Infinity;
  if (setting.kind === "int" && span <= 12 && setting.default !== null) {
    const select = el("select", common);
    for (let v = setting.minimum; v <= setting.maximum; v += 1) {
      select.append(el("option", { value: String(v), text: setting.name === "size" ? `${v} × ${v}` : String(v) }));
    }
    select.value = String(value ?? setting.default);
    return select;
  }
  const input = el("input", {
    ...common,
    type: "number",
    inputmode: setting.kind === "int" ? "numeric" : "decimal",
    step: setting.kind === "int" ? "1" : "any",
    min: setting.minimum ?? undefined,
    max: setting.maximum ?? undefined,
    placeholder: setting.default === null ? "no limit" : undefined,
  });
  input.value = value ?? (setting.default === null ? "" : String(setting.default));
  return input;
}

function field(labelText, input, helpText) {
  const id = input.id;
  const help = helpText ? el("p", { class: "help", id: `${id}-help`, text: helpText }) : null;
  const error = el("p", { class: "error", id: `${id}-error`, role: "alert" });
  input.setAttribute("aria-describedby", [help ? `${id}-help` : null, `${id}-error`].filter(Boolean).join(" "));
  return el("div", { class: "field" }, el("label", { for: id, text: labelText }), input, help, error);
}

function buildForm(preset) {
  const game = currentGameInfo();
  $("game-description").textContent = game.description;
  const sides = $("sides");
  sides.replaceChildren();
  game.players.forEach((label, index) => {
    const seat = preset?.players?.[index];
    const kind = el("select", { id: `kind-${index}`, "data-seat": index });
    kind.append(el("option", { value: "human", text: "Human" }));
    for (const name of game.bots) {
      const bot = botInfo(name);
      kind.append(el("option", { value: name, text: `Bot: ${name}`, title: bot.description }));
    }
    kind.value = seat ? (seat.kind === "human" ? "human" : seat.bot) : index === 0 ? "human" : game.bots.at(-1);
    const name = el("input", {
      id: `name-${index}`, type: "text", maxlength: String(ui.catalog.name_length),
      autocomplete: "off", "data-auto": seat ? "0" : "1",
    });
    name.value = seat?.name ?? "";
    name.addEventListener("input", () => { name.dataset.auto = "0"; validate(false); });
    const botSettings = el("div", { class: "bot-settings", id: `bot-settings-${index}` });
    const box = el("fieldset", { class: "group side", "data-seat": index },
      el("legend", {}, disc(index, label), `Player ${label}`),
      field("Name", name),
      field("Plays as", kind),
      botSettings);
    sides.append(box);
    kind.addEventListener("change", () => { buildBotSettings(index); autoNames(); validate(false); });
    buildBotSettings(index, seat?.settings);
  });
  autoNames();

  const fields = $("game-settings-fields");
  fields.replaceChildren();
  for (const setting of game.settings) {
    const id = `setting-${setting.name}`;
    let value = preset?.settings?.[setting.name];
    const input = settingInput(setting, id, value);
    fields.append(field(SETTING_LABELS[setting.name] ?? setting.name, input, setting.help));
    input.addEventListener("change", () => { updateHints(); validate(false); });
    input.addEventListener("input", () => validate(false));
  }
  $("start-position").value = preset?.start ?? "";
  $("start-details").open = Boolean(preset?.start);
  updateHints(true);
  clearErrors();
}

function buildBotSettings(index, values) {
  const box = $(`bot-settings-${index}`);
  box.replaceChildren();
  const kind = $(`kind-${index}`).value;
  if (kind === "human") return;
  const bot = botInfo(kind);
  for (const setting of bot.settings) {
    const id = `bot-${index}-${setting.name}`;
    const input = settingInput(setting, id, values?.[setting.name]);
    input.addEventListener("input", () => validate(false));
    const range = setting.minimum !== null && setting.maximum !== null
      ? `${setting.help} (${setting.minimum} to ${setting.maximum})` : setting.help;
    box.append(field(SETTING_LABELS[setting.name] ?? setting.name, input, range));
  }
}

function autoNames() {
  const game = currentGameInfo();
  const taken = [];
  game.players.forEach((_, index) => {
    const input = $(`name-${index}`);
    if (input.dataset.auto !== "1") { taken.push(input.value.trim().toLowerCase()); return; }
    const kind = $(`kind-${index}`).value;
    let name = kind === "human" ? HUMAN_NAMES[index] ?? `Player ${index + 1}` : kind[0].toUpperCase() + kind.slice(1);
    if (taken.includes(name.toLowerCase())) name = `${name} ${index + 1}`;
    taken.push(name.toLowerCase());
    input.value = name;
  });
}

function roundsBounds() {
  // The largest value of a setting whose maximum depends on another (rounds on size).
  const game = currentGameInfo();
  const bounds = {};
  for (const [name, hint] of Object.entries(game.hints || {})) {
    const by = $(`setting-${hint.maximum_by}`);
    if (!by) continue;
    bounds[name] = { max: hint.table[by.value], by: hint.maximum_by, byValue: by.value, defaults: hint.defaults };
  }
  return bounds;
}

function updateHints(fillDefaults = false) {
  for (const [name, bound] of Object.entries(roundsBounds())) {
    const input = $(`setting-${name}`);
    if (!input) continue;
    input.max = String(bound.max);
    const help = $(`setting-${name}-help`);
    const size = bound.by === "size" ? `${bound.byValue}×${bound.byValue} board` : `${bound.by} ${bound.byValue}`;
    if (help) help.textContent = `1 to ${bound.max} on a ${size}`;
    if ((fillDefaults && input.value === "") || input.dataset.auto === "1") {
      input.value = String(bound.defaults?.[bound.byValue] ?? bound.max);
      input.dataset.auto = "1";
    }
    input.addEventListener("input", () => { input.dataset.auto = "0"; }, { once: true });
  }
}

function clearErrors() {
  document.querySelectorAll("#setup-form .error").forEach((node) => { node.textContent = ""; });
  document.querySelectorAll("#setup-form [aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
  $("form-errors").replaceChildren();
}

function showFieldError(id, message) {
  const input = $(id);
  if (input) input.setAttribute("aria-invalid", "true");
  const slot = $(`${id}-error`);
  if (slot) slot.textContent = message;
}

function numberProblem(setting, raw, label, maxOverride) {
  if (raw === "" || raw === null) return setting.default === null ? null : `${label} is missing.`;
  const value = Number(raw);
  const max = maxOverride ?? setting.maximum;
  if (!Number.isFinite(value)) return `${label} must be a number.`;
  if (setting.kind === "int" && !Number.isInteger(value)) return `${label} must be a whole number.`;
  if ((setting.minimum !== null && value < setting.minimum) || (max !== null && value > max)) {
    return `${label} must be ${setting.minimum ?? "any"} to ${max ?? "any"}; ${raw} is out of range.`;
  }
  return null;
}

function readForm() {
  const game = currentGameInfo();
  const problems = [];
  const players = game.players.map((label, index) => {
    const name = $(`name-${index}`).value.trim().replace(/\s+/g, " ");
    if (!name) problems.push([`name-${index}`, `Give player ${label} a name.`]);
    const kind = $(`kind-${index}`).value;
    if (kind === "human") return { name, kind: "human" };
    const settings = {};
    for (const setting of botInfo(kind).settings) {
      const input = $(`bot-${index}-${setting.name}`);
      const raw = setting.kind === "bool" ? input.checked : input.value.trim();
      const label2 = `${SETTING_LABELS[setting.name] ?? setting.name} of ${label}`;
      if (setting.kind === "int" || setting.kind === "float") {
        const problem = numberProblem(setting, raw, label2);
        if (problem) problems.push([input.id, problem]);
        if (raw !== "") settings[setting.name] = Number(raw);
      } else {
        settings[setting.name] = raw;
      }
    }
    return { name, kind: "bot", bot: kind, settings };
  });
  players.forEach((player, index) => {
    const earlier = players.slice(0, index).find((p) => p.name && p.name.toLowerCase() === player.name.toLowerCase());
    if (player.name && earlier) {
      problems.push([`name-${index}`, `Both sides are named “${player.name}”: give each side its own name.`]);
    }
  });
  const settings = {};
  const bounds = roundsBounds();
  for (const setting of game.settings) {
    const input = $(`setting-${setting.name}`);
    const label = SETTING_LABELS[setting.name] ?? setting.name;
    if (setting.kind === "int" || setting.kind === "float") {
      const raw = input.value.trim();
      const bound = bounds[setting.name];
      let problem = numberProblem(setting, raw, label, bound?.max);
      if (problem && bound) {
        problem = `${label} must be ${setting.minimum ?? 1} to ${bound.max} on a ${bound.byValue}×${bound.byValue} board; ${raw} is out of range.`;
      }
      if (problem) problems.push([input.id, problem]);
      if (raw !== "") settings[setting.name] = Number(raw);
    } else if (setting.kind === "bool") {
      settings[setting.name] = input.checked;
    } else {
      settings[setting.name] = input.value;
    }
  }
  const start = $("start-position").value.trim();
  return { request: { game: game.name, settings, players, start: start || null }, problems };
}

function validate(showAll) {
  const { request, problems } = readForm();
  clearErrors();
  const list = el("ul");
  for (const [id, message] of problems) {
    const input = $(id);
    if (!showAll && input && input.value === "" && !input.matches("[data-setting]")) continue;
    showFieldError(id, message);
    list.append(el("li", { text: message }));
  }
  if (showAll && problems.length) $("form-errors").append("Please fix:", list);
  return problems.length ? null : request;
}

async function startGame(event) {
  event.preventDefault();
  const request = validate(true);
  if (!request) {
    const first = document.querySelector("#setup-form [aria-invalid='true']");
    if (first) first.focus();
    return;
  }
  const button = $("start-button");
  button.disabled = true;
  try {
    const answer = await api("POST", "/api/games", request);
    ui.lastSetup = request;
    localStorage.setItem("plyground.setup", JSON.stringify(request));
    sessionStorage.setItem(`plyground.game.${answer.game.id}`, JSON.stringify(answer.secrets));
    history.pushState(null, "", `#game=${answer.game.id}`);
    openGame(answer.game, answer.secrets);
  } catch (error) {
    const message = error.message;
    $("form-errors").replaceChildren(el("span", { text: `The server refused the game: ${message}` }));
    if (/start position/.test(message)) { $("start-details").open = true; showFieldError("start-position", message); }
  } finally {
    button.disabled = false;
  }
}

function showSetup(preset) {
  closeEvents();
  stopThinkTimer();
  ui.game = null;
  ui.review = null;
  $("play").hidden = true;
  $("setup").hidden = false;
  buildForm(preset ?? ui.lastSetup);
  if (location.hash) history.pushState(null, "", location.pathname);
  document.title = "plyground · new game";
  $(`name-0`)?.focus();
}

// ---------------------------------------------------------------- the game

function mySeats() {
  return new Set(Object.keys(ui.secrets?.seats ?? {}).map(Number));
}

function tokenFor(seat) {
  return ui.secrets?.seats?.[String(seat)];
}

function openGame(snapshot, secrets) {
  ui.secrets = secrets;
  ui.game = null;
  ui.review = null;
  ui.boardKey = "";
  ui.pending = null;
  $("setup").hidden = true;
  $("play").hidden = false;
  $("notice").textContent = "";
  render(snapshot);
  listen(snapshot.id);
  document.title = `plyground · ${snapshot.players.map((p) => p.name).join(" vs ")}`;
}

function listen(id) {
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

function closeEvents() {
  if (ui.events) ui.events.close();
  ui.events = null;
}

function enqueue(snapshot) {
  if (!snapshot || (ui.game && snapshot.id !== ui.game.id)) return;
  if (ui.pending && snapshot.version < ui.pending.version) return;
  if (!ui.pending && ui.game && snapshot.version < ui.game.version) return;
  ui.pending = snapshot;
  pump();
}

function pump() {
  if (ui.pumpTimer || !ui.pending) return;
  const wait = ui.lastMoveAt + MIN_GAP_MS - performance.now();
  if (ui.game && ui.pending.ply > ui.game.ply && wait > 0) {
    ui.pumpTimer = setTimeout(() => { ui.pumpTimer = null; pump(); }, wait);
    return;
  }
  const snapshot = ui.pending;
  ui.pending = null;
  render(snapshot);
}

function buildBoard(layout) {
  const board = $("board");
  board.replaceChildren();
  board.style.setProperty("--n", String(layout.columns));
  board.setAttribute("aria-label", `Board, ${layout.rows} by ${layout.columns}. Arrow keys move, Enter plays.`);
  board.setAttribute("aria-rowcount", String(layout.rows));
  for (let row = 0; row < layout.rows; row += 1) {
    const rowNode = el("div", { class: "row-group", role: "row" });
    rowNode.append(el("span", { class: "coord", role: "rowheader", text: layout.row_labels[row] }));
    for (let col = 0; col < layout.columns; col += 1) {
      const index = row * layout.columns + col;
      const name = layout.names[index];
      if (name === null) {
        rowNode.append(el("span", { class: "cell hole", role: "gridcell", "aria-hidden": "true" }));
        continue;
      }
      const cell = el("button", {
        type: "button", class: "cell", role: "gridcell", "data-cell": name, "data-index": index,
        tabindex: index === ui.focusIndex ? "0" : "-1",
      });
      cell.addEventListener("click", () => clickCell(name));
      rowNode.append(cell);
    }
    board.append(rowNode);
  }
  const labels = el("div", { class: "row-group", role: "row", "aria-hidden": "true" });
  labels.append(el("span", { class: "coord corner" }));
  for (const label of layout.column_labels) labels.append(el("span", { class: "coord", text: label }));
  board.append(labels);
}

function drawCells(layout, tokens, options) {
  const { clickable, effects, animate, hoverPlayer } = options;
  const clickableSet = new Set(clickable);
  const board = $("board");
  board.style.setProperty("--hover-disc", `var(--p${hoverPlayer ?? 0})`);
  let flipOrder = 0;
  for (const cell of board.querySelectorAll(".cell[data-cell]")) {
    const name = cell.dataset.cell;
    const token = tokens[Number(cell.dataset.index)];
    const owner = token ? layout.tokens[token] : null;
    const previous = cell.dataset.token ?? "";
    if (previous !== token) {
      cell.replaceChildren(token ? disc(owner ?? 0, token) : "");
      cell.dataset.token = token;
    }
    const isClickable = clickableSet.has(name);
    cell.classList.toggle("clickable", isClickable);
    cell.setAttribute("aria-disabled", isClickable ? "false" : "true");
    const effect = effects[name];
    const isMove = effect === "placed" || effect === "moved-to";
    const isFlip = Boolean(effect) && !isMove;
    cell.classList.toggle("last", isMove);
    cell.classList.toggle("flipped", isFlip);
    cell.dataset.flipped = isFlip ? "true" : "false";
    if (animate) {
      cell.classList.remove("placed", "flipping");
      if (isMove && token) cell.classList.add("placed");
      if (isFlip && token) {
        cell.style.setProperty("--delay", `${0.12 + flipOrder * 0.07}s`);
        flipOrder += 1;
        // restart the animation even if the class was there
        void cell.offsetWidth;
        cell.classList.add("flipping");
      }
    }
    const what = token ? `${token}` : "empty";
    const extra = isMove ? ", last move" : isFlip ? `, just ${effect}` : "";
    cell.setAttribute("aria-label", `${name}: ${what}${extra}${isClickable ? ", press Enter to play" : ""}`);
  }
}

function render(snapshot) {
  const previous = ui.game;
  ui.game = snapshot;
  ui.receivedAt = performance.now();
  const layout = snapshot.layout;
  const key = `${layout.rows}x${layout.columns}:${layout.names.join(",")}`;
  if (key !== ui.boardKey) {
    ui.focusIndex = Math.min(ui.focusIndex, layout.names.length - 1);
    buildBoard(layout);
    ui.boardKey = key;
  }
  const newMove = previous && previous.id === snapshot.id && snapshot.ply > previous.ply;
  if (newMove) ui.lastMoveAt = performance.now();
  if (ui.review) {
    renderPanel(snapshot);
    return;
  }
  const last = snapshot.moves.at(-1);
  const mine = mySeats();
  const myTurn = snapshot.to_move !== null && mine.has(snapshot.to_move);
  drawCells(layout, snapshot.tokens, {
    clickable: myTurn && !ui.busy ? snapshot.clickable : [],
    effects: last ? last.effects : {},
    animate: Boolean(newMove),
    hoverPlayer: snapshot.to_move,
  });
  $("board").classList.remove("review");
  if (newMove) announceMove(snapshot, last);
  renderPanel(snapshot);
}

function announceMove(snapshot, move) {
  const player = snapshot.players[move.player];
  const flips = flippedCells(move.effects);
  const flipped = flips.length ? `, flipping ${flips.join(", ")}` : "";
  $("announcer").textContent = `${player.label} (${player.name}) played ${move.move}${flipped}.`;
}

function flippedCells(effects) {
  return Object.entries(effects).filter(([, what]) => what === "flipped").map(([cell]) => cell);
}

function playerKind(player) {
  if (player.kind === "human") return "Human";
  const think = player.settings?.time;
  return `Bot · ${player.bot}${think ? ` · ${think} s/move` : ""}`;
}

function renderPlayers(snapshot, scores, toMove) {
  const box = $("players");
  box.replaceChildren();
  const winner = snapshot.finished && !ui.review ? snapshot.result?.winner : null;
  snapshot.players.forEach((player, index) => {
    const card = el("div", {
      class: `player${toMove === index ? " active" : ""}${winner === index ? " winner" : ""}`,
      "data-seat": index,
    },
      el("div", { class: "player-head" }, disc(index, player.label),
        el("span", { class: "player-name", text: player.name })),
      el("div", { class: "player-kind", text: playerKind(player), title: player.spec ?? "a person" }),
      el("div", { class: "player-score", "data-score": index, "aria-label": `${player.name}'s score`, text: String(scores[index]) }));
    box.append(card);
  });
}

function renderPanel(snapshot) {
  const view = ui.review ? ui.review.history[ui.review.index] : null;
  const scores = view ? view.scores : snapshot.scores;
  const toMove = view ? view.to_move : snapshot.to_move;
  renderPlayers(snapshot, scores, snapshot.finished && !view ? null : toMove);

  const mine = mySeats();
  const turn = $("turn");
  turn.replaceChildren();
  if (view) {
    turn.append("Reviewing the game");
  } else if (snapshot.finished) {
    turn.append("Game over");
  } else if (toMove !== null) {
    const player = snapshot.players[toMove];
    const you = mine.has(toMove) && mine.size === 1 ? " (your move)" : "";
    turn.append(disc(toMove, player.label), `${player.name} to move${you}`);
  }

  const facts = $("facts");
  facts.replaceChildren();
  for (const item of view ? view.status : snapshot.status) {
    facts.append(el("div", {}, el("dt", { text: item.label }), el("dd", { text: item.value, "data-fact": item.label })));
  }

  renderThinking(view ? null : snapshot.thinking, snapshot);
  renderResult(snapshot);
  renderControls(snapshot);
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
    ["Score", info ? fmtScore(info.score) : "–"],
    ["Nodes", info ? fmtNumber(info.nodes) : "–"],
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
    const elapsed = current.elapsed + (performance.now() - ui.receivedAt) / 1000;
    $("thinking-text").textContent = `${player.name} is thinking… ${fmtSeconds(Math.min(elapsed, current.seconds))} of ${fmtSeconds(current.seconds)}`;
    $("thinking-meter").style.width = `${Math.min(100, (100 * elapsed) / current.seconds)}%`;
  };
  tick();
  if (!ui.thinkTimer) ui.thinkTimer = setInterval(tick, 100);
}

function stopThinkTimer() {
  if (ui.thinkTimer) clearInterval(ui.thinkTimer);
  ui.thinkTimer = null;
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
  if (result.error) {
    box.classList.add("error");
    box.textContent = result.error;
  } else if (result.winner === null) {
    box.classList.add("tie");
    box.replaceChildren("It's a tie, ", el("span", { class: "nowrap", text: snapshot.scores.join("–") }));
  } else {
    const winner = snapshot.players[result.winner];
    const order = [result.winner, ...snapshot.scores.keys()].filter((v, i, all) => all.indexOf(v) === i);
    const scores = order.map((seat) => snapshot.scores[seat]).join("–");
    box.replaceChildren(`${winner.name} (${winner.label}) wins `, el("span", { class: "nowrap", text: scores }));
    if (result.termination === "forfeit") {
      const loser = snapshot.players[1 - result.winner];
      box.append(el("div", { class: "help", text: `${loser.name} broke the rules and forfeited` }));
    }
  }
  box.dataset.winner = result.winner === null ? "tie" : String(result.winner);
}

function renderControls(snapshot) {
  const mine = mySeats();
  const hasBot = snapshot.players.some((p) => p.kind === "bot");
  const undo = $("undo-button");
  undo.hidden = !(mine.size && hasBot) || snapshot.finished;
  undo.disabled = !snapshot.moves.some((m) => mine.has(m.player)) || ui.busy;
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
  $("review-button").hidden = !snapshot.finished;
  $("review-button").textContent = ui.review ? "Exit review" : "Review";
  $("copy-row").hidden = !ui.review;
}

function renderMoves(snapshot) {
  const list = $("move-list");
  list.replaceChildren();
  snapshot.moves.forEach((move, ply) => {
    const player = snapshot.players[move.player];
    const flips = flippedCells(move.effects).length;
    let detail = flips ? `flips ${flips}` : "";
    if (move.info && player.kind === "bot" && move.info.depth > 0) {
      detail += `${detail ? " · " : ""}d${move.info.depth} ${fmtScore(move.info.score)}`;
    }
    const item = el("li", { "data-ply": ply + 1, class: ui.review && ui.review.index === ply + 1 ? "current" : null },
      el("span", { class: "num", text: `${ply + 1}.` }),
      disc(move.player, player.label),
      el("span", { class: "cellname", text: move.move }),
      el("span", { class: "detail", text: detail }));
    if (move.rule_break) {
      item.append(el("span", { class: "penalty", text: `⚠ ${move.rule_break}`, title: "the bot broke the rules: a random move was played for it" }));
    }
    list.append(item);
  });
  const current = list.querySelector(".current") || list.lastElementChild;
  if (current) current.scrollIntoView({ block: "nearest" });
}

async function clickCell(name) {
  const snapshot = ui.game;
  if (!snapshot || ui.review || ui.busy || snapshot.finished) return;
  const token = tokenFor(snapshot.to_move);
  if (!token || !snapshot.clickable.includes(name)) return;
  ui.busy = true;
  $("notice").textContent = "";
  try {
    const next = await api("POST", `/api/games/${snapshot.id}/moves`, { token, move: name, ply: snapshot.ply });
    ui.busy = false;
    enqueue(next);
  } catch (error) {
    ui.busy = false;
    $("notice").textContent = error.message;
    render(ui.game);
  }
}

async function control(path, body) {
  const snapshot = ui.game;
  if (!snapshot) return;
  $("notice").textContent = "";
  try {
    enqueue(await api("POST", `/api/games/${snapshot.id}/${path}`, body));
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

async function undo() {
  const snapshot = ui.game;
  const seat = [...mySeats()].find((s) => snapshot.moves.some((m) => m.player === s));
  if (seat === undefined) return;
  await control("undo", { token: tokenFor(seat) });
  listen(snapshot.id);
}

// ---------------------------------------------------------------- review

async function toggleReview() {
  const snapshot = ui.game;
  if (ui.review) {
    ui.review = null;
    render(snapshot);
    return;
  }
  try {
    const history = await api("GET", `/api/games/${snapshot.id}/history`);
    ui.review = { history, index: history.length - 1 };
    const slider = $("review-slider");
    slider.max = String(history.length - 1);
    showReview();
    $("review-slider").focus();
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

function showReview() {
  const snapshot = ui.game;
  const { history, index } = ui.review;
  const view = history[index];
  $("review-bar").hidden = false;
  $("board").classList.add("review");
  drawCells(snapshot.layout, view.tokens, {
    clickable: [], effects: view.effects, animate: true, hoverPlayer: null,
  });
  $("review-slider").value = String(index);
  $("review-first").disabled = $("review-prev").disabled = index === 0;
  $("review-next").disabled = $("review-last").disabled = index === history.length - 1;
  let caption = `Start position (${history.length - 1} moves in all)`;
  if (index > 0) {
    const player = snapshot.players[view.player];
    const flips = flippedCells(view.effects);
    caption = `Move ${index} of ${history.length - 1}: ${player.label} played ${view.move}` +
      (flips.length ? `, flipping ${flips.join(" ")}` : "");
  }
  $("review-caption").textContent = caption;
  renderPanel(snapshot);
}

function reviewStep(to) {
  if (!ui.review) return;
  ui.review.index = Math.max(0, Math.min(ui.review.history.length - 1, to));
  showReview();
}

async function copyText(text, what) {
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
  const notice = $("notice");
  notice.className = "notice ok";
  notice.textContent = `Copied the ${what}.`;
  setTimeout(() => { notice.className = "notice"; }, 2500);
}

async function copyRecord() {
  try {
    const record = await api("GET", `/api/games/${ui.game.id}/record`);
    await copyText(JSON.stringify(record, null, 2), `game record (${record.moves.length} moves)`);
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

function currentPosition() {
  return ui.review ? ui.review.history[ui.review.index].position : ui.game.position;
}

function playFromHere() {
  const snapshot = ui.game;
  const settings = {};
  const preset = ui.lastSetup ?? {};
  for (const [key, value] of Object.entries(preset.settings ?? {})) settings[key] = value;
  const players = snapshot.players.map((p, index) => preset.players?.[index] ?? {
    name: p.name, kind: p.kind, bot: p.bot,
  });
  showSetup({ ...preset, players, settings, start: currentPosition() });
}

// ---------------------------------------------------------------- keyboard

function onBoardKey(event) {
  const cells = [...$("board").querySelectorAll(".cell[data-cell]")];
  const current = cells.indexOf(document.activeElement);
  if (current < 0 || !ui.game) return;
  const columns = ui.game.layout.columns;
  const index = Number(cells[current].dataset.index);
  const row = Math.floor(index / columns);
  const col = index % columns;
  const moves = {
    ArrowUp: [row - 1, col], ArrowDown: [row + 1, col], ArrowLeft: [row, col - 1], ArrowRight: [row, col + 1],
    Home: [row, 0], End: [row, columns - 1],
  };
  const target = moves[event.key];
  if (!target) return;
  event.preventDefault();
  const [r, c] = target;
  if (r < 0 || c < 0 || c >= columns || r >= ui.game.layout.rows) return;
  const next = cells.find((cell) => Number(cell.dataset.index) === r * columns + c);
  if (!next) return;
  cells.forEach((cell) => cell.setAttribute("tabindex", "-1"));
  next.setAttribute("tabindex", "0");
  ui.focusIndex = r * columns + c;
  next.focus();
}

// ---------------------------------------------------------------- start

async function loadGameFromHash() {
  const match = /#game=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!match) return false;
  try {
    const snapshot = await api("GET", `/api/games/${match[1]}`);
    const secrets = JSON.parse(sessionStorage.getItem(`plyground.game.${match[1]}`) || "null");
    openGame(snapshot, secrets);
    return true;
  } catch (error) {
    showSetup();
    $("form-errors").textContent = `Could not open that game: ${error.message}`;
    return true;
  }
}

async function init() {
  try {
    ui.catalog = await api("GET", "/api/catalog");
  } catch (error) {
    $("setup").replaceChildren(el("p", { class: "error", text: `Cannot load the app: ${error.message}` }));
    return;
  }
  const select = $("game-select");
  for (const game of ui.catalog.games) select.append(el("option", { value: game.name, text: game.name }));
  $("game-field").hidden = ui.catalog.games.length < 2;
  select.addEventListener("change", () => buildForm());
  try {
    ui.lastSetup = JSON.parse(localStorage.getItem("plyground.setup") || "null");
  } catch {
    ui.lastSetup = null;
  }
  $("setup-form").addEventListener("submit", startGame);
  $("nav-new").addEventListener("click", () => showSetup());
  $("new-game-button").addEventListener("click", () => showSetup());
  $("undo-button").addEventListener("click", undo);
  $("pause-button").addEventListener("click", () => control("control", { token: ui.secrets.control, paused: !ui.game.paused }));
  $("step-button").addEventListener("click", () => control("step", { token: ui.secrets.control }));
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
  window.addEventListener("popstate", () => { if (!location.hash) showSetup(); else loadGameFromHash(); });
  if (!(await loadGameFromHash())) showSetup();
}

document.addEventListener("DOMContentLoaded", init);
