// One websocket to the table (docs/reference/web-protocol.md), that reconnects by itself: with an
// exponential backoff after a drop, at once when the tab becomes visible again or the
// browser comes back online. Each (re)connection says hello with the last seq the page
// has; the server answers with a snapshot.

const FIRST_DELAY_MS = 400;
const MAX_DELAY_MS = 15000;
const PING_EVERY_MS = 10000;
const SILENCE_MS = 25000; // no message for this long: the connection is dead

export class Connection {
  /**
   * @param {string} url the websocket's URL
   * @param {() => object} hello the first message (called on each connection)
   * @param {{message: (m: object) => void, state: (s: string, attempt: number) => void}} on
   */
  constructor(url, hello, on) {
    this.url = url;
    this.hello = hello;
    this.on = on;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.lastHeard = 0;
    this.stopped = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.check();
    });
    window.addEventListener("online", () => this.reconnectNow());
    window.addEventListener("offline", () => this.drop());
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) this.detach();
    this.on.state(this.attempt ? "reconnecting" : "connecting", this.attempt);
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      ws.send(JSON.stringify(this.hello()));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.keepAlive(), PING_EVERY_MS);
    });
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "snapshot") {
        this.attempt = 0;
        this.on.state("open", 0);
      }
      if (message.type !== "pong") this.on.message(message);
    });
    ws.addEventListener("close", () => {
      if (ws !== this.ws) return;
      this.detach();
      this.schedule();
    });
    ws.addEventListener("error", () => {
      /* a close follows */
    });
  }

  detach() {
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pinger);
    this.pinger = null;
    if (ws && ws.readyState <= WebSocket.OPEN) {
      try {
        ws.close();
      } catch {
        /* already closing */
      }
    }
  }

  schedule() {
    if (this.stopped || this.timer) return;
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.on.state("reconnecting", this.attempt);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay * (0.8 + 0.4 * Math.random()));
  }

  /** Drop the connection and reconnect with the backoff (e.g. a missed update). */
  drop() {
    if (this.ws) this.detach();
    this.schedule();
  }

  reconnectNow() {
    if (this.stopped) return;
    this.attempt = Math.min(this.attempt, 1);
    this.connect();
  }

  /** The tab is visible again: a connection that is not open is retried now. */
  check() {
    if (!this.open) this.reconnectNow();
    else this.keepAlive();
  }

  keepAlive() {
    if (!this.open) return;
    if (Date.now() - this.lastHeard > SILENCE_MS) {
      this.drop();
      return;
    }
    this.ws.send(JSON.stringify({ type: "ping" }));
  }

  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.detach();
  }
}
