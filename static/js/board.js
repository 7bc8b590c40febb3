// Artemia as the board: the 10 places as illustrated tiles in 2 rows of 5, the Hunt tokens,
// the Marker and the Hunted figures as pieces on them, the Rescue and Assimilation tracks with
// their counters, and targeting (a token or a card placed by clicking tiles, see targets.js).

import { HUNT_CARDS, PLACES, huntName, placeName, placeParts, survivalName } from "./cards.js";
import { t as t_ } from "./i18n.js";
import { fill, h } from "./dom.js";
import { longestWordEm, twoLinesEm } from "./ems.js";
import { ICONS } from "./icons.js";
import { cap, seatName, tokenName } from "./labels.js";
import { coveredPlaces, edgePicks, partnersOf, pickAt } from "./targets.js";

const SVG = "http://www.w3.org/2000/svg";
const TOKEN_ORDER = ["creature", "artemia", "target"];

// Each place's picture (game-icons.net, CC BY 3.0: see about.html), by variant and number.
const PICTURES = {
  base: ["cave-entrance", "jungle", "river", "lighthouse", "mars-curiosity", "swamp", "camping-tent",
    "ship-wreck", "fountain", "crystal-growth"],
  "frozen-lands": ["mountain-cave", "pine-tree", "mountains", "iceberg", "jumping-dog", "steam", "igloo",
    "apollo-capsule", "water-splash", "star-swirl"],
};
const PIECES = { creature: "alien-stare", artemia: "hive-mind", target: "targeted", marker: "flag-objective",
  contamination: "biohazard", hunted: "meeple", rescue: "rocket", assimilation: "alien-bug" };

/** The picture of place `n` in a variant. */
export const placePicture = (n, variant) => (PICTURES[variant] || PICTURES.base)[n - 1];

/** A picture from the vendored icons (icons.js), decorative: the text beside it says what it is. */
export function icon(name, cls = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `icon ${cls}`.trim());
  svg.setAttribute("viewBox", "0 0 512 512");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const d of ICONS[name] || []) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** A piece on the board: its picture, and its name for screen readers and on hover. */
export function piece(kind, name, extra = "") {
  return h(`span.piece.token.token-${kind}${extra}`, { title: name, dataset: { token: kind } },
    icon(PIECES[kind]), h("span.sr", {}, name));
}

function tokenPieces(view, n) {
  const tokens = view.board.tokens || {};
  return TOKEN_ORDER.flatMap((kind) => (tokens[kind] || []).filter((p) => p === n).map(() => piece(kind, tokenName(kind))));
}

function figures(view, ctx, n) {
  const out = [];
  for (const hunted of view.hunted) {
    for (const [place] of hunted.positions || []) {
      if (place !== n) continue;
      const name = seatName(hunted.seat, ctx.names);
      out.push(h(`span.figure.seat-${hunted.seat}`, { title: name, dataset: { hunted: hunted.seat } },
        icon(PIECES.hunted), h("span.figure-seat", { "aria-hidden": "true" }, String(hunted.seat)), h("span.sr", {}, name)));
    }
  }
  return out;
}

function flags(view, n) {
  const b = view.board;
  const out = [];
  // The catalogue names the place that holds the Marker (The Beach)
  if (PLACES[n] && PLACES[n].marker && b.marker_on_beach) out.push(piece("marker", t_("board.marker")));
  if ((b.forbidden || []).includes(n)) out.push(h("span.flag.warn", {}, t_("board.forbidden")));
  if ((b.cataclysm || []).includes(n)) out.push(h("span.flag.warn", {}, t_("board.power_fails")));
  if ((b.used_once || []).includes(n)) out.push(h("span.flag", {}, t_("board.used")));
  const reserve = b.reserve && b.reserve[String(n)];
  if (reserve !== undefined) {
    out.push(h("span.flag.reserve", { title: t_("board.reserve_left", { n: reserve }) },
      h("span.wide", {}, t_("board.reserve") + " "), h("span.narrow", { "aria-hidden": "true" }, "×"), String(reserve)));
  }
  return out;
}

