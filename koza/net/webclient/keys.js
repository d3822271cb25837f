// The table by keyboard: 1-9 and 0 the first ten tiles, up/down (or j/k) step through the
// tiles that can be played and Enter plays the chosen one, arrows or l/r an end, d draw,
// p pass, b both doubles, n the next round, Escape lets go of the tile.
import { tilesOf } from "./tiles.js";

const STEPS = new Map([["ArrowDown", 1], ["j", 1], ["ArrowUp", -1], ["k", -1]]);

/** The tile `step` (+1 or -1) places after `from` among the hand's playable tiles. */
function stepped(hand, playable, from, step) {
  const ids = hand.filter((id) => playable(id));
  if (!ids.length) return undefined;
  const at = ids.indexOf(from);
  if (at < 0) return step > 0 ? ids[0] : ids[ids.length - 1];
  return ids[(at + step + ids.length) % ids.length];
}

/** The keydown handler for the page whose game `current()` gives; `act` makes the moves. */
export function keyHandler(current, act, redraw) {
  return (e) => {
    const game = current();
    if (game.screen !== "table" || !game.view || /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
    const v = game.view;
    const hand = v.seat >= 0 ? tilesOf(v.hand_masks[v.seat] || 0) : [];
    const can = (kind) => v.legal.find((m) => m.kind === kind);
    const nth = /^[0-9]$/.test(e.key) ? hand[(Number(e.key) + 9) % 10] : undefined;
    const step = STEPS.get(e.key);
    if (nth !== undefined) act.chooseTile(nth);
    else if (step !== undefined) act.markTile(stepped(hand, act.playable, game.selected, step));
    else if (e.key === "Enter" && game.selected != null && e.target.tagName !== "BUTTON") act.playAlone(game.selected);
    else if (e.key === "ArrowLeft" || e.key === "l") act.chooseEnd("left");
    else if (e.key === "ArrowRight" || e.key === "r") act.chooseEnd("right");
    else if (e.key === "d" && can("draw")) act.send(can("draw"));
    else if (e.key === "p" && can("pass")) act.send(can("pass"));
    else if (e.key === "b" && can("doubles")) act.send(can("doubles"));
    else if (e.key === "n" && v.phase === "round_over" && game.readyAt !== game.seq) act.nextRound();
    else if (e.key === "Escape") ((game.selected = null), redraw());
    else return;
    e.preventDefault();
  };
}
