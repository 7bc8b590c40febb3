// The words of the offers whose words depend on their card, place, ability or prompt, in
// English and in French, by the key the engine gives each offer (`offer.wording`, spread into
// messages.js). labels.js fills them with the offer's targets, each named by its kind:
// `place`, `who`, `card`, `token` (the second of a kind: `place2`…), `you` when the seat named
// is the reader's own (the verb agrees), `here` the place whose power is used, `name` the
// ability's name; `place_name(n)` names a place of the board being played. An ability has
// two words: its label and, among the ability's other uses, its choice (`<key>.choice`).

const s = (n) => (n === 1 ? "" : "s");
const does = (p, yours, theirs) => (p.you ? yours : theirs);

// Words that several offers share.
const COPY = { en: "copy the power of {place}", fr: "copier le pouvoir de {place}" };
const THIS = { en: "take {here} back", fr: "reprendre {here}" };
const ONE_BACK = { en: "take back 1 discarded Place", fr: "reprendre 1 Lieu défaussé" };
const FROM_RESERVE = { en: "take {card} from the reserve", fr: "prendre {card} dans la réserve" };
const DRAW_ONE = { en: "draw 1 Survival card", fr: "piocher 1 carte Survie" };
const BOTH_COUNT = { en: "play 2 cards next turn, both count", fr: "jouer 2 cartes au prochain tour, les deux comptent" };
const REGAINS = {
  en: (p) => `${p.who} ${does(p, "regain", "regains")} 1 Will`,
  fr: (p) => `${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté`,
};
const CLEANSE = {
  en: (p) => `${p.who} ${does(p, "discard", "discards")} 1 Contamination token`,
  fr: (p) => `${p.who} ${does(p, "défaussez", "défausse")} 1 jeton Contamination`,
};
const LOSE_WILL = { en: "Lose 1 Will", fr: "Perdre 1 Volonté" };
const USE_POWER = { en: "use the power of {place}", fr: "utiliser le pouvoir de {place}" };
const MOVE_TOKEN = (en, fr) => ({ en: `move the ${en} from {place} to {place2}`, fr: `déplacer le ${fr} de {place} vers {place2}` });

