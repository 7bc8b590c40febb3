"""The engine's public API (docs/architecture.md): a playthrough is (config, seed, actions)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Importing the entry modules registers every card and place (hunt.HUNT, survival.SURVIVAL,
# places.BOARDS).
from . import base_places, frozen_places, hunt_cards, survival_cards  # noqa: F401
from .actions import Action, PlayPlaceCards
from .answers import PROMPTS, choose_place_cards, place_card_plays
from .board import emit
from .cards import (
    FEWEST_HUNTED,
    FROZEN,
    HUNTED_SHEETS,
    RESERVE_PLACES,
    STARTING_PLACES,
    assimilation_start,
    hunt_deck,
    rescue_start,
    reserve_copies,
    survival_deck,
)
from .config import Config
from .contamination import setup_reserve
from .errors import GameOver, IllegalAction, InvalidConfig, NotYourTurn
from .events import Event
from .flow import PHASE_NAMES, advance
from .frozen_survival import whisper_partners
from .prompts import active_seats as _active_seats
from .prompts import current_prompt, remove_prompt
from .rng import shuffled
from .state import Creature, GameState, Hunted, Prompt
from .vocab import GameStatus, Phase, PromptKind, Reason, Winner


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side and why."""

    winner: Winner
    reason: Reason


def check_config(config: Config) -> None:
    """Refuse configurations the rules (or this engine, so far) do not support."""
    if not 1 <= config.hunted <= 6:
        raise InvalidConfig("Not Alone is played by 1 to 6 Hunted and 1 Creature")
    if config.board_side not in (1, 2):
        raise InvalidConfig("the board has two sides: 1 and 2")
    if config.variant not in ("base", FROZEN):
        raise InvalidConfig(f"unknown variant {config.variant!r}: base or frozen-lands")
    fewest = FEWEST_HUNTED[FROZEN]
    if config.variant == FROZEN and config.hunted < fewest:
        raise InvalidConfig(f"Frozen Lands needs at least {fewest + 1} players: the Creature "
                            f"and {fewest} Hunted")


def new_game(config: Config, seed: int) -> GameState:
    """Set up the table (rulebook, Setup) and run to the first decision."""
    check_config(config)
    players = config.players
    state = GameState(config, seed)
    state.rescue = rescue_start(players)
    state.assimilation = assimilation_start(players, config.variant, config.rulebook_track)
    state.reserve = {n: reserve_copies(players) for n in RESERVE_PLACES}
    survival = shuffled(seed, 0, survival_deck(config.variant))
    hunt = shuffled(seed, 1, hunt_deck(config.variant))
    state.creature = Creature(hand=[hunt.pop() for _ in range(3)], deck=hunt)
    state.rng_counter = 2
    state.hunted = [Hunted(seat, hand=list(STARTING_PLACES))
                    for seat in range(1, config.hunted + 1)]
    for hunted in state.hunted:
        hunted.survival = [survival.pop()]
    state.survival_deck = survival
    if config.variant == FROZEN:
        setup_reserve(state)
    if config.abilities:
        sheets = shuffled(seed, state.rng_counter, list(HUNTED_SHEETS))
        state.rng_counter += 1
        for hunted, sheet in zip(state.hunted, sheets, strict=False):
            hunted.sheet = sheet
    settle(state, [])
    return state


def active_seats(state: GameState) -> list[int]:
    """Seats that owe a decision now (several at once in simultaneous moments)."""
    return _active_seats(state)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action `seat` may take now: the one home of legality."""
    if state.winner:
        return []
    prompt = current_prompt(state, seat)
    if prompt is not None:
        return PROMPTS[prompt.kind].legal(state, prompt)
    return _change_of_choice(state, seat)


def _change_of_choice(state: GameState, seat: int) -> list[Action]:
    """A Hunted who has chosen may change the choice while Exploration lasts."""
    if state.phase != 1 or not state.layers or not 1 <= seat <= state.config.hunted:
        return []
    h = state.peek_hunted(seat)
    if not h.ready:
        return []
    current = PlayPlaceCards(tuple(sorted(h.played)))
    return [a for a in place_card_plays(state, h, [*h.hand, *h.played]) if a != current]


def apply_action(state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a legal action to a copy of `state`; raise a typed error otherwise."""
    phase = phase_name(state)
    if state.winner:
        raise GameOver("the game is over", action=action, seat=seat, phase=phase)
    legal = legal_actions(state, seat)
    if not legal:
        raise NotYourTurn("this seat has nothing to do now", action=action, seat=seat,
                          phase=phase)
    if action not in legal:
        raise IllegalAction("this action is not legal now", action=action, seat=seat,
                            phase=phase)
    return apply_unchecked(state, seat, action)


