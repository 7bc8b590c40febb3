// "Your move", impossible to miss: the tab title and favicon change, a short beep (with a
// remembered mute switch), and, if the player asked for it, a desktop notification while
// the tab is hidden.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const ICON = (fill, ring) => "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
  + (ring ? `<circle cx='8' cy='8' r='7.5' fill='${ring}'/>` : "")
  + `<circle cx='8' cy='8' r='${ring ? 4.5 : 6}' fill='${fill}'/></svg>`);
const IDLE_ICON = ICON("#7fd4c1");
const MOVE_ICON = ICON("#ffffff", "#ff6b6b");

function stored(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export class MoveAlert {
  constructor() {
    this.mine = false;
    this.muted = stored("nao.mute") === "1";
    this.notify = stored("nao.notify") === "1" && "Notification" in window
      && Notification.permission === "granted";
    this.audio = null;
    // Browsers let a page make sound only after a user gesture: unlock on the first one.
    document.addEventListener("pointerdown", () => this.unlock(), { once: true, capture: true });
    document.addEventListener("keydown", () => this.unlock(), { once: true, capture: true });
  }

  unlock() {
    if (this.audio || !(window.AudioContext || window.webkitAudioContext)) return;
    try {
      this.audio = new (window.AudioContext || window.webkitAudioContext)();
    } catch {
      this.audio = null;
    }
  }

  /** Called after every render: `mine` is whether this seat must decide now. */
  update(mine, text) {
    document.body.dataset.yourMove = mine ? "1" : "";
    if (mine === this.mine) return;
    this.mine = mine;
    document.title = mine ? t("alert.your_move_title", { title: t("app.title") }) : t("app.title");
    const icon = document.querySelector("link[rel=icon]");
    if (icon) {
      icon.href = mine ? MOVE_ICON : IDLE_ICON;
      icon.dataset.state = mine ? "move" : "idle";
    }
    if (!mine) return;
    if (!this.muted) this.beep();
    if (this.notify && document.hidden) this.desktop(text);
  }

  beep() {
    const ctx = this.audio;
    if (!ctx) return;
    try {
      if (ctx.state === "suspended") ctx.resume();
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
      tone.connect(gain).connect(ctx.destination);
      tone.start();
      tone.stop(ctx.currentTime + 0.3);
      document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    } catch {
      // no sound device: the title and icon still say it
    }
  }

  desktop(text) {
    try {
      const note = new Notification(t("alert.your_move"), { body: text, tag: "nao-move" });
      note.onclick = () => { window.focus(); note.close(); };
    } catch {
      // notifications refused by the platform
    }
  }

  /** The two switches for the top bar: sound on/off, desktop notifications on/off. */
  controls() {
    const sound = h("button#sound.topbar-toggle", {
      type: "button", "aria-pressed": String(!this.muted),
      title: t("alert.sound_title"),
      onclick: () => {
        this.muted = !this.muted;
        store("nao.mute", this.muted ? "1" : "0");
        sound.setAttribute("aria-pressed", String(!this.muted));
        sound.textContent = t(this.muted ? "alert.sound_off" : "alert.sound_on");
        if (!this.muted) { this.unlock(); this.beep(); }
      },
    }, t(this.muted ? "alert.sound_off" : "alert.sound_on"));
    if (!("Notification" in window)) return [sound];
    const notify = h("button#notify.topbar-toggle", {
      type: "button", "aria-pressed": String(this.notify),
      title: t("alert.notify_title"),
      onclick: async () => {
        if (!this.notify && Notification.permission !== "granted") {
          await Notification.requestPermission();
        }
        this.notify = !this.notify && Notification.permission === "granted";
        store("nao.notify", this.notify ? "1" : "0");
        notify.setAttribute("aria-pressed", String(this.notify));
        notify.textContent = t(this.notify ? "alert.notify_on" : "alert.notify_off");
      },
    }, t(this.notify ? "alert.notify_on" : "alert.notify_off"));
    return [sound, notify];
  }
}
