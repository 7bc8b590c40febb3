"""A click is never swallowed by a redraw: while a button is pressed, a frame that would draw the
page again (someone joining, another player's move) waits for the release, and the click lands
on the button that was pressed."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

from .players import create_room, lobby_link

pytestmark = pytest.mark.browser


def test_a_button_held_while_someone_joins_still_takes_the_click(
        open_page: Callable[..., Page], server: str) -> None:
    host = open_page()
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0)
    code = lobby_link(host).rsplit("/", 1)[1]
    add = host.locator("li.seat[data-seat='2'] button.add-bot")
    expect(add).to_be_visible()  # the lobby drawn for its host (after the socket's sync)
    box = add.bounding_box()
    assert box is not None
    host.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    host.mouse.down()
    claimed = httpx.post(f"{server}/api/rooms/{code}/seats", json={"seat": 1, "name": "Ann"})
    assert claimed.status_code == 201
    # The lobby's new frame reaches the page while the button is down (held, or drawn).
    arrived = host.locator("body[data-held='1'], li.seat[data-seat='1']:has-text('Ann')")
    expect(arrived.first).to_be_attached()
    expect(host.locator("li.seat[data-seat='1']")).not_to_contain_text("Ann")  # held
    host.mouse.up()
    expect(host.locator("li.seat[data-seat='2'] .badge.bot")).to_be_visible()
    expect(host.locator("li.seat[data-seat='1']")).to_contain_text("Ann")
    expect(host.locator("body")).not_to_have_attribute("data-held", "1")
