// Entry point: "/" is the home page (create a room); "/r/{code}" is a room (lobby or table).

import { renderHome } from "./home.js";
import { Room } from "./room.js";

const match = location.pathname.match(/^\/r\/([^/]+)\/?$/);
if (match) {
  const room = new Room(decodeURIComponent(match[1]));
  window.__room = room; // for debugging in the console
  room.open();
} else {
  renderHome();
}
