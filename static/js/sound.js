// Short sounds made on the spot with WebAudio (no sound files): your move, the reveal, a catch
// and the end. One mute switch, remembered in localStorage. Browsers allow sound only after a
// user gesture, so the audio context is created on the first click or key press, never before.

import { h, store, stored } from "./dom.js";
import { t } from "./i18n.js";

const MUTE_KEY = "nao.mute";
const VOLUME = 0.14;
const CATCH_AFTER_REVEAL_MS = 1000;

// Each sound is a few notes: [start (s), frequency (Hz), length (s), waveform, glide-to (Hz)?].
const SOUNDS = {
  // a bright two-note call, rising: something is yours to decide
  move: [[0, 660, 0.16, "sine"], [0.11, 988, 0.22, "sine"]],
  // cards turned over together: a quick shimmering arpeggio
  reveal: [[0, 392, 0.3, "triangle"], [0.07, 523, 0.3, "triangle"], [0.14, 659, 0.3, "triangle"],
    [0.21, 784, 0.45, "triangle"]],
  // a catch: a low blow falling away, with a rough edge
  catch: [[0, 196, 0.45, "sawtooth", 82], [0.02, 98, 0.5, "square", 55]],
  // the end, won: a rising fanfare; lost: a slow falling line
  won: [[0, 523, 0.22, "triangle"], [0.18, 659, 0.22, "triangle"], [0.36, 784, 0.22, "triangle"],
    [0.54, 1047, 0.7, "triangle"]],
  lost: [[0, 440, 0.4, "sine"], [0.32, 370, 0.4, "sine"], [0.64, 311, 0.4, "sine"], [0.96, 220, 0.9, "sine", 196]],
};

const SVG = "http://www.w3.org/2000/svg";
// Small icons for the top bar's switches on a phone (paths drawn for this page): each path is
// drawn always, or only while the switch is on, or only while it is off.
export const ICONS = {
  sound: [["M3 9v6h4l5 4V5L7 9H3z", ""], ["M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", "on-only"],
    ["M16 9l5 6M21 9l-5 6", "off-only"]],
  notify: [["M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM10 19a2 2 0 0 0 4 0", ""], ["M4 4l16 16", "off-only"]],
};

/** A switch's content: its icon (shown on phones) and its words (the accessible name). */
export function switchContent(icon, text) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "switch-icon");
  svg.setAttribute("aria-hidden", "true");
  for (const [d, when] of ICONS[icon]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", when || icon === "notify" ? "none" : "currentColor");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "2");
    path.setAttribute("stroke-linecap", "round");
    if (when) path.setAttribute("class", when);
    svg.append(path);
  }
  return [svg, h("span.switch-text", {}, text)];
}

/** The page's sounds: `play(kind)` once unlocked by a gesture, unless muted. */
class Sound {
  constructor() {
    this.muted = stored(MUTE_KEY) === "1";
    this.audio = null;
    this.button = null;
    const unlock = () => this.unlock();
    document.addEventListener("pointerdown", unlock, { once: true, capture: true });
    document.addEventListener("keydown", unlock, { once: true, capture: true });
  }

  unlock() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (this.audio || !Context) return;
    try {
      this.audio = new Context();
      document.body.dataset.audio = "unlocked";
    } catch {
      this.audio = null;
    }
  }

  /** Play one of SOUNDS (unknown kinds and a muted or locked page play nothing). */
  play(kind) {
    const notes = SOUNDS[kind];
    const ctx = this.audio;
    if (!notes || !ctx || this.muted) return;
    try {
      if (ctx.state === "suspended") ctx.resume();
      const now = ctx.currentTime + 0.01;
      for (const [at, freq, length, wave, glide] of notes) this.note(ctx, now + at, freq, length, wave, glide);
      // tests count the sounds made (no other way to hear a headless browser)
      document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
      document.body.dataset.lastSound = kind;
    } catch {
      // no sound device: the page still says everything in words
    }
  }

  note(ctx, start, freq, length, wave, glide) {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = wave;
    tone.frequency.setValueAtTime(freq, start);
    if (glide) tone.frequency.exponentialRampToValueAtTime(glide, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(wave === "sine" || wave === "triangle" ? VOLUME : VOLUME / 2.5, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    tone.connect(gain).connect(ctx.destination);
    tone.start(start);
    tone.stop(start + length + 0.05);
  }

  setMuted(muted) {
    this.muted = muted;
    store(MUTE_KEY, muted ? "1" : "0");
    if (this.button) {
      this.button.setAttribute("aria-pressed", String(!muted));
      this.button.querySelector(".switch-text").textContent = t(muted ? "alert.sound_off" : "alert.sound_on");
    }
  }

  /** The top bar's sound switch (pressed: sound on). */
  control() {
    this.button = h("button#sound.topbar-toggle", {
      type: "button", "aria-pressed": String(!this.muted), title: t("alert.sound_title"),
      onclick: () => {
        this.setMuted(!this.muted);
        if (!this.muted) {
          this.unlock();
          this.play("move"); // so the player hears what the switch turned on
        }
      },
    }, switchContent("sound", t(this.muted ? "alert.sound_off" : "alert.sound_on")));
    return this.button;
  }
}

export const sound = new Sound();

/** The sounds an update's events call for: the reveal, a catch, the end (won or lost). */
export function playEvents(events, view) {
  const kinds = new Set(events.map((e) => e.kind));
  const over = events.find((e) => e.kind === "game_over");
  if (over) {
    const side = view && (view.role === "creature" ? "creature" : view.role === "hunted" ? "hunted" : null);
    sound.play(side && over.data && over.data.winner !== side ? "lost" : "won");
    return;
  }
  const revealed = kinds.has("place_cards_revealed");
  if (revealed) sound.play("reveal");
  // a catch the reveal shows comes once the cards have turned
  if (kinds.has("hunted_caught")) setTimeout(() => sound.play("catch"), revealed ? CATCH_AFTER_REVEAL_MS : 0);
}
