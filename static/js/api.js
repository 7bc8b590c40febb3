// REST calls to /api and the seat tokens kept in localStorage (never in URLs).

import { errorText, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("network", t("error.network"), 0);
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http_" + response.status,
      errorText(error.code, error.message || `HTTP ${response.status}`), response.status);
  }
  return data;
}

const room = (code) => `/api/rooms/${encodeURIComponent(code)}`;

export const api = {
  createRoom: (options, name, seat) => call("POST", "/api/rooms", { body: { options, name, seat } }),
  lobby: (code) => call("GET", room(code)),
  claimSeat: (code, seat, name) => call("POST", `${room(code)}/seats`, { body: { seat, name } }),
  leaveSeat: (code, token) => call("DELETE", `${room(code)}/seats/me`, { token }),
  addBot: (code, seat, kind, token) => call("POST", `${room(code)}/seats/${seat}/bot`, { body: { kind }, token }),
  replaceSeat: (code, seat, token) => call("POST", `${room(code)}/seats/${seat}/replace`, { token }),
  start: (code, token) => call("POST", `${room(code)}/start`, { token }),
  rematch: (code, token, seats = "keep") => call("POST", `${room(code)}/rematch`, { body: { seats }, token }),
  results: (code) => call("GET", `${room(code)}/results`),
  replay: (code, number, token, { view, from, limit }) => {
    const query = new URLSearchParams({ from, limit });
    if (view !== null && view !== undefined) query.set("view", view);
    return call("GET", `${room(code)}/games/${number}/replay?${query}`, { token });
  },
  away: (code) => call("GET", `${room(code)}/away`),
  /** One page of this seat's history: the actions before `before` (null: the latest). */
  log: (code, token, before = null, limit = 500) => call("GET",
    `${room(code)}/log?limit=${limit}${before === null ? "" : `&before=${before}`}`, { token }),
};

// --- Local storage: one token per room code, and the last name typed. -------------------

const KEY = (code) => `nao.token.${code}`;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const tokens = {
  get: (code) => storage()?.getItem(KEY(code)) || null,
  set: (code, token) => storage()?.setItem(KEY(code), token),
  forget: (code) => storage()?.removeItem(KEY(code)),
};

export const savedName = {
  get: () => storage()?.getItem("nao.name") || "",
  set: (name) => storage()?.setItem("nao.name", name),
};

/** The absolute share link of a room. */
export const shareLink = (code) => `${location.origin}/r/${encodeURIComponent(code)}`;
