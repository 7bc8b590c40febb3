"""A reload, or a dropped connection, brings a player back to the same seat and view."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .players import auto_pass_off, create_room, join, lobby_link, play, start, version

pytestmark = pytest.mark.browser


def snapshot(page: Page) -> dict[str, str | int]:
    """What must survive a reload: seat, version, phase, turn, hand and the players' state."""
    return {
        "seat": page.locator("#seat-label").inner_text(),
        "version": version(page),
        "phase": page.locator("#phase").inner_text(),
        "turn": page.locator("#turn").inner_text(),
        "hand": page.locator("#hand").inner_text(),
        "players": page.locator("#players").inner_text(),
    }


def test_a_reload_returns_to_the_same_seat_and_view(open_page: Callable[..., Page]) -> None:
    host = open_page()  # this time the host is a Hunted and a friend takes the Creature
    # A reload is no leave: no computer takes the seat meanwhile (the test server's grace
    # period is 1 s, and a reload on a busy machine may take longer).
    create_room(host, "Ann", hunted=2, creature=False, take_over=False)
    friend = open_page(lobby_link(host))
    join(friend, "Morgan")
    expect(friend.locator("#seat-label")).to_have_text("Creature · Morgan")
    start(host, [host, friend])  # the empty Hunted 2 seat is left out
    auto_pass_off([host, friend])
    expect(host.locator(".hunted-panel")).to_have_count(1)

    # Play into the middle of the second turn.
    pages = [friend, host]
    play(pages, random.Random(5), max_steps=200,
         until=lambda states: states[0]["phase"] == "hunting" and host.locator(
             "#turn").inner_text() == "2")
    assert host.locator("#turn").inner_text() == "2"
    before = snapshot(host)
    assert before["seat"] == "Hunted 1 · Ann"

    host.reload()
    expect(host.locator("#seat-label")).to_have_text(str(before["seat"]))
    expect(host.locator("body")).to_have_attribute("data-version", str(before["version"]))
    assert snapshot(host) == before
    assert "Reveal" in host.locator("#log").inner_text()  # the recent log came back too

    # The game goes on from the reloaded page.
    assert play(pages, random.Random(6), max_steps=6) > 0


def test_a_dropped_connection_reconnects_to_the_same_seat(open_page: Callable[..., Page]) -> None:
    host = open_page()
    sockets: list[WebSocketRoute] = []

    def through(ws: WebSocketRoute) -> None:
        ws.connect_to_server()  # pass messages both ways, and keep a handle to cut it
        sockets.append(ws)

    host.route_web_socket(re.compile(r"/ws/rooms/"), through)
    create_room(host, "Morgan", hunted=1, take_over=False)  # a dropped socket is no leave
    hunted = open_page(lobby_link(host))
    join(hunted, "Ann")
    start(host, [host, hunted])
    pages = [host, hunted]
    auto_pass_off(pages)
    play(pages, random.Random(8), max_steps=8)
    before = snapshot(host)

    sockets[-1].close(code=1011, reason="test: connection dropped")
    expect(host.locator(".conn")).to_have_text("Reconnecting…")
    expect(host.locator(".conn")).to_have_text("Online")
    assert len(sockets) == 2
    assert snapshot(host) == before
    assert play(pages, random.Random(9), max_steps=6) > 0
