// Entry point: "/" is the home page (create a room); "/r/{code}" is a room (lobby or table);
// "/r/{code}/games/{n}" replays a finished game. The page's language is picked first, and
// the catalogue of the material's words loaded in it, before anything is drawn.

import { useCatalogue } from "./cards.js";
import { toast } from "./dom.js";
import { renderHome } from "./home.js";
import { LANG, fetchCatalogue, languageSwitch, t } from "./i18n.js";
import { registerServiceWorker } from "./install.js";
import { openReplay } from "./replay.js";
import { Room } from "./room.js";

function dressPage() {
  document.documentElement.lang = LANG;
  document.title = t("app.title");
  const skip = document.querySelector(".skip");
  if (skip) skip.textContent = t("app.skip");
  const brand = document.querySelector(".brand");
  if (brand) brand.setAttribute("aria-label", t("app.home"));
  const tagline = brand && brand.querySelector("span");
  if (tagline) tagline.textContent = t("app.tagline");
  document.querySelector(".topbar").append(languageSwitch());
}

async function boot() {
  dressPage();
  try {
    useCatalogue(await fetchCatalogue());
  } catch (error) {
    toast(error.message, "error");
  }
  const replay = location.pathname.match(/^\/r\/([^/]+)\/games\/(\d+)\/?$/);
  const match = location.pathname.match(/^\/r\/([^/]+)\/?$/);
  if (replay) {
    openReplay(decodeURIComponent(replay[1]), Number(replay[2]));
  } else if (match) {
    const room = new Room(decodeURIComponent(match[1]));
    window.__room = room; // for debugging in the console
    room.open();
  } else {
    renderHome();
  }
}

boot();
registerServiceWorker();
