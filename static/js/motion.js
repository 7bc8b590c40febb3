// What just happened, shown moving. Before each redraw the table measures where its pieces,
// figures, track pieces and cards are; after it, each that moved slides from where it was
// (FLIP, with the Web Animations API), new pieces drop in, cards leaving the hand fly to where
// they went, and the update's events add their moments: the reveal's cards turning over
// together, a card played, a catch, Will lost, Contamination taken, the end. Nothing moves
// when the player asks for reduced motion; the words (log, prompt) say everything anyway, and
// the sounds (sound.js) do not depend on it.

import { HUNT_CARDS, PLACES, SURVIVAL_CARDS, huntName, placeName, survivalName } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cap, who } from "./labels.js";

const PIECES = "[data-token], [data-hunted], .track-piece";
const CARDS = ".card[data-card]";
const EASE = "cubic-bezier(0.2, 0.8, 0.2, 1)";
const REVEAL_MS = 2400; // how long the revealed cards stay up
const CARD_HOLD_MS = 1100; // how long another seat's card stays readable
const QUICK_MS = 300; // a redraw this soon after the last one slides nothing
const AFTER_REVEAL_MS = 1100; // what the reveal causes (a catch, Will lost) comes once it is seen
const END_AFTER_REVEAL_MS = 1800; // the last reveal, then the end screen in its place

/** True when the player asked for reduced motion (read each time: it may change). */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Start one animation, counted in body[data-motions] (tests read it). */
function animate(el, frames, options) {
  if (!el || !el.animate) return null;
  const run = el.animate(frames, { easing: EASE, fill: "backwards", ...options });
  document.body.dataset.motions = String(Number(document.body.dataset.motions || 0) + 1);
  return run;
}

const visible = (rect) => rect.width > 0 && rect.height > 0;

/** Each element of `selector` under `scope`, keyed by what it stands for (repeats numbered). */
function keyed(scope, selector, keyOf) {
  const out = new Map();
  if (!scope) return out;
  const seen = new Map();
  for (const el of scope.querySelectorAll(selector)) {
    const base = keyOf(el);
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    out.set(`${base}#${n}`, el);
  }
  return out;
}

function pieceKey(el) {
  if (el.dataset.token) return `token:${el.dataset.token}`;
  if (el.dataset.hunted) return `hunted:${el.dataset.hunted}`;
  const track = el.closest("[data-track]");
  return `track:${track ? track.dataset.track : ""}`;
}

/** Rectangles relative to `frame`, so that a whole section shifting moves nothing. */
function relative(rect, frame) {
  return { x: rect.left - frame.left, y: rect.top - frame.top, width: rect.width, height: rect.height };
}

function measureIn(scope, selector, keyOf) {
  const out = new Map();
  if (!scope) return out;
  const frame = scope.getBoundingClientRect();
  for (const [key, el] of keyed(scope, selector, keyOf)) {
    const rect = el.getBoundingClientRect();
    if (visible(rect)) out.set(key, { el, rect, at: relative(rect, frame) });
  }
  return out;
}

export class Motion {
  constructor(root) {
    this.root = root;
    this.layer = null;
    this.lastMeasure = -Infinity;
  }

  get board() {
    return this.root.querySelector("section.board");
  }

  get hand() {
    return this.root.querySelector("#hand");
  }

  /** Where things are before a redraw (null when nothing will move). */
  measure() {
    if (reducedMotion() || !this.root.isConnected) return null;
    // Moves that come faster than the eye (computer players with no delay) are drawn where
    // they end: sliding every one would only blur, and measuring costs the page a layout.
    const now = performance.now();
    const quick = now - this.lastMeasure < QUICK_MS;
    this.lastMeasure = now;
    if (quick) return { quick };
    return {
      pieces: measureIn(this.board, PIECES, pieceKey),
      cards: measureIn(this.hand, CARDS, (el) => `card:${el.dataset.card}`),
    };
  }

