"""The end screen of a game the Creature won, drawn from sample tables (samples.py) without
playing, for the Creature and for a Hunted, in English and French: who won and how, the verdict
for the reader, and the counters, a Rescue counter at its end in a game lost to Contamination
reading "reached, in vain" rather than "Victory!"."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from .samples import samples
from .test_board import DRAW_TABLE_JS

pytestmark = pytest.mark.browser

WORDS = {
    "en-GB": {"title": "The Creature wins", "mine": "Victory is yours.",
              "theirs": "Defeat, this time.", "in_vain": "Reached, in vain",
              "victory": "Victory!"},
    "fr-FR": {"title": "La Créature gagne", "mine": "La victoire est à vous.",
              "theirs": "Défaite, cette fois.", "in_vain": "Atteint, en vain",
              "victory": "Victoire !"},
}


def creature_wins() -> dict[tuple[str, bool], dict[str, Any]]:
    """A Creature-won sample per way to win (Assimilation, Contamination) and reader (the
    Creature or a Hunted)."""
    out: dict[tuple[str, bool], dict[str, Any]] = {}
    for s in samples():
        outcome = s["view"]["outcome"]
        if outcome and outcome["winner"] == "creature" and s["seat"] is not None:
            out.setdefault((str(outcome["reason"]), s["seat"] == 0), s)
    return out


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
@pytest.mark.parametrize("viewport",
                         [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_the_creature_wins_end_screen(browser: Any, server: str, locale: str,
                                      viewport: dict[str, int]) -> None:
    found = creature_wins()
    assert {reason for reason, _ in found} == {"assimilation", "contamination"}
    words = WORDS[locale]
    context = browser.new_context(viewport=viewport, base_url=server, locale=locale)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/")
        page.wait_for_selector("#main form")
        for (reason, creature), sample in sorted(found.items()):
            page.evaluate(DRAW_TABLE_JS, json.dumps(sample, default=str))
            end = page.locator("#end")
            expect(end).to_be_visible()
            expect(end.locator("#end-title")).to_have_text(words["title"])
            expect(end.locator(".verdict")).to_have_text(words["mine" if creature else "theirs"])
            if reason == "assimilation":
                expect(end.locator(".end-assimilation strong")).to_have_text(words["victory"])
            rescue = end.locator(".end-rescue strong")
            if reason == "contamination":  # the Hunted boarded: their counter is at its end
                expect(rescue).to_have_text(words["in_vain"])
            expect(end.locator(".end-counter.reached")).to_have_count(
                1 if reason == "assimilation" else 0)
            box = end.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert not errors, errors
    finally:
        context.close()
