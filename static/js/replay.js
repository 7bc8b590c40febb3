// The replay page (/r/{code}/games/{n}): a finished game, step by step, drawn with the
// table's own renderers. Frames come from the server (rebuilt through the engine), in
// pages, for one perspective: a seat, or the whole table with every card face up. Stepping
// and playing skip the passes the server made for a seat (the index marks them), unless the
// switch shows them.

import { api, tokens } from "./api.js";
import { renderBoard, renderTracks } from "./board.js";
import { setVariant } from "./cards.js";
import { fill, h, keepFocus, toast } from "./dom.js";
import { t } from "./i18n.js";
import { eventText, eventTone } from "./events.js";
import { renderHand, weighSections } from "./hand.js";
import { PHASE_LABELS, describePast, outcomeText, roleLabel, seatName } from "./labels.js";
import { renderPlayers } from "./players.js";

const PAGE = 50;
const SPEEDS = { "0.5": 2000, 1: 1000, 2: 500, 4: 250, 8: 125 }; // speed -> ms per step

export class Replay {
  constructor(code, number) {
    this.code = code;
    this.number = number;
    this.token = tokens.get(code);
    this.perspective = null; // null: the server's default (my seat, else the table)
    this.frames = new Map(); // step -> frame, for the current perspective
    this.meta = null; // the last page's fields: steps, index, outcome, seat, perspective
    this.step = 0;
    this.timer = null;
    this.speed = "1";
    this.showAuto = false; // automatic passes are skipped unless shown
    this.names = {};
    this.main = document.getElementById("main");
  }

  async open() {
    document.body.dataset.page = "replay";
    try {
      const lobby = await api.lobby(this.code);
      for (const s of lobby.seats) if (s.name) this.names[s.seat] = s.name;
      await this.load(0);
    } catch (error) {
      this.renderRefusal(error);
      return;
    }
    this.goto(0);
  }

  /** Fetch the page holding `step` for the current perspective, unless already there. */
  async load(step) {
    if (this.frames.has(step)) return;
    const start = Math.floor(step / PAGE) * PAGE;
    const page = await api.replay(this.code, this.number, this.token,
      { view: this.perspective, from: start, limit: PAGE });
    this.meta = page;
    this.perspective = page.perspective;
    setVariant(page.config.variant);
    for (const f of page.frames) this.frames.set(f.step, f);
  }

  async goto(step) {
    const target = Math.max(0, Math.min(step, this.meta.steps));
    try {
      await this.load(target);
    } catch (error) {
      this.pause();
      toast(error.message, "error");
      return;
    }
    this.step = target;
    this.render();
  }

  /** The first step of the turn `delta` turns away from the current one. */
  turnStart(turn) {
    const index = this.meta.index;
    const first = index.findIndex((s) => s.turn === turn);
    return first < 0 ? (turn < 1 ? 0 : this.meta.steps) : first;
  }

  /** Whether stepping and playing pass over `step` (an automatic pass, while hidden). */
  skipped(step) {
    return !this.showAuto && Boolean(this.meta.index[step] && this.meta.index[step].auto_pass);
  }

  /** The next step from `step` in `direction` (+1 or -1) that is not skipped; `step` itself
   *  when there is none. */
  neighbour(step, direction) {
    for (let s = step + direction; s >= 0 && s <= this.meta.steps; s += direction) {
      if (!this.skipped(s)) return s;
    }
    return step;
  }

  stepTurn(delta) {
    const turn = this.meta.index[this.step].turn;
    const start = this.turnStart(turn);
    if (delta < 0 && this.step > start) return this.goto(start);
    return this.goto(this.turnStart(turn + delta));
  }

  async play() {
    if (this.timer) return this.pause();
    // From the end, play from the start: step 0's frame is loaded before it is drawn.
    if (this.neighbour(this.step, 1) === this.step) await this.goto(0);
    const tick = async () => {
      const next = this.neighbour(this.step, 1);
      if (next === this.step) return this.pause();
      await this.goto(next);
      if (this.timer) this.timer = setTimeout(tick, SPEEDS[this.speed]);
    };
    this.timer = setTimeout(tick, SPEEDS[this.speed]);
    this.render();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.render();
  }

  async setPerspective(value) {
    this.perspective = value === "table" ? "table" : Number(value);
    this.frames = new Map();
    await this.goto(this.step);
  }

