"""One catalogue of every name and short text a player reads about the game's material, in
English and French: places, Hunt and Survival cards, sheets and abilities.

Pure data next to the engine's card data; the server serves it to the browser, which keeps
no copy of its own. French names follow the French edition where we know them (l'Antre,
la Jungle…); our Frozen Lands content has French names of ours.
"""

from __future__ import annotations

from typing import Any

from . import hunt_cards  # noqa: F401  (registers the Hunt cards whose hooks are read here)
from .cards import (
    ALL_HUNT_CARDS,
    BEACH,
    CREATURE_ABILITIES,
    FEWEST_HUNTED,
    FROZEN,
    FROZEN_SURVIVAL_CARDS,
    HUNTED_SHEETS,
    SHEET_ABILITIES,
    SURVIVAL_CARDS,
)
from .catalogue_cards import FROZEN_READINGS, HUNT, SURVIVAL
from .hunt_registry import HUNT as HUNT_RULES
from .offers import choice_kinds

LANGUAGES = ("en", "fr")
Entry = tuple[str, str, str, str]  # English name, English text, French name, French text

PLACES: dict[str, dict[int, Entry]] = {
    "base": {
        1: ("The Lair", "Take back all your discarded Places, or copy the power of the Creature "
            "token's place. Caught here: lose 1 more Will.",
            "L'Antre", "Reprenez tous vos Lieux défaussés, ou copiez le pouvoir du lieu du jeton "
            "Créature. Attrapé ici : perdez 1 Volonté de plus."),
        2: ("The Jungle", "Take this card back, plus 1 discarded Place.",
            "La Jungle", "Reprenez cette carte et 1 Lieu défaussé."),
        3: ("The River", "Next turn play 2 Places face down; keep 1 before the reveal.",
            "La Rivière", "Au prochain tour, jouez 2 Lieux face cachée ; gardez-en 1 avant la "
            "révélation."),
        4: ("The Beach", "Put the Marker on the Beach, or remove it for Rescue +1. Once per turn.",
            "La Plage", "Posez la Balise sur la Plage, ou retirez-la pour Secours +1. Une fois "
            "par tour."),
        5: ("The Rover", "Take from the reserve a Place you do not own yet.",
            "Le Rover", "Prenez dans la réserve un Lieu que vous n'avez pas encore."),
        6: ("The Swamp", "Take this card back, plus 2 discarded Places.",
            "Le Marais", "Reprenez cette carte et 2 Lieux défaussés."),
        7: ("The Shelter", "Draw 2 Survival cards and keep 1.",
            "L'Abri", "Piochez 2 cartes Survie et gardez-en 1."),
        8: ("The Wreck", "Rescue +1. Once per turn.", "L'Épave", "Secours +1. Une fois par tour."),
        9: ("The Source", "A Hunted regains 1 Will, or you draw 1 Survival card.",
            "La Source", "Un Traqué regagne 1 Volonté, ou vous piochez 1 carte Survie."),
        10: ("The Artefact", "Next turn play 2 Places and resolve both. Cannot be copied.",
             "L'Artefact", "Au prochain tour, jouez 2 Lieux et résolvez les deux. Ne peut pas "
             "être copié."),
    },
    FROZEN: {
        1: ("The Ice Cave", "Take back all your discarded Places, or copy the Creature token's "
            "place. Caught here: take 1 Contamination.",
            "La Grotte de glace", "Reprenez tous vos Lieux défaussés, ou copiez le lieu du jeton "
            "Créature. Attrapé ici : prenez 1 Contamination."),
        2: ("The Frost Forest", "Take this card back; another Hunted may take back 1 discarded "
            "Place.", "La Forêt givrée", "Reprenez cette carte ; un autre Traqué peut reprendre "
            "1 Lieu défaussé."),
        3: ("The Fjord", "A Hunted may play 2 Places next turn and keep 1 before the reveal.",
            "Le Fjord", "Un Traqué peut jouer 2 Lieux au prochain tour et en garder 1 avant la "
            "révélation."),
        4: ("The Hummocks", "With another Hunted here: Rescue +1. Once per turn.",
            "La Banquise", "Avec un autre Traqué ici : Secours +1. Une fois par tour."),
        5: ("The Sled", "A Hunted takes from the reserve a Place they do not own.",
            "Le Traîneau", "Un Traqué prend dans la réserve un Lieu qu'il n'a pas."),
        6: ("The Hot Springs", "Take this card back with up to 2 discarded Places, or a Hunted "
            "discards 1 Contamination.", "Les Sources chaudes", "Reprenez cette carte et "
            "jusqu'à 2 Lieux défaussés, ou un Traqué défausse 1 Contamination."),
        7: ("The Igloo", "Draw 2 Survival cards: keep 1, give or discard the other.",
            "L'Igloo", "Piochez 2 cartes Survie : gardez-en 1, donnez ou défaussez l'autre."),
        8: ("The Capsule", "You may advance Rescue 1 (once per turn), then peek at 1 "
            "Contamination token.", "La Capsule", "Vous pouvez avancer le Secours de 1 (une fois "
            "par tour), puis regarder 1 jeton Contamination."),
        9: ("The Geyser", "A Hunted regains 1 Will, or draw 1 Survival card; both with another "
            "Hunted here.", "Le Geyser", "Un Traqué regagne 1 Volonté, ou piochez 1 carte "
            "Survie ; les deux avec un autre Traqué ici."),
        10: ("The Aurora", "Next turn play 2 Places and resolve both. Cannot be copied.",
             "L'Aurore", "Au prochain tour, jouez 2 Lieux et résolvez les deux. Ne peut pas "
             "être copié."),
    },
}

