"""The engine's vocabulary: every name a rule, a state, an event or the wire uses, as StrEnums.

A StrEnum member is the string it names (equal to it, hashed like it, serialised as it), so the
JSON of states, events and views is unchanged and a plain string read back from JSON works too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """The rulebook's phases of a turn, and the end of the game."""

    EXPLORATION = "exploration"
    HUNTING = "hunting"
    RECKONING = "reckoning"
    END_OF_TURN = "end_of_turn"
    OVER = "over"


class Step(StrEnum):
    """The turn's automatic steps (flow.STEPS, endgame.ENDGAME_STEPS), in order of play."""

    START_TURN = "start_turn"
    HUNTING = "hunting"
    HUNTING_WINDOW = "hunting_window"
    RIVER = "river"
    REVEAL = "reveal"
    CREATURE_WINDOW_3 = "creature_window_3"
    HUNTED_WINDOW_3 = "hunted_window_3"
    BUILD_QUEUE = "build_queue"
    RESOLVE = "resolve"
    CLOSING_WINDOW = "closing_window"
    END_WINDOW = "end_window"
    END_OF_TURN = "end_of_turn"
    RESCUE = "rescue"
    BLIZZARD_RESULT = "blizzard_result"
    RESCUE_ADVANCE = "rescue_advance"
    BOARD_RESULT = "board_result"
    CLEANSE_RESULT = "cleanse_result"
    NEXT_TURN = "next_turn"
    OVER = "over"


class Task(StrEnum):
    """A task of the Reckoning's queue (flow.py): a token's effect, a place action, Pack
    Instinct or the Assimilation check; the first four name the Reckoning's steps too."""

    FREE = "free"
    TARGET = "target"
    ARTEMIA = "artemia"
    CREATURE = "creature"
    CREATURE_HIT = "creature_hit"
    CREATURE_SHIELDED = "creature_shielded"
    ACTION = "action"
    TARGET_ACTION = "target_action"  # only in queues saved before "action" replaced it
    PACK = "pack"
    ASSIMILATION = "assimilation"


class Decision(StrEnum):
    """A team decision put to the Hunted's vote (C11)."""

    BOARD = "board"
    CLEANSE = "cleanse"
    BLIZZARD = "blizzard"


class Side(StrEnum):
    """A side of the table: the Creature or the Hunted (a bot's role)."""

    CREATURE = "creature"
    HUNTED = "hunted"


class PromptKind(StrEnum):
    """The decisions a seat may owe (answers.PROMPTS holds what each allows and does)."""

    EXPLORE = "explore"
    WINDOW = "window"
    HUNT = "hunt"
    PLACE_ACTION = "place_action"
    POWER = "power"
    TAKE_BACK = "take_back"
    DISCARD = "discard"
    KEEP_PLACE = "keep_place"
    KEEP_HIDDEN = "keep_hidden"
    KEEP_SURVIVAL = "keep_survival"
    DISCARD_SURVIVAL = "discard_survival"
    SCREAM = "scream"
    THIN_ICE = "thin_ice"
    TEAM = "team"
    DISCARD_TOKEN = "discard_token"
    LOOK = "look"
    GAIN = "gain"
    GIVE_SURVIVAL = "give_survival"
    SIGNAL_MIRROR = "signal_mirror"
    RELAY_RUNNER = "relay_runner"
    INTERCEPT = "intercept"
    CHANGE_OF_PLAN = "change_of_plan"
    STAND_TOGETHER = "stand_together"


class Effect(StrEnum):
    """Turn-long effects of Hunt and Survival cards, held in `GameState.effects`."""

    DESPAIR = "despair"
    FIERCENESS = "fierceness"
    INTERFERENCE = "interference"
    PERSECUTION = "persecution"
    MUTATION = "mutation"
    STASIS = "stasis"
    SACRIFICE = "sacrifice"
    SMOKESCREEN = "smokescreen"
    QUARANTINE = "quarantine"
    CONTAGION = "contagion"
    HYPOTHERMIA = "hypothermia"
    ISOLATION = "isolation"
    BLIZZARD = "blizzard"
    FROSTBITE = "frostbite"


