"""Sample tables for the text checks: seeded random games (base and Frozen Lands, with the
sheets, from 1 to 6 Hunted) through the engine, keeping one seat's view each time something
new to put in words comes up: an event kind with new details (card, reason, option, whether
it is about the reader), or a prompt with a new kind of legal action. The few events and
prompts random games almost never reach are added by hand, so that every kind has a sample
whatever the seeds."""

from __future__ import annotations

import copy
import functools
from random import Random
from typing import Any

from app.engine import (
    Config,
    Event,
    EventKind,
    GameState,
    PromptKind,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
    outcome,
    view_for,
)

NAMES = {0: "Morgan", 1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dan", 5: "Eve", 6: "Finn"}
TABLES = [("base", 1, False), ("base", 2, True), ("base", 4, True),
          ("frozen-lands", 3, True), ("frozen-lands", 4, True), ("frozen-lands", 6, True)]
GAMES_PER_TABLE = 4
MAX_ACTIONS = 2_500
EVENTS_PER_SAMPLE = 40  # new events are worded in batches, with the view at the batch's end
# The parts of an event's or an action's data that change its words (not which seat or card).
WORDING = ("why", "option", "decision", "choice", "ability", "icon", "effect", "reason", "winner",
           "replaced", "type", "token")
SUBJECTS = ("hunted", "seat", "looker", "giver", "receiver", "target")


def _word(value: Any) -> str:
    """A detail as far as the words go: any seat or number is one more of its kind."""
    return "#" if isinstance(value, int) or str(value).isdigit() else str(value)


def _signature(kind: str | None, data: dict[str, Any], reader: int | None,
               variant: str) -> tuple[Any, ...]:
    words = tuple(_word(data.get(k)) for k in WORDING)
    card = data.get("card")
    about = tuple(data.get(k) == reader for k in SUBJECTS if k in data)
    place = data.get("place") if data.get("type") == "UsePlacePower" else None  # one label each
    return (kind, variant, words, card if isinstance(card, str) else _word(card), place, about,
            reader == 0)


class Collector:
    """Keeps a (seat, view, events) sample whenever it brings something new to word."""

    def __init__(self) -> None:
        self.samples: list[dict[str, Any]] = []
        self.seen: set[tuple[Any, ...]] = set()
        self.pending: dict[int, list[dict[str, Any]]] = {}  # seat -> new events not kept yet

    def keep(self, state: GameState, seat: int | None, events: list[dict[str, Any]]) -> None:
        """One sample: the view of `seat` now and the events to word with it."""
        self.samples.append({"seat": seat, "view": view_for(state, seat), "events": events})

    def events(self, state: GameState, events: list[Event]) -> None:
        """New wordings among `events`, each seen by the seats it was for."""
        for seat in range(state.config.players):
            new = []
            for event in events:
                sig = _signature(event.kind, event.data, seat, state.config.variant)
                if event.visible_to(seat) and sig not in self.seen:
                    self.seen.add(sig)
                    new.append({"seq": 1, "kind": event.kind, "data": event.data})
            self.pending.setdefault(seat, []).extend(new)
            if len(self.pending[seat]) >= EVENTS_PER_SAMPLE:
                self.keep(state, seat, self.pending.pop(seat))

    def flush(self, state: GameState) -> None:
        """Every seat's view at the end, with the events it has not been shown with yet."""
        for seat in range(state.config.players):
            self.keep(state, seat, self.pending.pop(seat, []))
        self.keep(state, None, [])  # and a spectator's

    def actions(self, state: GameState, seat: int) -> None:
        """The view of `seat` if its legal actions hold a new kind of choice."""
        prompt = next((p.kind for layer in state.layers for p in layer if p.seat == seat), None)
        sigs = {_signature(prompt, a.to_json(), seat, state.config.variant)
                for a in legal_actions(state, seat)}
        if not sigs <= self.seen:
            self.seen |= sigs
            self.keep(state, seat, [])


def _play(collector: Collector, config: Config, seed: int) -> None:
    rng = Random(seed)
    state = new_game(config, seed)
    for _ in range(MAX_ACTIONS):
        if outcome(state) is not None:
            break
        seat = rng.choice(active_seats(state))
        collector.actions(state, seat)
        state, events = apply_unchecked(state, seat, rng.choice(legal_actions(state, seat)))
        collector.events(state, events)
    collector.flush(state)  # the end (or a late turn)


def _by_hand(collector: Collector) -> None:
    """What random games rarely reach: added to a late Frozen Lands view."""
    base = next(s for s in reversed(collector.samples)
                if s["view"]["config"]["variant"] == "frozen-lands" and s["seat"] == 1)
    rare = [("capsule_overshot", {"hunted": 1}), ("capsule_overshot", {"hunted": 2}),
            ("contamination_prevented", {"hunted": 2, "why": "creature"}),
            ("contamination_reserve_empty", {"hunted": 1, "why": "give-up"}),
            ("signal_mirror_declined", {"hunted": 1}), ("signal_mirror_declined", {"hunted": 2}),
            ("hunt_deck_reshuffled", {"cards": 20}), ("survival_deck_reshuffled", {"cards": 18}),
            ("game_over", {"winner": "creature", "reason": "capsule"})]
    events = [{"seq": 1, "kind": kind, "data": data} for kind, data in rare]
    collector.samples.append({**base, "events": events})
    view = copy.deepcopy(base["view"])
    view["you"]["prompt"] = {"kind": "relay_runner", "data": {}}
    view["legal_actions"] = [{"type": "TakeBackPlaceCard", "card": 1},
                             {"type": "TakeBackPlaceCard", "card": 6}]
    view.pop("offers", None)  # the engine's offers match its own legal actions only
    collector.samples.append({"seat": 1, "view": view, "events": []})
    # Survival cards the seeds never offered: played with no choice, as their rules do.
    for variant, cards in (("frozen-lands", ["windbreak"]), ("base", ["detector", "amplifier"])):
        late = next(s for s in reversed(collector.samples)
                    if s["view"]["config"]["variant"] == variant and s["seat"] == 1)
        view = copy.deepcopy(late["view"])
        view["you"]["prompt"] = {"kind": "window", "data": {"phase": 3}}
        view["legal_actions"] = [{"type": "PlaySurvivalCard", "card": c} for c in cards]
        view["legal_actions"].append({"type": "Pass"})
        view.pop("offers", None)  # the engine's offers match its own legal actions only
        collector.samples.append({"seat": 1, "view": view, "events": []})


@functools.cache
def samples() -> list[dict[str, Any]]:
    """Sample tables covering every event kind and prompt kind (same samples on every run)."""
    collector = Collector()
    for index, (variant, hunted, abilities) in enumerate(TABLES):
        for game in range(GAMES_PER_TABLE):
            config = Config(hunted=hunted, variant=variant, abilities=abilities)
            _play(collector, config, seed=100 * index + game)
    _by_hand(collector)
    return collector.samples


def kinds(found: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """The event kinds and prompt kinds the samples hold."""
    events = {e["kind"] for s in found for e in s["events"]}
    prompts = {s["view"]["you"]["prompt"]["kind"] for s in found
               if s["view"]["you"] and s["view"]["you"].get("prompt")}
    return events, prompts


def offered(found: list[dict[str, Any]], field: str) -> set[str]:
    """The values of `field` ("type", "card", "ability") in the samples' legal actions."""
    return {str(a[field]) for s in found for a in s["view"]["legal_actions"] if field in a}


ALL_EVENTS = {str(k) for k in EventKind}
ALL_PROMPTS = {str(k) for k in PromptKind}


def crowded_hand() -> dict[str, Any]:
    """A Hunted's fullest hand at a Frozen Lands End of turn, as the rules allow it: two
    Contamination tokens, two Places in play (the Aurora's turn), five in hand, three
    Survival cards (one she may play now) and her sheet. Built on a seeded End of turn view
    rather than waited for: random games seldom deal this much to one seat."""
    base = next(s for s in samples()
                if s["view"]["config"]["variant"] == "frozen-lands" and s["seat"] == 1
                and s["view"]["phase"] == "end_of_turn" and s["view"]["outcome"] is None)
    view = copy.deepcopy(base["view"])
    you = view["you"]
    you.update(hand=[1, 2, 3, 4, 5], played=[6, 9],
               survival_cards=["supply-drop", "field-lab", "huddle"],
               prompt={"kind": "window", "data": {"phase": 4}})
    me = next(x for x in view["hunted"] if x["seat"] == 1)
    me.update(hand=5, played=2, survival=3, owned=[1, 2, 3, 4, 5, 6, 9, 10], discard=[10],
              discard_count=1, tokens=[{"id": 5, "face": None}, {"id": 8, "face": "blank"}],
              sheet="mara-lindqvist", used_this_turn=[], used_this_game=[])
    play = {"type": "PlaySurvivalCard", "card": "supply-drop"}
    view["legal_actions"] = [play, {"type": "Pass"}]
    view["offers"] = [  # as the engine words them (its offers match its legal actions)
        {"action": {**play, "places": []}, "targets": [], "cost": {},
         "wording": "survival.supply-drop"},
        {"action": {"type": "Pass"}, "targets": [], "cost": {}}]
    return {"seat": 1, "view": view, "events": []}



def first_exploration(double: str = "") -> dict[str, Any]:
    """Hunted 1's first Exploration in a Frozen Lands game of 4, every Place card in her hand
    playable; with a double play from `double` pending ("fjord": 1 or 2 Place cards;
    "aurora": 2). Her view, offers and all, from the engine."""
    state = new_game(Config(hunted=3, variant="frozen-lands"), 5)
    state.hunted_at(1).double = double
    return {"seat": 1, "view": view_for(state, 1), "events": []}


def keeping_hidden() -> dict[str, Any]:
    """A Hunted asked by Phobia which 2 Place cards of her hand stay hidden (from samples)."""
    return next(s for s in samples()
                if (s["view"]["you"] or {}).get("prompt")
                and s["view"]["you"]["prompt"]["kind"] == "keep_hidden")
