"""The home page's form: the server's refusals are shown as the server words them."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

from .players import create_room

pytestmark = pytest.mark.browser


def test_a_refused_frozen_lands_room_shows_the_servers_message(
        open_page: Callable[..., Page], server: str) -> None:
    # The server refuses Frozen Lands with fewer than 3 Hunted (the variant needs 4 players)
    # with `bad_options`; the form shows its words. (Choosing Frozen Lands puts the form at
    # 3 Hunted; this player then asks for 2.)
    options = {"variant": "frozen-lands", "abilities": False, "board_side": 1, "hunted": 2}
    answer = httpx.post(f"{server}/api/rooms", json={"options": options, "name": "Morgan",
                                                     "seat": 0})
    assert answer.status_code >= 400, "Frozen Lands with 2 Hunted is accepted: update this test"
    refusal = answer.json()["error"]
    assert refusal["code"] == "bad_options"

    page = open_page()
    # The form offers no fewer than 3 Hunted for Frozen Lands (below); a form out of date with
    # the server, as if its rules had changed since, still asks for 2.
    page.route("**/api/catalogue/*", lambda route: route.fulfill(
        json={**route.fetch().json(), "fewest_hunted": {"base": 1, "frozen-lands": 1}}))
    create_room(page, "Morgan", hunted=2, variant="frozen-lands")
    expect(page.locator("#create-error")).to_have_text(refusal["message"])
    expect(page.locator(".toast-error")).to_have_text(refusal["message"])
    assert page.url.endswith("/")  # still on the form, which can be sent again
    expect(page.locator("#create")).to_be_enabled()


def test_frozen_lands_offers_no_fewer_hunted_than_it_needs(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    hunted = page.locator("#hunted")
    page.select_option("#hunted", "1")
    page.check("#variant-frozen-lands")  # 4 players at least: the Creature and 3 Hunted
    expect(hunted).to_have_value("3")
    for count, disabled in ((1, True), (2, True), (3, False), (6, False)):
        option = hunted.locator(f"option[value='{count}']")
        expect(option).to_be_disabled() if disabled else expect(option).to_be_enabled()
    page.check("#variant-base")  # back to the base game: 1 Hunted will do again
    expect(hunted.locator("option:disabled")).to_have_count(0)
    expect(hunted).to_have_value("3")


def test_the_rulebooks_assimilation_track_is_a_frozen_lands_choice_the_table_shows(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    choice = page.locator("#rulebook-track-choice")
    expect(choice).to_be_hidden()  # the base game always plays the rulebook's track
    page.check("#variant-frozen-lands")
    expect(choice).to_be_visible()
    page.check("#rulebook-track")
    page.check("#variant-base")  # hidden again, and no longer asked for
    expect(page.locator("#rulebook-track")).not_to_be_checked()
    page.check("#variant-frozen-lands")
    page.check("#rulebook-track")
    page.fill("#name", "Morgan")
    page.click("#create")
    expect(page.locator("p.lead")).to_contain_text("rulebook Assimilation track")


def test_an_unknown_room_link_says_so(open_page: Callable[..., Page]) -> None:
    page = open_page("/r/no-such-room")
    expect(page.locator("h1")).to_have_text("No such room")
