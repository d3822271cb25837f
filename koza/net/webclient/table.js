// The table drawn from a seat's view: seats, chain with both open ends, hand, moves.
import { t } from "./i18n.js";
import { tileElement, tileId, tilesOf, TILES, isDouble } from "./tiles.js";

export const el = (tag, cls = "", text = "") => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
};

export function button(text, cls, onClick) {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** Whether the server's bot moves for `seat` now (a bot seat, or a bot for an absent person). */
export function botMoves(game, seat) {
  const s = game.room?.seats?.[seat];
  return !!s && (s.kind === "bot" || s.bot_playing);
}

/** A seat's name as this page says it: a bot seat is named in the page's language. */
export function nameOf(game, seat) {
  const s = game.room?.seats?.[seat];
  if (s && s.kind === "bot") return t("web.bot_name", { n: seat + 1 });
  return game.view?.names?.[seat] ?? s?.name ?? "?";
}

export const sides = (view) =>
  view.rules.teams === "pairs" ? [0, 1] : view.names.map((_, i) => i);

export function sideName(game, side) {
  const view = game.view;
  if (view.rules.teams !== "pairs") return nameOf(game, side);
  return `${nameOf(game, side)} + ${nameOf(game, side + 2)}`;
}

/** What the table says above everything: whose move it is, or what happens next. */
export function statusText(game) {
  const v = game.view;
  if (v.phase === "round_over") return t("web.round_over");
  if (v.phase === "game_over") return t("web.game_over");
  if (v.turn < 0) return "";
  if (v.turn === v.seat) return v.drawn >= 0 ? t("web.play_drawn") : t("web.your_move");
  const who = nameOf(game, v.turn);
  return botMoves(game, v.turn) ? t("web.thinking", { name: who }) : t("web.waiting", { name: who });
}

function seatChip(game, seat) {
  const v = game.view;
  const chip = el("div", "seat");
  if (seat === v.turn && v.phase === "playing") chip.classList.add("turn");
  if (seat === v.seat) chip.classList.add("me");
  const room = game.room?.seats?.[seat];
  chip.append(el("span", "seat-name", nameOf(game, seat)));
  chip.append(el("span", "seat-count", t("web.tiles_in_hand", { n: v.hand_counts[seat] })));
  if (seat === v.turn && v.phase === "playing" && botMoves(game, seat)) {
    chip.append(el("span", "thinking", t("web.thinking_short")));
  }
  if (room && room.kind === "human" && !room.connected) {
    chip.append(el("span", "away", room.bot_playing ? t("web.bot_for_away") : t("web.away")));
  }
  chip.dataset.seat = String(seat);
  return chip;
}

/** The legal plays of `tile` (ends), from the view's legal moves. */
export function endsFor(view, tile) {
  return view.legal.filter((m) => m.kind === "play" && tileId(m.tile) === tile).map((m) => m.end);
}

function endButton(game, end, pip, act) {
  const ends = game.selected == null ? [] : endsFor(game.view, game.selected);
  const b = button(
    end === "left" ? `◀ ${pip}` : `${pip} ▶`,
    `end end-${end}${ends.includes(end) ? " target" : ""}`,
    () => act.chooseEnd(end)
  );
  b.setAttribute("aria-label", t(`web.end_${end}`, { n: pip }));
  b.disabled = !ends.includes(end);
  return b;
}

function chainRow(game, act) {
  const v = game.view;
  const row = el("div", "chain");
  row.setAttribute("aria-label", t("web.chain"));
  if (!v.chain.length) {
    row.append(el("div", "chain-empty", t("web.chain_empty")));
    return row;
  }
  row.append(endButton(game, "left", v.left, act)); // both open ends, a target when a tile fits
  for (const [tile, a, b] of v.chain) {
    row.append(tileElement(a, b, { flat: !isDouble(tile) }));
  }
  row.append(endButton(game, "right", v.right, act));
  return row;
}

function handRow(game, act) {
  const v = game.view;
  const row = el("div", "hand");
  row.setAttribute("aria-label", t("web.your_hand"));
  const playable = new Set(v.legal.filter((m) => m.kind === "play").map((m) => tileId(m.tile)));
  for (const id of v.seat >= 0 ? tilesOf(v.hand_masks[v.seat] || 0) : []) {
    const [hi, lo] = TILES[id];
    const tile = tileElement(hi, lo, { button: true });
    tile.dataset.tile = `${hi}-${lo}`;
    if (playable.has(id)) tile.classList.add("legal");
    if (id === v.drawn) tile.classList.add("drawn");
    if (id === game.selected) tile.classList.add("selected");
    tile.disabled = !playable.has(id);
    tile.addEventListener("click", () => act.chooseTile(id));
    row.append(tile);
  }
  return row;
}

function moveButtons(game, act) {
  const v = game.view;
  const row = el("div", "moves");
  const can = (kind) => v.legal.some((m) => m.kind === kind);
  if (v.seat < 0) return row;
  const draw = button(t("web.draw"), "move-draw", () => act.send({ kind: "draw" }));
  draw.disabled = !can("draw");
  const pass = button(t("web.pass"), "move-pass", () => act.send({ kind: "pass" }));
  pass.disabled = !can("pass");
  row.append(draw, pass);
  for (const m of v.legal.filter((x) => x.kind === "doubles")) {
    const text = t("web.two_doubles", { left: m.left, right: m.right });
    row.append(button(text, "move-doubles", () => act.send(m)));
  }
  return row;
}

/** The whole table (without the side panels) for `game`; `act` makes the moves. */
export function drawTable(game, act) {
  const v = game.view;
  const table = el("section", "table");
  table.dataset.seq = String(game.seq);
  table.dataset.phase = v.phase;
  const status = el("div", "status", statusText(game));
  status.setAttribute("role", "status");
  if (v.turn === v.seat && v.phase === "playing") status.classList.add("mine");
  const seats = el("div", "seats");
  for (let s = 0; s < v.names.length; s++) seats.append(seatChip(game, s));
  const info = el("div", "info");
  info.append(
    el("span", "round", t("web.round", { n: v.round_no })),
    el("span", "bazaar", t("web.bazaar", { n: v.bazaar_count }))
  );
  if (v.seat < 0) info.append(el("span", "watching", t("web.watching")));
  table.append(status, seats, info, chainRow(game, act), handRow(game, act), moveButtons(game, act));
  return table;
}
