"""What a seat's legal actions would do, and why an option its prompt names is closed now.

The client shows costs and reasons without re-deriving a rule: a cost is read off the rule's
own code (the prompt's answer run on a copy of the state, before any automatic step follows),
and a reason comes from the predicate that legality itself uses (answers.py, places.py).
"""

from __future__ import annotations

from .actions import (
    Action,
    Choose,
    DiscardContamination,
    DiscardPlaceCard,
    DiscardSurvivalCard,
    GiveUp,
    KeepHidden,
    KeepPlaceCard,
    KeepSurvivalCard,
    LookAtToken,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UseAbility,
    UsePlacePower,
)
from .answers import PROMPTS, give_up_bar, resist_bar
from .events import Event
from .places import power_bar
from .places import wording as power_wording
from .prompts import current_prompt
from .seat_view import Closed, Cost, Offer, Target
from .state import CREATURE, GameState, Prompt
from .survival import SURVIVAL
from .vocab import EventKind, PromptKind, TargetKind
from .wire import action_fields

# Actions whose consequences a button must state (docs/protocol.md): Will, Places, Contamination
# tokens, the counters and the end of the game. Card plays state theirs in the card's text.
COSTED = (Resist, GiveUp, UsePlacePower, Choose)
NO_COST = Cost()


# The fields of each action type that name what the choice points at, in the action's order.
# UsePlacePower's `place` is where the user stands (the power used), not a choice: left out.
_PLACE, _SEAT, _CARD, _TOKEN = TargetKind.PLACE, TargetKind.SEAT, TargetKind.CARD, TargetKind.TOKEN
TARGET_FIELDS: dict[type[Action], tuple[tuple[str, TargetKind], ...]] = {
    PlayPlaceCards: (("cards", _CARD),),
    PlaceHuntToken: (("places", _PLACE),),
    PlayHuntCard: (("places", _PLACE), ("hunted", _SEAT)),
    PlaySurvivalCard: (("places", _PLACE),),
    UsePlacePower: (("hunted", _SEAT), ("card", _CARD), ("copy", _PLACE)),
    TakeBackPlaceCard: (("card", _CARD),),
    DiscardPlaceCard: (("card", _CARD),),
    KeepPlaceCard: (("card", _CARD),),
    KeepHidden: (("cards", _CARD),),
    KeepSurvivalCard: (("card", _CARD),),
    DiscardSurvivalCard: (("card", _CARD),),
    DiscardContamination: (("token", _TOKEN),),
    LookAtToken: (("token", _TOKEN),),
    UseAbility: (("hunted", _SEAT), ("place", _PLACE), ("card", _CARD)),
}


def choice_kinds(card: str) -> tuple[TargetKind, ...]:
    """What a Survival card's `places` name, position by position, the last kind repeating
    (its registry entry says; an unknown card's name places)."""
    entry = SURVIVAL.get(card)
    return entry.chooses if entry is not None else (_PLACE,)


def targets(action: Action) -> tuple[Target, ...]:
    """What the action's choices point at, in field order; a field left at its empty default
    (no place, no seat, no card) points at nothing."""
    out: list[Target] = []
    for name, kind in TARGET_FIELDS.get(type(action), ()):
        value = getattr(action, name)
        values = value if isinstance(value, tuple) else (value,)
        kinds = choice_kinds(action.card) if isinstance(action, PlaySurvivalCard) else (kind,)
        out.extend(Target(kinds[min(i, len(kinds) - 1)], v)
                   for i, v in enumerate(values) if v not in (None, ""))
    return tuple(out)


def offers(state: GameState, seat: int, legal: list[Action]) -> tuple[Offer, ...]:
    """For each legal action, in order: the action, what its choices point at, what it
    costs and does, and the key of its words."""
    prompt = current_prompt(state, seat)
    return tuple(Offer(a, aimed, cost(state, seat, a), words)
                 for a in legal for words, aimed in (_reading(state, prompt, a),))


def reading(state: GameState, seat: int, action: Action) -> tuple[str, tuple[Target, ...]]:
    """How `seat`'s action reads in `state` (before it is taken): the key of its words and
    what it points at, as its offer says (a replay's steps tell their moves so)."""
    return _reading(state, current_prompt(state, seat), action)


