"""Shared table mechanics: counters and Victory, decks, discards, tokens, audiences."""

from __future__ import annotations

from .cards import ARTEMIA_SPACES, MAX_ONCE_PER_TURN
from .events import Event
from .hunt_registry import failing_card, target_acts_as, target_places_as
from .prompts import add_to_layer
from .rng import shuffled
from .sides import replaced, without
from .state import CREATURE, GameState, Hunted, Prompt, Token
from .vocab import Effect, EventKind, PromptKind, Reason, Step, TokenKind, Winner

Events = list[Event]


def hunted_seats(state: GameState) -> tuple[int, ...]:
    """Seats 1..H."""
    return tuple(range(1, state.config.hunted + 1))


def emit(events: Events, kind: EventKind, to: tuple[int, ...] | None = None, /,
         **data: object) -> None:
    """Record an event for `to` (None = everyone); `to` is positional so data may use any key."""
    events.append(Event(kind, data, to))  # `data` is this call's own fresh dict


def emit_secret(events: Events, kind: EventKind, knowers: tuple[int, ...] | None,
                full: dict[str, object], redacted: dict[str, object]) -> None:
    """Record `full` for the knowers (None = everyone) and `redacted` for everyone else."""
    if knowers is None:
        events.append(Event(kind, full))
        return
    events.append(Event(kind, full, knowers))
    events.append(Event(kind, redacted, None, knowers))


def all_seats(state: GameState) -> tuple[int, ...]:
    """The Creature and every Hunted."""
    return (CREATURE, *hunted_seats(state))


def discard_knowers(state: GameState) -> tuple[int, ...] | None:
    """Who sees Place discard piles: everyone, or only the Hunted under Smokescreen."""
    return hunted_seats(state) if Effect.SMOKESCREEN in state.effects else None


def advance_rescue(state: GameState, events: Events, spaces: int = 1) -> None:
    """Move the Rescue counter toward Victory; the Hunted win on reaching it."""
    if state.winner:
        return
    state.rescue = max(0, state.rescue - spaces)
    emit(events, EventKind.RESCUE_ADVANCED, spaces=spaces, rescue=state.rescue)
    if state.rescue == 0:
        board_the_ship(state, events)


def advance_assimilation(state: GameState, events: Events, spaces: int = 1) -> None:
    """Move the Assimilation counter toward Victory; the Creature wins on reaching it."""
    if state.winner:
        return
    state.assimilation = max(0, state.assimilation - spaces)
    emit(events, EventKind.ASSIMILATION_ADVANCED, spaces=spaces, assimilation=state.assimilation)
    if state.assimilation == 0:
        declare_winner(state, events, Winner.CREATURE, Reason.ASSIMILATION)


def declare_winner(state: GameState, events: Events, winner: Winner, reason: Reason) -> None:
    """End the game at once: nobody owes anything any more."""
    state.winner, state.reason = winner, reason
    state.layers.clear()
    state.queue = []
    state.step = Step.OVER
    emit(events, EventKind.GAME_OVER, winner=winner, reason=reason)


def artemia_symbol_now(state: GameState) -> bool:
    """True if the space under the Rescue counter shows the Artemia symbol."""
    return state.rescue in ARTEMIA_SPACES[state.config.board_side]


def draw_survival(state: GameState, events: Events, count: int) -> list[str]:
    """Draw up to `count` Survival cards, reshuffling the discard pile into an empty deck."""
    drawn: list[str] = []
    for _ in range(count):
        if not state.survival_deck:
            if not state.survival_discard:
                break
            state.survival_deck = shuffled(state.seed, state.rng_counter, state.survival_discard)
            state.rng_counter += 1
            state.survival_discard = []
            emit(events, EventKind.SURVIVAL_DECK_RESHUFFLED, cards=len(state.survival_deck))
        *state.survival_deck, card = state.survival_deck
        drawn.append(card)
    return drawn


def survival_available(state: GameState) -> bool:
    """True if a Survival card can be drawn (deck or discard pile not empty)."""
    return bool(state.survival_deck or state.survival_discard)


def draw_hunt(state: GameState, events: Events) -> str | None:
    """Draw one Hunt card, reshuffling the Hunt discard pile into an empty deck."""
    creature = state.own_creature()
    if not creature.deck:
        if not creature.discard:
            return None
        creature.deck = shuffled(state.seed, state.rng_counter, creature.discard)
        state.rng_counter += 1
        creature.discard = []
        emit(events, EventKind.HUNT_DECK_RESHUFFLED, cards=len(creature.deck))
    *creature.deck, card = creature.deck
    return card


def may_play_survival(state: GameState, hunted: Hunted) -> bool:
    """Public test: holds a Survival card, has not played one this turn, and no Despair."""
    return (bool(hunted.survival) and not hunted.survival_played
            and Effect.DESPAIR not in state.effects)


def creature_places(state: GameState) -> list[int]:
    """Places where a Creature token acts: the token, and a Target token acting as one (Clone)."""
    return [*state.tokens.get(TokenKind.CREATURE, []),
            *target_places_as(state, TokenKind.CREATURE)]