  /** After a redraw: move what moved, then play the update's events. */
  play(before, events, ctx) {
    if (!before || reducedMotion()) return;
    const revealed = events.some((e) => e.kind === "place_cards_revealed");
    const later = revealed ? AFTER_REVEAL_MS : 0;
    if (!before.quick) {
      this.slide(this.board, PIECES, pieceKey, before.pieces, revealed ? 700 : 0);
      const gone = this.slide(this.hand, CARDS, (el) => `card:${el.dataset.card}`, before.cards, 0);
      for (const old of gone) this.flyAway(old, this.targetOf(events));
    }
    // The game's last reveal: the end screen rises once its cards are seen.
    const ending = events.some((e) => e.kind === "game_over");
    for (const event of events) this.moment(event, ctx, later, ending && revealed ? END_AFTER_REVEAL_MS : 0);
  }

  /** FLIP what moved in `scope`, drop in what is new; answer what has left it. */
  slide(scope, selector, keyOf, before, delay) {
    if (!scope) return [];
    const frame = scope.getBoundingClientRect();
    const now = keyed(scope, selector, keyOf);
    let fresh = 0;
    for (const [key, el] of now) {
      const rect = el.getBoundingClientRect();
      if (!visible(rect)) continue;
      const old = before.get(key);
      if (!old) {
        animate(el, [{ transform: "translateY(-22px) scale(1.7)", opacity: 0 }, { transform: "none", opacity: 1 }],
          { duration: 300, delay: delay + 60 * fresh });
        fresh += 1;
        continue;
      }
      const at = relative(rect, frame);
      const dx = old.at.x - at.x;
      const dy = old.at.y - at.y;
      if (Math.abs(dx) + Math.abs(dy) < 2) continue;
      animate(el, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 320, delay });
    }
    return [...before].filter(([key]) => !now.has(key)).map(([, old]) => old);
  }

  /** Where a card that left the hand went: the first place its event names, else the board. */
  targetOf(events) {
    for (const e of events) {
      const places = (e.data && e.data.places) || [];
      const place = Array.isArray(places) ? places.find((p) => typeof p === "number" && p >= 1 && p <= 10) : null;
      if (place) return this.tile(place);
    }
    return this.board;
  }

  tile(place) {
    const board = this.board;
    return board ? board.querySelector(`[data-place="${place}"]`) : null;
  }

  overlay() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = h("div.motion-layer", { "aria-hidden": "true" });
      document.body.append(this.layer);
    }
    return this.layer;
  }

  /** A card that left the hand: its old picture flies to `target` and fades. */
  flyAway(old, target) {
    const ghost = old.el.cloneNode(true);
    ghost.classList.add("motion-ghost");
    ghost.setAttribute("inert", "");
    this.place(ghost, old.rect);
    this.overlay().append(ghost);
    const goal = target && target.getBoundingClientRect();
    const dx = goal && visible(goal) ? goal.left + goal.width / 2 - (old.rect.left + old.rect.width / 2) : 0;
    const dy = goal && visible(goal) ? goal.top + goal.height / 2 - (old.rect.top + old.rect.height / 2) : -60;
    const run = animate(ghost, [
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 30}px) scale(1.08) rotate(-4deg)`, opacity: 1, offset: 0.45 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 },
    ], { duration: 600 });
    if (run) run.finished.then(() => ghost.remove(), () => ghost.remove());
    else ghost.remove();
  }

  /** Put a fixed-position element over `rect` (through the CSSOM: the CSP refuses style attributes). */
  place(el, rect) {
    el.style.left = `${rect.left}px`;
    el.style.top = `${rect.top}px`;
    el.style.width = `${rect.width}px`;
    el.style.height = `${rect.height}px`;
  }

  moment(event, ctx, later, endDelay) {
    const d = event.data || {};
    const show = {
      place_cards_revealed: () => this.reveal(d.places || {}, ctx, endDelay || REVEAL_MS),
      hunt_card_played: () => ctx.seat !== 0 && this.cardInAir("hunt", d.card, d.places),
      survival_card_played: () => d.hunted !== ctx.seat && this.cardInAir("survival", d.card, d.places),
      hunted_caught: () => this.caught(d.place, d.hunted, later),
      will_lost: () => this.willLost(d.hunted, d.will, d.amount, later + 250),
      last_will_lost: () => this.willLost(d.hunted, 0, 0, later + 250),
      rescue_advanced: () => this.counter("rescue", later + 400),
      assimilation_advanced: () => this.counter("assimilation", later + 400),
      contamination_taken: () => this.contaminated(d.hunted, later + 300),
      game_over: () => this.end(endDelay),
    }[event.kind];
    if (show) show();
  }

  /** The chosen places, turned over together: one column per Hunted, cards flipping in turn. */
  reveal(places, ctx, stay) {
    const layer = this.overlay();
    for (const old of layer.querySelectorAll(".reveal")) old.remove();
    let i = 0;
    const columns = Object.entries(places).map(([seat, cards]) => h("div.reveal-seat", { dataset: { seat } },
      h(`span.reveal-who.seat-${seat}`, {}, cap(who(Number(seat), ctx))),
      h("div.reveal-cards", {}, cards.map((n) => {
        const card = h("div.flip-card", { dataset: { place: n } },
          h("div.flip-back", {}, "?"),
          h("div.flip-face", {}, h("span.card-num", {}, String(n)), h("strong", {}, placeName(n)),
            h("span.card-text", {}, PLACES[n] ? PLACES[n].text : "")));
        card.dataset.order = String(i);
        i += 1;
        return card;
      }))));
    const box = h("div.reveal", {}, h("p.reveal-title", {}, t("motion.reveal")), h("div.reveal-row", {}, columns));
    layer.append(box);
    animate(box, [{ opacity: 0, transform: "translateY(-16px)" }, { opacity: 1, transform: "none" }], { duration: 260 });
    for (const card of box.querySelectorAll(".flip-card")) {
      const at = 250 + 140 * Number(card.dataset.order);
      animate(card, [{ transform: "rotateY(180deg)" }, { transform: "rotateY(0deg)" }], { duration: 560, delay: at });
      this.flash(this.tile(Number(card.dataset.place)), "gold", at + 300);
    }
    // Held by a timer rather than a delayed animation: nothing is drawn while it stays up.
    setTimeout(() => this.fadeOut(box), stay);
  }

  fadeOut(el) {
    if (!el.isConnected) return;
    const out = animate(el, [{ opacity: 1 }, { opacity: 0 }], { duration: 300, fill: "forwards" });
    if (out) out.finished.then(() => el.remove(), () => el.remove());
    else el.remove();
  }

  /** A ring of light over `target` (drawn in the layer: only its opacity changes, which is cheap). */
  flash(target, tone, delay, duration = 1100) {
    const rect = target && target.getBoundingClientRect();
    if (!rect || !visible(rect)) return;
    const ring = h(`div.flash.flash-${tone}`);
    this.place(ring, rect);
    this.overlay().append(ring);
    const run = animate(ring, [{ opacity: 0 }, { opacity: 1, offset: 0.3 }, { opacity: 0 }], { duration, delay, fill: "both" });
    if (run) run.finished.then(() => ring.remove(), () => ring.remove());
    else ring.remove();
  }

  /** Fade out the reveal still on the table, if any. */
  clearReveal() {
    for (const box of this.overlay().querySelectorAll(".reveal")) {
      for (const run of box.getAnimations({ subtree: true })) run.cancel();
      this.fadeOut(box);
    }
  }

  /** Another seat's card, shown face up as it is played, then gone to where it acts. */
  cardInAir(kind, id, places) {
    const info = kind === "hunt" ? HUNT_CARDS[id] : SURVIVAL_CARDS[id];
    const layer = this.overlay();
    for (const old of layer.querySelectorAll(".air-card")) old.remove();
    // While a reveal is up, a phone draws the card above it (style.css), not over it; on a
    // desktop the reveal stands at the bottom, clear of the card already.
    const low = layer.querySelector(".reveal") ? ".low" : "";
    const card = h(`div.air-card.${kind}-card${low}`, {},
      h("strong", {}, kind === "hunt" ? huntName(id) : survivalName(id)),
      h("span.card-text", {}, info ? info.text : ""));
    layer.append(card);
    const from = card.getBoundingClientRect();
    const target = this.targetOf([{ data: { places } }]);
    const goal = target && target.getBoundingClientRect();
    const dx = goal && visible(goal) ? goal.left + goal.width / 2 - (from.left + from.width / 2) : 0;
    const dy = goal && visible(goal) ? goal.top + goal.height / 2 - (from.top + from.height / 2) : 0;
    animate(card, [{ transform: "translateY(-40px) rotateX(70deg)", opacity: 0 }, { transform: "none", opacity: 1 }],
      { duration: 350 });
    // Held still by a timer (no frames drawn meanwhile), then gone to where it acts.
    setTimeout(() => {
      if (!card.isConnected) return;
      const run = animate(card, [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.3)`, opacity: 0 }],
        { duration: 550, fill: "forwards" });
      if (run) run.finished.then(() => card.remove(), () => card.remove());
      else card.remove();
    }, CARD_HOLD_MS);
  }

  caught(place, seat, delay) {
    const tile = this.tile(place);
    if (!tile) return;
    animate(tile, [{ transform: "none" }, { transform: "translateX(-6px) rotate(-1deg)" }, { transform: "translateX(6px) rotate(1deg)" },
      { transform: "translateX(-4px)" }, { transform: "translateX(3px)" }, { transform: "none" }], { duration: 520, delay });
    this.flash(tile, "red", delay, 1300);
    const figure = tile.querySelector(`[data-hunted="${seat}"]`);
    if (figure) animate(figure, [{ transform: "none" }, { transform: "translateY(-8px) scale(1.3)" }, { transform: "none" }], { duration: 500, delay });
  }

  /** The Will pips a Hunted just lost flash out (they are drawn empty already). */
  willLost(seat, will, amount, delay) {
    const panel = this.root.querySelector(`#players [data-seat="${seat}"]`);
    if (!panel) return;
    const pips = [...panel.querySelectorAll(".pip")];
    const lost = amount ? pips.slice(will, will + amount) : pips;
    for (const pip of lost) { // a full red pip bursts where the lost Will was
      const rect = pip.getBoundingClientRect();
      if (!visible(rect)) continue;
      const burst = h("div.pip-burst");
      this.place(burst, rect);
      this.overlay().append(burst);
      const run = animate(burst, [{ transform: "none", opacity: 1 }, { transform: "scale(2.6)", opacity: 0 }], { duration: 900, delay });
      if (run) run.finished.then(() => burst.remove(), () => burst.remove());
    }
    animate(panel, [{ transform: "none" }, { transform: "translateX(-4px)" }, { transform: "translateX(4px)" }, { transform: "none" }],
      { duration: 360, delay });
  }

  counter(track, delay) {
    const label = this.root.querySelector(`[data-counter="${track}"]`);
    animate(label, [{ transform: "scale(1.35)" }, { transform: "none" }], { duration: 700, delay });
  }

  /** The newest Contamination token of a Hunted comes out of the reserve. */
  contaminated(seat, delay) {
    const line = this.root.querySelector(`#players [data-seat="${seat}"] .tokens-line`);
    const token = line && line.querySelector(".ctoken:last-of-type");
    if (!token) return;
    const reserve = this.root.querySelector(".reserve-note");
    const from = reserve && reserve.getBoundingClientRect();
    const to = token.getBoundingClientRect();
    const frames = from && visible(from) && visible(to)
      ? [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(1.6)` }, { transform: "none" }]
      : [{ transform: "scale(2)", opacity: 0 }, { transform: "none", opacity: 1 }];
    animate(token, frames, { duration: 800, delay });
  }

  /** The end: the end screen rises, its parts one after the other. */
  end(delay) {
    const end = this.root.querySelector("#end");
    if (!end) return;
    if (!delay) this.clearReveal(); // an earlier reveal still up: the end screen shows it now
    animate(end, [{ opacity: 0, transform: "scale(0.92) translateY(12px)" }, { opacity: 1, transform: "none" }], { duration: 700, delay });
    let i = 0;
    for (const part of end.querySelectorAll(".end-part")) {
      animate(part, [{ opacity: 0, transform: "translateY(10px)" }, { opacity: 1, transform: "none" }], { duration: 500, delay: delay + 300 + 120 * i });
      i += 1;
    }
  }
}
