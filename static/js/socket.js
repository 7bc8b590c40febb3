// The room's websocket: authenticate first (token or spectator), reconnect with backoff,
// keep alive with pings, and hand every server message to `onMessage`.

const PING_MS = 20000;
const BACKOFF_MIN_MS = 400;
const BACKOFF_MAX_MS = 8000;

export class RoomSocket {
  /**
   * @param {string} code room code
   * @param {{token: () => (string|null), onMessage: (msg) => void,
   *          onStatus: (status: string) => void}} hooks
   */
  constructor(code, hooks) {
    this.code = code;
    this.hooks = hooks;
    this.ws = null;
    this.attempt = 0;
    this.closed = false;
    this.retryTimer = null;
    this.pingTimer = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}`;
  }

  connect() {
    this.closed = false;
    clearTimeout(this.retryTimer);
    this.hooks.onStatus(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      const token = this.hooks.token();
      // patches: an update may carry only the view's changed fields (room.js merges them).
      ws.send(JSON.stringify(token ? { type: "auth", token, patches: true } : { type: "watch", patches: true }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "sync") {
        this.attempt = 0;
        this.hooks.onStatus("online");
      }
      this.hooks.onMessage(message);
    });
    ws.addEventListener("close", () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return; // replaced by a newer socket
      this.ws = null;
      if (!this.closed) this.scheduleRetry();
    });
  }

  scheduleRetry() {
    this.attempt += 1;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (this.attempt - 1));
    const delay = base / 2 + Math.random() * (base / 2);
    this.hooks.onStatus("reconnecting");
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Drop the current socket and authenticate again (after claiming a seat). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.attempt = 0;
    this.connect();
  }

  get open() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  /** Send a message; false if the socket is not open (the caller may tell the user). */
  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}

/** A unique id for an `act`, so that a retried message is harmless. */
export function clientId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
