// Frozen Lands: its Places, its extra Hunt and Survival cards, the sheets and the
// Contamination tokens, in our own short words (frozen_lands.md §3-7).

export const FROZEN_PLACES = {
  1: { name: "The Ice Cave", text: "Take back all your discarded Places, or copy the Creature token's place. Caught here: take 1 Contamination." },
  2: { name: "The Frost Forest", text: "Take this card back; another Hunted may take back 1 discarded Place." },
  3: { name: "The Fjord", text: "A Hunted may play 2 Places next turn and keep 1 before the reveal." },
  4: { name: "The Hummocks", text: "With another Hunted here: Rescue +1. Once per turn." },
  5: { name: "The Sled", text: "A Hunted takes from the reserve a Place they do not own." },
  6: { name: "The Hot Springs", text: "Take this card back with up to 2 discarded Places, or a Hunted discards 1 Contamination." },
  7: { name: "The Igloo", text: "Draw 2 Survival cards: keep 1, give or discard the other." },
  8: { name: "The Capsule", text: "You may advance Rescue 1 (once per turn), then peek at 1 Contamination token." },
  9: { name: "The Geyser", text: "A Hunted regains 1 Will, or draw 1 Survival card; both with another Hunted here." },
  10: { name: "The Aurora", text: "Next turn play 2 Places and resolve both. Cannot be copied." },
};

export const FROZEN_HUNT_CARDS = {
  frostbite: { name: "Frostbite", phase: 1, symbol: "artemia", text: "This Exploration, Resisting or Giving Up costs Contamination." },
  quarantine: { name: "Quarantine", phase: 2, symbol: "", text: "No Contamination token may be discarded this turn." },
  contagion: { name: "Contagion", phase: 2, symbol: "", text: "Hunted caught by a Creature token also take 1 Contamination." },
  hypothermia: { name: "Hypothermia", phase: 2, symbol: "artemia", text: "The Artemia token also gives 1 Contamination." },
  "tainted-meltwater": { name: "Tainted Meltwater", phase: 2, symbol: "target", text: "Hunted on the Target take 1 Contamination." },
  sundog: { name: "Sundog", phase: 2, symbol: "target", text: "The Target token is a second Artemia token." },
  avalanche: { name: "Avalanche", phase: 2, symbol: "target", text: "Target 2 adjacent places: Hunted there discard 1 Place (2 if not alone)." },
  isolation: { name: "Isolation", phase: 2, symbol: "", text: "Effects may only choose their user; nobody counts as together." },
  "thin-ice": { name: "Thin Ice", phase: 3, symbol: "", text: "At a place with 2+ Hunted: each loses 1 Will or takes 1 Contamination." },
  blizzard: { name: "Blizzard", phase: 4, symbol: "", text: "Rescue advances only if a Hunted discards 2 Places." },
};

export const FROZEN_SURVIVAL_CARDS = {
  "hand-warmers": { name: "Hand Warmers", phase: 1, text: "A Hunted with 1 or 2 Will regains 1." },
  "radio-relay": { name: "Radio Relay", phase: 1, text: "Another Hunted takes back up to 2 discarded Places." },
  whisper: { name: "Whisper", phase: 1, text: "Talk privately with another Hunted this Exploration." },
  vaccine: { name: "Vaccine", phase: 1, text: "A Hunted takes no Contamination this turn." },
  "blood-test": { name: "Blood Test", phase: 1, text: "Reveal 1 Contamination token; discard it if infected." },
  "signal-mirror": { name: "Signal Mirror", phase: 2, text: "Another Hunted swaps their played Place for a discarded one." },
  "roped-together": { name: "Roped Together", phase: 3, text: "Move to an adjacent place where another Hunted is." },
  windbreak: { name: "Windbreak", phase: 3, text: "Ignore the Target token and its Hunt cards." },
  huddle: { name: "Huddle", phase: 3, text: "Only one Hunted at your place suffers the Creature token." },
  "scrub-down": { name: "Scrub Down", phase: 3, text: "Discard up to 2 Contamination tokens of Hunted at your place." },
  "body-heat": { name: "Body Heat", phase: 3, text: "You and another Hunted at your place regain 1 Will." },
  antidote: { name: "Antidote", phase: 4, text: "A Hunted discards 1 Contamination token." },
  "field-lab": { name: "Field Lab", phase: 4, text: "Secretly look at up to 2 Contamination tokens." },
  "supply-drop": { name: "Supply Drop", phase: 4, text: "Draw 2 Survival cards: keep 1, give or discard the other." },
  "relay-runner": { name: "Relay Runner", phase: 4, text: "Another Hunted takes back the Place they played." },
};

