// Frozen Lands: the sheets' and abilities' tables (filled from the catalogue).

import { t } from "./i18n.js";

// The sheets and abilities' words come from the catalogue (cards.js fills these tables).
export const SHEETS = {};
export const ABILITIES = {};

// The Contamination odds come computed in the view (`view.contamination`, app/engine/odds.py).
export const percent = (p) => t("odds.percent", { n: Math.round(p * 100) });
