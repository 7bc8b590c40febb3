// The lobby: share link, options, seats with presence, claiming a seat, the host's Start.

import { savedName, shareLink } from "./api.js";
import { fewestHunted } from "./cards.js";
import { copyText, fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { roleLabel } from "./labels.js";
import { scorePanel } from "./score.js";

const variantName = (variant) => t(variant === "frozen-lands" ? "variant.frozen" : "variant.base");

function optionsText(options) {
  const frozen = options.variant === "frozen-lands";
  const variant = variantName(options.variant);
  const on = options.abilities === null || options.abilities === undefined ? frozen : options.abilities;
  const clock = options.clock_seconds ? t("lobby.clock", { s: options.clock_seconds }) : t("lobby.no_clock");
  return [variant, on ? t("lobby.abilities_on") : t("lobby.abilities_off"),
    ...(frozen && options.rulebook_track ? [t("lobby.rulebook_track")] : []), t("lobby.side", { n: options.board_side }),
    t("lobby.hunted", { n: options.hunted }), clock,
    t(options.take_over === false ? "lobby.no_take_over" : "lobby.take_over")].join(" · ");
}

export const BOT_KINDS = { heuristic: t("bot.steady"), random: t("bot.random"), expert: t("bot.expert") };

function botKindPicker(room) {
  room.botKind = room.botKind || "heuristic";
  return h("label.field.bot-kind", { for: "bot-kind" }, h("span", {}, t("lobby.computers")),
    h("select#bot-kind", { onchange: (e) => { room.botKind = e.target.value; } },
      Object.entries(BOT_KINDS).map(([kind, label]) => h("option", { value: kind, selected: kind === room.botKind },
        kind === "heuristic" ? t("bot.steady_hint", { label })
          : kind === "expert" ? t("bot.expert_hint", { label }) : t("bot.random_hint", { label })))));
}

// The lobby is drawn again whenever someone joins: the copy's outcome outlives that redraw.
let copyNote = { code: null, key: null };

function shareBox(code) {
  const link = shareLink(code);
  const status = h("span.copy-status", { role: "status", "aria-live": "polite" },
    copyNote.code === code ? t(copyNote.key) : "");
  const input = h("input#share-link", { type: "text", readonly: true, value: link, "aria-label": t("lobby.share_link") });
  input.addEventListener("focus", () => input.select());
  const button = h("button#copy-link", {
    type: "button",
    onclick: async () => {
      const ok = await copyText(link);
      copyNote = { code, key: ok ? "lobby.copied" : "lobby.copy_by_hand" };
      fill(document.querySelector(".copy-status") ?? status, t(copyNote.key));
      if (!ok) input.select();
    },
  }, t("lobby.copy"));
  return h("div.share", {}, h("label", { for: "share-link" }, t("lobby.invite")),
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
    ? h("span.seat-name", {}, seat.name, seat.host ? h("span.badge", {}, t("badge.host")) : null,
      mine ? h("span.badge.me", {}, t("badge.you")) : null,
      seat.bot ? h("span.badge.bot", { title: t("badge.bot_title") },
        `${t("badge.computer")} · ${(BOT_KINDS[seat.bot] || seat.bot).toLowerCase()}`) : null)
    : h("span.seat-free", {}, t("lobby.free"));
  const presence = !seat.name ? null : seat.bot
    ? h("span.bot-mark", { role: "img", "aria-label": t("badge.computer_player"), title: t("badge.computer_player") }, "⚙")
    : h(`span.dot${connected ? ".on" : ""}`, {
      role: "img", "aria-label": connected ? t("presence.on") : t("presence.off"),
      title: connected ? t("presence.on") : t("presence.off"),
    });
  let control = null;
  if (!seat.name && room.isHost && !room.lobby.started) {
    control = h("button.add-bot", {
      type: "button", dataset: { seat: seat.seat },
      onclick: (e) => attempt(e.currentTarget, () => room.addBot(seat.seat, room.botKind || "heuristic")),
    }, t("lobby.add_computer"));
  } else if (!seat.name && room.seat === null && !room.token && !room.lobby.started) {
    control = h("button.claim", {
      type: "button", dataset: { seat: seat.seat },
      onclick: (e) => attempt(e.currentTarget, async () => {
        const name = nameInput.value.trim();
        if (!name) {
          nameInput.focus();
          throw new Error(t("lobby.name_first"));
        }
        await room.claim(seat.seat, name);
      }),
    }, t("lobby.take_seat"));
  } else if (mine && !seat.host && !room.lobby.started) {
    control = h("button.subtle", { type: "button", onclick: (e) => attempt(e.currentTarget, () => room.leave()) },
      t("lobby.leave_seat"));
  }
  return h(`li.seat${seat.seat === 0 ? ".creature" : ".hunted"}${mine ? ".mine" : ""}`,
    { dataset: { seat: seat.seat } },
    h("span.seat-role", {}, roleLabel(seat.seat)), presence, state, control);
}

export function renderLobby(room) {
  const lobby = room.lobby;
  if (!lobby) return h("p.loading", {}, t("lobby.loading"));
  const connected = new Set((room.presence && room.presence.seats) || []);
  const nameInput = h("input#claim-name", {
    maxlength: 40, autocomplete: "nickname", value: room.draftName ?? savedName.get(),
    placeholder: t("home.your_name"), oninput: (e) => { room.draftName = e.target.value; },
  });
  const seats = h("ul.seats", {}, lobby.seats.map((s) => seatRow(room, s, connected.has(s.seat), nameInput)));
  const claimBox = room.seat === null && !room.token && !lobby.started
    ? h("div.claim-box", {}, h("label.field", { for: "claim-name" }, h("span", {}, t("home.your_name")), nameInput),
      h("p.hint", {}, t("lobby.then_take")))
    : null;
  const creatureTaken = lobby.seats.some((s) => s.seat === 0 && s.name);
  const huntedTaken = lobby.seats.filter((s) => s.seat > 0 && s.name).length;
  const huntedEmpty = lobby.seats.some((s) => s.seat > 0 && !s.name);
  let footer;
  if (room.isHost) {
    const fewest = fewestHunted(lobby.options.variant);
    const short = Math.max(0, fewest - huntedTaken);
    const ready = creatureTaken && !short;
    // Who must still sit down: empty Hunted seats are left out at the start, down to the
    // variant's fewest (Frozen Lands: 3), which the host may fill with computers.
    const missing = [creatureTaken ? null : t("lobby.the_creature"),
      short && fewest === 1 ? t("lobby.one_hunted") : null].filter(Boolean);
    const hints = [
      missing.length ? t("lobby.waiting_for", { who: missing.join(t("list.and_word")) }) : null,
      short && fewest > 1 ? t("lobby.needs_hunted", { variant: variantName(lobby.options.variant), n: fewest, more: short }) : null,
      ready && huntedEmpty ? t("lobby.empty_left_out") : null];
    footer = h("div.buttons", {},
      h("button.primary#start", {
        type: "button", disabled: !ready,
        onclick: (e) => attempt(e.currentTarget, () => room.startGame()),
      }, t("lobby.start")),
      h("p.hint", {}, hints.filter(Boolean).join(" ")));
  } else if (room.seat !== null) {
    footer = h("p.hint", {}, t("lobby.waiting_host"));
  } else if (lobby.started) {
    footer = h("p.hint", {}, t("lobby.watching"));
  }
  return h("section.panel.lobby", { "aria-labelledby": "lobby-title" },
    h("h1#lobby-title", {}, t("lobby.room"), " ", h("span.code", {}, lobby.code)),
    h("p.lead", {}, optionsText(lobby.options)),
    shareBox(lobby.code),
    claimBox,
    h("h2", {}, t("lobby.seats")),
    room.isHost && !lobby.started && lobby.seats.some((s) => !s.name) ? botKindPicker(room) : null,
    seats,
    footer,
    scorePanel(room));
}
