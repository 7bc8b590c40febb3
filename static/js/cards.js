// Card names and short texts, paraphrased in our own words.

import { FROZEN_HUNT_CARDS, FROZEN_PLACES, FROZEN_SURVIVAL_CARDS } from "./frozen.js";

const BASE_PLACES = {
  1: { name: "The Lair", text: "Take back all your discarded Places, or copy the power of the Creature token's place. Caught here: lose 1 more Will." },
  2: { name: "The Jungle", text: "Take this card back, plus 1 discarded Place." },
  3: { name: "The River", text: "Next turn play 2 Places face down; keep 1 before the reveal." },
  4: { name: "The Beach", text: "Put the Marker on the Beach, or remove it for Rescue +1. Once per turn." },
  5: { name: "The Rover", text: "Take from the reserve a Place you do not own yet." },
  6: { name: "The Swamp", text: "Take this card back, plus 2 discarded Places." },
  7: { name: "The Shelter", text: "Draw 2 Survival cards and keep 1." },
  8: { name: "The Wreck", text: "Rescue +1. Once per turn." },
  9: { name: "The Source", text: "A Hunted regains 1 Will, or you draw 1 Survival card." },
  10: { name: "The Artefact", text: "Next turn play 2 Places and resolve both. Cannot be copied." },
};

export const PHASES = { 1: "Exploration", 2: "Hunting", 3: "Reckoning", 4: "End of turn" };

export const HUNT_CARDS = {
  ...FROZEN_HUNT_CARDS,
  despair: { name: "Despair", phase: 1, symbol: "artemia", text: "No Survival card may be played or drawn this turn." },
  "force-field": { name: "Force Field", phase: 1, symbol: "target", text: "Before the Hunted choose, cover 2 adjacent places: neither may be played." },
  anticipation: { name: "Anticipation", phase: 2, symbol: "", text: "Name a Hunted: if the Creature token catches them, Assimilation +1 more." },
  ascendancy: { name: "Ascendancy", phase: 2, symbol: "", text: "A Hunted discards Places until only 2 remain in hand." },
  fierceness: { name: "Fierceness", phase: 2, symbol: "", text: "Hunted caught by the Creature token lose 1 more Will." },
  "forbidden-zone": { name: "Forbidden Zone", phase: 2, symbol: "", text: "Every Hunted discards 1 Place from hand." },
  interference: { name: "Interference", phase: 2, symbol: "", text: "The Beach and the Wreck do nothing this turn." },
  persecution: { name: "Persecution", phase: 2, symbol: "", text: "Powers that return Places to hand return 1 card at most." },
  mutation: { name: "Mutation", phase: 2, symbol: "artemia", text: "The Artemia token also costs 1 Will." },
  phobia: { name: "Phobia", phase: 2, symbol: "artemia", text: "A Hunted shows you all Places in hand but 2." },
  virus: { name: "Virus", phase: 2, symbol: "artemia", text: "The Artemia token covers 2 adjacent places." },
  clone: { name: "Clone", phase: 2, symbol: "target", text: "The Target token acts as a second Creature token." },
  mirage: { name: "Mirage", phase: 2, symbol: "target", text: "The Target covers 2 adjacent places; their powers fail." },
  scream: { name: "Scream", phase: 2, symbol: "target", text: "Hunted on the Target discard 2 Places or lose 1 Will." },
  toxin: { name: "Toxin", phase: 2, symbol: "target", text: "Hunted on the Target discard 1 Survival card; the power fails." },
  cataclysm: { name: "Cataclysm", phase: 3, symbol: "", text: "Choose a place: its power fails this turn." },
  detour: { name: "Detour", phase: 3, symbol: "", text: "After the reveal, move a Hunted to an adjacent place." },
  stasis: { name: "Stasis", phase: 4, symbol: "", text: "The Rescue counter does not advance this turn." },
  tracking: { name: "Tracking", phase: 4, symbol: "", text: "Next turn you may play up to 2 Hunt cards." },
  flashback: { name: "Flashback", phase: 0, symbol: "", text: "Repeat the last discarded Hunt card." },
};

export const SURVIVAL_CARDS = {
  ...FROZEN_SURVIVAL_CARDS,
  adrenaline: { name: "Adrenaline", phase: 1, text: "Regain 1 Will." },
  ingenuity: { name: "Ingenuity", phase: 1, text: "Put the Marker on the Beach." },
  sacrifice: { name: "Sacrifice", phase: 1, text: "Discard 1 Place: the Creature plays no Hunt card this turn." },
  "sixth-sense": { name: "Sixth Sense", phase: 1, text: "Take back 2 discarded Places." },
  smokescreen: { name: "Smokescreen", phase: 1, text: "The Creature cannot see the discard piles this turn." },
  "strike-back": { name: "Strike Back", phase: 1, text: "2 random Hunt cards go from the Creature's hand under its deck." },
  vortex: { name: "Vortex", phase: 2, text: "Swap your played Place for one from your discard." },
  detector: { name: "Detector", phase: 3, text: "Ignore the Artemia token." },
  dodge: { name: "Dodge", phase: 3, text: "Ignore the Creature token." },
  drone: { name: "Drone", phase: 3, text: "Use the Rover's power instead of your place's." },
  gate: { name: "Gate", phase: 3, text: "Use an adjacent place's power instead (not the Artefact)." },
  hologram: { name: "Hologram", phase: 3, text: "Move the Artemia token to an adjacent place." },
  "wrong-track": { name: "Wrong Track", phase: 3, text: "Move the Creature token to an adjacent place." },
  amplifier: { name: "Amplifier", phase: 4, text: "Remove the Marker from the Beach: Rescue +1 now." },
  "double-back": { name: "Double Back", phase: 4, text: "Take back the Place you played this turn." },
};

/** The 10 Places of the variant being played (the Place names differ in Frozen Lands). */
export const PLACES = { ...BASE_PLACES };
export function setVariant(variant) {
  Object.assign(PLACES, variant === "frozen-lands" ? FROZEN_PLACES : BASE_PLACES);
}

export const placeName = (n) => (PLACES[n] ? PLACES[n].name : `Place ${n}`);
export const huntName = (id) => (HUNT_CARDS[id] ? HUNT_CARDS[id].name : id);
export const survivalName = (id) => (SURVIVAL_CARDS[id] ? SURVIVAL_CARDS[id].name : id);

/** "The Lair and The Jungle" */
export function placeList(places) {
  const names = (places || []).map(placeName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
