"""The expert bot: it searches worlds drawn from its own view only, within a budget."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

import pytest

from app.bots import make_bot
from app.bots.base import Bot
from app.bots.expert import Budget, ExpertBot, hunted_odds, settled
from app.bots.play import bots_for, play_game
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
from app.engine.actions import PlayPlaceCards
from app.engine.determinize import rebuildable
from tests.engine.helpers import act, table

from .test_bots import Checked

QUICK = Budget(seconds=None, worlds=2, shortlist=3)  # no clock: the same choices every run


def moments(config: Config, seed: int) -> Iterator[tuple[GameState, int]]:
    """Every (state, seat) a game between heuristic bots asks for a decision."""
    bots = bots_for(config, "heuristic", "heuristic", seed)
    state, order = new_game(config, seed), Random(seed)
    while not state.winner:
        seats = active_seats(state)
        seat = seats[int(order.random() * len(seats))]
        yield state, seat
        state, _ = apply_action(state, seat, bots[seat].choose(view_for(state, seat)))


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "hunted"), [("base", 1), ("frozen-lands", 3)])
@pytest.mark.parametrize("expert_role", ["creature", "hunted"])
def test_the_expert_only_chooses_legal_actions(variant: str, hunted: int,
                                               expert_role: str) -> None:
    config = Config(hunted=hunted, variant=variant)
    bots: dict[int, Bot] = bots_for(config, "heuristic", "heuristic", 3)
    for seat in bots:
        if (seat == CREATURE) == (expert_role == "creature"):
            bots[seat] = ExpertBot(expert_role, seat, QUICK)
    checked = {seat: Checked(bot, seat) for seat, bot in bots.items()}
    state, order = new_game(config, 3), Random(1)
    while not state.winner:
        seats = active_seats(state)
        seat = seats[int(order.random() * len(seats))]
        checked[seat].state = state
        state, _ = apply_action(state, seat, checked[seat].choose(view_for(state, seat)))
    assert all(c.choices > 0 for c in checked.values())


def _exploring_pair() -> tuple[GameState, GameState]:
    """Two Exploration states that differ only in the Creature's hand and Hunted 2's cards."""
    first = table(hunted=2, hunt_cards=["despair", "clone", "mutation"])
    second = first.clone()
    second.creature.hand = ["fierceness", "scream", "toxin"]
    second.creature.deck = [c for c in first.creature.deck + first.creature.hand
                            if c not in second.creature.hand]
    second.hunted_at(2).survival, first.hunted_at(2).survival = ["dodge"], ["vortex"]
    return first, second


def test_the_expert_hunted_cannot_see_the_creature_or_another_hunted() -> None:
    first, second = _exploring_pair()
    assert view_for(first, 1) == view_for(second, 1)
    assert rebuildable(view_for(first, 1))
    assert (ExpertBot("hunted", 4, QUICK).choose(view_for(first, 1))
            == ExpertBot("hunted", 4, QUICK).choose(view_for(second, 1)))


def test_the_expert_creature_cannot_see_where_the_hunted_went() -> None:
    states = []
    base = table(hunted=2, hunt_cards=["fierceness", "clone", "mutation"])
    for card in (2, 4):
        state = act(base, 1, PlayPlaceCards((card,)))
        state = act(state, 2, PlayPlaceCards((3,)))
        states.append(act(state, CREATURE, legal_actions(state, CREATURE)[-1]))
    first, second = states
    assert view_for(first, CREATURE) == view_for(second, CREATURE)
    assert rebuildable(view_for(first, CREATURE))
    assert (ExpertBot("creature", 4, QUICK).choose(view_for(first, CREATURE))
            == ExpertBot("creature", 4, QUICK).choose(view_for(second, CREATURE)))


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_search_stops_when_its_time_is_up() -> None:
    first, _ = _exploring_pair()
    ticks = Ticks()
    bot = ExpertBot("hunted", 1, Budget(seconds=3.0, worlds=1000, shortlist=3), clock=ticks)
    action = bot.choose(view_for(first, 1))
    assert action in legal_actions(first, 1)
    assert ticks.now <= 6, "a read per playout: the deadline ends the search within a world"


def test_the_search_is_settled_only_when_the_worlds_left_cannot_overturn_the_lead() -> None:
    # A world adds between 0 and 1 to each candidate's sum.
    assert settled([7.5, 3.0, 2.0], worlds_left=4)
    assert not settled([7.5, 3.5, 2.0], worlds_left=4), "a tie is still possible"
    assert not settled([7.5, 3.0], worlds_left=5)
    assert settled([0.2], worlds_left=100), "one candidate needs no search"


def test_a_decided_search_stops_before_its_world_cap() -> None:
    first, _ = _exploring_pair()
    bot = ExpertBot("hunted", 1, Budget(seconds=None, worlds=1000, shortlist=3))
    searched: list[int] = []
    real = bot._playout

    def counted(*args: object) -> float | None:
        searched.append(1)
        return real(*args)  # type: ignore[arg-type]

    bot._playout = counted  # type: ignore[method-assign]
    bot.choose(view_for(first, 1))
    assert len(searched) < 3 * 1000


def test_with_no_time_at_all_the_expert_plays_the_heuristic_favourite() -> None:
    first, _ = _exploring_pair()
    bot = ExpertBot("hunted", 1, Budget(seconds=0.0, shortlist=3), clock=Ticks())
    assert bot.choose(view_for(first, 1)) == bot.heuristic.ranked(view_for(first, 1))[0][0]


def test_the_odds_are_certain_once_the_game_is_over() -> None:
    config = Config(hunted=2)
    state = play_game(config, 11, bots_for(config, "heuristic", "heuristic", 11))
    assert hunted_odds(state) == (1.0 if state.winner == "hunted" else 0.0)
    assert 0.0 < hunted_odds(new_game(config, 1)) < 1.0


def test_make_bot_offers_the_expert_level_with_its_budget() -> None:
    bot = make_bot("expert", "creature", 1, seconds=0.5, worlds=7)
    assert isinstance(bot, ExpertBot)
    assert (bot.role, bot.budget.seconds, bot.budget.worlds) == ("creature", 0.5, 7)

