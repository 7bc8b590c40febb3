// The game log: this seat's whole history, fetched from the server page by page (so it
// survives a reload), with a heading per turn and phase, runs of passes folded into one
// line, and the newest line kept in view. A move the server made for a seat carries its
// reason (`by`, from the server): its passes fold into their own "automatic" line, and its
// other lines say who decided (the clock, or the computer playing for a player who left).

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { eventText, eventTone } from "./events.js";
import { t } from "./i18n.js";
import { PHASE_LABELS, cap, listOf, who } from "./labels.js";

const PAGE = 500; // actions per page (a whole base game is usually one page)
const NEAR_BOTTOM_PX = 40;

export class GameLog {
  constructor(room) {
    this.room = room;
    this.bySeq = new Map(); // action seq -> the events of that action this seat may see
    this.notes = []; // [{after: seq, text, kind}]: lines that are not game events
    this.before = undefined; // the next older page (null: the first action is here)
    this.fold = null; // the pass line being extended: {li, seats, auto}
    this.list = h("ol#log.log", { tabindex: 0, "aria-label": t("log.label"), "aria-live": "polite",
      dataset: { empty: t("log.empty") } });
    this.more = h("button#log-more.subtle.small", { type: "button", hidden: true, onclick: () => this.loadEarlier() },
      t("log.earlier"));
    this.root = [this.more, this.list];
  }

  get lastSeq() {
    return this.bySeq.size ? Math.max(...this.bySeq.keys()) : 0;
  }

  /**
   * A whole new picture (sync). Within the same game, only the events not seen yet are
   * added; a new game (or the first picture) shows the recent events at once, then the
   * server's history.
   */
  sync(events, game) {
    const last = this.lastSeq;
    const fresh = events.filter((e) => e.seq > last);
    const joined = !fresh.length || fresh[0].seq <= last + 1 || events[0].seq <= last;
    if (game === this.game && this.bySeq.size && joined) {
      this.add(fresh);
      return;
    }
    this.game = game;
    this.reset(events);
  }

  reset(events) {
    this.bySeq.clear();
    this.notes = [];
    this.before = undefined;
    this.epoch = (this.epoch || 0) + 1;
    this.merge(events);
    this.renderAll();
    this.loadLatest(this.epoch);
  }

  merge(events) {
    const bySeq = new Map();
    for (const e of events) {
      if (!bySeq.has(e.seq)) bySeq.set(e.seq, []);
      bySeq.get(e.seq).push(e);
    }
    for (const [seq, list] of bySeq) this.bySeq.set(seq, list);
  }

  async loadLatest(epoch) {
    try {
      const page = await api.log(this.room.code, this.room.token, null, PAGE);
      if (epoch !== this.epoch) return; // a newer picture (a resync, a rematch) came meanwhile
      this.merge(page.events.filter((e) => e.seq <= this.room.version));
      this.before = page.before;
      this.renderAll();
    } catch {
      this.before = undefined; // the recent events from the sync stay; no paging
    }
  }

  async loadEarlier() {
    if (!this.before) return;
    this.more.disabled = true;
    try {
      const page = await api.log(this.room.code, this.room.token, this.before, PAGE);
      const height = this.list.scrollHeight;
      this.merge(page.events);
      this.before = page.before;
      this.renderAll(false);
      this.list.scrollTop += this.list.scrollHeight - height; // keep the lines read in place
    } finally {
      this.more.disabled = false;
    }
  }

  /** New events from an update, added below the others. */
  add(events) {
    if (!events.length) return;
    const stick = this.atBottom();
    this.merge(events);
    for (const e of events) this.appendEvent(e);
    if (stick) this.toBottom();
  }

  addNote(text, kind) {
    this.notes.push({ after: this.lastSeq, text, kind });
    this.fold = null;
    this.list.append(h("li.note", { dataset: { kind } }, text));
    this.toBottom();
  }

  atBottom() {
    return this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < NEAR_BOTTOM_PX;
  }

  toBottom() {
    this.list.scrollTop = this.list.scrollHeight;
  }

  renderAll(bottom = true) {
    this.list.setAttribute("aria-busy", "true");
    fill(this.list);
    this.fold = null;
    if (this.before === null) this.list.append(h("li.phase.heading", {}, h("h3", {}, t("log.turn", { turn: 1 }))));
    const notes = [...this.notes];
    for (const seq of [...this.bySeq.keys()].sort((a, b) => a - b)) {
      while (notes.length && notes[0].after < seq) this.appendNote(notes.shift());
      for (const e of this.bySeq.get(seq)) this.appendEvent(e);
    }
    for (const note of notes) this.appendNote(note);
    this.more.hidden = !this.before;
    this.list.removeAttribute("aria-busy");
    if (bottom) this.toBottom();
  }

  appendNote(note) {
    this.fold = null;
    this.list.append(h("li.note", { dataset: { kind: note.kind } }, note.text));
  }

  appendEvent(event) {
    const ctx = this.room.table ? this.room.table.ctx() : { seat: this.room.seat, names: this.room.names, view: this.room.view };
    if (event.kind === "passed") {
      this.foldPass(event.data.seat, ctx, Boolean(event.by));
      return;
    }
    this.fold = null;
    if (event.kind === "phase_started") {
      const d = event.data || {};
      this.list.append(h("li.phase.heading", { dataset: { kind: event.kind, turn: d.turn, phase: d.phase } },
        h("h3", {}, t("log.turn_phase", { turn: d.turn, phase: PHASE_LABELS[d.phase] || d.phase }))));
      return;
    }
    this.list.append(h(`li.${eventTone(event) || "plain"}${event.by ? ".auto" : ""}`,
      { dataset: event.by ? { kind: event.kind, by: event.by } : { kind: event.kind } },
      eventText(event, ctx), event.by ? h("span.by", {}, ` (${t(`log.by.${event.by}`)})`) : null));
  }

  /** "Ann passed." then "Ann and Bob passed." then "Ann, Bob and the Creature passed."; the
   *  passes the server made go on a line of their own: "Passed automatically: Ann, Bob." */
  foldPass(seat, ctx, auto) {
    if (!this.fold || this.fold.auto !== auto) {
      const li = h(`li.plain.passes${auto ? ".auto" : ""}`, { dataset: auto ? { kind: "passed", by: "auto" } : { kind: "passed" } });
      this.list.append(li);
      this.fold = { li, seats: [], auto };
    }
    this.fold.seats.push(seat);
    const seats = [...new Set(this.fold.seats)];
    const times = this.fold.seats.length > seats.length ? this.fold.seats.length : 1;
    fill(this.fold.li, cap(t(auto ? "log.passed_auto" : "log.passed", { who: listOf(seats.map((s) => who(s, ctx))), times,
      you: seats.includes(ctx.seat), many: seats.length > 1 })));
  }
}
