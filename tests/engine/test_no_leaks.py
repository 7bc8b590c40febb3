"""No leaks: states that differ only in a secret look the same to every seat that may not see it.

Sources: rules-notes.md "Who sees what" (Place hands and chosen Places: owner only; Survival hands:
owner only; Hunt hand: the Creature only; deck orders and cards drawn by others: nobody),
rulebook.md (Exploration: the Place card is chosen secretly, face down), base_game.md V5
(Smokescreen: every Hunted's discard pile is hidden from the Creature until the end of the turn),
H10 (Phobia: the Hunted shows the Creature all Place cards in hand but 2), V6 (Strike Back),
Place 7 (the Shelter: draw 2, keep 1), H15 (Toxin), and docs/rules-notes.md ("Who sees what").

Each test builds a pair of states that differ in one secret, then checks `view_for` and the
events (filtered by `Event.visible_to`) of every seat: equal for those who may not see the
secret (the spectator `None` included), different for those who may. Where it helps, both
states are then driven with the same actions and the check is repeated after every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random
from typing import Any

import pytest

from app.engine import (
    CREATURE,
    Action,
    Config,
    Event,
    GameState,
    active_seats,
    apply_action,
    legal_actions,
    new_game,
    view_for,
)
from app.engine.actions import (
    DiscardSurvivalCard,
    KeepHidden,
    KeepSurvivalCard,
    Pass,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    UsePlacePower,
)
from app.engine.cards import SHELTER, SURVIVAL_CARDS

from .helpers import act, explore, give_survival_card, hunt, prompt_of, table

Seat = int | None
Knowers = Callable[[GameState], frozenset[Seat]]


# --- Helpers -------------------------------------------------------------------------------

def seats(state: GameState) -> list[Seat]:
    """The spectator, the Creature and every Hunted."""
    return [None, *range(state.config.players)]


def visible(events: list[Event], seat: Seat) -> list[tuple[str, Any]]:
    """What `seat` learns from these events."""
    return [(e.kind, e.data) for e in events if e.visible_to(seat)]


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON-like values differ, for readable failures."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for key in sorted(set(a) | set(b), key=str):
            out += differences(a.get(key), b.get(key), f"{path}.{key}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True))
                for d in differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def check_views(a: GameState, b: GameState, knowers: frozenset[Seat]) -> None:
    """Seats outside `knowers` get identical views of `a` and `b`."""
    for seat in seats(a):
        if seat not in knowers:
            va, vb = view_for(a, seat), view_for(b, seat)
            assert va == vb, f"seat {seat} can tell the states apart: {differences(va, vb)}"


def check_events(ea: list[Event], eb: list[Event], knowers: frozenset[Seat],
                 all_seats: list[Seat]) -> None:
    """Seats outside `knowers` learn the same from both lists of events."""
    for seat in all_seats:
        if seat not in knowers:
            assert visible(ea, seat) == visible(eb, seat), f"seat {seat} learns the secret"


def assert_secret(a: GameState, b: GameState, knowers: frozenset[Seat]) -> None:
    """`a` and `b` differ, and only the knowers can tell."""
    assert a.to_json() != b.to_json()
    check_views(a, b, knowers)
    for seat in knowers:
        assert view_for(a, seat) != view_for(b, seat), f"seat {seat} should see its secret"


def step_both(a: GameState, b: GameState, seat: int, action_a: Action, action_b: Action,
              knowers: frozenset[Seat]) -> tuple[GameState, GameState]:
    """Apply an action to each state; check the events and views of the others."""
    a, ea = apply_action(a, seat, action_a)
    b, eb = apply_action(b, seat, action_b)
    check_events(ea, eb, knowers, seats(a))
    check_views(a, b, knowers)
    return a, b


def drive_together(a: GameState, b: GameState, knowers: Knowers,
                   stop: Callable[[GameState], bool], chooser: Random | None = None,
                   limit: int = 400) -> tuple[GameState, GameState, int]:
    """Play both states with the same actions until `stop`, checking after every step.

    A seat that may not tell the states apart must be offered the same actions in both.
    A knower picks among the actions legal in both; if there are none (it must act on its
    secret), it takes the first action of each list. Without a chooser everyone passes when
    allowed, else takes the first action.
    """
    steps = 0
    while not stop(a) and not a.winner and steps < limit:
        assert active_seats(a) == active_seats(b)
        active = active_seats(a)
        seat = active[0] if chooser is None else chooser.choice(active)
        legal_a, legal_b = legal_actions(a, seat), legal_actions(b, seat)
        if seat not in knowers(a):
            assert legal_a == legal_b, f"seat {seat} is offered different actions"
        common = [x for x in legal_a if x in legal_b]
        if not common:
            assert seat in knowers(a), f"seat {seat} has no common action"
            action_a, action_b = legal_a[0], legal_b[0]
        elif chooser is None:
            action_a = action_b = Pass() if Pass() in common else common[0]
        else:
            action_a = action_b = chooser.choice(common)
        a, ea = apply_action(a, seat, action_a)
        b, eb = apply_action(b, seat, action_b)
        still = knowers(a) | knowers(b)
        check_events(ea, eb, still, seats(a))
        check_views(a, b, still)
        steps += 1
    return a, b, steps


def only(*knowers: Seat) -> Knowers:
    """The same knowers all along."""
    fixed = frozenset(knowers)
    return lambda state: fixed


def revealed(state: GameState) -> bool:
    return any(h.positions for h in state.hunted)


def next_turn(state: GameState) -> bool:
    return state.turn > 1


# --- (a) the Place card a Hunted chose ----------------------------------------------------

@pytest.mark.parametrize("seed", range(1, 9))
def test_the_chosen_place_card_is_seen_only_by_its_hunted_until_the_reveal(seed: int) -> None:
    start = new_game(Config(hunted=3), seed)
    a, ea = apply_action(start, 1, PlayPlaceCards((1,)))
    b, eb = apply_action(start, 1, PlayPlaceCards((2,)))
    assert_secret(a, b, frozenset({1}))
    check_events(ea, eb, frozenset({1}), seats(a))
    assert visible(ea, 1) != visible(eb, 1)
    # The reveal shows the cards to everyone: the check covers every step before it.
    a, b, steps = drive_together(
        a, b, lambda s: frozenset(seats(s)) if revealed(s) else frozenset({1}), revealed,
        Random(seed))
    assert revealed(a) or a.winner
    assert steps > 0


def test_changing_the_chosen_card_is_not_seen_by_others() -> None:
    start = act(table(3, 2), 1, PlayPlaceCards((3,)))
    a, ea = apply_action(start, 1, PlayPlaceCards((4,)))
    b, eb = apply_action(start, 1, PlayPlaceCards((5,)))
    assert_secret(a, b, frozenset({1}))
    check_events(ea, eb, frozenset({1}), seats(a))


# --- (b) a Hunted's Survival cards ----------------------------------------------------------

def survival_pair(x: str, y: str, seed: int = 1, hunt_cards: tuple[str, ...] = ()
                  ) -> tuple[GameState, GameState]:
    """Hunted 1 holds `x` (the other at the bottom of the deck) or `y`; nothing else differs."""
    base = table(3, seed, hunt_cards=hunt_cards)
    rest = [c for c in base.survival_deck if c not in (x, y)]
    a, b = base.clone(), base.clone()
    a.hunted_at(1).survival, a.survival_deck = [x], [y, *rest]
    b.hunted_at(1).survival, b.survival_deck = [y], [x, *rest]
    return a, b


@pytest.mark.parametrize(("x", "y"), [("adrenaline", "smokescreen"), ("dodge", "gate"),
                                      ("vortex", "double-back")])
def test_a_hunteds_survival_cards_are_seen_only_by_that_hunted(x: str, y: str) -> None:
    a, b = survival_pair(x, y)
    assert_secret(a, b, frozenset({1}))
    for seed in range(3):
        drive_together(a, b, only(1), next_turn, Random(seed))


def test_a_survival_card_discarded_to_toxin_is_seen_only_by_its_owner() -> None:
    a, b = survival_pair("detector", "dodge", hunt_cards=("toxin",))
    pair = []
    for state in (a, b):
        state = explore(state, {1: 2, 2: 3, 3: 4})
        state = hunt(state, creature=10, cards=[PlayHuntCard("toxin", (2,))])
        pair.append(state)
    a, b = pair
    a, b, _ = drive_together(a, b, only(1),
                             lambda s: getattr(prompt_of(s, 1), "kind", "") == "discard_survival")
    assert legal_actions(a, 1) == [DiscardSurvivalCard("detector")]
    assert legal_actions(b, 1) == [DiscardSurvivalCard("dodge")]
    a, b = step_both(a, b, 1, DiscardSurvivalCard("detector"), DiscardSurvivalCard("dodge"),
                     frozenset({1}))
    assert a.hunted_at(1).survival == b.hunted_at(1).survival == []


# --- (c) the Creature's Hunt cards ----------------------------------------------------------

def hunt_pair(x: str, y: str, seed: int = 1) -> tuple[GameState, GameState]:
    """The Creature holds `x` (the other at the bottom of the Hunt deck) or `y`."""
    base = table(3, seed, hunt_cards=[x])
    rest = [c for c in base.creature.deck if c != y]
    a, b = base.clone(), base.clone()
    a.creature.deck = [y, *rest]
    b.creature.hand, b.creature.deck = [y], [x, *rest]
    return a, b


@pytest.mark.parametrize(("x", "y"), [("interference", "fierceness"), ("despair", "stasis"),
                                      ("phobia", "clone")])
def test_the_creatures_hunt_cards_are_seen_only_by_the_creature(x: str, y: str) -> None:
    a, b = hunt_pair(x, y)
    assert_secret(a, b, frozenset({CREATURE}))
    for seed in range(3):
        drive_together(a, b, only(CREATURE), next_turn, Random(seed))


def test_strike_back_tells_only_the_creature_which_cards_went_under_the_deck() -> None:
    a, b = hunt_pair("scream", "mirage")
    for state in (a, b):
        give_survival_card(state, 1, "strike-back")
    assert_secret(a, b, frozenset({CREATURE}))
    a, ea = apply_action(a, 1, PlaySurvivalCard("strike-back"))
    b, eb = apply_action(b, 1, PlaySurvivalCard("strike-back"))
    check_events(ea, eb, frozenset({CREATURE}), seats(a))
    assert visible(ea, CREATURE) != visible(eb, CREATURE)
    assert a.creature.hand == b.creature.hand == []
    check_views(a, b, frozenset({CREATURE}))


# --- (d, e) deck orders --------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(1, 5))
def test_the_survival_deck_order_is_seen_by_nobody(seed: int) -> None:
    a = new_game(Config(hunted=3), seed)
    b = a.clone()
    b.survival_deck.reverse()
    assert_secret(a, b, frozenset())
    size = len(a.survival_deck)
    drive_together(a, b, only(), lambda s: s.turn > 1 or len(s.survival_deck) != size,
                   Random(seed))


@pytest.mark.parametrize("seed", range(1, 5))
def test_the_hunt_deck_order_is_seen_by_nobody_until_the_creature_draws(seed: int) -> None:
    a = new_game(Config(hunted=3), seed)
    b = a.clone()
    b.creature.deck.reverse()
    assert_secret(a, b, frozenset())
    # Before the first refill nobody can tell; afterwards only the Creature, from its new hand.
    a, b, _ = drive_together(a, b, lambda s: frozenset() if s.turn == 1 else frozenset({0}),
                             lambda s: s.turn > 2, Random(seed))


# --- (f) the Shelter's draw ----------------------------------------------------------------

def shelter_pair() -> tuple[GameState, GameState]:
    """Hunted 1 holds the Shelter; the top 2 Survival cards differ between the states."""
    base = table(3, 4)
    base.reserve[SHELTER] -= 1
    base.hunted_at(1).hand = [1, 2, 3, 4, 5, SHELTER]
    first, second = ["ingenuity", "gate"], ["hologram", "amplifier"]
    rest = [c for c in sorted(SURVIVAL_CARDS) if c not in first + second]
    a, b = base.clone(), base.clone()
    a.survival_deck = [*second, *rest, *first]
    b.survival_deck = [*first, *rest, *second]
    return a, b


def test_the_shelters_drawn_cards_are_seen_only_by_the_hunted_who_draws() -> None:
    a, b = shelter_pair()
    assert_secret(a, b, frozenset())  # the deck order: nobody
    pair = []
    for state in (a, b):
        state = explore(state, {1: SHELTER, 2: 1, 3: 2})
        pair.append(hunt(state, creature=10))
    a, b = pair
    a, b, _ = drive_together(a, b, only(), lambda s: prompt_of(s, 1) is not None
                             and prompt_of(s, 1).data.get("place") == SHELTER)
    assert UsePlacePower(SHELTER) in legal_actions(a, 1)
    a, b = step_both(a, b, 1, UsePlacePower(SHELTER), UsePlacePower(SHELTER), frozenset({1}))
    assert prompt_of(a, 1).kind == prompt_of(b, 1).kind == "keep_survival"
    assert view_for(a, 1) != view_for(b, 1)
    assert legal_actions(a, 1) == [KeepSurvivalCard("gate"), KeepSurvivalCard("ingenuity")]
    a, b = step_both(a, b, 1, KeepSurvivalCard("gate"), KeepSurvivalCard("hologram"),
                     frozenset({1}))
    assert view_for(a, 1) != view_for(b, 1)


# --- Smokescreen ---------------------------------------------------------------------------

def smokescreen_table() -> GameState:
    """Hunted 1 has played Smokescreen; Hunted 2 and 3 hold Sacrifice and Vortex."""
    state = table(3, 5)
    give_survival_card(state, 1, "smokescreen")
    give_survival_card(state, 2, "sacrifice")
    give_survival_card(state, 3, "vortex")
    for seat in (2, 3):
        h = state.hunted_at(seat)
        h.hand, h.discard = [1, 2, 3], [4, 5]
    return act(state, 1, PlaySurvivalCard("smokescreen"))


def test_under_smokescreen_the_creature_sees_no_discard_contents() -> None:
    state = smokescreen_table()
    creature = view_for(state, CREATURE)
    assert [h["discard"] for h in creature["hunted"]] == [None, None, None]
    assert [h["discard_count"] for h in creature["hunted"]] == [0, 2, 2]
    for seat in (1, 2, 3):
        assert [h["discard"] for h in view_for(state, seat)["hunted"]] == [[], [4, 5], [4, 5]]
    # A spectator sees what everyone sees: under Smokescreen that is counts, as for the Creature.
    assert [h["discard"] for h in view_for(state, None)["hunted"]] == [None, None, None]


def test_smokescreen_ends_with_the_turn() -> None:
    state = smokescreen_table()
    state = explore(state, {1: 1, 2: 1, 3: 1})
    state = hunt(state, creature=10)
    a, _, _ = drive_together(state, state.clone(), only(), next_turn)
    assert [h["discard"] for h in view_for(a, CREATURE)["hunted"]] \
        == [list(h.discard) for h in a.hunted]


def test_under_smokescreen_the_split_between_hand_and_discard_is_hidden_from_the_creature(
) -> None:
    a = smokescreen_table()
    b = a.clone()
    b.hunted_at(2).hand, b.hunted_at(2).discard = [1, 2, 4], [3, 5]
    assert_secret(a, b, frozenset({1, 2, 3}))


def test_under_smokescreen_a_sacrifice_does_not_show_the_creature_the_discarded_card() -> None:
    start = smokescreen_table()
    a, ea = apply_action(start, 2, PlaySurvivalCard("sacrifice", (1,)))
    b, eb = apply_action(start, 2, PlaySurvivalCard("sacrifice", (2,)))
    check_events(ea, eb, frozenset({1, 2, 3}), seats(a))
    assert visible(ea, 2) != visible(eb, 2)
    assert_secret(a, b, frozenset({1, 2, 3}))


def test_under_smokescreen_a_vortex_does_not_show_the_creature_the_swapped_cards() -> None:
    state = smokescreen_table()
    state = explore(state, {1: 1, 2: 1, 3: 1})
    state = hunt(state, creature=10)
    assert prompt_of(state, 3).kind == "window"
    a, ea = apply_action(state, 3, PlaySurvivalCard("vortex", (1, 4)))
    b, eb = apply_action(state, 3, PlaySurvivalCard("vortex", (1, 5)))
    check_events(ea, eb, frozenset({1, 2, 3}), seats(a))
    check_views(a, b, frozenset({1, 2, 3}))


# --- Phobia --------------------------------------------------------------------------------

def test_phobias_shown_cards_reach_only_the_creature_and_that_hunted() -> None:
    state = table(3, 6, hunt_cards=["phobia"])
    state = explore(state, {1: 1, 2: 1, 3: 1})
    state = act(state, CREATURE, PlayHuntCard("phobia", (), 2))
    assert prompt_of(state, 2).kind == "keep_hidden"
    a, ea = apply_action(state, 2, KeepHidden((2, 3)))
    b, eb = apply_action(state, 2, KeepHidden((4, 5)))
    assert view_for(a, CREATURE)["you"]["shown_by_phobia"] == {"2": [4, 5]}
    assert view_for(b, CREATURE)["you"]["shown_by_phobia"] == {"2": [2, 3]}
    check_views(a, b, frozenset({CREATURE, 2}))
    check_events(ea, eb, frozenset({CREATURE, 2}), seats(a))
    for seat in (CREATURE, 2):
        assert visible(ea, seat) != visible(eb, seat)
        shown = [e.data["cards"] for e in ea if e.visible_to(seat) and "cards" in e.data]
        assert shown == [[4, 5]]


# --- Across random games -------------------------------------------------------------------

def hide_from_creature(state: GameState) -> GameState:
    """The same public picture with the Creature's unknowns shuffled: face-down played cards
    (before the reveal) swapped with hand cards, Survival hands swapped with the deck."""
    other = state.clone()
    deck = other.survival_deck
    for h in other.hunted:
        if h.played and h.hand and not h.positions:
            h.played[0], h.hand[0] = h.hand[0], h.played[0]
            h.hand.sort()
        for i, card in enumerate(h.survival):
            if deck:
                h.survival[i], deck[-1] = deck[-1], card
                deck.insert(0, deck.pop())
    return other


def hide_from_hunted(state: GameState, seat: int) -> GameState:
    """The same picture for Hunted `seat` with the others' secrets and the Hunt hand changed."""
    other = state.clone()
    for h in other.hunted:
        if h.seat == seat:
            continue
        if h.played and h.hand and not h.positions:
            h.played[0], h.hand[0] = h.hand[0], h.played[0]
            h.hand.sort()
        if h.survival and other.survival_deck:
            h.survival[0], other.survival_deck[0] = other.survival_deck[0], h.survival[0]
    creature = other.creature
    if creature.hand and creature.deck:
        creature.hand[0], creature.deck[0] = creature.deck[0], creature.hand[0]
    return other


