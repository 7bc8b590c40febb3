// A random player living in the page (injected by the browser tests, never served).
// When its player must decide (#actions[data-prompt]), it clicks one of the offered
// action buttons at random, after checking that the button is visible and that nothing
// covers its centre (what a real click needs). It pauses when the phase changes, so the
// test can look at the table, photograph it and resume it.
(() => {
  function mulberry32(seed) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const bot = {
    random: Math.random,
    running: false,
    pausing: true,
    leaveAutoPasses: false, // true: never click while the server is about to pass for us
    paused: null,
    lastPhase: null,
    clicks: 0,
    problem: null,
    timer: null,

    start(seed) {
      this.random = mulberry32(seed);
      this.running = true;
      this.timer = setInterval(() => this.tick(), 15);
    },

    resume() {
      this.paused = null;
    },

    stop() {
      this.running = false;
      clearInterval(this.timer);
    },

    /** What the test needs, read at one instant. */
    status() {
      const body = document.body.dataset;
      return {
        phase: body.phase || "",
        version: Number(body.version || 0),
        busy: Boolean(body.busy),
        paused: this.paused,
        clicks: this.clicks,
        problem: this.problem,
        buttons: [...document.querySelectorAll("button.act")].map((b) => b.dataset.key),
        tokens: [...document.querySelectorAll("input[name=armed-token]")].map((i) => i.value),
        armed: (document.querySelector("input[name=armed-token]:checked") || {}).value || null,
      };
    },

    tick() {
      if (!this.running || this.paused) return;
      const phase = document.body.dataset.phase;
      if (phase !== this.lastPhase) {
        this.lastPhase = phase;
        if (this.pausing) {
          this.paused = phase; // let the test look at this phase first
          return;
        }
      }
      if (phase === "over") return;
      if (document.body.dataset.busy || !document.querySelector("#actions[data-prompt]")) return;
      if (this.leaveAutoPasses && document.querySelector("#actions[data-auto-passing]")) return;
      const buttons = [...document.querySelectorAll("button.act:not([disabled])")];
      if (!buttons.length) return;
      const button = buttons[Math.floor(this.random() * buttons.length)];
      const list = button.closest("details");
      if (list && !list.open) list.open = true; // a list behind its disclosure: open it first
      button.scrollIntoView({ block: "center", inline: "center" });
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!box.width || !box.height || !button.contains(hit)) {
        this.problem = `covered or hidden: ${button.getAttribute("aria-label")} by ${hit ? hit.outerHTML.slice(0, 200) : "nothing"} at ${JSON.stringify(box)}`;
        this.stop();
        return;
      }
      button.click();
      this.clicks += 1;
    },
  };
  window.__bot = bot;
})();
