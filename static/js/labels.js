// Human words for seats, actions, prompts and phases. No rules here: only descriptions of
// what the server offers in `legal_actions` and `you.prompt`.

import { PHASES, huntName, placeList, placeName, survivalName } from "./cards.js";

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Display name of a seat: "Bob", else "Hunted 2"; the Creature's seat says so. */
export function seatName(seat, names) {
  const name = names && names[seat];
  if (seat === 0) return name ? `${name} (the Creature)` : "the Creature";
  return name || `Hunted ${seat}`;
}

/** A seat as the subject of a sentence: "you" for one's own seat. */
export function who(seat, ctx) {
  if (seat === ctx.seat) return "you";
  if (seat === 0) return "the Creature";
  return seatName(seat, ctx.names);
}

export const roleLabel = (seat) => (seat === 0 ? "Creature" : `Hunted ${seat}`);

export const PHASE_LABELS = {
  exploration: "Exploration",
  hunting: "Hunting",
  reckoning: "Reckoning",
  end_of_turn: "End of turn",
  over: "Game over",
};

const WHY = {
  artemia: "the Artemia token",
  ascendancy: "Ascendancy",
  "forbidden-zone": "Forbidden Zone",
  scream: "Scream",
  sacrifice: "Sacrifice",
  creature: "the Creature token",
  mutation: "Mutation",
  toxin: "Toxin",
};
export const whyLabel = (why) => WHY[why] || why;

// --- Actions ------------------------------------------------------------------------------

// The wire form of an action leaves out fields that hold their default value
// ({"type": "Resist"} is Resist with will 1): fill them in before describing an action.
const DEFAULTS = {
  PlayPlaceCards: { cards: [] },
  Resist: { will: 1 },
  PlaceHuntToken: { token: "creature", places: [] },
  PlayHuntCard: { card: "", places: [], hunted: null },
  PlaySurvivalCard: { card: "", places: [] },
  UsePlacePower: { place: 0, option: "", hunted: null, card: null, copy: null },
  TakeBackPlaceCard: { card: 0 },
  DiscardPlaceCard: { card: 0 },
  KeepPlaceCard: { card: 0 },
  KeepHidden: { cards: [] },
  KeepSurvivalCard: { card: "" },
  DiscardSurvivalCard: { card: "" },
  Choose: { option: "" },
};

/** An action with its omitted default fields filled in (for display; send the original). */
export const withDefaults = (a) => ({ ...(DEFAULTS[a.type] || {}), ...a });

/** The group an action is shown in, in display order. */
export const GROUPS = [
  ["place", "Play a Place card"],
  ["change", "Change your choice"],
  ["resist", "Resist or Give Up"],
  ["token", "Place your Hunt tokens"],
  ["hunt", "Play a Hunt card"],
  ["survival", "Play a Survival card"],
  ["power", "Use the place's power"],
  ["takeback", "Take back a Place card"],
  ["discard", "Discard a Place card"],
  ["keep", "Choose"],
  ["done", "When you are done"],
];

const TOKEN_NAMES = { creature: "Creature token", artemia: "Artemia token", target: "Target token" };
export const tokenName = (t) => TOKEN_NAMES[t] || `${t} token`;

/** A plain description of a power's choices, for places without a tailored label. */
function genericPower(a, ctx) {
  const parts = [a.option ? a.option.replace(/-/g, " ") : "use its power"];
  if (a.hunted !== null && a.hunted !== undefined) parts.push(`for ${seatName(a.hunted, ctx.names)}`);
  if (a.card !== null && a.card !== undefined) parts.push(`(${placeName(a.card)})`);
  if (a.copy !== null && a.copy !== undefined) parts.push(`copying ${placeName(a.copy)}`);
  return `${placeName(a.place)}: ${parts.join(" ")}`;
}