// --- Sheets (§7): one modest ability per survivor, two for the Creature ----------------

export const SHEETS = {
  "ines-marlow": { name: "Ines Marlow", role: "Field Medic", ability: "triage" },
  "tomas-brandt": { name: "Tomas Brandt", role: "Quartermaster", ability: "share-supplies" },
  "ada-okafor": { name: "Ada Okafor", role: "Pathfinder", ability: "long-stride" },
  "lev-sandor": { name: "Lev Sandor", role: "Scout", ability: "change-of-plan" },
  "noor-haddad": { name: "Noor Haddad", role: "Radio Operator", ability: "intercept" },
  "mara-lindqvist": { name: "Mara Lindqvist", role: "Guardian", ability: "stand-together" },
};

export const ABILITIES = {
  triage: { name: "Triage", often: "once per turn", when: "end of the Reckoning",
    text: "Another Hunted at your place with 1 or 2 Will regains 1 Will." },
  "share-supplies": { name: "Share Supplies", often: "once per turn", when: "End of turn",
    text: "Hand one of your Survival cards, face down, to another Hunted." },
  "long-stride": { name: "Long Stride", often: "once per turn", when: "when you Resist",
    text: "Resisting brings back 1 more Place card: 3 for 1 Will, 5 for 2 Will." },
  "change-of-plan": { name: "Change of Plan", often: "once per game", when: "after the hunt",
    text: "Take your played Place card back and play another one face down instead." },
  intercept: { name: "Intercept", often: "once per game", when: "before you choose a Place",
    text: "See the Creature's Hunt cards; you may send one under its deck (it draws a new one)." },
  "stand-together": { name: "Stand Together", often: "once per game", when: "when the Creature would take a Hunted's last Will",
    text: "With 2 Will or more, lose 1 Will yourself so they lose 1 less." },
  "keen-senses": { name: "Keen Senses", often: "once per game", when: "before your first Hunt token",
    text: "Name a place: you alone learn how many of its Place cards the Hunted played." },
  "pack-instinct": { name: "Pack Instinct", often: "every turn, by itself", when: "5 players or more",
    text: "When 2 or more Hunted are caught, each of them also discards 1 Place card." },
};

// --- Contamination tokens (§6): 5 of the 14 show the icon, 9 are blank ------------------

export const TOKENS_TOTAL = 14;
export const TOKENS_ICON = 5;

function choose(n, k) {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * What one page knows of the tokens the Hunted hold: counts of unknown, known-blank and
 * known-icon tokens, and the chance that a reveal now shows no icon (C(9-b, u) / C(14-b, u)).
 */
export function tokenOdds(view) {
  const all = view.hunted.flatMap((x) => x.tokens || []);
  const unknown = all.filter((t) => !t.face).length;
  const blank = all.filter((t) => t.face === "blank").length;
  const icon = all.filter((t) => t.face === "icon").length;
  const blanks = TOKENS_TOTAL - TOKENS_ICON;
  const clean = icon ? 0 : choose(blanks - blank, unknown) / choose(TOKENS_TOTAL - blank, unknown);
  return { held: all.length, unknown, blank, icon, clean };
}

export const percent = (p) => `${Math.round(p * 100)} %`;
