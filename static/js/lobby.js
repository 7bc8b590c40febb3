// The lobby: share link, options, seats with presence, claiming a seat, the host's Start.

import { savedName, shareLink } from "./api.js";
import { copyText, fill, h, toast } from "./dom.js";
import { roleLabel } from "./labels.js";
import { scorePanel } from "./score.js";

function optionsText(options) {
  const frozen = options.variant === "frozen-lands";
  const variant = frozen ? "Frozen Lands" : "Base game";
  const on = options.abilities === null || options.abilities === undefined ? frozen : options.abilities;
  const clock = options.clock_seconds ? `${options.clock_seconds} s per decision` : "no clock";
  return `${variant} · ${on ? "abilities on" : "abilities off"} · board side ${options.board_side} · ${options.hunted} Hunted · ${clock}`;
}

export const BOT_KINDS = { heuristic: "Steady", random: "Random" };

function botKindPicker(room) {
  room.botKind = room.botKind || "heuristic";
  return h("label.field.bot-kind", { for: "bot-kind" }, h("span", {}, "Computer players"),
    h("select#bot-kind", { onchange: (e) => { room.botKind = e.target.value; } },
      Object.entries(BOT_KINDS).map(([kind, label]) => h("option", { value: kind, selected: kind === room.botKind },
        kind === "heuristic" ? `${label}: plays sensibly` : `${label}: picks any legal move`))));
}

function shareBox(code) {
  const link = shareLink(code);
  const status = h("span.copy-status", { role: "status", "aria-live": "polite" });
  const input = h("input#share-link", { type: "text", readonly: true, value: link, "aria-label": "Share link" });
  input.addEventListener("focus", () => input.select());
  const button = h("button#copy-link", {
    type: "button",
    onclick: async () => {
      const ok = await copyText(link);
      fill(status, ok ? "Copied!" : "Select the link and copy it.");
      if (!ok) input.select();
    },
  }, "Copy");
  return h("div.share", {}, h("label", { for: "share-link" }, "Invite the others with this link"),
    h("div.share-row", {}, input, button), status);
}

async function attempt(button, action) {
  button.disabled = true;
  try {
    await action();
  } catch (error) {
    toast(error.message, "error");
    button.disabled = false;
  }
}

function seatRow(room, seat, connected, nameInput) {
  const mine = room.seat === seat.seat;
  const state = seat.name
    ? h("span.seat-name", {}, seat.name, seat.host ? h("span.badge", {}, "host") : null,
      mine ? h("span.badge.me", {}, "you") : null,
      seat.bot ? h("span.badge.bot", { title: "A computer plays this seat" },
        `computer · ${(BOT_KINDS[seat.bot] || seat.bot).toLowerCase()}`) : null)
    : h("span.seat-free", {}, "free");
  const presence = !seat.name ? null : seat.bot
    ? h("span.bot-mark", { role: "img", "aria-label": "computer player", title: "computer player" }, "⚙")
    : h(`span.dot${connected ? ".on" : ""}`, {
      role: "img", "aria-label": connected ? "connected" : "not connected",
      title: connected ? "connected" : "not connected",
    });
  let control = null;
  if (!seat.name && room.isHost && !room.lobby.started) {
    control = h("button.add-bot", {
      type: "button", dataset: { seat: seat.seat },
      onclick: (e) => attempt(e.currentTarget, () => room.addBot(seat.seat, room.botKind || "heuristic")),
    }, "Add a computer");
  } else if (!seat.name && room.seat === null && !room.token && !room.lobby.started) {
    control = h("button.claim", {
      type: "button", dataset: { seat: seat.seat },
      onclick: (e) => attempt(e.currentTarget, async () => {
        const name = nameInput.value.trim();
        if (!name) {
          nameInput.focus();
          throw new Error("Enter your name first.");
        }
        await room.claim(seat.seat, name);
      }),
    }, `Take this seat`);
  } else if (mine && !seat.host && !room.lobby.started) {
    control = h("button.subtle", { type: "button", onclick: (e) => attempt(e.currentTarget, () => room.leave()) },
      "Leave seat");
  }
  return h(`li.seat${seat.seat === 0 ? ".creature" : ".hunted"}${mine ? ".mine" : ""}`,
    { dataset: { seat: seat.seat } },
    h("span.seat-role", {}, roleLabel(seat.seat)), presence, state, control);
}

export function renderLobby(room) {
  const lobby = room.lobby;
  if (!lobby) return h("p.loading", {}, "Loading the room…");
  const connected = new Set((room.presence && room.presence.seats) || []);
  const nameInput = h("input#claim-name", {
    maxlength: 40, autocomplete: "nickname", value: room.draftName ?? savedName.get(),
    placeholder: "Your name", oninput: (e) => { room.draftName = e.target.value; },
  });
  const seats = h("ul.seats", {}, lobby.seats.map((s) => seatRow(room, s, connected.has(s.seat), nameInput)));
  const claimBox = room.seat === null && !room.token && !lobby.started
    ? h("div.claim-box", {}, h("label.field", { for: "claim-name" }, h("span", {}, "Your name"), nameInput),
      h("p.hint", {}, "Then take a free seat below."))
    : null;
  const creatureTaken = lobby.seats.some((s) => s.seat === 0 && s.name);
  const huntedTaken = lobby.seats.some((s) => s.seat > 0 && s.name);
  let footer;
  if (room.isHost) {
    const ready = creatureTaken && huntedTaken;
    footer = h("div.buttons", {},
      h("button.primary#start", {
        type: "button", disabled: !ready,
        onclick: (e) => attempt(e.currentTarget, () => room.startGame()),
      }, "Start the game"),
      h("p.hint", {}, ready ? "Empty Hunted seats are left out when you start."
        : `Waiting for ${[creatureTaken ? null : "the Creature", huntedTaken ? null : "at least one Hunted"]
          .filter(Boolean).join(" and ")} to take a seat.`));
  } else if (room.seat !== null) {
    footer = h("p.hint", {}, "Waiting for the host to start the game…");
  } else if (lobby.started) {
    footer = h("p.hint", {}, "The game has started: you are watching.");
  }
  return h("section.panel.lobby", { "aria-labelledby": "lobby-title" },
    h("h1#lobby-title", {}, "Room ", h("span.code", {}, lobby.code)),
    h("p.lead", {}, optionsText(lobby.options)),
    shareBox(lobby.code),
    claimBox,
    h("h2", {}, "Seats"),
    room.isHost && !lobby.started && lobby.seats.some((s) => !s.name) ? botKindPicker(room) : null,
    seats,
    footer,
    scorePanel(room));
}
