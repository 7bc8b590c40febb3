// English and French: the language comes from the visitor's choice (remembered), else from
// the browser's languages; every client text is a key of messages.js, and the material's
// names and texts come from the server's catalogue (GET /api/catalogue/{language}).

import { MESSAGES } from "./messages.js";

export const LANGUAGES = ["en", "fr"];
const KEY = "nao.lang";

function remembered() {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function detect() {
  const chosen = remembered();
  if (LANGUAGES.includes(chosen)) return chosen;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export const LANG = detect();

/** Whether `key` has words (without filling them: a message may need its parameters). */
export const hasWords = (key) => Object.prototype.hasOwnProperty.call(MESSAGES, key);

/** The text of `key` in the page's language; `{name}` placeholders take `params`. */
export function t(key, params = {}) {
  const entry = MESSAGES[key];
  if (!entry) return key;
  const text = entry[LANG] ?? entry.en;
  const filled = typeof text === "function" ? text(params) : text;
  const done = filled.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
  return LANG === "fr" ? runningFrench(done) : done;
}

// The material's names that begin with an article (the places, from the catalogue): only
// these lose their capital inside a sentence, so that a player called "Le Chat" keeps it.
let articled = null;

/** Learn the names whose article runningFrench may lower (cards.js, from the catalogue). */
export function knowNames(names) {
  const rests = names.map((n) => n.match(/^(?:L'|La |Le |Les )(.+)$/)).filter(Boolean)
    .map((m) => m[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).sort((a, b) => b.length - a.length);
  articled = rests.length ? new RegExp(
    `(^|[^.!?\\s])(\\s+\\(?|\\()(L'|La |Le |Les )(?=(?:${rests.join("|")})(?![\\wÀ-ÿ]))`, "g") : null;
}

/**
 * French names keep their capital article on their own ("L'Antre", "Le Rover"), but inside
 * a sentence the article is lower case and joins its preposition: "sur l'Antre", "au Rover",
 * "du Marais", "aux Sources chaudes"; "de" before a vowel is elided ("le jeton d'Ann").
 */
export function runningFrench(text) {
  const lowered = articled ? text.replace(articled, (_, before, gap, article) => `${before}${gap}${article.toLowerCase()}`) : text;
  return lowered
    .replace(/(^|[\s(])à le /g, "$1au ").replace(/(^|[\s(])à les /g, "$1aux ")
    .replace(/(^|[\s(])de le /g, "$1du ").replace(/(^|[\s(])de les /g, "$1des ")
    .replace(/(^|[\s(])de (?=[AEIOUYÀ-ÆÈ-ÏÒ-ÖÙ-Ü])/g, "$1d'");
}

/** Choose a language: remembered, and the page is drawn again in it. */
export function setLanguage(language) {
  try {
    window.localStorage.setItem(KEY, language);
  } catch {
    // without storage the choice lasts for this page only
  }
  location.reload();
}

/** The material's names and texts in the page's language. */
export async function fetchCatalogue() {
  const response = await fetch(`/api/catalogue/${LANG}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(t("error.network"));
  return response.json();
}

/** The visible switch in the top bar: the other language, in its own words. */
export function languageSwitch() {
  const other = LANG === "fr" ? "en" : "fr";
  const button = document.createElement("button");
  button.type = "button";
  button.id = "language";
  button.className = "subtle language";
  button.lang = other;
  button.textContent = other === "fr" ? "Français" : "English";
  button.title = t("language.switch");
  button.addEventListener("click", () => setLanguage(other));
  return button;
}

/** An error's words in the page's language: by its code when known, else the server's. */
export function errorText(code, message) {
  const key = `error.${code}`;
  const mine = MESSAGES[key] ? t(key) : null;
  if (!mine) return message;
  // The server may add specifics after its sentence ("… You saw version 3; it is now 4."):
  // keep them only in English, where they read on from the sentence.
  return LANG === "en" && message ? message : mine;
}