def catches_at(state: GameState, place: int) -> int:
    """How many Creature tokens act on `place` (a Target token acting as one, Clone's, counts
    once)."""
    count = state.tokens.get(TokenKind.CREATURE, []).count(place)
    if place in state.tokens.get(TokenKind.TARGET, []):
        count += target_acts_as(state, TokenKind.CREATURE)
    return count


def power_blocked(state: GameState, place: int, hunted: Hunted | None = None) -> bool:
    """True if an effect makes the place's power unusable this turn (not merely a token);
    for a `hunted` standing there under Windbreak, the Target token's cards do not count."""
    return block_reason(state, place, hunted) != ""


def block_reason(state: GameState, place: int, hunted: Hunted | None = None) -> str:
    """What blocks the place's power this turn ("" if nothing): the Hunt card that makes it
    fail (its entry's `fails_power`: Cataclysm, Interference, Mirage, Toxin)."""
    return failing_card(state, place, hunted is not None and TokenKind.TARGET in hunted.immune)


def limit_spent(state: GameState, place: int) -> bool:
    """True if a max-1x/turn power has been used this turn by anyone."""
    return place in MAX_ONCE_PER_TURN and place in state.used_once


def lose_will(state: GameState, hunted: Hunted, amount: int, events: Events, why: str) -> None:
    """Take Will from a Hunted; losing the last one is remembered for the Reckoning."""
    if amount <= 0 or hunted.will == 0:
        return
    hunted.will = max(0, hunted.will - amount)
    emit(events, EventKind.WILL_LOST, hunted=hunted.seat, amount=amount, will=hunted.will, why=why)
    if hunted.will == 0:
        hunted.lost_last_will = True
        state.lost_last = True
        emit(events, EventKind.LAST_WILL_LOST, hunted=hunted.seat)


def discard_place_card(state: GameState, hunted: Hunted, card: int, events: Events,
                       why: str) -> None:
    """Move a Place card from hand to the discard pile, face up (hidden under Smokescreen)."""
    hunted.hand = without(hunted.hand, card)
    hunted.discard = [*hunted.discard, card]
    emit_secret(events, EventKind.PLACE_CARD_DISCARDED, discard_knowers(state),
                {"hunted": hunted.seat, "card": card, "why": why},
                {"hunted": hunted.seat, "why": why})


def take_back(state: GameState, hunted: Hunted, card: int, events: Events) -> None:
    """Move a Place card from the discard pile to hand."""
    hunted.discard = without(hunted.discard, card)
    hunted.hand = sorted([*hunted.hand, card])
    emit_secret(events, EventKind.PLACE_CARD_TAKEN_BACK, discard_knowers(state),
                {"hunted": hunted.seat, "card": card}, {"hunted": hunted.seat})


def ask_discard(state: GameState, hunted: Hunted, count: int, why: str, events: Events) -> None:
    """Make a Hunted discard `count` Place cards from hand: all at once when there is no choice."""
    if count >= len(hunted.hand):
        for card in list(hunted.hand):
            discard_place_card(state, hunted, card, events, why)
    elif count > 0:
        add_to_layer(state, Prompt(hunted.seat, PromptKind.DISCARD, {"count": count, "why": why}))


def ask_take_back(state: GameState, hunted: Hunted, count: int, events: Events) -> None:
    """Let a Hunted take back `count` discarded cards: all at once when there is no choice."""
    if count >= len(hunted.discard):
        for card in list(hunted.discard):
            take_back(state, hunted, card, events)
    elif count > 0:
        add_to_layer(state, Prompt(hunted.seat, PromptKind.TAKE_BACK, {"count": count}))


def holder_of(state: GameState, token_id: int) -> Hunted:
    """The Hunted holding this token."""
    seat = next(h.seat for h in state.hunted if any(t.id == token_id for t in h.tokens))
    return state.hunted_at(seat)


def reveal(state: GameState, token_id: int, events: Events) -> Token:
    """Turn a held token face up for everyone."""
    holder = holder_of(state, token_id)
    index = next(i for i, t in enumerate(holder.tokens) if t.id == token_id)
    token = holder.tokens[index]
    shown = Token(token.id, token.icon, all_seats(state), True)
    holder.tokens = replaced(holder.tokens, index, shown)
    emit(events, EventKind.CONTAMINATION_REVEALED, hunted=holder.seat, token=token.id,
         icon=token.icon)
    return shown


def held_tokens(state: GameState) -> list[Token]:
    """Every token the Hunted hold."""
    return [t for h in state.hunted for t in h.tokens]


def board_the_ship(state: GameState, events: Events) -> None:
    """The Rescue counter is on Victory: reveal every Contamination token (Frozen Lands E1);
    one icon and the Creature wins, otherwise the Hunted do (always, without tokens)."""
    for token in held_tokens(state):
        if not token.face_up:
            reveal(state, token.id, events)
    if any(t.icon for t in held_tokens(state)):
        declare_winner(state, events, Winner.CREATURE, Reason.CONTAMINATION)
    else:
        declare_winner(state, events, Winner.HUNTED, Reason.RESCUE)
