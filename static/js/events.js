// The game's events (sync.events, update.events) as readable sentences for the log.

import { huntName, placeList, placeName, survivalName } from "./cards.js";
import {
  PHASE_LABELS, abilityName, cap, findToken, outcomeText, seatName, tokenName, voteLabel, who,
  whyLabel,
} from "./labels.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const whose = (seat, c) => (seat === c.seat ? "your" : `${seatName(seat, c.names)}'s`);

// Frozen Lands Survival cards carry seats or token ids in `places` (frozen_survival.py).
const SEAT_CARDS = new Set(["hand-warmers", "radio-relay", "whisper", "vaccine", "signal-mirror",
  "body-heat", "antidote", "relay-runner"]);

function playedChoice(d, c) {
  const p = d.places || [];
  if (!p.length) return "";
  if (SEAT_CARDS.has(d.card)) return ` (for ${who(p[0], c)})`;
  if (d.card === "blood-test" || d.card === "field-lab") {
    const t = findToken(c.view, p[0]);
    return t ? ` (on ${whose(t.holder, c)} token ${t.index + 1})` : " (on a token)";
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
  phase_started: (d) => `Turn ${d.turn}: ${PHASE_LABELS[d.phase] || d.phase}.`,
  place_cards_chosen: (d, c) => `${cap(who(d.hunted, c))} chose ${d.count === 1 ? "a Place card" : plural(d.count, "Place card")}, face down.`,
  place_cards_chosen_by_you: (d) => `Face down: ${placeList(d.cards)}.`,
  place_choice_reset: (d, c) => `${cap(who(d.hunted, c))} must choose again.`,
  resisted: (d, c) => `${cap(who(d.hunted, c))} resisted: ${d.will} Will for ${2 * d.will} Places.`,
  gave_up: (d, c) => `${cap(who(d.hunted, c))} gave up: back to 3 Will with every Place in hand.`,
  hunt_card_played: (d) => {
    const as = d.effect && d.effect !== d.card ? ` (as ${huntName(d.effect)})` : "";
    const on = d.places && d.places.length ? ` on ${placeList(d.places)}` : "";
    return `The Creature played ${huntName(d.card)}${as}${on}.`;
  },
  hunt_token_placed: (d) => `The Creature put the ${tokenName(d.token)} on ${placeList(d.places)}.`,
  hunt_token_moved: (d) => `The ${tokenName(d.token)} moved from ${placeName(d.origin)} to ${placeName(d.destination)}.`,
  hunt_confirmed: () => "The Creature has finished hunting.",
  passed: (d, c) => `${cap(who(d.seat, c))} passed.`,
  river_choice_made: (d, c) => `${cap(who(d.hunted, c))} kept one of the two ${placeName(3).replace(/^The /, "")} cards in play.`,
  place_cards_revealed: (d, c) => {
    const parts = Object.entries(d.places || {}).map(
      ([seat, cards]) => `${who(Number(seat), c)} at ${placeList(cards)}`);
    return `Reveal: ${parts.join("; ")}.`;
  },
  hunted_moved: (d, c) => `${cap(who(d.hunted, c))} moved from ${placeName(d.origin)} to ${placeName(d.destination)}.`,
  hunted_caught: (d, c) => `The Creature caught ${who(d.hunted, c)} at ${placeName(d.place)}!`,
  will_lost: (d, c) => `${cap(who(d.hunted, c))} lost ${plural(d.amount, "Will")} (${whyLabel(d.why)}); ${d.will} left.`,
  last_will_lost: (d, c) => `${cap(who(d.hunted, c))} lost the last Will!`,
  will_regained: (d, c) => `${cap(who(d.hunted, c))} regained 1 Will (${d.will} now).`,
  assimilation_advanced: (d) => `Assimilation +${d.spaces}: ${plural(d.assimilation, "space")} to Victory.`,
  rescue_advanced: (d) => `Rescue +${d.spaces}: ${plural(d.rescue, "space")} to Victory.`,
  rescue_held: (d) => `${d.why === "blizzard" ? "Blizzard" : "Stasis"}: the Rescue counter stays put.`,
  marker_placed: () => "The Marker is now on the Beach.",
  marker_removed: () => "The Marker left the Beach.",
  power_used: (d, c) => `${cap(who(d.hunted, c))} used the power of ${placeName(d.place)}.`,
  power_copied: (d, c) => `${cap(who(d.hunted, c))} copies the power of ${placeName(d.place)}.`,
  took_back_instead: (d, c) => `${cap(who(d.hunted, c))} took back a Place instead of using ${placeName(d.place)}.`,
  place_card_taken_back: (d, c) => `${cap(who(d.hunted, c))} took back ${d.card ? placeName(d.card) : "a Place card"}.`,
  place_card_discarded: (d, c) => `${cap(who(d.hunted, c))} discarded ${d.card ? placeName(d.card) : "a Place card"} (${whyLabel(d.why)}).`,
  place_card_returned: (d, c) => `${placeName(d.card)} went back to ${d.hunted === c.seat ? "your" : who(d.hunted, c) + "'s"} hand.`,
  place_card_gained: (d, c) => `${cap(who(d.hunted, c))} took ${placeName(d.card)} from the reserve.`,
  survival_card_played: (d, c) => `${cap(who(d.hunted, c))} played ${survivalName(d.card)}${playedChoice(d, c)}.`,
  survival_cards_drawn: (d, c) => `${cap(who(d.hunted, c))} drew ${plural(d.count, "Survival card")}.`,
  survival_card_kept: (d) => `You kept ${survivalName(d.card)}${d.discarded && d.discarded.length ? `; ${d.discarded.map(survivalName).join(", ")} discarded` : ""}.`,
  survival_card_discarded: (d, c) => `${cap(who(d.hunted, c))} discarded a Survival card (${whyLabel(d.why)}).`,
  survival_card_discarded_by_you: (d) => `You discarded ${survivalName(d.card)}.`,
  survival_deck_reshuffled: () => "The Survival deck was reshuffled.",
  hunt_deck_reshuffled: () => "The Hunt deck was reshuffled.",
  hunt_cards_drawn: (d) => `The Creature drew ${plural(d.count, "Hunt card")}.`,
  hunt_cards_struck_back: (d) => `Strike Back: ${plural(d.count, "Hunt card")} went under the Hunt deck.`,
  hunt_cards_to_bottom: (d) => `Under your deck: ${d.cards.map(huntName).join(", ")}.`,
  place_cards_shown: (d, c) => `${cap(who(d.hunted, c))} showed ${plural(d.count, "Place card")} to the Creature.`,
  place_cards_shown_to_creature: (d, c) => `${cap(who(d.hunted, c))} ${d.hunted === c.seat ? "show" : "shows"}: ${placeList(d.cards) || "nothing"}.`,
  scream_answered: (d, c) => `${cap(who(d.hunted, c))} chose to ${d.option === "will" ? "lose 1 Will" : "discard 2 Places"}.`,
  played_card_swapped: (d, c) => d.out
    ? `${cap(who(d.hunted, c))} swapped ${placeName(d.out)} for ${placeName(d.into)}.`
    : `${cap(who(d.hunted, c))} swapped their played Place.`,
  hunted_recovered: (d, c) => `${cap(who(d.hunted, c))} recovered: 3 Will and every Place in hand.`,
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
    return "You chose, face down."; // the private event that follows names the card(s)
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