WHISPER_PREFIX: Final = "whisper:"  # how a Whisper is stored among the turn's effects


@dataclass(frozen=True, slots=True)
class Whisper:
    """Whisper's effect: Hunted `a` and `b` (a < b) may talk privately this Exploration."""

    a: int
    b: int

    def __str__(self) -> str:
        """The stored form: "whisper:<a>:<b>"."""
        return f"{WHISPER_PREFIX}{self.a}:{self.b}"

    @classmethod
    def parse(cls, text: str) -> Whisper:
        """Inverse of `str`."""
        a, b = text.removeprefix(WHISPER_PREFIX).split(":")
        return cls(int(a), int(b))


TurnEffect = Effect | Whisper


def effect_from_json(raw: str) -> TurnEffect:
    """A stored effect: a Whisper or an Effect."""
    return Whisper.parse(raw) if raw.startswith(WHISPER_PREFIX) else Effect(raw)


class TokenKind(StrEnum):
    """The Creature's three Hunt tokens (also what Dodge, Detector and Windbreak make ignored)."""

    CREATURE = "creature"
    ARTEMIA = "artemia"
    TARGET = "target"


class TargetKind(StrEnum):
    """What an action's choice points at, for a view's offers: a place of Artemia, a Hunted's
    seat, a card (a Place card's number or a Hunt or Survival card's id), or a Contamination
    token (its index among the actor's tokens)."""

    PLACE = "place"
    SEAT = "seat"
    CARD = "card"
    TOKEN = "token"


class PowerOption(StrEnum):
    """`UsePlacePower.option`: which way of a place's power is used ("" = its only way)."""

    ONLY = ""
    RECOVER = "recover"
    COPY = "copy"
    THIS = "this"
    DISCARD = "discard"
    WILL = "will"
    DRAW = "draw"
    OTHER = "other"
    CLEANSE = "cleanse"
    ADVANCE = "advance"
    LOOK = "look"
    BOTH = "both"


class Moment(StrEnum):
    """When a Survival card is offered: its phase's windows, phase 3's closing window only, or
    at the place action instead of a place's power. A LATE window is one Hunted's own, after
    the others': in phase 3 for a card gained (survival.py), in phase 4 after a recovery."""

    WINDOW = ""
    CLOSING = "closing"
    PLACE_ACTION = "place_action"
    LATE = "late"


class Winner(StrEnum):
    """The side that won."""

    CREATURE = "creature"
    HUNTED = "hunted"


class Reason(StrEnum):
    """Why the game ended."""

    ASSIMILATION = "assimilation"
    RESCUE = "rescue"
    CONTAMINATION = "contamination"
    CAPSULE = "capsule"


class GameStatus(StrEnum):
    """A game as the server stores it: still going, or over."""

    ACTIVE = "active"
    OVER = "over"