function powerLabel(a, ctx) {
  const place = placeName(a.place);
  if (ctx.view && ctx.view.config.variant !== "base") return genericPower(a, ctx);
  switch (a.place) {
    case 1:
      return a.option === "copy" ? `${place}: copy the power of ${placeName(a.copy)}`
        : `${place}: take back your discarded Places`;
    case 2:
    case 6: {
      const n = a.place === 2 ? "1 discarded Place" : "2 discarded Places";
      if (a.option === "this") return `${place}: take ${place} back`;
      if (a.option === "discard") return `${place}: take back 1 discarded Place`;
      return `${place}: take it back with ${n}`;
    }
    case 3: return `${place}: play 2 cards next turn, keep 1`;
    case 4: return ctx.view && ctx.view.board.marker_on_beach
      ? `${place}: remove the Marker, Rescue +1` : `${place}: put the Marker on the Beach`;
    case 5: return `${place}: take ${placeName(a.card)} from the reserve`;
    case 7: return `${place}: draw 2 Survival cards, keep 1`;
    case 8: return `${place}: Rescue +1`;
    case 9: return a.option === "will" ? `${place}: ${seatName(a.hunted, ctx.names)} regains 1 Will`
      : `${place}: draw 1 Survival card`;
    case 10: return `${place}: play 2 cards next turn, both count`;
    default: return genericPower(a, ctx);
  }
}

function huntChoice(a, ctx) {
  const p = a.places || [];
  if (a.card === "detour" || (a.hunted != null && p.length === 2)) {
    return `move ${seatName(a.hunted, ctx.names)} from ${placeName(p[0])} to ${placeName(p[1])}`;
  }
  if (a.hunted != null) return `on ${seatName(a.hunted, ctx.names)}`;
  if (p.length) return `on ${placeList(p)}`;
  return "";
}

function survivalChoice(a) {
  const p = a.places || [];
  switch (a.card) {
    case "sacrifice": return `discard ${placeName(p[0])}`;
    case "vortex": return `swap ${placeName(p[0])} for ${placeName(p[1])}`;
    case "hologram": return `move the Artemia token from ${placeName(p[0])} to ${placeName(p[1])}`;
    case "wrong-track": return `move the Creature token from ${placeName(p[0])} to ${placeName(p[1])}`;
    case "double-back": return `take back ${placeName(p[0])}`;
    case "gate": return `use the power of ${placeName(p[0])}`;
    case "drone": return "use the Rover's power";
    default: return p.length ? `on ${placeList(p)}` : "";
  }
}

function passLabel(ctx) {
  const kind = ctx.view && ctx.view.you && ctx.view.you.prompt && ctx.view.you.prompt.kind;
  if (kind === "hunt") return "Confirm the hunt";
  if (kind === "place_action") return "Do nothing here";
  if (kind === "power") return "Skip";
  return "Pass";
}