/** Tiles whose pieces and labels take more than one row (a crowded tile, a narrow board) are
 * `.tight`: their labels drop their words for a sign ("×2" for "Reserve 2"; the title says it
 * whole), so that the row fits the tile. Measured once the board is drawn, all tiles wide
 * first: one layout to read them all. */
export function tightenTiles(board) {
  const rows = [...board.querySelectorAll(".place-marks")];
  for (const marks of rows) marks.closest(".tile").classList.remove("tight");
  const wrapped = rows.filter((marks) => {
    const kids = [...marks.children];
    return kids.length > 1 && kids[kids.length - 1].getBoundingClientRect().top >= kids[0].getBoundingClientRect().bottom;
  });
  for (const marks of wrapped) marks.closest(".tile").classList.add("tight");
}

/** A place's name on its tile; `--word-em` is its longest word's width in ems and `--pair-em`
 * the width of its wider line when broken in two (the article aside: a narrow tile leaves it
 * out), so that style.css can draw the name small enough for that word to fit a phone's narrow
 * tile, and for those two lines to fit a wide screen's. */
function tileName(n) {
  const { article, rest } = placeParts(n);
  const el = h("span.place-name", {}, h("span.the", {}, article), rest);
  const em = longestWordEm(rest);
  if (em) el.style.setProperty("--word-em", em.toFixed(3));
  const pair = twoLinesEm(rest);
  if (pair) el.style.setProperty("--pair-em", pair.toFixed(3));
  return el;
}

function tileContent(view, ctx, n) {
  return [
    icon(placePicture(n, view.config.variant), "tile-art"),
    h("span.place-head", {}, h("span.place-num", {}, String(n)), tileName(n)),
    // The inner span shows the power in whole lines when a short tile clips it (style.css).
    h("span.place-text", {}, h("span", {}, PLACES[n] ? PLACES[n].text : "")),
    h("span.place-marks", {}, tokenPieces(view, n), figures(view, ctx, n), flags(view, n)),
  ];
}

// --- Targeting ----------------------------------------------------------------------------

/** Light the tiles a choice would cover (hover or focus), and nothing else. */
function cover(board, places) {
  for (const tile of board.querySelectorAll(".tile")) {
    tile.classList.toggle("covers", places.includes(Number(tile.dataset.place)));
  }
}

function coverOn(el, board, places) {
  el.addEventListener("mouseenter", () => cover(board, places));
  el.addEventListener("focus", () => cover(board, places));
  el.addEventListener("mouseleave", () => cover(board, []));
  el.addEventListener("blur", () => cover(board, []));
}

/** The words on a target tile's button: what the click does. */
function targetLabel(now, n, first) {
  if (!now.pair && now.token) return t_("action.put_token", { token: now.what, places: placeName(n) });
  if (!now.pair) return t_("target.put", { what: cap(now.what), place: placeName(n) });
  if (first === null) return t_("target.first", { what: cap(now.what), place: placeName(n) });
  if (first === n) return t_("target.unpick", { place: placeName(n) });
  return t_("target.second", { what: cap(now.what), first: placeName(first), place: placeName(n) });
}

/** Why a tile is no choice now (shown on hover and focus). */
function closedWhy(now, n, first) {
  if (now.pair && first !== null) return t_("target.not_with", { what: cap(now.what), place: placeName(first) });
  return t_("target.closed", { what: now.what, place: placeName(n) });
}

