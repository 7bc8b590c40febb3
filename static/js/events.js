// The game's events (sync.events, update.events) as readable sentences for the log.

import { huntName, placeList, placeName, survivalName } from "./cards.js";
import { t } from "./i18n.js";
import {
  PHASE_LABELS, abilityName, cap, findToken, outcomeText, seatName, tokenName, voteLabel, who,
  whyLabel,
} from "./labels.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A sentence about a seat: its name (or "you", with the verb to match) and more words. */
function say(key, seat, c, params = {}) {
  return cap(t(key, { who: who(seat, c), you: seat === c.seat, ...params }));
}
const whose = (seat, c) => (seat === c.seat ? "your" : `${seatName(seat, c.names)}'s`);

// Frozen Lands Survival cards carry seats or token ids in `places` (frozen_survival.py).
const SEAT_CARDS = new Set(["hand-warmers", "radio-relay", "whisper", "vaccine", "signal-mirror",
  "body-heat", "antidote", "relay-runner"]);

function playedChoice(d, c) {
  const p = d.places || [];
  if (!p.length) return "";
  if (SEAT_CARDS.has(d.card)) return ` (for ${who(p[0], c)})`;
  if (d.card === "blood-test" || d.card === "field-lab") {
    const found = findToken(c.view, p[0]);
    return found ? ` (on ${whose(found.holder, c)} token ${found.index + 1})` : " (on a token)";
  }
  if (d.card === "roped-together") return ` (from ${placeName(p[0])} to ${placeName(p[1])})`;
  if (d.card === "huddle") return ` (at ${placeName(p[0])}, only ${who(p[1], c)} suffers)`;
  if (d.card === "scrub-down") return ` (tokens of ${[...new Set(p)].map((s) => who(s, c)).join(" and ")})`;
  return ` (${placeList(p)})`;
}

const TAKEN_WHY = {
  "give-up": "for giving up",
  "last-will": "for losing the last Will",
};

