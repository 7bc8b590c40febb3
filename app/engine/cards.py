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


HUNT_CARDS: dict[str, CardInfo] = {
    c.id: c
    for c in (
        CardInfo("despair", "Despair", 1, "artemia"),
        CardInfo("force-field", "Force Field", 1, "target"),
        CardInfo("anticipation", "Anticipation", 2),
        CardInfo("ascendancy", "Ascendancy", 2),
        CardInfo("fierceness", "Fierceness", 2),
        CardInfo("forbidden-zone", "Forbidden Zone", 2),
        CardInfo("interference", "Interference", 2),
        CardInfo("persecution", "Persecution", 2),
        CardInfo("mutation", "Mutation", 2, "artemia"),
        CardInfo("phobia", "Phobia", 2, "artemia"),
        CardInfo("virus", "Virus", 2, "artemia"),
        CardInfo("clone", "Clone", 2, "target"),
        CardInfo("mirage", "Mirage", 2, "target"),
        CardInfo("scream", "Scream", 2, "target"),
        CardInfo("toxin", "Toxin", 2, "target"),
        CardInfo("cataclysm", "Cataclysm", 3),
        CardInfo("detour", "Detour", 3),
        CardInfo("stasis", "Stasis", 4),
        CardInfo("tracking", "Tracking", 4),
        CardInfo("flashback", "Flashback", 0),
    )
}

SURVIVAL_CARDS: dict[str, CardInfo] = {
    c.id: c
    for c in (
        CardInfo("adrenaline", "Adrenaline", 1),
        CardInfo("ingenuity", "Ingenuity", 1),
        CardInfo("sacrifice", "Sacrifice", 1),
        CardInfo("sixth-sense", "Sixth Sense", 1),
        CardInfo("smokescreen", "Smokescreen", 1),
        CardInfo("strike-back", "Strike Back", 1),
        CardInfo("vortex", "Vortex", 2),
        CardInfo("detector", "Detector", 3),
        CardInfo("dodge", "Dodge", 3),
        CardInfo("drone", "Drone", 3),
        CardInfo("gate", "Gate", 3),
        CardInfo("hologram", "Hologram", 3),
        CardInfo("wrong-track", "Wrong Track", 3),
        CardInfo("amplifier", "Amplifier", 4),
        CardInfo("double-back", "Double Back", 4),
    )
}


def reserve_copies(players: int) -> int:
    """Copies of each of Places 6-10 in the reserve, for N players including the Creature."""
    return 1 if players == 2 else 2 if players <= 4 else 3


def rescue_start(players: int) -> int:
    """Rescue counter's spaces to Victory at setup (11 + N)."""
    return 11 + players


def assimilation_start(players: int) -> int:
    """Assimilation counter's spaces to Victory at setup (5 + N)."""
    return 5 + players


ARTEMIA_SPACES: dict[int, frozenset[int]] = {
    1: frozenset({1, 2, 3, 4, 5, 6}),
    2: frozenset({1, 3, 5, 7, 9, 11}),
}


# --- Frozen Lands (frozen_lands.md: the project's own adaptation) ------------------------------

FROZEN = "frozen-lands"
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

FROZEN_HUNT_CARDS: dict[str, CardInfo] = {
    c.id: c
    for c in (
        CardInfo("frostbite", "Frostbite", 1, "artemia"),
        CardInfo("quarantine", "Quarantine", 2),
        CardInfo("contagion", "Contagion", 2),
        CardInfo("hypothermia", "Hypothermia", 2, "artemia"),
        CardInfo("tainted-meltwater", "Tainted Meltwater", 2, "target"),
        CardInfo("sundog", "Sundog", 2, "target"),
        CardInfo("avalanche", "Avalanche", 2, "target"),
        CardInfo("isolation", "Isolation", 2),
        CardInfo("thin-ice", "Thin Ice", 3),
        CardInfo("blizzard", "Blizzard", 4),
    )
}

FROZEN_SURVIVAL_CARDS: dict[str, CardInfo] = {
    c.id: c
    for c in (
        CardInfo("hand-warmers", "Hand Warmers", 1),
        CardInfo("radio-relay", "Radio Relay", 1),
        CardInfo("whisper", "Whisper", 1),
        CardInfo("vaccine", "Vaccine", 1),
        CardInfo("blood-test", "Blood Test", 1),
        CardInfo("signal-mirror", "Signal Mirror", 2),
        CardInfo("roped-together", "Roped Together", 3),
        CardInfo("windbreak", "Windbreak", 3),
        CardInfo("huddle", "Huddle", 3),
        CardInfo("scrub-down", "Scrub Down", 3),
        CardInfo("body-heat", "Body Heat", 3),
        CardInfo("antidote", "Antidote", 4),
        CardInfo("field-lab", "Field Lab", 4),
        CardInfo("supply-drop", "Supply Drop", 4),
        CardInfo("relay-runner", "Relay Runner", 4),
    )
}
# Ingenuity and Amplifier need the Marker counter, which Frozen Lands leaves in the box (C13).
NOT_IN_FROZEN_LANDS: frozenset[str] = frozenset({"ingenuity", "amplifier"})
CONTAMINATION_ICONS, CONTAMINATION_BLANKS = 5, 9

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

ALL_HUNT_CARDS: dict[str, CardInfo] = {**HUNT_CARDS, **FROZEN_HUNT_CARDS}
ALL_SURVIVAL_CARDS: dict[str, CardInfo] = {**SURVIVAL_CARDS, **FROZEN_SURVIVAL_CARDS}


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
