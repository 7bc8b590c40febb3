// A redraw held back while a button is pressed. A click lands only when the press and the
// release meet the same element: a frame that redraws the buttons between the two (another
// player's move, someone joining) would swallow it. The held redraw runs after the click.

export class PressGuard {
  /** `release` runs once the press ends, if a redraw was held meanwhile. */
  constructor(release) {
    this.release = release;
    this.pressed = false;
    this.waiting = false;
    document.addEventListener("pointerdown", (e) => this.down(e), { capture: true });
    // A release outside the window still comes (the browser captures a pressed pointer); a
    // press that ends another way (a touch turned scroll, the window left) ends here too.
    for (const end of ["pointerup", "pointercancel"]) {
      window.addEventListener(end, () => this.up(), { capture: true });
    }
    window.addEventListener("blur", (e) => { if (e.target === window) this.up(); });
  }

  /** True while a button is pressed: the caller holds its redraw (`release` runs it later). */
  hold() {
    if (!this.pressed) return false;
    this.waiting = true;
    document.body.dataset.held = "1";
    return true;
  }

  down(event) {
    if (!(event.target instanceof Element) || !event.target.closest("button")) return;
    this.pressed = true;
  }

  up() {
    if (!this.pressed) return;
    this.pressed = false;
    // After the click this release makes: it is dispatched in the same task as the release.
    setTimeout(() => {
      if (this.pressed || !this.waiting) return;
      this.waiting = false;
      delete document.body.dataset.held;
      this.release();
    }, 0);
  }
}
