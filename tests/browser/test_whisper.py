"""Whisper (Frozen Lands): while the card is in effect, a Hunted may write privately to its
partner. The server side is tested elsewhere; here the page's socket is routed so that the
view says a Whisper is open, and what the page sends and shows is checked."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .players import join

pytestmark = pytest.mark.browser


def test_a_whisper_goes_only_to_the_partner_and_shows_as_such(
        open_page: Callable[..., Page], server: str) -> None:
    options = {"variant": "base", "hunted": 2, "bot_delay_ms": 10_000}
    room = httpx.post(f"{server}/api/rooms", json={"options": options, "name": "Morgan",
                                                   "seat": 0}).json()
    headers = {"Authorization": f"Bearer {room['token']}"}
    httpx.post(f"{server}/api/rooms/{room['code']}/seats/2/bot", json={"kind": "random"},
               headers=headers).raise_for_status()
    sent: list[dict[str, object]] = []

    def route(ws: WebSocketRoute) -> None:
        server_ws = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "chat" and data.get("to") is not None:
                sent.append(data)  # answered as the server does: only to the two Hunted
                line = {"seat": 1, "name": "Ann", "text": data["text"], "to": data["to"]}
                ws.send(json.dumps({"type": "whisper", "line": line}))
                return
            server_ws.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            view = data.get("view")
            # A patch leaves "you" out when it has not changed (docs/protocol.md, Patches): the
            # page keeps the one it holds, already with the whisper.
            if view and view.get("role") == "hunted" and "you" in view:
                view["you"]["whisper"] = [2]  # as if Ann had played Whisper with Bot 2
            ws.send(json.dumps(data))

        ws.on_message(from_page)
        server_ws.on_message(from_server)

    ann = open_page(None)
    ann.route_web_socket(re.compile(r"/ws/rooms/"), route)
    ann.goto(room["link"])
    join(ann, "Ann")
    httpx.post(f"{server}/api/rooms/{room['code']}/start", headers=headers).raise_for_status()
    expect(ann.locator("#phase")).to_be_visible()

    chat_to = ann.locator("#chat-to")
    expect(chat_to).to_be_visible()
    expect(chat_to.locator("option")).to_have_text(["Everyone", "Whisper to Bot 2"])
    chat_to.select_option("2")
    ann.fill("#chat-input", "Meet me at the Beach.")
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat li.whisper")).to_contain_text("whisper to Bot 2")
    expect(ann.locator("#chat li.whisper")).to_contain_text("Ann: Meet me at the Beach.")
    assert sent == [{"type": "chat", "text": "Meet me at the Beach.", "to": 2}]

    chat_to.select_option("")  # back to the table: an ordinary chat line for everyone
    ann.fill("#chat-input", "Hello all.")
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat li:not(.whisper)")).to_contain_text("Ann: Hello all.")
    assert len(sent) == 1