# Sheets: the person's name, then the role in English and in French.
SHEETS: dict[str, tuple[str, str, str]] = {
    "ines-marlow": ("Ines Marlow", "Field Medic", "Médecin de terrain"),
    "tomas-brandt": ("Tomas Brandt", "Quartermaster", "Intendant"),
    "ada-okafor": ("Ada Okafor", "Pathfinder", "Éclaireuse de piste"),
    "lev-sandor": ("Lev Sandor", "Scout", "Éclaireur"),
    "noor-haddad": ("Noor Haddad", "Radio Operator", "Opératrice radio"),
    "mara-lindqvist": ("Mara Lindqvist", "Guardian", "Gardienne"),
}

# Abilities: {language: (name, how often, when, text)}.
ABILITIES: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "triage": {
        "en": ("Triage", "once per turn", "end of the Reckoning",
               "Another Hunted at your place with 1 or 2 Will regains 1 Will."),
        "fr": ("Triage", "une fois par tour", "fin de la Résolution",
               "Un autre Traqué de votre lieu à 1 ou 2 Volonté regagne 1 Volonté.")},
    "share-supplies": {
        "en": ("Share Supplies", "once per turn", "End of turn",
               "Hand one of your Survival cards, face down, to another Hunted."),
        "fr": ("Partage des vivres", "une fois par tour", "Fin de tour",
               "Donnez une de vos cartes Survie, face cachée, à un autre Traqué.")},
    "long-stride": {
        "en": ("Long Stride", "once per turn", "when you Resist",
               "Resisting brings back 1 more Place card: 3 for 1 Will, 5 for 2 Will."),
        "fr": ("Grandes enjambées", "une fois par tour", "quand vous Résistez",
               "Résister rapporte 1 carte Lieu de plus : 3 pour 1 Volonté, 5 pour 2.")},
    "change-of-plan": {
        "en": ("Change of Plan", "once per game", "after the hunt",
               "Take your played Place card back and play another one face down instead."),
        "fr": ("Changement de plan", "une fois par partie", "après la traque",
               "Reprenez votre carte Lieu jouée et jouez-en une autre face cachée.")},
    "intercept": {
        "en": ("Intercept", "once per game", "before you choose a Place",
               "See the Creature's Hunt cards; you may send one under its deck (it draws a new "
               "one)."),
        "fr": ("Interception", "une fois par partie", "avant de choisir un Lieu",
               "Voyez les cartes Traque de la Créature ; vous pouvez en glisser une sous sa "
               "pioche (elle en pioche une autre).")},
    "stand-together": {
        "en": ("Stand Together", "once per game",
               "when the Creature would take a Hunted's last Will",
               "With 2 Will or more, lose 1 Will yourself so they lose 1 less."),
        "fr": ("Serrer les rangs", "une fois par partie",
               "quand la Créature prendrait la dernière Volonté d'un Traqué",
               "Avec 2 Volonté ou plus, perdez vous-même 1 Volonté pour qu'il en perde 1 de "
               "moins.")},
    "keen-senses": {
        "en": ("Keen Senses", "once per game", "before your first Hunt token",
               "Name a place: you alone learn how many of its Place cards the Hunted played."),
        "fr": ("Sens aiguisés", "une fois par partie", "avant votre premier jeton Traque",
               "Nommez un lieu : vous seule apprenez combien de ses cartes Lieu les Traqués ont "
               "jouées.")},
    "pack-instinct": {
        "en": ("Pack Instinct", "every turn, by itself", "5 players or more",
               "When 2 or more Hunted are caught, each of them also discards 1 Place card."),
        "fr": ("Instinct de meute", "chaque tour, d'office", "5 joueurs ou plus",
               "Quand 2 Traqués ou plus sont attrapés, chacun défausse aussi 1 carte Lieu.")},
}


