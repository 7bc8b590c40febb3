"""Drive the client as players do: open a room, join, start, and click offered actions."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

# Hang guards, not time budgets: every wait ends on a state of the page, and these only turn a
# page that never gets there into a failure. They are generous so that a slow, busy machine
# (the suite runs beside a CPU hog) passes the same tests as a quiet one.
STEP_TIMEOUT_MS = 30_000
PAGE_TIMEOUT_MS = 30_000
HANG_GUARD_SECONDS = 600.0
GAME_TIMEOUT_MS = int(HANG_GUARD_SECONDS * 1000)  # a whole game, played by computers


class Stuck(AssertionError):
    """A page never reached the state a test waited for, within the hang guard."""


def create_room(page: Page, name: str, *, hunted: int = 2, creature: bool = True,
                variant: str = "base", abilities: bool | None = None, clock: int | None = None,
                bot_delay_ms: int | None = None, take_over: bool | None = None) -> None:
    """Fill in the home page's form and submit it (None leaves a field as the form sets it)."""
    page.goto("/")
    page.check(f"#variant-{variant}")
    if abilities is not None:
        page.set_checked("#abilities", abilities)
    page.select_option("#hunted", str(hunted))
    page.fill("#name", name)
    page.check("#seat-0" if creature else "#seat-1")
    if clock is not None:
        page.select_option("#clock", str(clock))
    if bot_delay_ms is not None:
        page.select_option("#bot-delay", str(bot_delay_ms))
    if take_over is not None:
        page.set_checked("#take-over", take_over)
    page.click("#create")


def add_computer(host: Page, seat: int) -> None:
    """The host gives a free seat to a computer player, in the lobby."""
    host.click(f"li.seat[data-seat='{seat}'] button.add-bot")
    expect(host.locator(f"li.seat[data-seat='{seat}'] .badge.bot")).to_be_visible()


def lobby_link(page: Page) -> str:
    """After creating a room: the share link the lobby shows, the absolute URL of /r/{code}."""
    page.wait_for_url("**/r/*")
    expect(page.locator("#share-link")).to_have_value(page.url)
    return page.input_value("#share-link")


def join(page: Page, name: str) -> None:
    """On a shared link: type a name and take the first free seat."""
    page.fill("#claim-name", name)
    page.locator("button.claim").first.click()
    expect(page.locator("li.seat.mine")).to_be_visible()


def start(host: Page, pages: Sequence[Page]) -> None:
    """The host starts; every page shows the table."""
    host.click("#start")
    for page in pages:
        expect(page.locator("#phase")).to_be_visible()


def auto_pass_off(pages: Sequence[Page]) -> None:
    """Each player turns auto-pass off, so the game moves only when someone clicks (a test
    comparing the table before and after something must not see the server pass meanwhile)."""
    for page in pages:
        page.locator("#auto-pass").uncheck()
        expect(page.locator("div.auto-pass")).to_have_attribute("data-mode", "off")


def version(page: Page) -> int:
    """The game version the page has drawn."""
    return int(page.evaluate("Number(document.body.dataset.version || 0)"))


def phase(page: Page) -> str:
    """The phase the page shows ("lobby", "exploration", ..., "over")."""
    return str(page.evaluate("document.body.dataset.phase || ''"))


# One read of what `play` needs to know about a page.
STATE_JS = """(() => ({
  version: Number(document.body.dataset.version || 0),
  phase: document.body.dataset.phase || "",
  prompt: !!document.querySelector("#actions[data-prompt]") && !document.body.dataset.busy,
  busy: !!document.body.dataset.busy,
  buttons: document.querySelectorAll("button.act:not([disabled])").length,
}))()"""


def settle(pages: Sequence[Page], at_least: int) -> None:
    """Wait until every page has drawn `at_least` this version and has no act in flight."""
    for page in pages:
        page.wait_for_function(
            "v => Number(document.body.dataset.version) >= v && !document.body.dataset.busy",
            arg=at_least, timeout=STEP_TIMEOUT_MS, polling=10)