function targetTile(view, ctx, n, target) {
  const { now, first, act, pickFirst, board } = target;
  const content = tileContent(view, ctx, n);
  const partners = now.pair ? partnersOf(now, n) : new Set();
  const open = now.pair
    ? (first === null ? partners.size > 0 : first === n || partners.has(n) || Boolean(pickAt(now, n, first)))
    : Boolean(pickAt(now, n, null));
  if (!open) {
    const why = closedWhy(now, n, first);
    return h("div.place-button.closed", { tabindex: "0", title: why, "aria-disabled": "true" },
      content, h("span.why", { role: "tooltip" }, why));
  }
  const pick = pickAt(now, n, first);
  const label = targetLabel(now, n, first);
  // Token placements are the actions themselves (button.act, data-key); a card's plays keep
  // their buttons in the actions panel's list, so its tiles are plain targets.
  const cls = target.token && !now.pair ? "button.place-button.act.target" : "button.place-button.target";
  const button = h(`${cls}${first === n ? ".picked" : ""}`, {
    type: "button", title: label, "aria-pressed": now.pair ? String(first === n) : null,
    dataset: pick && !now.pair ? { key: JSON.stringify(pick.action), place: n } : { place: n },
    onclick: () => (pick ? act(pick.action) : pickFirst(first === n ? null : n)),
  }, content);
  const covers = pick ? pick.places : first === null ? [n, ...partners] : [n];
  coverOn(button, board, covers);
  return button;
}

/** The pairs' edges: one button on the border between two tiles, covering both. */
function edges(now, act, board) {
  return edgePicks(now).map((pick) => {
    const [a, b] = pick.places;
    const label = t_("target.pair", { what: cap(now.what), places: `${placeName(a)}, ${placeName(b)}` });
    const button = h(`button.edge.${b - a === 1 ? "across" : "down"}`, {
      type: "button", "aria-label": label, title: label, tabindex: "-1", dataset: { places: `${a}-${b}` },
      onclick: () => act(pick.action),
    }, icon(PIECES.target));
    const low = Math.min(a, b);
    button.style.setProperty("--col", String((low - 1) % 5));
    button.style.setProperty("--row", String(low > 5 ? 1 : 0));
    coverOn(button, board, pick.places);
    return button;
  });
}

/** The banner over the tiles while choosing: what goes where, and a way out of a card. */
function targetBar(now, first, target) {
  const what = cap(now.what); // at the head of the sentence: « Jeton Créature : … »
  const text = now.pair
    ? (first === null ? t_("target.pair_hint", { what }) : t_("target.pair_second", { what, place: placeName(first) }))
    : t_("target.hint", { what });
  return h("div.target-bar", { role: "status" },
    now.card ? h("span.target-card", {}, now.card.startsWith("hunt:") ? piece("target", now.what) : null) : null,
    h("span", {}, text),
    now.card ? h("button.subtle.small.disarm", { type: "button", onclick: () => target.disarm() }, t_("target.cancel")) : null);
}

/**
 * The 10 places. With `target` ({now, first, act, pickFirst, disarm, token}: see targets.js),
 * the places it can reach are buttons and the others say why not.
 */
export function renderBoard(view, ctx, choosing = null) {
  const target = choosing && choosing.now ? choosing : null;
  const items = [];
  const occupied = (n) => view.board.tokens && Object.values(view.board.tokens).some((p) => p.includes(n));
  const reach = target ? coveredPlaces(target.now) : new Set();
  const grid = h("ol.artemia", { "aria-label": t_("board.artemia_label") });
  if (target) target.board = grid;
  for (let n = 1; n <= 10; n += 1) {
    const cls = `li.place.tile${occupied(n) ? ".has-token" : ""}${n > 5 ? ".far" : ""}${reach.has(n) ? ".reachable" : ""}`;
    // The title holds the name whole when a short tile cuts it (style.css); a target's says what the click does.
    const inner = target ? targetTile(view, ctx, n, target) : h("div.place-button", { title: placeName(n) }, tileContent(view, ctx, n));
    items.push(h(cls, { dataset: { place: n } }, inner));
  }
  fill(grid, items);
  const layer = target && target.now.pair ? h("div.edges", { "aria-hidden": "true" }, edges(target.now, target.act, grid)) : null;
  return [target ? targetBar(target.now, target.first, target) : null,
    h(`div.artemia-wrap${target ? ".targeting" : ""}`, {}, grid, layer)];
}