export const OFFER_MESSAGES = {
  // Powers of the base game's places
  "power.lair.recover": { en: "take back your discarded Places", fr: "reprendre vos Lieux défaussés" },
  "power.lair.copy": COPY,
  "power.jungle": { en: "take it back with 1 discarded Place", fr: "la reprendre avec 1 Lieu défaussé" },
  "power.jungle.this": THIS,
  "power.jungle.discard": ONE_BACK,
  "power.river": { en: "play 2 cards next turn, keep 1", fr: "jouer 2 cartes au prochain tour, en garder 1" },
  "power.beach.put": { en: "put the Marker on the Beach", fr: "poser la Balise sur la Plage" },
  "power.beach.remove": { en: "remove the Marker, Rescue +1", fr: "retirer la Balise, Secours +1" },
  "power.rover": FROM_RESERVE,
  "power.swamp": { en: "take it back with 2 discarded Places", fr: "la reprendre avec 2 Lieux défaussés" },
  "power.swamp.this": THIS,
  "power.swamp.discard": ONE_BACK,
  "power.shelter": { en: "draw 2 Survival cards, keep 1", fr: "piocher 2 cartes Survie, en garder 1" },
  "power.wreck": { en: "Rescue +1", fr: "Secours +1" },
  "power.source.will": REGAINS,
  "power.source.draw": DRAW_ONE,
  "power.artefact": BOTH_COUNT,

  // Powers of the Frozen Lands' places (frozen_lands.md §3)
  "power.ice-cave.recover": { en: "take back all your discarded Places", fr: "reprendre tous vos Lieux défaussés" },
  "power.ice-cave.copy": COPY,
  "power.frost-forest": {
    en: (p) => (p.who ? `take it back; ${p.who} ${does(p, "take", "takes")} back 1 discarded Place` : "take it back"),
    fr: (p) => (p.who ? `la reprendre ; ${p.who} ${does(p, "reprenez", "reprend")} 1 Lieu défaussé` : "la reprendre"),
  },
  "power.frost-forest.this": THIS,
  "power.frost-forest.other": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back 1 discarded Place`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} 1 Lieu défaussé`,
  },
  "power.fjord": {
    en: "{who} may play 2 cards next turn, keeping 1",
    fr: (p) => `${p.who} ${does(p, "pouvez", "peut")} jouer 2 cartes au prochain tour, et en garder 1`,
  },
  "power.hummocks": { en: "Rescue +1 (with another Hunted here)", fr: "Secours +1 (avec un autre Traqué ici)" },
  "power.sled": {
    en: (p) => (p.card ? `take ${p.card} from the reserve` : `${p.who} ${does(p, "take", "takes")} a Place from the reserve`),
    fr: (p) => (p.card ? `prendre ${p.card} dans la réserve` : `${p.who} ${does(p, "prenez", "prend")} un Lieu dans la réserve`),
  },
  "power.hot-springs.this": { en: "take it back with up to 2 discarded Places", fr: "la reprendre avec jusqu'à 2 Lieux défaussés" },
  "power.hot-springs.discard": ONE_BACK,
  "power.hot-springs.cleanse": CLEANSE,
  "power.igloo": { en: "draw 2 Survival cards, keep 1, give or discard the other", fr: "piocher 2 cartes Survie, en garder 1, donner ou défausser l'autre" },
  // the end the advance may bring is the cost's note (the engine's `cost`)
  "power.capsule.advance": { en: "Rescue +1, then you may peek at a token", fr: "Secours +1, puis vous pouvez regarder un jeton" },
  "power.capsule.look": { en: "secretly look at a Contamination token", fr: "regarder en secret un jeton Contamination" },
  "power.geyser.both": {
    en: (p) => `${p.who} ${does(p, "regain", "regains")} 1 Will and you draw 1 Survival card`,
    fr: (p) => `${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté et vous piochez 1 carte Survie`,
  },
  "power.geyser.will": REGAINS,
  "power.geyser.draw": DRAW_ONE,
  "power.aurora": BOTH_COUNT,

  // Survival cards' choices (the others read as what they point at: "on The Jungle")
  "survival.sacrifice": { en: "discard {card}", fr: "défausser {card}" },
  "survival.vortex": { en: "swap {card} for {card2}", fr: "échanger {card} contre {card2}" },
  "survival.hologram": MOVE_TOKEN("Artemia token", "jeton Artemia"),
  "survival.wrong-track": MOVE_TOKEN("Creature token", "jeton Créature"),
  "survival.double-back": { en: "take back {card}", fr: "reprendre {card}" },
  "survival.gate": USE_POWER,
  // The Drone copies the power of the place numbered 5 of the board played (its text)
  "survival.drone": {
    en: (p) => `use the power of ${p.place_name(5)}`,
    fr: (p) => `utiliser le pouvoir de ${p.place_name(5)}`,
  },
  "survival.hand-warmers": REGAINS,
  "survival.radio-relay": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back up to 2 discarded Places`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} jusqu'à 2 Lieux défaussés`,
  },
  "survival.whisper": { en: "talk privately with {who}", fr: "parler en privé avec {who}" },
  "survival.vaccine": {
    en: (p) => `protect ${p.you ? "yourself" : p.who} from Contamination`,
    fr: (p) => `${p.you ? "vous protéger" : `protéger ${p.who}`} de la Contamination`,
  },
  "survival.signal-mirror": {
    en: (p) => `${p.who} may swap ${p.you ? "your" : "their"} played Place`,
    fr: (p) => `${p.who} ${does(p, "pouvez", "peut")} échanger ${p.you ? "votre" : "sa"} carte Lieu jouée`,
  },
  "survival.body-heat": { en: "you and {who} regain 1 Will", fr: "vous et {who} regagnez 1 Volonté" },
  "survival.antidote": CLEANSE,
  "survival.relay-runner": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back ${p.you ? "your" : "their"} played Place`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} ${p.you ? "votre" : "sa"} carte Lieu jouée`,
  },
  "survival.blood-test": { en: "reveal {token}", fr: "révéler {token}" },
  "survival.field-lab": { en: "look at {token} first", fr: "regarder d'abord {token}" },
  "survival.roped-together": { en: "move from {place} to {place2}", fr: "aller de {place} à {place2}" },
  "survival.huddle": {
    en: (p) => `at ${p.place}, only ${p.who} ${does(p, "suffer", "suffers")} the Creature token`,
    fr: (p) => `à ${p.place}, ${p.you ? "vous seul subissez" : `seul ${p.who} subit`} le jeton Créature`,
  },
  "survival.scrub-down": { en: "discard {each}", fr: "défausser {each}" },
  "survival.scrub-down.each": {
    en: (p) => `${p.n} of ${p.you ? "your" : `${p.who}'s`} tokens`,
    fr: (p) => (p.you ? `${p.n} de vos jetons` : `${p.n} jeton${s(p.n)} de ${p.who}`),
  },
  "survival.windbreak": { en: "ignore the Target token here", fr: "ignorer le jeton Cible ici" },
  "survival.supply-drop": { en: "draw 2, keep 1, give or discard the other", fr: "piocher 2, en garder 1, donner ou défausser l'autre" },

  // Choices answering a prompt: `choose.<prompt kind>`, then `.<option>` for a plain word
  "choose.gain": { en: "Take {card} from the reserve", fr: "Prendre {card} dans la réserve" },
  "choose.give_survival": { en: "Give {card} to {who}", fr: "Donner {card} à {who}" },
  "choose.give_survival.discard": { en: "Discard {card}", fr: "Défausser {card}" },
  "choose.thin_ice.will": LOSE_WILL,
  "choose.thin_ice.token": { en: "Take 1 Contamination token", fr: "Prendre 1 jeton Contamination" },
  "choose.signal_mirror": { en: "Swap {card} for {card2} from your discard pile", fr: "Échanger {card} contre {card2} de votre défausse" },
  "choose.intercept": { en: "Send {card} under the Hunt deck", fr: "Glisser {card} sous la pioche Traque" },
  "choose.scream.discard": { en: "Discard 2 Place cards", fr: "Défausser 2 cartes Lieu" },
  "choose.scream.will": LOSE_WILL,

  // Sheet abilities: the label, and the choice among the ability's uses
  "ability.intercept": { en: "{name}: look at the Creature's Hunt cards", fr: "{name} : regarder les cartes Traque de la Créature" },
  "ability.intercept.choice": { en: "Look at the Hunt cards", fr: "Regarder les cartes Traque" },
  "ability.keen-senses": { en: "{name}: count the Place cards played on {place}", fr: "{name} : compter les cartes Lieu jouées sur {place}" },
  "ability.keen-senses.choice": { en: "{number} {bare}", fr: "{number} {bare}" },
  "ability.change-of-plan": { en: "{name}: take back {place} and play another Place", fr: "{name} : reprendre {place} et jouer un autre Lieu" },
  "ability.change-of-plan.choice": { en: "Take back {place}", fr: "Reprendre {place}" },
  "ability.triage": {
    en: (p) => `${p.name}: ${p.who} ${does(p, "regain", "regains")} 1 Will`,
    fr: (p) => `${p.name} : ${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté`,
  },
  "ability.triage.choice": {
    en: (p) => `${p.you ? "You" : p.who} ${does(p, "regain", "regains")} 1 Will`,
    fr: (p) => `${p.you ? "Vous" : p.who} ${does(p, "regagnez", "regagne")} 1 Volonté`,
  },
  "ability.share-supplies": { en: "{name}: give {card} to {who}", fr: "{name} : donner {card} à {who}" },
  "ability.share-supplies.choice": { en: "{card} to {who}", fr: "{card} pour {who}" },
  "ability.stand-together": { en: "{name}: lose 1 Will so that {who} keeps their last", fr: "{name} : perdre 1 Volonté pour que {who} garde sa dernière" },
  "ability.stand-together.choice": { en: "Lose 1 Will for {who}", fr: "Perdre 1 Volonté pour {who}" },
};
