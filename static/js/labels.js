// Human words for seats, actions, prompts and phases. No rules here: only descriptions of
// what the server offers in `legal_actions` and `you.prompt`.

import { PHASES, huntName, placeList, placeName, survivalName } from "./cards.js";
import { ABILITIES, SHEETS, percent, tokenOdds } from "./frozen.js";

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
  // Frozen Lands: why a Contamination token was taken or discarded, or a card lost
  "give-up": "Give Up",
  frostbite: "Frostbite",
  "ice-cave": "caught at The Ice Cave",
  contagion: "Contagion",
  hypothermia: "Hypothermia",
  "tainted-meltwater": "Tainted Meltwater",
  "thin-ice": "Thin Ice",
  "last-will": "lost the last Will",
  refusal: "after waiting for the ship",
  "hot-springs": "The Hot Springs",
  "scrub-down": "Scrub Down",
  antidote: "Antidote",
  "place-action": "instead of the place's power",
  "blood-test": "Blood Test",
  avalanche: "Avalanche",
  blizzard: "Blizzard",
  "pack-instinct": "Pack Instinct",
  "stand-together": "Stand Together",
  "not-given": "not given",
  stasis: "Stasis",
  "roped-together": "Roped Together",
  "relay-runner": "Relay Runner",
};
export const whyLabel = (why) => WHY[why] || String(why || "").replace(/-/g, " ");

/** A Hunted's sheet: {name, role, ability: {id, name, often, when, text}} or null. */
export function sheetInfo(sheet) {
  const info = SHEETS[sheet];
  if (!info) return null;
  return { ...info, ability: { id: info.ability, ...ABILITIES[info.ability] } };
}

export const abilityName = (id) => (ABILITIES[id] ? ABILITIES[id].name : cap(String(id).replace(/-/g, " ")));

/** Where a Contamination token is and what this page knows of it: {holder, index, face}. */
export function findToken(view, id) {
  for (const x of (view && view.hunted) || []) {
    const index = (x.tokens || []).findIndex((t) => t.id === id);
    if (index >= 0) return { holder: x.seat, index, face: x.tokens[index].face, count: x.tokens.length };
  }
  return null;
}

const FACE_WORDS = { icon: "contaminated", blank: "clean" };

/** "your token 2 (face unknown)", "Ann's token 1 (clean)". */
export function tokenLabel(id, ctx) {
  const t = findToken(ctx.view, id);
  if (!t) return "a Contamination token";
  const owner = t.holder === ctx.seat ? "your" : `${seatName(t.holder, ctx.names)}'s`;
  const which = t.count > 1 ? `token ${t.index + 1}` : "token";
  return `${owner} ${which} (${FACE_WORDS[t.face] || "face unknown"})`;
}

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
  DiscardContamination: { token: 0 },
  LookAtToken: { token: 0 },
  Vote: { option: "" },
  UseAbility: { ability: "", hunted: null, place: null, card: "" },
};

/** An action with its omitted default fields filled in (for display; send the original). */
export const withDefaults = (a) => ({ ...(DEFAULTS[a.type] || {}), ...a });