// --- Tracks -------------------------------------------------------------------------------

function track(kind, label, value, length, marked) {
  const cells = [];
  for (let space = Math.max(length, value); space >= 1; space -= 1) {
    const here = space === value;
    cells.push(h(`span.space${here ? ".here" : ""}${marked.includes(space) ? ".symbol" : ""}`,
      { title: t_("track.to_victory", { n: space }), "aria-hidden": "true", dataset: { space } },
      here ? h("span.track-piece", { dataset: { space } }, icon(PIECES[kind])) : null));
  }
  cells.push(h(`span.space.victory${value === 0 ? ".here" : ""}`, { title: t_("track.victory"), "aria-hidden": "true", dataset: { space: 0 } },
    value === 0 ? h("span.track-piece", { dataset: { space: 0 } }, icon(PIECES[kind])) : "★"));
  const row = h("div.spaces", {}, cells);
  row.style.setProperty("--n", String(cells.length)); // the CSP refuses style attributes
  return h(`div.track.track-${kind}`, { dataset: { track: kind } },
    h("div.track-label", {}, icon(PIECES[kind], "track-icon"), h("span", {}, label), h("strong", { dataset: { counter: kind } },
      value === 0 ? t_("track.victory_reached") : t_("track.to_victory", { n: value }))),
    row);
}

/** Cards whose effect lasts (the Whisper between two Hunted is never in the public list). */
function effectNames(view) {
  return [...new Set(view.board.effects || [])].filter((e) => !e.includes(":"))
    .map((e) => (HUNT_CARDS[e] ? huntName(e) : survivalName(e)));
}

/** Frozen Lands: the face-down reserve of Contamination tokens and the additional turns. */
function frozenNotes(view, names) {
  const b = view.board;
  const held = view.hunted.reduce((n, x) => n + (x.tokens || []).length, 0);
  const vaccinated = (b.vaccinated || []).map((s) => seatName(s, names));
  return [
    h("p.reserve-note", { dataset: { reserve: b.contamination_reserve } },
      piece("contamination", t_("board.tokens_reserve", { held }), ".small"), " ",
      h("strong", {}, String(b.contamination_reserve)), " ", t_("board.tokens_reserve", { held }),
      view.contamination ? h("span.muted", {}, " ", t_("board.tokens_icon",
        { icon: view.contamination.icons, total: view.contamination.total })) : null),
    b.extra_turns ? h("p.extra-note", {}, t_("board.extra_turns", { n: b.extra_turns })) : null,
    vaccinated.length ? h("p", {}, t_("board.vaccinated", { who: vaccinated.join(", ") })) : null,
  ];
}

/** The Rescue and Assimilation tracks as the view gives them (their starts, the symbols). */
export function renderTracks(view, names = {}) {
  const b = view.board;
  const frozen = view.config.variant === "frozen-lands";
  const symbol = b.artemia_symbol
    ? h("p.symbol-note.on", {}, t_("board.symbol_on"))
    : h("p.symbol-note", {}, t_("board.symbol_off"));
  const effects = effectNames(view);
  return h("div.tracks", {},
    track("rescue", t_("track.rescue"), b.rescue, b.rescue_start, b.artemia_spaces || []),
    track("assimilation", t_("track.assimilation"), b.assimilation, b.assimilation_start, []),
    h("div.track-notes", {}, symbol,
      frozen ? frozenNotes(view, names)
        : h("p", {}, b.marker_on_beach ? t_("board.marker_on") : t_("board.marker_off")),
      effects.length ? h("p.effects-note", {}, t_("board.in_effect"), " ", h("strong", {}, effects.join(", "))) : null,
      h("p.credits-note", {}, h("a", { href: "/about.html" }, t_("board.credits")))));
}
