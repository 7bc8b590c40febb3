"""The prompts sheet abilities open (frozen_lands.md §7): Intercept's pick, Change of Plan's
new card, and Stand Together, Mara's interrupt before a Creature-token Will loss."""

from __future__ import annotations

from .abilities import has_ability, mark_used
from .actions import PASS, Action, Choose, PlayPlaceCards, UseAbility, play_place_cards, shared
from .board import Events, draw_hunt, emit, lose_will
from .prompts import PromptRule, push_layer, remove_prompt
from .seat_view import Target
from .sides import without
from .state import CREATURE, GameState, Hunted, Prompt
from .vocab import Effect, EventKind, PromptKind, TargetKind, Task

# --- Follow-up prompts --------------------------------------------------------------------

def _intercept_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [*(shared(Choose, c) for c in sorted(set(state.creature.hand))), PASS]


def _intercept_reads(prompt: Prompt, option: str) -> tuple[str, tuple[Target, ...]]:
    """The option is the Hunt card sent under the deck."""
    return "choose.intercept", (Target(TargetKind.CARD, option),)


def _intercept_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    """The picked card goes under the Hunt deck; the Creature draws 1 unseen by Noor.

    The replacement is drawn before the card goes under the deck: the same in every case but an
    empty deck, where this keeps the Creature from drawing the intercepted card straight back.
    """
    remove_prompt(state, prompt)
    if not isinstance(action, Choose):
        emit(events, EventKind.INTERCEPT_DECLINED, hunted=prompt.seat)
        return
    creature = state.own_creature()
    creature.hand = without(creature.hand, action.option)
    drawn = draw_hunt(state, events)
    creature.deck = [action.option, *creature.deck]  # drawn from its end: 0 is the bottom
    if drawn is not None:
        creature.hand = [*creature.hand, drawn]
    emit(events, EventKind.HUNT_CARD_INTERCEPTED, hunted=prompt.seat, replaced=drawn is not None)
    emit(events, EventKind.HUNT_CARD_INTERCEPTED_CARD, (CREATURE, prompt.seat), card=action.option)
    if drawn is not None:
        emit(events, EventKind.HUNT_CARD_DRAWN, (CREATURE,), card=drawn)


def _change_of_plan_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    return [play_place_cards((c,)) for c in sorted(set(h.hand))
            if c != prompt.data["out"] and c not in state.forbidden]


def _change_of_plan_answer(state: GameState, prompt: Prompt, action: Action,
                           events: Events) -> None:
    assert isinstance(action, PlayPlaceCards)
    h = state.hunted_at(prompt.seat)
    remove_prompt(state, prompt)
    (card,) = action.cards
    h.hand = without(h.hand, card)
    h.played = [*h.played, card]
    emit(events, EventKind.PLACE_CARD_CHANGED, hunted=h.seat)
    emit(events, EventKind.PLACE_CARD_CHANGED_BY_YOU, (h.seat,), out=prompt.data["out"], into=card)


# --- Stand Together: an interrupt before a Creature-token Will loss ---------------------

def ask_stand_together(state: GameState, h: Hunted, loss: int, index: int) -> bool:
    """Offer Mara to shield `h` from a loss that would take their last Will; True if asked.

    Offered only when the shield saves them (loss equal to their Will), since a sacrifice that
    still leaves them at 0 would change nothing for them (C7). The Creature-token task comes
    back as "creature_hit" (full loss) or, if Mara accepts, "creature_shielded" (loss - 1).
    """
    if not 0 < h.will == loss or Effect.ISOLATION in state.effects:
        return False
    guardian = next((g for g in state.hunted if g.seat != h.seat and g.will >= 2
                     and has_ability(state, g, "stand-together")), None)
    if guardian is None:
        return False
    state.queue = [(Task.CREATURE_HIT, h.seat, index), *state.queue]
    push_layer(state, [Prompt(guardian.seat, PromptKind.STAND_TOGETHER, {"hunted": h.seat,
               "loss": loss})])
    return True


def _stand_together_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [UseAbility("stand-together", hunted=prompt.data["hunted"]), PASS]


def _stand_together_answer(state: GameState, prompt: Prompt, action: Action,
                           events: Events) -> None:
    remove_prompt(state, prompt)
    if not isinstance(action, UseAbility):
        emit(events, EventKind.PASSED, seat=prompt.seat)
        return
    guardian = state.hunted_at(prompt.seat)
    mark_used(guardian, action.ability, events, target=action.hunted)
    lose_will(state, guardian, 1, events, "stand-together")
    task = (Task.CREATURE_HIT, prompt.data["hunted"])
    queue = list(state.queue)
    index = next(i for i, t in enumerate(queue) if t[:2] == task)
    _, seat, position = queue[index]
    queue[index] = (Task.CREATURE_SHIELDED, seat, position)
    state.queue = queue



ABILITY_PROMPTS: tuple[tuple[PromptKind, PromptRule], ...] = (
    (PromptKind.INTERCEPT, PromptRule(_intercept_legal, _intercept_answer, _intercept_reads)),
    (PromptKind.CHANGE_OF_PLAN, PromptRule(_change_of_plan_legal, _change_of_plan_answer)),
    (PromptKind.STAND_TOGETHER, PromptRule(_stand_together_legal, _stand_together_answer)),
)
