// The game table: end banner, phase bar, actions, Artemia, tracks, hand, players, log, chat.
// On a wide screen the table fits the viewport (style.css): the prompt and Artemia above, the
// hand docked along the bottom, the players, log and chat in a column beside them.

import { boardTarget, renderActions } from "./actions.js";
import { renderBoard, renderTracks, tightenTiles } from "./board.js";
import { firstControl, focusIsFree, installArrowKeys } from "./controls.js";
import { fill, h, keepFocus, toast } from "./dom.js";
import { renderEndScreen } from "./endscreen.js";
import { renderHand, weighSections } from "./hand.js";
import { t } from "./i18n.js";
import { PHASE_LABELS, outcomeText, promptText, seatName } from "./labels.js";
import { GameLog } from "./log.js";
import { Motion } from "./motion.js";
import { awayText, renderPlayers, replaceCountdown } from "./players.js";
import { playEvents } from "./sound.js";

const TICK_MS = 500;
// A screen this large holds the whole table (style.css): the phase, Artemia and the hand on the
// left, the end, the prompt, the players, the log and the chat in a column on the right.
const WIDE = "(min-width: 981px) and (min-height: 600px)";
const PHASE_ORDER = ["exploration", "hunting", "reckoning", "end_of_turn"];

export class Table {
  constructor(room) {
    this.room = room;
    this.end = h("section#end.end", { hidden: true });
    this.phasebar = h("section.phasebar", { "aria-label": t("table.phasebar") });
    this.actions = h("section#actions.actions.panel", { "aria-labelledby": "actions-title" });
    this.board = h("section.board.panel", { "aria-label": "Artemia" });
    this.hand = h("section#hand.hand.panel", { "aria-label": t("table.your_cards") });
    this.players = h("section#players.players-panel.panel", { "aria-label": t("table.players") });
    this.log = new GameLog(room);
    this.announcer = h("p.sr", { "aria-live": "polite" });
    this.announced = "";
    this.chatList = h("ol#chat.chat-lines", { tabindex: 0, "aria-label": t("table.chat"), "aria-live": "polite",
      dataset: { empty: t("chat.empty") } });
    this.chatTo = h("select#chat-to", { "aria-label": t("table.send_to"), hidden: true });
    this.waitSince = new Map(); // seat -> when this page saw it become waited on (clock display)
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    for (const [el, tab] of [[this.end, "table"], [this.phasebar, "table"], [this.actions, "table"],
      [this.board, "table"], [this.hand, "hand"], [this.players, "players"]]) el.dataset.tab = tab;
    this.tabbar = this.renderTabbar();
    // Phones: over any other tab while it is the player's move, the way back to the prompt.
    this.call = h("button#decision-call.decision-call", { type: "button", onclick: () => this.showTab("table") },
      t("phone.back_to_table"));
    this.main = h("div.table-main", {}, this.announcer, this.end, this.phasebar, this.actions, this.board, this.hand);
    this.side = h("div.table-side", {}, this.players,
      h("section.panel.log-panel", { "aria-labelledby": "log-title", dataset: { tab: "log" } },
        h("h2#log-title", {}, t("log.title")), this.log.root),
      h("section.panel.chat-panel", { "aria-labelledby": "chat-title", dataset: { tab: "chat" } },
        h("h2#chat-title", {}, t("table.chat")), this.chatList, this.chatForm()));
    this.root = h("div.table.live", {}, this.main, this.side, this.tabbar, this.call);
    this.motion = new Motion(this.root);
    this.wide = window.matchMedia(WIDE);
    this.wide.addEventListener("change", () => this.arrange());
    this.arrange();
    // A new size of the column (the window's) may leave the hand room to be whole, or not.
    this.resized = new ResizeObserver(() => this.fit());
    this.resized.observe(this.main);
    installArrowKeys(this.root);
    this.showTab(document.body.dataset.tab || "table");
  }

  /** The prompt beside Artemia on a wide screen, above it otherwise (the phone's order). */
  arrange() {
    const moved = [this.end, this.actions];
    if (this.wide.matches) this.side.prepend(...moved);
    else this.board.before(...moved);
  }

  /** A new decision is read from its top: the prompt's panel, scrolled down to the last one's
   *  buttons (a long prompt on a short screen), goes back up. The same decision redrawn (a
   *  teammate's vote) keeps where the player scrolled to. */
  showNewDecision(view, prompt) {
    const asked = prompt ? JSON.stringify([view.turn, view.phase, prompt.kind, prompt.data]) : "";
    if (asked !== this.asked) this.actions.scrollTop = 0;
    this.asked = asked;
  }

