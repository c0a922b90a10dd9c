// Where the page's requests go: to napoleon serve over HTTP, or, in the static site (whose page
// says <meta name="napoleon-backend" content="worker">), to the same web app running in a Web
// Worker of this page (pyworker.js). The requests are the same; only the carrier differs.

import { unasked } from "./util.js";

const meta = document.querySelector('meta[name="napoleon-backend"]');
export const inWorker = !!meta && meta.content === "worker";

let worker = null;
let pythonStart = null;  // how the worker's Python started, once it has: {restored} (from a kept copy, or anew)
let nextId = 1;
const waiting = new Map();
const CONTROL_WAIT_MS = 60000;  // the longest the first visit waits for the offline copy before Python starts

// The player's store is held by one window of the site at a time (storelock.js): the page's worker
// says when another holds it, when this one has it again, and when another has taken it; the page
// tells the player (the event "napoleon-elsewhere", its detail one of these) and asks at their word (playHere).
const ELSEWHERE = { "store-elsewhere": "waiting", "store-held": "held", "store-taken": "taken" };
const TAKE_ON_START = "napoleon.take-store";  // sessionStorage: a reload at "Play here" asks for the store at once

/** Whether this page was reloaded at the player's "Play here" (playHere), forgotten once read. */
function askedToTake() {
  try {
    const asked = sessionStorage.getItem(TAKE_ON_START);
    sessionStorage.removeItem(TAKE_ON_START);
    return !!asked;
  } catch (err) {
    return false;  // no session storage (refused): the reloaded page asks the player again
  }
}

function startWorker() {
  worker = new Worker(new URL("./pyworker.js", import.meta.url), { type: "module", name: "napoleon" });
  if (askedToTake()) worker.postMessage({ type: "take" });
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.type === "python") {
      pythonStart = { restored: m.restored };
      return;
    }
    if (m.type === "flushed") {
      const kept = flushes.get(m.ack);
      flushes.delete(m.ack);
      if (kept) kept();
      return;
    }
    if (m.type === "news") {
      window.dispatchEvent(new CustomEvent("napoleon-news", { detail: m.text }));
      return;
    }
    if (m.type in ELSEWHERE) {
      window.dispatchEvent(new CustomEvent("napoleon-elsewhere", { detail: ELSEWHERE[m.type] }));
      return;
    }
    const pending = waiting.get(m.id);
    if (!pending) return;
    waiting.delete(m.id);
    // Python that did not start cannot say so itself: the page says it, in the voice's words written into it.
    if (m.error) pending.reject(new Error(m.unstarted ? unasked("python-not-started", { why: m.error }) : m.error));
    else pending.resolve(new Response(m.status === 204 ? null : m.body, { status: m.status, headers: m.headers }));
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || unasked("worker-failed")));
    waiting.clear();
  };
  return worker;
}

/**
 * The service worker that keeps the whole site for offline play (sw.js at the site's root). On
 * the first visit it fetches the site once, into its cache, and Python starts only when it serves
 * this page, so that Python's files come from that cache and are not fetched twice. A browser
 * that refuses it (no HTTPS, private browsing) plays online all the same.
 */
async function offlineCopy() {
  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../../", import.meta.url);
  const registered = navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href });
  registered.then(watchForNewer, () => {});
  // A later visit is served by the copy already: Python starts at once, while the browser asks the
  // server whether sw.js is new (a round trip that would otherwise come first).
  if (navigator.serviceWorker.controller) return;
  // A first visit: the offline copy's progress, told the page until it serves it (the event
  // "napoleon-progress"). Set as onmessage, it is delivered from now, not once the document has loaded.
  navigator.serviceWorker.onmessage = (event) => {
    if (event.data && event.data.type === "progress" && !navigator.serviceWorker.controller) {
      window.dispatchEvent(new CustomEvent("napoleon-progress", { detail: event.data.percent }));
    }
  };
  try {
    await registered;
  } catch (err) {
    return;
  }
  if (navigator.serviceWorker.controller) return;
  await new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    setTimeout(resolve, CONTROL_WAIT_MS);
  });
}

let registration = null;  // the offline copy's service worker registration, once registered

