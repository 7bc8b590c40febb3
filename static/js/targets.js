// Targeting on Artemia: which offers a click on the board can make, read from the engine's
// typed `targets` (never from a card's name), and the player's pick so far: the Hunt token or
// the card being placed, and the first place of a pair.

import { huntName, survivalName } from "./cards.js";
import { offeredActions, offerOf, tokenName } from "./labels.js";

const CARD_PLAYS = ["PlayHuntCard", "PlaySurvivalCard"];

/** The places an offer points at when it points at 1 or 2 places and nothing else; else null. */
export function boardPlaces(offer) {
  const targets = (offer && offer.targets) || [];
  if (!targets.length || targets.length > 2 || targets.some((x) => x.kind !== "place")) return null;
  return targets.map((x) => x.value);
}

/** "hunt:mirage" / "survival:gate": the hand's key of a card play. */
export const cardKey = (a) => `${a.type === "PlayHuntCard" ? "hunt" : "survival"}:${a.card}`;

/** The card plays that go on the board: every offered play of that card points at places. */
export function boardCards(view) {
  const byCard = new Map();
  for (const offer of (view && view.offers) || []) {
    if (!CARD_PLAYS.includes(offer.action.type)) continue;
    const key = cardKey(offer.action);
    if (!byCard.has(key)) byCard.set(key, []);
    byCard.get(key).push(offer);
  }
  const out = new Map();
  for (const [key, offers] of byCard) {
    if (offers.every((o) => boardPlaces(o))) out.set(key, offers);
  }
  return out;
}

/** The Hunt tokens that may be placed now, in the offers' order. */
export function placeableTokens(view) {
  return [...new Set(offeredActions(view).filter((a) => a.type === "PlaceHuntToken").map((a) => a.token))];
}

const choice = (what, offers, extra = {}) => {
  const picks = offers.map((o) => ({ action: o.action, places: boardPlaces(o) }));
  return { what, picks, pair: picks.some((p) => p.places.length === 2), ...extra };
};

/**
 * What a click on the board does now: `{what, picks: [{action, places}], pair, card?, token?}`
 * (the armed card's plays, else the picked token's placements), or null. Drops a pick the
 * view no longer offers.
 */
export function boardChoice(view, room) {
  const cards = boardCards(view);
  if (room.armedCard && !cards.has(room.armedCard)) room.armedCard = null;
  if (room.armedCard) {
    const [kind, id] = room.armedCard.split(":");
    const what = kind === "hunt" ? huntName(id) : survivalName(id);
    return keepFirst(choice(what, cards.get(room.armedCard), { card: room.armedCard }), room);
  }
  const tokens = placeableTokens(view);
  if (!tokens.length) {
    room.firstPick = null;
    return null;
  }
  if (!tokens.includes(room.armedToken)) room.armedToken = tokens[0];
  const offers = offeredActions(view)
    .filter((a) => a.type === "PlaceHuntToken" && a.token === room.armedToken)
    .map((a) => offerOf(a, view));
  return keepFirst(choice(tokenName(room.armedToken), offers, { token: room.armedToken }), room);
}

/** The first place of a pair stays picked only while some pair still starts there. */
function keepFirst(now, room) {
  if (!now.pair || !now.picks.some((p) => p.places.includes(room.firstPick))) room.firstPick = null;
  return now;
}

/** The pick made by a click on `place`, given the first place of a pair (or null). */
export function pickAt(now, place, first) {
  if (!now.pair) return now.picks.find((p) => p.places[0] === place) || null;
  if (first === null || first === place) return null;
  const same = (p, a, b) => p.places.length === 2 && p.places[0] === a && p.places[1] === b;
  return now.picks.find((p) => same(p, first, place)) || now.picks.find((p) => same(p, place, first)) || null;
}

/** The places a click on `place` could still lead to (as the pair's other place). */
export function partnersOf(now, place) {
  const out = new Set();
  for (const p of now.picks) {
    if (p.places.length === 2 && p.places.includes(place)) out.add(p.places[0] === place ? p.places[1] : p.places[0]);
  }
  return out;
}

/** Every place some pick covers. */
export const coveredPlaces = (now) => new Set(now.picks.flatMap((p) => p.places));

/** Pairs drawn as edges between their tiles: the unordered ones (one orientation offered). */
export function edgePicks(now) {
  if (!now.pair) return [];
  const seen = new Set(now.picks.map((p) => p.places.join("-")));
  return now.picks.filter((p) => p.places.length === 2 && !seen.has(`${p.places[1]}-${p.places[0]}`));
}
