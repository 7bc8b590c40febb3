// The log's sentences and the table's words, in English and in French (spread into
// messages.js). `p.you` is true when the sentence is about the reader's own seat, so that the
// verb agrees ("you passed" / "Ann passed", "vous avez passé" / "Ann a passé").

const s = (n) => (n === 1 ? "" : "s");
const has = (p) => (p.you ? "vous avez" : `${p.who} a`); // passé composé with avoir
const does = (p, yours, theirs) => (p.you ? yours : theirs); // English third person -s

export const LOG_MESSAGES = {
  // Choices shown after a Survival card's name in the log
  "played.for": { en: " (for {who})", fr: " (pour {who})" },
  "played.on_token": { en: " (on {token})", fr: " (sur {token})" },
  "played.on_a_token": { en: " (on a token)", fr: " (sur un jeton)" },
  // A played Survival card's choices, by the card (`played.<card id>`), else by their kind
  "played.roped-together": { en: " (from {place} to {place2})", fr: " (de {place} à {place2})" },
  "played.huddle": {
    en: (p) => ` (at ${p.place}, only ${p.who} ${does(p, "suffer", "suffers")})`,
    fr: (p) => ` (à ${p.place}, ${p.you ? "vous seul subissez le jeton" : `seul ${p.who} subit le jeton`})`,
  },
  "played.scrub-down": {
    en: (p) => (p.distinct === 1 && p.you ? " (your tokens)" : ` (tokens of ${p.each})`),
    fr: (p) => (p.distinct === 1 && p.you ? " (vos jetons)" : ` (jetons de ${p.each})`),
  },
  "played.scrub-down.each": { en: "{who}", fr: "{who}" },
  "played.places": { en: " ({places})", fr: " ({places})" },

  // Events not in messages.js
  "event.river_choice_made": {
    en: (p) => `${p.who} kept one of the two ${p.place} cards in play.`,
    fr: (p) => `${has(p)} gardé en jeu l'une des deux cartes ${p.place}.`,
  },
  "event.hunt_cards_struck_back": {
    en: (p) => `${p.card}: ${p.n} Hunt card${s(p.n)} went under the Hunt deck.`,
    fr: (p) => `${p.card} : ${p.n} carte${s(p.n)} Traque ${p.n === 1 ? "est passée" : "sont passées"} sous la pioche Traque.`,
  },
  "event.hunt_cards_to_bottom": { en: "Under your deck: {cards}.", fr: "Sous votre pioche : {cards}." },
  "event.place_cards_shown": {
    en: (p) => `${p.who} showed ${p.n} Place card${s(p.n)} to the Creature.`,
    fr: (p) => `${has(p)} montré ${p.n} carte${s(p.n)} Lieu à la Créature.`,
  },
  "event.place_cards_shown_to_creature": {
    en: (p) => `${p.who} ${does(p, "show", "shows")}: ${p.cards}.`,
    fr: (p) => `${p.you ? "vous montrez" : `${p.who} montre`} : ${p.cards}.`,
  },
  "event.nothing": { en: "nothing", fr: "rien" },
  "event.played_card_swapped": {
    en: "{who} swapped {out} for {into}.",
    fr: (p) => `${has(p)} échangé ${p.out} contre ${p.into}.`,
  },
  "event.played_card_swapped_hidden": {
    en: "{who} swapped their played Place.",
    fr: (p) => `${has(p)} échangé ${p.you ? "votre" : "sa"} carte Lieu jouée.`,
  },
  "taken.give-up": { en: "for giving up", fr: "pour avoir lâché prise" },
  "taken.last-will": { en: "for losing the last Will", fr: "pour avoir perdu la dernière Volonté" },
  "event.contamination_taken": {
    en: "{who} took a Contamination token, face down ({why}).",
    fr: (p) => `${has(p)} pris un jeton Contamination, face cachée (${p.why}).`,
  },
  "event.contamination_prevented": {
    en: "{card}: {who} took no Contamination token ({why}).",
    fr: (p) => `${p.card} : ${p.you ? "vous n'avez" : `${p.who} n'a`} pris aucun jeton Contamination (${p.why}).`,
  },
  "event.contamination_reserve_empty": {
    en: "The token reserve is empty: {who} took nothing.",
    fr: (p) => `La réserve de jetons est vide : ${p.you ? "vous n'avez" : `${p.who} n'a`} rien pris.`,
  },
  "event.contamination_discarded": {
    en: "{who} discarded a Contamination token ({why}); it went back into the reserve, face down.",
    fr: (p) => `${has(p)} défaussé un jeton Contamination (${p.why}) ; il retourne dans la réserve, face cachée.`,
  },
  "event.looked_at_own": {
    en: (p) => `${p.who} secretly looked at ${p.you ? "your" : "their"} own token.`,
    fr: (p) => `${has(p)} regardé en secret ${p.you ? "votre" : "son"} propre jeton.`,
  },
  "event.looked_at": {
    en: "{who} secretly looked at {token}.",
    fr: (p) => `${has(p)} regardé en secret ${p.token}.`,
  },
  "event.token_of": { en: "{whose} token", fr: "le jeton de {whose}" },
  "event.your_token": { en: "your token", fr: "votre jeton" },
  "event.contamination_seen_icon": { en: "You saw it: the token shows the icon (contaminated).", fr: "Vous l'avez vu : le jeton porte le symbole (contaminé)." },
  "event.contamination_seen_blank": { en: "You saw it: the token is blank (clean).", fr: "Vous l'avez vu : le jeton est vierge (sain)." },
  "event.contamination_revealed_icon": {
    en: (p) => `${p.you ? "Your" : `${p.who}'s`} token is revealed: contaminated!`,
    fr: (p) => `${p.you ? "Votre jeton" : `Le jeton de ${p.who}`} est révélé : contaminé !`,
  },
  "event.contamination_revealed_blank": {
    en: (p) => `${p.you ? "Your" : `${p.who}'s`} token is revealed: clean.`,
    fr: (p) => `${p.you ? "Votre jeton" : `Le jeton de ${p.who}`} est révélé : sain.`,
  },
  "event.team_decision_opened": { en: "The Hunted vote: {what}.", fr: "Les Traqués votent : {what}." },
  "vote_on.board": { en: "board the rescue ship or wait", fr: "embarquer dans le vaisseau de secours ou attendre" },
  "vote_on.blizzard": { en: "who pays for the Blizzard", fr: "qui paie pour le Blizzard" },
  "vote_on.cleanse": { en: "who discards a token", fr: "qui défausse un jeton" },
  "event.voted": { en: "{who} voted: {vote}.", fr: (p) => `${has(p)} voté : ${p.vote}.` },
  "event.team_decision_made": { en: "The Hunted decided: {vote}.", fr: "Les Traqués ont décidé : {vote}." },
  "event.rescue_refused": { en: "The Hunted wait for the ship: additional turn {n}.", fr: "Les Traqués attendent le vaisseau : tour supplémentaire {n}." },
  "event.capsule_overshot": {
    en: "{who} pushed the Capsule onto Victory: the Hunted lose!",
    fr: (p) => `${has(p)} poussé la Capsule sur la Victoire : les Traqués perdent !`,
  },
  "event.thin_ice_chosen": {
    en: "{who} chose on the Thin Ice, in secret.",
    fr: (p) => `${has(p)} choisi en secret sur la Glace fragile.`,
  },
  "event.thin_ice_choice_will": { en: "Your Thin Ice choice: lose 1 Will.", fr: "Votre choix sur la Glace fragile : perdre 1 Volonté." },
  "event.thin_ice_choice_token": { en: "Your Thin Ice choice: take a token.", fr: "Votre choix sur la Glace fragile : prendre un jeton." },
  "event.thin_ice_resolved_will": {
    en: (p) => `Thin Ice: ${p.who} ${does(p, "lose", "loses")} 1 Will.`,
    fr: (p) => `Glace fragile : ${p.you ? "vous perdez" : `${p.who} perd`} 1 Volonté.`,
  },
  "event.thin_ice_resolved_token": {
    en: (p) => `Thin Ice: ${p.who} ${does(p, "take", "takes")} a Contamination token.`,
    fr: (p) => `Glace fragile : ${p.you ? "vous prenez" : `${p.who} prend`} un jeton Contamination.`,
  },
  "event.survival_card_given": {
    en: "{who} gave a Survival card to {to}, face down.",
    fr: (p) => (p.to_you ? `${p.who} vous a donné une carte Survie, face cachée.`
      : `${has(p)} donné une carte Survie à ${p.to}, face cachée.`),
  },
  "event.survival_card_given_privately": { en: "The card given: {card}.", fr: "La carte donnée : {card}." },
  "event.signal_mirror_declined": {
    en: (p) => `${p.who} kept ${p.you ? "your" : "their"} played card.`,
    fr: (p) => `${has(p)} gardé ${p.you ? "votre" : "sa"} carte jouée.`,
  },
  "event.ability_used.keen-senses": { en: "The Creature used {ability} on {place}.", fr: "La Créature a utilisé {ability} sur {place}." },
  "event.ability_used.pack-instinct": { en: "{ability}: {who} each discard 1 Place card.", fr: "{ability} : {who} défaussent chacun 1 carte Lieu." },
  "event.ability_used": {
    en: "{who} used {ability}{target}.",
    fr: (p) => `${has(p)} utilisé ${p.ability}${p.target}.`,
  },
  "event.for": { en: " for {who}", fr: " pour {who}" },
  "event.keen_senses_count": {
    en: (p) => `${p.ability}: ${p.n} Place card${s(p.n)} of ${p.place} played this turn.`,
    fr: (p) => `${p.ability} : ${p.n} carte${s(p.n)} ${p.bare} ${p.n === 1 ? "jouée" : "jouées"} ce tour-ci.`,
  },
  "event.hunt_hand_seen": { en: "{ability}: the Creature holds {cards}.", fr: "{ability} : la Créature a en main {cards}." },
  "event.hunt_card_intercepted": {
    en: (p) => `${p.who} sent a Hunt card under the Creature's deck${p.replaced ? "; the Creature drew another" : ""}.`,
    fr: (p) => `${has(p)} glissé une carte Traque sous la pioche de la Créature${p.replaced ? " ; la Créature en a pioché une autre" : ""}.`,
  },
  "event.hunt_card_intercepted_card": { en: "Intercepted: {card}.", fr: "Interceptée : {card}." },
  "event.hunt_card_drawn": { en: "You drew {card}.", fr: "Vous avez pioché {card}." },
  "event.intercept_declined": {
    en: "{who} left the Creature's hand as it was.",
    fr: (p) => `${has(p)} laissé la main de la Créature telle quelle.`,
  },
  "event.place_card_changed": {
    en: (p) => `${p.who} changed ${p.you ? "your" : "their"} played Place card (${p.ability}).`,
    fr: (p) => `${has(p)} changé ${p.you ? "votre" : "sa"} carte Lieu jouée (${p.ability}).`,
  },
  "event.place_card_changed_by_you": { en: "{ability}: {into} instead of {out}.", fr: "{ability} : {into} au lieu de {out}." },
  "event.game_over": { en: "{title}. {reason}", fr: "{title}. {reason}" },
  "event.unknown": { en: "Something happened ({kind}).", fr: "Il s'est passé quelque chose ({kind})." },

  // A team decision's options (votes)
  "vote.board.board": { en: "Board the ship: every token is revealed", fr: "Embarquer : tous les jetons sont révélés" },
  "vote.board.wait": { en: "Wait one more turn (one of you may then discard a token)", fr: "Attendre un tour de plus (l'un de vous pourra alors défausser un jeton)" },
  "vote.blizzard.nobody": { en: "Nobody pays: the Rescue counter stays", fr: "Personne ne paie : le pion Secours reste" },
  "vote.blizzard.seat": {
    en: (p) => `${p.who} ${does(p, "discard", "discards")} 2 Place cards: Rescue advances`,
    fr: (p) => `${p.who} ${p.you ? "défaussez" : "défausse"} 2 cartes Lieu : le Secours avance`,
  },
  "vote.cleanse.nobody": { en: "Nobody discards a token", fr: "Personne ne défausse de jeton" },
  "vote.cleanse.seat": {
    en: (p) => `${p.who} ${does(p, "discard", "discards")} 1 Contamination token`,
    fr: (p) => `${p.who} ${p.you ? "défaussez" : "défausse"} 1 jeton Contamination`,
  },

  // The log panel: folded passes, headings
  "log.title": { en: "Log", fr: "Journal" },
  "log.label": { en: "Game log", fr: "Journal de la partie" },
  "log.empty": { en: "Nothing has happened yet.", fr: "Rien ne s'est encore passé." },
  "log.earlier": { en: "Show earlier events", fr: "Voir les événements précédents" },
  "log.turn": { en: "Turn {turn}", fr: "Tour {turn}" },
  "log.turn_phase": { en: "Turn {turn} · {phase}", fr: "Tour {turn} · {phase}" },
  "log.passed": {
    en: (p) => `${p.who} passed${p.times > 1 ? ` (${p.times} times)` : ""}.`,
    fr: (p) => `${p.who} ${p.you ? "avez" : p.many ? "ont" : "a"} passé${p.times > 1 ? ` (${p.times} fois)` : ""}.`,
  },

  // Moves the server made for a seat (the `by` of an event), folded and marked in the log
  "log.passed_auto": {
    en: (p) => `${p.who} passed automatically${p.times > 1 ? ` (${p.times} times)` : ""}.`,
    fr: (p) => `${p.who} ${p.you ? "avez" : p.many ? "ont" : "a"} passé automatiquement${p.times > 1 ? ` (${p.times} fois)` : ""}.`,
  },
  "log.by.auto_pass": { en: "automatic", fr: "automatique" },
  "log.by.clock": { en: "time ran out: the computer decided", fr: "temps écoulé : l'ordinateur a décidé" },
  "log.by.computer": { en: "played by the computer", fr: "joué par l'ordinateur" },
  "log.taken_over": {
    en: "{who} left — a computer plays for them until they return.",
    fr: "{who} a quitté la table — l'ordinateur joue à sa place jusqu'à son retour.",
  },
  "log.back": { en: "{who} is back and plays again.", fr: "{who} est de retour et rejoue." },
  "log.played_for_you": {
    en: (p) => `While you were away, the computer played for you: ${p.moves}${p.more ? ` and ${p.more} more` : ""}.`,
    fr: (p) => `Pendant votre absence, l'ordinateur a joué pour vous : ${p.moves}${p.more ? ` et ${p.more} autre${p.more > 1 ? "s" : ""}` : ""}.`,
  },
  "log.played_for_you_none": { en: "Welcome back: the computer made no move for you.", fr: "Bon retour : l'ordinateur n'a rien joué pour vous." },
  "replay.show_auto": { en: "Show automatic passes", fr: "Afficher les passes automatiques" },
  "replay.cards_of": { en: "{who}'s cards", fr: "Cartes de {who}" },
  "replay.by": { en: "{who} — {by}", fr: "{who} — {by}" },

  // The table's chrome
  "table.title": { en: "The table of room {code}", fr: "La table {code}" },
  "table.phasebar": { en: "Turn and phase", fr: "Tour et phase" },
  "table.your_cards": { en: "Your cards", fr: "Vos cartes" },
  "table.players": { en: "Players", fr: "Joueurs" },
  "table.chat": { en: "Table chat", fr: "Discussion" },
  "table.send_to": { en: "Send to", fr: "Envoyer à" },
  "table.parts": { en: "Parts of the table", fr: "Parties de la table" },
  "tab.table": { en: "Table", fr: "Table" },
  "tab.hand": { en: "Hand", fr: "Main" },
  "tab.players": { en: "Players", fr: "Joueurs" },
  "tab.log": { en: "Log", fr: "Journal" },
  "tab.chat": { en: "Chat", fr: "Discussion" },
  "table.your_move": { en: "Your move: {prompt}", fr: "À vous : {prompt}" },
  "table.turn": { en: "Turn", fr: "Tour" },
  "table.phases": { en: "Phases", fr: "Phases" },
  "end.rematch": { en: "Rematch", fr: "Revanche" },
  "end.rematch_rotate": { en: "Rematch, with the next player as the Creature", fr: "Revanche, avec le joueur suivant en Créature" },
  "end.host_may": { en: "The host may start a rematch.", fr: "L'hôte peut lancer une revanche." },
  "end.tokens": {
    en: (p) => `Contamination tokens held at the end: ${p.clean} clean, ${p.icon} contaminated${p.unknown ? `, ${p.unknown} never revealed` : ""}.`,
    fr: (p) => `Jetons Contamination détenus à la fin : ${p.clean} sain${s(p.clean)}, ${p.icon} contaminé${s(p.icon)}${p.unknown ? `, ${p.unknown} jamais révélé${s(p.unknown)}` : ""}.`,
  },
  "end.victory": { en: "Victory is yours.", fr: "La victoire est à vous." },
  "end.defeat": { en: "Defeat, this time.", fr: "Défaite, cette fois." },
  "chat.to_you": { en: "whisper to you", fr: "murmure pour vous" },
  "chat.to": { en: "whisper to {who}", fr: "murmure pour {who}" },
  "chat.empty": { en: "No messages yet.", fr: "Aucun message pour l'instant." },
  "chat.who": { en: "{who}: ", fr: "{who} : " },
  "chat.everyone": { en: "Everyone", fr: "Tout le monde" },
  "chat.whisper_to": { en: "Whisper to {who}", fr: "Murmurer à {who}" },
  "chat.placeholder": { en: "Message the table", fr: "Message à la table" },
  "chat.message": { en: "Chat message", fr: "Message" },
  "chat.send": { en: "Send", fr: "Envoyer" },
  "chat.spectators": { en: "Spectators cannot chat.", fr: "Les spectateurs ne peuvent pas discuter." },
  "chat.not_connected": { en: "Not connected: the message was not sent.", fr: "Déconnecté : le message n'a pas été envoyé." },
};