def _reading(state: GameState, prompt: Prompt | None,
             action: Action) -> tuple[str, tuple[Target, ...]]:
    if isinstance(action, Choose) and prompt is not None:
        # A Choose option means what its prompt's rule says (a plain word when it has none).
        reads = PROMPTS[prompt.kind].reads
        return (reads(prompt, action.option) if reads is not None
                else (f"choose.{prompt.kind}.{action.option}", ()))
    return wording(state, action), targets(action)


def wording(state: GameState, action: Action) -> str:
    """The key of the words of an action whose words depend on its card, place or ability
    (a key of the client's message catalogue, filled with the offer's targets); else ""."""
    if isinstance(action, PlaySurvivalCard):
        return f"survival.{action.card}"
    if isinstance(action, UsePlacePower):
        return power_wording(state, action)
    if isinstance(action, UseAbility):
        return f"ability.{action.ability}"
    return ""


def cost(state: GameState, seat: int, action: Action) -> Cost:
    """What `action` does at once, in public or own-seat terms: `will` and `places` (the
    actor's Will and Place cards in hand, a pending take-back or discard counted), `tokens`
    (the actor's Contamination tokens), `rescue` and `assimilation` (spaces advanced),
    `ends_game`, and `winner` when the end shows no hidden face. Zero entries are left out."""
    prompt = current_prompt(state, seat)
    if not isinstance(action, COSTED) or prompt is None:
        return NO_COST
    # The working copy every action takes (copy on write, game.py's apply_unchecked): an answer
    # changes only what it owns, so `state` stays as it was; a whole clone cost 2.5x as much.
    after = state.successor()
    events: list[Event] = []
    # Successors share their (frozen) prompts: the copy answers the very prompt it holds.
    PROMPTS[prompt.kind].answer(after, prompt, action, events)
    will = places = tokens = 0
    if seat != CREATURE:
        will, places, tokens = _own_change(state, after, seat)
    # A reveal decides the winner by faces nobody may know yet: then only the end is told.
    told = after.winner and not any(e.kind == EventKind.CONTAMINATION_REVEALED for e in events)
    return Cost(rescue=state.rescue - after.rescue,
                assimilation=state.assimilation - after.assimilation, will=will,
                places=places, tokens=tokens, ends_game=bool(after.winner),
                winner=after.winner if told and after.winner else None)


def _own_change(before: GameState, after: GameState, seat: int) -> tuple[int, int, int]:
    """The actor's change of Will, of Place cards in hand (a pending take-back or discard
    counted) and of Contamination tokens."""
    old, new = before.peek_hunted(seat), after.peek_hunted(seat)  # read only
    pending = [p for layer in after.layers for p in layer if p.seat == seat]
    owed = sum(p.data["count"] for p in pending if p.kind == PromptKind.TAKE_BACK)
    owed -= sum(p.data["count"] for p in pending if p.kind == PromptKind.DISCARD)
    return (new.will - old.will, len(new.hand) - len(old.hand) + owed,
            len(new.tokens) - len(old.tokens))


def unavailable(state: GameState, prompt: Prompt, legal: list[Action]) -> tuple[Closed, ...]:
    """The options the prompt names that are closed now, each with the rule's reason."""
    if prompt.kind == PromptKind.THIN_ICE:
        # The token is closed for one reason only: a reserve short of one for each (rules-notes).
        return () if Choose("token") in legal else (Closed("token", "reserve"),)
    if prompt.seat == CREATURE or prompt.kind not in (PromptKind.EXPLORE,
                                                      PromptKind.PLACE_ACTION):
        return ()
    h = state.peek_hunted(prompt.seat)  # read only: a view never takes a Hunted of its own
    if prompt.kind == PromptKind.PLACE_ACTION:
        why = power_bar(state, h, prompt.data["place"], prompt.data["card"])
        return (Closed("power", why),) if why else ()
    out = []
    if not any(isinstance(a, Resist) for a in legal):
        out.append(Closed("resist", resist_bar(h, 1)))
    if not any(isinstance(a, GiveUp) for a in legal):
        out.append(Closed("give_up", give_up_bar(h, True) or "nothing"))
    return tuple(out)


__all__ = ["COSTED", "TARGET_FIELDS", "action_fields", "choice_kinds", "cost",
           "offers", "reading", "targets", "unavailable", "wording"]