def check_creature_view_structure(state: GameState, view: dict[str, Any]) -> None:
    """The Creature's view holds counts, never the Hunted's face-down or Survival cards."""
    assert set(view["you"]) == {"prompt", "unavailable", "hunt_cards", "shown_by_phobia"}
    assert view["you"]["unavailable"] == []  # the Creature's prompts close nothing by name
    prompt = view["you"]["prompt"]
    if prompt is not None:
        assert set(prompt["data"]) <= {"phase", "moment"}  # public facts: which window is open
    for public, h in zip(view["hunted"], state.hunted, strict=True):
        assert public["played"] == len(h.played)
        assert public["hand"] == len(h.hand)
        assert public["survival"] == len(h.survival)
        if not revealed(state):
            assert public["positions"] == []
    if not revealed(state):
        for seat, shown in view["you"]["shown_by_phobia"].items():
            assert set(shown).isdisjoint(state.hunted_at(int(seat)).played)


def check_hunted_view_structure(state: GameState, view: dict[str, Any], seat: int) -> None:
    """A Hunted's view holds their own cards only."""
    me = state.hunted_at(seat)
    assert set(view["you"]) == {"prompt", "unavailable", "hand", "played", "survival_cards"}
    assert (view["you"]["hand"], view["you"]["played"]) == (me.hand, me.played)
    assert view["you"]["survival_cards"] == me.survival
    assert isinstance(view["creature"]["hand"], int)
    for public in view["hunted"]:
        assert isinstance(public["hand"], int) and isinstance(public["survival"], int)
        assert isinstance(public["played"], int)


@pytest.mark.parametrize("hunted", range(1, 7))
def test_across_random_games_no_view_holds_another_seats_secret(hunted: int) -> None:
    for seed in range(100 + 17 * hunted, 100 + 17 * (hunted + 1)):
        chooser = Random(seed)
        state = new_game(Config(hunted=hunted), seed)
        while not state.winner:
            creature = view_for(state, CREATURE)
            json.dumps(creature)
            check_creature_view_structure(state, creature)
            assert view_for(hide_from_creature(state), CREATURE) == creature
            spectator = view_for(state, None)
            assert spectator["you"] == {} and spectator["legal_actions"] == []
            seat = chooser.randrange(1, hunted + 1)
            own = view_for(state, seat)
            check_hunted_view_structure(state, own, seat)
            assert view_for(hide_from_hunted(state, seat), seat) == own
            active = active_seats(state)
            mover = chooser.choice(active)
            state = act(state, mover, chooser.choice(legal_actions(state, mover)))