/** {group, label, card?, choice?} for one legal action. */
export function describeAction(raw, ctx) {
  const a = withDefaults(raw);
  switch (a.type) {
    case "PlayPlaceCards": {
      const chosen = ctx.view && ctx.view.you && (ctx.view.you.played || []).length > 0;
      const label = `Play ${a.cards.map(placeName).join(" + ")}`;
      return chosen ? { group: "change", label: `${label} instead` } : { group: "place", label };
    }
    case "Resist":
      return { group: "resist", label: `Resist: lose ${a.will} Will, take back ${2 * a.will} Places` };
    case "GiveUp":
      return { group: "resist", label: "Give Up: 3 Will and every Place back (Assimilation +1)" };
    case "PlaceHuntToken":
      return { group: "token", label: `Put the ${tokenName(a.token)} on ${placeList(a.places)}` };
    case "PlayHuntCard": {
      const choice = huntChoice(a, ctx);
      return { group: "hunt", card: a.card, choice,
        label: `Play ${huntName(a.card)}${choice ? ": " + choice : ""}` };
    }
    case "PlaySurvivalCard": {
      const choice = survivalChoice(a);
      return { group: "survival", card: a.card, choice,
        label: `Play ${survivalName(a.card)}${choice ? ": " + choice : ""}` };
    }
    case "UsePlacePower": return { group: "power", label: powerLabel(a, ctx) };
    case "TakeBackPlaceCard": return { group: "takeback", label: `Take back ${placeName(a.card)}` };
    case "DiscardPlaceCard": return { group: "discard", label: `Discard ${placeName(a.card)}` };
    case "KeepPlaceCard": return { group: "keep", label: `Keep ${placeName(a.card)} in play` };
    case "KeepHidden": return { group: "keep", label: `Hide ${a.cards.map(placeName).join(" + ")}` };
    case "KeepSurvivalCard": return { group: "keep", label: `Keep ${survivalName(a.card)}` };
    case "DiscardSurvivalCard": return { group: "keep", label: `Discard ${survivalName(a.card)}` };
    case "Choose":
      return { group: "keep", label: a.option === "discard" ? "Discard 2 Place cards"
        : a.option === "will" ? "Lose 1 Will" : cap(a.option) };
    case "Pass": return { group: "done", label: passLabel(ctx) };
    default: {
      // An action this client has no words for yet: its name and its fields, plainly.
      const name = a.type.replace(/([a-z])([A-Z])/g, "$1 $2");
      const fields = Object.entries(a).filter(([k]) => k !== "type")
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join("+") : v}`);
      return { group: "keep", label: fields.length ? `${name}: ${fields.join(", ")}` : name };
    }
  }
}

// --- Prompts and waiting ------------------------------------------------------------------

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One sentence saying what the seat is asked to do now. */
export function promptText(prompt, view) {
  if (!prompt) return "";
  const d = prompt.data || {};
  const me = view.role === "hunted" ? view.hunted.find((x) => x.seat === view.seat) : null;
  switch (prompt.kind) {
    case "explore": {
      const count = me && me.double ? 2 : 1;
      return `Choose ${count === 2 ? "2 Place cards" : "a Place card"} to play face down. You may Resist or Give Up first.`;
    }
    case "window": {
      const deck = view.role === "creature" ? "Hunt" : "Survival";
      return `You may play a ${deck} card of the ${PHASES[d.phase] || "current"} phase, or pass.`;
    }
    case "hunt":
      return (view.board.tokens || {}).creature
        ? "Confirm the hunt, once you have placed any other token you may and played the Hunt card you want."
        : "Put the Creature token on a place of Artemia. You may also play a Hunt card.";
    case "take_back": return `Take back ${plural(d.count, "Place card")} from your discard pile.`;
    case "discard":
      return `Discard ${plural(d.count, "Place card")} from your hand (${whyLabel(d.why)}).`;
    case "keep_place": return "The River: choose the card that stays in play; the other goes back to your hand.";
    case "keep_hidden": return "Phobia: choose the 2 Place cards you keep hidden; the Creature sees the rest.";
    case "keep_survival": return "The Shelter: keep one of the Survival cards you drew.";
    case "discard_survival": return "Toxin: discard one of your Survival cards.";
    case "scream": return "Scream: discard 2 Place cards or lose 1 Will.";
    case "place_action":
      return `You are at ${placeName(d.place)}: use its power, or take back 1 discarded Place instead.`;
    case "power": return `Choose how to use the power of ${placeName(d.place)}.`;
    default: return `Your decision: ${prompt.kind.replace(/_/g, " ")}.`;
  }
}

const DOING = {
  explore: "choosing a Place",
  window: "may play a card",
  hunt: "hunting",
  take_back: "taking back Places",
  discard: "discarding",
  keep_place: "choosing a River card",
  keep_hidden: "hiding 2 Places",
  keep_survival: "keeping a Survival card",
  discard_survival: "discarding a Survival card",
  scream: "answering the Scream",
  place_action: "at their place",
  power: "using a power",
};
export const doingLabel = (kind) => DOING[kind] || kind.replace(/_/g, " ");

/** The end of the game in words. */
export function outcomeText(outcome) {
  if (!outcome) return "";
  if (outcome.winner === "hunted") {
    return { title: "The Hunted win", reason: outcome.reason === "rescue"
      ? "The Rescue counter reached Victory: the rescue ship has come." : outcome.reason };
  }
  return { title: "The Creature wins", reason: outcome.reason === "assimilation"
    ? "The Assimilation counter reached Victory: Artemia has claimed the Hunted." : outcome.reason };
}
