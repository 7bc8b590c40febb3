// The board's words: targeting on Artemia, the credits (spread into messages.js).

export const BOARD_MESSAGES = {
  "target.put": { en: "{what} on {place}", fr: "{what} sur {place}" },
  "target.first": { en: "{what}: start with {place}", fr: "{what} : commencer par {place}" },
  "target.second": { en: "{what} on {first} and {place}", fr: "{what} sur {first} et {place}" },
  "target.pair": { en: "{what} on {places}", fr: "{what} sur {places}" },
  "target.unpick": { en: "Unpick {place}", fr: "Ne plus choisir {place}" },
  "target.closed": { en: "Not a choice for {what} now: the rules leave {place} out.", fr: "Pas un choix pour {what} maintenant : les règles excluent {place}." },
  "target.not_with": { en: "{what} cannot go here with {place}: pick one next to it, or {place} again to start over.", fr: "{what} ne peut pas aller ici avec {place} : choisissez un lieu voisin, ou {place} de nouveau pour recommencer." },
  "target.hint": { en: "{what}: click a lit place on Artemia.", fr: "{what} : cliquez sur un lieu éclairé d'Artemia." },
  "target.pair_hint": { en: "{what}: click the line between 2 lit places, or one place then its neighbour.", fr: "{what} : cliquez sur la ligne entre 2 lieux éclairés, ou sur un lieu puis son voisin." },
  "target.pair_second": { en: "{what}: now a place next to {place}.", fr: "{what} : maintenant un lieu voisin de {place}." },
  "target.cancel": { en: "Cancel", fr: "Annuler" },
  "target.on_board": { en: "Choose where {card} goes on Artemia", fr: "Choisir où va {card} sur Artemia" },
  "target.choosing": { en: "Choosing on Artemia… (click to cancel)", fr: "Choix sur Artemia… (cliquez pour annuler)" },
  "target.list": { en: "Or choose from the list ({n})", fr: "Ou choisir dans la liste ({n})" },
  "board.credits": { en: "Pictures and credits", fr: "Images et crédits" },
};
