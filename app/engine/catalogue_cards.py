"""The Hunt and Survival cards' names and short texts in English and French (our own words).

Each entry: (English name, English text, French name, French text). French names follow the
French edition where we know them; Frozen Lands' cards have French names of ours.
"""

from __future__ import annotations

Entry = tuple[str, str, str, str]

HUNT: dict[str, Entry] = {
    "despair": ("Despair", "No Survival card may be played or drawn this turn.",
                "Désespoir", "Aucune carte Survie ne peut être jouée ni piochée ce tour-ci."),
    "force-field": ("Force Field",
                    "Before the Hunted choose, cover 2 adjacent places: neither may be played.",
                    "Champ de force", "Avant le choix des Traqués, couvrez 2 lieux adjacents : "
                    "aucun des deux ne peut être joué."),
    "anticipation": ("Anticipation",
                     "Name a Hunted: if the Creature token catches them, Assimilation +1 more.",
                     "Anticipation", "Désignez un Traqué : si le jeton Créature l'attrape, "
                     "Assimilation +1 de plus."),
    "ascendancy": ("Ascendancy", "A Hunted discards Places until only 2 remain in hand.",
                   "Emprise", "Un Traqué défausse des Lieux jusqu'à n'en garder que 2 en main."),
    "fierceness": ("Fierceness", "Hunted caught by the Creature token lose 1 more Will.",
                   "Férocité", "Les Traqués attrapés par le jeton Créature perdent 1 Volonté "
                   "de plus."),
    "forbidden-zone": ("Forbidden Zone", "Every Hunted discards 1 Place from hand.",
                       "Zone interdite", "Chaque Traqué défausse 1 Lieu de sa main."),
    "interference": ("Interference", "The Beach and the Wreck do nothing this turn.",
                     "Interférences", "La Plage et l'Épave sont sans effet ce tour-ci."),
    "persecution": ("Persecution", "Powers that return Places to hand return 1 card at most.",
                    "Acharnement", "Les pouvoirs qui reprennent des Lieux en main n'en "
                    "reprennent qu'un au plus."),
    "mutation": ("Mutation", "The Artemia token also costs 1 Will.",
                 "Mutation", "Le jeton Artemia coûte aussi 1 Volonté."),
    "phobia": ("Phobia", "A Hunted shows you all Places in hand but 2.",
               "Phobie", "Un Traqué vous montre tous ses Lieux en main sauf 2."),
    "virus": ("Virus", "The Artemia token covers 2 adjacent places.",
              "Virus", "Le jeton Artemia couvre 2 lieux adjacents."),
    "clone": ("Clone", "The Target token acts as a second Creature token.",
              "Clone", "Le jeton Cible agit comme un second jeton Créature."),
    "mirage": ("Mirage", "The Target covers 2 adjacent places; their powers fail.",
               "Mirage", "La Cible couvre 2 lieux adjacents ; leurs pouvoirs échouent."),
    "scream": ("Scream", "Hunted on the Target discard 2 Places or lose 1 Will.",
               "Cri", "Les Traqués sur la Cible défaussent 2 Lieux ou perdent 1 Volonté."),
    "toxin": ("Toxin", "Hunted on the Target discard 1 Survival card; the power fails.",
              "Toxine", "Les Traqués sur la Cible défaussent 1 carte Survie ; le pouvoir "
              "échoue."),
    "cataclysm": ("Cataclysm", "Choose a place: its power fails this turn.",
                  "Cataclysme", "Choisissez un lieu : son pouvoir échoue ce tour-ci."),
    "detour": ("Detour", "After the reveal, move a Hunted to an adjacent place.",
               "Détour", "Après la révélation, déplacez un Traqué sur un lieu adjacent."),
    "stasis": ("Stasis", "The Rescue counter does not advance this turn.",
               "Stase", "Le pion Secours n'avance pas ce tour-ci."),
    "tracking": ("Tracking", "Next turn you may play up to 2 Hunt cards.",
                 "Pistage", "Au prochain tour, vous pourrez jouer jusqu'à 2 cartes Traque."),
    "flashback": ("Flashback", "Repeat the last discarded Hunt card.",
                  "Flashback", "Rejouez la dernière carte Traque défaussée."),
    # Frozen Lands (our French names)
    "frostbite": ("Frostbite", "This Exploration, Resisting or Giving Up costs Contamination.",
                  "Engelures", "Pendant cette Exploration, Résister ou Lâcher prise coûte "
                  "une Contamination."),
    "quarantine": ("Quarantine", "No Contamination token may be discarded this turn.",
                   "Quarantaine", "Aucun jeton Contamination ne peut être défaussé ce tour-ci."),
    "contagion": ("Contagion", "Hunted caught by a Creature token also take 1 Contamination.",
                  "Contagion", "Les Traqués attrapés par un jeton Créature prennent aussi "
                  "1 Contamination."),
    "hypothermia": ("Hypothermia", "The Artemia token also gives 1 Contamination.",
                    "Hypothermie", "Le jeton Artemia donne aussi 1 Contamination."),
    "tainted-meltwater": ("Tainted Meltwater", "Hunted on the Target take 1 Contamination.",
                          "Eau de fonte souillée", "Les Traqués sur la Cible prennent "
                          "1 Contamination."),
    "sundog": ("Sundog", "The Target token is a second Artemia token.",
               "Parhélie", "Le jeton Cible est un second jeton Artemia."),
    "avalanche": ("Avalanche",
                  "Target 2 adjacent places: Hunted there discard 1 Place (2 if not alone).",
                  "Avalanche", "Ciblez 2 lieux adjacents : les Traqués qui s'y trouvent "
                  "défaussent 1 Lieu (2 s'ils ne sont pas seuls)."),
    "isolation": ("Isolation", "Effects may only choose their user; nobody counts as together.",
                  "Isolement", "Les effets ne peuvent choisir que leur utilisateur ; personne "
                  "n'est ensemble."),
    "thin-ice": ("Thin Ice",
                 "At a place with 2+ Hunted: each loses 1 Will or takes 1 Contamination.",
                 "Glace fragile", "Sur un lieu avec 2 Traqués ou plus : chacun perd "
                 "1 Volonté ou prend 1 Contamination."),
    "blizzard": ("Blizzard", "Rescue advances only if a Hunted discards 2 Places.",
                 "Blizzard", "Le Secours n'avance que si un Traqué défausse 2 Lieux."),
}

