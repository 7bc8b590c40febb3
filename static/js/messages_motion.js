// The words of the moments (the reveal), the end screen and the phone's call back to the
// table, in English and in French (spread into messages.js).

const s = (n) => (n === 1 ? "" : "s");

export const MOTION_MESSAGES = {
  "motion.reveal": { en: "The places, revealed", fr: "Les Lieux révélés" },
  "end.last_reveal": { en: "The last reveal", fr: "La dernière révélation" },
  "end.counters": { en: "Where the counters stopped", fr: "Où les pions se sont arrêtés" },
  "end.reached_in_vain": { en: "Reached, in vain", fr: "Atteint, en vain" },
  "end.after_turns": {
    en: (p) => `After ${p.n} turn${s(p.n)}.`,
    fr: (p) => `Après ${p.n} tour${s(p.n)}.`,
  },
  "actions.server_passes": { en: "The server passes for you", fr: "Le serveur passe pour vous" },
  "actions.auto_passing_until": {
    en: "You pass until your next decision: the server passes for you in a moment, unless you play first.",
    fr: "Vous passez jusqu'à votre prochaine décision : le serveur passe pour vous dans un instant, à moins que vous ne jouiez avant.",
  },
  "phone.back_to_table": { en: "Your move: back to the table", fr: "À vous : retour à la table" },
};
