// Cards and places are the controls: which offered actions a card in hand stands for, the
// card as a button, arrow keys between cards and places, and where focus goes next.
// The button row of the actions panel stays as the accessible path to every action.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { placeName } from "./cards.js";
import { offeredActions } from "./labels.js";

// The action fields naming the cards, per action type, and the kind of card they name. A pair
// of Place cards (a double play; the 2 kept hidden from Phobia) stands under each of its cards.
const CARD_FIELDS = {
  PlayPlaceCards: ["place", (a) => a.cards || []],
  KeepHidden: ["place", (a) => a.cards || []],
  DiscardPlaceCard: ["place", (a) => a.card],
  KeepPlaceCard: ["place", (a) => a.card],
  PlayHuntCard: ["hunt", (a) => a.card],
  PlaySurvivalCard: ["survival", (a) => a.card],
  KeepSurvivalCard: ["survival", (a) => a.card],
  DiscardSurvivalCard: ["survival", (a) => a.card],
};

/** Map "place:3" / "hunt:clone" / "survival:dodge" -> the offered actions that use it. */
export function cardOffers(view) {
  const offers = new Map();
  for (const action of offeredActions(view)) {
    const field = CARD_FIELDS[action.type];
    if (!field) continue;
    for (const id of [field[1](action)].flat()) {
      if (id === null || id === undefined || id === "") continue;
      const key = `${field[0]}:${id}`;
      if (!offers.has(key)) offers.set(key, []);
      offers.get(key).push(action);
    }
  }
  return offers;
}

// What a pair of Place cards does, in the words of hand.pick.*, hand.picked.* and hand.both.*.
const PAIR_VERBS = { PlayPlaceCards: "play", KeepHidden: "hide" };

/** The pairs of Place cards (a double play, Phobia's 2 hidden) among a card's offered actions. */
export const pairsOf = (actions) => actions.filter((a) => a.type in PAIR_VERBS && a.cards.length === 2);

/** What a card's pairs do ("play", "hide"): the key of their words. */
export const pairVerb = (actions) => PAIR_VERBS[pairsOf(actions)[0].type];

/**
 * A Place card when pairs of cards are offered: the first click picks it (`pair.picked`), a
 * click on a second card plays the pair, a click on the picked card puts it down again.
 */
export function pairButton(n, actions, onAct, content, pair) {
  const { picked } = pair;
  const both = picked !== null && picked !== n
    ? pairsOf(actions).find((a) => a.cards.includes(picked)) : null;
  const verb = pairVerb(actions);
  const title = both ? t(`hand.both.${verb}`, { first: placeName(picked), second: placeName(n) })
    : picked === n ? t("hand.put_down", { name: placeName(n) }) : t(`hand.pick.${verb}`, { name: placeName(n) });
  return h("button.card-play.picks", {
    type: "button", title, "aria-pressed": String(picked === n),
    dataset: { key: both ? JSON.stringify(both) : `pick:place:${n}`, card: `place:${n}` },
    onclick: () => (both ? onAct(both) : pair.pick(picked === n ? null : n)),
  }, content);
}

/**
 * A card in hand as a control: one offered action is played at a click (or Enter); with
 * several, the click leads to that card's choices in the actions panel.
 */
export function cardButton(key, actions, label, onAct, content, arm = null) {
  if (arm) { // a card that goes on places: the click picks it, the tiles then choose where
    return h("button.card-play.arms", {
      type: "button", title: arm.label,
      dataset: { key: `arm:${key}`, card: key }, onclick: () => arm.pick(key),
    }, content);
  }
  const single = actions.length === 1;
  return h("button.card-play", {
    type: "button",
    title: single ? label : t("card.choose_how", { label }),
    dataset: { key: single ? JSON.stringify(actions[0]) : `choices:${key}`, card: key },
    onclick: () => (single ? onAct(actions[0]) : showChoices(key)),
  }, content);
}

function showChoices(key) {
  const block = document.querySelector(`[data-choices="${CSS.escape(key)}"]`);
  if (!block) return;
  block.scrollIntoView({ block: "nearest" });
  const list = block.querySelector("details");
  if (list) list.open = true;
  const first = block.querySelector("button.act:not([disabled])");
  if (first) first.focus();
}

const TARGETS = "button.card-play:not([disabled]), button.place-button:not([disabled])";

/** Arrow keys move between the cards and places that are controls now. */
export function installArrowKeys(root) {
  root.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || !event.target.matches || !event.target.matches(TARGETS)) return;
    const all = [...root.querySelectorAll(TARGETS)];
    const here = all.indexOf(event.target);
    if (here < 0 || all.length < 2) return;
    event.preventDefault();
    all[(here + step + all.length) % all.length].focus();
  });
}

/**
 * The control a player most likely wants next: a place to put the token on, confirming the
 * hunt, a card to play, the main action, else any action. Declines (Pass) come last.
 */
export function firstControl(root) {
  return root.querySelector("button.place-button.act:not([disabled])")
    || root.querySelector("button.act.confirm:not([disabled])")
    || root.querySelector("button.card-play:not([disabled])")
    || root.querySelector("button.act:not(.decline):not([disabled])")
    || root.querySelector("button.act:not([disabled])");
}

/** True when focus is nowhere in particular (so moving it takes nothing from the player). */
export function focusIsFree(root) {
  const active = document.activeElement;
  if (!active || active === document.body || !document.contains(active)) return true;
  if (active.id === "actions-title" || active.id === "main") return true;
  // Focus on an action or card of the previous prompt: the player has just moved.
  return root.contains(active) && active.matches("button.act, button.card-play, button.place-button");
}
