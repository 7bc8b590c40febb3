// One's own cards: Place cards (hand and face down), Survival cards, or Hunt cards.

import { HUNT_CARDS, PHASES, PLACES, SURVIVAL_CARDS, placeList, placeName } from "./cards.js";
import { h } from "./dom.js";
import { seatName } from "./labels.js";
import { creatureAbilities, sheetLine, tokenChip } from "./players.js";

function placeCard(n, extraClass = "") {
  return h(`li.card.place-card${extraClass}`, { dataset: { card: n } },
    h("span.card-num", {}, String(n)),
    h("strong.card-name", {}, placeName(n)),
    h("span.card-text", {}, PLACES[n] ? PLACES[n].text : ""));
}

function textCard(kind, id, info) {
  const symbol = info && info.symbol
    ? h(`span.symbol-tag.sym-${info.symbol}`, {}, info.symbol === "target" ? "Target" : "Artemia") : null;
  return h(`li.card.${kind}-card`, { dataset: { card: id } },
    h("strong.card-name", {}, info ? info.name : id),
    h("span.card-meta", {}, info && info.phase ? h("span.phase-tag", {}, PHASES[info.phase]) : h("span.phase-tag", {}, "any phase"), symbol),
    h("span.card-text", {}, info ? info.text : ""));
}

function section(title, items, empty) {
  return h("div.hand-section", {}, h("h3", {}, title),
    items.length ? h("ul.cards", {}, items) : h("p.muted", {}, empty));
}

export function renderHand(view, ctx) {
  const you = view.you || {};
  if (view.role === "creature") {
    const shown = Object.entries(you.shown_by_phobia || {});
    const abilities = creatureAbilities(view);
    return [
      h("h2", {}, "Your Hunt cards"),
      section("In hand", (you.hunt_cards || []).map((id) => textCard("hunt", id, HUNT_CARDS[id])), "No Hunt card in hand."),
      abilities.length ? h("div.hand-section", {}, h("h3", {}, "Your sheet"),
        h("ul.cards.sheet-cards", {}, abilities.map((a) => h(`li.card.ability-card${a.used ? ".used" : ""}`, { dataset: { ability: a.id } },
          h("strong.card-name", {}, a.name),
          h("span.card-meta", {}, h("span.phase-tag", {}, a.used ? "used" : a.often)),
          h("span.card-text", {}, `${a.text} When: ${a.when}.`))))) : null,
      shown.length ? h("div.hand-section", {}, h("h3", {}, "Shown to you by Phobia"),
        h("ul.plain", {}, shown.map(([seat, cards]) =>
          h("li", {}, `${seatName(Number(seat), ctx.names)}: ${placeList(cards) || "nothing"}`)))) : null,
    ];
  }
  if (view.role !== "hunted") return [h("h2", {}, "Spectating"), h("p.muted", {}, "You are watching this game.")];
  const played = you.played || [];
  const me = view.hunted.find((x) => x.seat === view.seat) || {};
  const frozen = view.config.variant === "frozen-lands";
  const tokens = me.tokens || [];
  return [
    h("h2", {}, "Your cards"),
    frozen ? h("div.hand-section.my-tokens", {}, h("h3", {}, "Your Contamination tokens"),
      tokens.length ? h("p.tokens-line.big", {}, tokens.map((t, i) => tokenChip(t, i)),
        h("span.muted", {}, tokens.some((t) => !t.face)
          ? " Face down: nobody knows them, not even you, until someone looks or they are revealed." : ""))
        : h("p.muted", {}, "None. Each token you take is drawn blind; 5 of the 14 carry the icon.")) : null,
    played.length ? h("div.hand-section.face-down", {},
      h("h3", {}, view.phase === "exploration" || view.phase === "hunting" ? "Face down (only you see it)" : "In play"),
      h("ul.cards", {}, played.map((n) => placeCard(n, ".played")))) : null,
    section("Place cards in hand", (you.hand || []).map((n) => placeCard(n)), "No Place card in hand."),
    section("Survival cards", (you.survival_cards || []).map((id) => textCard("survival", id, SURVIVAL_CARDS[id])), "No Survival card."),
    me.sheet ? h("div.hand-section", {}, h("h3", {}, "Your sheet"), sheetLine(me, true)) : null,
  ];
}
