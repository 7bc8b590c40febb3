// The material's names and texts, from the server's catalogue in the page's language
// (app/engine/catalogue.py): the client keeps no copy of its own.

import { ABILITIES, SHEETS } from "./frozen.js";
import { knowNames, t } from "./i18n.js";

const VARIANT_PLACES = { base: {}, "frozen-lands": {} };

export const PHASES = {
  1: t("phase.exploration"), 2: t("phase.hunting"), 3: t("phase.reckoning"), 4: t("phase.end_of_turn"),
};

export const HUNT_CARDS = {};
const FEWEST_HUNTED = { base: 1 };
export const SURVIVAL_CARDS = {};

/** The 10 Places of the variant being played (the Place names differ in Frozen Lands). */
export const PLACES = {};

/** Fill the tables from the catalogue; called once, before anything is drawn. */
export function useCatalogue(catalogue) {
  for (const [variant, places] of Object.entries(catalogue.places)) {
    VARIANT_PLACES[variant] = Object.fromEntries(Object.entries(places).map(([n, p]) => [Number(n), p]));
  }
  Object.assign(HUNT_CARDS, catalogue.hunt_cards);
  Object.assign(SURVIVAL_CARDS, catalogue.survival_cards);
  // A base card that names base places reads otherwise in Frozen Lands (`frozen_text`).
  for (const card of [...Object.values(HUNT_CARDS), ...Object.values(SURVIVAL_CARDS)]) {
    if (card.frozen_text) card.texts = { base: card.text, "frozen-lands": card.frozen_text };
  }
  Object.assign(FEWEST_HUNTED, catalogue.fewest_hunted);
  Object.assign(SHEETS, catalogue.sheets);
  Object.assign(ABILITIES, catalogue.abilities);
  knowNames(Object.values(catalogue.places).flatMap((places) => Object.values(places).map((p) => p.name)));
  setVariant("base");
}

export function setVariant(variant) {
  const key = variant === "frozen-lands" ? "frozen-lands" : "base";
  Object.assign(PLACES, VARIANT_PLACES[key]);
  for (const card of [...Object.values(HUNT_CARDS), ...Object.values(SURVIVAL_CARDS)]) {
    if (card.texts) card.text = card.texts[key];
  }
}

/** The fewest Hunted a game of `variant` starts with (the engine's rule, from the catalogue). */
export const fewestHunted = (variant) => FEWEST_HUNTED[variant] ?? 1;

export const placeName = (n) => (PLACES[n] ? PLACES[n].name : t("place.numbered", { n }));
export const huntName = (id) => (HUNT_CARDS[id] ? HUNT_CARDS[id].name : id);
export const survivalName = (id) => (SURVIVAL_CARDS[id] ? SURVIVAL_CARDS[id].name : id);

/** A place's name split into its article and the rest ("The " + "Lair", "L'" + "Antre"). */
export function placeParts(n) {
  const match = placeName(n).match(/^(The |L'|La |Le |Les )(.*)$/);
  return match ? { article: match[1], rest: match[2] } : { article: "", rest: placeName(n) };
}

/** "The Lair and The Jungle" */
export function placeList(places) {
  const names = (places || []).map(placeName);
  if (names.length <= 1) return names.join("");
  return t("list.and", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}
