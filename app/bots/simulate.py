"""Play complete games between computer players and print one line of JSON figures.

Usage: python -m app.bots.simulate --hunted 3 --games 200 --seed 1
       [--creature random|heuristic|expert] [--hunted-bot random|heuristic|expert]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from app.engine import (
    Config,
    Event,
    GameState,
    InvalidConfig,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
)
from app.engine.cards import (
    CREATURE_ABILITIES,
    FROZEN,
    SHEET_ABILITIES,
    hunt_deck,
    place_ids,
    survival_deck,
)
from app.engine.state import CREATURE
from app.engine.vocab import Decision, EventKind, Winner

from .base import BOT_KINDS
from .play import bots_for, play_game

MAX_ACTIONS = 20_000  # a safety net: a game that has not ended by then counts as an error


@dataclass
class Tally:
    """Figures gathered over many games."""

    games: int = 0
    creature_wins: int = 0
    hunted_wins: int = 0
    turns: int = 0
    actions: int = 0
    errors: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    cards_played: Counter[str] = field(default_factory=Counter)
    # Per card and ability, the (game, seat) pairs that held it at some point.
    cards_held: Counter[str] = field(default_factory=Counter)
    variant: str = "base"
    tokens_taken: int = 0
    rescue_choices: int = 0  # board-or-wait decisions put to the Hunted (E1)
    games_with_choice: int = 0
    extra_turns: int = 0
    _choice_this_game: bool = False
    _held_this_game: set[tuple[int, str]] = field(default_factory=set)

    def new_game(self) -> None:
        """Forget what the last game's seats held or were asked."""
        self._choice_this_game = False
        self._held_this_game = set()

    def note_holdings(self, state: GameState) -> None:
        """Count each card and ability a seat holds now, once per seat and game."""
        for seat, name in holdings(state):
            if (seat, name) not in self._held_this_game:
                self._held_this_game.add((seat, name))
                self.cards_held[name] += 1

    def count_events(self, events: list[Event]) -> None:
        """Count the cards played or resolved in these events."""
        for event in events:
            if event.but:  # the redacted copy of an event already counted (emit_secret)
                continue
            if event.kind == EventKind.PLACE_CARDS_REVEALED:
                ids = place_ids(self.variant)
                for cards in event.data["places"].values():
                    self.cards_played.update(ids[c] for c in cards)
            elif event.kind in (EventKind.HUNT_CARD_PLAYED, EventKind.SURVIVAL_CARD_PLAYED):
                self.cards_played[event.data["card"]] += 1
            elif event.kind == EventKind.ABILITY_USED:
                self.cards_played[event.data["ability"]] += 1
            elif event.kind == EventKind.CONTAMINATION_TAKEN:
                self.tokens_taken += 1
            elif (event.kind == EventKind.TEAM_DECISION_OPENED
                  and event.data["decision"] == Decision.BOARD):
                self.rescue_choices += 1
                self._choice_this_game = True


def holdings(state: GameState) -> list[tuple[int, str]]:
    """(seat, card or ability) for everything each seat holds: Place cards in hand, Survival
    and Hunt cards, sheet abilities and the Creature's (abilities on)."""
    config = state.config
    ids = place_ids(config.variant)
    held = [(CREATURE, card) for card in state.creature.hand]
    if config.abilities:
        held += [(CREATURE, name) for name in CREATURE_ABILITIES[: 1 + (config.players >= 5)]]
    for hunted in state.hunted:
        held += [(hunted.seat, ids[card]) for card in hunted.hand]
        held += [(hunted.seat, card) for card in hunted.survival]
        if config.abilities and hunted.sheet:
            held.append((hunted.seat, SHEET_ABILITIES[hunted.sheet]))
    return held


def random_playout(config: Config, seed: int, tally: Tally | None = None) -> GameState:
    """One complete game where every seat picks uniformly among its legal actions."""
    chooser = Random(seed)
    state = new_game(config, seed)
    for _ in range(MAX_ACTIONS):
        if state.winner:
            return state
        seats = active_seats(state)
        seat = seats[int(chooser.random() * len(seats))]
        legal = legal_actions(state, seat)
        action = legal[int(chooser.random() * len(legal))]
        state, events = apply_unchecked(state, seat, action)
        if tally is not None:
            tally.actions += 1
            tally.count_events(events)
            tally.note_holdings(state)
    raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")


def bot_playout(config: Config, seed: int, creature: str, hunted: str,
                tally: Tally | None = None, seconds: float | None = 1.0,
                worlds: int | None = None) -> GameState:
    """One complete game between app.bots players (each sees only its own view)."""
    def count(state: GameState, events: list[Event]) -> None:
        if tally is not None:
            tally.actions += 1
            tally.count_events(events)
            tally.note_holdings(state)

    return play_game(config, seed, bots_for(config, creature, hunted, seed, seconds, worlds),
                     count)


