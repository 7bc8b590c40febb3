// One room page (/r/{code}): the state received from the server, the socket, and the
// commands (claim, start, act, chat, rematch). Rendering lives in lobby.js and table.js.

import { ApiError, api, savedName, tokens } from "./api.js";
import { setVariant } from "./cards.js";
import { fill, h, keepFocus, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { describePast, offerWithKey, promptText, roleLabel, seatName } from "./labels.js";
import { MoveAlert } from "./notify.js";
import { PressGuard } from "./press.js";
import { RoomSocket, clientId } from "./socket.js";
import { Table } from "./table.js";

const ACT_TIMEOUT_MS = 10000;
const PLAYED_SHOWN = 8; // moves listed to a returning player (the latest ones)
const STALE_RETRIES = 2;

export class Room {
  constructor(code) {
    this.code = code;
    this.seat = null; // my seat number, from the server's `sync` (null: spectator)
    this.lobby = null;
    this.presence = { seats: [], spectators: 0 };
    this.view = null;
    this.version = 0;
    this.events = [];
    this.chat = [];
    this.pending = null; // the act in flight: {client_id, timer, action, phase, prompt, tries}
    this.status = "connecting";
    this.table = null;
    this.autoPass = null; // this seat's auto-pass mode, as the server last said (null: none)
    this.awayAt = new Map(); // seat -> when (ms) its grace period ends (a computer may play for it)
    this.alert = new MoveAlert();
    this.wasMine = false;
    this.justMoved = false;
    // Targeting on the board (targets.js): the Hunt token or card being placed, and the first
    // place picked of a pair. A page's own choice in progress, never sent.
    this.armedToken = null;
    this.armedCard = null;
    this.firstPick = null;
    this.pickedPlace = null; // the first Place card of a pair (a double play, Phobia's), picked in the hand
    this.openLists = new Set(); // the card lists (key "hunt:mirage") the player unfolded
    this.main = document.getElementById("main");
    this.held = null; // a redraw held while a button is pressed: {fresh, events} (press.js)
    this.press = new PressGuard(() => this.render());
    const switches = h("span#switches.switches", {}, this.alert.controls());
    document.querySelector(".topbar").append(switches);
    this.socket = new RoomSocket(code, {
      token: () => tokens.get(code),
      onMessage: (m) => this.onMessage(m),
      onStatus: (s) => this.setStatus(s),
    });
  }

  async open() {
    try {
      this.lobby = await api.lobby(this.code);
    } catch (error) {
      if (error instanceof ApiError && error.code === "unknown_room") {
        this.renderMissing(error.message);
        return;
      }
      toast(error.message, "error");
    }
    this.render();
    this.socket.connect();
  }

  get token() {
    return tokens.get(this.code);
  }

  get isHost() {
    const host = this.lobby && this.lobby.seats.find((s) => s.host);
    return Boolean(host && this.seat !== null && host.seat === this.seat);
  }

  /** The room's clock per decision in seconds, or null (no clock). */
  get clockSeconds() {
    return (this.lobby && this.lobby.options && this.lobby.options.clock_seconds) || null;
  }

  get names() {
    const names = {};
    for (const s of (this.lobby && this.lobby.seats) || []) if (s.name) names[s.seat] = s.name;
    return names;
  }

  // --- server messages --------------------------------------------------------------------

  onMessage(m) {
    const handler = {
      sync: () => this.onSync(m),
      update: () => this.onUpdate(m),
      lobby: () => this.onLobby(m.lobby),
      presence: () => { this.presence = m.presence; this.refreshAway(); this.render(); },
      auto_pass: () => { this.autoPass = m.mode; this.render(); },
      chat: () => { this.chat.push(m.line); if (this.table) this.table.addChat(m.line); },
      whisper: () => { if (this.table) this.table.addChat(m.line, true); },
      timeout: () => this.onTimeout(m),
      played_for_you: () => this.onPlayedForYou(m),
      error: () => this.onError(m),
    }[m.type];
    if (handler) handler();
  }

  onSync(m) {
    setVariant((m.view && m.view.config.variant) || (m.lobby && m.lobby.options.variant));
    this.seat = m.seat;
    this.lobby = m.lobby;
    this.presence = m.presence;
    this.chat = m.chat || [];
    this.version = m.version;
    this.view = m.view;
    this.events = m.events || [];
    this.autoPass = m.auto_pass ?? null;
    this.refreshAway();
    const stale = this.pending && this.pending.stale ? this.pending : null;
    this.clearPending();
    this.render(true);
    if (stale) this.retry(stale);
  }

  onUpdate(m) {
    if (this.view && m.version <= this.version) return; // already seen
    const gap = this.view && m.version !== this.version + 1;
    if (m.patch && (gap || !this.view)) { // a patch needs the view before it: fetch it whole
      this.socket.send({ type: "resync" });
      return;
    }
    this.version = m.version;
    this.view = m.patch ? { ...this.view, ...m.view } : m.view; // a patch: the changed fields
    this.events.push(...(m.events || []));
    if (this.pending && m.client_id === this.pending.client_id) {
      this.clearPending();
      this.justMoved = true;
    }
    this.render(false, m.events || []);
    if (this.table) this.table.addEvents(m.events || []);
    if (gap) this.socket.send({ type: "resync" }); // missed updates: fetch the whole picture
  }

  onError(m) {
    if (m.code === "stale_version" && this.pending && this.pending.tries < STALE_RETRIES) {
      this.pending.stale = true; // another player moved first; the fresh `sync` follows
      return;
    }
    toast(errorText(m.code, m.message) || t("room.went_wrong"), "error");
    if (m.code === "bad_token") {
      tokens.forget(this.code); // this seat is gone: watch instead
      this.socket.reconnect();
      return;
    }
    if (this.pending) this.clearPending();
    this.render();
  }

  /** A seat a computer took over, or that its player took back, gets a line in the log. */
  onLobby(lobby) {
    const before = new Map(((this.lobby && this.lobby.seats) || []).map((s) => [s.seat, s.away]));
    this.lobby = lobby;
    for (const s of lobby.seats) {
      if (!before.has(s.seat) || Boolean(before.get(s.seat)) === Boolean(s.away) || s.seat === this.seat || !this.table) continue;
      const who = `${seatName(s.seat, this.names)} (${roleLabel(s.seat)})`;
      this.table.addNote(t(s.away ? "log.taken_over" : "log.back", { who }), s.away ? "taken-over" : "back");
    }
    this.refreshAway();
    this.render();
  }

  /** Back in our seat: what the computer played for us meanwhile (a log line and a toast). */
  onPlayedForYou(m) {
    const ctx = { seat: this.seat, names: this.names, view: this.view && { ...this.view, you: null } };
    const shown = m.moves.slice(-PLAYED_SHOWN).map((move) => describePast(move.action, ctx));
    const text = m.moves.length
      ? t("log.played_for_you", { moves: shown.join("; "), more: m.moves.length - shown.length })
      : t("log.played_for_you_none");
    if (this.table) this.table.addNote(text, "played-for-you");
    toast(text);
  }

  onTimeout(m) {
    const mine = m.seat === this.seat;
    const text = mine ? t("room.timeout_mine") : t("room.timeout", { who: seatName(m.seat, this.names) });
    if (this.table) this.table.addNote(text, "timeout");
    if (mine) toast(text, "error");
  }

  setStatus(status) {
    this.status = status;
    document.body.dataset.connection = status;
    this.renderTopbar();
  }

  /** Whether the server will pass for this seat now (its auto-pass mode covers the prompt). */
  autoPassing() {
    const legal = (this.view && this.view.legal_actions) || [];
    const pass = legal.some((a) => a.type === "Pass");
    if (this.autoPass === "until_decision") return pass;
    return this.autoPass === "when_nothing" && pass && legal.length === 1;
  }

  /** This seat must decide now (and the server will not pass for it). */
  yourMove() {
    const view = this.view;
    return Boolean(view && !view.outcome && view.you && view.you.prompt
      && view.legal_actions.length && !this.autoPassing());
  }

  /** When (ms) the host may hand `seat` to a computer; null while not known. */
  replaceableAt(seat) {
    return this.awayAt.has(seat) ? this.awayAt.get(seat) : null;
  }

  /** Ask the server how long each absent player's grace period still runs (everyone sees
   *  the countdown; a seated player may then let a computer play). */
  async refreshAway() {
    if (!this.lobby || !this.view || this.view.outcome) return;
    const here = new Set((this.presence && this.presence.seats) || []);
    for (const seat of here) this.awayAt.delete(seat);
    if ((this.lobby.seats || []).every((s) => !s.name || s.bot || here.has(s.seat))) return;
    try {
      const away = await api.away(this.code);
      const now = Date.now();
      this.awayAt = new Map(Object.entries(away.replaceable_in)
        .map(([seat, wait]) => [Number(seat), now + wait * 1000]));
      this.render();
    } catch {
      // the button stays disabled until the next presence change
    }
  }

  // --- commands ---------------------------------------------------------------------------

  /** Auto-pass: "off", "when_nothing" (the default) or "until_decision". */
  setAutoPass(mode) {
    if (!this.socket.send({ type: "auto_pass", mode })) toast(t("room.reconnecting_toast"), "error");
  }

  async claim(seat, name) {
    savedName.set(name);
    const answer = await api.claimSeat(this.code, seat, name);
    tokens.set(this.code, answer.token);
    this.socket.reconnect();
  }

  async leave() {
    await api.leaveSeat(this.code, this.token);
    tokens.forget(this.code);
    this.seat = null;
    this.socket.reconnect();
  }

  /** Host, before the start: a computer player takes a free seat. */
  async addBot(seat, kind) {
    this.lobby = await api.addBot(this.code, seat, kind, this.token);
    this.render();
  }

  /** Host, during a game: a computer plays for a player who has gone away. */
  async replaceSeat(seat, button) {
    if (button) button.disabled = true;
    try {
      this.lobby = await api.replaceSeat(this.code, seat, this.token);
      toast(t("room.replaced", { who: seatName(seat, this.names) }));
      this.render();
    } catch (error) {
      toast(error.message, "error");
      if (button) button.disabled = false;
    }
  }

  async startGame() {
    this.lobby = await api.start(this.code, this.token);
  }

  /** Host, after the end: `seats` is "keep" or "rotate" (the next player is the Creature). */
  async rematch(seats = "keep") {
    this.lobby = await api.rematch(this.code, this.token, seats);
  }

  /**
   * Another player's move landed first (a race in a simultaneous moment). Send the same
   * move again if it is still offered in the same phase and for the same question;
   * otherwise let the player look at the new table and choose again.
   */
  retry(stale) {
    const view = this.view;
    const prompt = view && view.you && view.you.prompt;
    if (view && view.phase === stale.phase && (prompt && prompt.kind) === stale.prompt
        && offerWithKey(stale.action, view)) {
      this.act(stale.action, stale.tries + 1);
    } else {
      toast(t("room.moved_on"), "error");
    }
  }

  act(action, tries = 0) {
    if (this.pending) return;
    this.pickedPlace = null;
    const id = clientId();
    const sent = this.socket.send({ type: "act", action, version: this.version, client_id: id });
    if (!sent) {
      toast(t("room.reconnecting_toast"), "error");
      return;
    }
    const timer = setTimeout(() => {
      this.clearPending();
      this.socket.send({ type: "resync" });
      this.render();
    }, ACT_TIMEOUT_MS);
    const prompt = this.view && this.view.you && this.view.you.prompt;
    this.pending = { client_id: id, timer, action, tries, phase: this.view && this.view.phase,
      prompt: prompt && prompt.kind };
    document.body.dataset.busy = "1";
    if (this.table) this.table.setBusy(true);
  }

  /** Place a card on the board next (key "hunt:mirage"; null: back to the Hunt tokens). */
  armCard(key) {
    this.armedCard = key;
    this.firstPick = null;
    this.render();
    if (key && this.table) this.table.focusTargets();
  }

  /** Pick the first Place card of a pair (null: put it down again). */
  pickPlace(n) {
    this.pickedPlace = n;
    this.render();
  }

  /** Place this Hunt token next. */
  armToken(token) {
    this.armedToken = token;
    this.armedCard = null;
    this.firstPick = null;
    this.render();
  }

  sendChat(text, to = null) {
    return this.socket.send(to === null ? { type: "chat", text } : { type: "chat", text, to });
  }

  clearPending() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
    delete document.body.dataset.busy;
  }

  // --- rendering --------------------------------------------------------------------------

  /** Draw the room; `events` are those of the update just received (the table animates them). */
  render(fresh = false, events = []) {
    const held = this.held;
    if (this.press.hold()) {
      this.held = { fresh: fresh || Boolean(held && held.fresh), events: [...(held ? held.events : []), ...events] };
      return;
    }
    if (held) [fresh, events, this.held] = [fresh || held.fresh, [...held.events, ...events], null];
    document.body.dataset.version = String(this.version);
    document.body.dataset.seat = this.seat === null ? "" : String(this.seat);
    document.body.dataset.phase = this.view ? this.view.phase : "lobby";
    const variant = (this.view && this.view.config.variant) || (this.lobby && this.lobby.options.variant) || "base";
    document.body.dataset.variant = variant;
    this.renderTopbar();
    if (this.view) {
      if (!this.table) {
        this.table = new Table(this);
        fill(this.main, h("h1.sr", {}, t("table.title", { code: this.code })), this.table.root);
        fresh = true;
      }
      this.table.render(fresh, events);
      if (this.pending) this.table.setBusy(true);
      this.afterRender();
      return;
    }
    this.alert.update(false, "");
    this.table = null;
    keepFocus(() => fill(this.main, renderLobby(this)));
  }

  /** Say "your move" (title, icon, sound) and put focus where the next decision is. */
  afterRender() {
    const mine = this.yourMove();
    const prompt = this.view.you && this.view.you.prompt;
    this.alert.update(mine, mine ? promptText(prompt, this.view, this.names) : "");
    // A redraw while it stays your move (another seat's frame) may drop focus to the page:
    // put it back on the decision, as after your own move.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (mine && (!this.wasMine || this.justMoved)) this.table.bringToDecision();
    if (mine && (!this.wasMine || this.justMoved || lost)) this.table.focusNext();
    this.wasMine = mine;
    this.justMoved = false;
  }

  renderTopbar() {
    const info = document.getElementById("topbar-info");
    const name = this.names[this.seat];
    const me = this.seat === null ? t(this.view ? "room.spectator" : "room.not_seated")
      : `${roleLabel(this.seat)}${name ? " · " + name : ""}`;
    const status = ["online", "connecting", "reconnecting"].includes(this.status) ? t(`room.${this.status}`) : this.status;
    fill(info,
      h("span.room-code", {}, t("room.room"), h("strong", {}, this.code)),
      h("span#seat-label.seat-label", { dataset: { seat: this.seat ?? "" } }, me),
      h(`span.conn.conn-${this.status}`, { title: t("room.connection") }, status));
  }

  renderMissing(message) {
    fill(this.main, h("section.panel.narrow", {},
      h("h1", {}, t("room.missing")),
      h("p", {}, message),
      h("p", {}, h("a.button", { href: "/" }, t("room.create")))));
  }
}
