// Entry point: "/" is the home page (create a room); "/r/{code}" is a room (lobby or table);
// "/r/{code}/games/{n}" replays a finished game.

import { renderHome } from "./home.js";
import { openReplay } from "./replay.js";
import { Room } from "./room.js";

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
