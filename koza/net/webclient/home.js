// Before the table: create a room, join or watch one by code, and the room waiting to start.
import { t } from "./i18n.js";
import { el, button } from "./table.js";

let setup = null;
export async function loadSetup() {
  if (!setup) setup = await (await fetch("/setup.json")).json();
  return setup;
}

function field(labelText, input) {
  const label = el("label", "field");
  label.append(el("span", "", labelText), input);
  return label;
}

function select(name, options, value) {
  const s = el("select");
  s.name = name;
  for (const [v, text] of options) {
    const o = el("option", "", text);
    o.value = String(v);
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return s;
}

function nameInput() {
  const input = el("input");
  input.name = "name";
  input.required = true;
  input.maxLength = 40;
  input.autocomplete = "nickname";
  input.pattern = "[^\\[\\]]+"; // a seat's name holds no square brackets (the server's rule)
  input.value = localStorage.getItem("koza.name") || "";
  return field(t("web.your_name"), input);
}

function ruleField(rule) {
  const title = t(`rule.${rule.name}.title`);
  if (rule.choices.length) {
    const options = rule.choices.map((c) => [c, t(`rule.${rule.name}.${c}`)]);
    return field(title, select(`rule.${rule.name}`, options, rule.default));
  }
  const input = el("input");
  input.type = "number";
  input.name = `rule.${rule.name}`;
  input.min = rule.low;
  input.max = rule.high;
  input.value = rule.default;
  input.inputMode = "numeric";
  return field(title, input);
}

/** The form that makes a new room; `act.create(settings)` sends it. */
export function createForm(act) {
  const form = el("form", "create");
  form.append(el("h2", "", t("web.new_room")), nameInput());
  const players = select("players", [2, 3, 4].map((n) => [n, String(n)]), 4);
  const humans = select("humans", [1, 2, 3, 4].map((n) => [n, String(n)]), 1);
  const bots = setup.bots.map((b) => [b, t(`bot.${b.replace(":", "_")}`)]);
  form.append(
    field(t("web.players"), players),
    field(t("web.humans"), humans),
    field(t("web.bot_level"), select("bot", bots, "expert"))
  );
  form.append(field(t("web.room_password"), passwordInput()));
  const rules = el("details", "rules-form");
  rules.append(el("summary", "", t("web.house_rules")));
  for (const rule of setup.rules) rules.append(ruleField(rule));
  form.append(rules, button(t("web.create"), "primary", () => form.requestSubmit()));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const changed = {};
    for (const rule of setup.rules) {
      const value = String(data.get(`rule.${rule.name}`));
      if (value !== rule.default) changed[rule.name] = rule.choices.length ? value : Number(value);
    }
    const n = Number(data.get("players"));
    const settings = {
      name: String(data.get("name")).trim(),
      players: n,
      humans: Math.min(n, Number(data.get("humans"))),
      bot: String(data.get("bot")),
      rules: changed,
    };
    if (data.get("password")) settings.password = String(data.get("password"));
    act.create(settings);
  });
  return form;
}

/** Join (or watch) room `code`, or any room by its code when `code` is empty. */
export function joinForm(act, code = "") {
  const form = el("form", "join");
  form.append(el("h2", "", code ? t("web.room_code", { code }) : t("web.join_room")));
  const codeInput = el("input");
  codeInput.name = "code";
  codeInput.value = code;
  codeInput.maxLength = 12;
  codeInput.autocapitalize = "characters";
  codeInput.pattern = "[A-Za-z0-9]{4,12}";
  if (!code) form.append(field(t("web.code"), codeInput));
  const password = passwordInput();
  form.append(nameInput(), field(t("web.room_password"), password));
  const codeOf = () => (code || codeInput.value).trim().toUpperCase();
  const secret = () => password.value || undefined;
  const join = button(t("web.join"), "primary", () => form.requestSubmit());
  const watch = button(t("web.watch"), "", () => codeOf() && act.watch(codeOf(), secret()));
  form.append(el("div", "row", ""));
  form.lastChild.append(join, watch);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = String(new FormData(form).get("name")).trim();
    if (codeOf() && name) act.join(codeOf(), name, secret());
  });
  return form;
}

function passwordInput(name = "password") {
  const input = el("input");
  input.name = name;
  input.type = "password";
  input.maxLength = 100;
  input.autocomplete = "off";
  return input;
}

/** The server's own password, asked when the server refused the page without it. */
export function passwordForm(act) {
  const form = el("form", "server-password");
  const input = passwordInput();
  input.required = true;
  form.append(field(t("web.server_password"), input));
  form.append(button(t("web.ok"), "primary", () => form.requestSubmit()));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    act.serverPassword(input.value);
  });
  return form;
}

/** The room before its game starts: the seats, the invite link, and Start for its creator. */
export function waitingRoom(game, act) {
  const room = game.room;
  const box = el("section", "waiting");
  box.append(el("h2", "", t("web.room_code", { code: room.code })));
  const list = el("ol", "room-seats");
  const pairs = room.rules?.teams === "pairs";
  const mayMove = game.seat != null && game.seat > 0; // the creator keeps the first seat
  room.seats.forEach((s, i) => {
    const li = el("li", s.kind);
    li.append(el("span", "num", `${i + 1}.`), el("span", "", s.kind === "open" ? t("web.open_seat") : s.name));
    if (i === game.seat) li.append(el("b", "", ` (${t("web.you")})`));
    if (pairs) li.append(el("span", "pair", ` · ${t("web.pair", { n: (i % 2) + 1 })}`));
    if (s.kind === "open" && mayMove) li.append(button(t("web.sit_here"), "sit", () => act.pickSeat(i)));
    list.append(li);
  });
  const link = `${location.origin}/#${room.code}`;
  const share = el("div", "invite");
  const input = el("input");
  input.readOnly = true;
  input.value = link;
  input.setAttribute("aria-label", t("web.invite"));
  share.append(el("p", "", t("web.invite")), input);
  share.append(
    button(t("web.copy"), "", () => {
      input.select();
      navigator.clipboard?.writeText(link);
    })
  );
  if (navigator.share) {
    share.append(button(t("web.share"), "", () => navigator.share({ title: "koza", url: link })));
  }
  box.append(list, share);
  if (game.seat === 0) box.append(button(t("web.start_now"), "primary start", () => act.start()));
  else box.append(el("p", "", t("web.wait_start")));
  return box;
}
