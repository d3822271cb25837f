// koza in the browser: the screens, the game as this seat sees it, and what the player does.
import { chooseLang, load, lang, languages, t, said } from "./i18n.js";
import { Connection, drawCode } from "./net.js";
import { drawTable, endsFor, el, button } from "./table.js";
import { scoreSheet, logPanel, chatPanel, summary } from "./panels.js";
import { createForm, joinForm, passwordForm, waitingRoom, loadSetup } from "./home.js";
import { ruleBook } from "./rulebook.js";
import { tileName } from "./tiles.js";
import { seats, keepSeat, forgetSeat } from "./store.js";
import { keyHandler } from "./keys.js";

const CODE = /^[A-Z0-9]{4,12}$/;
const root = document.getElementById("app");
const fresh = () => ({
  conn: null, code: null, seat: null, token: null, view: null, seq: -1, room: null,
  chat: [], notes: [], selected: null, screen: "home", readyAt: -1, dismissed: -1,
  panel: "sheet", banner: "", toast: "", afterJoin: null, pending: "", unread: 0,
});
let game = fresh();

// --- the connection -------------------------------------------------------------------

async function connect() {
  if (game.conn) return game.conn;
  const conn = new Connection(
    (msg) => conn === game.conn && take(msg),
    (state) => {
      if (conn !== game.conn) return;
      game.banner = state === "open" ? "" : t("web.reconnecting");
      drawBanner();
    },
    () => game.code
  );
  conn.again = () => {
    if (!game.code) return null;
    game.pending = game.token ? "rejoin" : "watch"; // a room gone meanwhile is said so then
    return game.token
      ? { type: "rejoin", code: game.code, token: game.token, last_seq: game.seq }
      : { type: "watch", code: game.code, password: game.password };
  };
  game.conn = conn;
  try {
    await conn.open();
  } catch (error) {
    if (!error.said) {
      conn.retry();
      return conn;
    }
    game.conn = null; // the server wants its password first
    game.toast = said(error.said.key, error.said.values, error.said.message);
    game.beforePassword = game.screen;
    game.screen = "server_password";
    render();
    return null;
  }
  return conn;
}

async function request(kind, msg) {
  const conn = await connect();
  if (!conn) {
    game.afterPassword = () => request(kind, msg); // asked again once the password is given
    return;
  }
  game.pending = kind;
  conn.send(msg);
}

function take(msg) {
  switch (msg.type) {
    case "joined":
      game.code = msg.code;
      game.seat = msg.seat;
      game.pending = "";
      if (msg.token) game.token = msg.token;
      if (game.token) keepSeat(msg.code, game.token, msg.seat, game.settings);
      if (location.hash !== `#${msg.code}`) history.replaceState(null, "", `#${msg.code}`);
      if (game.afterJoin) game.afterJoin(msg.code);
      game.afterJoin = null;
      break;
    case "room":
      game.room = msg;
      if (!msg.started && game.screen !== "rules") game.screen = "room";
      break;
    case "view":
      game.view = msg.view;
      game.seq = msg.seq;
      if (game.selected != null && !endsFor(msg.view, game.selected).length) game.selected = null;
      if (game.screen !== "rules") game.screen = "table";
      break;
    case "refused":
      game.toast = said(msg.key, msg.values, msg.reason);
      break;
    case "error":
      game.toast = said(msg.key, msg.values, msg.message);
      if (msg.code === "replaced") {
        game.conn.closed = true; // another tab took this seat: do not take it back from it
        game.banner = game.toast;
      }
      if (game.pending === "rejoin" && ["not_found", "forbidden"].includes(msg.code)) {
        forgetSeat(game.code);
        const code = game.code;
        leave(false);
        game.screen = "join";
        game.code = code;
      }
      game.pending = "";
      break;
    case "chat_line":
    case "quick_line":
      game.chat.push(msg);
      if (game.panel !== "chat") game.unread += 1;
      break;
    case "away":
      game.notes.push(
        msg.bot_playing
          ? t("web.note_bot_plays", { who: game.view?.names?.[msg.seat] ?? msg.seat + 1 })
          : t("web.note_away", { who: game.view?.names?.[msg.seat] ?? msg.seat + 1 })
      );
      break;
    default:
      return;
  }
  render();
}

// --- what the player does ----------------------------------------------------------------

