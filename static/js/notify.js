// "Your move", impossible to miss: the tab title and favicon change, a short call (sound.js,
// with its remembered mute switch), and, if the player asked for it, a desktop notification
// while the tab is hidden.

import { h, store, stored } from "./dom.js";
import { t } from "./i18n.js";
import { sound, switchContent } from "./sound.js";

const ICON = (fill, ring) => "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
  + (ring ? `<circle cx='8' cy='8' r='7.5' fill='${ring}'/>` : "")
  + `<circle cx='8' cy='8' r='${ring ? 4.5 : 6}' fill='${fill}'/></svg>`);
const IDLE_ICON = ICON("#7fd4c1");
const MOVE_ICON = ICON("#ffffff", "#ff6b6b");

export class MoveAlert {
  constructor() {
    this.mine = false;
    this.notify = stored("nao.notify") === "1" && "Notification" in window
      && Notification.permission === "granted";
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
    sound.play("move");
    if (this.notify && document.hidden) this.desktop(text);
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
    const switchSound = sound.control();
    if (!("Notification" in window)) return [switchSound];
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
        notify.querySelector(".switch-text").textContent = t(this.notify ? "alert.notify_on" : "alert.notify_off");
      },
    }, switchContent("notify", t(this.notify ? "alert.notify_on" : "alert.notify_off")));
    return [switchSound, notify];
  }
}
