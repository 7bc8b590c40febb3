// The actions panel: the current prompt in words, then every offered action (`view.offers`)
// as buttons grouped by type. Hunt tokens and the cards that go on places are placed by
// clicking tiles (targets.js, board.js); their lists of buttons wait behind a disclosure, the
// complete path for a keyboard or a screen reader.

import { HUNT_CARDS, PHASES, SURVIVAL_CARDS, huntName, survivalName } from "./cards.js";
import { h } from "./dom.js";
import { ABILITIES } from "./frozen.js";
import { t } from "./i18n.js";
import {
  DECISIONS, GROUPS, boardOdds, cap, closedText, describeAction, doingLabel, offeredActions, promptText,
  seatName, tokenName, voteLabel, who, withDefaults,
} from "./labels.js";
import { piece } from "./board.js";
import { boardCards, boardChoice, placeableTokens } from "./targets.js";

/** Pass declines (a skip, drawn as a secondary button), except when it confirms the hunt. */
function skipClass(action, ctx) {
  if (action.type !== "Pass") return "";
  const prompt = ctx.view.you && ctx.view.you.prompt;
  return prompt && prompt.kind === "hunt" ? ".pass.confirm" : ".pass.decline";
}

function actButton(action, desc, onAct, short, ctx) {
  const extra = action.type === "PlayPlaceCards"
    ? h("small", {}, withDefaults(action, ctx.view).cards.map((n) => `#${n}`).join(" + ")) : null;
  return h(`button.act${skipClass(action, ctx)}`, {
    type: "button",
    title: short && short !== desc.label ? desc.label : null,
    dataset: { key: JSON.stringify(action), type: action.type },
    onclick: () => onAct(action),
  }, h("span", {}, short || desc.label), extra);
}

/** The list of a card's plays, folded: the board is the usual way to choose. It stays as the
 *  player left it (`room.openLists`) when the table is drawn again for someone's presence or
 *  move: a redraw that folded it would take the button from under the player's pointer. */
function listOfChoices(key, items, onAct, ctx, room) {
  const open = Boolean(room && room.openLists.has(key));
  const ontoggle = room ? (e) => room.openLists[e.currentTarget.open ? "add" : "delete"](key) : null;
  return h("details.choice-list", { open, ontoggle },
    h("summary", {}, t("target.list", { n: items.length })),
    h("div.choice-buttons", {}, items.map(({ action, desc }) => actButton(action, desc, onAct, desc.choice, ctx))));
}

function cardBlock(card, items, onAct, ctx, room) {
  const hunt = items[0].action.type === "PlayHuntCard";
  const info = hunt ? HUNT_CARDS[card] : SURVIVAL_CARDS[card];
  const name = hunt ? huntName(card) : survivalName(card);
  const key = `${hunt ? "hunt" : "survival"}:${card}`;
  let text = info ? info.text : "";
  // A card that repeats the last discarded one (the catalogue's `repeats`) names it: the engine's answer
  const copies = hunt && info && info.repeats && ctx.view.creature.flashback_copies;
  if (copies) text += t("actions.now", { card: huntName(copies) });
  const single = items.length === 1 && !items[0].desc.choice;
  const onBoard = room && boardCards(ctx.view).has(key);
  const armed = onBoard && room.armedCard === key;
  const choices = onBoard
    ? [h(`button.arm${armed ? ".armed" : ""}`, {
      type: "button", "aria-pressed": String(armed), dataset: { arm: key },
      onclick: () => room.armCard(armed ? null : key),
    }, t(armed ? "target.choosing" : "target.on_board", { card: name })), listOfChoices(key, items, onAct, ctx, room)]
    : h("div.choice-buttons", {}, items.map(({ action, desc }) =>
      actButton(action, desc, onAct, single ? t("hand.verb.play", { name }) : desc.choice, ctx)));
  return h(`div.card-choice${armed ? ".armed" : ""}`, { dataset: { choices: key } },
    h("div.card-choice-head", {}, h("strong", {}, name),
      info && info.phase ? h("span.phase-tag", {}, PHASES[info.phase]) : null,
      info && info.symbol ? h(`span.symbol-tag.sym-${info.symbol}`, {}, t(info.symbol === "target" ? "symbol.target" : "symbol.artemia")) : null),
    h("p.card-text", {}, text),
    choices);
}