/** The group an action is shown in, in display order. */
export const GROUPS = [
  ["place", "Play a Place card"],
  ["change", "Change your choice"],
  ["resist", "Resist or Give Up"],
  ["vote", "Your vote"],
  ["token", "Place your Hunt tokens"],
  ["hunt", "Play a Hunt card"],
  ["survival", "Play a Survival card"],
  ["ability", "Use your sheet's ability"],
  ["power", "Use the place's power"],
  ["takeback", "Take back a Place card"],
  ["contamination", "Contamination tokens"],
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

/** The Frozen Lands places' powers (frozen_lands.md §3), one label per offered option. */
function frozenPowerLabel(a, ctx) {
  const place = placeName(a.place);
  const forWho = (seat) => (seat === ctx.seat ? "you" : seatName(seat, ctx.names));
  switch (a.place) {
    case 1:
      return a.option === "copy" ? `${place}: copy the power of ${placeName(a.copy)}`
        : `${place}: take back all your discarded Places`;
    case 2:
      if (a.option === "this") return `${place}: take ${place} back`;
      if (a.option === "other") return `${place}: ${forWho(a.hunted)} takes back 1 discarded Place`;
      return a.hunted === null ? `${place}: take it back`
        : `${place}: take it back; ${forWho(a.hunted)} takes back 1 discarded Place`;
    case 3: return `${place}: ${forWho(a.hunted)} may play 2 cards next turn, keeping 1`;
    case 4: return `${place}: Rescue +1 (with another Hunted here)`;
    case 5: return a.card !== null ? `${place}: take ${placeName(a.card)} from the reserve`
      : `${place}: ${forWho(a.hunted)} takes a Place from the reserve`;
    case 6:
      if (a.option === "cleanse") return `${place}: ${forWho(a.hunted)} ${a.hunted === ctx.seat ? "discard" : "discards"} 1 Contamination token`;
      if (a.option === "discard") return `${place}: take back 1 discarded Place`;
      return `${place}: take it back with up to 2 discarded Places`;
    case 7: return `${place}: draw 2 Survival cards, keep 1, give or discard the other`;
    case 8: return a.option === "advance"
      ? `${place}: Rescue +1${ctx.view && ctx.view.board.rescue === 1 ? " (onto Victory: you LOSE)" : ""}, then you may peek at a token`
      : `${place}: secretly look at a Contamination token`;
    case 9:
      if (a.option === "both") return `${place}: ${forWho(a.hunted)} ${a.hunted === ctx.seat ? "regain" : "regains"} 1 Will and you draw 1 Survival card`;
      if (a.option === "will") return `${place}: ${forWho(a.hunted)} ${a.hunted === ctx.seat ? "regain" : "regains"} 1 Will`;
      return `${place}: draw 1 Survival card`;
    case 10: return `${place}: play 2 cards next turn, both count`;
    default: return genericPower(a, ctx);
  }
}

function powerLabel(a, ctx) {
  const place = placeName(a.place);
  if (ctx.view && ctx.view.config.variant === "frozen-lands") return frozenPowerLabel(a, ctx);
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

function survivalChoice(a, ctx) {
  const p = a.places || [];
  const name = (seat) => (seat === ctx.seat ? "you" : seatName(seat, ctx.names));
  switch (a.card) {
    // Frozen Lands cards carry seats or token ids in `places` (see frozen_survival.py).
    case "hand-warmers": return `${name(p[0])} ${p[0] === ctx.seat ? "regain" : "regains"} 1 Will`;
    case "radio-relay": return `${name(p[0])} takes back up to 2 discarded Places`;
    case "whisper": return `talk privately with ${name(p[0])}`;
    case "vaccine": return `protect ${p[0] === ctx.seat ? "yourself" : name(p[0])} from Contamination`;
    case "signal-mirror": return `${name(p[0])} may swap their played Place`;
    case "body-heat": return `you and ${name(p[0])} regain 1 Will`;
    case "antidote": return `${name(p[0])} ${p[0] === ctx.seat ? "discard" : "discards"} 1 Contamination token`;
    case "relay-runner": return `${name(p[0])} takes back their played Place`;
    case "blood-test": return `reveal ${tokenLabel(p[0], ctx)}`;
    case "field-lab": return `look at ${tokenLabel(p[0], ctx)} first`;
    case "roped-together": return `move from ${placeName(p[0])} to ${placeName(p[1])}`;
    case "huddle": return `at ${placeName(p[0])}, only ${name(p[1])} ${p[1] === ctx.seat ? "suffer" : "suffers"} the Creature token`;
    case "scrub-down": {
      const seats = [...new Set(p)];
      return `discard ${seats.map((s) => `${p.filter((x) => x === s).length} of ${s === ctx.seat ? "your" : seatName(s, ctx.names) + "'s"}`).join(" and ")} tokens`;
    }
    case "windbreak": return "ignore the Target token here";
    case "supply-drop": return "draw 2, keep 1, give or discard the other";
    case "sacrifice": return `discard ${placeName(p[0])}`;
    case "vortex": return `swap ${placeName(p[0])} for ${placeName(p[1])}`;
    case "hologram": return `move the Artemia token from ${placeName(p[0])} to ${placeName(p[1])}`;
    case "wrong-track": return `move the Creature token from ${placeName(p[0])} to ${placeName(p[1])}`;
    case "double-back": return `take back ${placeName(p[0])}`;
    case "gate": return `use the power of ${placeName(p[0])}`;
    case "drone": return `use the power of ${placeName(5)}`;
    default: return p.length ? `on ${placeList(p)}` : "";
  }
}

const promptKind = (ctx) => ctx.view && ctx.view.you && ctx.view.you.prompt && ctx.view.you.prompt.kind;

function passLabel(ctx) {
  const kind = promptKind(ctx);
  if (kind === "hunt") return "Confirm the hunt";
  if (kind === "place_action") return "Do nothing here";
  if (kind === "power") return "Skip";
  if (kind === "look") return "Do not look";
  if (kind === "intercept") return "Leave the Creature's hand as it is";
  if (kind === "signal_mirror") return "Keep your played card";
  if (kind === "stand_together") return "Do not step in";
  if (kind === "gain") return "Nothing to take";
  return "Pass";
}

/** A team decision's option in words (C11): board or wait, who pays, who discards. */
export function voteLabel(decision, option, ctx) {
  const seat = Number(option);
  const name = Number.isInteger(seat) && String(seat) === option
    ? (seat === ctx.seat ? "you" : seatName(seat, ctx.names)) : option;
  switch (decision) {
    case "board":
      return option === "board" ? "Board the ship: every token is revealed"
        : "Wait one more turn (one of you may then discard a token)";
    case "blizzard":
      return option === "nobody" ? "Nobody pays: the Rescue counter stays"
        : `${cap(name)} ${name === "you" ? "discard" : "discards"} 2 Place cards: Rescue advances`;
    case "cleanse":
      return option === "nobody" ? "Nobody discards a token"
        : `${cap(name)} ${name === "you" ? "discard" : "discards"} 1 Contamination token`;
    default: return cap(String(option));
  }
}

export const DECISIONS = {
  board: "Board the rescue ship, or wait?",
  blizzard: "Blizzard: who pays 2 Place cards for the Rescue step?",
  cleanse: "Who discards a Contamination token?",
};

/** One line of odds for the board-or-wait decision, from what this page knows. */
export function boardOdds(view) {
  const o = tokenOdds(view);
  if (!o.held) return "No Contamination token is held: boarding is safe.";
  if (o.icon) return `Boarding now loses: ${o.icon === 1 ? "a token is" : `${o.icon} tokens are`} known to show the icon.`;
  if (!o.unknown) return "Every token held is known to be clean: boarding wins.";
  const known = o.blank ? `, ${o.blank} held ${o.blank === 1 ? "is" : "are"} known clean` : "";
  return `Board: ${percent(o.clean)} chance that ${o.unknown === 1 ? "the unknown token is" : o.unknown === 2 ? "both unknown tokens are" : `all ${o.unknown} unknown tokens are`} clean (5 of the 14 carry the icon${known}). Wait: no rescue this turn, but one of you may discard a token.`;
}

function chooseLabel(a, ctx) {
  const kind = promptKind(ctx);
  const prompt = ctx.view && ctx.view.you && ctx.view.you.prompt;
  const o = a.option;
  switch (kind) {
    case "gain": return `Take ${placeName(Number(o))} from the reserve`;
    case "give_survival": {
      const card = prompt && prompt.data ? survivalName(prompt.data.card) : "the card";
      return o === "discard" ? `Discard ${card}` : `Give ${card} to ${seatName(Number(o), ctx.names)}`;
    }
    case "thin_ice": return o === "will" ? "Lose 1 Will" : "Take 1 Contamination token";
    case "signal_mirror": {
      const [out, into] = o.split(":").map(Number);
      return `Swap ${placeName(out)} for ${placeName(into)} from your discard pile`;
    }
    case "intercept": return `Send ${huntName(o)} under the Hunt deck`;
    default:
      return o === "discard" ? "Discard 2 Place cards" : o === "will" ? "Lose 1 Will" : cap(o);
  }
}

function abilityLabel(a, ctx) {
  const name = abilityName(a.ability);
  const other = (seat) => (seat === ctx.seat ? "you" : seatName(seat, ctx.names));
  switch (a.ability) {
    case "intercept": return { choice: "Look at the Hunt cards", label: `${name}: look at the Creature's Hunt cards` };
    case "keen-senses": return { choice: `${a.place} ${placeName(a.place).replace(/^The /, "")}`,
      label: `${name}: count the Place cards played on ${placeName(a.place)}` };
    case "change-of-plan": return { choice: `Take back ${placeName(a.place)}`,
      label: `${name}: take back ${placeName(a.place)} and play another Place` };
    case "triage": return { choice: `${cap(other(a.hunted))} regains 1 Will`,
      label: `${name}: ${other(a.hunted)} regains 1 Will` };
    case "share-supplies": return { choice: `${survivalName(a.card)} to ${other(a.hunted)}`,
      label: `${name}: give ${survivalName(a.card)} to ${other(a.hunted)}` };
    case "stand-together": return { choice: `Lose 1 Will for ${other(a.hunted)}`,
      label: `${name}: lose 1 Will so that ${other(a.hunted)} keeps their last` };
    default: return { choice: name, label: name };
  }
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
      const choice = survivalChoice(a, ctx);
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
    case "Choose": return { group: "keep", label: chooseLabel(a, ctx) };
    case "Vote": {
      const prompt = ctx.view && ctx.view.you && ctx.view.you.prompt;
      const decision = prompt && prompt.data ? prompt.data.decision : "";
      return { group: "vote", label: voteLabel(decision, a.option, ctx) };
    }
    case "DiscardContamination": return { group: "contamination", label: `Discard ${tokenLabel(a.token, ctx)}` };
    case "LookAtToken": return { group: "contamination", label: `Look at ${tokenLabel(a.token, ctx)}` };
    case "UseAbility": {
      const { choice, label } = abilityLabel(a, ctx);
      return { group: "ability", ability: a.ability, choice, label };
    }
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
export function promptText(prompt, view, names = {}) {
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
    case "keep_place": return `${placeName(3)}: choose the card that stays in play; the other goes back to your hand.`;
    case "keep_hidden": return "Phobia: choose the 2 Place cards you keep hidden; the Creature sees the rest.";
    case "keep_survival": return d.give
      ? "Keep one of the 2 Survival cards you drew; then give the other to another Hunted, or discard it."
      : `${placeName(7)}: keep one of the Survival cards you drew.`;
    case "discard_survival": return "Toxin: discard one of your Survival cards.";
    case "scream": return "Scream: discard 2 Place cards or lose 1 Will.";
    case "place_action":
      return view.config.variant === "frozen-lands"
        ? `You are at ${placeName(d.place)}: use its power, or instead take back 1 discarded Place or discard 1 Contamination token.`
        : `You are at ${placeName(d.place)}: use its power, or take back 1 discarded Place instead.`;
    case "team":
      return `${DECISIONS[d.decision] || "A team decision."} Every Hunted votes; the majority decides, and a tie changes nothing.`;
    case "discard_token": return `Discard one of your Contamination tokens (${whyLabel(d.why)}).`;
    case "look": return d.optional
      ? "You may secretly look at a Contamination token: only you will see its face."
      : "Secretly look at a Contamination token: only you will see its face.";
    case "gain": return "The Sled: take a Place card from the reserve, one whose number you do not own.";
    case "give_survival": return `Give ${survivalName(d.card)} face down to another Hunted, or discard it.`;
    case "thin_ice": return "Thin Ice: lose 1 Will or take 1 Contamination token. The others here choose in secret too.";
    case "signal_mirror": return "Signal Mirror: you may swap your played Place card for one from your discard pile.";
    case "relay_runner": return "Relay Runner: choose which of your played Place cards goes back to your hand.";
    case "intercept": return "Intercept: these are the Creature's Hunt cards. You may send one under its deck.";
    case "change_of_plan": return `Change of Plan: play another Place card instead of ${placeName(d.out)}.`;
    case "stand_together": return `Stand Together: ${seatName(d.hunted, names)} is about to lose their last Will. Lose 1 Will yourself to spare them?`;
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
  keep_place: "keeping 1 of 2 cards",
  keep_hidden: "hiding 2 Places",
  keep_survival: "keeping a Survival card",
  discard_survival: "discarding a Survival card",
  scream: "answering the Scream",
  place_action: "at their place",
  power: "using a power",
  team: "voting",
  discard_token: "discarding a token",
  look: "looking at a token",
  gain: "taking a Place",
  give_survival: "giving a card",
  thin_ice: "on Thin Ice",
  signal_mirror: "Signal Mirror",
  relay_runner: "Relay Runner",
  intercept: "Intercept",
  change_of_plan: "Change of Plan",
  stand_together: "Stand Together",
};
export const doingLabel = (kind) => DOING[kind] || kind.replace(/_/g, " ");

/** The end of the game in words. */
export function outcomeText(outcome) {
  if (!outcome) return "";
  if (outcome.winner === "hunted") {
    return { title: "The Hunted win", reason: outcome.reason === "rescue"
      ? "The Rescue counter reached Victory: the rescue ship has come." : outcome.reason };
  }
  const reasons = {
    assimilation: "The Assimilation counter reached Victory: Artemia has claimed the Hunted.",
    contamination: "The Hunted boarded, but a Contamination token showed the icon.",
    capsule: "The Capsule carried the Rescue counter onto Victory, and the Hunted lost.",
  };
  return { title: "The Creature wins", reason: reasons[outcome.reason] || outcome.reason };
}
