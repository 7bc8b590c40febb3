"""The normal bots consider every card, place and ability they hold and use each where it pays.

Each test sets a table where a card is worth playing (and one where it is not) and asks the
heuristic bot of that seat for its choice, from its own view.
"""

from __future__ import annotations

from app.bots import HeuristicCreature, HeuristicHunted
from app.bots.simulate import run
from app.engine import CREATURE, Config, GameState, view_for
from app.engine.actions import Choose, PlaceHuntToken, PlaySurvivalCard, UseAbility
from tests.engine.helpers import act, explore, give_survival_card, prompt_of, table

FROZEN = "frozen-lands"


def hunted_choice(state: GameState, seat: int = 1) -> object:
    return HeuristicHunted(3).choose(view_for(state, seat))


def test_sacrifice_is_kept_for_the_last_turns_and_pays_with_the_least_useful_card() -> None:
    early = table(2, hunt_cards=["stasis", "despair"])
    give_survival_card(early, 1, "sacrifice")
    late = early.clone()
    late.rescue = 2
    assert not isinstance(hunted_choice(early), PlaySurvivalCard)
    assert hunted_choice(late) == PlaySurvivalCard("sacrifice", (3,))  # the River


def noor_at_the_table(rescue: int) -> GameState:
    """Frozen Lands, 3 Hunted, abilities on; Hunted 1 has Intercept (Noor Haddad's sheet)."""
    state = table(3, variant=FROZEN, abilities=True, hunt_cards=["stasis", "despair"])
    state.hunted_at(1).sheet = "noor-haddad"
    state.rescue = rescue
    return state


def test_intercept_waits_for_the_last_turns_then_sends_the_stasis_away() -> None:
    assert hunted_choice(noor_at_the_table(9)) != UseAbility("intercept")
    late = noor_at_the_table(2)
    assert hunted_choice(late) == UseAbility("intercept")
    looking = act(late, 1, UseAbility("intercept"))
    assert hunted_choice(looking) == Choose("stasis")


def hunting(rescue: int) -> GameState:
    """Frozen Lands at 3 Hunted with abilities: the Hunted have played, the Creature hunts."""
    state = table(3, variant=FROZEN, abilities=True)
    state.rescue = rescue
    state = explore(state, {1: 2, 2: 3, 3: 4})
    prompt = prompt_of(state, CREATURE)
    assert prompt is not None and prompt.kind == "hunt"
    return state


def test_the_creature_keeps_keen_senses_for_the_last_turns() -> None:
    early = HeuristicCreature(1).choose(view_for(hunting(9), CREATURE))
    late = HeuristicCreature(1).choose(view_for(hunting(2), CREATURE))
    assert isinstance(early, PlaceHuntToken)
    assert isinstance(late, UseAbility) and late.ability == "keen-senses"


def test_cards_held_counts_each_seat_once_a_game() -> None:
    figures = run(Config(hunted=3), 2, 1, "heuristic", "heuristic")
    held = figures["cards_held"]
    assert held["lair"] == held["beach"] == 3 * 2  # every Hunted starts with Places 1-5
    assert set(held) == set(figures["cards_played"])
    assert figures["held_never_played"] == sorted(
        name for name, n in held.items() if n and not figures["cards_played"][name])


def test_the_heuristic_bots_play_every_card_and_ability_they_hold() -> None:
    """A small sample of both variants: nothing the bots held stayed in hand every time (the
    1,000-game figures are in docs/balance.md)."""
    for config, games, seed in ((Config(hunted=3), 40, 42),
                                (Config(hunted=5, variant=FROZEN), 30, 1)):
        figures = run(config, games, seed, "heuristic", "heuristic")
        assert figures["errors"] == 0
        assert figures["held_never_played"] == [], (config, figures["held_never_played"])