  /** The table fitted to its column: the hand drawn compact (style.css, "A compact hand") only
   *  where, whole, it would not fit beside a board whose tiles show their pieces, and crowded
   *  tiles tightened (board.js). Measured, as that depends on the cards held, the language and
   *  the window; a phone's column grows with its content: never compact. */
  fit() {
    this.hand.classList.remove("compact");
    if (this.main.scrollHeight > this.main.clientHeight + 1) this.hand.classList.add("compact");
    tightenTiles(this.board);
  }

  /** Phones: one tab per part of the table (the bar is hidden on wider screens). */
  renderTabbar() {
    const tabs = ["table", "hand", "players", "log", "chat"].map((tab) => [tab, t(`tab.${tab}`)]);
    return h("nav.tabbar", { "aria-label": t("table.parts") }, tabs.map(([tab, label]) =>
      h("button.tab", { type: "button", id: `tab-${tab}`, dataset: { show: tab }, onclick: () => this.showTab(tab) },
        h("span", {}, label))));
  }

  showTab(tab) {
    document.body.dataset.tab = tab;
    for (const b of this.tabbar.querySelectorAll("button.tab")) {
      if (b.dataset.show === tab) b.setAttribute("aria-current", "page");
      else b.removeAttribute("aria-current");
    }
    if (!this.tabbar.offsetParent) return; // wide screen: every part shows at once
    window.scrollTo(0, 0);
    if (tab === "log") this.log.toBottom();
  }

  /** Phones: a new decision brings the player to the table tab, where its prompt is, unless
   *  they are typing (the chat): then the call over the tab bar offers the way back. */
  bringToDecision() {
    if (!this.tabbar.getClientRects().length || document.body.dataset.tab === "table") return; // wide: no tabs
    const active = document.activeElement;
    if (active && active.matches("input:not([type=checkbox]):not([type=radio]), textarea, select")) return;
    this.showTab("table");
  }

  ctx() {
    return { seat: this.room.seat, names: this.room.names, view: this.room.view };
  }

  /** Draw the view; `events` are the update's (they move things and make sounds). */
  render(fresh, events = []) {
    const view = this.room.view;
    const ctx = this.ctx();
    const before = fresh ? null : this.motion.measure();
    keepFocus(() => {
      renderEndScreen(this.end, this.room, view);
      this.renderPhasebar(view);
      const target = boardTarget(view, this.room); // first: it settles the token or card picked
      fill(this.actions, renderActions(view, ctx, this.room));
      this.actions.hidden = Boolean(view.outcome);
      const prompt = view.you && view.you.prompt;
      if (prompt && view.legal_actions.length) this.actions.dataset.prompt = prompt.kind;
      else delete this.actions.dataset.prompt;
      this.showNewDecision(view, prompt && view.legal_actions.length ? prompt : null);
      // The server is about to pass for this seat (its auto-pass covers the prompt).
      if (prompt && this.room.autoPassing()) this.actions.dataset.autoPassing = "true";
      else delete this.actions.dataset.autoPassing;
      fill(this.board, h("h2.sr", {}, "Artemia"),
        renderBoard(view, ctx, target), renderTracks(view, ctx.names));
      fill(this.hand, renderHand(view, ctx, (a) => this.room.act(a), this.room));
      weighSections(this.hand);
      this.fit();
      fill(this.players, renderPlayers(view, ctx, this.room.presence, this.room));
      this.renderChatTo(view);
    }, () => document.getElementById(view.outcome ? "end-title" : "actions-title"));
    this.motion.play(before, events, ctx);
    if (!fresh) playEvents(events, view);
    this.announce(view);
    this.trackWaiting(view);
    this.tick();
    if (fresh) { // a whole new picture: rebuild quietly rather than announce every line
      this.log.sync(this.room.events, this.room.lobby && this.room.lobby.game && this.room.lobby.game.number);
      this.chatList.setAttribute("aria-busy", "true");
      fill(this.chatList);
      for (const line of this.room.chat) this.addChat(line);
      this.chatList.removeAttribute("aria-busy");
    }
  }

  /** A new decision for this seat (or its own move answered): focus the likely next control,
   *  unless the player's focus is somewhere of their own (typing in the chat, say). */
  focusNext() {
    if (!focusIsFree(this.root)) return;
    const next = firstControl(this.root);
    if (next) next.focus({ preventScroll: true });
  }

  /** A card was picked to go on the board: focus its first target tile. */
  focusTargets() {
    const tile = this.board.querySelector("button.place-button.target:not([disabled])");
    if (tile) tile.focus({ preventScroll: true });
  }

