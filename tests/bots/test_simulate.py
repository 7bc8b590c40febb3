"""The simulation command: `python -m app.bots.simulate` plays random games and reports figures.

Source: README.md / Makefile (`make simulate`), docs/architecture.md (a playthrough is a function of
(config, seed, actions), so the same seed gives the same games). Every Place, Hunt and Survival
card of the base game (base_game.md) must be reachable by random play.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.bots.simulate import Tally, random_playout, run
from app.engine import Config, apply_action
from app.engine.actions import PlaySurvivalCard
from app.engine.cards import HUNT_CARDS, PLACE_IDS, SURVIVAL_CARDS
from tests.engine.helpers import act, give_survival_card, table

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"games", "seconds", "games_per_second", "creature_wins", "hunted_wins", "avg_turns",
        "avg_actions", "errors", "cards_played"}
TIMINGS = {"seconds", "games_per_second"}


def simulate(*args: str) -> tuple[list[str], dict[str, Any]]:
    """Run the command; return its stdout lines and the parsed figures."""
    done = subprocess.run([sys.executable, "-m", "app.bots.simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    return lines, json.loads(lines[0])


@pytest.fixture(scope="module")
def two_runs() -> tuple[tuple[list[str], dict[str, Any]], tuple[list[str], dict[str, Any]]]:
    args = ("--hunted", "2", "--games", "20", "--seed", "3")
    return simulate(*args), simulate(*args)


def test_prints_one_line_of_json_with_the_figures(two_runs: Any) -> None:
    (lines, figures), _ = two_runs
    assert len(lines) == 1
    assert set(figures) >= KEYS
    assert figures["games"] == 20
    assert figures["errors"] == 0
    assert figures["creature_wins"] + figures["hunted_wins"] == 20
    assert figures["seconds"] > 0 and figures["games_per_second"] > 0
    assert figures["avg_turns"] >= 1 and figures["avg_actions"] > figures["avg_turns"]


def test_cards_played_names_every_place_hunt_and_survival_card(two_runs: Any) -> None:
    (_, figures), _ = two_runs
    every = {*PLACE_IDS.values(), *HUNT_CARDS, *SURVIVAL_CARDS}
    assert set(figures["cards_played"]) == every
    assert len(every) == 10 + 20 + 15
    assert all(isinstance(n, int) and n >= 0 for n in figures["cards_played"].values())
    assert sum(figures["cards_played"].values()) > 0


def test_the_same_seed_gives_the_same_figures_except_timings(two_runs: Any) -> None:
    (_, first), (_, second) = two_runs
    assert {k: v for k, v in first.items() if k not in TIMINGS} == \
        {k: v for k, v in second.items() if k not in TIMINGS}


def test_another_seed_gives_other_games() -> None:
    _, figures = simulate("--hunted", "2", "--games", "5", "--seed", "4")
    _, again = simulate("--hunted", "2", "--games", "5", "--seed", "3")
    assert figures["games"] == again["games"] == 5
    assert figures["cards_played"] != again["cards_played"]


def test_random_playout_is_deterministic_and_ends() -> None:
    first = random_playout(Config(hunted=4), 11)
    second = random_playout(Config(hunted=4), 11)
    assert first.winner in ("creature", "hunted")
    assert first.to_json() == second.to_json()


def test_random_play_reaches_every_card_of_the_base_game() -> None:
    figures = run(Config(hunted=3), 100, 1)
    assert figures["errors"] == 0
    never = sorted(card for card, n in figures["cards_played"].items() if n == 0)
    assert never == []


def test_a_card_played_counts_once_even_when_its_event_is_split_by_audience() -> None:
    # Under Smokescreen, Sacrifice's event goes in full to the Hunted and redacted to the rest.
    state = table(2, 3)
    give_survival_card(state, 1, "smokescreen")
    give_survival_card(state, 2, "sacrifice")
    state = act(state, 1, PlaySurvivalCard("smokescreen"))
    _, events = apply_action(state, 2, PlaySurvivalCard("sacrifice", (4,)))
    tally = Tally()
    tally.count_events(events)
    assert tally.cards_played["sacrifice"] == 1


@pytest.mark.parametrize(("args", "why"), [
    (("--variant", "frozen-lands", "--hunted", "2"), "Frozen Lands needs at least 4 players"),
    (("--hunted", "7"), "1 to 6 Hunted"),
])
def test_a_table_the_rules_refuse_is_refused_with_a_clear_message(args: tuple[str, ...],
                                                                  why: str) -> None:
    done = subprocess.run([sys.executable, "-m", "app.bots.simulate", *args, "--games", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "refused configuration" in done.stderr and why in done.stderr