# Open a button's disclosure if it has one, scroll the button (by index among the offered ones,
# or by selector) into view and report where it is; note what the click reaches. Computer
# players may move meanwhile and the table be drawn again: the click then reaches the new
# button in the same place, or misses when the table changed. A page draws its table again at
# the same version too (a presence, an auto-pass answer): the buttons come back in the same place.
AIM_JS = """(which) => {
  const button = typeof which === "number"
    ? document.querySelectorAll("button.act:not([disabled])")[which]
    : document.querySelectorAll(which.selector)[which.index];
  if (!button) return null;
  const list = button.closest("details");
  if (list && !list.open) list.open = true; // a list behind its disclosure: open it first
  button.scrollIntoView({ block: "center", inline: "center" });
  const box = button.getBoundingClientRect();
  window.__clicked = false;
  window.__reached = null;
  window.__aimedAt = document.body.dataset.version;
  const seen = (event) => {
    const target = event.target;
    window.__reached = target.outerHTML ? target.outerHTML.slice(0, 160) : String(target);
    if (target.closest && target.closest("button.act")) window.__clicked = true;
  };
  document.addEventListener("click", seen, { once: true, capture: true });
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}"""
# The click is dispatched before `mouse.click` returns: a click that reached no offered button
# while the table stayed at its version missed for a reason of the page's own.
MISSED_JS = """() => !window.__clicked && document.body.dataset.version === window.__aimedAt
  && !document.body.dataset.held ? (window.__reached || "nothing") : null"""
CLICKED_JS = """() => (window.__clicked || document.body.dataset.version !== window.__aimedAt)
  && !document.body.dataset.busy"""


def aim_and_click(page: Page, which: int | dict[str, Any]) -> bool:
    """Click an offered button (by index, or by `{"selector", "index"}`) with a real mouse at
    its centre and wait for the server's answer; False when the button is gone (computer
    players moved and the table was drawn again between the read and the aim)."""
    point = page.evaluate(AIM_JS, which)
    if point is None:
        return False
    page.mouse.click(point["x"], point["y"])
    missed = page.evaluate(MISSED_JS)
    assert missed is None, f"a click aimed at an offered button {which} reached {missed}"
    page.wait_for_function(CLICKED_JS, timeout=STEP_TIMEOUT_MS, polling=10)
    return True


def click_random_action(page: Page, rng: random.Random, count: int | None = None) -> bool:
    """Click one of the offered action buttons at random and wait for the server's answer.

    A real mouse click at the button's centre: it lands only if nothing covers the button.
    False when the offered buttons changed under the mouse (the caller reads the page again).
    """
    if count is None:
        count = page.locator("button.act:not([disabled])").count()
    assert count, "a page with a prompt offers no action"
    return aim_and_click(page, rng.randrange(count))


def click_action(page: Page, selector: str, index: int = 0) -> None:
    """Click the `index`-th offered action button matching `selector`, as
    `click_random_action` does."""
    assert aim_and_click(page, {"selector": selector, "index": index}), f"no button {selector}"


Prefer = Callable[[Page], str | None]


def play(pages: Sequence[Page], rng: random.Random, *, max_steps: int,
         until: Callable[[list[dict[str, Any]]], bool] | None = None,
         prefer: Prefer | None = None) -> int:
    """Random players: a page whose player must decide clicks a random offered action
    (or one of the buttons the selector `prefer(page)` names, when any is offered).

    Only pages that have drawn the latest version act, so nobody clicks on a stale table.
    Stops at the end of the game, when `until(states)` holds (see STATE_JS), or after
    `max_steps` clicks, with every page showing the latest version; returns the clicks.
    """
    guard = time.monotonic() + HANG_GUARD_SECONDS
    steps = 0
    while steps < max_steps:
        if time.monotonic() > guard:
            raise Stuck(f"play: {steps} clicks, then no progress for the hang guard")
        states = [page.evaluate(STATE_JS) for page in pages]
        if states[0]["phase"] == "over" or (until is not None and until(states)):
            break
        latest = max(s["version"] for s in states)
        ready = [(p, s) for p, s in zip(pages, states, strict=True)
                 if s["prompt"] and s["buttons"] and s["version"] == latest]
        if ready and _click_one(*rng.choice(ready), rng, prefer):
            steps += 1
        else:
            time.sleep(0.01)  # a poll of the pages' state, not a wait for time to pass
    settle(pages, max(version(page) for page in pages))  # leave every table up to date
    return steps


