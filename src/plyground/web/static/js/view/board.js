// The board renderer: builds the slots of a layout, then draws tokens, effects, marks and
// what may be clicked. It knows nothing of the game or the page's state: callers pass it
// per-cell data (the place for more per-cell layers, such as an overlay of values).

import { $, el, disc } from "../lib/dom.js";

const SVG = "http://www.w3.org/2000/svg";

export function piece(layout, token) {
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

// Builds the board for \`layout\`; \`handlers\` says what a slot does: \`onCell(name)\` on a click,
// \`onHover(name, on)\` as the pointer comes and goes, \`onButton(move)\` for a move button;
// \`focusIndex\` is the slot that takes the keyboard focus.
export function buildBoard(layout, handlers) {
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
          tabindex: index === handlers.focusIndex ? "0" : "-1",
        });
        cell.addEventListener("click", () => handlers.onCell(name));
        cell.addEventListener("mouseenter", () => handlers.onHover(name, true));
        cell.addEventListener("mouseleave", () => handlers.onHover(name, false));
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
      "data-label": `${button.move} (${button.key})`, // a heat map adds its note to it
    });
    node.addEventListener("click", () => handlers.onButton(button.move));
    buttons.append(node);
  }
}

export function relate(mark, on) {
  // Hovering a marked cell lights the cells its mark names (the queen that attacks it).
  if (!mark) return;
  for (const other of mark.cells) {
    $("board").querySelector(`.cell[data-cell="${other}"]`)?.classList.toggle("related", on);
  }
}

const EFFECT_WORDS = { placed: "last move", "moved-to": "last move" };

export function drawCells(layout, tokens, options) {
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
    cell.dataset.label = `${name}: ${what}${extra}${action}`; // a heat map adds its note to it
    cell.setAttribute("aria-label", cell.dataset.label);
  }
}