const act = {
  async create(settings) {
    localStorage.setItem("koza.name", settings.name);
    game.settings = settings;
    game.code = drawCode();
    await request("create", { type: "create_room", ...settings, code: game.code });
  },
  async join(code, name, password) {
    localStorage.setItem("koza.name", name);
    game.code = code;
    game.password = password;
    await request("join", { type: "join", code, name, password });
  },
  async watch(code, password) {
    game.code = code;
    game.password = password;
    await request("watch", { type: "watch", code, password });
  },
  serverPassword(password) {
    sessionStorage.setItem("koza.server_password", password);
    game.toast = "";
    game.screen = game.beforePassword || "home";
    const again = game.afterPassword;
    game.afterPassword = null;
    if (again) again();
    else route(true);
    render();
  },
  start: () => game.conn.send({ type: "start" }),
  pickSeat: (seat) => game.conn.send({ type: "pick_seat", seat }),
  send(move) {
    game.selected = null;
    game.conn.send({ type: "command", seq: game.seq, move });
  },
  /** Play tile `id` if it fits one end only; whether it was played. */
  playAlone(id) {
    const ends = endsFor(game.view, id);
    if (ends.length === 1) act.send({ kind: "play", tile: tileName(id), end: ends[0] });
    return ends.length === 1;
  },
  chooseTile(id) {
    if (act.playAlone(id)) return;
    game.selected = act.playable(id) && game.selected !== id ? id : null;
    render();
  },
  playable: (id) => endsFor(game.view, id).length > 0,
  markTile(id) {
    if (id === undefined) return;
    game.selected = id;
    render();
  },
  chooseEnd(end) {
    let id = game.selected;
    if (id == null) {
      const fits = game.view.legal.filter((m) => m.kind === "play" && m.end === end);
      if (fits.length !== 1) return;
      return act.send(fits[0]);
    }
    if (endsFor(game.view, id).includes(end)) act.send({ kind: "play", tile: tileName(id), end });
  },
  nextRound() {
    game.readyAt = game.seq;
    game.conn.send({ type: "next_round", seq: game.seq });
    render();
  },
  chat: (text) => game.conn.send({ type: "chat", text }),
  quick: (phrase) => game.conn.send({ type: "quick", phrase }),
  dismiss() {
    game.dismissed = game.seq;
    render();
  },
  home() {
    leave(true);
    render();
  },
  async rematch() {
    const old = game.conn;
    const view = game.view;
    const defaults = Object.fromEntries((await loadSetup()).rules.map((r) => [r.name, r.default]));
    const rules = Object.fromEntries(
      Object.entries(view.rules).filter(([k, v]) => String(v) !== defaults[k])
    );
    const humans = (game.room?.seats || []).filter((s) => s.kind === "human").length || 1;
    const kept = seats()[game.code]?.settings;
    const name = localStorage.getItem("koza.name") || view.names[view.seat];
    const settings = { name, players: view.names.length, humans, bot: kept?.bot || "expert", rules };
    game = fresh();
    game.settings = settings;
    game.afterJoin = (code) => {
      old.send({ type: "chat", text: `↻ #${code}` });
      setTimeout(() => old.close(), 500);
    };
    game.code = drawCode();
    await request("create", { type: "create_room", ...settings, code: game.code });
  },
};

function leave(toHome) {
  if (game.conn) game.conn.close();
  game = fresh();
  if (toHome) history.replaceState(null, "", location.pathname);
}

// --- drawing ---------------------------------------------------------------------------

function header() {
  const bar = el("header", "bar");
  const brand = button("koza", "brand", () => act.home());
  brand.setAttribute("aria-label", t("web.home"));
  bar.append(brand);
  if (game.code) bar.append(el("span", "code", game.code));
  bar.append(
    button(t("web.rules"), "rules-button", async () => {
      if (game.screen !== "rules") game.back = game.screen;
      game.screen = "rules";
      render();
    })
  );
  const choose = el("select", "lang");
  choose.setAttribute("aria-label", t("web.language"));
  for (const [code, name] of languages()) {
    const o = el("option", "", name);
    o.value = code;
    o.selected = code === lang;
    choose.append(o);
  }
  choose.addEventListener("change", async () => {
    await load(choose.value);
    render();
  });
  bar.append(choose);
  return bar;
}

