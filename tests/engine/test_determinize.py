"""Determinization, the inverse of a seat's view: every world drawn from a view shows the seat
exactly that view, resumes where the game stands, and draws what the seat cannot see."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from random import Random

import pytest

from app.engine import (
    CREATURE,
    Config,
    GameState,
    active_seats,
    apply_action,
    legal_actions,
    new_game,
    view_for,
)
from app.engine.actions import Pass, PlayHuntCard, PlayPlaceCards
from app.engine.determinize import determinize, rebuildable, worlds
from app.engine.state import Prompt
from app.engine.vocab import Moment, Phase, PromptKind, Step
from tests.engine.helpers import act, play_turn, prompt_of, table


def moments(config: Config, seed: int) -> Iterator[tuple[GameState, int]]:
    """Every (state, seat) of a seeded random game, each seat owing a decision."""
    state, chooser = new_game(config, seed), Random(seed)
    while not state.winner:
        seat = chooser.choice(active_seats(state))
        yield state, seat
        state, _ = apply_action(state, seat, chooser.choice(legal_actions(state, seat)))


@pytest.mark.parametrize(("variant", "hunted"), [("base", 1), ("base", 4), ("frozen-lands", 3),
                                                 ("frozen-lands", 6)])
def test_a_drawn_world_shows_the_seat_exactly_its_view(variant: str, hunted: int) -> None:
    searched = 0
    for state, seat in moments(Config(hunted=hunted, variant=variant), 2):
        view = view_for(state, seat)
        if not rebuildable(view):
            continue
        world = determinize(view, Random(searched))
        assert view_for(world, seat) == view
        # The turn's flow is public: the world resumes exactly where the game stands.
        assert (world.step, world.phase, world.layers, world.queue) == (
            state.step, state.phase, state.layers, state.queue)
        searched += 1
    assert searched > 10


def exploring() -> GameState:
    """Both Hunted have played a Place card; the Creature has not placed its tokens."""
    state = table(hunted=2, hunt_cards=["fierceness", "clone", "mutation"])
    state = act(state, 1, PlayPlaceCards((2,)))
    return act(state, 2, PlayPlaceCards((3,)))


def test_a_drawn_world_deals_the_hidden_cards_from_the_catalogue() -> None:
    state = exploring()
    view = view_for(state, 1)
    drawn = [determinize(view, Random(n)) for n in range(30)]
    creature_hands = {tuple(sorted(w.creature.hand)) for w in drawn}
    assert len(creature_hands) > 1, "the Creature's hand is drawn, not read"
    assert all(len(w.creature.hand) == len(state.creature.hand) for w in drawn)
    assert {tuple(w.hunted_at(2).played) for w in drawn} != {(3,)}, "another's card is drawn"
    assert all(w.hunted_at(1).played == [2] for w in drawn), "our own card is known"


def test_worlds_are_determinize_drawn_in_turn() -> None:
    view = view_for(exploring(), 1)
    streamed = [w.to_json() for w in islice(worlds(view, Random(7)), 5)]
    rng = Random(7)
    assert streamed == [determinize(view, rng).to_json() for _ in range(5)]


def test_a_belief_weighs_the_unseen_cards_in_play() -> None:
    view = view_for(exploring(), CREATURE)
    only_the_wreck = lambda seat, card: 1.0 if card == 2 else 1e-9  # noqa: E731
    drawn = [determinize(view, Random(n), only_the_wreck) for n in range(10)]
    assert all(w.hunted_at(1).played == [2] and w.hunted_at(2).played == [2] for w in drawn)


def test_a_moment_the_view_does_not_pin_down_is_refused() -> None:
    views = (view_for(state, seat) for state, seat in moments(Config(hunted=2), 1))
    view = next(v for v in views if v["phase"] == Phase.RECKONING and not rebuildable(v))
    with pytest.raises(ValueError, match="turn flow"):
        determinize(view, Random(1))


def late_window() -> GameState:
    """The Creature drew at step 4 and may still play: its late window, before Rescue."""
    state = table(hunted=1, hunt_cards=["fierceness"])
    state.creature.plays_left = 2  # as on the turn after Tracking
    state = play_turn(state, {1: 5}, creature=1, cards=[PlayHuntCard("fierceness")])
    while (prompt := prompt_of(state, CREATURE)) is None or "moment" not in prompt.data:
        state = act(state, state.layers[-1][0].seat, Pass())
    return state


def test_a_late_window_resumes_before_the_rescue_step() -> None:
    state = late_window()
    world = determinize(view_for(state, CREATURE), Random(1))
    assert world.step == state.step == Step.RESCUE
    assert world.layers == state.layers


def test_every_window_of_a_layer_is_rebuilt_at_its_moment() -> None:
    # A Frozen Lands Hunted who recovered at step 2 shares the Creature's late window.
    state = late_window()
    late = {"phase": 4, "moment": str(Moment.LATE)}
    state.layers[-1].append(Prompt(1, PromptKind.WINDOW, dict(late)))
    world = determinize(view_for(state, 1), Random(1))
    assert [p.data for p in world.layers[-1]] == [late, late]
