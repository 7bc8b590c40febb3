// Frozen Lands: the sheets' and abilities' tables (filled from the catalogue) and the
// Contamination tokens' odds (frozen_lands.md §6-7).

import { t } from "./i18n.js";

// The sheets and abilities' words come from the catalogue (cards.js fills these tables).
export const SHEETS = {};
export const ABILITIES = {};

// --- Contamination tokens (§6): 5 of the 14 show the icon, 9 are blank ------------------

export const TOKENS_TOTAL = 14;
export const TOKENS_ICON = 5;

function choose(n, k) {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * What one page knows of the tokens the Hunted hold: counts of unknown, known-blank and
 * known-icon tokens, and the chance that a reveal now shows no icon (C(9-b, u) / C(14-b, u)).
 */
export function tokenOdds(view) {
  const all = view.hunted.flatMap((x) => x.tokens || []);
  const unknown = all.filter((t) => !t.face).length;
  const blank = all.filter((t) => t.face === "blank").length;
  const icon = all.filter((t) => t.face === "icon").length;
  const blanks = TOKENS_TOTAL - TOKENS_ICON;
  const clean = icon ? 0 : choose(blanks - blank, unknown) / choose(TOKENS_TOTAL - blank, unknown);
  return { held: all.length, unknown, blank, icon, clean };
}

export const percent = (p) => t("odds.percent", { n: Math.round(p * 100) });