const SENTENCES = {
  phase_started: (d) => t("event.phase_started", { turn: d.turn, phase: PHASE_LABELS[d.phase] || d.phase }),
  place_cards_chosen: (d, c) => say("event.place_cards_chosen", d.hunted, c, { n: d.count }),
  place_cards_chosen_by_you: (d) => t("event.place_cards_chosen_by_you", { cards: placeList(d.cards) }),
  place_choice_reset: (d, c) => say("event.place_choice_reset", d.hunted, c),
  resisted: (d, c) => say("event.resisted", d.hunted, c, { will: d.will, places: 2 * d.will }),
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
  river_choice_made: (d, c) => `${cap(who(d.hunted, c))} kept one of the two ${placeName(3).replace(/^The /, "")} cards in play.`,
  place_cards_revealed: (d, c) => {
    const parts = Object.entries(d.places || {}).map(
      ([seat, cards]) => t("event.at", { who: who(Number(seat), c), places: placeList(cards) }));
    return t("event.place_cards_revealed", { parts: parts.join("; ") });
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
  survival_card_kept: (d) => t("event.survival_card_kept", { card: survivalName(d.card), discarded: d.discarded && d.discarded.length ? t("event.discarded_too", { cards: d.discarded.map(survivalName).join(", ") }) : "" }),
  survival_card_discarded: (d, c) => say("event.survival_card_discarded", d.hunted, c, { why: whyLabel(d.why) }),
  survival_card_discarded_by_you: (d) => t("event.survival_card_discarded_by_you", { card: survivalName(d.card) }),
  survival_deck_reshuffled: () => t("event.survival_deck_reshuffled"),
  hunt_deck_reshuffled: () => t("event.hunt_deck_reshuffled"),
  hunt_cards_drawn: (d) => t("event.hunt_cards_drawn", { n: d.count }),
  hunt_cards_struck_back: (d) => `Strike Back: ${plural(d.count, "Hunt card")} went under the Hunt deck.`,
  hunt_cards_to_bottom: (d) => `Under your deck: ${d.cards.map(huntName).join(", ")}.`,
  place_cards_shown: (d, c) => `${cap(who(d.hunted, c))} showed ${plural(d.count, "Place card")} to the Creature.`,
  place_cards_shown_to_creature: (d, c) => `${cap(who(d.hunted, c))} ${d.hunted === c.seat ? "show" : "shows"}: ${placeList(d.cards) || "nothing"}.`,
  scream_answered: (d, c) => say(d.option === "will" ? "event.scream_will" : "event.scream_discard", d.hunted, c),
  played_card_swapped: (d, c) => d.out
    ? `${cap(who(d.hunted, c))} swapped ${placeName(d.out)} for ${placeName(d.into)}.`
    : `${cap(who(d.hunted, c))} swapped their played Place.`,
  hunted_recovered: (d, c) => say("event.hunted_recovered", d.hunted, c),
  // --- Frozen Lands ---
  contamination_taken: (d, c) => `${cap(who(d.hunted, c))} took a Contamination token, face down (${TAKEN_WHY[d.why] || whyLabel(d.why)}).`,
  contamination_prevented: (d, c) => `Vaccine: ${who(d.hunted, c)} took no Contamination token (${whyLabel(d.why)}).`,
  contamination_reserve_empty: (d, c) => `The token reserve is empty: ${who(d.hunted, c)} took nothing.`,
  contamination_discarded: (d, c) => `${cap(who(d.hunted, c))} discarded a Contamination token (${whyLabel(d.why)}); it went back into the reserve, face down.`,
  contamination_looked_at: (d, c) => `${cap(who(d.looker, c))} secretly looked at ${d.looker === d.hunted ? (d.looker === c.seat ? "your own" : "their own") : whose(d.hunted, c)} token.`,
  contamination_seen: (d) => `You saw it: ${d.icon ? "the token shows the icon (contaminated)" : "the token is blank (clean)"}.`,
  contamination_revealed: (d, c) => `${cap(whose(d.hunted, c))} token is revealed: ${d.icon ? "contaminated!" : "clean."}`,
  team_decision_opened: (d) => `The Hunted vote: ${{ board: "board the rescue ship or wait", blizzard: "who pays for the Blizzard", cleanse: "who discards a token" }[d.decision] || d.decision}.`,
  voted: (d, c) => `${cap(who(d.hunted, c))} voted: ${voteLabel(d.decision, d.option, c)}.`,
  team_decision_made: (d, c) => `The Hunted decided: ${voteLabel(d.decision, d.choice, c)}.`,
  rescue_refused: (d) => `The Hunted wait for the ship: additional turn ${d.extra_turns}.`,
  capsule_overshot: (d, c) => `${cap(who(d.hunted, c))} pushed the Capsule onto Victory: the Hunted lose!`,
  thin_ice_chosen: (d, c) => `${cap(who(d.hunted, c))} chose on the Thin Ice, in secret.`,
  thin_ice_choice: (d) => `Your Thin Ice choice: ${d.option === "will" ? "lose 1 Will" : "take a token"}.`,
  thin_ice_resolved: (d, c) => `Thin Ice: ${who(d.hunted, c)} ${d.option === "will" ? "loses 1 Will" : "takes a Contamination token"}.`,
  survival_card_given: (d, c) => `${cap(who(d.giver, c))} gave a Survival card to ${who(d.receiver, c)}, face down.`,
  survival_card_given_privately: (d) => `The card given: ${survivalName(d.card)}.`,
  signal_mirror_declined: (d, c) => `${cap(who(d.hunted, c))} kept their played card.`,
  ability_used: (d, c) => {
    const name = abilityName(d.ability);
    if (d.ability === "keen-senses") return `The Creature used ${name} on ${placeName(d.place)}.`;
    if (d.ability === "pack-instinct") return `${name}: ${(d.caught || []).map((s) => who(s, c)).join(" and ")} each discard 1 Place card.`;
    const target = d.target !== undefined && d.target !== null ? ` for ${who(d.target, c)}` : "";
    return `${cap(who(d.hunted, c))} used ${name}${target}.`;
  },
  keen_senses_count: (d) => `Keen Senses: ${plural(d.count, "Place card")} of ${placeName(d.place)} played this turn.`,
  hunt_hand_seen: (d) => `Intercept: the Creature holds ${d.cards.map(huntName).join(", ") || "nothing"}.`,
  hunt_card_intercepted: (d, c) => `${cap(who(d.hunted, c))} sent a Hunt card under the Creature's deck${d.replaced ? "; the Creature drew another" : ""}.`,
  hunt_card_intercepted_card: (d) => `Intercepted: ${huntName(d.card)}.`,
  hunt_card_drawn: (d) => `You drew ${huntName(d.card)}.`,
  intercept_declined: (d, c) => `${cap(who(d.hunted, c))} left the Creature's hand as it was.`,
  place_card_changed: (d, c) => `${cap(who(d.hunted, c))} changed their played Place card (Change of Plan).`,
  place_card_changed_by_you: (d) => `Change of Plan: ${placeName(d.into)} instead of ${placeName(d.out)}.`,
  game_over: (d) => {
    const text = outcomeText(d);
    return `${text.title}. ${text.reason}`;
  },
};

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
  return cap(event.kind.replace(/_/g, " ")) + ".";
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
