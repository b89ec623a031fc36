// plyground web app: the start form, the board, live bot info, watching, puzzles and review.
// Plain JavaScript, no build step. The page knows no rules: the server says how to draw the
// board, which clicks (or keys) make which legal move, what each move changed, the scores,
// the marks worth showing and the result.
"use strict";

const $ = (id) => document.getElementById(id);
const SETTING_LABELS = {
  size: "Board size",
  rounds: "Rounds",
  first: "Who moves first",
  time: "Think time (s)",
  depth: "Max depth",
  placing: "Depth, placing",
  moving: "Depth, moving",
  flying: "Depth, flying",
  shallowest: "Shallowest depth",
  deepest: "Deepest depth",
  cut: "Probability cut",
  engine: "Engine",
  horizon: "Horizon",
  variant: "Variant",
  opponent: "Opponent model",
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
  partial: [], // the clicks of a move being entered (cell names)
  queued: null, // a button move pressed while the previous one was on its way
  toolsKey: "",
  pointer: null, // where a swipe began
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
  if (Math.abs(value) >= 1e4) return `${value > 0 ? "+" : "-"}${fmtNumber(Math.abs(Math.round(value)))}`;
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

function sideLegend(game, index) {
  const label = game.players[index];
  if (game.players.length === 1) return label[0].toUpperCase() + label.slice(1);
  return `Player ${label}`;
}

function badge(label) {
  // the short text in a player's disc: "X", or "W" for White
  return label.length <= 2 ? label : label[0].toUpperCase();
}

function seatBadge(pieces, index, label) {
  // A player's sign, drawn like the game's pieces: a white or black stone, a queen, a tile.
  if (pieces === "stone") return el("span", { class: `badge stone p${index}`, "aria-hidden": "true" });
  if (pieces === "queen") return el("span", { class: "badge badge-queen", "aria-hidden": "true", text: "♛" });
  if (pieces === "tile") return el("span", { class: "badge badge-tile", "aria-hidden": "true", text: "2" });
  return disc(index, badge(label));
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
  if (setting.kind === "int" && (span <= 12 || (setting.name === "size" && span <= 16)) && setting.default !== null) {
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
  if (preset && preset.game && preset.game !== game.name) preset = null; // another game's setup
  $("game-description").textContent = game.description;
  const sides = $("sides");
  sides.replaceChildren();
  sides.classList.toggle("single", game.players.length === 1);
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
      el("legend", {}, seatBadge(game.pieces, index, label), sideLegend(game, index)),
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
  $("game-settings").hidden = game.settings.length === 0;
  for (const setting of game.settings) {
    const id = `setting-${setting.name}`;
    let value = preset?.settings?.[setting.name];
    const input = settingInput(setting, id, value);
    fields.append(field(SETTING_LABELS[setting.name] ?? setting.name, input, setting.help));
    input.addEventListener("change", () => { updateHints(); validate(false); });
    input.addEventListener("input", () => validate(false));
  }
  $("start-position").placeholder = `e.g. ${game.example}`;
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
    if (kind !== "human" && /^\d/.test(kind)) name = `Bot ${kind}`;
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
    if (!name) problems.push([`name-${index}`, game.players.length === 1 ? "Give the player a name." : `Give player ${label} a name.`]);
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
  const request = { game: game.name, settings, players, start: start || null };
  if (players.every((p) => p.kind === "bot")) request.delay = game.chance ? 0.2 : 0.5;
  return { request, problems };
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

function myTurn(snapshot) {
  return snapshot.to_move !== null && mySeats().has(snapshot.to_move);
}

function openGame(snapshot, secrets) {
  ui.secrets = secrets;
  ui.game = null;
  ui.review = null;
  ui.boardKey = "";
  ui.toolsKey = "";
  ui.pending = null;
  ui.partial = [];
  ui.queued = null;
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
  const pace = 1000 * (ui.pending.layout.pace ?? 0.52);
  const wait = ui.lastMoveAt + pace - performance.now();
  if (ui.game && ui.pending.ply > ui.game.ply && wait > 0) {
    ui.pumpTimer = setTimeout(() => { ui.pumpTimer = null; pump(); }, wait);
    return;
  }
  const snapshot = ui.pending;
  ui.pending = null;
  render(snapshot);
}

// -- drawing the board: slots, pieces, lines

const SVG = "http://www.w3.org/2000/svg";

function piece(layout, token) {
  const owner = layout.tokens[token] ?? 0;
  switch (layout.pieces) {
    case "stone":
      return el("span", { class: `stone p${owner}`, "aria-hidden": "true" });
    case "mark":
      return el("span", { class: `mark p${owner}`, "aria-hidden": "true", text: token });
    case "queen":
      return el("span", { class: "queen", "aria-hidden": "true", text: "♛" });
    case "tile": {
      const value = Number(token);
      const power = Math.min(17, Math.round(Math.log2(value)));
      return el("span", { class: `tile v${power}${token.length >= 4 ? " wide" : ""}${token.length >= 5 ? " wider" : ""}`, "aria-hidden": "true", text: token });
    }
    default:
      return disc(owner, token);
  }
}

function boardLines(layout, offset) {
  // The lines that join points (style "points"), drawn behind the slots.
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "lines");
  svg.setAttribute("viewBox", `0 0 ${layout.columns} ${layout.rows}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  svg.style.gridRow = `1 / span ${layout.rows}`;
  svg.style.gridColumn = `${1 + offset} / span ${layout.columns}`;
  const where = {};
  layout.names.forEach((name, index) => {
    if (name) where[name] = [index % layout.columns + 0.5, Math.floor(index / layout.columns) + 0.5];
  });
  for (const [a, b] of layout.lines) {
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", where[a][0]);
    line.setAttribute("y1", where[a][1]);
    line.setAttribute("x2", where[b][0]);
    line.setAttribute("y2", where[b][1]);
    svg.append(line);
  }
  return svg;
}

function buildBoard(layout) {
  const board = $("board");
  board.replaceChildren();
  const coords = layout.column_labels.length > 0;
  const offset = coords ? 1 : 0;
  board.className = `board style-${layout.style} pieces-${layout.pieces}${coords ? "" : " no-coords"}`;
  const frame = $("board-frame");
  frame.className = `board-frame frame-${layout.style}`;
  const widest = layout.columns <= 3 ? 420 : layout.style === "tiles" ? 480 : layout.style === "points" ? 600 : 640;
  frame.style.setProperty("--frame-max", `${widest}px`);
  board.style.setProperty("--n", String(layout.columns));
  const verb = layout.buttons.length ? "Arrow keys or swipes move the tiles" : "Arrow keys move, Enter plays";
  board.setAttribute("aria-label", `Board, ${layout.rows} by ${layout.columns}. ${verb}.`);
  board.setAttribute("aria-rowcount", String(layout.rows));
  if (layout.style === "points") board.append(boardLines(layout, offset));
  for (let row = 0; row < layout.rows; row += 1) {
    const rowNode = el("div", { class: "row-group", role: "row" });
    if (coords) {
      const header = el("span", { class: "coord", role: "rowheader", text: layout.row_labels[row] });
      header.style.gridRow = String(row + 1);
      header.style.gridColumn = "1";
      rowNode.append(header);
    }
    for (let col = 0; col < layout.columns; col += 1) {
      const index = row * layout.columns + col;
      const name = layout.names[index];
      let cell;
      if (name === null) {
        cell = el("span", { class: "cell hole", role: "gridcell", "aria-hidden": "true" });
      } else if (layout.buttons.length) { // moves by keys and buttons: the cells take no click
        cell = el("div", { class: "cell", role: "gridcell", "data-cell": name, "data-index": index });
      } else {
        cell = el("button", {
          type: "button", class: "cell", role: "gridcell", "data-cell": name, "data-index": index,
          tabindex: index === ui.focusIndex ? "0" : "-1",
        });
        cell.addEventListener("click", () => clickCell(name));
        cell.addEventListener("mouseenter", () => relate(name, true));
        cell.addEventListener("mouseleave", () => relate(name, false));
      }
      if (layout.style === "checkered") cell.classList.add((row + col) % 2 ? "dark" : "light");
      cell.style.gridRow = String(row + 1);
      cell.style.gridColumn = String(col + 1 + offset);
      rowNode.append(cell);
    }
    board.append(rowNode);
  }
  if (coords) {
    const labels = el("div", { class: "row-group", role: "row", "aria-hidden": "true" });
    const corner = el("span", { class: "coord corner" });
    corner.style.gridRow = String(layout.rows + 1);
    labels.append(corner);
    layout.column_labels.forEach((label, col) => {
      const node = el("span", { class: "coord", text: label });
      node.style.gridRow = String(layout.rows + 1);
      node.style.gridColumn = String(col + 2);
      labels.append(node);
    });
    board.append(labels);
  }
  const buttons = $("move-buttons");
  buttons.replaceChildren();
  buttons.hidden = layout.buttons.length === 0;
  for (const button of layout.buttons) {
    const node = el("button", {
      type: "button", class: `move-button dir-${button.direction}`, "data-move": button.move,
      "aria-label": `${button.move} (${button.key})`, title: `${button.move} (${button.key})`, text: button.label,
    });
    node.addEventListener("click", () => playButton(button.move));
    buttons.append(node);
  }
}

function relate(name, on) {
  // Hovering a marked cell lights the cells its mark names (the queen that attacks it).
  const mark = (ui.review ? ui.review.history[ui.review.index].marks : ui.game?.marks)?.[name];
  if (!mark) return;
  for (const other of mark.cells) {
    $("board").querySelector(`.cell[data-cell="${other}"]`)?.classList.toggle("related", on);
  }
}

const EFFECT_WORDS = { placed: "last move", "moved-to": "last move" };

function drawCells(layout, tokens, options) {
  const { clickable, effects, animate, hoverPlayer, marks = {}, selected = [], lifted = [],
    pending = {}, takeable = [], removable = {}, direction = "" } = options;
  const clickableSet = new Set(clickable);
  const board = $("board");
  board.style.setProperty("--hover-disc", `var(--p${hoverPlayer ?? 0})`);
  board.dataset.direction = direction;
  let flipOrder = 0;
  for (const cell of board.querySelectorAll(".cell[data-cell]")) {
    const name = cell.dataset.cell;
    const index = Number(cell.dataset.index);
    const shown = pending[name] ?? tokens[index];
    const previous = cell.dataset.token ?? "";
    if (previous !== shown || cell.dataset.pending !== String(name in pending)) {
      cell.replaceChildren(shown ? piece(layout, shown) : "");
      cell.dataset.token = shown;
      cell.dataset.pending = String(name in pending);
    }
    const isClickable = clickableSet.has(name);
    const canRemove = !isClickable && name in removable;
    cell.classList.toggle("clickable", isClickable || canRemove);
    cell.classList.toggle("takeable", isClickable && takeable.includes(name));
    cell.classList.toggle("removable", canRemove);
    cell.classList.toggle("selected", selected.includes(name));
    cell.classList.toggle("lifted", lifted.includes(name));
    cell.classList.toggle("pending", name in pending);
    cell.setAttribute("aria-disabled", isClickable || canRemove ? "false" : "true");
    const effect = effects[name];
    const isMove = effect === "placed" || effect === "moved-to";
    const isFlip = effect === "flipped" || effect === "changed";
    cell.classList.toggle("last", isMove);
    cell.classList.toggle("flipped", isFlip);
    cell.classList.toggle("from", effect === "moved-from");
    cell.classList.toggle("removed", effect === "removed");
    cell.classList.toggle("spawned", effect === "spawned");
    cell.classList.toggle("moved", effect === "moved");
    cell.dataset.flipped = isFlip ? "true" : "false";
    cell.dataset.effect = effect ?? "";
    const mark = marks[name];
    for (const kind of [...cell.classList].filter((c) => c.startsWith("mark-"))) cell.classList.remove(kind);
    if (mark) cell.classList.add(`mark-${mark.kind}`);
    cell.classList.remove("related");
    if (mark?.note) cell.title = `${name}: ${mark.note}`; else cell.removeAttribute("title");
    if (animate) {
      cell.classList.remove("placed", "flipping", "popping", "sliding");
      void cell.offsetWidth; // restart an animation even if the class was there
      if (isMove && shown) cell.classList.add("placed");
      if (effect === "spawned" && shown) cell.classList.add("popping");
      if (effect === "moved" && shown) cell.classList.add("sliding");
      if (isFlip && shown) {
        cell.style.setProperty("--delay", `${0.12 + flipOrder * 0.07}s`);
        flipOrder += 1;
        cell.classList.add("flipping");
      }
    }
    const what = shown ? `${shown}` : "empty";
    let extra = "";
    if (EFFECT_WORDS[effect]) extra = `, ${EFFECT_WORDS[effect]}`;
    else if (effect) extra = `, just ${effect}`;
    if (mark?.note) extra += `, ${mark.note}`;
    let action = "";
    if (isClickable) action = takeable.includes(name) ? ", press Enter to take" : ", press Enter to play";
    else if (canRemove) action = ", press Enter to take back";
    cell.setAttribute("aria-label", `${name}: ${what}${extra}${action}`);
  }
}

// -- entering a move: click paths, buttons, keys, swipes

function matchingMoves(snapshot, clicks) {
  return snapshot.legal.filter((move) => move.clicks.length >= clicks.length && clicks.every((cell, i) => move.clicks[i].cell === cell));
}

function moverToken(snapshot) {
  return Object.keys(snapshot.layout.tokens).find((t) => snapshot.layout.tokens[t] === snapshot.to_move) ?? "";
}

function entry(snapshot) {
  // What the board shows while a move is half entered: the next clicks, the piece picked up,
  // where it goes, and a line saying what to click next.
  const result = { clickable: [], selected: [], lifted: [], pending: {}, takeable: [], prompt: "" };
  if (!myTurn(snapshot) || ui.busy) return result;
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

async function clickCell(name) {
  const snapshot = ui.game;
  if (!snapshot || ui.review || ui.busy) return;
  const takesBack = snapshot.undo === "puzzle" && tokenFor(0) && name in (snapshot.takeback ?? {});
  if (snapshot.finished || !myTurn(snapshot)) {
    if (takesBack) await takeBack(snapshot.takeback[name]);
    return;
  }
  const depth = ui.partial.length;
  if (depth && ui.partial.at(-1) === name) { // a second click on the piece picked up: put it back
    ui.partial = ui.partial.slice(0, -1);
    render(snapshot);
    return;
  }
  const path = [...ui.partial, name];
  const moves = matchingMoves(snapshot, path);
  if (!moves.length) {
    if (depth) { // start again from this cell if a move can begin there
      ui.partial = [];
      if (matchingMoves(snapshot, [name]).length) { await clickCell(name); return; }
      render(snapshot);
      return;
    }
    if (takesBack) await takeBack(snapshot.takeback[name]);
    return;
  }
  const complete = moves.find((move) => move.clicks.length === path.length);
  if (!complete) {
    ui.partial = path;
    render(snapshot);
    return;
  }
  ui.partial = [];
  await submitMove(complete.move, path);
}

async function submitMove(move, path = []) {
  const snapshot = ui.game;
  const token = tokenFor(snapshot.to_move);
  if (!token) return;
  ui.busy = true;
  $("notice").textContent = "";
  if (path.length > 1) { // keep the entered move on screen while the server answers
    ui.partial = path.slice(0, -1);
    render(snapshot);
  }
  try {
    const next = await api("POST", `/api/games/${snapshot.id}/moves`, { token, move, ply: snapshot.ply });
    ui.busy = false;
    ui.partial = [];
    enqueue(next);
  } catch (error) {
    ui.busy = false;
    ui.partial = [];
    $("notice").textContent = error.message;
    render(ui.game);
  }
  if (ui.queued) {
    const queued = ui.queued;
    ui.queued = null;
    playButton(queued);
  }
}

function playButton(move) {
  const snapshot = ui.game;
  if (!snapshot || ui.review || snapshot.finished || !myTurn(snapshot)) return;
  if (ui.busy) { ui.queued = move; return; }
  if (!snapshot.legal.some((m) => m.move === move)) {
    $("notice").textContent = `${move} changes nothing here: try another direction.`;
    return;
  }
  submitMove(move);
}

function onDocumentKey(event) {
  const snapshot = ui.game;
  if (!snapshot || $("play").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key === "Escape" && ui.partial.length) {
    ui.partial = [];
    render(snapshot);
    return;
  }
  const button = snapshot.layout.buttons.find((b) => b.key === event.key);
  if (!button || ui.review) return;
  event.preventDefault();
  playButton(button.move);
}

function onPointerDown(event) {
  ui.pointer = { x: event.clientX, y: event.clientY };
}

function onPointerUp(event) {
  const start = ui.pointer;
  ui.pointer = null;
  const snapshot = ui.game;
  if (!start || !snapshot || !snapshot.layout.buttons.length) return;
  const dx = event.clientX - start.x;
  const dy = event.clientY - start.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
  const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up");
  const button = snapshot.layout.buttons.find((b) => b.direction === direction);
  if (button) playButton(button.move);
}

// -- the whole screen

function lastEffects(snapshot) {
  // What the last turn did: the last player's move and the chance outcomes after it.
  const effects = {};
  let direction = "";
  const trailing = [];
  for (let i = snapshot.moves.length - 1; i >= 0; i -= 1) {
    trailing.unshift(snapshot.moves[i]);
    if (snapshot.moves[i].player !== -1) break;
  }
  for (const move of trailing) {
    Object.assign(effects, move.effects);
    const button = snapshot.layout.buttons.find((b) => b.move === move.move);
    if (button && move.player !== -1) direction = button.direction;
  }
  return { effects, direction };
}

function render(snapshot) {
  const previous = ui.game;
  ui.game = snapshot;
  ui.receivedAt = performance.now();
  const layout = snapshot.layout;
  const key = `${layout.style}:${layout.rows}x${layout.columns}:${layout.names.join(",")}`;
  if (key !== ui.boardKey) {
    ui.focusIndex = Math.max(0, layout.names.findIndex((n) => n !== null));
    buildBoard(layout);
    ui.boardKey = key;
  }
  const newMove = previous && previous.id === snapshot.id && snapshot.ply > previous.ply;
  if (newMove) ui.lastMoveAt = performance.now();
  if (previous && (previous.id !== snapshot.id || previous.ply !== snapshot.ply)) ui.partial = [];
  if (ui.review) {
    renderPanel(snapshot);
    return;
  }
  const { effects, direction } = lastEffects(snapshot);
  const state = entry(snapshot);
  const removable = snapshot.undo === "puzzle" && tokenFor(0) && !ui.busy ? snapshot.takeback : {};
  drawCells(layout, snapshot.tokens, {
    ...state,
    effects,
    direction,
    animate: Boolean(newMove),
    hoverPlayer: snapshot.to_move,
    marks: snapshot.marks,
    removable,
  });
  $("prompt").textContent = state.prompt;
  $("board").classList.remove("review");
  for (const node of $("move-buttons").querySelectorAll("button")) {
    node.disabled = !myTurn(snapshot) || !snapshot.legal.some((m) => m.move === node.dataset.move);
  }
  const last = snapshot.moves.at(-1);
  if (newMove && last) announceMove(snapshot, last);
  renderPanel(snapshot);
}

function describeMove(snapshot, move) {
  if (move.player === -1) return `chance: ${move.move}`;
  const player = snapshot.players[move.player];
  const flips = flippedCells(move.effects);
  const flipped = flips.length ? `, flipping ${flips.join(", ")}` : "";
  const taken = Object.entries(move.effects).filter(([, what]) => what === "removed").map(([cell]) => cell);
  const took = taken.length ? `, taking ${taken.join(", ")}` : "";
  return `${player.label} (${player.name}) played ${move.move}${flipped}${took}`;
}

function announceMove(snapshot, move) {
  const trailing = [];
  for (let i = snapshot.moves.length - 1; i >= 0; i -= 1) {
    trailing.unshift(snapshot.moves[i]);
    if (snapshot.moves[i].player !== -1) break;
  }
  $("announcer").textContent = `${trailing.map((m) => describeMove(snapshot, m)).join("; ")}.`;
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
    const you = mine.has(toMove) && mine.size === 1 ? (snapshot.players.length === 1 ? " (your turn)" : " (your move)") : "";
    turn.append(seatBadge(snapshot.layout.pieces, toMove, player.label), `${player.name} to move${you}`);
  }

  const facts = $("facts");
  facts.replaceChildren();
  for (const item of view ? view.status : snapshot.status) {
    facts.append(el("div", {}, el("dt", { text: item.label }), el("dd", { text: item.value, "data-fact": item.label })));
  }

  renderThinking(view ? null : snapshot.thinking, snapshot);
  renderResult(snapshot);
  renderControls(snapshot);
  renderTools(snapshot);
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
    if (result.termination === "forfeit") {
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
  const puzzle = snapshot.undo === "puzzle";
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
  $("review-button").hidden = !snapshot.finished;
  $("review-button").textContent = ui.review ? "Exit review" : "Review";
  $("copy-row").hidden = !ui.review;
}

// -- puzzle tools (N-Queens: solve, count)

function buildTools(snapshot) {
  const box = $("tool-list");
  box.replaceChildren();
  for (const tool of snapshot.tools) {
    const options = el("div", { class: "tool-options" });
    for (const option of tool.options) {
      const id = `tool-${tool.name}-${option.name}`;
      if (option.kind === "bool") {
        const box2 = el("input", { id, type: "checkbox", "data-option": option.name });
        box2.checked = Boolean(option.default);
        options.append(el("label", { class: "check", for: id, title: option.help }, box2, ` ${option.help}`));
      } else if (option.choices) {
        const select = el("select", { id, "data-option": option.name, title: option.help, "aria-label": `${tool.label}: ${option.name}` });
        for (const choice of option.choices) select.append(el("option", { value: choice, text: choice }));
        select.value = option.default;
        options.append(select);
      }
    }
    const button = el("button", { type: "button", id: `tool-${tool.name}`, class: "tool-button", title: tool.disabled || tool.help, text: tool.label });
    button.addEventListener("click", () => runTool(tool));
    const row = el("div", { class: "tool", "data-tool": tool.name }, button, options);
    if (tool.disabled) row.append(el("p", { class: "help", text: tool.disabled }));
    box.append(row);
  }
}

function renderTools(snapshot) {
  const card = $("tools");
  card.hidden = !snapshot.tools.length || !tokenFor(0);
  if (card.hidden) return;
  const key = `${snapshot.id}`;
  if (ui.toolsKey !== key) {
    buildTools(snapshot);
    ui.toolsKey = key;
  }
  for (const tool of snapshot.tools) {
    const button = $(`tool-${tool.name}`);
    button.disabled = Boolean(tool.disabled) || Boolean(snapshot.tool_running) || ui.busy || Boolean(ui.review);
    button.classList.toggle("working", snapshot.tool_running === tool.name);
  }
  $("tool-status").textContent = snapshot.tool_running ? `Working: ${snapshot.tool_running}…` : "";
  const results = $("tool-results");
  results.replaceChildren();
  for (const result of [...snapshot.tool_results].reverse()) {
    const facts = el("dl", { class: "info" });
    for (const fact of result.facts) facts.append(el("dt", { text: fact.label }), el("dd", { text: fact.value }));
    results.append(el("li", { class: result.found ? "found" : "not-found", "data-tool": result.tool },
      el("p", { class: "tool-summary", text: result.summary }), facts));
  }
}

async function runTool(tool) {
  const snapshot = ui.game;
  const options = {};
  for (const input of $("tool-list").querySelectorAll(`[data-tool="${tool.name}"] [data-option]`)) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  $("notice").textContent = "";
  ui.busy = true;
  render(snapshot);
  $("tool-status").textContent = `Working: ${tool.name}…`;
  try {
    const next = await api("POST", `/api/games/${snapshot.id}/tools/${tool.name}`, { token: tokenFor(0), options });
    ui.busy = false;
    enqueue(next);
    if (!next.finished) listen(next.id);
  } catch (error) {
    ui.busy = false;
    $("notice").textContent = error.message;
    render(ui.game);
  }
}

function renderMoves(snapshot) {
  const list = $("move-list");
  list.replaceChildren();
  let item = null;
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
      detail += `${detail ? " · " : ""}d${move.info.depth} ${fmtScore(move.info.score)}`;
    }
    item = el("li", { "data-ply": move.ply + 1, class: ui.review && ui.review.index === move.ply + 1 ? "current" : null },
      el("span", { class: "num", text: `${move.number}.` }),
      seatBadge(snapshot.layout.pieces, move.player, player.label),
      el("span", { class: "cellname", text: move.move }),
      el("span", { class: "detail", text: detail }));
    if (move.rule_break) {
      item.append(el("span", { class: "penalty", text: `⚠ ${move.rule_break}`, title: "the bot broke the rules: a random move was played for it" }));
    }
    list.append(item);
  }
  const current = list.querySelector(".current") || list.lastElementChild;
  if (current) current.scrollIntoView({ block: "nearest" });
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
  if (snapshot.undo === "puzzle") {
    await takeBack(null);
    return;
  }
  const seat = [...mySeats()].find((s) => snapshot.moves.some((m) => m.player === s));
  if (seat === undefined) return;
  await control("undo", { token: tokenFor(seat) });
  listen(snapshot.id);
}

async function takeBack(ply) {
  // In a puzzle: take back the last move, or every move from `ply` on (a queen clicked).
  const snapshot = ui.game;
  ui.partial = [];
  const body = { token: tokenFor(0) };
  if (ply !== null) body.ply = ply;
  await control("undo", body);
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
  $("prompt").textContent = "";
  drawCells(snapshot.layout, view.tokens, {
    clickable: [], effects: view.effects, animate: true, hoverPlayer: null, marks: view.marks,
  });
  for (const node of $("move-buttons").querySelectorAll("button")) node.disabled = true;
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
  const preset = ui.lastSetup?.game === snapshot.game_name ? ui.lastSetup : { game: snapshot.game_name };
  for (const [key, value] of Object.entries(preset.settings ?? {})) settings[key] = value;
  const players = snapshot.players.map((p, index) => preset.players?.[index] ?? {
    name: p.name, kind: p.kind, bot: p.bot,
  });
  $("game-select").value = snapshot.game_name;
  showSetup({ ...preset, game: snapshot.game_name, players, settings, start: currentPosition() });
}

// ---------------------------------------------------------------- keyboard

function onBoardKey(event) {
  const cells = [...$("board").querySelectorAll(".cell[data-cell]")];
  const current = cells.indexOf(document.activeElement);
  if (current < 0 || !ui.game) return;
  const { columns, rows } = ui.game.layout;
  const index = Number(cells[current].dataset.index);
  const row = Math.floor(index / columns);
  const col = index % columns;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let target = null;
  const byIndex = new Map(cells.map((cell) => [Number(cell.dataset.index), cell]));
  if (event.key === "Home" || event.key === "End") {
    const inRow = cells.filter((cell) => Math.floor(Number(cell.dataset.index) / columns) === row);
    target = event.key === "Home" ? inRow[0] : inRow.at(-1);
  } else if (steps[event.key]) {
    const [dr, dc] = steps[event.key];
    let [r, c] = [row + dr, col + dc];
    while (r >= 0 && c >= 0 && r < rows && c < columns) { // skip slots that are not cells
      target = byIndex.get(r * columns + c) ?? null;
      if (target) break;
      r += dr;
      c += dc;
    }
  } else {
    return;
  }
  event.preventDefault();
  if (!target) return;
  cells.forEach((cell) => cell.setAttribute("tabindex", "-1"));
  target.setAttribute("tabindex", "0");
  ui.focusIndex = Number(target.dataset.index);
  target.focus();
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
  $("board-frame").addEventListener("pointerdown", onPointerDown);
  $("board-frame").addEventListener("pointerup", onPointerUp);
  document.addEventListener("keydown", onDocumentKey);
  window.addEventListener("popstate", () => { if (!location.hash) showSetup(); else loadGameFromHash(); });
  if (!(await loadGameFromHash())) showSetup();
}

document.addEventListener("DOMContentLoaded", init);
