// The game's events (sync.events, update.events) as readable sentences for the log.

import { huntName, placeList, placeName, survivalName } from "./cards.js";
import { PHASE_LABELS, cap, outcomeText, tokenName, who, whyLabel } from "./labels.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

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
  river_choice_made: (d, c) => `${cap(who(d.hunted, c))} kept one of the two River cards in play.`,
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
  rescue_held: () => "Stasis: the Rescue counter stays put.",
  marker_placed: () => "The Marker is now on the Beach.",
  marker_removed: () => "The Marker left the Beach.",
  power_used: (d, c) => `${cap(who(d.hunted, c))} used the power of ${placeName(d.place)}.`,
  power_copied: (d, c) => `${cap(who(d.hunted, c))} copies the power of ${placeName(d.place)}.`,
  took_back_instead: (d, c) => `${cap(who(d.hunted, c))} took back a Place instead of using ${placeName(d.place)}.`,
  place_card_taken_back: (d, c) => `${cap(who(d.hunted, c))} took back ${d.card ? placeName(d.card) : "a Place card"}.`,
  place_card_discarded: (d, c) => `${cap(who(d.hunted, c))} discarded ${d.card ? placeName(d.card) : "a Place card"} (${whyLabel(d.why)}).`,
  place_card_returned: (d, c) => `${placeName(d.card)} went back to ${d.hunted === c.seat ? "your" : who(d.hunted, c) + "'s"} hand.`,
  place_card_gained: (d, c) => `${cap(who(d.hunted, c))} took ${placeName(d.card)} from the reserve.`,
  survival_card_played: (d, c) => `${cap(who(d.hunted, c))} played ${survivalName(d.card)}${d.places && d.places.length ? ` (${placeList(d.places)})` : ""}.`,
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
  place_cards_shown_to_creature: (d, c) => `${cap(who(d.hunted, c))} shows: ${placeList(d.cards) || "nothing"}.`,
  scream_answered: (d, c) => `${cap(who(d.hunted, c))} chose to ${d.option === "will" ? "lose 1 Will" : "discard 2 Places"}.`,
  played_card_swapped: (d, c) => d.out
    ? `${cap(who(d.hunted, c))} swapped ${placeName(d.out)} for ${placeName(d.into)}.`
    : `${cap(who(d.hunted, c))} swapped their played Place.`,
  hunted_recovered: (d, c) => `${cap(who(d.hunted, c))} recovered: 3 Will and every Place in hand.`,
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
  if (["hunted_caught", "last_will_lost", "assimilation_advanced"].includes(event.kind)) return "bad";
  if (["rescue_advanced", "will_regained", "hunted_recovered"].includes(event.kind)) return "good";
  if (event.kind === "phase_started" || event.kind === "game_over") return "phase";
  return "";
}
