"""Computer players: they choose only legal actions, from their own view only."""

from __future__ import annotations

from random import Random

import pytest

from app.bots import HeuristicCreature, HeuristicHunted, RandomBot, make_bot
from app.bots.base import Bot, View
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
from app.engine.actions import Action, PlayPlaceCards
from tests.engine.helpers import act, table


class Checked:
    """Wraps a bot and checks every choice against the engine's legal actions."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat = bot, seat
        self.state: GameState | None = None
        self.choices = 0

    def choose(self, view: View) -> Action:
        action = self.bot.choose(view)
        assert self.state is not None
        assert action in legal_actions(self.state, self.seat)
        self.choices += 1
        return action


@pytest.mark.parametrize("hunted", [1, 3, 6])
@pytest.mark.parametrize(("creature_kind", "hunted_kind"),
                         [("heuristic", "heuristic"), ("random", "heuristic"),
                          ("heuristic", "random")])
def test_bots_only_choose_legal_actions(hunted: int, creature_kind: str,
                                        hunted_kind: str) -> None:
    config = Config(hunted=hunted)
    checked = {seat: Checked(bot, seat)
               for seat, bot in bots_for(config, creature_kind, hunted_kind, 7).items()}

    state, order = new_game(config, 7), Random(1)
    for _ in range(5000):
        if state.winner:
            break
        seats = active_seats(state)
        seat = seats[int(order.random() * len(seats))]
        checked[seat].state = state
        state, _ = apply_action(state, seat, checked[seat].choose(view_for(state, seat)))
    assert state.winner
    assert all(c.choices > 0 for c in checked.values())


def test_a_game_between_bots_ends_with_a_winner_and_a_reason() -> None:
    config = Config(hunted=2)
    state = play_game(config, 11, bots_for(config, "heuristic", "heuristic", 11))
    assert state.winner in ("creature", "hunted")
    assert state.reason in ("assimilation", "rescue")


def test_same_seed_same_game() -> None:
    config = Config(hunted=3)
    first = play_game(config, 5, bots_for(config, "heuristic", "heuristic", 5))
    second = play_game(config, 5, bots_for(config, "heuristic", "heuristic", 5))
    assert first.to_json() == second.to_json()


def _hunting_pair() -> tuple[GameState, GameState]:
    """Two states in the Hunting phase that differ only in which card Hunted 1 played."""
    base = table(hunted=2, hunt_cards=["fierceness", "clone", "mutation"])
    states = []
    for card in (2, 4):
        state = act(base, 1, PlayPlaceCards((card,)))
        state = act(state, 2, PlayPlaceCards((3,)))
        state = act(state, CREATURE, legal_actions(state, CREATURE)[-1])  # close phase 1
        states.append(state)
    return states[0], states[1]


def test_the_creature_bot_cannot_see_a_hunted_choice() -> None:
    first, second = _hunting_pair()
    assert first.phase == second.phase == 2
    assert view_for(first, CREATURE) == view_for(second, CREATURE)
    assert (HeuristicCreature(3).choose(view_for(first, CREATURE))
            == HeuristicCreature(3).choose(view_for(second, CREATURE)))


def test_a_hunted_bot_cannot_see_the_creature_hand_or_another_hunted_hand() -> None:
    base = table(hunted=2, hunt_cards=["despair"])
    other = base.clone()
    other.creature.hand = ["clone"]
    other.hunted_at(2).survival = ["dodge"]
    base.hunted_at(2).survival = ["vortex"]
    assert view_for(base, 1) == view_for(other, 1)
    assert HeuristicHunted(9).choose(view_for(base, 1)) == HeuristicHunted(9).choose(
        view_for(other, 1))


def test_make_bot_refuses_unknown_kinds() -> None:
    assert isinstance(make_bot("random", "hunted", 1), RandomBot)
    with pytest.raises(ValueError):
        make_bot("genius", "creature", 1)


@pytest.mark.parametrize(("creature_kind", "hunted_kind", "winner"),
                         [("heuristic", "random", "creature"), ("random", "heuristic", "hunted")])
def test_heuristic_bots_beat_random_ones_at_three_hunted(creature_kind: str, hunted_kind: str,
                                                         winner: str) -> None:
    """At least 80 % over 100 seeded games (bench/balance.py measures 500 per pairing)."""
    config = Config(hunted=3)
    wins = sum(play_game(config, seed, bots_for(config, creature_kind, hunted_kind, seed)).winner
               == winner for seed in range(100))
    assert wins >= 80
