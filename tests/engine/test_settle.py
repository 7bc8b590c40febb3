"""A prompt that an earlier answer made moot is dropped, so the flow never stalls (game.settle)."""

from app.engine import CREATURE, active_seats, legal_actions
from app.engine.actions import Choose, DiscardSurvivalCard, Pass, PlaceHuntToken, PlayHuntCard

from .helpers import act, explore, give_survival_card, pass_windows, prompt_of, table


def test_a_second_toxin_with_no_survival_card_left_asks_nothing() -> None:
    state = table(hunted=1, hunt_cards=["toxin", "flashback"])
    state.creature.plays_left = 2  # as after Tracking
    give_survival_card(state, 1, "dodge")
    state = explore(state, {1: 3})
    state = act(state, CREATURE, PlayHuntCard("toxin", (3,)))
    state = act(state, CREATURE, PlayHuntCard("flashback"))  # Toxin again, on the same place
    assert state.target_cards == ("toxin", "toxin")
    state = act(state, CREATURE, PlaceHuntToken("creature", (8,)))
    state = pass_windows(act(state, CREATURE, Pass()))
    assert prompt_of(state, 1).kind == "discard_survival"
    state = act(state, 1, DiscardSurvivalCard("dodge"))
    # The second Toxin finds no Survival card: nothing is asked and the turn goes on.
    assert prompt_of(state, 1) is None or prompt_of(state, 1).kind != "discard_survival"
    assert all(legal_actions(state, seat) for seat in active_seats(state))


def test_a_second_scream_with_nothing_left_to_lose_asks_nothing() -> None:
    state = table(hunted=1, hunt_cards=["scream", "flashback"])
    state.creature.plays_left = 2
    hunted = state.hunted_at(1)
    hunted.will, hunted.hand = 1, [3]
    state = explore(state, {1: 3})
    state = act(state, CREATURE, PlayHuntCard("scream", (3,)))
    state = act(state, CREATURE, PlayHuntCard("flashback"))
    state = act(state, CREATURE, PlaceHuntToken("creature", (8,)))
    state = pass_windows(act(state, CREATURE, Pass()))
    assert prompt_of(state, 1).kind == "scream"
    state = act(state, 1, Choose("will"))  # the last Will: hand empty, Will 0
    assert prompt_of(state, 1) is None or prompt_of(state, 1).kind != "scream"
    assert all(legal_actions(state, seat) for seat in active_seats(state))
