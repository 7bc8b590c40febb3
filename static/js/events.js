// The game's events (sync.events, update.events) as readable sentences for the log.

import { SURVIVAL_CARDS, huntName, placeList, placeName, placeParts, survivalName } from "./cards.js";
import { hasWords, t } from "./i18n.js";
import {
  PHASE_LABELS, abilityName, cap, findToken, listOf, outcomeText, seatName, targetName, targetParams, tokenLabel,
  tokenName, voteLabel, who, whyLabel,
} from "./labels.js";

const VOTE_ON = ["board", "blizzard", "cleanse"];

/** A sentence about a seat: its name (or "you", with the verb to match) and more words. */
function say(key, seat, c, params = {}) {
  return cap(t(key, { who: who(seat, c), you: seat === c.seat, ...params }));
}

/** "your token" or "Ann's token" (the seat's whole token, for the log). */
const whoseToken = (seat, c) => (seat === c.seat ? t("event.your_token") : t("event.token_of", { whose: seatName(seat, c.names) }));
const seatList = (seats, c) => listOf(seats.map((seat) => who(seat, c)));

/** A played Survival card's `places` as targets, each of the kind the catalogue's `choices`
 * give its position (the last repeating), as the engine types an offer's targets. */
function playedTargets(card, places) {
  const kinds = (SURVIVAL_CARDS[card] && SURVIVAL_CARDS[card].choices) || ["place"];
  return places.map((value, i) => ({ kind: kinds[Math.min(i, kinds.length - 1)], value }));
}

/** The choices of a played Survival card: its own words (`played.<card>`), else by kind. */
function playedChoice(d, c) {
  const targets = playedTargets(d.card, d.places || []);
  if (!targets.length) return "";
  const key = `played.${d.card}`;
  if (hasWords(key)) return t(key, targetParams(targets, c, key));
  const first = targets[0];
  if (first.kind === "seat") return t("played.for", { who: who(first.value, c) });
  if (first.kind === "token") {
    return findToken(c.view, first.value) ? t("played.on_token", { token: tokenLabel(first.value, c) }) : t("played.on_a_token");
  }
  return t("played.places", { places: listOf(targets.map((x) => targetName(x, c))) });
}

const takenWhy = (why) => (why === "give-up" || why === "last-will" ? t(`taken.${why}`) : whyLabel(why));

