// Frozen Lands: its Places and its extra Hunt and Survival cards, in our own short words.
// (The engine's Frozen Lands is in progress; unknown prompts and actions fall back to
// generic labels.)

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
