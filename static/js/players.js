// The players' public state: the Creature's cards, and each Hunted's Will, card counts,
// discard pile and whether they have chosen; in Frozen Lands also the Contamination tokens
// and the sheets. Computer players are marked; a player who left shows the countdown of the
// grace period, after which a computer plays for them (by itself, or when a seated player
// asks if the room's option is off) until they return.

import { huntName, placeList, placeName, placeParts, survivalName } from "./cards.js";
import { h } from "./dom.js";
import { ABILITIES } from "./frozen.js";
import { t } from "./i18n.js";
import { doingLabel, roleLabel, seatName, sheetInfo } from "./labels.js";

function presenceDot(connected, bot) {
  if (bot) {
    return h("span.bot-mark", { role: "img", "aria-label": t("badge.computer_player"), title: t("badge.computer_player") }, "⚙");
  }
  return h(`span.dot${connected ? ".on" : ""}`, {
    role: "img", "aria-label": t(connected ? "presence.on" : "presence.off"),
    title: t(connected ? "presence.on" : "presence.off"),
  });
}

const FACES = {
  icon: { glyph: "☣", words: () => t("face.icon") },
  blank: { glyph: "✓", words: () => t("face.blank") },
};

/** One Contamination token as this page knows it: face down ("?"), clean or contaminated. */
export function tokenChip(token, index) {
  const face = FACES[token.face];
  const words = face ? face.words() : t("players.face_down");
  return h(`span.ctoken.face-${token.face || "unknown"}`, {
    role: "img", "aria-label": t("players.token", { n: index + 1, face: words }),
    title: t("players.token_title", { n: index + 1, face: words }),
    dataset: { token: token.id, face: token.face || "unknown" },
  }, face ? face.glyph : "?");
}

function tokensLine(x) {
  const tokens = x.tokens || [];
  return h("div.tokens-line", { dataset: { seat: x.seat } },
    h("span.stat-label", {}, t("players.contamination")),
    tokens.length ? tokens.map((token, i) => tokenChip(token, i)) : h("span.muted", {}, t("players.none")));
}

/** "used this turn" / "used" / "" for an ability of a Hunted. */
function usedNote(x, ability) {
  if ((x.used_this_game || []).includes(ability)) return t("players.used");
  if ((x.used_this_turn || []).includes(ability)) return t("players.used_turn");
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
    h("p.sheet-who", {}, t("players.sheet_who", { name: info.name, role: info.role })),
    h("p.sheet-text", {}, info.ability.text, full ? t("players.when", { when: info.ability.when }) : ""));
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
      a.used ? h("span.used-tag", {}, t("players.used")) : h("span.often-tag", {}, a.often)),
    h("p.sheet-text", {}, a.text)));
}

function voteChip(view, ctx, seat) {
  const vote = (view.board.votes || {})[String(seat)];
  if (!vote) return null;
  const words = /^\d+$/.test(vote) ? (Number(vote) === ctx.seat ? t("seat.you") : seatName(Number(vote), ctx.names))
    : t(`vote.short.${vote}`);
  return h("span.vote-chip", { title: t("players.vote_title") }, t("players.voted", { vote: words }));
}

function countdown(room, seat, kind) {
  return kind && room && room.clockSeconds
    ? h("span.countdown", { dataset: { seat }, title: t("actions.time_left") }) : null;
}

/** A person's seat whose player has left a running game (null otherwise). */
function leftSeat(room, seat, connected) {
  const info = room && room.lobby && room.lobby.seats.find((s) => s.seat === seat);
  if (!room || seat === room.seat || connected || !info || info.bot || !info.name) return null;
  return room.view && room.view.outcome ? null : info;
}

const takesOver = (room) => !room.lobby.options || room.lobby.options.take_over !== false;

/** Everyone sees the grace period run out for a player who left. */
function awayCountdown(room, seat, connected) {
  if (!leftSeat(room, seat, connected)) return null;
  const until = room.replaceableAt(seat);
  const el = h("p.away-countdown", {
    role: "status", dataset: { seat, until: until === null ? "" : String(until), auto: takesOver(room) ? "1" : "" },
  });
  awayText(el);
  return el;
}

/** Refresh a countdown from its `data-until` (ms since the epoch; "" = not known yet). */
export function awayText(el) {
  const until = el.dataset.until === "" ? null : Number(el.dataset.until);
  const left = until === null ? null : Math.ceil((until - Date.now()) / 1000);
  const auto = el.dataset.auto === "1";
  const text = left === null ? t(auto ? "players.away_soon" : "players.away_soon_off")
    : left > 0 ? t(auto ? "players.away_in" : "players.away_left", { s: left })
      : t(auto ? "players.away_now" : "players.away_ready");
  if (el.textContent !== text) el.textContent = text;
}

/** "Let a computer play" (any seated player, when the room's take-over is off), disabled with
 *  a countdown until the server's grace period ends. */
function replaceButton(room, seat, connected) {
  if (!leftSeat(room, seat, connected) || room.seat === null || takesOver(room)) return null;
  const until = room.replaceableAt(seat);
  const button = h("button.subtle.replace", {
    type: "button", dataset: { seat, until: until === null ? "" : String(until) },
    title: t("players.replace_title"),
    onclick: (e) => room.replaceSeat(seat, e.currentTarget),
  });
  replaceCountdown(button);
  return button;
}

