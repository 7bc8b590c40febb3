// Human words for seats, actions, prompts and phases. No rules here: only descriptions of
// what the server offers in `legal_actions` and `you.prompt`.

import { HUNT_CARDS, PHASES, SURVIVAL_CARDS, huntName, placeList, placeName, placeParts, survivalName } from "./cards.js";
import { ABILITIES, SHEETS, percent } from "./frozen.js";
import { hasWords, t } from "./i18n.js";

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

/** Why something happened: a few words of the message catalogue (`why.<reason>`), else a
 * card's or an ability's name. */
export function whyLabel(why) {
  const key = `why.${why}`;
  if (hasWords(key)) return t(key);
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

// The wire form of an action leaves out fields that hold their default value ({"type":
// "Resist"} is Resist with 1 Will): the view's `offers` give every field, what the choices
// point at and what the action costs. An offer's identity is its action with every field
// (`offerKey`): the client's controls carry the offers' full actions and find their offer by
// that key, never by position; a wire form finds the one offer whose fields it names.

const sameValue = (x, y) => JSON.stringify(x) === JSON.stringify(y);
const fieldsIn = (a, b) => Object.keys(a).every((k) => sameValue(a[k], b[k]));

/** An action's identity: its fields in a fixed order (the same for equal actions). */
export const offerKey = (a) => JSON.stringify(Object.keys(a).sort().map((k) => [k, a[k]]));

const indexes = new WeakMap();

/** The view's offers by key (built once per view). */
function offerIndex(view) {
  let index = indexes.get(view);
  if (!index) {
    index = new Map(((view && view.offers) || []).map((o) => [offerKey(o.action), o]));
    indexes.set(view, index);
  }
  return index;
}

/** The view's offer of exactly this action (every field), by its identity; else null. */
export const offerWithKey = (a, view) => (view && a ? offerIndex(view).get(offerKey(a)) || null : null);

/** The view's offer for an action (full or wire form), found by its identity; else null. */
export function offerOf(a, view) {
  const exact = offerWithKey(a, view);
  if (exact || !view || !a) return exact;
  const loose = (view.offers || []).filter((o) => fieldsIn(a, o.action));
  return loose.length === 1 ? loose[0] : null;
}

/** The actions this seat may take now, each with every field (the offers' order). */
export const offeredActions = (view) => ((view && view.offers) || []).map((o) => o.action);

/** An action with every field, as the engine lists it in `view.offers` (else as given: a
 * replay's actions come with every field already). */
export const withDefaults = (a, view) => (offerOf(a, view) || { action: a }).action;

/** What a legal action costs and does at once (the engine's `offers[i].cost`): {} if nothing. */
export const costOf = (a, view) => (offerOf(a, view) || { cost: {} }).cost || {};

/** The consequences a button must state beyond its own words: Assimilation, Contamination
 * tokens, and the end of the game. */
export function costNote(cost) {
  const parts = [];
  if (cost.assimilation) parts.push(t("cost.assimilation", { n: cost.assimilation }));
  if (cost.tokens > 0) parts.push(t("cost.tokens", { n: cost.tokens }));
  if (cost.ends_game) {
    parts.push(t(cost.winner === "creature" ? "cost.ends_creature" : cost.winner === "hunted"
      ? "cost.ends_hunted" : "cost.ends_game"));
  }
  return parts.length ? ` (${parts.join(t("list.parts"))})` : "";
}

/** The group an action is shown in, in display order. */
export const GROUPS = ["place", "change", "resist", "vote", "token", "hunt", "survival", "ability",
  "power", "takeback", "contamination", "discard", "keep", "done"].map((g) => [g, t(`group.${g}`)]);

export const tokenName = (token) => t(`token.${token}`);

/** "The Lair: take back …", with the colon each language wants. */
const labelled = (head, text) => t("label.colon", { head, text });

// --- Targets and wordings -----------------------------------------------------------------
// An offer says what its choices point at (`targets`, each a place, a seat, a card or a
// token) and which words read it (`wording`, a key of messages.js); the words are filled
// with its targets, each named by its kind. Nothing here knows a card or a place.

/** A card by its name: a Place card's number, else a Hunt or a Survival card's id. */
const cardName = (card) => (typeof card === "number" ? placeName(card) : HUNT_CARDS[card] ? huntName(card) : survivalName(card));

/** One target in words, by its kind: "you" for one's own seat (the verb agrees). */
export function targetName(target, ctx) {
  const { kind, value } = target;
  if (kind === "seat") return value === ctx.seat ? t("seat.you") : seatName(value, ctx.names);
  if (kind === "token") return tokenLabel(value, ctx);
  if (kind === "card") return cardName(value);
  return placeName(value);
}

// A message's name for the first target of each kind; the second is "<name>2", and so on.
const PARAM = { place: "place", seat: "who", card: "card", token: "token" };

/**
 * The words' parameters from an offer's targets: each named by its kind (`place`, `who`,
 * `card`, `token`, then `place2`…), `you` (`you2`…) when a seat is the reader's own,
 * `what` all of them listed, `n` how many (`distinct`: how many differ), `place_name(n)`,
 * and `each`: the distinct targets counted, in the words `<wording>.each` gives one of them
 * (a Survival card that takes tokens from seats).
 */
export function targetParams(targets, ctx, wording = "") {
  const params = { n: targets.length, distinct: counted(targets).length,
    what: listOf(targets.map((x) => targetName(x, ctx))), place_name: placeName };
  const seen = {};
  for (const x of targets) {
    const base = PARAM[x.kind] || x.kind;
    seen[base] = (seen[base] || 0) + 1;
    const suffix = seen[base] === 1 ? "" : String(seen[base]);
    params[base + suffix] = targetName(x, ctx);
    if (x.kind === "seat") params[`you${suffix}`] = x.value === ctx.seat;
    if (x.kind === "place" && !suffix) Object.assign(params, { number: x.value, bare: placeParts(x.value).rest });
  }
  if (wording && hasWords(`${wording}.each`)) params.each = listOf(counted(targets).map(([x, n]) =>
    t(`${wording}.each`, { ...targetParams([x], ctx), n })));
  return params;
}

/** The distinct targets with how many times each comes, in order of first appearance. */
function counted(targets) {
  const out = new Map();
  for (const x of targets) {
    const key = `${x.kind}:${x.value}`;
    out.set(key, [x, out.has(key) ? out.get(key)[1] + 1 : 1]);
  }
  return [...out.values()];
}

/** An offer's own words (its `wording`, filled with its targets); null when it has none. */
export function offerWords(offer, ctx, more = {}, suffix = "") {
  const key = offer && offer.wording ? offer.wording + suffix : "";
  return key && hasWords(key) ? t(key, { ...targetParams(offer.targets || [], ctx, offer.wording), ...more }) : null;
}

/** The plain words of a choice without words of its own: what it points at. A seat moved
 * between two places reads so (a Hunt card that moves a Hunted). */
function plainChoice(targets, ctx) {
  const p = targetParams(targets, ctx);
  if (p.who && p.place2) return t("choice.move", { who: p.who, from: p.place, to: p.place2 });
  return targets.length ? t("choice.on", { what: p.what }) : "";
}

/** A plain description of a power's choices, for a way without words of its own. */
function genericPower(a, offer, ctx) {
  const parts = [a.option ? a.option.replace(/-/g, " ") : t("power.generic")];
  const p = targetParams(offer.targets || [], ctx);
  if (p.who) parts.push(t("power.generic_for", { who: p.who }));
  if (p.card) parts.push(`(${p.card})`);
  if (p.place) parts.push(t("power.generic_copy", { place: p.place }));
  return labelled(placeName(a.place), parts.join(" "));
}

function powerLabel(a, offer, ctx) {
  const here = placeName(a.place); // where the user stands: the power used
  const words = offerWords(offer, ctx, { here });
  return words === null ? genericPower(a, offer, ctx) : labelled(here, words);
}

/** A card play's label and its choice (the card's own words, else what it points at). */
function cardPlay(a, offer, ctx, name, group) {
  const choice = offerWords(offer, ctx) ?? plainChoice(offer.targets || [], ctx);
  const play = t("action.play", { cards: name });
  return { group, card: a.card, choice, label: choice ? labelled(play, choice) : play };
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

/** One line of odds for the board-or-wait decision, from what this seat knows (the engine's
 * `view.contamination`: counts of the held tokens by what this seat has seen, and the chance). */
export function boardOdds(view) {
  const o = view.contamination;
  if (!o || !o.held) return t("odds.none");
  if (o.icon) return t("odds.icon", { n: o.icon });
  if (!o.unknown) return t("odds.clean");
  return t("odds.board", { chance: percent(o.clean), unknown: o.unknown, blank: o.blank, icons: o.icons, total: o.total });
}

/** A prompt's option: its offer's words, else the option itself. */
const chooseLabel = (a, offer, ctx) => offerWords(offer, ctx) ?? cap(a.option);

/** A sheet ability: its label and its choice among the ability's other uses. */
function abilityLabel(a, offer, ctx) {
  const name = abilityName(a.ability);
  return { choice: offerWords(offer, ctx, { name }, ".choice") ?? name, label: offerWords(offer, ctx, { name }) ?? name };
}

/** The label of a move already made (a replay step, what the computer played for a returning
 *  player): described without any seat's present choices, so never "Play X instead"; `told`
 *  gives its words and targets when the server sends them ({wording, targets}). */
export function describePast(action, ctx, told = null) {
  const view = ctx.view && { ...ctx.view, you: null };
  // A replay's step tells the move's words and targets as the engine read them then.
  const offer = told && { action, targets: told.targets || [], cost: {}, wording: told.wording || "" };
  try {
    return describeAction(action, { ...ctx, view, offer }).label;
  } catch {
    return action.type;
  }
}

/** {group, label, card?, choice?} for one legal action. */
export function describeAction(raw, ctx) {
  const offer = ctx.offer || offerOf(raw, ctx.view) || { action: raw, targets: [], cost: {} };
  const a = offer.action;
  const cost = offer.cost || {};
  switch (a.type) {
    case "PlayPlaceCards": {
      const chosen = ctx.view && ctx.view.you && (ctx.view.you.played || []).length > 0;
      const cards = a.cards.map(placeName).join(" + ");
      return chosen ? { group: "change", label: t("action.play_instead", { cards }) }
        : { group: "place", label: t("action.play", { cards }) };
    }
    case "Resist": // the Places taken back come from the engine (Long Stride adds one)
      return { group: "resist", label: (cost.places ? t("action.resist", { will: a.will, places: cost.places })
        : t("action.resist_will", { will: a.will })) + costNote(cost) };
    case "GiveUp":
      return { group: "resist", label: t("action.give_up") + costNote(cost) };
    case "PlaceHuntToken":
      return { group: "token", label: t("action.put_token", { token: tokenName(a.token), places: placeList(a.places) }) };
    case "PlayHuntCard": return cardPlay(a, offer, ctx, huntName(a.card), "hunt");
    case "PlaySurvivalCard": return cardPlay(a, offer, ctx, survivalName(a.card), "survival");
    case "UsePlacePower": return { group: "power", label: powerLabel(a, offer, ctx) + costNote(cost) };
    case "TakeBackPlaceCard": return { group: "takeback", label: t("action.take_back", { card: placeName(a.card) }) };
    case "DiscardPlaceCard": return { group: "discard", label: t("action.discard", { card: placeName(a.card) }) };
    case "KeepPlaceCard": return { group: "keep", label: t("action.keep_in_play", { card: placeName(a.card) }) };
    case "KeepHidden": return { group: "keep", label: t("action.hide", { cards: a.cards.map(placeName).join(" + ") }) };
    case "KeepSurvivalCard": return { group: "keep", label: t("action.keep", { card: survivalName(a.card) }) };
    case "DiscardSurvivalCard": return { group: "keep", label: t("action.discard", { card: survivalName(a.card) }) };
    case "Choose": return { group: "keep", label: chooseLabel(a, offer, ctx) + costNote(cost) };
    case "Vote": {
      const prompt = ctx.view && ctx.view.you && ctx.view.you.prompt;
      const decision = prompt && prompt.data ? prompt.data.decision : "";
      return { group: "vote", label: voteLabel(decision, a.option, ctx) };
    }
    case "DiscardContamination": return { group: "contamination", label: t("action.discard", { card: tokenLabel(a.token, ctx) }) };
    case "LookAtToken": return { group: "contamination", label: t("action.look", { token: tokenLabel(a.token, ctx) }) };
    case "UseAbility": {
      const { choice, label } = abilityLabel(a, offer, ctx);
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

const offered = (view, type) => offeredActions(view).some((a) => a.type === type);

/** Exploration: name Resist and Give Up only when they are there to click. */
function exploreExtras(view) {
  const resist = offered(view, "Resist");
  const giveUp = offered(view, "GiveUp");
  if (resist && giveUp) return " " + t("prompt.explore_resist_give_up");
  if (resist) return " " + t("prompt.explore_resist");
  return giveUp ? " " + t("prompt.explore_give_up") : "";
}

// The place action's ways, each named only when a button offers it.
const PLACE_WAYS = [["UsePlacePower", "way.power"], ["TakeBackPlaceCard", "way.take_back"],
  ["DiscardContamination", "way.token"], ["PlaySurvivalCard", "way.survival"]];

function placeActionText(view, place) {
  const ways = PLACE_WAYS.filter(([type]) => offered(view, type)).map(([, key]) => t(key));
  return t("prompt.place_at", { place: placeName(place), ways: ways.length ? ways.join(t("list.or_word")) : t("way.nothing") });
}

/** A card window: name the cards or the ability only when one is offered. */
function windowText(view, phase) {
  if (offered(view, "PlayHuntCard") || offered(view, "PlaySurvivalCard")) {
    return t(view.role === "creature" ? "prompt.window_hunt" : "prompt.window_survival", { phase });
  }
  return t(offered(view, "UseAbility") ? "prompt.window_ability" : "prompt.window_nothing", { phase });
}

/** The Hunting phase: the token first, then a confirmation that names only what is left. */
function huntText(view) {
  const card = offered(view, "PlayHuntCard") ? " " + t("prompt.hunt_card") : "";
  if (!(view.board.tokens || {}).creature) return t("prompt.hunt") + card;
  const more = ["PlaceHuntToken", "PlayHuntCard", "UseAbility"].some((type) => offered(view, type));
  return t(more ? "prompt.hunt_confirm" : "prompt.hunt_confirm_only");
}

/** Why the options the prompt would name are closed now (the engine's `you.unavailable`). */
export function closedText(view) {
  const prompt = view.you && view.you.prompt;
  const place = prompt && prompt.data && prompt.data.place ? placeName(prompt.data.place) : "";
  const lines = ((view.you && view.you.unavailable) || []).map(({ option, why }) => {
    const key = `closed.${option}.${why}`;
    if (t(key) !== key) return t(key, { place });
    if (option === "power" && HUNT_CARDS[why]) return t("closed.power.blocked", { place, card: huntName(why) });
    return t("closed.other", { option: option.replace(/_/g, " "), why });
  });
  return [...new Set(lines)];
}

/** The Exploration prompt's words: 1 card, 2, or (a double play that may be declined, as the
 * offers show: The Fjord's "may") 1 or 2. */
function exploreWords(me, view) {
  if (!me || !me.double) return "prompt.explore";
  const sizes = new Set(offeredActions(view).filter((a) => a.type === "PlayPlaceCards").map((a) => a.cards.length));
  return sizes.has(1) && sizes.has(2) ? "prompt.explore_one_or_two" : "prompt.explore_two";
}

/** One sentence saying what the seat is asked to do now. */
export function promptText(prompt, view, names = {}) {
  if (!prompt) return "";
  const d = prompt.data || {};
  const me = view.role === "hunted" ? view.hunted.find((x) => x.seat === view.seat) : null;
  switch (prompt.kind) {
    case "explore": return t(exploreWords(me, view)) + exploreExtras(view);
    case "window": return windowText(view, PHASES[d.phase] || "");
    case "hunt": return huntText(view);
    case "take_back": return t("prompt.take_back", { n: d.count });
    case "discard": return t("prompt.discard", { n: d.count, why: whyLabel(d.why) });
    case "keep_place": return t("prompt.keep_place", { place: placeName(3) });
    case "keep_survival": return d.give ? t("prompt.keep_survival_give") : t("prompt.keep_survival", { place: placeName(7) });
    case "place_action": return placeActionText(view, d.place);
    case "team": return `${DECISIONS[d.decision] || ""} ${t("prompt.team")}`.trim();
    case "discard_token": return t("prompt.discard_token", { why: whyLabel(d.why) });
    case "look": return t(d.optional ? "prompt.look_optional" : "prompt.look");
    case "give_survival": return t("prompt.give_survival", { card: survivalName(d.card) });
    case "change_of_plan": return t("prompt.change_of_plan", { place: placeName(d.out) });
    case "stand_together": return t("prompt.stand_together", { who: seatName(d.hunted, names) });
    case "power": {
      // A copy's optional only way (The Capsule's advance) is a question; the engine names
      // the warning when taking it would lose the game (frozen_lands.md E4).
      if (!d.optional) return t("prompt.power", { place: placeName(d.place) });
      const warning = d.warning ? ` ${t(`prompt.warning_${d.warning}`)}` : "";
      return t("prompt.power_optional", { place: placeName(d.place) }) + warning;
    }
    default: {
      const key = `prompt.${prompt.kind}`;
      return t(key) === key ? t("prompt.other", { kind: prompt.kind.replace(/_/g, " ") }) : t(key);
    }
  }
}

// The prompt kinds with words for what a seat is doing (messages.js: "doing.<kind>").
const DOING = new Set(["explore", "window", "hunt", "take_back", "discard", "keep_place", "keep_hidden",
  "keep_survival", "discard_survival", "scream", "place_action", "power", "team", "discard_token", "look",
  "gain", "give_survival", "thin_ice", "signal_mirror", "relay_runner", "intercept", "change_of_plan",
  "stand_together"]);
export const doingLabel = (kind) => (DOING.has(kind) ? t(`doing.${kind}`) : kind.replace(/_/g, " "));

/** The end of the game in words. */
export function outcomeText(outcome) {
  if (!outcome) return "";
  const reason = `outcome.${outcome.reason}`;
  return { title: t(outcome.winner === "hunted" ? "outcome.hunted_win" : "outcome.creature_wins"),
    reason: t(reason) === reason ? outcome.reason : t(reason) };
}