function abilityBlock(ability, items, onAct, ctx) {
  const info = ABILITIES[ability] || { name: ability, text: "", often: "" };
  const single = items.length === 1;
  return h("div.card-choice.ability-choice", {},
    h("div.card-choice-head", {}, h("strong", {}, info.name),
      info.often ? h("span.phase-tag", {}, info.often) : null),
    h("p.card-text", {}, info.text),
    h("div.choice-buttons", {}, items.map(({ action, desc }) =>
      actButton(action, desc, onAct, single ? desc.label : desc.choice, ctx))));
}

const SURVIVAL_KEEPS = ["KeepSurvivalCard", "DiscardSurvivalCard"];

/** Drawn Survival cards to keep or discard: each card shows its text above its buttons. */
function survivalChoices(items, onAct, ctx) {
  const cards = new Map();
  for (const item of items) {
    if (!cards.has(item.action.card)) cards.set(item.action.card, []);
    cards.get(item.action.card).push(item);
  }
  return h("div.cards-choices", {}, [...cards].map(([card, list]) => {
    const info = SURVIVAL_CARDS[card];
    return h("div.card-choice.drawn-choice", { dataset: { drawn: card } },
      h("div.card-choice-head", {}, h("strong", {}, survivalName(card)),
        info && info.phase ? h("span.phase-tag", {}, PHASES[info.phase]) : null),
      h("p.card-text", {}, info ? info.text : ""),
      h("div.choice-buttons", {}, list.map(({ action, desc }) => actButton(action, desc, onAct, null, ctx))));
  }));
}

/** The team decision under way (C11), as the view names it. */
export const currentDecision = (view) => view.board.decision || null;

/** The decision box: the question, the odds when boarding, and each Hunted's vote so far. */
function decisionBox(view, ctx, decision) {
  const votes = view.board.votes || {};
  const rows = view.hunted.map((x) => {
    const vote = votes[String(x.seat)];
    const mine = x.seat === ctx.seat;
    return h(`li${vote ? ".voted" : ""}`, { dataset: { seat: x.seat } },
      h(`span.figure.seat-${x.seat}`, { "aria-hidden": "true" }, String(x.seat)),
      h("strong", {}, mine ? t("actions.you") : seatName(x.seat, ctx.names)), " ",
      vote ? h("span.vote-choice", {}, voteLabel(decision, vote, ctx))
        : h("span.muted", {}, t(mine ? "actions.you_not_voted" : "actions.not_voted")));
  });
  return h("div.decision", { dataset: { decision } },
    h("h3", {}, view.you && view.you.prompt && view.you.prompt.kind === "team" ? t("actions.votes_so_far")
      : DECISIONS[decision] || t("actions.team_decision")),
    decision === "board" ? h("p.odds", {}, boardOdds(view)) : null,
    h("ul.votes", { "aria-label": t("actions.votes") }, rows));
}

function tokenPicker(tokens, room) {
  return h("div.token-picker", { role: "radiogroup", "aria-label": t("actions.token_to_place") },
    tokens.map((token) => h("label.choice.inline", { for: `armed-${token}` },
      h("input", {
        type: "radio", name: "armed-token", id: `armed-${token}`, value: token,
        checked: token === room.armedToken && !room.armedCard,
        onchange: () => room.armToken(token),
      }),
      piece(token, tokenName(token)),
      h("span", {}, cap(tokenName(token))))), // a label on its own: « Jeton Créature »
    h("p.hint", {}, t("actions.then_place")));
}

/** What a click on the board does now, for the board (null: the tiles are only shown). */
export function boardTarget(view, room) {
  const now = boardChoice(view, room);
  if (!now) return null;
  return {
    now, first: room.firstPick ?? null, token: now.token || null,
    act: (action) => room.act(action),
    pickFirst: (place) => { room.firstPick = place; room.render(); },
    disarm: () => room.armCard(null),
  };
}

function waitingText(view, ctx) {
  const parts = (view.waiting_on || []).filter((w) => w.seat !== ctx.seat)
    .map((w) => t("actions.doing", { who: who(w.seat, ctx), doing: doingLabel(w.kind) }));
  return parts.length ? cap(t("actions.waiting_on", { who: parts.join(", ") })) : "";
}

/** Auto-pass: the server passes for this seat; the player sets how. */
function autoPassBox(room) {
  const mode = room.autoPass;
  if (mode === null || mode === undefined || room.seat === null) return null;
  const until = mode === "until_decision";
  return h("div.auto-pass", { dataset: { mode } },
    h("label.auto-pass-setting", { for: "auto-pass" },
      h("input#auto-pass", {
        type: "checkbox", checked: mode !== "off",
        onchange: (e) => room.setAutoPass(e.target.checked ? "when_nothing" : "off"),
      }), ` ${t("actions.auto_pass")}`),
    until
      ? h("button#pass-until.subtle.small", { type: "button", "aria-pressed": "true",
        onclick: () => room.setAutoPass("when_nothing") }, t("actions.passing_until"))
      : h("button#pass-until.subtle.small", { type: "button", "aria-pressed": "false",
        title: t("actions.pass_until_title"),
        onclick: () => room.setAutoPass("until_decision") }, t("actions.pass_until")));
}