class EventKind(StrEnum):
    """Every kind of event the engine emits (past tense: what happened)."""

    ABILITY_USED = "ability_used"
    ASSIMILATION_ADVANCED = "assimilation_advanced"
    CAPSULE_OVERSHOT = "capsule_overshot"
    CONTAMINATION_DISCARDED = "contamination_discarded"
    CONTAMINATION_LOOKED_AT = "contamination_looked_at"
    CONTAMINATION_PREVENTED = "contamination_prevented"
    CONTAMINATION_RESERVE_EMPTY = "contamination_reserve_empty"
    CONTAMINATION_REVEALED = "contamination_revealed"
    CONTAMINATION_SEEN = "contamination_seen"
    CONTAMINATION_TAKEN = "contamination_taken"
    GAME_OVER = "game_over"
    GAVE_UP = "gave_up"
    HUNT_CARD_DRAWN = "hunt_card_drawn"
    HUNT_CARD_INTERCEPTED = "hunt_card_intercepted"
    HUNT_CARD_INTERCEPTED_CARD = "hunt_card_intercepted_card"
    HUNT_CARD_PLAYED = "hunt_card_played"
    HUNT_CARDS_DRAWN = "hunt_cards_drawn"
    HUNT_CARDS_STRUCK_BACK = "hunt_cards_struck_back"
    HUNT_CARDS_TO_BOTTOM = "hunt_cards_to_bottom"
    HUNT_CONFIRMED = "hunt_confirmed"
    HUNT_DECK_RESHUFFLED = "hunt_deck_reshuffled"
    HUNT_HAND_SEEN = "hunt_hand_seen"
    HUNT_TOKEN_MOVED = "hunt_token_moved"
    HUNT_TOKEN_PLACED = "hunt_token_placed"
    HUNTED_CAUGHT = "hunted_caught"
    HUNTED_MOVED = "hunted_moved"
    HUNTED_RECOVERED = "hunted_recovered"
    INTERCEPT_DECLINED = "intercept_declined"
    KEEN_SENSES_COUNT = "keen_senses_count"
    LAST_WILL_LOST = "last_will_lost"
    MARKER_PLACED = "marker_placed"
    MARKER_REMOVED = "marker_removed"
    PASSED = "passed"
    PHASE_STARTED = "phase_started"
    PLACE_CARD_CHANGED = "place_card_changed"
    PLACE_CARD_CHANGED_BY_YOU = "place_card_changed_by_you"
    PLACE_CARD_DISCARDED = "place_card_discarded"
    PLACE_CARD_GAINED = "place_card_gained"
    PLACE_CARD_RETURNED = "place_card_returned"
    PLACE_CARD_TAKEN_BACK = "place_card_taken_back"
    PLACE_CARDS_CHOSEN = "place_cards_chosen"
    PLACE_CARDS_CHOSEN_BY_YOU = "place_cards_chosen_by_you"
    PLACE_CARDS_REVEALED = "place_cards_revealed"
    PLACE_CARDS_SHOWN = "place_cards_shown"
    PLACE_CARDS_SHOWN_TO_CREATURE = "place_cards_shown_to_creature"
    PLACE_CHOICE_RESET = "place_choice_reset"
    PLAYED_CARD_SWAPPED = "played_card_swapped"
    POWER_COPIED = "power_copied"
    POWER_USED = "power_used"
    RESCUE_ADVANCED = "rescue_advanced"
    RESCUE_HELD = "rescue_held"
    RESCUE_REFUSED = "rescue_refused"
    RESISTED = "resisted"
    RIVER_CHOICE_MADE = "river_choice_made"
    SCREAM_ANSWERED = "scream_answered"
    SIGNAL_MIRROR_DECLINED = "signal_mirror_declined"
    SURVIVAL_CARD_DISCARDED = "survival_card_discarded"
    SURVIVAL_CARD_DISCARDED_BY_YOU = "survival_card_discarded_by_you"
    SURVIVAL_CARD_GIVEN = "survival_card_given"
    SURVIVAL_CARD_GIVEN_PRIVATELY = "survival_card_given_privately"
    SURVIVAL_CARD_KEPT = "survival_card_kept"
    SURVIVAL_CARD_PLAYED = "survival_card_played"
    SURVIVAL_CARDS_DRAWN = "survival_cards_drawn"
    SURVIVAL_DECK_RESHUFFLED = "survival_deck_reshuffled"
    TEAM_DECISION_MADE = "team_decision_made"
    TEAM_DECISION_OPENED = "team_decision_opened"
    THIN_ICE_CHOICE = "thin_ice_choice"
    THIN_ICE_CHOSEN = "thin_ice_chosen"
    THIN_ICE_RESOLVED = "thin_ice_resolved"
    TOOK_BACK_INSTEAD = "took_back_instead"
    VOTED = "voted"
    WILL_LOST = "will_lost"
    WILL_REGAINED = "will_regained"