/**
 * Tell the page (the event "napoleon-newer") when a newer version of the site is installed beside
 * the one at work and waits for it: the browser takes it up once no page of this version is open, or
 * at once on the player's word (takeNewer).
 */
function watchForNewer(registered) {
  registration = registered;
  const newer = () => window.dispatchEvent(new CustomEvent("napoleon-newer"));
  if (registered.waiting && navigator.serviceWorker.controller) newer();
  registered.addEventListener("updatefound", () => {
    const installing = registered.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) newer();
    });
  });
}

const started = inWorker ? offlineCopy().then(startWorker) : null;

/** Ask the worker to keep the store now: the page is hidden (a phone may end it unseen) or closing. */
function flush() {
  started.then((python) => python.postMessage({ type: "flush" }));
}

let nextFlush = 1;
const flushes = new Map();
const FLUSH_WAIT_MS = 5000;  // the longest a newer version waits for the store of a worker that never answers

/** The store kept by the worker: settled once it says so (or after FLUSH_WAIT_MS). */
function keepStore() {
  return started.then((python) => new Promise((resolve) => {
    const ack = nextFlush++;
    flushes.set(ack, resolve);
    python.postMessage({ type: "flush", ack });
    setTimeout(() => {
      flushes.delete(ack);  // a worker that never answers: no answer is waited for any longer
      resolve();
    }, FLUSH_WAIT_MS);
  }));
}

/**
 * Take up the newer version that waits (watchForNewer) now: the store kept first, then the newer
 * service worker told to take over; the page reloads under it, the game where it was. False if none waits.
 */
export async function takeNewer() {
  const waiting = registration && registration.waiting;
  if (!waiting) return false;
  await keepStore();
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: "take-over" });
  return true;
}

if (inWorker) {
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
    else started.then((python) => python.postMessage({ type: "visible" }));  // it may wait for the store
  });
}

/**
 * The player asked to play in this window while another holds the store: a window that waits for it
 * asks for it now; one whose store was taken reloads and asks for it as it starts (its page and
 * Python then read the store as the other window left it).
 */
export function playHere(taken) {
  if (taken) {
    try {
      sessionStorage.setItem(TAKE_ON_START, "1");
    } catch (err) {
      // refused: the reloaded page asks the player again
    }
    window.location.reload();
  } else {
    started.then((python) => python.postMessage({ type: "take" }));
  }
}

/**
 * Whether the browser keeps the player's store for good (true), or may clear it when it runs short
 * of space (false); null when it cannot tell, or when the store is the server's (napoleon serve).
 * With ``ask``, the browser is asked to keep it for good first (navigator.storage.persist: Chrome
 * answers by itself, an installed app's yes; Firefox asks the player): asked when there is
 * something worth keeping (a game ended, a game imported, the site installed).
 */
export async function keptForGood(ask = false) {
  if (!inWorker || !navigator.storage || !navigator.storage.persisted) return null;
  try {
    if (await navigator.storage.persisted()) return true;
    return ask && navigator.storage.persist ? await navigator.storage.persist() : false;
  } catch (err) {
    return null;
  }
}

if (inWorker) window.addEventListener("appinstalled", () => keptForGood(true));

let shown = false;

/**
 * Say that a deal is on the table (the first time only), once its first frame is drawn: the page's
 * worker then starts its search workers' Python and rehearses a player's first moves, which would
 * otherwise compete with the first deal, and its frame, for the machine.
 */
export function dealShown() {
  if (!inWorker || shown) return;
  shown = true;
  const drawn = () => requestAnimationFrame(() => setTimeout(() => started.then((python) => python.postMessage({ type: "shown" }))));
  requestAnimationFrame(drawn);
}

/** How the page's worker started Python: {restored: true} from the copy a visit kept (python.js), null until it has. */
export function howPythonStarted() {
  return pythonStart;
}

/** Like fetch(path, init) for the API, answered by the server or by the page's worker. */
export async function send(path, init = {}) {
  if (!inWorker) return fetch(path, init);
  const python = await started;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    python.postMessage({ id, method: init.method || "GET", url: path, headers: init.headers || {}, body: init.body || "" });
  });
}
