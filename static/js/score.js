// The running score of a room: each finished game (winner, reason, turns, who was the
// Creature) and the wins by player, from GET /api/rooms/{code}/results.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { outcomeText } from "./labels.js";

/** The room's score panel: one element kept across renders, refetched when a game ends. */
export function scorePanel(room) {
  if (!room.scoreEl) room.scoreEl = h("section#score.panel.score", { "aria-labelledby": "score-title", hidden: true });
  const game = room.lobby && room.lobby.game;
  const over = Boolean(room.view && room.view.outcome);
  const key = game ? `${game.number}:${over}` : "none";
  if (room.scoreKey !== key) {
    room.scoreKey = key;
    api.results(room.code).then((results) => {
      if (room.scoreKey === key) drawScore(room.scoreEl, results, room.code);
    }).catch(() => { /* the score is a nicety: the table works without it */ });
  }
  return room.scoreEl;
}

function drawScore(el, results, code) {
  el.hidden = !results.games.length;
  const names = Object.entries(results.tally.players).sort((a, b) => b[1] - a[1]);
  const { creature, hunted } = results.tally.sides;
  fill(el,
    h("h2#score-title", {}, t("score.title")),
    h("p.score-sides", {}, t("score.sides", { creature, hunted })),
    h("ul.score-players", {}, names.map(([name, wins]) =>
      h("li", { dataset: { player: name } }, h("strong", {}, name), ` ${t("score.wins", { n: wins })}`))),
    h("table.score-games", {},
      h("thead", {}, h("tr", {}, ["game", "winner", "turns", "creature", "replay"].map((k) => h("th", { scope: "col" }, t(`score.${k}`))))),
      h("tbody", {}, results.games.map((g) => {
        const creatureName = (g.players.find((p) => p.role === "creature") || {}).name || "";
        return h("tr", { dataset: { game: g.number, winner: g.winner } },
          h("td", {}, String(g.number)),
          h("td", { title: outcomeText(g).reason }, outcomeText(g).title),
          h("td", {}, String(g.turns)),
          h("td.score-creature", {}, creatureName),
          h("td", {}, h("a", { href: `/r/${encodeURIComponent(code)}/games/${g.number}` }, t("score.replay"))));
      }))));
}