def _named(entry: Entry, language: str) -> dict[str, str]:
    name, text = entry[2:] if language == "fr" else entry[:2]
    return {"name": name, "text": text}


def _cards(entries: dict[str, Entry], language: str,
           infos: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Cards with their engine data (phase, Hunt symbol) and their words; a base card that
    names base places also has its text as a Frozen Lands game reads it (`frozen_text`)."""
    return {card: {**_named(entry, language), "phase": infos[card].phase,
                   "symbol": getattr(infos[card], "symbol", ""),
                   **({"frozen_text": FROZEN_READINGS[card][language == "fr"]}
                      if card in FROZEN_READINGS else {})}
            for card, entry in entries.items()}


def catalogue(language: str) -> dict[str, Any]:
    """Everything the client shows about the material, in `language` ("en" or "fr")."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    survival = {**SURVIVAL_CARDS, **FROZEN_SURVIVAL_CARDS}
    return {
        "language": language,
        # The place that holds the Marker (the board draws it there while it is on the Beach).
        "places": {variant: {str(n): {**_named(e, language),
                                      **({"marker": True} if (variant, n) == ("base", BEACH)
                                         else {})}
                             for n, e in places.items()}
                   for variant, places in PLACES.items()},
        # A Hunt card that plays as the last discarded one says so (`repeats`): the client
        # names the card it would repeat now (the view's `flashback_copies`).
        "hunt_cards": {card: {**entry, "repeats": HUNT_RULES[card].copies_last_discard}
                       for card, entry in _cards(HUNT, language, ALL_HUNT_CARDS).items()},
        # A Survival card's `places` name what its `choices` say, position by position (the
        # last kind repeating): the client reads a played card's choices so, not by its id.
        "survival_cards": {card: {**entry, "choices": [str(k) for k in choice_kinds(card)]}
                           for card, entry in _cards(SURVIVAL, language, survival).items()},
        "sheets": {sheet: {"name": name, "role": fr if language == "fr" else en,
                           "ability": SHEET_ABILITIES[sheet]}
                   for sheet, (name, en, fr) in SHEETS.items()},
        "abilities": {ability: dict(zip(("name", "often", "when", "text"), by[language],
                                        strict=True))
                      for ability, by in ABILITIES.items()},
        "creature_abilities": list(CREATURE_ABILITIES),
        # The fewest Hunted a game of each variant starts with: the home page and the lobby
        # say so before the host tries.
        "fewest_hunted": dict(FEWEST_HUNTED),
        "hunted_sheets": list(HUNTED_SHEETS),
    }
