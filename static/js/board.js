// Artemia (the 10 Places in 2 rows of 5) with Hunt tokens and Hunted figures, and the
// Rescue / Assimilation tracks.

import { HUNT_CARDS, PLACES, huntName, placeName, placeParts, survivalName } from "./cards.js";
import { t as t_ } from "./i18n.js";
import { h } from "./dom.js";
import { seatName, tokenName } from "./labels.js";

const TOKEN_ORDER = ["creature", "artemia", "target"];

function tokenBadges(view, n) {
  const tokens = view.board.tokens || {};
  return TOKEN_ORDER.filter((t) => (tokens[t] || []).includes(n)).map((t) =>
    h(`span.token.piece.token-${t}`, { title: tokenName(t), dataset: { token: t } },
      h("span", { "aria-hidden": "true" }, t_(`token.letter.${t}`)), h("span.sr", {}, tokenName(t))));
}

function figures(view, ctx, n) {
  const out = [];
  for (const hunted of view.hunted) {
    for (const [place] of hunted.positions || []) {
      if (place !== n) continue;
      const name = seatName(hunted.seat, ctx.names);
      out.push(h(`span.figure.seat-${hunted.seat}`, { title: name, dataset: { hunted: hunted.seat } },
        h("span", { "aria-hidden": "true" }, String(hunted.seat)), h("span.sr", {}, name)));
    }
  }
  return out;
}

function flags(view, n) {
  const b = view.board;
  const out = [];
  if (n === 4 && b.marker_on_beach) out.push(h("span.flag.marker", { dataset: { token: "marker" } }, t_("board.marker")));
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

function tileContent(view, ctx, n) {
  return [
    h("span.place-head", {}, h("span.place-num", {}, String(n)),
      h("span.place-name", {}, h("span.the", {}, placeParts(n).article), placeParts(n).rest)),
    h("span.place-text", {}, PLACES[n].text),
    h("span.place-marks", {}, tokenBadges(view, n), figures(view, ctx, n), flags(view, n)),
  ];
}

/** The 10 places; with `tokenActions` (place -> action), those places are buttons. */
export function renderBoard(view, ctx, tokenActions, onAct) {
  const items = [];
  for (let n = 1; n <= 10; n += 1) {
    const offer = tokenActions.get(n);
    const content = tileContent(view, ctx, n);
    const occupied = (view.board.tokens && Object.values(view.board.tokens).some((p) => p.includes(n)));
    const cls = `li.place.tile${occupied ? ".has-token" : ""}`;
    if (offer) {
      const { action, token } = offer;
      const label = t_("action.put_token", { token: tokenName(token), places: placeName(n) });
      items.push(h(cls, { dataset: { place: n } },
        h("button.place-button.act", {
          type: "button", title: label,
          dataset: { key: JSON.stringify(action), place: n },
          onclick: () => onAct(action),
        }, content)));
    } else {
      items.push(h(cls, { dataset: { place: n } }, h("span.place-button", {}, content)));
    }
  }
  return h("ol.artemia", { "aria-label": t_("board.artemia_label") }, items);
}

// --- Tracks -------------------------------------------------------------------------------

/** The row of spaces; its length goes through the CSSOM (the CSP refuses style attributes). */
function spaces(cells) {
  const row = h("div.spaces", {}, cells);
  row.style.setProperty("--n", String(cells.length));
  return row;
}

function track(kind, label, value, length, marked) {
  const cells = [];
  for (let space = Math.max(length, value); space >= 1; space -= 1) {
    const here = space === value;
    cells.push(h(`span.space${here ? ".here.track-piece" : ""}${marked.includes(space) ? ".symbol" : ""}`,
      { title: t_("track.to_victory", { n: space }), "aria-hidden": "true", dataset: here ? { space } : null }));
  }
  cells.push(h(`span.space.victory${value === 0 ? ".here.track-piece" : ""}`,
    { title: t_("track.victory"), "aria-hidden": "true", dataset: value === 0 ? { space: 0 } : null }, "★"));
  return h(`div.track.track-${kind}`, { dataset: { track: kind } },
    h("div.track-label", {}, h("span", {}, label), h("strong", { dataset: { counter: kind } },
      value === 0 ? t_("track.victory_reached") : t_("track.to_victory", { n: value }))),
    spaces(cells));
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
      h("span.ctoken.face-unknown.small", { "aria-hidden": "true" }, "?"), " ",
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
      effects.length ? h("p.effects-note", {}, t_("board.in_effect"), " ", h("strong", {}, effects.join(", "))) : null));
}
