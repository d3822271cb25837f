// Names the protocol fixes (not texts: each is said through the catalogue).
export const QUICK = ["hello", "good_move", "fish", "oops", "thanks", "good_game"];