function panels() {
  const box = el("div", "panels");
  box.dataset.tab = game.panel;
  const tabs = el("div", "tabs");
  tabs.setAttribute("role", "tablist");
  for (const [tab, key] of [["sheet", "web.sheet"], ["log", "web.log"], ["chat", "web.chat"]]) {
    const label = tab === "chat" && game.unread ? `${t(key)} (${game.unread})` : t(key);
    const b = button(label, `tab${game.panel === tab ? " active" : ""}`, () => {
      game.panel = tab;
      if (tab === "chat") game.unread = 0;
      render();
    });
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(game.panel === tab));
    tabs.append(b);
  }
  const sheet = el("div", "panel sheet-panel");
  sheet.append(scoreSheet(game));
  const log = el("div", "panel log-panel");
  log.append(logPanel(game));
  const chat = el("div", "panel chat-panel");
  chat.append(chatPanel(game, act));
  box.append(tabs, sheet, log, chat);
  return box;
}

async function screen() {
  const main = el("main", `screen-${game.screen}`);
  if (game.screen === "rules") {
    const back = () => {
      game.screen = game.view ? "table" : game.back || "home"; // the game may have begun meanwhile
      render();
    };
    main.append(button(t("web.back"), "back", back));
    main.append(await ruleBook(lang));
  } else if (game.screen === "table" && game.view) {
    main.append(drawTable(game, act), panels());
    const dialog = summary(game, act);
    if (dialog) main.append(dialog);
  } else if (game.screen === "room" && game.room) {
    main.append(waitingRoom(game, act));
  } else if (game.screen === "server_password") {
    main.append(passwordForm(act));
  } else if (game.screen === "join" && game.code) {
    main.append(joinForm(act, game.code));
  } else if (game.code && game.pending) {
    main.append(el("p", "busy", t("web.connecting")));
  } else {
    main.append(el("p", "intro", t("web.intro")), createForm(act), joinForm(act));
  }
  return main;
}

function drawBanner() {
  let banner = document.getElementById("banner");
  if (!banner) {
    banner = el("div");
    banner.id = "banner";
    banner.setAttribute("role", "alert");
    document.body.append(banner);
  }
  banner.textContent = game.banner || game.toast;
  banner.hidden = !(game.banner || game.toast);
}

let drawing = Promise.resolve();
let toastTimer = null;
function render() {
  drawing = drawing.then(async () => {
    if (game.screen === "rules" && root.querySelector(`.rulebook[data-lang="${lang}"]`)) {
      return drawBanner(); // the book is drawn already: keep the reader's place
    }
    const typing = document.activeElement?.name === "text" ? document.activeElement.value : null;
    const main = await screen();
    const mine = game.view && game.view.turn === game.view.seat && game.view.phase === "playing";
    document.title = `${mine ? "▶ " : ""}${game.code ? `koza · ${game.code}` : "koza"}`;
    root.replaceChildren(header(), main);
    if (typing !== null) {
      const input = root.querySelector("input[name=text]");
      if (input) {
        input.value = typing;
        input.focus();
      }
    }
    for (const panel of root.querySelectorAll(".log-panel, .chat-lines")) {
      panel.scrollTop = panel.scrollHeight; // the latest line in sight
    }
    drawBanner();
    if (game.toast) {
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => ((game.toast = ""), drawBanner()), 4000);
    }
    if (game.screen === "table" && window.kozaFirstTable === undefined) {
      requestAnimationFrame(() => (window.kozaFirstTable = performance.now()));
    }
  });
  return drawing;
}

// --- where the page starts -----------------------------------------------------------------

async function route(again = false) {
  const code = decodeURIComponent(location.hash.slice(1)).toUpperCase();
  if (code && code === game.code && game.conn && again !== true) return;
  if (!CODE.test(code)) {
    if (game.conn) leave(false);
    game.screen = "home";
    return render();
  }
  if (game.conn) leave(false);
  game.code = code;
  const kept = seats()[code];
  if (kept) {
    game.token = kept.token;
    game.seat = kept.seat;
    render();
    await request("rejoin", { type: "rejoin", code, token: kept.token, last_seq: -1 });
  } else {
    game.screen = "join";
    render();
  }
}

async function boot() {
  await Promise.all([load(chooseLang()), loadSetup()]);
  addEventListener("hashchange", route);
  addEventListener("keydown", keyHandler(() => game, act, render));
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
  await route();
}

boot();
