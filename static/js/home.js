// Home page: the form that opens a room and seats its host.

import { api, savedName, tokens } from "./api.js";
import { fewestHunted } from "./cards.js";
import { fill, h, toast } from "./dom.js";
import { LANG, t } from "./i18n.js";

function radio(name, value, label, checked, hint) {
  const id = `${name}-${value}`;
  return h("label.choice", { for: id },
    h("input", { type: "radio", name, value, id, checked }),
    h("span", {}, h("strong", {}, label), hint ? h("small", {}, hint) : null));
}

function fieldset(legend, ...children) {
  return h("fieldset", {}, h("legend", {}, legend), h("div.choices", {}, children));
}

export function renderHome() {
  document.body.dataset.phase = "home";
  const error = h("p#create-error.form-error", { role: "alert", "aria-live": "assertive" });
  const hunted = h("select#hunted", { name: "hunted" },
    [1, 2, 3, 4, 5, 6].map((count) => h("option", { value: count, selected: count === 2 }, String(count))));
  const name = h("input#name", {
    name: "name", required: true, maxlength: 40, autocomplete: "nickname",
    value: savedName.get(), placeholder: t("home.name_placeholder"),
  });
  const clock = h("select#clock", { name: "clock" },
    [["", t("home.clock_off")], ["30", "30 s"], ["60", "60 s"], ["120", "120 s"]].map(([value, label]) =>
      h("option", { value, selected: value === "" }, label)));
  const pace = h("select#bot-delay", { name: "bot_delay" },
    [0, 300, 800, 2000].map((ms) => h("option", { value: ms, selected: ms === 800 },
      ms ? t("home.after", { s: (ms / 1000).toLocaleString(LANG) }) : t("home.at_once"))));
  const submit = h("button.primary#create", { type: "submit" }, t("home.create"));
  const form = h("form.panel.create", { novalidate: true },
    h("h1", {}, t("home.title")),
    h("p.lead", {}, t("home.lead")),
    fieldset(t("home.game"),
      radio("variant", "base", t("variant.base"), true),
      radio("variant", "frozen-lands", t("variant.frozen"), false, t("home.frozen_hint"))),
    fieldset(t("home.options"),
      h("label.choice", { for: "abilities" }, h("input#abilities", { type: "checkbox", name: "abilities" }),
        h("span", {}, h("strong", {}, t("home.abilities")), h("small", {}, t("home.abilities_hint")))),
      h("label.choice#rulebook-track-choice", { for: "rulebook-track", hidden: true },
        h("input#rulebook-track", { type: "checkbox", name: "rulebook_track" }),
        h("span", {}, h("strong", {}, t("home.rulebook_track")), h("small", {}, t("home.rulebook_track_hint")))),
      h("label.choice", { for: "take-over" }, h("input#take-over", { type: "checkbox", name: "take_over", checked: true }),
        h("span", {}, h("strong", {}, t("home.take_over")), h("small", {}, t("home.take_over_hint"))))),
    fieldset(t("home.board_side"),
      radio("side", "1", t("home.side", { n: 1 }), true, t("home.side1_hint")),
      radio("side", "2", t("home.side", { n: 2 }), false, t("home.side2_hint"))),
    h("div.row", {},
      h("label.field", { for: "hunted" }, h("span", {}, t("home.hunted_count")), hunted),
      h("label.field.grow", { for: "name" }, h("span", {}, t("home.your_name")), name)),
    fieldset(t("home.your_seat"),
      radio("seat", "0", t("role.creature"), true, t("home.creature_hint")),
      radio("seat", "1", t("role.hunted"), false, t("home.hunted_hint"))),
    h("div.row", {},
      h("label.field.half", { for: "clock" }, h("span", {}, t("home.clock")), clock),
      h("label.field.half", { for: "bot-delay" }, h("span", {}, t("home.bot_pace")), pace)),
    h("p.hint.form-hint", {}, t("home.clock_hint")),
    error,
    h("div.buttons", {}, submit));

  // A variant may need more Hunted (Frozen Lands: 4 players at least), and Frozen Lands
  // recommends its sheets; the server decides both.
  form.addEventListener("change", (event) => {
    if (event.target.name !== "variant") return;
    const variant = event.target.value;
    form.querySelector("#abilities").checked = variant === "frozen-lands";
    // The rulebook's Assimilation track is a Frozen Lands choice (the base game always plays it).
    form.querySelector("#rulebook-track-choice").hidden = variant !== "frozen-lands";
    if (variant !== "frozen-lands") form.querySelector("#rulebook-track").checked = false;
    const fewest = fewestHunted(variant);
    for (const option of hunted.options) option.disabled = Number(option.value) < fewest;
    if (Number(hunted.value) < fewest) hunted.value = String(fewest);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    fill(error);
    const data = new FormData(form);
    const who = String(data.get("name") || "").trim();
    if (!who) {
      fill(error, t("home.name_missing"));
      name.focus();
      return;
    }
    const options = {
      variant: data.get("variant"),
      abilities: data.get("abilities") === "on",
      rulebook_track: data.get("rulebook_track") === "on",
      board_side: Number(data.get("side")),
      hunted: Number(data.get("hunted")),
      bot_delay_ms: Number(data.get("bot_delay")),
      clock_seconds: data.get("clock") ? Number(data.get("clock")) : null,
      take_over: data.get("take_over") === "on",
    };
    submit.disabled = true;
    try {
      const answer = await api.createRoom(options, who, Number(data.get("seat")));
      savedName.set(who);
      tokens.set(answer.code, answer.token);
      location.assign(`/r/${encodeURIComponent(answer.code)}`);
    } catch (err) {
      fill(error, err.message);
      toast(err.message, "error");
      submit.disabled = false;
    }
  });

  fill(document.getElementById("topbar-info"));
  fill(document.getElementById("main"), h("div.home", {}, form, rulesAside()));
}

function rulesAside() {
  return h("aside.panel.about", {},
    h("h2", {}, t("home.turn_title")),
    h("ol", {},
      ["exploration", "hunting", "reckoning", "end_of_turn"].map((p) =>
        h("li", {}, h("strong", {}, `${t(`phase.${p}`)}. `), t(`home.turn_${p}`)))),
    h("p", {}, t("home.win")),
    h("h2", {}, t("variant.frozen")),
    h("p", {}, t("home.frozen_text")),
    h("p.credits-note", {}, h("a", { href: "/about.html" }, t("board.credits"))));
}