SURVIVAL: dict[str, Entry] = {
    "adrenaline": ("Adrenaline", "Regain 1 Will.", "Adrénaline", "Regagnez 1 Volonté."),
    "ingenuity": ("Ingenuity", "Put the Marker on the Beach.",
                  "Ingéniosité", "Posez la Balise sur la Plage."),
    "sacrifice": ("Sacrifice", "Discard 1 Place: the Creature plays no Hunt card this turn.",
                  "Sacrifice", "Défaussez 1 Lieu : la Créature ne joue aucune carte Traque "
                  "ce tour-ci."),
    "sixth-sense": ("Sixth Sense", "Take back 2 discarded Places.",
                    "Sixième sens", "Reprenez 2 Lieux défaussés."),
    "smokescreen": ("Smokescreen", "The Creature cannot see the discard piles this turn.",
                    "Écran de fumée", "La Créature ne peut pas voir les défausses ce tour-ci."),
    "strike-back": ("Strike Back",
                    "2 random Hunt cards go from the Creature's hand under its deck.",
                    "Riposte", "2 cartes Traque au hasard passent de la main de la Créature "
                    "sous sa pioche."),
    "vortex": ("Vortex", "Swap your played Place for one from your discard.",
               "Vortex", "Échangez le Lieu joué contre un Lieu de votre défausse."),
    "detector": ("Detector", "Ignore the Artemia token.",
                 "Détecteur", "Ignorez le jeton Artemia."),
    "dodge": ("Dodge", "Ignore the Creature token.", "Esquive", "Ignorez le jeton Créature."),
    "drone": ("Drone", "Use the Rover's power instead of your place's.",
              "Drone", "Utilisez le pouvoir du Rover au lieu de celui de votre lieu."),
    "gate": ("Gate", "Use an adjacent place's power instead (not the Artefact).",
             "Portail", "Utilisez plutôt le pouvoir d'un lieu adjacent (pas l'Artefact)."),
    "hologram": ("Hologram", "Move the Artemia token to an adjacent place.",
                 "Hologramme", "Déplacez le jeton Artemia sur un lieu adjacent."),
    "wrong-track": ("Wrong Track", "Move the Creature token to an adjacent place.",
                    "Fausse piste", "Déplacez le jeton Créature sur un lieu adjacent."),
    "amplifier": ("Amplifier", "Remove the Marker from the Beach: Rescue +1 now.",
                  "Amplificateur", "Retirez la Balise de la Plage : Secours +1 tout de suite."),
    "double-back": ("Double Back", "Take back the Place you played this turn.",
                    "Demi-tour", "Reprenez le Lieu joué ce tour-ci."),
    # Frozen Lands (our French names)
    "hand-warmers": ("Hand Warmers", "A Hunted with 1 or 2 Will regains 1.",
                     "Chaufferettes", "Un Traqué à 1 ou 2 Volonté en regagne 1."),
    "radio-relay": ("Radio Relay", "Another Hunted takes back up to 2 discarded Places.",
                    "Relais radio", "Un autre Traqué reprend jusqu'à 2 Lieux défaussés."),
    "whisper": ("Whisper", "Talk privately with another Hunted this Exploration.",
                "Murmure", "Parlez en privé avec un autre Traqué pendant cette Exploration."),
    "vaccine": ("Vaccine", "A Hunted takes no Contamination this turn.",
                "Vaccin", "Un Traqué ne prend aucune Contamination ce tour-ci."),
    "blood-test": ("Blood Test", "Reveal 1 Contamination token; discard it if infected.",
                   "Prise de sang", "Révélez 1 jeton Contamination ; défaussez-le s'il est "
                   "infecté."),
    "signal-mirror": ("Signal Mirror",
                      "Another Hunted swaps their played Place for a discarded one.",
                      "Miroir de signalisation", "Un autre Traqué échange son Lieu joué contre "
                      "un Lieu défaussé."),
    "roped-together": ("Roped Together", "Move to an adjacent place where another Hunted is.",
                       "Encordés", "Allez sur un lieu adjacent où se trouve un autre Traqué."),
    "windbreak": ("Windbreak", "Ignore the Target token and its Hunt cards.",
                  "Coupe-vent", "Ignorez le jeton Cible et ses cartes Traque."),
    "huddle": ("Huddle", "Only one Hunted at your place suffers the Creature token.",
               "Blottis", "Un seul Traqué de votre lieu subit le jeton Créature."),
    "scrub-down": ("Scrub Down", "Discard up to 2 Contamination tokens of Hunted at your place.",
                   "Désinfection", "Défaussez jusqu'à 2 jetons Contamination des Traqués de "
                   "votre lieu."),
    "body-heat": ("Body Heat", "You and another Hunted at your place regain 1 Will.",
                  "Chaleur humaine", "Vous et un autre Traqué de votre lieu regagnez "
                  "1 Volonté."),
    "antidote": ("Antidote", "A Hunted discards 1 Contamination token.",
                 "Antidote", "Un Traqué défausse 1 jeton Contamination."),
    "field-lab": ("Field Lab", "Secretly look at up to 2 Contamination tokens.",
                  "Labo de terrain", "Regardez en secret jusqu'à 2 jetons Contamination."),
    "supply-drop": ("Supply Drop", "Draw 2 Survival cards: keep 1, give or discard the other.",
                    "Largage", "Piochez 2 cartes Survie : gardez-en 1, donnez ou défaussez "
                    "l'autre."),
    "relay-runner": ("Relay Runner", "Another Hunted takes back the Place they played.",
                     "Coureur de relais", "Un autre Traqué reprend le Lieu qu'il a joué."),
}

# The base cards whose texts name base places, as a Frozen Lands game reads them: a base card
# that names a place means the Frozen Lands place of the same number (docs/rules-notes.md).
# Each entry: (English text, French text).
FROZEN_READINGS: dict[str, tuple[str, str]] = {
    "interference": ("The Hummocks and the Capsule do nothing this turn.",
                     "La Banquise et la Capsule sont sans effet ce tour-ci."),
    "drone": ("Use the Sled's power instead of your place's.",
              "Utilisez le pouvoir du Traîneau au lieu de celui de votre lieu."),
    "gate": ("Use an adjacent place's power instead (not the Aurora).",
             "Utilisez plutôt le pouvoir d'un lieu adjacent (pas l'Aurore)."),
}
