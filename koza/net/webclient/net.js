// The WebSocket to the game server: the protocol `koza join` speaks, with reconnection.
let config = null;

// A room's address carries its code (/room/CODE), so a proxy can send every connection
// about one room to the same server.
async function gameUrl(code) {
  if (!config) config = await (await fetch("/config.json")).json();
  const scheme = config.tls || location.protocol === "https:" ? "wss" : "ws";
  const host = location.hostname.includes(":") ? `[${location.hostname}]` : location.hostname;
  const path = code ? `/room/${encodeURIComponent(code)}` : "";
  return `${scheme}://${host}:${config.port}${path}`;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // the server's (no 0/O, 1/I)
const CODE_LENGTH = 10;

/** A new room's code, drawn here as `koza host --server` does (32 letters: no bias from % 32). */
export function drawCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

export class Connection {
  /** `onMessage(msg)` gets every server message; `onState(text)` hears "open", "lost", "retry". */
  constructor(onMessage, onState, codeOf = () => null) {
    this.onMessage = onMessage;
    this.codeOf = codeOf; // the room this connection is about, once known
    this.onState = onState;
    this.ws = null;
    this.again = null; // the message that takes the seat back after a reconnection
    this.closed = false;
    this.delay = 250;
    this.queue = [];
    this.welcomes = 0; // after the first, a welcome means a reconnection: take the seat back
  }

  async open() {
    const url = await gameUrl(this.codeOf());
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      this.ws = ws;
      let welcomed = false;
      const password = sessionStorage.getItem("koza.server_password") || undefined;
      ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: "hello", client: "koza-web", password }));
      ws.onmessage = (event) => {
        let msg;
        try {
          msg = JSON.parse(event.data);
        } catch {
          return;
        }
        if (!welcomed && msg.type === "welcome") {
          welcomed = true;
          this.delay = 250;
          this.onState("open");
          resolve();
          const again = this.welcomes++ > 0 && this.again ? this.again() : null;
          if (again) this.send(again);
          for (const queued of this.queue.splice(0)) this.send(queued);
          return;
        }
        if (!welcomed && msg.type === "error") {
          this.closed = true; // refused at the door (a server password): no point retrying
          ws.close();
          reject(Object.assign(new Error(msg.message), { said: msg }));
          return;
        }
        this.onMessage(msg);
      };
      ws.onclose = () => {
        if (this.ws !== ws) return;
        if (!welcomed) reject(new Error("closed"));
        if (!this.closed) this.retry();
      };
    });
  }

  retry() {
    this.onState("lost");
    setTimeout(() => {
      if (this.closed) return;
      this.onState("retry");
      this.open().catch(() => {});
    }, this.delay);
    this.delay = Math.min(this.delay * 2, 4000);
  }

  send(msg) {
    const full = { v: 1, ...msg };
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(full));
    else this.queue.push(msg);
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
