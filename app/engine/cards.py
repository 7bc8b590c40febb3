"""The base game's static material: Places, Hunt and Survival cards, board tracks (base_game.md)."""

from __future__ import annotations

from dataclasses import dataclass

LAIR, JUNGLE, RIVER, BEACH, ROVER, SWAMP, SHELTER, WRECK, SOURCE, ARTEFACT = range(1, 11)

PLACE_IDS: dict[int, str] = {
    LAIR: "lair",
    JUNGLE: "jungle",
    RIVER: "river",
    BEACH: "beach",
    ROVER: "rover",
    SWAMP: "swamp",
    SHELTER: "shelter",
    WRECK: "wreck",
    SOURCE: "source",
    ARTEFACT: "artefact",
}
PLACE_NAMES: dict[int, str] = {n: "The " + pid.capitalize() for n, pid in PLACE_IDS.items()}
ALL_PLACES: tuple[int, ...] = tuple(range(1, 11))
STARTING_PLACES: tuple[int, ...] = (1, 2, 3, 4, 5)
RESERVE_PLACES: tuple[int, ...] = (6, 7, 8, 9, 10)
MAX_ONCE_PER_TURN: frozenset[int] = frozenset({BEACH, WRECK})
UNCOPYABLE: frozenset[int] = frozenset({ARTEFACT})


def _adjacency() -> dict[int, tuple[int, ...]]:
    """Artemia is 2 rows of 5; places touch across a shared edge (§1a)."""
    adjacent: dict[int, list[int]] = {n: [] for n in ALL_PLACES}
    for n in ALL_PLACES:
        if n % 5 != 0:
            adjacent[n].append(n + 1)
            adjacent[n + 1].append(n)
        if n <= 5:
            adjacent[n].append(n + 5)
            adjacent[n + 5].append(n)
    return {n: tuple(sorted(a)) for n, a in adjacent.items()}


ADJACENT: dict[int, tuple[int, ...]] = _adjacency()
EDGES: tuple[tuple[int, int], ...] = tuple(
    sorted((a, b) for a in ALL_PLACES for b in ADJACENT[a] if a < b)
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A Hunt or Survival card: its id, printed name, phase and Hunt symbol."""

    id: str
    name: str
    phase: int  # 1 Exploration, 2 Hunting, 3 Reckoning, 4 End-of-turn; 0 = that of the copied card
    symbol: str = ""  # "artemia", "target" or ""


# The Hunt cards' data, by deck: filled by their registry entries (app/engine/hunt_cards.py).
HUNT_CARDS: dict[str, CardInfo] = {}
FROZEN_HUNT_CARDS: dict[str, CardInfo] = {}
ALL_HUNT_CARDS: dict[str, CardInfo] = {}

# The Survival cards' data, by deck: filled by their registry entries (app/engine/survival.py).
SURVIVAL_CARDS: dict[str, CardInfo] = {}  # the base game's


def reserve_copies(players: int) -> int:
    """Copies of each of Places 6-10 in the reserve, for N players including the Creature."""
    return 1 if players == 2 else 2 if players <= 4 else 3


def rescue_start(players: int) -> int:
    """Rescue counter's spaces to Victory at setup (11 + N)."""
    return 11 + players


def assimilation_start(players: int, variant: str = "base", rulebook_track: bool = False) -> int:
    """Assimilation counter's spaces to Victory at setup: 5 + N; in Frozen Lands 5 + 2N, and
    one more from 5 players (4 Hunted) on, unless the table chose the rulebook's track.

    Frozen Lands gives the Creature a second way to win (the reveal) and ten more Hunt cards;
    its longer track keeps the Hunted's chances at 40-55 %. From 5 players the Creature also
    has Pack Instinct and the reserve a third copy of each place: one more space evens that
    out (docs/rules-notes.md, balance). The rulebook's setup is the base game's: a table may
    play it so (`Config.rulebook_track`).
    """
    if variant != FROZEN or rulebook_track:
        return 5 + players
    return 5 + 2 * players + (1 if players >= 5 else 0)


ARTEMIA_SPACES: dict[int, frozenset[int]] = {
    1: frozenset({1, 2, 3, 4, 5, 6}),
    2: frozenset({1, 3, 5, 7, 9, 11}),
}


# --- Frozen Lands (frozen_lands.md: the project's own adaptation) ------------------------------

FROZEN = "frozen-lands"
# The fewest Hunted a game may start with, by variant: Frozen Lands needs at least 4 players
# (frozen_lands.md, C1); the base game, the Creature and one Hunted.
FEWEST_HUNTED: dict[str, int] = {"base": 1, FROZEN: 3}
FROZEN_PLACE_IDS: dict[int, str] = {
    1: "ice-cave",
    2: "frost-forest",
    3: "fjord",
    4: "hummocks",
    5: "sled",
    6: "hot-springs",
    7: "igloo",
    8: "capsule",
    9: "geyser",
    10: "aurora",
}
FROZEN_PLACE_NAMES: dict[int, str] = {
    n: "The " + " ".join(w.capitalize() for w in pid.split("-"))
    for n, pid in FROZEN_PLACE_IDS.items()
}

FROZEN_SURVIVAL_CARDS: dict[str, CardInfo] = {}  # Frozen Lands' own
# Base cards Frozen Lands leaves in the box: Ingenuity and Amplifier need the Marker (C13).
NOT_IN_FROZEN_LANDS: set[str] = set()
# Frozen Lands §6 has 5 icons and 9 blanks; 3 and 11 here bring the Hunted back to 40-55 %
# against the heuristic Creature at every count (docs/rules-notes.md, Frozen Lands, Balance).
CONTAMINATION_ICONS, CONTAMINATION_BLANKS = 3, 11

HUNTED_SHEETS: tuple[str, ...] = (
    "ines-marlow", "tomas-brandt", "ada-okafor", "lev-sandor", "noor-haddad", "mara-lindqvist",
)
SHEET_ABILITIES: dict[str, str] = {
    "ines-marlow": "triage",
    "tomas-brandt": "share-supplies",
    "ada-okafor": "long-stride",
    "lev-sandor": "change-of-plan",
    "noor-haddad": "intercept",
    "mara-lindqvist": "stand-together",
}
CREATURE_ABILITIES: tuple[str, ...] = ("keen-senses", "pack-instinct")

ALL_SURVIVAL_CARDS: dict[str, CardInfo] = {}


def place_ids(variant: str) -> dict[int, str]:
    """The ids of Places 1-10 in this variant."""
    return FROZEN_PLACE_IDS if variant == FROZEN else PLACE_IDS


def hunt_deck(variant: str) -> list[str]:
    """The Hunt card ids shuffled at setup."""
    return sorted(HUNT_CARDS) + (sorted(FROZEN_HUNT_CARDS) if variant == FROZEN else [])


def survival_deck(variant: str) -> list[str]:
    """The Survival card ids shuffled at setup."""
    if variant != FROZEN:
        return sorted(SURVIVAL_CARDS)
    return sorted(set(SURVIVAL_CARDS) - NOT_IN_FROZEN_LANDS) + sorted(FROZEN_SURVIVAL_CARDS)
