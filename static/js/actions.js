// The actions panel: the current prompt in words, then exactly `view.legal_actions` as
// buttons grouped by type. Hunt token placements are chosen by clicking a place.

import { HUNT_CARDS, PHASES, SURVIVAL_CARDS, huntName, survivalName } from "./cards.js";
import { h } from "./dom.js";
import { GROUPS, describeAction, doingLabel, promptText, tokenName, who, withDefaults } from "./labels.js";

function actButton(action, desc, onAct, short) {
  const extra = action.type === "PlayPlaceCards"
    ? h("small", {}, withDefaults(action).cards.map((n) => `#${n}`).join(" + ")) : null;
  return h(`button.act${action.type === "Pass" ? ".pass" : ""}`, {
    type: "button",
    "aria-label": desc.label,
    dataset: { key: JSON.stringify(action), type: action.type },
    onclick: () => onAct(action),
  }, h("span", {}, short || desc.label), extra);
}

function cardBlock(card, items, onAct, ctx) {
  const info = items[0].action.type === "PlayHuntCard" ? HUNT_CARDS[card] : SURVIVAL_CARDS[card];
  const name = items[0].action.type === "PlayHuntCard" ? huntName(card) : survivalName(card);
  let text = info ? info.text : "";
  if (card === "flashback") {
    const discard = (ctx.view.creature.discard || []).filter((c) => c !== "flashback");
    if (discard.length) text += ` (now: ${huntName(discard[discard.length - 1])})`;
  }
  const single = items.length === 1 && !items[0].desc.choice;
  return h("div.card-choice", {},
    h("div.card-choice-head", {}, h("strong", {}, name),
      info && info.phase ? h("span.phase-tag", {}, PHASES[info.phase]) : null,
      info && info.symbol ? h(`span.symbol-tag.sym-${info.symbol}`, {}, info.symbol === "target" ? "Target" : "Artemia") : null),
    h("p.card-text", {}, text),
    h("div.choice-buttons", {}, items.map(({ action, desc }) =>
      actButton(action, desc, onAct, single ? `Play ${name}` : desc.choice))));
}

function tokenPicker(tokens, room) {
  if (!tokens.includes(room.armedToken)) room.armedToken = tokens[0];
  return h("div.token-picker", { role: "radiogroup", "aria-label": "Token to place" },
    tokens.map((t) => h("label.choice.inline", { for: `armed-${t}` },
      h("input", {
        type: "radio", name: "armed-token", id: `armed-${t}`, value: t, checked: t === room.armedToken,
        onchange: () => { room.armedToken = t; room.render(); },
      }),
      h(`span.token.token-${t}`, { "aria-hidden": "true" }, t[0].toUpperCase()),
      h("span", {}, tokenName(t)))),
    h("p.hint", {}, "Then choose a place on Artemia below."));
}

/** Map place -> {action, token} placing the armed token there (for the board). */
export function tokenActions(view, room) {
  const map = new Map();
  for (const raw of view.legal_actions) {
    const a = withDefaults(raw);
    if (a.type === "PlaceHuntToken" && a.token === room.armedToken) {
      map.set(a.places[0], { action: raw, token: a.token });
    }
  }
  return map;
}

function waitingText(view, ctx) {
  const parts = (view.waiting_on || []).filter((w) => w.seat !== ctx.seat)
    .map((w) => `${who(w.seat, ctx)} (${doingLabel(w.kind)})`);
  return parts.length ? `Waiting on ${parts.join(", ")}.` : "";
}

export function renderActions(view, ctx, room) {
  const onAct = (a) => room.act(a);
  const prompt = view.you && view.you.prompt;
  const legal = view.legal_actions || [];
  const head = h("h2#actions-title", { tabindex: "-1" },
    prompt ? "Your move" : legal.length ? "You have chosen" : view.outcome ? "Game over" : "Waiting");
  const text = prompt ? promptText(prompt, view)
    : legal.length ? "You have chosen; you may change your mind until the Exploration ends." : "";
  const out = [head, h("p.prompt", {}, text || waitingText(view, ctx) || "Nothing to do right now.")];
  if (legal.length && waitingText(view, ctx)) out.push(h("p.waiting", {}, waitingText(view, ctx)));

  const byGroup = new Map();
  for (const action of legal) {
    const desc = describeAction(action, ctx);
    if (!byGroup.has(desc.group)) byGroup.set(desc.group, []);
    byGroup.get(desc.group).push({ action, desc });
  }
  for (const [group, title] of GROUPS) {
    const items = byGroup.get(group);
    if (!items) continue;
    let body;
    if (group === "token") {
      body = tokenPicker([...new Set(items.map((i) => withDefaults(i.action).token))], room);
    } else if (group === "hunt" || group === "survival") {
      const cards = new Map();
      for (const item of items) {
        if (!cards.has(item.desc.card)) cards.set(item.desc.card, []);
        cards.get(item.desc.card).push(item);
      }
      body = h("div.cards-choices", {}, [...cards].map(([card, list]) => cardBlock(card, list, onAct, ctx)));
    } else {
      body = h(`div.buttons.group-${group}`, {}, items.map(({ action, desc }) => actButton(action, desc, onAct)));
    }
    out.push(h(`section.action-group.g-${group}`, { "aria-label": title },
      group === "done" ? null : h("h3", {}, title), body));
  }
  return out;
}