  /** Say the new prompt (or the end) once, through a polite live region. */
  announce(view) {
    const prompt = view.you && view.you.prompt;
    const text = view.outcome ? outcomeText(view.outcome).title
      : prompt && view.legal_actions.length ? t("table.your_move", { prompt: promptText(prompt, view, this.room.names) }) : "";
    if (text !== this.announced) {
      this.announced = text;
      fill(this.announcer, text);
    }
  }

  /** Restart a seat's countdown each time it becomes waited on (a display only: the server
   *  keeps the real clock and sends `timeout` when it runs out). */
  trackWaiting(view) {
    const now = Date.now();
    const waiting = new Set(view.outcome ? [] : (view.waiting_on || []).map((w) => w.seat));
    for (const seat of [...this.waitSince.keys()]) if (!waiting.has(seat)) this.waitSince.delete(seat);
    for (const seat of waiting) if (!this.waitSince.has(seat)) this.waitSince.set(seat, now);
  }

  tick() {
    if (!this.root.isConnected && this.room.table !== this) {
      clearInterval(this.ticker);
      this.resized.disconnect();
      return;
    }
    for (const button of this.root.querySelectorAll("button.replace")) replaceCountdown(button);
    for (const el of this.root.querySelectorAll(".away-countdown")) awayText(el);
    const clock = this.room.clockSeconds;
    if (!clock) return;
    for (const el of this.root.querySelectorAll(".countdown")) {
      const since = this.waitSince.get(Number(el.dataset.seat));
      if (since === undefined) {
        el.textContent = "";
        continue;
      }
      const left = Math.max(0, Math.ceil(clock - (Date.now() - since) / 1000));
      const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("low", left <= 10);
    }
  }

  /** A line of the log that is not a game event (a clock that ran out). */
  addNote(text, kind) {
    this.log.addNote(text, kind);
  }

  setBusy(busy) {
    for (const b of this.root.querySelectorAll("button.act, button.card-play")) b.disabled = busy;
  }

  renderPhasebar(view) {
    const phases = view.phase === "over" ? [...PHASE_ORDER, "over"] : PHASE_ORDER;
    const steps = phases.map((p) => h(`li${p === view.phase ? ".current" : ""}`, {
      id: p === view.phase ? "phase" : null, dataset: { phase: p },
      "aria-current": p === view.phase ? "step" : null,
    }, PHASE_LABELS[p]));
    fill(this.phasebar,
      h("div.turn", {}, h("span", {}, `${t("table.turn")} `), h("strong#turn", {}, String(view.turn))),
      h("ol.phases", { "aria-label": t("table.phases") }, steps));
  }

  addEvents(events) {
    this.log.add(events);
  }

  addChat(line, whisper = false) {
    const who = line.seat === null || line.seat === undefined ? line.name : `${line.name || seatName(line.seat, this.room.names)}`;
    const to = line.to === this.room.seat ? t("chat.to_you") : t("chat.to", { who: seatName(line.to, this.room.names) });
    this.chatList.append(h(`li${whisper ? ".whisper" : ""}`, {},
      whisper ? h("span.whisper-tag", {}, to) : null,
      h("strong", {}, t("chat.who", { who })), line.text));
    while (this.chatList.children.length > 100) this.chatList.firstElementChild.remove();
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  /** Whisper (Frozen Lands): while the card is in effect, a private line to its partner. */
  renderChatTo(view) {
    const partners = (view.you && view.you.whisper) || [];
    const key = partners.join(",");
    if (this.chatTo.dataset.partners === key) return;
    const chosen = this.chatTo.value;
    this.chatTo.dataset.partners = key;
    fill(this.chatTo, h("option", { value: "" }, t("chat.everyone")),
      partners.map((seat) => h("option", { value: seat }, t("chat.whisper_to", { who: seatName(seat, this.room.names) }))));
    this.chatTo.value = partners.map(String).includes(chosen) ? chosen : "";
    this.chatTo.hidden = !partners.length;
  }

  chatForm() {
    const input = h("input#chat-input", { maxlength: 500, autocomplete: "off", placeholder: t("chat.placeholder"), "aria-label": t("chat.message") });
    const form = h("form.chat-form", {}, this.chatTo, input, h("button#chat-send", { type: "submit" }, t("chat.send")));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (this.room.seat === null) {
        toast(t("chat.spectators"), "error");
        return;
      }
      const to = this.chatTo.hidden || !this.chatTo.value ? null : Number(this.chatTo.value);
      if (this.room.sendChat(text, to)) input.value = "";
      else toast(t("chat.not_connected"), "error");
    });
    return form;
  }
}
