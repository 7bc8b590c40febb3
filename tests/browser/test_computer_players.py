"""Computer players: the host seats them from the lobby, and one person plays a whole game
against them, with a clock per decision shown as a countdown."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

from .conftest import GRACE_SECONDS
from .players import (
    GAME_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    add_bot,
    add_computer,
    create_room,
    join,
    lobby_link,
    phase,
    start,
)

pytestmark = pytest.mark.browser


def test_a_host_plays_a_whole_game_against_computer_players(
        open_page: Callable[..., Page]) -> None:
    host = open_page()
    add_bot(host)  # the in-page random player clicks for the host once started
    create_room(host, "Morgan", hunted=2, clock=30, bot_delay_ms=0)
    lobby_link(host)
    expect(host.locator(".lobby .lead")).to_contain_text("30 s per decision")
    expect(host.locator("#start")).to_be_disabled()  # nobody is Hunted yet
    add_computer(host, 1)
    left_out = host.locator("#start + p.hint")
    expect(left_out).to_have_text("Empty Hunted seats are left out when you start.")  # seat 2
    host.select_option("#bot-kind", "random")  # the other one picks any legal move
    add_computer(host, 2)
    expect(left_out).to_be_empty()  # every seat taken: nothing is left out
    expect(host.locator("li.seat[data-seat='1'] .badge.bot")).to_contain_text("steady")
    expect(host.locator("li.seat[data-seat='2'] .badge.bot")).to_contain_text("random")
    expect(host.locator("li.seat .bot-mark")).to_have_count(2)
    start(host, [host])
    expect(host.locator(".hunted-panel .badge.bot")).to_have_count(2)

    # The Creature's decision runs on the room's clock: a countdown from 30 s.
    expect(host.locator("#actions[data-prompt]")).to_be_visible()
    expect(host.locator(".countdown.mine")).to_have_text(re.compile(r"^0:(30|2\d)$"))
    expect(host.locator(".creature-panel .countdown")).to_have_text(re.compile(r"^0:(30|2\d)$"))

    host.evaluate("window.__bot.pausing = false; window.__bot.start(21)")
    expect(host.locator("#end-title")).to_contain_text("win", timeout=GAME_TIMEOUT_MS)
    assert phase(host) == "over"
    assert host.evaluate("window.__bot.problem") is None
    assert host.evaluate("window.__bot.clicks") > 0
    expect(host.locator(".countdown:not(:empty)")).to_have_count(0)  # nobody is waited on
    expect(host.locator("#log li.note[data-kind=timeout]")).to_have_count(0)


def test_a_frozen_lands_host_starts_once_three_hunted_are_seated(
        open_page: Callable[..., Page]) -> None:
    # Frozen Lands needs the Creature and 3 Hunted; empty seats are left out at the start, so
    # the host may start only once enough are taken, by friends or computers.
    host = open_page()
    create_room(host, "Morgan", hunted=4, creature=False, variant="frozen-lands")
    lobby_link(host)
    hint = host.locator("#start + p.hint")
    expect(host.locator("#start")).to_be_disabled()
    expect(hint).to_have_text("Waiting for the Creature to take a seat. Frozen Lands is played "
                              "with 3 Hunted at least: 2 more to seat, or add a computer.")
    add_computer(host, 0)
    add_computer(host, 2)
    expect(hint).to_have_text(
        "Frozen Lands is played with 3 Hunted at least: 1 more to seat, or add a computer.")
    expect(host.locator("#start")).to_be_disabled()
    add_computer(host, 3)
    expect(host.locator("#start")).to_be_enabled()
    expect(hint).to_have_text("Empty Hunted seats are left out when you start.")  # seat 4
    start(host, [host])
    expect(host.locator(".hunted-panel")).to_have_count(3)


def test_a_clock_runs_out_and_a_computer_stands_in_for_a_player_gone_away(
        open_page: Callable[..., Page], server: str) -> None:
    # The form offers clocks from 30 s; the server allows 5 s, which this test can wait for.
    # The computer takes no seat over by itself here: a player hands it over.
    options = {"variant": "base", "hunted": 1, "clock_seconds": 5, "bot_delay_ms": 0,
               "take_over": False}
    answer = httpx.post(f"{server}/api/rooms", json={"options": options, "name": "Morgan",
                                                     "seat": 0}).json()
    host = open_page()
    add_bot(host)  # the host plays at random; Ann, at first, does nothing
    host.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"nao.token.{answer['code']}", answer["token"]])
    host.goto(answer["link"])
    ann = open_page(answer["link"])
    join(ann, "Ann")
    start(host, [host, ann])
    host.evaluate("window.__bot.pausing = false; window.__bot.start(4)")

    # When Ann's clock runs out, the server moves for her and both pages say so.
    for page in (ann, host):
        expect(page.locator("#log li.note[data-kind=timeout]").first).to_contain_text(
            "ran out", timeout=PAGE_TIMEOUT_MS + 12_000)
    expect(ann.locator("#log li.note").first).to_have_text(
        "Your time ran out: the computer chose for you.")

    # Ann leaves; the host may hand her seat to a computer once she has been gone a while.
    ann.goto("about:blank")
    replace = host.locator(".hunted-panel[data-seat='1'] button.replace")
    expect(replace).to_be_visible()
    # Its countdown runs out after the grace period.
    expect(replace).to_be_enabled(timeout=1000 * GRACE_SECONDS + PAGE_TIMEOUT_MS)
    moves = host.locator("#log li", has_text=re.compile(r"^Ann (chose|passed|used|took|resisted)"))
    before = moves.count()
    replace.click()
    expect(host.locator(".hunted-panel[data-seat='1'] .badge.bot")).to_be_visible()
    expect(replace).to_have_count(0)
    host.wait_for_function(  # the computer plays her moves at once (no clock needed)
        """n => [...document.querySelectorAll('#log li')].filter(
             li => /^Ann (chose|passed|used|took|resisted)/.test(li.textContent)).length > n + 1""",
        arg=before)

    # She comes back with her link: the seat is hers again.
    ann.goto(answer["link"])
    expect(ann.locator("#seat-label")).to_have_text("Hunted 1 · Ann")
    expect(host.locator(".hunted-panel[data-seat='1'] .badge.bot")).to_have_count(0)
    expect(host.locator(".hunted-panel[data-seat='1'] .dot.on")).to_be_visible()
    assert host.evaluate("window.__bot.stop() || window.__bot.problem") is None
