// Draws the whole table (actions, board, hand, players, end banner, log, chat) for each
// sample of tests/browser/samples.py with the page's own modules, in the page's language, and
// gives back its words: every text node and every aria-label, title, placeholder and data-empty
// (the words CSS shows in an empty log or chat).
async (json) => {
  const samples = JSON.parse(json); // one string: far quicker through the driver than objects
  const { Table } = await import("/js/table.js");
  const { setVariant, useCatalogue } = await import("/js/cards.js");
  const { eventText } = await import("/js/events.js");
  // The modules as files: the page may run them bundled, so these copies load their own
  // catalogue of the material's words, as main.js does.
  const { fetchCatalogue, t } = await import("/js/i18n.js");
  useCatalogue(await fetchCatalogue());
  const names = { 0: "Morgan", 1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dan", 5: "Eve", 6: "Finn" };
  const seats = Object.keys(names).map(Number);
  const room = {
    code: "SAMPLE", token: null, seat: 0, names, view: null, version: 1, events: [], chat: [],
    presence: { seats: [0, 1], spectators: 1 },
    lobby: {
      game: { number: 1 }, options: { variant: "base", clock_seconds: 60 },
      // Bob is a computer player; a computer stands in for Dan, who left; Cleo has just left.
      seats: seats.map((seat) => ({ seat, name: names[seat], host: seat === 0,
        bot: seat === 2 || seat === 4 ? "heuristic" : null, away: seat === 4 })),
    },
    isHost: true, clockSeconds: 60, autoPass: "when_nothing", armedToken: null, openLists: new Set(),
    autoPassing: () => false, yourMove: () => false, render() {}, act() {}, setAutoPass() {},
    replaceableAt: (seat) => (seat === 3 ? Date.now() + 5000 : null), replaceSeat() {}, rematch: async () => {},
  };
  const table = new Table(room);
  room.table = table;
  // Left out of the document: no layout to compute, and the words are the same.
  table.addChat({ seat: 1, name: "Ann", text: "…" });
  table.addChat({ seat: 1, name: "Ann", to: 2, text: "…" }, true);
  table.addChat({ seat: 2, name: "Bob", to: 1, text: "…" }, true);

  const words = (root) => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (walker.currentNode.nodeValue.trim()) out.push(walker.currentNode.nodeValue.trim());
    for (const el of root.querySelectorAll("[aria-label],[title],[placeholder],[data-empty]")) {
      for (const name of ["aria-label", "title", "placeholder", "data-empty"]) if (el.getAttribute(name)) out.push(el.getAttribute(name));
    }
    return out;
  };
  const out = [];
  for (const sample of samples) {
    setVariant(sample.view.config.variant);
    Object.assign(room, { seat: sample.seat, view: sample.view, events: sample.events });
    table.render(false);
    table.log.list.replaceChildren();
    table.log.bySeq.clear();
    table.log.fold = null;
    table.log.add(sample.events);
    // The moves the server made for a seat, and the lines of a take-over and a return.
    table.log.add([...sample.events.slice(0, 1).map((e) => ({ ...e, by: "clock" })),
      { seq: 999, kind: "passed", data: { seat: 1 }, by: "auto_pass" },
      { seq: 999, kind: "passed", data: { seat: 4 }, by: "computer" }]);
    table.addNote(t("log.taken_over", { who: "Dan" }), "taken-over");
    table.addNote(t("log.back", { who: "Dan" }), "back");
    table.addNote(t("log.played_for_you", { moves: "…", more: 2 }), "played-for-you");
    const ctx = table.ctx();
    out.push({
      seat: sample.seat,
      variant: sample.view.config.variant,
      prompt: sample.view.you && sample.view.you.prompt ? sample.view.you.prompt.kind : null,
      log: sample.events.map((e) => [e.kind, eventText(e, ctx)]),
      texts: words(table.root),
    });
  }
  return JSON.stringify(out);
}
