// Home page: the form that opens a room and seats its host.

import { api, savedName, tokens } from "./api.js";
import { fill, h, toast } from "./dom.js";

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
    [1, 2, 3, 4, 5, 6].map((n) => h("option", { value: n, selected: n === 2 }, String(n))));
  const name = h("input#name", {
    name: "name", required: true, maxlength: 40, autocomplete: "nickname",
    value: savedName.get(), placeholder: "How the others will see you",
  });
  const clock = h("select#clock", { name: "clock" },
    [["", "Off"], ["30", "30 s"], ["60", "60 s"], ["120", "120 s"]].map(([value, label]) =>
      h("option", { value, selected: value === "" }, label)));
  const pace = h("select#bot-delay", { name: "bot_delay" },
    [[0, "At once"], [300, "After 0.3 s"], [800, "After 0.8 s"], [2000, "After 2 s"]].map(([value, label]) =>
      h("option", { value, selected: value === 800 }, label)));
  const submit = h("button.primary#create", { type: "submit" }, "Create the room");
  const form = h("form.panel.create", { novalidate: true },
    h("h1", {}, "Open a room"),
    h("p.lead", {}, "One player is the Creature, 1 to 6 others are the Hunted, stranded on Artemia. Create a room, then share its link."),
    fieldset("Game",
      radio("variant", "base", "Base game", true),
      radio("variant", "frozen-lands", "Frozen Lands", false, "Contamination tokens, 3 to 6 Hunted")),
    fieldset("Options",
      h("label.choice", { for: "abilities" }, h("input#abilities", { type: "checkbox", name: "abilities" }),
        h("span", {}, h("strong", {}, "Sheet abilities"), h("small", {}, "the Hunted and Creature sheets")))),
    fieldset("Board side",
      radio("side", "1", "Side 1", true, "Artemia symbol on the last 6 spaces"),
      radio("side", "2", "Side 2", false, "Artemia symbol on odd spaces")),
    h("div.row", {},
      h("label.field", { for: "hunted" }, h("span", {}, "Number of Hunted"), hunted),
      h("label.field.grow", { for: "name" }, h("span", {}, "Your name"), name)),
    fieldset("Your seat",
      radio("seat", "0", "Creature", true, "hunt them down"),
      radio("seat", "1", "Hunted", false, "survive until rescue")),
    h("div.row", {},
      h("label.field.half", { for: "clock" }, h("span", {}, "Clock per decision"), clock),
      h("label.field.half", { for: "bot-delay" }, h("span", {}, "Computer players move"), pace)),
    h("p.hint.form-hint", {}, "When a clock runs out, a computer decides for that player. In the lobby you may give free seats to computer players."),
    error,
    h("div.buttons", {}, submit));

  // Frozen Lands needs 4 players at least, and its sheets are recommended (the server decides).
  form.addEventListener("change", (event) => {
    if (event.target.name !== "variant") return;
    const frozen = event.target.value === "frozen-lands";
    form.querySelector("#abilities").checked = frozen;
    if (frozen && Number(hunted.value) < 3) hunted.value = "3";
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    fill(error);
    const data = new FormData(form);
    const who = String(data.get("name") || "").trim();
    if (!who) {
      fill(error, "Please enter your name.");
      name.focus();
      return;
    }
    const options = {
      variant: data.get("variant"),
      abilities: data.get("abilities") === "on",
      board_side: Number(data.get("side")),
      hunted: Number(data.get("hunted")),
      bot_delay_ms: Number(data.get("bot_delay")),
      clock_seconds: data.get("clock") ? Number(data.get("clock")) : null,
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
    h("h2", {}, "How a turn goes"),
    h("ol", {},
      h("li", {}, h("strong", {}, "Exploration. "), "Each Hunted secretly plays a Place card."),
      h("li", {}, h("strong", {}, "Hunting. "), "The Creature puts its tokens on Artemia's places."),
      h("li", {}, h("strong", {}, "Reckoning. "), "Places are revealed: the caught lose Will, the others use their place."),
      h("li", {}, h("strong", {}, "End of turn. "), "Discard, refill, and the Rescue counter moves on.")),
    h("p", {}, "The Hunted win when the Rescue counter reaches Victory; the Creature when the Assimilation counter does."),
    h("h2", {}, "Frozen Lands"),
    h("p", {}, "Giving up, losing your last Will and some Hunt cards hand out Contamination tokens, face down: nobody knows their faces. "
      + "When the ship can come, the Hunted vote to board (every token is revealed, and one contaminated token hands the Creature the win) or to wait a turn and clean up."));
}
