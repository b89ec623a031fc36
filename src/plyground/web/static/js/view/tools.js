// Tools (N-Queens: solve, count; 2048 and the adjacency game: hint): their buttons and
// options, their results.

import { $, el } from "../lib/dom.js";
import { ui, myToken, myTurn } from "../model/state.js";
import { runTool } from "../net/actions.js";

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
    button.addEventListener("click", () => startTool(tool));
    const row = el("div", { class: "tool", "data-tool": tool.name }, button, options);
    if (tool.disabled) row.append(el("p", { class: "help", text: tool.disabled }));
    box.append(row);
  }
}

function over(snapshot) {
  // The game is over for its tools (resigned, ended, won): nothing left to hint. A puzzle
  // that reached its end still counts its solutions, as the server allows.
  return snapshot.finished && !(snapshot.undo === "puzzle" && !snapshot.result?.ended);
}

export function renderTools(snapshot) {
  const card = $("tools");
  card.hidden = !snapshot.tools.length || !myToken(snapshot);
  if (card.hidden) return;
  const key = `${snapshot.id}`;
  if (ui.toolsKey !== key) {
    buildTools(snapshot);
    ui.toolsKey = key;
  }
  for (const tool of snapshot.tools) {
    const button = $(`tool-${tool.name}`);
    button.disabled = Boolean(tool.disabled) || Boolean(snapshot.tool_running) || ui.busy || Boolean(ui.review)
      || over(snapshot) || (snapshot.to_move !== null && !myTurn(snapshot)); // not while another side is to move
    button.title = over(snapshot) ? "The game is over." : tool.disabled || tool.help;
    button.classList.toggle("working", snapshot.tool_running === tool.name);
  }
  $("tool-status").textContent = snapshot.tool_running ? `Working: ${snapshot.tool_running}…` : "";
  const results = $("tool-results");
  results.replaceChildren();
  for (const result of [...snapshot.tool_results].reverse()) {
    const facts = el("dl", { class: "info" });
    for (const fact of result.facts) facts.append(el("dt", { text: fact.label }), el("dd", { text: fact.value }));
    // The position a result is about: the one it answered, and the moves it played (a solve).
    const about = result.ply + result.moves.length;
    const earlier = about !== snapshot.ply;
    const when = about === 0 ? "the start position" : `the position after move ${about}`;
    const note = earlier ? el("p", { class: "help earlier-note", text: `About an earlier position (${when}): the board has moved on.` }) : null;
    results.append(el("li", { class: `${result.found ? "found" : "not-found"}${earlier ? " earlier" : ""}`, "data-tool": result.tool },
      note, el("p", { class: "tool-summary", text: result.summary }), facts));
  }
}

function startTool(tool) {
  const options = {};
  for (const input of $("tool-list").querySelectorAll(`[data-tool="${tool.name}"] [data-option]`)) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  runTool(tool.name, options); // redraws the panel before it waits for the server
  $("tool-status").textContent = `Working: ${tool.name}…`;
}
