// The notice under the turn: the one line that tells the player what went wrong (or right)
// with the game in play. Its kind says what it is about, so a later event clears only what
// no longer applies: "error" (a refused request), "move" (a refused move: gone with the next
// move), "connection" (the server is out of reach: gone when it is back), "ok" (a
// confirmation: gone after a moment). Every module sets it here and nowhere else.

import { $ } from "./dom.js";

const OK_MS = 2500; // how long a confirmation stays
let okTimer = null;

export function setNotice(text, kind = "error") {
  clearTimeout(okTimer);
  okTimer = null;
  const node = $("notice");
  node.textContent = text;
  node.dataset.kind = text ? kind : "";
  if (text && kind === "ok") okTimer = setTimeout(() => clearNotice("ok"), OK_MS);
}

export function clearNotice(kind = null) {
  // Clear the notice; with a kind, only a notice of that kind.
  if (kind === null || noticeKind() === kind) setNotice("");
}

export function noticeKind() {
  return $("notice").dataset.kind ?? "";
}