/** Refresh a replace button from its `data-until` (ms since the epoch; "" = not known yet). */
export function replaceCountdown(button) {
  const until = button.dataset.until === "" ? null : Number(button.dataset.until);
  const left = until === null ? null : Math.ceil((until - Date.now()) / 1000);
  const text = left === null ? t("players.replace_wait")
    : left > 0 ? t("players.replace_in", { s: left }) : t("players.replace");
  button.disabled = left === null || left > 0;
  if (button.textContent !== text) button.textContent = text;
}

function willPips(will) {
  const pips = [];
  for (let i = 1; i <= 3; i += 1) pips.push(h(`span.pip${i <= will ? ".full" : ""}`, { "aria-hidden": "true" }));
  const words = t("players.will", { n: will });
  return h("span.will", { title: words }, pips, h("span.will-count", {}, words));
}

function stat(label, value) {
  return h("span.stat", {}, h("span.stat-label", {}, label), " ", h("strong", {}, String(value)));
}

function waitingKind(view, seat) {
  const w = (view.waiting_on || []).find((x) => x.seat === seat);
  return w ? w.kind : null;
}

function huntedStatus(view, x) {
  if ((x.positions || []).length) return t("players.at", { places: placeList(x.positions.map((p) => p[0])) });
  if (x.has_chosen) return t("players.has_chosen");
  return "";
}

function botOf(room, seat) {
  const info = room && room.lobby && room.lobby.seats.find((s) => s.seat === seat);
  return info ? info.bot : null;
}

/** "computer", or "computer until they return" for a person's seat a computer stands in for. */
function botBadge(room, seat) {
  const info = room && room.lobby && room.lobby.seats.find((s) => s.seat === seat);
  if (!info || !info.bot) return null;
  return h(`span.badge.bot${info.away ? ".stand-in" : ""}`, {}, t(info.away ? "badge.stand_in" : "badge.computer"));
}

function creaturePanel(view, ctx, connected, room) {
  const c = view.creature;
  const kind = waitingKind(view, 0);
  const bot = botOf(room, 0);
  return h(`li.player.creature-panel${kind ? ".acting" : ""}`, { dataset: { seat: 0 } },
    h("div.player-head", {}, presenceDot(connected, bot), h("strong", {}, seatName(0, ctx.names)),
      ctx.seat === 0 ? h("span.badge.me", {}, t("badge.you")) : null,
      botBadge(room, 0),
      kind ? h("span.doing", {}, doingLabel(kind)) : null, countdown(room, 0, kind)),
    h("div.stats", {}, stat(t("players.hunt_cards"), c.hand), stat(t("players.deck"), c.deck),
      stat(t("players.plays_left"), c.plays_left)),
    c.discard && c.discard.length
      ? h("p.discard", {}, h("span.stat-label", {}, t("players.discarded")), c.discard.map(huntName).join(", ")) : null,
    creatureSheet(view),
    awayCountdown(room, 0, connected),
    replaceButton(room, 0, connected));
}

function huntedPanel(view, ctx, x, connected, room) {
  const kind = waitingKind(view, x.seat);
  const bot = botOf(room, x.seat);
  const frozen = view.config.variant === "frozen-lands";
  const discard = x.discard === null
    ? h("span.muted", {}, t("players.hidden", { n: x.discard_count, card: survivalName("smokescreen") }))
    : x.discard.length ? x.discard.map((n) => h("span.chip", { title: placeName(n) }, `${n} ${placeParts(n).rest}`))
      : h("span.muted", {}, t("players.empty"));
  const status = huntedStatus(view, x);
  return h(`li.player.hunted-panel.seat-${x.seat}${kind ? ".acting" : ""}`, { dataset: { seat: x.seat } },
    h("div.player-head", {}, presenceDot(connected, bot),
      h(`span.figure.seat-${x.seat}`, { "aria-hidden": "true" }, String(x.seat)),
      h("strong", {}, seatName(x.seat, ctx.names)), h("span.muted", {}, roleLabel(x.seat)),
      ctx.seat === x.seat ? h("span.badge.me", {}, t("badge.you")) : null,
      botBadge(room, x.seat)),
    h("div.stats", {}, willPips(x.will), stat(t("players.places"), x.hand), stat(t("players.survival"), x.survival)),
    h("p.status-line", {},
      status ? h("span.choice-status", { dataset: { status: x.has_chosen ? "chosen" : "" } }, status) : null,
      frozen ? voteChip(view, ctx, x.seat) : null,
      (view.board.vaccinated || []).includes(x.seat) ? h("span.vaccine-chip", { title: t("players.vaccinated_title") }, t("players.vaccinated")) : null,
      kind ? h("span.doing", {}, doingLabel(kind)) : null, countdown(room, x.seat, kind)),
    frozen ? tokensLine(x) : null,
    h("div.discard", {}, h("span.stat-label", {}, t("players.discard")), discard),
    sheetLine(x),
    awayCountdown(room, x.seat, connected),
    replaceButton(room, x.seat, connected));
}

export function renderPlayers(view, ctx, presence, room) {
  const connected = new Set((presence && presence.seats) || []);
  return [
    h("h2", {}, t("players.title")),
    h("ul.players", {},
      creaturePanel(view, ctx, connected.has(0), room),
      view.hunted.map((x) => huntedPanel(view, ctx, x, connected.has(x.seat), room))),
  ];
}