/** The server is about to pass for this seat: say so, naming the Pass the panel still offers
 *  (never "nothing to decide" beside a live control: the player may still click first). */
function autoPassingText(legal, ctx) {
  const pass = legal.find((a) => a.type === "Pass");
  const label = pass ? describeAction(pass, ctx).label : "";
  return t(legal.length === 1 ? "actions.auto_passing" : "actions.auto_passing_until", { pass: label });
}

/** A list unfolded for a card that is no longer offered is folded when the card comes back. */
function keepOpenListsOffered(room, byGroup) {
  const offered = new Set(["hunt", "survival"].flatMap((group) =>
    (byGroup.get(group) || []).map(({ desc }) => `${group}:${desc.card}`)));
  for (const key of room.openLists) if (!offered.has(key)) room.openLists.delete(key);
}

export function renderActions(view, ctx, room) {
  const onAct = (a) => room.act(a);
  const prompt = view.you && view.you.prompt;
  const legal = offeredActions(view);
  const passing = Boolean(prompt && room.autoPassing());
  const head = h("h2#actions-title", { tabindex: "-1" }, t(passing ? "actions.server_passes"
    : prompt ? "actions.your_move" : legal.length ? "actions.chosen" : view.outcome ? "phase.over" : "actions.waiting"));
  const text = passing ? autoPassingText(legal, ctx)
    : prompt ? promptText(prompt, view, ctx.names)
    : legal.length ? t("actions.may_change") : "";
  const mine = (view.waiting_on || []).some((w) => w.seat === ctx.seat);
  const clock = mine && room.clockSeconds ? h("span.countdown.mine", { dataset: { seat: ctx.seat }, title: t("actions.time_left") }) : null;
  const out = [h("div.actions-head", {}, head, clock),
    h("p.prompt", {}, text || waitingText(view, ctx) || t("actions.nothing"))];
  if (legal.length && waitingText(view, ctx)) out.push(h("p.waiting", {}, waitingText(view, ctx)));
  const closed = prompt ? closedText(view) : [];
  if (closed.length) out.push(h("ul.closed-options", {}, closed.map((line) => h("li.muted", {}, line))));
  const decision = currentDecision(view);
  if (decision) out.push(decisionBox(view, ctx, decision));

  const byGroup = new Map();
  for (const action of legal) {
    const desc = describeAction(action, ctx);
    if (!byGroup.has(desc.group)) byGroup.set(desc.group, []);
    byGroup.get(desc.group).push({ action, desc });
  }
  if (room) keepOpenListsOffered(room, byGroup);
  for (const [group, title] of GROUPS) {
    const items = byGroup.get(group);
    if (!items) continue;
    let body;
    if (group === "token") {
      body = tokenPicker(placeableTokens(view), room);
    } else if (group === "hunt" || group === "survival") {
      const cards = new Map();
      for (const item of items) {
        if (!cards.has(item.desc.card)) cards.set(item.desc.card, []);
        cards.get(item.desc.card).push(item);
      }
      body = h("div.cards-choices", {}, [...cards].map(([card, list]) => cardBlock(card, list, onAct, ctx, room)));
    } else if (group === "ability") {
      const abilities = new Map();
      for (const item of items) {
        if (!abilities.has(item.desc.ability)) abilities.set(item.desc.ability, []);
        abilities.get(item.desc.ability).push(item);
      }
      body = h("div.cards-choices", {}, [...abilities].map(([id, list]) => abilityBlock(id, list, onAct, ctx)));
    } else {
      const drawn = items.filter(({ action }) => SURVIVAL_KEEPS.includes(action.type));
      const rest = items.filter((item) => !drawn.includes(item));
      body = [drawn.length ? survivalChoices(drawn, onAct, ctx) : null,
        rest.length ? h(`div.buttons.group-${group}`, {}, rest.map(({ action, desc }) => actButton(action, desc, onAct, null, ctx))) : null];
    }
    out.push(h(`section.action-group.g-${group}`, { "aria-label": title },
      group === "done" ? null : h("h3", {}, title), body));
  }
  if (!view.outcome) out.push(autoPassBox(room));
  return out;
}