const SENTENCES = {
  phase_started: (d) => t("event.phase_started", { turn: d.turn, phase: PHASE_LABELS[d.phase] || d.phase }),
  place_cards_chosen: (d, c) => say("event.place_cards_chosen", d.hunted, c, { n: d.count }),
  place_cards_chosen_by_you: (d) => t("event.place_cards_chosen_by_you", { cards: placeList(d.cards) }),
  place_choice_reset: (d, c) => say("event.place_choice_reset", d.hunted, c),
  // how many Places come back is not in the event (Long Stride adds one): the take-backs follow
  resisted: (d, c) => say("event.resisted", d.hunted, c, { will: d.will }),
  gave_up: (d, c) => say("event.gave_up", d.hunted, c),
  hunt_card_played: (d) => t("event.hunt_card_played", {
    card: huntName(d.card),
    as: d.effect && d.effect !== d.card ? t("event.as", { card: huntName(d.effect) }) : "",
    on: d.places && d.places.length ? t("event.on", { places: placeList(d.places) }) : "",
  }),
  hunt_token_placed: (d) => t("event.hunt_token_placed", { token: tokenName(d.token), places: placeList(d.places) }),
  hunt_token_moved: (d) => t("event.hunt_token_moved", { token: tokenName(d.token), from: placeName(d.origin), to: placeName(d.destination) }),
  hunt_confirmed: () => t("event.hunt_confirmed"),
  passed: (d, c) => say("event.passed", d.seat, c),
  river_choice_made: (d, c) => say("event.river_choice_made", d.hunted, c, { place: placeParts(3).rest }),
  place_cards_revealed: (d, c) => {
    const parts = Object.entries(d.places || {}).map(
      ([seat, cards]) => t("event.at", { who: who(Number(seat), c), places: placeList(cards) }));
    return t("event.place_cards_revealed", { parts: parts.join(t("list.parts")) });
  },
  hunted_moved: (d, c) => say("event.hunted_moved", d.hunted, c, { from: placeName(d.origin), to: placeName(d.destination) }),
  hunted_caught: (d, c) => say("event.hunted_caught", d.hunted, c, { place: placeName(d.place) }),
  will_lost: (d, c) => say("event.will_lost", d.hunted, c, { n: d.amount, why: whyLabel(d.why), left: d.will }),
  last_will_lost: (d, c) => say("event.last_will_lost", d.hunted, c),
  will_regained: (d, c) => say("event.will_regained", d.hunted, c, { will: d.will }),
  assimilation_advanced: (d) => t("event.assimilation_advanced", { spaces: d.spaces, left: d.assimilation }),
  rescue_advanced: (d) => t("event.rescue_advanced", { spaces: d.spaces, left: d.rescue }),
  rescue_held: (d) => t("event.rescue_held", { why: whyLabel(d.why) }),
  marker_placed: () => t("event.marker_placed"),
  marker_removed: () => t("event.marker_removed"),
  power_used: (d, c) => say("event.power_used", d.hunted, c, { place: placeName(d.place) }),
  power_copied: (d, c) => say("event.power_copied", d.hunted, c, { place: placeName(d.place) }),
  took_back_instead: (d, c) => say("event.took_back_instead", d.hunted, c, { place: placeName(d.place) }),
  place_card_taken_back: (d, c) => say("event.place_card_taken_back", d.hunted, c, { card: d.card ? placeName(d.card) : t("card.a_place") }),
  place_card_discarded: (d, c) => say("event.place_card_discarded", d.hunted, c, { card: d.card ? placeName(d.card) : t("card.a_place"), why: whyLabel(d.why) }),
  place_card_returned: (d, c) => t(d.hunted === c.seat ? "event.place_card_returned_yours" : "event.place_card_returned", { card: placeName(d.card), who: who(d.hunted, c) }),
  place_card_gained: (d, c) => say("event.place_card_gained", d.hunted, c, { card: placeName(d.card) }),
  survival_card_played: (d, c) => say("event.survival_card_played", d.hunted, c, { card: survivalName(d.card), choice: playedChoice(d, c) }),
  survival_cards_drawn: (d, c) => say("event.survival_cards_drawn", d.hunted, c, { n: d.count }),
  survival_card_kept: (d) => t("event.survival_card_kept", { card: survivalName(d.card), discarded: d.discarded && d.discarded.length ? t("event.discarded_too", { cards: listOf(d.discarded.map(survivalName)), n: d.discarded.length }) : "" }),
  survival_card_discarded: (d, c) => say("event.survival_card_discarded", d.hunted, c, { why: whyLabel(d.why) }),
  survival_card_discarded_by_you: (d) => t("event.survival_card_discarded_by_you", { card: survivalName(d.card) }),
  survival_deck_reshuffled: () => t("event.survival_deck_reshuffled"),
  hunt_deck_reshuffled: () => t("event.hunt_deck_reshuffled"),
  hunt_cards_drawn: (d) => t("event.hunt_cards_drawn", { n: d.count }),
  hunt_cards_struck_back: (d) => t("event.hunt_cards_struck_back", { card: survivalName("strike-back"), n: d.count }),
  hunt_cards_to_bottom: (d) => t("event.hunt_cards_to_bottom", { cards: listOf(d.cards.map(huntName)) }),
  place_cards_shown: (d, c) => say("event.place_cards_shown", d.hunted, c, { n: d.count }),
  place_cards_shown_to_creature: (d, c) => say("event.place_cards_shown_to_creature", d.hunted, c, { cards: placeList(d.cards) || t("event.nothing") }),
  scream_answered: (d, c) => say(d.option === "will" ? "event.scream_will" : "event.scream_discard", d.hunted, c),
  played_card_swapped: (d, c) => (d.out
    ? say("event.played_card_swapped", d.hunted, c, { out: placeName(d.out), into: placeName(d.into) })
    : say("event.played_card_swapped_hidden", d.hunted, c)),
  hunted_recovered: (d, c) => say("event.hunted_recovered", d.hunted, c),
  // --- Frozen Lands ---
  contamination_taken: (d, c) => say("event.contamination_taken", d.hunted, c, { why: takenWhy(d.why) }),
  contamination_prevented: (d, c) => say("event.contamination_prevented", d.hunted, c, { card: survivalName("vaccine"), why: whyLabel(d.why) }),
  contamination_reserve_empty: (d, c) => say("event.contamination_reserve_empty", d.hunted, c),
  contamination_discarded: (d, c) => say("event.contamination_discarded", d.hunted, c, { why: whyLabel(d.why) }),
  contamination_looked_at: (d, c) => (d.looker === d.hunted
    ? say("event.looked_at_own", d.looker, c)
    : say("event.looked_at", d.looker, c, { token: whoseToken(d.hunted, c) })),
  contamination_seen: (d) => t(d.icon ? "event.contamination_seen_icon" : "event.contamination_seen_blank"),
  contamination_revealed: (d, c) => say(d.icon ? "event.contamination_revealed_icon" : "event.contamination_revealed_blank",
    d.hunted, c, { who: seatName(d.hunted, c.names) }),
  team_decision_opened: (d) => t("event.team_decision_opened", { what: VOTE_ON.includes(d.decision) ? t(`vote_on.${d.decision}`) : d.decision }),
  voted: (d, c) => say("event.voted", d.hunted, c, { vote: voteLabel(d.decision, d.option, c) }),
  team_decision_made: (d, c) => t("event.team_decision_made", { vote: voteLabel(d.decision, d.choice, c) }),
  rescue_refused: (d) => t("event.rescue_refused", { n: d.extra_turns }),
  capsule_overshot: (d, c) => say("event.capsule_overshot", d.hunted, c),
  thin_ice_chosen: (d, c) => say("event.thin_ice_chosen", d.hunted, c),
  thin_ice_choice: (d) => t(d.option === "will" ? "event.thin_ice_choice_will" : "event.thin_ice_choice_token"),
  thin_ice_resolved: (d, c) => say(d.option === "will" ? "event.thin_ice_resolved_will" : "event.thin_ice_resolved_token", d.hunted, c),
  survival_card_given: (d, c) => say("event.survival_card_given", d.giver, c, { to: who(d.receiver, c), to_you: d.receiver === c.seat }),
  survival_card_given_privately: (d) => t("event.survival_card_given_privately", { card: survivalName(d.card) }),
  signal_mirror_declined: (d, c) => say("event.signal_mirror_declined", d.hunted, c),
  ability_used: (d, c) => {
    const ability = abilityName(d.ability);
    // An ability with words of its own for its use (`event.ability_used.<ability id>`)
    const own = `event.ability_used.${d.ability}`;
    if (hasWords(own)) return t(own, { ability, place: d.place ? placeName(d.place) : "", who: seatList(d.caught || [], c) });
    const target = d.target !== undefined && d.target !== null ? t("event.for", { who: who(d.target, c) }) : "";
    return say("event.ability_used", d.hunted, c, { ability, target });
  },
  keen_senses_count: (d) => t("event.keen_senses_count", {
    ability: abilityName("keen-senses"), n: d.count, place: placeName(d.place), bare: placeParts(d.place).rest }),
  hunt_hand_seen: (d) => t("event.hunt_hand_seen", { ability: abilityName("intercept"), cards: listOf(d.cards.map(huntName)) || t("event.nothing") }),
  hunt_card_intercepted: (d, c) => say("event.hunt_card_intercepted", d.hunted, c, { replaced: Boolean(d.replaced) }),
  hunt_card_intercepted_card: (d) => t("event.hunt_card_intercepted_card", { card: huntName(d.card) }),
  hunt_card_drawn: (d) => t("event.hunt_card_drawn", { card: huntName(d.card) }),
  intercept_declined: (d, c) => say("event.intercept_declined", d.hunted, c),
  place_card_changed: (d, c) => say("event.place_card_changed", d.hunted, c, { ability: abilityName("change-of-plan") }),
  place_card_changed_by_you: (d) => t("event.place_card_changed_by_you", {
    ability: abilityName("change-of-plan"), into: placeName(d.into), out: placeName(d.out) }),
  game_over: (d) => t("event.game_over", outcomeText(d)),
};

/** The kinds of event this client has a sentence for (a test checks the engine's list). */
export const EVENT_KINDS = Object.keys(SENTENCES);

/** One event as a sentence (unknown kinds fall back to their name). */
export function eventText(event, ctx) {
  if (event.kind === "place_cards_chosen" && event.data && event.data.hunted === ctx.seat) {
    return t("event.you_chose"); // the private event that follows names the card(s)
  }
  const make = SENTENCES[event.kind];
  try {
    if (make) return make(event.data || {}, ctx);
  } catch {
    // a malformed event still gets a line
  }
  return t("event.unknown", { kind: event.kind });
}

/** A CSS class for important lines. */
export function eventTone(event) {
  if (["hunted_caught", "last_will_lost", "assimilation_advanced", "contamination_taken", "capsule_overshot"].includes(event.kind)) return "bad";
  if (event.kind === "contamination_revealed") return event.data && event.data.icon ? "bad" : "good";
  if (event.kind === "contamination_discarded") return "good";
  if (["rescue_advanced", "will_regained", "hunted_recovered"].includes(event.kind)) return "good";
  if (event.kind === "phase_started" || event.kind === "game_over") return "phase";
  return "";
}
