// The WebSocket to the game server: the protocol `koza join` speaks, with reconnection.
let config = null;

async function gameUrl() {
  if (!config) config = await (await fetch("/config.json")).json();
  const scheme = config.tls || location.protocol === "https:" ? "wss" : "ws";
  const host = location.hostname.includes(":") ? `[${location.hostname}]` : location.hostname;
  return `${scheme}://${host}:${config.port}`;
}

export class Connection {
  /** `onMessage(msg)` gets every server message; `onState(text)` hears "open", "lost", "retry". */
  constructor(onMessage, onState) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.ws = null;
    this.again = null; // the message that takes the seat back after a reconnection
    this.closed = false;
    this.delay = 250;
    this.queue = [];
    this.welcomes = 0; // after the first, a welcome means a reconnection: take the seat back
  }

  async open() {
    const url = await gameUrl();
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