def _click_one(page: Page, state: dict[str, Any], rng: random.Random,
               prefer: Prefer | None) -> bool:
    """Click a preferred button if `prefer` names one on the page, else a random one."""
    wanted = prefer(page) if prefer is not None else None
    matches = page.locator(wanted).count() if wanted else 0
    if matches:
        return aim_and_click(page, {"selector": str(wanted), "index": rng.randrange(matches)})
    return click_random_action(page, rng, state["buttons"])


def _canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def assert_offers_exactly(offered: dict[str, Any], view: dict[str, Any]) -> None:
    """What a page offers (`bot.js` status) is exactly the view's offers, one per legal
    action (the buttons carry each offer's action, every field written out): every action is
    a button, except the placements of a Hunt token that is not picked (they become buttons
    on the places once it is picked, and the picker lists every token that may be placed).
    """
    actions = [offer["action"] for offer in view["offers"]]
    assert len(actions) == len(view["legal_actions"])
    for wire, full in zip(view["legal_actions"], actions, strict=True):
        assert wire.items() <= full.items()
    placements = {_canonical(a): a["token"] for a in actions if a["type"] == "PlaceHuntToken"}
    expected = sorted(_canonical(a) for a in actions
                      if placements.get(_canonical(a), offered["armed"]) == offered["armed"])
    shown = sorted(_canonical(json.loads(key)) for key in offered["buttons"])
    assert shown == expected, f"offered {shown}, legal {expected}"
    assert sorted(offered["tokens"]) == sorted(set(placements.values()))


# --- Random players inside the pages (bot.js) ---------------------------------------------

BOT_JS = Path(__file__).with_name("bot.js")
Pause = Callable[[Page, dict[str, Any]], bool]


def add_bot(page: Page) -> None:
    """Load the random player into every document the page opens from now on."""
    page.add_init_script(path=BOT_JS)


def run_bots(pages: Sequence[Page], seed: int, *, on_pause: Pause) -> int:
    """Let every page's bot play until the game is over. Each time a page's phase changes its
    bot waits for `on_pause(page, status)`, which returns whether that bot should keep
    pausing at phase changes. Returns the clicks made."""
    for index, page in enumerate(pages):
        page.evaluate("seed => window.__bot.start(seed)", seed + index)
    guard = time.monotonic() + HANG_GUARD_SECONDS
    while time.monotonic() < guard:
        statuses = [page.evaluate("window.__bot.status()") for page in pages]
        for page, status in zip(pages, statuses, strict=True):
            assert status["problem"] is None, status["problem"]
            if status["paused"] is not None:
                again = on_pause(page, status)
                page.evaluate("again => { window.__bot.pausing = again; window.__bot.resume(); }",
                              again)
        if all(s["phase"] == "over" and s["paused"] is None for s in statuses):
            break
        time.sleep(0.02)
    return sum(page.evaluate("window.__bot.stop() || window.__bot.clicks") for page in pages)


# --- What a page receives --------------------------------------------------------------------

class Wire:
    """Every websocket frame a page receives, parsed, and its views by version (a patch
    merged over the view before it)."""

    def __init__(self, page: Page) -> None:
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.views: dict[int, dict[str, Any]] = {}
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        message = json.loads(text)
        self.raw.append(text)
        self.messages.append(message)
        if message.get("type") in ("sync", "update") and message.get("view") is not None:
            version, view = message["version"], message["view"]
            if message.get("patch"):  # the fields that changed since the version before
                view = {**self.views[version - 1], **view}
            self.views[version] = view
