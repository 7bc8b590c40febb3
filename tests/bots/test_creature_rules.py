"""The heuristic Creature's rules of play: what it does with its one play a turn."""

from __future__ import annotations

from typing import Any

from app.bots import HeuristicCreature
from app.bots.predict import GAINED_CARD_WORTH, denied_gains
from app.engine import CREATURE, GameState, active_seats, legal_actions, view_for
from app.engine.actions import Action, GiveUp, Pass, PlaceHuntToken, PlayHuntCard, PlayPlaceCards
from tests.engine.helpers import act, table


def creature_moves(state: GameState, bot: HeuristicCreature,
                   until_phase: int) -> tuple[GameState, list[Action]]:
    """Let the bot answer every Creature prompt (the Hunted pass) until the phase is reached."""
    moves: list[Action] = []
    while state.phase < until_phase and not state.winner:
        seat = active_seats(state)[0]
        if seat == CREATURE:
            action = bot.choose(view_for(state, CREATURE))
            moves.append(action)
        else:
            options = legal_actions(state, seat)
            action = Pass() if Pass() in options else options[0]
        state = act(state, seat, action)
    return state, moves


def hunted_chose(cards: list[str], place: int, rescue: int | None = None,
                 will: int | None = None) -> GameState:
    """One Hunted, holding Places 1-5, has played `place`; the Creature holds `cards`."""
    state = table(hunted=1, hunt_cards=cards)
    if rescue is not None:
        state.rescue = rescue
    if will is not None:
        state.hunted_at(1).will = will
    return act(state, 1, PlayPlaceCards((place,)))


def test_clone_puts_its_creature_token_where_the_creature_token_is_not() -> None:
    _, moves = creature_moves(hunted_chose(["clone"], 2), HeuristicCreature(1), 3)
    token = next(m for m in moves if isinstance(m, PlaceHuntToken) and m.token == "creature")
    clone = next(m for m in moves if isinstance(m, PlayHuntCard) and m.card == "clone")
    assert clone.places[0] != token.places[0], "a second place doubles the chance of a catch"


def test_a_stasis_keeps_the_turns_play_when_the_rescue_is_about_to_end() -> None:
    state = hunted_chose(["stasis", "fierceness"], 2, rescue=1, will=2)
    state, moves = creature_moves(state, HeuristicCreature(1), 4)
    assert not any(isinstance(m, PlayHuntCard) for m in moves), "Fierceness would spend it"
    action = HeuristicCreature(1).choose(view_for(state, CREATURE))
    assert action == PlayHuntCard("stasis")


def test_a_force_field_over_a_whole_hand_at_one_will_leaves_only_give_up() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    hunted = state.hunted_at(1)
    # Two places she likes about alike: barring only the likelier one would not do as much.
    hunted.hand, hunted.discard, hunted.will = [1, 2], [3, 4, 5], 1
    action = HeuristicCreature(1).choose(view_for(state, CREATURE))
    assert action == PlayHuntCard("force-field", (1, 2))
    state = act(state, CREATURE, action)
    assert legal_actions(state, 1) == [GiveUp()]


def _revealed(turn: int, card: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two Creature views of one turn: the Hunted's choice hidden, then revealed."""
    hunted = {"seat": 1, "owned": [1, 2, 3, 4, 5], "discard": [], "played": 1, "positions": []}
    hidden = {"turn": turn, "board": {"forbidden": []}, "you": {"shown_by_phobia": {}},
              "hunted": [hunted]}
    shown = {**hidden, "hunted": [{**hunted, "positions": [[card, card]]}]}
    return hidden, shown


def test_the_creature_learns_whether_a_hunted_picks_by_appeal_or_at_random() -> None:
    picky, chance = HeuristicCreature(1), HeuristicCreature(1)
    for turn in range(1, 4):
        for bot, card in ((picky, 4), (chance, 3)):  # the Beach is liked most, the River least
            for view in _revealed(turn, card):
                bot._learn_tastes(view)
    assert picky.tastes([1])[1] > 0.5 > chance.tastes([1])[1]
    assert HeuristicCreature(1).tastes([1])[1] > 0.5, "leaning to appeal before any reveal"


def test_a_lone_hunted_is_read_leaning_to_chance_until_her_reveals_say_otherwise() -> None:
    alone, team = HeuristicCreature(1), HeuristicCreature(1)
    alone.read(view_for(table(hunted=1), CREATURE))
    team.read(view_for(table(hunted=3), CREATURE))
    assert alone.tastes([1])[1] < 0.5 < team.tastes([1])[1]


def _token_with_rover_in_play(reserve_left: bool) -> int:
    """Where the Creature token goes when the Hunted may stand on the Jungle, the River or the
    Rover, with or without a reserve card for the Rover to gain her."""
    state = table(hunted=1)
    hunted = state.hunted_at(1)
    hunted.hand, hunted.discard = [2, 3, 5], [1, 4]
    if not reserve_left:
        state.reserve = dict.fromkeys(state.reserve, 0)
    state = act(state, 1, PlayPlaceCards((3,)))
    _, moves = creature_moves(state, HeuristicCreature(1), 3)
    return next(m.places[0] for m in moves if isinstance(m, PlaceHuntToken))


def test_the_creature_token_guards_the_rover_while_it_would_gain_her_a_card_for_good() -> None:
    assert _token_with_rover_in_play(reserve_left=True) == 5
    assert _token_with_rover_in_play(reserve_left=False) == 2, "the Jungle is liked more"


def test_a_token_denies_the_rovers_card_by_the_share_of_the_game_left() -> None:
    board = {"reserve": {"6": 1}, "rescue": 13, "rescue_start": 13}
    view = {"config": {"variant": "base"}, "board": board,
            "hunted": [{"seat": 1, "owned": [1, 2, 3, 4, 5]}]}
    where = {1: {2: 0.5, 5: 0.5}}
    gains = denied_gains(view, where)
    assert gains[5] == 0.5 * GAINED_CARD_WORTH and gains[2] == 0.0
    late = denied_gains({**view, "board": {**board, "rescue": 1}}, where)
    assert late[5] < gains[5] / 10, "a card gained at the end is worth little"
    frozen = denied_gains({**view, "config": {"variant": "frozen-lands"}}, where)
    assert frozen[5] == 0.0, "the base game's Rover only"
