"""A first turn through the helpers: the flow reaches the Reckoning and the next turn."""

from app.engine.actions import UsePlacePower

from .helpers import act, pass_windows, play_turn, prompt_of, table


def test_a_quiet_turn_advances_rescue_and_returns_to_exploration() -> None:
    state = table(hunted=1)
    state = play_turn(state, {1: 4}, creature=8)
    assert prompt_of(state, 1).kind == "place_action"
    state = act(state, 1, UsePlacePower(4))
    state = pass_windows(state)
    assert state.marker_on_beach
    assert state.turn == 2 and state.phase == 1
    assert state.rescue == 13 - 1
    assert state.hunted_at(1).discard == [4]
