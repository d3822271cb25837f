// Tiles as koza numbers them: id = hi*(hi+1)/2 + lo, named "hi-lo"; drawn with pips.
export const TILES = [];
for (let hi = 0; hi <= 6; hi++) for (let lo = 0; lo <= hi; lo++) TILES.push([hi, lo]);
export const tileName = (id) => `${TILES[id][0]}-${TILES[id][1]}`;
export const tileId = (name) => TILES.findIndex(([h, l]) => `${h}-${l}` === name);
export const isDouble = (id) => TILES[id][0] === TILES[id][1];

/** The tile ids in a view's hand mask, lowest first. */
export function tilesOf(mask) {
  const out = [];
  for (let id = 0; id < 28; id++) if (Math.floor(mask / 2 ** id) % 2 === 1) out.push(id);
  return out;
}

const PIPS = [[], [4], [0, 8], [0, 4, 8], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

function half(n) {
  const h = document.createElement("span");
  h.className = "half";
  for (const cell of PIPS[n]) {
    const pip = document.createElement("i");
    pip.className = `pip p${cell}`;
    h.append(pip);
  }
  return h;
}

/** A tile showing `a` then `b` (top/left first), as a button when `button` is true. */
export function tileElement(a, b, { button = false, flat = false, label = "" } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = `tile${flat ? " flat" : ""}`;
  el.setAttribute("aria-label", label || `${a}-${b}`);
  el.title = `${a}-${b}`;
  el.append(half(a), half(b));
  return el;
}
