// The page's small DOM helpers: find by id, build elements, a player's disc or badge.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
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

export function disc(player, label) {
  return el("span", { class: `disc p${player}`, "aria-hidden": "true", text: label });
}

function badge(label) {
  // the short text in a player's disc: "X", or "W" for White
  return label.length <= 2 ? label : label[0].toUpperCase();
}

export function seatBadge(pieces, index, label) {
  // A player's sign, drawn like the game's pieces: a white or black stone, a queen, a tile.
  if (pieces === "stone") return el("span", { class: `badge stone p${index}`, "aria-hidden": "true" });
  if (pieces === "queen") return el("span", { class: "badge badge-queen", "aria-hidden": "true", text: "♛" });
  if (pieces === "tile") return el("span", { class: "badge badge-tile", "aria-hidden": "true", text: "2" });
  return disc(index, badge(label));
}
