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
