"""axe-core (npm, installed by `make client` into node_modules/) on every kind of page: the home
page, the lobby, the table of each role in both variants, and a replay. Its counts are printed
per page; a serious or critical violation fails the test."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import ROOT
from .players import add_computer, create_room, lobby_link, start
from .test_replay import finish_against_computers

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("critical", "serious", "moderate", "minor")
FAILING = ("critical", "serious")
# Resolves once every running animation that ends has ended.
SETTLED_JS = """() => Promise.all(document.getAnimations()
  .filter((a) => a.playState === "running" && a.effect
    && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


def axe(page: Page, name: str) -> None:
    """Run axe-core on the page as it is; print its counts, fail on a serious violation."""
    if not AXE.exists():
        pytest.fail(f"no {AXE.relative_to(ROOT)}: run `make client` (npm ci)")
    # A text fading in (the reveal, the end screen rising) has less contrast than it will
    # have: axe looks at the page once what is moving has settled.
    page.evaluate(SETTLED_JS)
    page.evaluate(AXE.read_text())  # evaluated by the driver: the page's CSP does not apply
    violations: list[dict[str, Any]] = page.evaluate(
        "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations)")
    counts = Counter({v["impact"]: len(v["nodes"]) for v in violations})
    print(f"\naxe {name}: " + ", ".join(f"{counts[i]} {i}" for i in IMPACTS))
    failing = [f"{v['id']} ({v['impact']}): {v['help']} at "
               + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
               for v in violations if v["impact"] in FAILING]
    assert not failing, f"{name}:\n" + "\n".join(failing)


def test_the_home_page_and_the_lobby_have_no_serious_violation(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    expect(page.locator("#create")).to_be_visible()
    axe(page, "home")
    create_room(page, "Morgan", hunted=2)
    lobby_link(page)
    expect(page.locator("#start")).to_be_visible()
    axe(page, "lobby")


@pytest.mark.parametrize(("variant", "creature"), [
    ("base", True), ("base", False), ("frozen-lands", True), ("frozen-lands", False)])
def test_the_table_has_no_serious_violation(
        open_page: Callable[..., Page], variant: str, creature: bool) -> None:
    page = open_page()
    hunted = 3 if variant == "frozen-lands" else 2
    create_room(page, "Morgan", hunted=hunted, creature=creature, variant=variant)
    lobby_link(page)
    for seat in range(hunted + 1):
        if seat != (0 if creature else 1):
            add_computer(page, seat)
    start(page, [page])
    # The player's first decision (the Creature's once the computers chose their cards).
    expect(page.locator("#actions[data-prompt]")).to_be_visible()
    axe(page, f"{variant} table, {'the Creature' if creature else 'a Hunted'}")


def test_the_replay_has_no_serious_violation(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    page = open_page()
    link = finish_against_computers(page, "Morgan", 31)
    axe(page, "end of the game")
    page.goto(f"{link}/games/1")
    expect(page.locator("#replay")).to_be_visible()
    axe(page, "replay, first step")
    page.click("#replay-last")
    expect(page.locator("#end-title")).to_be_visible()
    axe(page, "replay, last step")
