// One's own cards: Place cards (hand and face down), Survival cards, or Hunt cards.

import { HUNT_CARDS, PHASES, PLACES, SURVIVAL_CARDS, placeList, placeName } from "./cards.js";
import { cardButton, cardOffers } from "./controls.js";
import { h } from "./dom.js";
import { seatName } from "./labels.js";
import { creatureAbilities, sheetLine, tokenChip } from "./players.js";

/** A card's face; when `play` offers actions for it, the whole card is the control. */
function asControl(cls, id, content, play) {
  const offer = play && play.offers.get(play.key);
  if (!offer) return h(`li.card${cls}`, { dataset: { card: id } }, content);
  return h(`li.card${cls}.playable`, { dataset: { card: id } },
    cardButton(play.key, offer, play.label, play.onAct, content));
}

function placeCard(n, extraClass = "", play = null) {
  return asControl(`.place-card${extraClass}`, n, [
    h("span.card-num", {}, String(n)),
    h("strong.card-name", {}, placeName(n)),
    h("span.card-text", {}, PLACES[n] ? PLACES[n].text : "")], play);
}

function textCard(kind, id, info, play = null) {
  const symbol = info && info.symbol
    ? h(`span.symbol-tag.sym-${info.symbol}`, {}, info.symbol === "target" ? "Target" : "Artemia") : null;
  return asControl(`.${kind}-card`, id, [
    h("strong.card-name", {}, info ? info.name : id),
    h("span.card-meta", {}, info && info.phase ? h("span.phase-tag", {}, PHASES[info.phase]) : h("span.phase-tag", {}, "any phase"), symbol),
    h("span.card-text", {}, info ? info.text : "")], play);
}

/** What clicking a card does, in words: "Play The Lair", "Discard The Rover", ... */
function playWords(offer, name) {
  const verb = { DiscardPlaceCard: "Discard", DiscardSurvivalCard: "Discard", KeepPlaceCard: "Keep",
    KeepSurvivalCard: "Keep" }[offer[0].type] || "Play";
  return `${verb} ${name}`;
}

function player(offers, onAct) {
  return (key, name) => {
    const offer = offers.get(key);
    return offer ? { offers, key, onAct, label: playWords(offer, name) } : null;
  };
}

function section(title, items, empty) {
  return h("div.hand-section", {}, h("h3", {}, title),
    items.length ? h("ul.cards", {}, items) : h("p.muted", {}, empty));
}

export function renderHand(view, ctx, onAct = null) {
  const you = view.you || {};
  const play = player(onAct ? cardOffers(view) : new Map(), onAct);
  if (view.role === "creature") {
    const shown = Object.entries(you.shown_by_phobia || {});
    const abilities = creatureAbilities(view);
    return [
      h("h2", {}, "Your Hunt cards"),
      section("In hand", (you.hunt_cards || []).map((id) => textCard("hunt", id, HUNT_CARDS[id], play(`hunt:${id}`, HUNT_CARDS[id] ? HUNT_CARDS[id].name : id))), "No Hunt card in hand."),
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
      h("ul.cards", {}, played.map((n) => placeCard(n, ".played", play(`place:${n}`, placeName(n)))))) : null,
    section("Place cards in hand", (you.hand || []).map((n) => placeCard(n, "", play(`place:${n}`, placeName(n)))), "No Place card in hand."),
    section("Survival cards", (you.survival_cards || []).map((id) => textCard("survival", id, SURVIVAL_CARDS[id], play(`survival:${id}`, SURVIVAL_CARDS[id] ? SURVIVAL_CARDS[id].name : id))), "No Survival card."),
    me.sheet ? h("div.hand-section", {}, h("h3", {}, "Your sheet"), sheetLine(me, true)) : null,
  ];
}
