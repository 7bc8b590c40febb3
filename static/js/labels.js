// Human words for seats, actions, prompts and phases. No rules here: only descriptions of
// what the server offers in `legal_actions` and `you.prompt`.

import { HUNT_CARDS, PHASES, SURVIVAL_CARDS, huntName, placeList, placeName, survivalName } from "./cards.js";
import { ABILITIES, SHEETS, percent, tokenOdds } from "./frozen.js";
import { t } from "./i18n.js";

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "Ann", "Ann and Bob", "Ann, Bob and the Creature" (in the page's language). */
export function listOf(items) {
  if (items.length <= 1) return items.join("");
  return t("list.and", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/** Display name of a seat: "Bob", else "Hunted 2"; the Creature's seat says so. */
export function seatName(seat, names) {
  const name = names && names[seat];
  if (seat === 0) return name ? t("seat.creature_named", { name }) : t("seat.the_creature");
  return name || t("seat.hunted", { n: seat });
}

/** A seat as the subject of a sentence: "you" for one's own seat. */
export function who(seat, ctx) {
  if (seat === ctx.seat) return t("seat.you");
  if (seat === 0) return t("seat.the_creature");
  return seatName(seat, ctx.names);
}

export const roleLabel = (seat) => (seat === 0 ? t("role.creature") : t("seat.hunted", { n: seat }));

export const PHASE_LABELS = {
  exploration: t("phase.exploration"),
  hunting: t("phase.hunting"),
  reckoning: t("phase.reckoning"),
  end_of_turn: t("phase.end_of_turn"),
  over: t("phase.over"),
};

const WHY = new Set(["artemia", "creature", "give-up", "ice-cave", "last-will", "refusal", "hot-springs",
  "place-action", "not-given"]);
/** Why something happened: a card's or an ability's name, or a few words. */
export function whyLabel(why) {
  if (WHY.has(why)) return t(`why.${why}`);
  if (HUNT_CARDS[why]) return huntName(why);
  if (SURVIVAL_CARDS[why]) return survivalName(why);
  if (ABILITIES[why]) return ABILITIES[why].name;
  return String(why || "").replace(/-/g, " ");
}

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



/** "your token 2 (face unknown)", "Ann's token 1 (clean)". */
export function tokenLabel(id, ctx) {
  const found = findToken(ctx.view, id);
  if (!found) return t("token.a_contamination");
  const face = t(found.face ? `face.${found.face}` : "face.unknown");
  const which = found.count > 1 ? found.index + 1 : "";
  return found.holder === ctx.seat ? t("token.yours", { which, face })
    : t("token.theirs", { who: seatName(found.holder, ctx.names), which, face });
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
export const GROUPS = ["place", "change", "resist", "vote", "token", "hunt", "survival", "ability",
  "power", "takeback", "contamination", "discard", "keep", "done"].map((g) => [g, t(`group.${g}`)]);

export const tokenName = (token) => t(`token.${token}`);

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
      return a.option === "copy" ? `${place}: ${t("power.copy", { place: placeName(a.copy) })}`
        : `${place}: ${t("power.lair")}`;
    case 2:
    case 6: {
      if (a.option === "this") return `${place}: ${t("power.this", { place })}`;
      if (a.option === "discard") return `${place}: ${t("power.one_back")}`;
      return `${place}: ${t(a.place === 2 ? "power.jungle" : "power.swamp")}`;
    }
    case 3: return `${place}: ${t("power.river")}`;
    case 4: return `${place}: ${t(ctx.view && ctx.view.board.marker_on_beach ? "power.beach_remove" : "power.beach_put")}`;
    case 5: return `${place}: ${t("power.rover", { place: placeName(a.card) })}`;
    case 7: return `${place}: ${t("power.shelter")}`;
    case 8: return `${place}: ${t("power.wreck")}`;
    case 9: return a.option === "will" ? `${place}: ${t("power.source_will", { who: seatName(a.hunted, ctx.names) })}`
      : `${place}: ${t("power.source_card")}`;
    case 10: return `${place}: ${t("power.artefact")}`;
    default: return genericPower(a, ctx);
  }
}

function huntChoice(a, ctx) {
  const p = a.places || [];
  if (a.card === "detour" || (a.hunted != null && p.length === 2)) {
    return t("choice.move", { who: seatName(a.hunted, ctx.names), from: placeName(p[0]), to: placeName(p[1]) });
  }
  if (a.hunted != null) return t("choice.on", { what: seatName(a.hunted, ctx.names) });
  if (p.length) return t("choice.on", { what: placeList(p) });
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
    case "sacrifice": return t("choice.discard", { card: placeName(p[0]) });
    case "vortex": return t("choice.swap", { out: placeName(p[0]), into: placeName(p[1]) });
    case "hologram": return t("choice.move_token", { token: tokenName("artemia"), from: placeName(p[0]), to: placeName(p[1]) });
    case "wrong-track": return t("choice.move_token", { token: tokenName("creature"), from: placeName(p[0]), to: placeName(p[1]) });
    case "double-back": return t("choice.take_back", { card: placeName(p[0]) });
    case "gate": return t("choice.use_power", { place: placeName(p[0]) });
    case "drone": return t("choice.use_power", { place: placeName(5) });
    default: return p.length ? t("choice.on", { what: placeList(p) }) : "";
  }
}

const promptKind = (ctx) => ctx.view && ctx.view.you && ctx.view.you.prompt && ctx.view.you.prompt.kind;

const PASS_KINDS = ["hunt", "place_action", "power", "look", "intercept", "signal_mirror", "stand_together", "gain"];

function passLabel(ctx) {
  const kind = promptKind(ctx);
  return t(PASS_KINDS.includes(kind) ? `pass.${kind}` : "pass.pass");
}

/** A team decision's option in words (C11): board or wait, who pays, who discards. */
export function voteLabel(decision, option, ctx) {
  const seat = Number(option);
  const isSeat = Number.isInteger(seat) && String(seat) === option;
  const params = isSeat ? { who: seat === ctx.seat ? t("seat.you") : seatName(seat, ctx.names), you: seat === ctx.seat } : {};
  const key = isSeat ? `vote.${decision}.seat` : `vote.${decision}.${option}`;
  const text = t(key, params);
  return text === key ? cap(String(option)) : cap(text);
}

export const DECISIONS = {
  board: t("decision.board"),
  blizzard: t("decision.blizzard"),
  cleanse: t("decision.cleanse"),
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
      const cards = a.cards.map(placeName).join(" + ");
      return chosen ? { group: "change", label: t("action.play_instead", { cards }) }
        : { group: "place", label: t("action.play", { cards }) };
    }
    case "Resist":
      return { group: "resist", label: t("action.resist", { will: a.will, places: 2 * a.will }) };
    case "GiveUp":
      return { group: "resist", label: t("action.give_up") };
    case "PlaceHuntToken":
      return { group: "token", label: t("action.put_token", { token: tokenName(a.token), places: placeList(a.places) }) };
    case "PlayHuntCard": {
      const choice = huntChoice(a, ctx);
      return { group: "hunt", card: a.card, choice,
        label: `${t("action.play", { cards: huntName(a.card) })}${choice ? ": " + choice : ""}` };
    }
    case "PlaySurvivalCard": {
      const choice = survivalChoice(a, ctx);
      return { group: "survival", card: a.card, choice,
        label: `${t("action.play", { cards: survivalName(a.card) })}${choice ? ": " + choice : ""}` };
    }
    case "UsePlacePower": return { group: "power", label: powerLabel(a, ctx) };
    case "TakeBackPlaceCard": return { group: "takeback", label: t("action.take_back", { card: placeName(a.card) }) };
    case "DiscardPlaceCard": return { group: "discard", label: t("action.discard", { card: placeName(a.card) }) };
    case "KeepPlaceCard": return { group: "keep", label: t("action.keep_in_play", { card: placeName(a.card) }) };
    case "KeepHidden": return { group: "keep", label: t("action.hide", { cards: a.cards.map(placeName).join(" + ") }) };
    case "KeepSurvivalCard": return { group: "keep", label: t("action.keep", { card: survivalName(a.card) }) };
    case "DiscardSurvivalCard": return { group: "keep", label: t("action.discard", { card: survivalName(a.card) }) };
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
  const frozen = view.config.variant === "frozen-lands";
  switch (prompt.kind) {
    case "explore": return t(me && me.double ? "prompt.explore_two" : "prompt.explore");
    case "window":
      return t(view.role === "creature" ? "prompt.window_hunt" : "prompt.window_survival",
        { phase: PHASES[d.phase] || "" });
    case "hunt": return t((view.board.tokens || {}).creature ? "prompt.hunt_confirm" : "prompt.hunt");
    case "take_back": return t("prompt.take_back", { n: d.count });
    case "discard": return t("prompt.discard", { n: d.count, why: whyLabel(d.why) });
    case "keep_place": return t("prompt.keep_place", { place: placeName(3) });
    case "keep_survival": return d.give ? t("prompt.keep_survival_give") : t("prompt.keep_survival", { place: placeName(7) });
    case "place_action": return t(frozen ? "prompt.place_action_frozen" : "prompt.place_action", { place: placeName(d.place) });
    case "team": return `${DECISIONS[d.decision] || ""} ${t("prompt.team")}`.trim();
    case "discard_token": return t("prompt.discard_token", { why: whyLabel(d.why) });
    case "look": return t(d.optional ? "prompt.look_optional" : "prompt.look");
    case "give_survival": return t("prompt.give_survival", { card: survivalName(d.card) });
    case "change_of_plan": return t("prompt.change_of_plan", { place: placeName(d.out) });
    case "stand_together": return t("prompt.stand_together", { who: seatName(d.hunted, names) });
    case "power": return t("prompt.power", { place: placeName(d.place) });
    default: {
      const key = `prompt.${prompt.kind}`;
      return t(key) === key ? t("prompt.other", { kind: prompt.kind.replace(/_/g, " ") }) : t(key);
    }
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
export const doingLabel = (kind) => (DOING[kind] ? t(`doing.${kind}`) : kind.replace(/_/g, " "));

/** The end of the game in words. */
export function outcomeText(outcome) {
  if (!outcome) return "";
  const reason = `outcome.${outcome.reason}`;
  return { title: t(outcome.winner === "hunted" ? "outcome.hunted_win" : "outcome.creature_wins"),
    reason: t(reason) === reason ? outcome.reason : t(reason) };
}
