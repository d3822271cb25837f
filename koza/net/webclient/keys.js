// The table by keyboard: 1-9 a tile, arrows or l/r an end, d draw, p pass, b both doubles,
// n the next round, Escape lets go of the tile.
import { tilesOf } from "./tiles.js";

/** The keydown handler for the page whose game `current()` gives; `act` makes the moves. */
export function keyHandler(current, act, redraw) {
  return (e) => {
    const game = current();
    if (game.screen !== "table" || !game.view || /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
    const v = game.view;
    const hand = v.seat >= 0 ? tilesOf(v.hand_masks[v.seat] || 0) : [];
    const can = (kind) => v.legal.find((m) => m.kind === kind);
    const nth = /^[1-9]$/.test(e.key) ? hand[Number(e.key) - 1] : undefined;
    if (nth !== undefined) act.chooseTile(nth);
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
