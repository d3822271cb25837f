// Beside the table: the score sheet, the round's log, the chat; the round and game summaries.
import { t } from "./i18n.js";
import { el, button, nameOf, sides, sideName } from "./table.js";
import { QUICK } from "./words.js";

/** The score sheet: a row per round, Σ, and whether each side's sheet is open. */
export function scoreSheet(game) {
  const v = game.view;
  const table = el("table", "sheet");
  table.setAttribute("aria-label", t("web.sheet"));
  const head = el("tr");
  head.append(el("th", "", t("web.round_short")));
  for (const s of sides(v)) head.append(el("th", "", sideName(game, s)));
  table.append(head);
  for (const r of v.records) {
    const [round, , , , recorded] = r;
    const tr = el("tr");
    tr.append(el("td", "", String(round)));
    for (const s of sides(v)) tr.append(el("td", "num", String(recorded[s])));
    table.append(tr);
  }
  const sum = el("tr", "sum");
  sum.append(el("th", "", "Σ"));
  for (const s of sides(v)) sum.append(el("td", "num", String(v.totals[s])));
  const marks = el("tr", "marks");
  marks.append(el("th", "", ""));
  for (const s of sides(v)) {
    const open = v.opened[s];
    const cell = el("td", open ? "num open" : "num closed", open ? "●" : "○");
    cell.title = t(open ? "web.open" : "web.closed");
    cell.setAttribute("aria-label", cell.title);
    if (!open && v.carried[s]) cell.textContent += ` +${v.carried[s]}`;
    marks.append(cell);
  }
  table.append(sum, marks);
  const box = el("div", "panel-sheet");
  const legend = `● ${t("web.open")} · ○ ${t("web.closed")}`;
  box.append(table, el("p", "target", legend), el("p", "target", t("web.goat_at", { n: v.rules.target })));
  return box;
}

const END = (end) => t(`lines.end_${end}`);

/** One history entry of this round in words: the page's own seat is told "you". */
export function describe(game, [seat, move, , drawn]) {
  const who = nameOf(game, seat);
  const mine = seat === game.view.seat;
  if (move.kind === "play") {
    return t(mine ? "web.you_play" : "web.log_play", { who, tile: move.tile, end: END(move.end) });
  }
  if (move.kind === "doubles") {
    return t(mine ? "web.you_doubles" : "web.log_doubles", { who, left: move.left, right: move.right });
  }
  if (move.kind === "draw") return t(mine ? "web.log_drew_you" : "web.log_draw", { who });
  return t(mine ? "web.you_pass" : "web.log_pass", { who });
}

/** Who leads the round, said to the page's own seat as "you". */
function dealtLine(game) {
  const v = game.view;
  if (v.leader === v.seat && v.seat >= 0) return t("web.you_lead", { n: v.round_no });
  return t("web.log_dealt", { n: v.round_no, who: nameOf(game, v.leader) });
}

export function logPanel(game) {
  const v = game.view;
  const list = el("ol", "log");
  list.setAttribute("aria-label", t("web.log"));
  list.append(el("li", "dealt", dealtLine(game)));
  for (const entry of v.history) list.append(el("li", "", describe(game, entry)));
  for (const note of game.notes.slice(-5)) list.append(el("li", "note", note));
  return list;
}

/** The chat: lines said, a line to say, and the quick phrases. */
export function chatPanel(game, act) {
  const box = el("div", "chat");
  const lines = el("ol", "chat-lines");
  for (const line of game.chat.slice(-30)) {
    const li = el("li");
    const who = line.seat < 0 ? t("web.watcher") : nameOf(game, line.seat);
    li.append(el("b", "", `${who}: `));
    const offer = (line.text || "").match(/^↻ #([A-Z0-9]{4,12})$/);
    if (offer) {
      li.append(el("span", "", t("web.rematch_offer")));
      const join = el("a", "rematch-link", t("web.join_rematch"));
      join.href = `#${offer[1]}`;
      li.append(" ", join);
    } else {
      li.append(el("span", "", line.phrase ? t(`net.phrase.${line.phrase}`) : line.text));
    }
    lines.append(li);
  }
  const form = el("form", "say");
  const input = el("input");
  input.name = "text";
  input.maxLength = 200;
  input.autocomplete = "off";
  input.placeholder = t("web.chat_placeholder");
  input.setAttribute("aria-label", t("web.chat_placeholder"));
  form.append(input, button(t("web.send"), "", () => form.requestSubmit()));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) act.chat(text);
    input.value = "";
  });
  const quick = el("div", "quick");
  for (const phrase of QUICK) {
    quick.append(button(t(`net.phrase.${phrase}`), "phrase", () => act.quick(phrase)));
  }
  box.append(lines, form, quick);
  return box;
}

/** The round's or the game's summary, as a dialog over the table (null while playing). */
export function summary(game, act) {
  const v = game.view;
  if (v.phase !== "round_over" && v.phase !== "game_over") return null;
  if (game.dismissed === v.seq) return null;
  const box = el("div", "dialog");
  box.setAttribute("role", "dialog");
  const record = v.records[v.records.length - 1];
  if (v.phase === "game_over") {
    const goats = v.goats.map((s) => sideName(game, s)).join(", ");
    box.append(el("h2", "", t("web.game_over")), el("p", "goat", t("web.goat_is", { who: goats })));
  } else {
    box.append(el("h2", "", t("web.round_n_over", { n: v.round_no })));
  }
  if (record) {
    const [, outcome, outSeat, points, recorded, totals] = record;
    const how =
      outcome === "fish"
        ? t("web.outcome_fish")
        : outSeat != null && outSeat === v.seat
          ? t("web.you_went_out")
          : t("web.outcome_out", { who: outSeat == null ? "?" : nameOf(game, outSeat) });
    box.append(el("p", "outcome", how));
    const table = el("table", "sheet");
    const head = el("tr");
    for (const h of ["", t("web.in_hand"), t("web.written"), "Σ"]) head.append(el("th", "", h));
    table.append(head);
    for (const s of sides(v)) {
      const tr = el("tr");
      tr.append(el("th", "", sideName(game, s)));
      const inHand = v.rules.teams === "pairs" ? points[s] + points[s + 2] : points[s];
      for (const n of [inHand, recorded[s], totals[s]]) tr.append(el("td", "num", String(n)));
      table.append(tr);
    }
    box.append(table);
  }
  const row = el("div", "dialog-buttons");
  if (v.phase === "round_over" && v.seat >= 0) {
    const next = button(t("web.next_round"), "primary next-round", () => act.nextRound());
    if (game.readyAt === v.seq) {
      next.disabled = true;
      next.textContent = t("web.waiting_others");
    }
    row.append(next);
  }
  if (v.phase === "game_over") {
    if (v.seat >= 0) row.append(button(t("web.rematch"), "primary rematch", () => act.rematch()));
    row.append(button(t("web.new_game"), "", () => act.home()));
  }
  row.append(button(t("web.see_table"), "", () => act.dismiss()));
  box.append(row);
  return box;
}
