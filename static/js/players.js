// The players' public state: the Creature's cards, and each Hunted's Will, card counts,
// discard pile and whether they have chosen; in Frozen Lands also the Contamination tokens
// and the sheets. Computer players are marked, and the host may hand a seat whose player
// has gone to a computer.

import { huntName, placeList, placeName } from "./cards.js";
import { h } from "./dom.js";
import { ABILITIES } from "./frozen.js";
import { doingLabel, roleLabel, seatName, sheetInfo } from "./labels.js";

function presenceDot(connected, bot) {
  if (bot) {
    return h("span.bot-mark", { role: "img", "aria-label": "computer player", title: "computer player" }, "⚙");
  }
  return h(`span.dot${connected ? ".on" : ""}`, {
    role: "img", "aria-label": connected ? "connected" : "not connected",
    title: connected ? "connected" : "not connected",
  });
}

const FACES = {
  icon: { glyph: "☣", words: "contaminated" },
  blank: { glyph: "✓", words: "clean" },
};

/** One Contamination token as this page knows it: face down ("?"), clean or contaminated. */
export function tokenChip(token, index) {
  const face = FACES[token.face];
  const words = face ? face.words : "face down, unknown";
  return h(`span.ctoken.face-${token.face || "unknown"}`, {
    role: "img", "aria-label": `Token ${index + 1}: ${words}`, title: `Contamination token ${index + 1}: ${words}`,
    dataset: { token: token.id, face: token.face || "unknown" },
  }, face ? face.glyph : "?");
}

function tokensLine(x) {
  const tokens = x.tokens || [];
  return h("div.tokens-line", { dataset: { seat: x.seat } },
    h("span.stat-label", {}, "Contamination: "),
    tokens.length ? tokens.map((t, i) => tokenChip(t, i)) : h("span.muted", {}, "none"));
}

/** "used this turn" / "used" / "" for an ability of a Hunted. */
function usedNote(x, ability) {
  if ((x.used_this_game || []).includes(ability)) return "used";
  if ((x.used_this_turn || []).includes(ability)) return "used this turn";
  return "";
}

export function sheetLine(x, full = false) {
  const info = sheetInfo(x.sheet);
  if (!info) return null;
  const used = usedNote(x, info.ability.id);
  return h(`div.sheet${used ? ".used" : ""}`, { dataset: { sheet: x.sheet } },
    h("div.sheet-head", {},
      h("strong", {}, info.ability.name),
      used ? h("span.used-tag", {}, used) : h("span.often-tag", {}, info.ability.often)),
    h("p.sheet-who", {}, `${info.name}, ${info.role}`),
    h("p.sheet-text", {}, info.ability.text, full ? ` When: ${info.ability.when}.` : ""));
}

/** The Creature's sheet: Keen Senses, and Pack Instinct from 5 players. */
export function creatureAbilities(view) {
  if (!view.config.abilities) return [];
  const ids = ["keen-senses", ...(view.config.hunted + 1 >= 5 ? ["pack-instinct"] : [])];
  const used = view.creature.abilities_used || [];
  return ids.map((id) => ({ id, ...ABILITIES[id], used: used.includes(id) }));
}

function creatureSheet(view) {
  const abilities = creatureAbilities(view);
  if (!abilities.length) return null;
  return abilities.map((a) => h(`div.sheet${a.used ? ".used" : ""}`, { dataset: { ability: a.id } },
    h("div.sheet-head", {}, h("strong", {}, a.name),
      a.used ? h("span.used-tag", {}, "used") : h("span.often-tag", {}, a.often)),
    h("p.sheet-text", {}, a.text)));
}

function voteChip(view, ctx, seat) {
  const vote = (view.board.votes || {})[String(seat)];
  if (!vote) return null;
  const words = /^\d+$/.test(vote) ? (Number(vote) === ctx.seat ? "you" : seatName(Number(vote), ctx.names)) : vote;
  return h("span.vote-chip", { title: "This Hunted's vote" }, `voted: ${words}`);
}

function countdown(room, seat, kind) {
  return kind && room && room.clockSeconds
    ? h("span.countdown", { dataset: { seat }, title: "Time left for this decision" }) : null;
}

/** "Let a computer play", disabled with a countdown until the server's grace period ends. */
function replaceButton(room, seat, connected) {
  const info = room && room.lobby && room.lobby.seats.find((s) => s.seat === seat);
  if (!room || !room.isHost || seat === room.seat || connected || !info || info.bot || !info.name) return null;
  if (room.view && room.view.outcome) return null;
  const until = room.replaceableAt(seat);
  const button = h("button.subtle.replace", {
    type: "button", dataset: { seat, until: until === null ? "" : String(until) },
    title: "A computer plays this seat until its player comes back",
    onclick: (e) => room.replaceSeat(seat, e.currentTarget),
  });
  replaceCountdown(button);
  return button;
}

