// The words of the decisions (action labels, powers, Survival choices, abilities, the odds of
// boarding) and of the panels around them, in English and in French (spread into
// messages.js). `p.you` is true when the seat named is the reader's: the verb agrees.

const s = (n) => (n === 1 ? "" : "s");
const does = (p, yours, theirs) => (p.you ? yours : theirs);

export const PLAY_MESSAGES = {
  // "Label: choice", with the colon each language wants
  "label.colon": { en: "{head}: {text}", fr: "{head} : {text}" },

  // Powers of places (Frozen Lands, and any place without a tailored label)
  "power.generic": { en: "use its power", fr: "utiliser son pouvoir" },
  "power.generic_for": { en: "for {who}", fr: "pour {who}" },
  "power.generic_copy": { en: "copying {place}", fr: "en copiant {place}" },
  "fpower.all_back": { en: "take back all your discarded Places", fr: "reprendre tous vos Lieux défaussés" },
  "fpower.other_back": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back 1 discarded Place`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} 1 Lieu défaussé`,
  },
  "fpower.it_back": { en: "take it back", fr: "la reprendre" },
  "fpower.it_back_other": {
    en: (p) => `take it back; ${p.who} ${does(p, "take", "takes")} back 1 discarded Place`,
    fr: (p) => `la reprendre ; ${p.who} ${does(p, "reprenez", "reprend")} 1 Lieu défaussé`,
  },
  "fpower.two_keep": {
    en: "{who} may play 2 cards next turn, keeping 1",
    fr: (p) => `${p.who} ${does(p, "pouvez", "peut")} jouer 2 cartes au prochain tour, et en garder 1`,
  },
  "fpower.rescue_with": { en: "Rescue +1 (with another Hunted here)", fr: "Secours +1 (avec un autre Traqué ici)" },
  "fpower.other_gain": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} a Place from the reserve`,
    fr: (p) => `${p.who} ${does(p, "prenez", "prend")} un Lieu dans la réserve`,
  },
  "fpower.cleanse": {
    en: (p) => `${p.who} ${does(p, "discard", "discards")} 1 Contamination token`,
    fr: (p) => `${p.who} ${does(p, "défaussez", "défausse")} 1 jeton Contamination`,
  },
  "fpower.it_back_two": { en: "take it back with up to 2 discarded Places", fr: "la reprendre avec jusqu'à 2 Lieux défaussés" },
  "fpower.supply": { en: "draw 2 Survival cards, keep 1, give or discard the other", fr: "piocher 2 cartes Survie, en garder 1, donner ou défausser l'autre" },
  "fpower.advance": {
    en: "Rescue +1, then you may peek at a token",
    fr: "Secours +1, puis vous pouvez regarder un jeton",
  },
  "fpower.look": { en: "secretly look at a Contamination token", fr: "regarder en secret un jeton Contamination" },
  "fpower.will_draw": {
    en: (p) => `${p.who} ${does(p, "regain", "regains")} 1 Will and you draw 1 Survival card`,
    fr: (p) => `${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté et vous piochez 1 carte Survie`,
  },
  "fpower.will": {
    en: (p) => `${p.who} ${does(p, "regain", "regains")} 1 Will`,
    fr: (p) => `${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté`,
  },

  // Survival cards' choices (Frozen Lands)
  "choice.radio_relay": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back up to 2 discarded Places`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} jusqu'à 2 Lieux défaussés`,
  },
  "choice.whisper": { en: "talk privately with {who}", fr: "parler en privé avec {who}" },
  "choice.vaccine": {
    en: (p) => `protect ${p.you ? "yourself" : p.who} from Contamination`,
    fr: (p) => `${p.you ? "vous protéger" : `protéger ${p.who}`} de la Contamination`,
  },
  "choice.signal_mirror": {
    en: (p) => `${p.who} may swap ${p.you ? "your" : "their"} played Place`,
    fr: (p) => `${p.who} ${does(p, "pouvez", "peut")} échanger ${p.you ? "votre" : "sa"} carte Lieu jouée`,
  },
  "choice.body_heat": { en: "you and {who} regain 1 Will", fr: "vous et {who} regagnez 1 Volonté" },
  "choice.relay_runner": {
    en: (p) => `${p.who} ${does(p, "take", "takes")} back ${p.you ? "your" : "their"} played Place`,
    fr: (p) => `${p.who} ${does(p, "reprenez", "reprend")} ${p.you ? "votre" : "sa"} carte Lieu jouée`,
  },
  "choice.reveal": { en: "reveal {token}", fr: "révéler {token}" },
  "choice.look_first": { en: "look at {token} first", fr: "regarder d'abord {token}" },
  "choice.go": { en: "move from {from} to {to}", fr: "aller de {from} à {to}" },
  "choice.huddle": {
    en: (p) => `at ${p.place}, only ${p.who} ${does(p, "suffer", "suffers")} the Creature token`,
    fr: (p) => `à ${p.place}, ${p.you ? "vous seul subissez" : `seul ${p.who} subit`} le jeton Créature`,
  },
  "choice.scrub_down": { en: "discard {parts}", fr: "défausser {parts}" },
  "choice.tokens_of": {
    en: (p) => `${p.n} of ${p.you ? "your" : `${p.who}'s`} tokens`,
    fr: (p) => (p.you ? `${p.n} de vos jetons` : `${p.n} jeton${s(p.n)} de ${p.who}`),
  },
  "choice.windbreak": { en: "ignore the Target token here", fr: "ignorer le jeton Cible ici" },
  "choice.supply_drop": { en: "draw 2, keep 1, give or discard the other", fr: "piocher 2, en garder 1, donner ou défausser l'autre" },

  // Choices answering a prompt
  "choose.gain": { en: "Take {place} from the reserve", fr: "Prendre {place} dans la réserve" },
  "choose.give": { en: "Give {card} to {who}", fr: "Donner {card} à {who}" },
  "choose.the_card": { en: "the card", fr: "la carte" },
  "choose.lose_will": { en: "Lose 1 Will", fr: "Perdre 1 Volonté" },
  "choose.take_token": { en: "Take 1 Contamination token", fr: "Prendre 1 jeton Contamination" },
  "choose.swap": { en: "Swap {out} for {into} from your discard pile", fr: "Échanger {out} contre {into} de votre défausse" },
  "choose.intercept": { en: "Send {card} under the Hunt deck", fr: "Glisser {card} sous la pioche Traque" },
  "choose.discard_two": { en: "Discard 2 Place cards", fr: "Défausser 2 cartes Lieu" },
  "action.look": { en: "Look at {token}", fr: "Regarder {token}" },

  // Sheet abilities
  "ability.intercept_choice": { en: "Look at the Hunt cards", fr: "Regarder les cartes Traque" },
  "ability.intercept": { en: "{name}: look at the Creature's Hunt cards", fr: "{name} : regarder les cartes Traque de la Créature" },
  "ability.keen_senses": { en: "{name}: count the Place cards played on {place}", fr: "{name} : compter les cartes Lieu jouées sur {place}" },
  "ability.change_of_plan": { en: "{name}: take back {place} and play another Place", fr: "{name} : reprendre {place} et jouer un autre Lieu" },
  "ability.triage_choice": {
    en: (p) => `${p.who} ${does(p, "regain", "regains")} 1 Will`,
    fr: (p) => `${p.who} ${does(p, "regagnez", "regagne")} 1 Volonté`,
  },
  "ability.share_choice": { en: "{card} to {who}", fr: "{card} pour {who}" },
  "ability.share": { en: "{name}: give {card} to {who}", fr: "{name} : donner {card} à {who}" },
  "ability.stand_choice": { en: "Lose 1 Will for {who}", fr: "Perdre 1 Volonté pour {who}" },
  "ability.stand": { en: "{name}: lose 1 Will so that {who} keeps their last", fr: "{name} : perdre 1 Volonté pour que {who} garde sa dernière" },

  // Boarding the rescue ship: the odds this page knows
  "odds.percent": { en: "{n}%", fr: "{n} %" },
  "odds.none": { en: "No Contamination token is held: boarding is safe.", fr: "Aucun jeton Contamination n'est détenu : embarquer est sans risque." },
  "odds.icon": {
    en: (p) => `Boarding now loses: ${p.n === 1 ? "a token is" : `${p.n} tokens are`} known to show the icon.`,
    fr: (p) => `Embarquer maintenant fait perdre : ${p.n === 1 ? "un jeton porte" : `${p.n} jetons portent`} le symbole, c'est connu.`,
  },
  "odds.clean": { en: "Every token held is known to be clean: boarding wins.", fr: "Tous les jetons détenus sont connus sains : embarquer fait gagner." },
  "odds.board": {
    en: (p) => `Board: ${p.chance} chance that ${p.unknown === 1 ? "the unknown token is" : p.unknown === 2 ? "both unknown tokens are" : `all ${p.unknown} unknown tokens are`} clean (${p.icons} of the ${p.total} carry the icon${p.blank ? `, ${p.blank} held ${p.blank === 1 ? "is" : "are"} known clean` : ""}). Wait: no rescue this turn, but one of you may discard a token.`,
    fr: (p) => `Embarquer : ${p.chance} de chances que ${p.unknown === 1 ? "le jeton inconnu soit sain" : p.unknown === 2 ? "les deux jetons inconnus soient sains" : `les ${p.unknown} jetons inconnus soient tous sains`} (${p.icons} des ${p.total} portent le symbole${p.blank ? `, ${p.blank} détenu${s(p.blank)} ${p.blank === 1 ? "est connu sain" : "sont connus sains"}` : ""}). Attendre : pas de secours ce tour-ci, mais l'un de vous pourra défausser un jeton.`,
  },

  // The actions panel
  "actions.your_move": { en: "Your move", fr: "À vous" },
  "actions.chosen": { en: "You have chosen", fr: "Vous avez choisi" },
  "actions.waiting": { en: "Waiting", fr: "En attente" },
  "actions.auto_passing": {
    en: "“{pass}” is all there is to do here: the server does it for you in a moment, unless you click first.",
    fr: "« {pass} » est tout ce qu'il y a à faire ici : le serveur le fait pour vous dans un instant, à moins que vous ne cliquiez avant.",
  },
  "actions.may_change": { en: "You have chosen; you may change your mind until the Exploration ends.", fr: "Vous avez choisi ; vous pouvez changer d'avis jusqu'à la fin de l'Exploration." },
  "actions.time_left": { en: "Time left for this decision", fr: "Temps restant pour cette décision" },
  "actions.nothing": { en: "Nothing to do right now.", fr: "Rien à faire pour l'instant." },
  "actions.waiting_on": { en: "Waiting on {who}.", fr: "En attente de {who}." },
  "actions.doing": { en: "{who} ({doing})", fr: "{who} ({doing})" },
  "actions.now": { en: " (now: {card})", fr: " (en ce moment : {card})" },
  "actions.you": { en: "You", fr: "Vous" },
  "actions.not_voted": { en: "has not voted yet", fr: "n'a pas encore voté" },
  "actions.votes_so_far": { en: "Votes so far", fr: "Les votes jusqu'ici" },
  "actions.team_decision": { en: "Team decision", fr: "Décision d'équipe" },
  "actions.votes": { en: "Votes", fr: "Votes" },
  "actions.token_to_place": { en: "Token to place", fr: "Jeton à poser" },
  "actions.then_place": { en: "Then choose a place on Artemia below.", fr: "Puis choisissez un lieu d'Artemia ci-dessous." },
  "actions.auto_pass": { en: "Pass for me when I hold nothing I could play here", fr: "Passer pour moi quand je n'ai rien à jouer ici" },
  "actions.passing_until": { en: "Passing until my next decision · Stop", fr: "Je passe jusqu'à ma prochaine décision · Arrêter" },
  "actions.pass_until_title": { en: "Pass every card window until a decision without a Pass comes", fr: "Passer chaque occasion de jouer une carte jusqu'à une décision sans « Passer »" },
  "actions.pass_until": { en: "Pass until my next decision", fr: "Passer jusqu'à ma prochaine décision" },
  "symbol.target": { en: "Target", fr: "Cible" },
  "symbol.artemia": { en: "Artemia", fr: "Artemia" },

  // The players panel
  "players.title": { en: "Players", fr: "Joueurs" },
  "players.token": { en: "Token {n}: {face}", fr: "Jeton {n} : {face}" },
  "players.token_title": { en: "Contamination token {n}: {face}", fr: "Jeton Contamination {n} : {face}" },
  "players.face_down": { en: "face down, unknown", fr: "face cachée, inconnue" },
  "players.contamination": { en: "Contamination: ", fr: "Contamination : " },
  "players.none": { en: "none", fr: "aucun" },
  "players.used": { en: "used", fr: "utilisée" },
  "players.used_turn": { en: "used this turn", fr: "utilisée ce tour-ci" },
  "players.sheet_who": { en: "{name}, {role}", fr: "{name}, {role}" },
  "players.when": { en: " When: {when}.", fr: " Quand : {when}." },
  "vote.short.board": { en: "board", fr: "embarquer" },
  "vote.short.wait": { en: "wait", fr: "attendre" },
  "vote.short.nobody": { en: "nobody", fr: "personne" },
  "players.vote_title": { en: "This Hunted's vote", fr: "Le vote de ce Traqué" },
  "players.voted": { en: "voted: {vote}", fr: "a voté : {vote}" },
  "players.replace_title": { en: "A computer plays this seat until its player comes back", fr: "L'ordinateur joue cette place jusqu'au retour de son joueur" },
  "players.replace_wait": { en: "Let a computer play (wait…)", fr: "Confier à l'ordinateur (patientez…)" },
  "players.replace_in": { en: "Let a computer play in {s} s", fr: "Confier à l'ordinateur dans {s} s" },
  "players.replace": { en: "Let a computer play", fr: "Confier à l'ordinateur" },
  "players.will": { en: "{n} Will", fr: "{n} Volonté" },
  "players.at": { en: "at {places}", fr: "à {places}" },
  "players.has_chosen": { en: "has chosen", fr: "a choisi" },
  "players.hunt_cards": { en: "Hunt cards", fr: "Cartes Traque" },
  "players.deck": { en: "Deck", fr: "Pioche" },
  "players.plays_left": { en: "Plays left", fr: "Cartes jouables" },
  "players.discarded": { en: "Discarded: ", fr: "Défaussées : " },
  "players.hidden": { en: "{n} hidden ({card})", fr: "{n} cachée(s) ({card})" },
  "players.empty": { en: "empty", fr: "vide" },
  "players.places": { en: "Places", fr: "Lieux" },
  "players.survival": { en: "Survival", fr: "Survie" },
  "players.vaccinated_title": { en: "Takes no Contamination token this turn", fr: "Ne prend aucun jeton Contamination ce tour-ci" },
  "players.vaccinated": { en: "vaccinated", fr: "vacciné" },
  "players.discard": { en: "Discard: ", fr: "Défausse : " },

  // One's own cards
  "hand.target": { en: "Target", fr: "Cible" },
  "hand.any_phase": { en: "any phase", fr: "toute phase" },
  "hand.verb.discard": { en: "Discard {name}", fr: "Défausser {name}" },
  "hand.verb.keep": { en: "Keep {name}", fr: "Garder {name}" },
  "hand.verb.play": { en: "Play {name}", fr: "Jouer {name}" },
  "hand.your_hunt_cards": { en: "Your Hunt cards", fr: "Vos cartes Traque" },
  "hand.in_hand": { en: "In hand", fr: "En main" },
  "hand.no_hunt": { en: "No Hunt card in hand.", fr: "Aucune carte Traque en main." },
  "hand.your_sheet": { en: "Your sheet", fr: "Votre fiche" },
  "hand.when": { en: "{text} When: {when}.", fr: "{text} Quand : {when}." },
  "hand.shown_by": { en: "Shown to you by {card}", fr: "Montrées par {card}" },
  "hand.shown": { en: "{who}: {cards}", fr: "{who} : {cards}" },
  "hand.nothing": { en: "nothing", fr: "rien" },
  "hand.spectating": { en: "Spectating", fr: "Spectateur" },
  "hand.watching": { en: "You are watching this game.", fr: "Vous regardez cette partie." },
  "hand.your_cards": { en: "Your cards", fr: "Vos cartes" },
  "hand.your_tokens": { en: "Your Contamination tokens", fr: "Vos jetons Contamination" },
  "hand.face_down_note": { en: " Face down: nobody knows them, not even you, until someone looks or they are revealed.", fr: " Face cachée : personne ne les connaît, pas même vous, jusqu'à ce que quelqu'un les regarde ou qu'ils soient révélés." },
  "hand.no_token": { en: "None. Each token you take is drawn blind; {icons} of the {total} carry the icon.", fr: "Aucun. Chaque jeton pris est tiré à l'aveugle ; {icons} des {total} portent le symbole." },
  "hand.face_down": { en: "Face down (only you see it)", fr: "Face cachée (vous seul la voyez)" },
  "hand.in_play": { en: "In play", fr: "En jeu" },
  "hand.places": { en: "Place cards in hand", fr: "Cartes Lieu en main" },
  "hand.no_place": { en: "No Place card in hand.", fr: "Aucune carte Lieu en main." },
  "hand.survival": { en: "Survival cards", fr: "Cartes Survie" },
  "hand.no_survival": { en: "No Survival card.", fr: "Aucune carte Survie." },
};
