// One's own cards: Place cards (hand and face down), Survival cards, or Hunt cards.

import { HUNT_CARDS, PHASES, PLACES, SURVIVAL_CARDS, huntName, placeList, placeName } from "./cards.js";
import { icon, placePicture } from "./board.js";
import { cardButton, cardOffers, pairButton, pairVerb, pairsOf } from "./controls.js";
import { h } from "./dom.js";
import { longestWordEm, textEm } from "./ems.js";
import { t } from "./i18n.js";
import { seatName } from "./labels.js";
import { creatureAbilities, sheetLine, tokenChip } from "./players.js";
import { boardCards } from "./targets.js";

/** A card's name; `--word-em` is its longest word's width in ems, so that style.css can draw
 * the name small enough on a narrow card for that word to fit on one line, never broken. */
function cardName(text) {
  const el = h("strong.card-name", {}, text);
  const em = longestWordEm(text);
  if (em) el.style.setProperty("--word-em", em.toFixed(3));
  return el;
}

/** A tag on a card (its phase, its symbol, how often); `--tag-em` is its text's width in ems
 * in capitals, as drawn, less its letter spacing, and `--tag-chars` its letters, so that
 * style.css can draw it small enough on a narrow card to stay on one line. */
function cardTag(cls, text) {
  const el = h(`span.${cls}`, { title: text }, text);  // whole on hover where the floor cuts it
  const caps = String(text).toLocaleUpperCase(document.documentElement.lang || undefined);
  const em = textEm(caps, 400);
  if (em) {
    el.style.setProperty("--tag-em", em.toFixed(3));
    el.style.setProperty("--tag-chars", String([...caps].length));
  }
  return el;
}

/** A card's face; when `play` offers actions for it, the whole card is the control. */
function asControl(cls, id, content, play, text = "") {
  const offer = play && play.offers.get(play.key);
  // The card's text as its title: whole where the card clamps it (a compact hand).
  const attrs = { dataset: { card: id }, title: text || null };
  if (!offer) return h(`li.card${cls}`, attrs, content);
  if (play.pair) {
    const picked = play.pair.picked === id ? ".picked" : "";
    return h(`li.card${cls}.playable${picked}`, attrs,
      pairButton(id, offer, play.onAct, content, play.pair));
  }
  const armed = play.arm && play.arm.armed === play.key ? ".armed" : "";
  return h(`li.card${cls}.playable${armed}`, attrs,
    cardButton(play.key, offer, play.label, play.onAct, content, play.arm));
}

function placeCard(n, variant, extraClass = "", play = null) {
  const text = PLACES[n] ? PLACES[n].text : "";
  return asControl(`.place-card${extraClass}`, n, [
    icon(placePicture(n, variant), "card-art"),
    h("span.card-num", {}, String(n)),
    cardName(placeName(n)),
    h("span.card-text", {}, text)], play, text);
}

function textCard(kind, id, info, play = null) {
  const symbol = info && info.symbol
    ? cardTag(`symbol-tag.sym-${info.symbol}`, t(info.symbol === "target" ? "symbol.target" : "symbol.artemia")) : null;
  const text = info ? info.text : "";
  return asControl(`.${kind}-card`, id, [
    cardName(info ? info.name : id),
    h("span.card-meta", {}, cardTag("phase-tag", info && info.phase ? PHASES[info.phase] : t("hand.any_phase")), symbol),
    h("span.card-text", {}, text)], play, text);
}

/** What clicking a card does, in words: "Play The Lair", "Discard The Rover", ... */
function playWords(offer, name) {
  const verb = { DiscardPlaceCard: "discard", DiscardSurvivalCard: "discard", KeepPlaceCard: "keep",
    KeepSurvivalCard: "keep" }[offer[0].type] || "play";
  return t(`hand.verb.${verb}`, { name });
}

/** The Place card picked for a pair, while a pair it belongs to is offered (else null). */
function pickedPlace(offers, room) {
  const n = room && room.pickedPlace;
  return n !== null && n !== undefined && pairsOf(offers.get(`place:${n}`) || []).length ? n : null;
}

function player(offers, onAct, view, room) {
  const onBoard = room ? boardCards(view) : new Map();
  const picked = pickedPlace(offers, room);
  return (key, name) => {
    const offer = offers.get(key);
    if (!offer) return null;
    const arm = onBoard.has(key) ? { label: t("target.on_board", { card: name }), armed: room.armedCard,
      pick: (k) => room.armCard(room.armedCard === k ? null : k) } : null;
    const pair = room && pairsOf(offer).length ? { picked, pick: (n) => room.pickPlace(n) } : null;
    return { offers, key, onAct, label: playWords(offer, name), arm, pair };
  };
}

/** Under the hand's Place cards while one is picked for a pair: what comes next, its play
 * alone when one card may be played, and a way to put it down. */
function pairHint(offers, onAct, room) {
  const n = pickedPlace(offers, room);
  if (n === null) return null;
  const mine = offers.get(`place:${n}`);
  const alone = mine.find((a) => a.type === "PlayPlaceCards" && a.cards.length === 1);
  return h("div.pair-hint", { role: "status" },
    h("span", {}, t(`hand.picked.${pairVerb(mine)}`, { name: placeName(n) })),
    alone ? h("button.small", { type: "button", dataset: { key: JSON.stringify(alone) }, onclick: () => onAct(alone) },
      t("hand.play_alone", { name: placeName(n) })) : null,
    h("button.subtle.small", { type: "button", onclick: () => room.pickPlace(null) }, t("hand.put_down", { name: placeName(n) })));
}