/** Refresh a replace button from its `data-until` (ms since the epoch; "" = not known yet). */
export function replaceCountdown(button) {
  const until = button.dataset.until === "" ? null : Number(button.dataset.until);
  const left = until === null ? null : Math.ceil((until - Date.now()) / 1000);
  const text = left === null ? "Let a computer play (wait…)"
    : left > 0 ? `Let a computer play in ${left} s` : "Let a computer play";
  button.disabled = left === null || left > 0;
  if (button.textContent !== text) button.textContent = text;
}

function willPips(will) {
  const pips = [];
  for (let i = 1; i <= 3; i += 1) pips.push(h(`span.pip${i <= will ? ".full" : ""}`, { "aria-hidden": "true" }));
  return h("span.will", { title: `${will} Will` }, pips, h("span.will-count", {}, `${will} Will`));
}

function stat(label, value) {
  return h("span.stat", {}, h("span.stat-label", {}, label), " ", h("strong", {}, String(value)));
}

function waitingKind(view, seat) {
  const w = (view.waiting_on || []).find((x) => x.seat === seat);
  return w ? w.kind : null;
}

function huntedStatus(view, x) {
  if ((x.positions || []).length) return `at ${placeList(x.positions.map((p) => p[0]))}`;
  if (x.has_chosen) return "has chosen";
  return "";
}

function botOf(room, seat) {
  const info = room && room.lobby && room.lobby.seats.find((s) => s.seat === seat);
  return info ? info.bot : null;
}

function creaturePanel(view, ctx, connected, room) {
  const c = view.creature;
  const kind = waitingKind(view, 0);
  const bot = botOf(room, 0);
  return h(`li.player.creature-panel${kind ? ".acting" : ""}`, { dataset: { seat: 0 } },
    h("div.player-head", {}, presenceDot(connected, bot), h("strong", {}, seatName(0, ctx.names)),
      ctx.seat === 0 ? h("span.badge.me", {}, "you") : null,
      bot ? h("span.badge.bot", {}, "computer") : null,
      kind ? h("span.doing", {}, doingLabel(kind)) : null, countdown(room, 0, kind)),
    h("div.stats", {}, stat("Hunt cards", c.hand), stat("Deck", c.deck),
      stat("Plays left", c.plays_left)),
    c.discard && c.discard.length
      ? h("p.discard", {}, h("span.stat-label", {}, "Discarded: "), c.discard.map(huntName).join(", ")) : null,
    creatureSheet(view),
    replaceButton(room, 0, connected));
}

function huntedPanel(view, ctx, x, connected, room) {
  const kind = waitingKind(view, x.seat);
  const bot = botOf(room, x.seat);
  const frozen = view.config.variant === "frozen-lands";
  const discard = x.discard === null
    ? h("span.muted", {}, `${x.discard_count} hidden (Smokescreen)`)
    : x.discard.length ? x.discard.map((n) => h("span.chip", { title: placeName(n) }, `${n} ${placeName(n).replace(/^The /, "")}`))
      : h("span.muted", {}, "empty");
  const status = huntedStatus(view, x);
  return h(`li.player.hunted-panel.seat-${x.seat}${kind ? ".acting" : ""}`, { dataset: { seat: x.seat } },
    h("div.player-head", {}, presenceDot(connected, bot),
      h(`span.figure.seat-${x.seat}`, { "aria-hidden": "true" }, String(x.seat)),
      h("strong", {}, seatName(x.seat, ctx.names)), h("span.muted", {}, roleLabel(x.seat)),
      ctx.seat === x.seat ? h("span.badge.me", {}, "you") : null,
      bot ? h("span.badge.bot", {}, "computer") : null),
    h("div.stats", {}, willPips(x.will), stat("Places", x.hand), stat("Survival", x.survival)),
    h("p.status-line", {},
      status ? h("span.choice-status", { dataset: { status: x.has_chosen ? "chosen" : "" } }, status) : null,
      frozen ? voteChip(view, ctx, x.seat) : null,
      (view.board.vaccinated || []).includes(x.seat) ? h("span.vaccine-chip", { title: "Takes no Contamination token this turn" }, "vaccinated") : null,
      kind ? h("span.doing", {}, doingLabel(kind)) : null, countdown(room, x.seat, kind)),
    frozen ? tokensLine(x) : null,
    h("div.discard", {}, h("span.stat-label", {}, "Discard: "), discard),
    sheetLine(x),
    replaceButton(room, x.seat, connected));
}

export function renderPlayers(view, ctx, presence, room) {
  const connected = new Set((presence && presence.seats) || []);
  return [
    h("h2", {}, "Players"),
    h("ul.players", {},
      creaturePanel(view, ctx, connected.has(0), room),
      view.hunted.map((x) => huntedPanel(view, ctx, x, connected.has(x.seat), room))),
  ];
}
