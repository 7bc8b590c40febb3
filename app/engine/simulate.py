"""Play complete games between uniformly random players and print one line of JSON figures.

Usage: python -m app.engine.simulate --hunted 3 --games 200 --seed 1
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

from .cards import HUNT_CARDS, PLACE_IDS, SURVIVAL_CARDS
from .events import Event
from .game import active_seats, apply_unchecked, legal_actions, new_game
from .state import Config, GameState

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

    def count_events(self, events: list[Event]) -> None:
        """Count the cards played or resolved in these events."""
        for event in events:
            if event.but:  # the redacted copy of an event already counted (emit_secret)
                continue
            if event.kind == "place_cards_revealed":
                for cards in event.data["places"].values():
                    self.cards_played.update(PLACE_IDS[c] for c in cards)
            elif event.kind in ("hunt_card_played", "survival_card_played"):
                self.cards_played[event.data["card"]] += 1


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
    raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")


def bot_playout(config: Config, seed: int, creature: str, hunted: str,
                tally: Tally | None = None) -> GameState:
    """One complete game between app.bots players (each sees only its own view)."""
    from app.bots.play import bots_for, play_game

    def count(events: list[Event]) -> None:
        if tally is not None:
            tally.actions += 1
            tally.count_events(events)

    return play_game(config, seed, bots_for(config, creature, hunted, seed), count)


def run(config: Config, games: int, seed: int, creature: str = "random",
        hunted: str = "random") -> dict[str, Any]:
    """Play `games` games from consecutive seeds between the named players; return figures."""
    tally = Tally()
    for name in [*PLACE_IDS.values(), *HUNT_CARDS, *SURVIVAL_CARDS]:
        tally.cards_played[name] += 0
    started = time.perf_counter()
    for game_seed in range(seed, seed + games):
        try:
            if creature == hunted == "random":
                state = random_playout(config, game_seed, tally)
            else:
                state = bot_playout(config, game_seed, creature, hunted, tally)
        except Exception:  # a crash is a figure to report, not a reason to stop
            tally.errors += 1
            continue
        tally.games += 1
        tally.turns += state.turn
        tally.reasons[state.reason] += 1
        if state.winner == "creature":
            tally.creature_wins += 1
        else:
            tally.hunted_wins += 1
    seconds = time.perf_counter() - started
    played = max(tally.games, 1)
    return {
        "hunted": config.hunted,
        "creature_player": creature,
        "hunted_player": hunted,
        "games": tally.games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "creature_wins": tally.creature_wins,
        "hunted_wins": tally.hunted_wins,
        "avg_turns": round(tally.turns / played, 2),
        "avg_actions": round(tally.actions / played, 1),
        "errors": tally.errors,
        "reasons": dict(tally.reasons),
        "cards_played": dict(sorted(tally.cards_played.items())),
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hunted", type=int, default=3, help="number of Hunted (1-6)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board-side", type=int, default=1, choices=(1, 2))
    parser.add_argument("--creature", default="random", choices=("random", "heuristic"))
    parser.add_argument("--hunted-bot", default="random", choices=("random", "heuristic"))
    args = parser.parse_args(argv)
    config = Config(hunted=args.hunted, board_side=args.board_side)
    print(json.dumps(run(config, args.games, args.seed, args.creature, args.hunted_bot)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