/** One's Contamination tokens, with what a face down one means (also their title: a compact
 * hand shows the faces alone). */
function tokensLine(tokens) {
  const note = tokens.some((token) => !token.face) ? t("hand.face_down_note") : "";
  return h("p.tokens-line.big", { title: note.trim() || null }, tokens.map((token, i) => tokenChip(token, i)),
    h("span.muted.tokens-note", {}, note));
}

/** A titled row of cards; `--cards` lets the row narrow no further than its cards can. */
function section(title, items, empty, cls = "", after = null) {
  const el = h(`div.hand-section${cls}`, {}, h("h3", {}, title),
    items.length ? h("ul.cards", {}, items) : h("p.muted", {}, empty), after);
  el.style.setProperty("--cards", String(items.length));
  return el;
}

/** The sections together, apart from the heading: a crowded hand wraps them onto a second
 * row, and the heading stands beside both rows. */
function sections(...items) {
  return h("div.hand-sections", {}, items);
}

/** Once the hand is drawn, each section's flex-grow is its content's width (style.css, "The
 * hand", says why): measured, since CSS cannot turn a width into a factor. A hidden hand
 * (a phone's other tab) measures nothing and keeps the stylesheet's estimate. The sheet's
 * width on one line is a sentence's, not a size it needs: it weighs no more than a few cards
 * (PROSE_WEIGHT), so that on a wide screen the cards beside it are drawn whole, and it still
 * takes whatever room they leave. */
export function weighSections(hand) {
  const all = [...hand.querySelectorAll(".hand-sections > .hand-section")];
  for (const el of all) el.classList.add("weighing");
  const widths = all.map((el) => el.getBoundingClientRect().width);
  all.forEach((el, i) => {
    el.classList.remove("weighing");
    const weight = el.classList.contains("sheet-section") ? Math.min(widths[i], PROSE_WEIGHT) : widths[i];
    if (weight) el.style.flexGrow = String(weight);
  });
}

const PROSE_WEIGHT = 3 * 134; // px: three cards and their gaps

/** One's own cards; with `onAct` they are controls, and with `room` the cards that go on
 * places are picked for the board. */
export function renderHand(view, ctx, onAct = null, room = null) {
  const you = view.you || {};
  const offers = onAct ? cardOffers(view) : new Map();
  const play = player(offers, onAct, view, room);
  if (view.role === "creature") {
    const shown = Object.entries(you.shown_by_phobia || {});
    const abilities = creatureAbilities(view);
    return [
      h("h2", {}, t("hand.your_hunt_cards")),
      sections(section(t("hand.in_hand"), (you.hunt_cards || []).map((id) => textCard("hunt", id, HUNT_CARDS[id], play(`hunt:${id}`, HUNT_CARDS[id] ? HUNT_CARDS[id].name : id))), t("hand.no_hunt"), ".texts"),
      abilities.length ? h("div.hand-section", {}, h("h3", {}, t("hand.your_sheet")),
        h("ul.cards.sheet-cards", {}, abilities.map((a) => h(`li.card.ability-card${a.used ? ".used" : ""}`, { dataset: { ability: a.id } },
          cardName(a.name),
          h("span.card-meta", {}, cardTag("phase-tag", a.used ? t("players.used") : a.often)),
          h("span.card-text", {}, t("hand.when", { text: a.text, when: a.when })))))) : null,
      shown.length ? h("div.hand-section", {}, h("h3", {}, t("hand.shown_by", { card: huntName("phobia") })),
        h("ul.plain", {}, shown.map(([seat, cards]) =>
          h("li", {}, t("hand.shown", { who: seatName(Number(seat), ctx.names), cards: placeList(cards) || t("hand.nothing") }))))) : null),
    ];
  }
  if (view.role !== "hunted") return [h("h2", {}, t("hand.spectating")), h("p.muted", {}, t("hand.watching"))];
  const played = you.played || [];
  const me = view.hunted.find((x) => x.seat === view.seat) || {};
  const frozen = view.config.variant === "frozen-lands";
  const tokens = me.tokens || [];
  return [
    h("h2", {}, t("hand.your_cards")),
    sections(frozen ? h("div.hand-section.my-tokens", {}, h("h3", {}, t("hand.your_tokens")),
      tokens.length ? tokensLine(tokens)
        : h("p.muted", {}, t("hand.no_token", { icons: view.contamination.icons, total: view.contamination.total }))) : null,
    played.length ? section(t(view.phase === "exploration" || view.phase === "hunting" ? "hand.face_down" : "hand.in_play"),
      played.map((n) => placeCard(n, view.config.variant, ".played", play(`place:${n}`, placeName(n)))), "", ".face-down") : null,
    section(t("hand.places"), (you.hand || []).map((n) => placeCard(n, view.config.variant, "", play(`place:${n}`, placeName(n)))), t("hand.no_place"),
      "", onAct ? pairHint(offers, onAct, room) : null),
    section(t("hand.survival"), (you.survival_cards || []).map((id) => textCard("survival", id, SURVIVAL_CARDS[id], play(`survival:${id}`, SURVIVAL_CARDS[id] ? SURVIVAL_CARDS[id].name : id))), t("hand.no_survival"), ".texts"),
    me.sheet ? h("div.hand-section.sheet-section", {}, h("h3", {}, t("hand.your_sheet")), sheetLine(me, true)) : null),
  ];
}