def run(config: Config, games: int, seed: int, creature: str = "random",
        hunted: str = "random", think: float | None = 1.0,
        worlds: int | None = None) -> dict[str, Any]:
    """Play `games` games from consecutive seeds between the named players; return figures.

    Raises InvalidConfig, before any game, for a table the rules refuse.
    """
    new_game(config, seed)  # the engine is the one judge of what the rules allow
    tally = _empty_tally(config)
    started = time.perf_counter()
    for game_seed in range(seed, seed + games):
        tally.new_game()
        tally.note_holdings(new_game(config, game_seed))  # the hands dealt, before any play
        try:
            if creature == hunted == "random":
                state = random_playout(config, game_seed, tally)
            else:
                state = bot_playout(config, game_seed, creature, hunted, tally, think, worlds)
        except Exception:  # a crash is a figure to report, not a reason to stop
            tally.errors += 1
            continue
        _count_game(tally, state)
    seconds = time.perf_counter() - started
    budget = {"seconds": think, "worlds": worlds} if "expert" in (creature, hunted) else None
    return _figures(config, tally, (creature, hunted, budget), games, seconds)


def _empty_tally(config: Config) -> Tally:
    """A tally listing every card and ability of the table at 0, so unplayed ones show."""
    tally = Tally(variant=config.variant)
    names = [*place_ids(config.variant).values(), *hunt_deck(config.variant),
             *survival_deck(config.variant)]
    if config.abilities:
        names += [*SHEET_ABILITIES.values(), *CREATURE_ABILITIES[: 1 + (config.players >= 5)]]
    for name in names:
        tally.cards_played[name] += 0
    return tally


def _count_game(tally: Tally, state: GameState) -> None:
    """Add one finished game to the tally."""
    tally.games += 1
    tally.turns += state.turn
    tally.extra_turns += state.extra_turns
    tally.games_with_choice += tally._choice_this_game
    tally.reasons[state.reason] += 1
    if state.winner == Winner.CREATURE:
        tally.creature_wins += 1
    else:
        tally.hunted_wins += 1


def _figures(config: Config, tally: Tally, players: tuple[str, str, dict[str, Any] | None],
             games: int, seconds: float) -> dict[str, Any]:
    """The report of a run: players = (Creature's kind, Hunted's kind, expert budget)."""
    played = max(tally.games, 1)
    figures: dict[str, Any] = {
        "hunted": config.hunted,
        "variant": config.variant,
        "abilities": config.abilities,
        "rulebook_track": config.rulebook_track,
        "creature_player": players[0],
        "hunted_player": players[1],
        "games": tally.games,
        "expert_budget": players[2],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "creature_wins": tally.creature_wins,
        "hunted_wins": tally.hunted_wins,
        "avg_turns": round(tally.turns / played, 2),
        "avg_actions": round(tally.actions / played, 1),
        "errors": tally.errors,
        "reasons": dict(tally.reasons),
        "cards_played": dict(sorted(tally.cards_played.items())),
        "cards_held": {name: tally.cards_held[name] for name in sorted(tally.cards_played)},
        "held_never_played": sorted(name for name, n in tally.cards_held.items()
                                    if n and not tally.cards_played[name]),
    }
    if config.variant == FROZEN:
        figures["contamination"] = {
            "tokens_taken_per_game": round(tally.tokens_taken / played, 2),
            "games_reaching_board_or_wait": tally.games_with_choice,
            "board_or_wait_choices": tally.rescue_choices,
            "extra_turns_per_game": round(tally.extra_turns / played, 2),
            "games_lost_at_reveal": tally.reasons.get("contamination", 0),
        }
    return figures


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: 0 after printing the figures, 2 for a refused configuration."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hunted", type=int, default=3, help="number of Hunted (1-6)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board-side", type=int, default=1, choices=(1, 2))
    parser.add_argument("--creature", default="random", choices=BOT_KINDS)
    parser.add_argument("--hunted-bot", default="random", choices=BOT_KINDS)
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="an expert's search time per decision (0: no clock, --worlds only)")
    parser.add_argument("--worlds", type=int, default=None,
                        help="an expert's most sampled worlds per decision")
    parser.add_argument("--variant", default="base", choices=("base", FROZEN))
    parser.add_argument("--abilities", action=argparse.BooleanOptionalAction, default=None,
                        help="sheet abilities (default: on for Frozen Lands, off for base)")
    parser.add_argument("--rulebook-track", action="store_true",
                        help="Frozen Lands with the rulebook's Assimilation track (5 + players)")
    args = parser.parse_args(argv)
    config = Config(hunted=args.hunted, board_side=args.board_side, variant=args.variant,
                    abilities=args.abilities, rulebook_track=args.rulebook_track)
    try:
        figures = run(config, args.games, args.seed, args.creature, args.hunted_bot,
                      args.seconds or None, args.worlds)
    except InvalidConfig as refused:
        print(f"simulate: refused configuration: {refused}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