def apply_unchecked(state: GameState, seat: int, action: Action) -> tuple[GameState,
                                                                          list[Event]]:
    """Apply an action taken from `legal_actions(state, seat)` without checking it again."""
    new = state.successor()
    events: list[Event] = []
    prompt = current_prompt(new, seat)
    if prompt is None:
        assert isinstance(action, PlayPlaceCards)
        choose_place_cards(new, new.hunted_at(seat), action, events)
    else:
        PROMPTS[prompt.kind].answer(new, prompt, action, events)
    settle(new, events)
    return new, events


def settle(state: GameState, events: list[Event]) -> None:
    """Advance to the next decision, dropping prompts an earlier answer made moot.

    Two effects may ask the same Hunted twice (two Toxins through Flashback, two Screams):
    once the first answer has emptied their hand, the second has nothing left to ask.
    """
    while True:
        advance(state, events)
        if not state.layers:
            return
        moot = _moot(state)
        if not moot:
            return
        for prompt in moot:
            remove_prompt(state, prompt)


def _moot(state: GameState) -> list[Prompt]:
    """Current prompts of the active layer (each seat's first) left without a legal answer."""
    layer = state.layers[-1]
    for prompt in layer:
        if prompt.kind not in ALWAYS_ANSWERABLE:
            break
    else:
        return []  # the usual case (windows, the Hunt, place actions): decided at a glance
    seen: set[int] = set()
    moot = []
    for prompt in layer:
        if prompt.seat in seen:
            continue
        seen.add(prompt.seat)
        if prompt.kind in ALWAYS_ANSWERABLE or surely_answerable(state, prompt):
            continue  # the common case, decided without listing the answers
        if not PROMPTS[prompt.kind].legal(state, prompt):
            moot.append(prompt)
    return moot


# Prompts whose answers always include a fallback (Pass, a default option, a vote's options):
# an earlier answer can never leave them empty, so settling need not derive their answers.
ALWAYS_ANSWERABLE = frozenset({
    PromptKind.WINDOW, PromptKind.HUNT, PromptKind.PLACE_ACTION, PromptKind.POWER,
    PromptKind.LOOK, PromptKind.GAIN, PromptKind.GIVE_SURVIVAL, PromptKind.THIN_ICE,
    PromptKind.SIGNAL_MIRROR, PromptKind.STAND_TOGETHER, PromptKind.INTERCEPT, PromptKind.TEAM,
    PromptKind.KEEP_SURVIVAL,
})


def surely_answerable(state: GameState, prompt: Prompt) -> bool:
    """True when `prompt` has a legal answer, known without listing them (False: look)."""
    if prompt.kind in ALWAYS_ANSWERABLE:
        return True
    # Give Up stays open until Resist; after it a card is in hand
    if prompt.kind == PromptKind.EXPLORE:
        h = state.peek_hunted(prompt.seat)
        return not h.resisted or bool(h.hand)
    return False


def outcome(state: GameState) -> Outcome | None:
    """None while the game goes on, else who won and why."""
    return Outcome(state.winner, state.reason) if state.winner and state.reason else None


def replay(config: Config, seed: int, actions: Iterable[tuple[int, Action]]) -> GameState:
    """Fold (seat, action) pairs over a new game, checking each one."""
    state = new_game(config, seed)
    for seat, action in actions:
        state, _ = apply_action(state, seat, action)
    return state


def status(state: GameState) -> GameStatus:
    """The game as the server stores it: active, or over."""
    return GameStatus.OVER if state.winner else GameStatus.ACTIVE


def may_whisper(state: GameState, seat: int, to: int) -> bool:
    """True if `seat` may send a private line to `to` now (Whisper, in effect for both)."""
    return to in whisper_partners(state, seat)


def phase_name(state: GameState) -> Phase:
    """The rulebook's name of the current phase, or "over"."""
    return Phase.OVER if state.winner else PHASE_NAMES[state.phase]


__all__ = ["Outcome", "active_seats", "apply_action", "apply_unchecked", "emit", "legal_actions",
           "may_whisper", "new_game", "outcome", "phase_name", "replay", "status"]
