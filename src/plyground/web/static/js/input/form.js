// The start form, built from the server's catalog: game, sides, settings, start position;
// checked as the user types, sent to start a game.

import { $, el, seatBadge } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { ui } from "../model/state.js";
import { closeEvents, dropPending } from "../net/stream.js";
import { openGame } from "../view/screen.js";
import { stopThinkTimer } from "../view/panel.js";
import { stopClocks } from "../view/clocks.js";

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

function settingLabel(setting) {
  // Every setting's label the same way: a known one ("Think time (s)"), else its name as a
  // label (exploration -> Exploration); the help line below gives its meaning and range.
  if (SETTING_LABELS[setting.name]) return SETTING_LABELS[setting.name];
  const words = setting.name.replace(/_/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

const HUMAN_NAMES = ["You", "Friend"];

function currentGameInfo() {
  const name = $("game-select").value || ui.catalog.games[0].name;
  return ui.catalog.games.find((g) => g.name === name);
}

function sideLegend(game, index) {
  const label = game.players[index];
  if (game.players.length === 1) return label[0].toUpperCase() + label.slice(1);
  return `Player ${label}`;
}

function botInfo(name) {
  return ui.catalog.bots.find((b) => b.name === name);
}

function settingInput(setting, id, value) {
  const common = { id, name: setting.name, "data-setting": setting.name };
  if (setting.choices) {
    const select = el("select", common);
    for (const choice of setting.choices) {
      select.append(el("option", { value: String(choice), text: String(choice) || "none" }));
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
  if (input.type === "checkbox") { // a checkbox with its label beside it, as everywhere
    return el("div", { class: "field" }, el("label", { class: "check", for: id }, input, ` ${labelText}`), help, error);
  }
  return el("div", { class: "field" }, el("label", { for: id, text: labelText }), input, help, error);
}

export function buildForm(preset) {
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
    if (game.levels.length) {
      const levels = el("optgroup", { label: "Computer" });
      for (const level of game.levels) {
        levels.append(el("option", { value: `level:${level.name}`, text: `Computer: ${level.name}`, title: level.description }));
      }
      kind.append(levels);
    }
    const bots = el("optgroup", { label: "Advanced: a bot and its settings" });
    for (const name of game.bots) {
      const bot = botInfo(name);
      bots.append(el("option", { value: name, text: `Bot: ${name}`, title: bot.description }));
    }
    if (game.bots.length) kind.append(bots);
    kind.value = seat ? presetKind(game, seat) : index === 0 || !game.levels.length ? "human" : `level:${game.default_level}`;
    const name = el("input", {
      id: `name-${index}`, type: "text", maxlength: String(ui.catalog.name_length),
      autocomplete: "off", "data-auto": !seat || isAutoName(seat.name) ? "1" : "0",
    });
    name.value = seat?.name ?? "";
    name.addEventListener("input", () => { name.dataset.auto = isAutoName(name.value) ? "1" : "0"; validate(false); });
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
    fields.append(field(settingLabel(setting), input, setting.help));
    input.addEventListener("change", () => { updateHints(false, setting.name); validate(false); });
    input.addEventListener("input", () => validate(false));
  }
  $("start-position").placeholder = `e.g. ${game.example}`;
  $("start-position").value = preset?.start ?? "";
  $("start-details").open = Boolean(preset?.start);
  $("analysis-board-button").hidden = !game.analysis;
  updateHints(true);
  clearErrors();
}

function levelOf(game, kind) {
  // The level a "Plays as" value names (level:hard), or null for a human or a bot.
  return kind.startsWith("level:") ? game.levels.find((l) => `level:${l.name}` === kind) ?? null : null;
}

function presetKind(game, seat) {
  // A stored seat back in the select: its level if it is exactly one, else its bot.
  if (seat.kind === "human") return "human";
  const level = game.levels.find((l) => l.bot === seat.bot &&
    JSON.stringify(Object.entries(l.settings).sort()) === JSON.stringify(Object.entries(seat.settings ?? {}).sort()));
  return level ? `level:${level.name}` : seat.bot;
}

function seatBot(kind) {
  // The bot behind a "Plays as" value, or null for a human.
  if (kind === "human") return null;
  return levelOf(currentGameInfo(), kind)?.bot ?? kind;
}

function buildBotSettings(index, values) {
  // A bot's settings; for a level, folded under "Advanced" and filled with the level's own.
  const box = $(`bot-settings-${index}`);
  box.replaceChildren();
  const kind = $(`kind-${index}`).value;
  const name = seatBot(kind);
  if (name === null) return;
  const level = levelOf(currentGameInfo(), kind);
  const bot = botInfo(name);
  const fields = [];
  for (const setting of bot.settings) {
    const id = `bot-${index}-${setting.name}`;
    const input = settingInput(setting, id, values?.[setting.name] ?? level?.settings[setting.name]);
    input.addEventListener("input", () => validate(false));
    const range = setting.minimum !== null && setting.maximum !== null
      ? `${setting.help} (${setting.minimum} to ${setting.maximum})` : setting.help;
    fields.push(field(settingLabel(setting), input, range));
  }
  if (!level) {
    box.append(...fields);
    return;
  }
  const think = level.settings.time;
  const summary = `Advanced: ${level.bot}${think ? `, ${think} s a move` : ""}`;
  box.append(el("p", { class: "help level-help", text: `${level.description[0].toUpperCase()}${level.description.slice(1)}.` }),
    el("details", { class: "advanced", id: `advanced-${index}` }, el("summary", { text: summary }), ...fields));
}

function autoName(kind, index) {
  // The name a side gets until the user types one: You, Friend, or its bot's name.
  if (kind === "human") return HUMAN_NAMES[index] ?? `Player ${index + 1}`;
  const bot = seatBot(kind);
  return /^\d/.test(bot) ? `Bot ${bot}` : bot[0].toUpperCase() + bot.slice(1);
}

function isAutoName(name) {
  // A name the form made up (so a change of side may replace it), not one the user typed.
  const base = String(name ?? "").replace(/ \d+$/, "");
  if (HUMAN_NAMES.includes(base) || /^Player \d+$/.test(name)) return true;
  return ui.catalog.bots.some((b) => autoName(b.name, 0) === base);
}

function autoNames() {
  const game = currentGameInfo();
  const taken = [];
  game.players.forEach((_, index) => {
    const input = $(`name-${index}`);
    if (input.dataset.auto !== "1") { taken.push(input.value.trim().toLowerCase()); return; }
    let name = autoName($(`kind-${index}`).value, index);
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

function updateHints(fillDefaults = false, changed = null) {
  // Bounds that depend on another setting (rounds on size); when that setting changes, a
  // value above its new bound goes back to the new default (28 rounds kept on a 4×4 board).
  for (const [name, bound] of Object.entries(roundsBounds())) {
    const input = $(`setting-${name}`);
    if (!input) continue;
    input.max = String(bound.max);
    const help = $(`setting-${name}-help`);
    const size = bound.by === "size" ? `${bound.byValue}×${bound.byValue} board` : `${bound.by} ${bound.byValue}`;
    if (help) help.textContent = `1 to ${bound.max} on a ${size}`;
    input.placeholder = ""; // never "no limit": an empty box is refused, not a default
    const above = changed === bound.by && input.value !== "" && Number(input.value) > bound.max;
    if ((fillDefaults && input.value === "") || input.dataset.auto === "1" || above) {
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

function fieldInput(field) {
  // The form's input for a field of the request the server refused ("players.1.name" is
  // name-1), or null when the form has none.
  const parts = (field ?? "").split(".");
  let id = null;
  if (parts[0] === "players" && parts.length > 1) {
    const index = parts[1];
    if (parts[2] === "name") id = `name-${index}`;
    else if (parts[2] === "settings" && parts[3]) id = `bot-${index}-${parts[3]}`;
    if (!id || !$(id)) id = `kind-${index}`;
  } else if (parts[0] === "settings" && parts[1]) {
    id = `setting-${parts[1]}`;
  } else if (parts[0] === "start") {
    id = "start-position";
  }
  return id && $(id) ? id : null;
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
    const bot = seatBot($(`kind-${index}`).value);
    if (bot === null) return { name, kind: "human" };
    const settings = {};
    for (const setting of botInfo(bot).settings) {
      const input = $(`bot-${index}-${setting.name}`);
      const raw = setting.kind === "bool" ? input.checked : input.value.trim();
      const label2 = `${settingLabel(setting)} of ${label}`;
      let value = raw;
      if (setting.kind === "int" || setting.kind === "float") {
        const problem = numberProblem(setting, raw, label2);
        if (problem) problems.push([input.id, problem]);
        value = raw === "" ? null : Number(raw);
      }
      // Only what differs from the bot's default is sent (so a level reads back as itself).
      if (value !== null && value !== setting.default) settings[setting.name] = value;
    }
    return { name, kind: "bot", bot, settings };
  });
  const settings = {};
  const bounds = roundsBounds();
  for (const setting of game.settings) {
    const input = $(`setting-${setting.name}`);
    const label = settingLabel(setting);
    if (setting.kind === "int" || setting.kind === "float") {
      const raw = input.value.trim();
      const bound = bounds[setting.name];
      let problem = numberProblem(setting, raw, label, bound?.max);
      if (bound) { // a bound that depends on another setting: say which, and what is allowed
        const allowed = `${setting.minimum ?? 1} to ${bound.max} on a ${bound.byValue}×${bound.byValue} board`;
        if (raw === "") problem = `${label} is missing: ${allowed}.`;
        else if (problem?.endsWith("out of range.")) problem = `${label} must be ${allowed}; ${raw} is out of range.`;
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

export async function startGame(event) {
  event.preventDefault();
  const request = validate(true);
  if (!request) {
    const first = document.querySelector("#setup-form [aria-invalid='true']");
    if (first) first.focus();
    return;
  }
  await begin(request, $("start-button"), true);
}

export async function startAnalysisBoard() {
  // An analysis board: this form's game, settings and start, both sides played from here.
  const { request, problems } = readForm();
  if (problems.some(([id]) => id.startsWith("setting-") || id === "start-position")) {
    validate(true);
    return;
  }
  const labels = currentGameInfo().players;
  const players = labels.map((label) => ({ name: label, kind: "human" }));
  await begin({ game: request.game, settings: request.settings, start: request.start, players, mode: "analysis" },
    $("analysis-board-button"), false);
}

async function begin(request, button, remember) {
  // Start the game `request` asks for and open it (`remember`: the form's preset next time).
  button.disabled = true;
  try {
    const answer = await api("POST", "/api/games", request);
    if (remember) {
      ui.lastSetup = request;
      localStorage.setItem("plyground.setup", JSON.stringify(request));
    }
    sessionStorage.setItem(`plyground.game.${answer.game.id}`, JSON.stringify(answer.secrets));
    history.pushState(null, "", `#game=${answer.game.id}`);
    openGame(answer.game, answer.secrets);
  } catch (error) {
    const message = error.message;
    $("form-errors").replaceChildren(el("span", { text: `The server refused the game: ${message}` }));
    const input = fieldInput(error.field);
    if (input) {
      if (input === "start-position") $("start-details").open = true;
      showFieldError(input, message);
      $(input).focus();
    }
  } finally {
    button.disabled = false;
  }
}

export function showSetupNotice(message) {
  // A message about the page itself (an expired link), at the top of the form, in view.
  const notice = $("setup-notice");
  notice.textContent = message;
  notice.hidden = !message;
  if (message) {
    notice.scrollIntoView({ block: "nearest" });
    notice.focus({ preventScroll: true });
  }
}

export function showSetup(preset) {
  showSetupNotice("");
  closeEvents();
  dropPending();
  stopThinkTimer();
  stopClocks();
  ui.game = null;
  ui.review = null;
  $("play").hidden = true;
  $("setup").hidden = false;
  buildForm(preset ?? ui.lastSetup);
  if (location.hash) history.pushState(null, "", location.pathname);
  document.title = "plyground · new game";
  $(`name-0`)?.focus();
}
