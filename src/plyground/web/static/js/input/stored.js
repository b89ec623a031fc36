// Stored games (plyground serve --db): the list under the start form, and a link
// #review=TOURNAMENT/NUMBER (the class report's) opened as a game of this server, in review.

import { $, el } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { ui } from "../model/state.js";
import { openGame } from "../view/screen.js";
import { toggleReview } from "./review.js";

const REVIEW_LINK = /#review=([^/]+)\/(\d+)/;

export async function showStoredGames() {
  const box = $("stored-games");
  if (!ui.catalog?.stored || box.dataset.loaded) return;
  let answer;
  try {
    answer = await api("GET", "/api/stored");
  } catch (error) {
    $("stored-list").replaceChildren(el("p", { class: "error", text: `Cannot list the stored games: ${error.message}` }));
    box.hidden = false;
    return;
  }
  box.dataset.loaded = "1";
  const lists = answer.tournaments.filter((t) => t.games.length).map((tournament) =>
    el("div", { class: "stored-tournament" },
      el("h3", { text: `${tournament.id} (${tournament.games.length} games)` }),
      el("ol", {}, ...tournament.games.map((game) => el("li", { value: String(game.number) },
        el("a", { href: `#review=${encodeURIComponent(tournament.id)}/${game.number}`,
                  text: `${game.players.join(" vs ")}: ${game.result}` +
                        (game.rule_breaks ? `, ${game.rule_breaks} rule break${game.rule_breaks > 1 ? "s" : ""}` : "") }))))));
  $("stored-list").replaceChildren(...(lists.length ? lists : [el("p", { text: "No game is stored yet." })]));
  box.hidden = false;
}

export async function openStoredFromHash() {
  const match = REVIEW_LINK.exec(location.hash);
  if (!match) return false;
  const [tournament, number] = [decodeURIComponent(match[1]), match[2]];
  const answer = await api("POST", `/api/stored/${encodeURIComponent(tournament)}/${number}`);
  sessionStorage.setItem(`plyground.game.${answer.game.id}`, JSON.stringify(answer.secrets));
  history.replaceState(null, "", `#game=${answer.game.id}`);
  openGame(answer.game, answer.secrets);
  await toggleReview();
  return true;
}
