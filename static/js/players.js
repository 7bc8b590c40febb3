// The players' public state: the Creature's cards, and each Hunted's Will, card counts,
// discard pile and whether they have chosen.

import { huntName, placeList, placeName } from "./cards.js";
import { h } from "./dom.js";
import { doingLabel, roleLabel, seatName } from "./labels.js";

function presenceDot(connected) {
  return h(`span.dot${connected ? ".on" : ""}`, {
    role: "img", "aria-label": connected ? "connected" : "not connected",
    title: connected ? "connected" : "not connected",
  });
}

function willPips(will) {
  const pips = [];
  for (let i = 1; i <= 3; i += 1) pips.push(h(`span.pip${i <= will ? ".full" : ""}`, { "aria-hidden": "true" }));
  return h("span.will", { title: `${will} Will` }, pips, h("span.will-count", {}, `${will} Will`));
}

function stat(label, value) {
  return h("span.stat", {}, h("span.stat-label", {}, label), " ", h("strong", {}, String(value)));
}

function waitingKind(view, seat) {
  const w = (view.waiting_on || []).find((x) => x.seat === seat);
  return w ? w.kind : null;
}

function huntedStatus(view, x) {
  if ((x.positions || []).length) return `at ${placeList(x.positions.map((p) => p[0]))}`;
  if (x.has_chosen) return "has chosen";
  return "";
}

function creaturePanel(view, ctx, connected) {
  const c = view.creature;
  const kind = waitingKind(view, 0);
  return h(`li.player.creature-panel${kind ? ".acting" : ""}`, { dataset: { seat: 0 } },
    h("div.player-head", {}, presenceDot(connected), h("strong", {}, seatName(0, ctx.names)),
      ctx.seat === 0 ? h("span.badge.me", {}, "you") : null,
      kind ? h("span.doing", {}, doingLabel(kind)) : null),
    h("div.stats", {}, stat("Hunt cards", c.hand), stat("Deck", c.deck),
      stat("Plays left", c.plays_left)),
    c.discard && c.discard.length
      ? h("p.discard", {}, h("span.stat-label", {}, "Discarded: "), c.discard.map(huntName).join(", ")) : null);
}

function huntedPanel(view, ctx, x, connected) {
  const kind = waitingKind(view, x.seat);
  const discard = x.discard === null
    ? h("span.muted", {}, `${x.discard_count} hidden (Smokescreen)`)
    : x.discard.length ? x.discard.map((n) => h("span.chip", { title: placeName(n) }, `${n} ${placeName(n).replace(/^The /, "")}`))
      : h("span.muted", {}, "empty");
  const status = huntedStatus(view, x);
  return h(`li.player.hunted-panel.seat-${x.seat}${kind ? ".acting" : ""}`, { dataset: { seat: x.seat } },
    h("div.player-head", {}, presenceDot(connected),
      h(`span.figure.seat-${x.seat}`, { "aria-hidden": "true" }, String(x.seat)),
      h("strong", {}, seatName(x.seat, ctx.names)), h("span.muted", {}, roleLabel(x.seat)),
      ctx.seat === x.seat ? h("span.badge.me", {}, "you") : null),
    h("div.stats", {}, willPips(x.will), stat("Places", x.hand), stat("Survival", x.survival)),
    h("p.status-line", {},
      status ? h("span.choice-status", { dataset: { status: x.has_chosen ? "chosen" : "" } }, status) : null,
      kind ? h("span.doing", {}, doingLabel(kind)) : null),
    h("div.discard", {}, h("span.stat-label", {}, "Discard: "), discard));
}

export function renderPlayers(view, ctx, presence) {
  const connected = new Set((presence && presence.seats) || []);
  return [
    h("h2", {}, "Players"),
    h("ul.players", {},
      creaturePanel(view, ctx, connected.has(0)),
      view.hunted.map((x) => huntedPanel(view, ctx, x, connected.has(x.seat)))),
  ];
}
