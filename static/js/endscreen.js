// The end of a game, worth the moment: who won and how, the last reveal, where both counters
// stopped, then rematch and replay and the room's running score. Drawn into `#end`.

import { PLACES, placeName } from "./cards.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { cap, outcomeText, who } from "./labels.js";
import { replayLink } from "./replay.js";
import { scorePanel } from "./score.js";

/** The seat's side, or null for a spectator. */
function sideOf(view) {
  return view.role === "creature" || view.role === "hunted" ? view.role : null;
}

/** The last `place_cards_revealed` the page knows of: {seat: [places]}, or null. */
function lastReveal(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].kind === "place_cards_revealed") return (events[i].data && events[i].data.places) || null;
  }
  return null;
}

function revealPart(places, ctx) {
  if (!places || !Object.keys(places).length) return null;
  return h("section.end-part.end-reveal", { "aria-labelledby": "end-reveal-title" },
    h("h3#end-reveal-title", {}, t("end.last_reveal")),
    h("ul.end-reveal-seats", {}, Object.entries(places).map(([seat, cards]) =>
      h("li", { dataset: { seat } }, h(`span.reveal-who.seat-${seat}`, {}, cap(who(Number(seat), ctx))),
        h("span.end-reveal-cards", {}, cards.map((n) => h("span.mini-card", { title: PLACES[n] ? PLACES[n].text : "" },
          h("span.card-num", {}, String(n)), " ", placeName(n))))))));
}

/** Where both counters stopped, the winner's one at Victory. A counter at its end for the side
 * that lost (Frozen Lands: the Hunted boarded, but a token showed the icon) reads "reached, in
 * vain", not "Victory!". */
function countersPart(view) {
  const b = view.board;
  const side = { rescue: "hunted", assimilation: "creature" };
  const row = (track, left, start) => {
    const won = left === 0 && side[track] === view.outcome.winner;
    const words = left !== 0 ? t("track.to_victory", { n: left }) : t(won ? "track.victory_reached" : "end.reached_in_vain");
    return h(`li.end-counter.end-${track}${won ? ".reached" : ""}`, { dataset: { track } },
      h("span", {}, t(`track.${track}`)), " ",
      h("strong", {}, words),
      h("meter", { min: 0, max: start, value: Math.max(0, start - left), "aria-hidden": "true" }));
  };
  return h("ul.end-part.end-counters", { "aria-label": t("end.counters") },
    row("rescue", b.rescue, b.rescue_start), row("assimilation", b.assimilation, b.assimilation_start));
}

function rematchPart(room) {
  if (!room.isHost) return h("p.end-part.hint", {}, t("end.host_may"));
  const again = (id, seats, label) => h(`button${seats === "keep" ? ".primary" : ""}#${id}`, {
    type: "button",
    onclick: async (e) => {
      e.currentTarget.disabled = true;
      try {
        await room.rematch(seats);
      } catch (error) {
        toast(error.message, "error");
        e.currentTarget.disabled = false;
      }
    },
  }, label);
  return h("div.end-part.buttons.rematch", {}, again("rematch", "keep", t("end.rematch")),
    again("rematch-rotate", "rotate", t("end.rematch_rotate")));
}

/** Frozen Lands: the faces of the Contamination tokens the end turned over. */
function tokensPart(view) {
  const faces = view.hunted.flatMap((x) => x.tokens || []).map((token) => token.face);
  if (view.config.variant !== "frozen-lands" || !faces.length) return null;
  return h("p.end-part.revealed", {}, t("end.tokens", { clean: faces.filter((f) => f === "blank").length,
    icon: faces.filter((f) => f === "icon").length, unknown: faces.filter((f) => !f).length }));
}

/** Draw the end screen into `el` (hidden while the game runs). */
export function renderEndScreen(el, room, view) {
  if (!view.outcome) {
    el.hidden = true;
    fill(el);
    return;
  }
  const text = outcomeText(view.outcome);
  const side = sideOf(view);
  const ctx = { seat: room.seat, names: room.names, view };
  el.hidden = false;
  el.className = `end panel winner-${view.outcome.winner}${side ? (side === view.outcome.winner ? " mine" : " theirs") : ""}`;
  fill(el,
    h("div.end-emblem", { "aria-hidden": "true" }, view.outcome.winner === "hunted" ? "✦" : "✸"),
    h("h2#end-title.end-part", { tabindex: "-1" }, text.title),
    side ? h("p.end-part.verdict", {}, t(side === view.outcome.winner ? "end.victory" : "end.defeat")) : null,
    h("p.end-part.reason", {}, text.reason, " ", h("span.end-turns", {}, t("end.after_turns", { n: view.turn }))),
    // The way on comes before the details: at the top of the side column, in sight on a
    // laptop's short screen whatever the length of the last reveal (a game of seven's).
    h("div.end-part.end-next", {}, rematchPart(room), replayLink(room)),
    countersPart(view),
    revealPart(lastReveal(room.events || []), ctx),
    tokensPart(view),
    scorePanel(room));
}
