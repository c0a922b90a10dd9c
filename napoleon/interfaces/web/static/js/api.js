// The JSON API: every call returns the parsed body or throws an ApiError
// carrying the server's message (which is written for the player). The server is napoleon
// serve, or the same app in a Web Worker of this page in the static site (backend.js).

import { inWorker, send } from "./backend.js";
import { unasked } from "./util.js";

export class ApiError extends Error {
  constructor(status, message, data = null) {
    super(message);
    this.status = status;
    // The game moved on in another window: the change was refused, nothing changed.
    this.stale = !!(data && data.stale);
    // The solver has its fill of searches of this kind: ask again in a moment.
    this.busy = !!(data && data.busy);
  }
}

// The voice's sentence for a server that cannot be reached, which the server wrote into the page.
const UNREACHABLE = unasked("unreachable");

// The token this run of the server gives its own page: every request carries it, so that
// the server can tell them from requests another site's page makes the browser send.
let token = null;

function pageToken() {
  if (token === null) {
    token = send("/api/token", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))))
      .then((data) => data.token)
      .catch((err) => {
        token = null;
        throw new ApiError(0, inWorker ? err.message : UNREACHABLE);
      });
  }
  return token;
}

// ``keepalive``: the request outlives the page (sent as it closes); ``signal`` (an AbortController's)
// takes the request back, and the server stops the search it set going.
async function call(method, path, body, retry = true, keepalive = false, signal = undefined) {
  const init = { method, keepalive, signal, headers: { "X-Napoleon-Token": await pageToken() } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);  // a string: a file's text as it is
  }
  let response;
  try {
    response = await send(path, init);
  } catch (err) {
    throw new ApiError(0, inWorker ? err.message : UNREACHABLE);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (response.status === 403 && data && data.token === "refused" && retry) {
    // The server was restarted with a new token while the page stayed open: ask for it once.
    token = null;
    return call(method, path, body, false, keepalive, signal);
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `${response.status} ${response.statusText}`, data);
  }
  return data;
}

/** A file the web app offers for saving: {text, name} (the name it gives it, else ``fallback``). */
async function download(path, fallback) {
  const response = await send(path);
  if (!response.ok) throw new ApiError(response.status, (await response.json()).error);
  const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return { text: await response.text(), name: named ? named[1] : fallback };
}

export const api = {
  catalog: () => call("GET", "/api/catalog"),
  unfinished: () => call("GET", "/api/games"),
  stats: () => call("GET", "/api/stats"),
  history: (limit = 100) => call("GET", `/api/history?limit=${limit}`),
  resetStats: () => call("POST", "/api/stats/reset", {}),
  // Left from the position ``version`` names: refused (stale) when another window played on since.
  leave: (id, version) => call("POST", `/api/games/${id}/leave`, version ? { version } : undefined),
  // The page was hidden or closed: the game's clock stops until the next action.
  pause: (id) => call("POST", `/api/games/${id}/pause`, undefined, true, true),
  // ``extra``: {grade} with deal "winnable", {date} with deal "daily" (docs/grades.md).
  create: (game, deal, options, autoplay, extra = {}) => {
    const body = { game, options, autoplay, ...extra };
    if (deal !== null && deal !== undefined) body.deal = deal;
    return call("POST", "/api/games", body);
  },
  get: (id) => call("GET", `/api/games/${encodeURIComponent(id)}`),
  grade: (id) => call("GET", `/api/games/${id}/grade`),
  // ``version`` names the position the change is meant for (the view's "version").
  move: (id, move, version) => call("POST", `/api/games/${id}/moves`, version ? { ...move, version } : move),
  action: (id, name, version) => call("POST", `/api/games/${id}/${name}`, version ? { version } : undefined),
  // Back to the position after ``to`` moves (the last winnable one), in one change.
  back: (id, to, version) => call("POST", `/api/games/${id}/back`, version ? { to, version } : { to }),
  settings: (id, settings) => call("POST", `/api/games/${id}/settings`, settings),
  // Where the top ``count`` cards of pile ``from`` may go: {targets, text (said when they are picked up)}.
  targets: (id, from, count) => call("GET", `/api/games/${id}/targets?from=${encodeURIComponent(from)}&count=${count}`),
  hint: (id, budget) => call("GET", `/api/games/${id}/hint` + (budget ? `?budget=${budget}` : "")),
  // The live verdict's next step: {verdict, more (a longer search may follow), length, ...};
  // ``longer``: seconds of one search asked for beyond the server's ladder.
  verdict: (id, longer, signal) =>
    call("GET", `/api/games/${id}/verdict` + (longer ? `?longer=${longer}` : ""), undefined, true, false, signal),
  // The review of a stored game, as far as it has got ({done: false}: ask again).
  review: (id) => call("GET", `/api/games/${id}/review`),
  // A new game from before the reviewed game's losing move: {id, hash, moves}.
  playFromHere: (id) => call("POST", `/api/games/${id}/play-from-here`),
  solve: (id, budget, steps) => call("POST", `/api/games/${id}/solve`, { budget, steps }),
  // The last earlier position that can be won: {at: moves it keeps or null, move, text}.
  lastWinnable: (id) => call("GET", `/api/games/${id}/last-winnable`),
  // A game as ``napoleon export`` writes it: {text, name} (the file's name the web app gives it).
  exportFile: (id) => download(`/api/games/${id}/export`, `${id}.json`),
  // Every game, as ``napoleon export --all`` writes them: {text, name}.
  exportAll: () => download("/api/export", "napoleon-games.json"),
  // A game file as ``napoleon import`` reads it, as the text of the file: {id} of the new record,
  // or for a file of games {ids, held, text} (text: what was imported, said).
  importText: (text) => call("POST", "/api/import", String(text)),

};