  // --- rendering --------------------------------------------------------------------------

  /** Draw the page once: the heading, the controls and the table, updated at each step. */
  build() {
    this.turnLabel = h("strong#turn", {}, "");
    this.phaseLabel = h("span#phase", {}, "");
    this.stepLabel = h("strong#replay-step", {}, "");
    this.buttons = {};
    this.turnSelect = h("select#replay-turn", {
      onchange: (e) => this.goto(this.turnStart(Number(e.target.value))),
    });
    this.tableArea = h("div.table");
    fill(this.main, h("div.replay#replay", {},
      h("header.replay-head", {},
        h("h1", {}, t("replay.title", { n: this.number })),
        h("p.phasebar", {}, h("span", {}, `${t("replay.turn")} `), this.turnLabel, " · ", this.phaseLabel),
        h("p", {}, h("a#back-to-room", { href: `/r/${encodeURIComponent(this.code)}` }, t("replay.back")))),
      this.buildControls(),
      this.tableArea));
  }

  buildControls() {
    const button = (id, label, title, onclick) => {
      this.buttons[id] = h(`button#${id}`, { type: "button", title, "aria-label": title, onclick }, label);
      return this.buttons[id];
    };
    const views = [["table", t("replay.table")],
      ...Array.from({ length: this.meta.config.hunted + 1 }, (_, s) =>
        [String(s), `${seatName(s, this.names)}${s === this.meta.seat ? ` ${t("replay.you")}` : ""}`])];
    const turns = [...new Set(this.meta.index.map((s) => s.turn))];
    fill(this.turnSelect, turns.map((turn) => h("option", { value: turn }, String(turn))));
    return h("section.replay-controls.panel", { "aria-label": t("replay.controls") },
      h("div.replay-buttons", {},
        button("replay-first", "⇤", t("replay.first"), () => this.goto(0)),
        button("replay-prev-turn", "«", t("replay.prev_turn"), () => this.stepTurn(-1)),
        button("replay-prev", "‹", t("replay.prev"), () => this.goto(this.neighbour(this.step, -1))),
        button("replay-play", "", t("replay.play"), () => this.play()),
        button("replay-next", "›", t("replay.next"), () => this.goto(this.neighbour(this.step, 1))),
        button("replay-next-turn", "»", t("replay.next_turn"), () => this.stepTurn(1)),
        button("replay-last", "⇥", t("replay.last"), () => this.goto(this.meta.steps))),
      h("label.replay-auto", { for: "replay-show-auto" },
        h("input#replay-show-auto", { type: "checkbox", onchange: (e) => { this.showAuto = e.target.checked; this.render(); } }),
        ` ${t("replay.show_auto")}`),
      h("p.replay-position", {}, `${t("replay.move")} `, this.stepLabel),
      h("label", {}, `${t("replay.turn")} `, this.turnSelect),
      h("label", {}, `${t("replay.speed")} `, h("select#replay-speed", {
        onchange: (e) => { this.speed = e.target.value; },
      }, Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === this.speed }, `${s}×`)))),
      h("label", {}, `${t("replay.seen_by")} `, h("select#replay-view", {
        onchange: (e) => this.setPerspective(e.target.value),
      }, views.map(([value, label]) => h("option", { value, selected: value === String(this.perspective) }, label)))));
  }

  /** The controls' state for this step; the buttons stay the same elements. */
  updateControls(view) {
    const steps = this.meta.steps;
    const b = this.buttons;
    for (const id of ["replay-first", "replay-prev-turn"]) b[id].disabled = this.step === 0;
    for (const id of ["replay-next-turn", "replay-last"]) b[id].disabled = this.step === steps;
    b["replay-prev"].disabled = this.neighbour(this.step, -1) === this.step;
    b["replay-next"].disabled = this.neighbour(this.step, 1) === this.step;
    const playing = Boolean(this.timer);
    b["replay-play"].textContent = `${playing ? "❚❚" : "▶"} ${playing ? t("replay.pause") : t("replay.play")}`;
    b["replay-play"].title = playing ? t("replay.pause") : t("replay.play");
    b["replay-play"].setAttribute("aria-label", b["replay-play"].title);
    this.stepLabel.textContent = `${this.step} / ${steps}`;
    this.turnLabel.textContent = String(view.turn);
    this.phaseLabel.textContent = PHASE_LABELS[view.phase] || view.phase;
    this.phaseLabel.dataset.phase = view.phase;
    this.turnSelect.value = String(this.meta.index[this.step].turn);
  }

  render() {
    const frame = this.frames.get(this.step);
    const view = frame.view;
    if (!this.tableArea) this.build();
    document.body.dataset.phase = view.phase;
    document.body.dataset.step = String(this.step);
    document.body.dataset.variant = view.config.variant;
    const seat = typeof this.perspective === "number" ? this.perspective : null;
    const ctx = { seat, names: this.names, view };
    this.updateControls(view);
    keepFocus(() => fill(this.tableArea,
      h("div.table-main", {},
        this.renderEnd(view),
        h("section.board.panel", { "aria-label": "Artemia" },
          renderBoard(view, ctx, new Map(), () => {}), renderTracks(view, this.names)),
        h("section#hand.hand.panel", { "aria-label": t("replay.cards") }, this.renderHands(view, ctx))),
      h("div.table-side", {},
        h("section#players.players-panel.panel", { "aria-label": t("replay.players") },
          renderPlayers(view, ctx, null, null)),
        this.renderStepLog(frame, ctx))));
    weighSections(this.tableArea);
  }

  renderEnd(view) {
    if (!view.outcome) return null;
    const text = outcomeText(view.outcome);
    return h(`section#end.end.panel.winner-${view.outcome.winner}`, {},
      h("h2#end-title", {}, text.title), h("p.reason", {}, text.reason));
  }

  /** The perspective's own cards; the whole table shows every seat's. Each hand is headed
   *  with its seat's name ("your cards" only for the viewer's own). */
  renderHands(view, ctx) {
    if (this.perspective !== "table") return this.headed(renderHand(view, ctx), this.perspective);
    return Object.entries(view.seats).map(([seat, you]) => {
      const n = Number(seat);
      const seen = { ...view, seat: n, role: n === 0 ? "creature" : "hunted", you };
      return h("div.seat-hand", { dataset: { seat } }, this.headed(renderHand(seen, { ...ctx, seat: n, view: seen }), n));
    });
  }

  /** A hand's nodes with its heading naming the seat, unless it is the viewer's own. */
  headed(nodes, seat) {
    if (seat === this.meta.seat) return nodes;
    const title = `${t("replay.cards_of", { who: seatName(seat, this.names) })} · ${roleLabel(seat)}`;
    return nodes.map((node) => (node && node.tagName === "H2" ? h("h2", {}, title) : node));
  }

  renderStepLog(frame, ctx) {
    const name = frame.seat === null || frame.seat === undefined ? null : seatName(frame.seat, this.names);
    const actor = frame.by ? t("replay.by", { who: name, by: t(`log.by.${frame.by}`) }) : name;
    const action = frame.action ? `${actor}: ${describePast(frame.action, { ...ctx, seat: frame.seat }, frame)}` : t("replay.set");
    return h("section.panel.log-panel", { "aria-labelledby": "log-title" },
      h("h2#log-title", {}, t("replay.this_move")),
      h("p#replay-action.replay-action", {}, action),
      h("ol#log.log", { tabindex: 0, "aria-label": t("replay.what_happened"), dataset: { empty: t("log.empty") } }, frame.events.map((event) =>
        h(`li.${eventTone(event) || "plain"}`, { dataset: { kind: event.kind } }, eventText(event, ctx)))));
  }

  renderRefusal(error) {
    fill(this.main, h("section.panel.narrow#replay-refused", {},
      h("h1", {}, t("replay.none")),
      h("p", {}, error.message),
      h("p", {}, h("a.button", { href: `/r/${encodeURIComponent(this.code)}` }, t("replay.back")))));
  }
}

/** On the end screen: the link to this game's replay. */
export function replayLink(room) {
  const game = room.lobby && room.lobby.game; // its number; the view says the game is over
  if (!game || !room.view || !room.view.outcome) return null;
  return h("p.replay-link", {}, h("a#replay-link", {
    href: `/r/${encodeURIComponent(room.code)}/games/${game.number}`,
  }, t("replay.link")));
}

export function openReplay(code, number) {
  const replay = new Replay(code, number);
  window.__replay = replay; // for debugging in the console
  replay.open();
}
