// The web app in a Web Worker (the static site, napoleon site): the same Starlette app as
// napoleon serve, called as ASGI with no socket (napoleon.interfaces.web.inbrowser.respond). The page's
// requests arrive as messages {id, method, url, headers, body} and are answered
// {id, status, headers, body}, or {id, error} when Python could not start.
//
// The store is the same SQLite file as on a computer, kept in the browser's IndexedDB: Pyodide's
// IDBFS is mounted where NAPOLEON_DB points and written back after each request that changed it,
// once the request is answered, and when the page is hidden or closed (backend.js). Searches run
// in search workers of their own, one a lane (globalThis.napoleonLanes, napoleon.solver.browser).
//
// Python starts from the copy of it a first visit kept, imports done (python.js), and says so to
// the page ({type: "python", restored}); the store is opened after that, never held in the copy,
// once no other window of the site holds it (storelock.js; the page is told {type: "store-elsewhere"},
// "store-held" and "store-taken", asks for it with {type: "take"} and says it is shown with {type: "visible"}).

import { startPython } from "./python.js";
import { holdStore, holdsStore, letGoWhenAsked, lookForStore, wantStore } from "./storelock.js";

const MOUNT = "/napoleon";  // also the name of the IndexedDB database: the same in every version of the site

// ------------------------------------------------------------------ search lanes

class Lane {
  constructor(name) {
    this.name = name;
    this.worker = null;
    this.queue = [];
    this.current = null;
    this.started = null;  // settled when the worker's Python has started (or failed to)
  }

  run(id, job) {
    return new Promise((resolve, reject) => {
      this.queue.push({ id, job, resolve, reject });
      this.next();
    });
  }

  /** Start the lane's worker now, so that its Python is ready when a search is asked for; a
   * promise of its start. */
  warm() {
    if (this.worker) return this.started;
    this.worker = new Worker(new URL("./searchworker.js", import.meta.url),
      { name: `napoleon search (${this.name})` });  // a classic worker: it loads the core with importScripts
    let started;
    this.started = new Promise((resolve) => { started = resolve; });
    this.worker.onmessage = (event) => (event.data.type === "started" ? started() : this.done(event.data));
    this.worker.onerror = (event) => {
      started();
      this.end((event && event.message) || said("SEARCH_WORKER_FAILED"));
    };
    return this.started;
  }

  next() {
    if (this.current || !this.queue.length) return;
    this.warm();
    this.current = this.queue.shift();
    this.worker.postMessage({ id: this.current.id, job: this.current.job }, [this.current.job.buffer]);
  }

  done({ id, answer, error }) {
    const job = this.current;
    if (!job || job.id !== id) return;
    this.current = null;
    if (error) job.reject(new Error(error));
    else job.resolve(answer);
    this.next();
  }

  /** End the worker (a stale search, or a failure); its job fails, the next starts a new worker. */
  end(why) {
    const job = this.current;
    this.current = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (job) job.reject(new Error(why));
    this.next();
  }

  drop(id) {
    const waiting = this.queue.findIndex((j) => j.id === id);
    if (waiting >= 0) this.queue.splice(waiting, 1)[0].reject(new Error(said("SEARCH_STOPPED")));
    else if (this.current && this.current.id === id) this.end(said("SEARCH_STOPPED"));
  }
}

const lanes = new Map();
function lane(name) {
  if (!lanes.has(name)) lanes.set(name, new Lane(name));
  return lanes.get(name);
}

globalThis.napoleonLanes = {
  run: (name, id, job) => lane(name).run(id, job),
  drop: (name, id) => lane(name).drop(id),
};

// ------------------------------------------------------------------ the store

let pyodide = null;
let kept = true;  // false once the browser refused to keep the store
let leaving = false;  // another window asked for the store: no request changes it here any more
let written = null;  // the store's files as the last write-back found them (storeState)
let writing = null;  // the write-back under way: settled once the store as it was then is kept

/** The voice's sentence ``name`` (napoleon.voice), read from the app's Python: the lanes run only
 * when Python asks them to, and the store's refusal comes once it has started. */
function said(name) {
  return pyodide.pyimport("napoleon.voice")[name];
}

function syncFs(populate) {
  return new Promise((resolve, reject) => pyodide.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

function refused() {
  if (!kept) return;
  kept = false;
  self.postMessage({ type: "news", text: said("STORAGE_REFUSED") });
}

/** The store's files as they are: each one's name, size and time, which any write changes. */
function storeState() {
  const names = pyodide.FS.readdir(MOUNT).filter((name) => name !== "." && name !== "..").sort();
  return names.map((name) => {
    const stat = pyodide.FS.stat(`${MOUNT}/${name}`);
    return `${name} ${stat.size} ${+stat.mtime}`;
  }).join("\n");
}

/**
 * Write the store back to IndexedDB when a request changed it; a promise settled once the store
 * as it is now is kept there. Called after a request is answered, so that a move's answer never
 * waits for it; one write at a time, and one more after it when requests changed the store
 * meanwhile (however many did). A request that changed nothing (a look at the game) writes nothing.
 */
function persist() {
  if (!writing && kept && holdsStore() && storeState() !== written) writing = writeBack();
  return writing || Promise.resolve();
}

async function writeBack() {
  try {
    do {
      written = storeState();  // before the copy: a change made while it is under way is seen after it
      await syncFs(false);
    } while (storeState() !== written);
  } catch (err) {
    refused();
  } finally {
    writing = null;
  }
}

// A game file exported, or one imported, is the player's own word that their games matter now:
// the store is kept before either is answered.
const FLUSHED_FIRST = /^\/api\/(import|export|games\/[^/]+\/export)$/;

const ready = (async () => {
  let restored;
  ({ pyodide, restored } = await startPython(null, {
    snapshot: "app", imports: ["napoleon.interfaces.web.inbrowser"], prepare: "napoleon.interfaces.web.inbrowser.warm",
  }));
  self.postMessage({ type: "python", restored: !!restored });
  // The store is read only once no other window of the site holds it (storelock.js).
  await holdStore((message) => self.postMessage(message), () => {
    leaving = true;
    self.postMessage({ type: "store-taken" });
  });
  letGoWhenAsked(async () => {
    leaving = true;  // a move made here from now on would not be kept: refused, not lost
    await persist();
  });
  pyodide.FS.mkdirTree(MOUNT);
  pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, MOUNT);
  try {
    await syncFs(true);
  } catch (err) {
    refused();
  }
  written = storeState();
  const bridge = pyodide.pyimport("napoleon.interfaces.web.inbrowser");
  const app = bridge.open_app(`${MOUNT}/napoleon.db`);
  persist();  // a new store (or one brought up to date) is written at once
  return { bridge, app };
})();

// ------------------------------------------------------------------ requests

/** An error's last line: a Python traceback's is the error itself. */
function lastLine(err) {
  const lines = String((err && err.message) || err).trim().split("\n");
  return lines[lines.length - 1];
}

/**
 * The first deal is on the table: the search workers start now, one after the other, rather than
 * beside the app's Python while it deals. The background lane first (the page asks at once whether
 * the deal can be won), then the foreground's, so that a hint's search starts at once.
 */
async function warmLanes() {
  await lane("background").warm();
  await lane("foreground").warm();
}

// ------------------------------------------------------------------ the rehearsal
//
// V8 runs the interpreter's WebAssembly as baseline code until it has run a while: a visit's first
// 15-30 requests took twice as long as the later ones. While the player looks at the first deal,
// a player's first moves are rehearsed (napoleon.interfaces.web.inbrowser.Rehearsal: an app of its
// own on a throwaway store), one request at a time, never while a request of the page's is under
// way, and given up for good at the page's first action (any request but a look), by when the
// player's own requests warm the code.

let answering = 0;  // requests of the page's under way
let acted = false;  // the page has asked for an action: no more rehearsal

function yieldToPage() {
  return new Promise((resolve) => setTimeout(resolve, 0));  // a message that came meanwhile goes first
}

async function rehearse() {
  let rehearsal = null;
  try {
    const { bridge } = await ready;
    while (!acted) {
      if (answering) {
        await yieldToPage();
        continue;
      }
      rehearsal = rehearsal || bridge.Rehearsal();
      if (!(await rehearsal.step())) break;
      await yieldToPage();
    }
  } catch (err) {
    // a rehearsal that fails has warmed less, and changed nothing of the player's
  } finally {
    if (rehearsal) {
      try {
        rehearsal.close();
      } catch (err) {
        // its throwaway store stays in memory: nothing of the player's
      }
      rehearsal.destroy();
    }
  }
}

self.onmessage = async (event) => {
  if (event.data.type === "shown") {
    warmLanes();
    rehearse();
    return;
  }
  if (event.data.type === "take") {
    wantStore();  // the player's "Play here": the store taken from the window that holds it
    return;
  }
  if (event.data.type === "visible") {
    lookForStore();  // shown again: a window that waits takes the store if its holder has gone
    return;
  }
  if (event.data.type === "flush") {
    // The page is hidden or closing: whatever Python wrote since the last request (a verdict's
    // search that ended, say) is kept now, not at the next request, which may never come. A flush
    // with an ``ack`` is answered once the store is kept (the page then takes up a newer version).
    const { ack } = event.data;
    const keeping = written !== null ? persist() : Promise.resolve();
    if (ack) keeping.finally(() => self.postMessage({ type: "flushed", ack }));
    return;
  }
  const { id, method, url, headers, body } = event.data;
  if (method !== "GET") acted = true;
  answering += 1;
  try {
    await answerPage(id, method, url, headers, body);
  } finally {
    answering -= 1;
  }
};

async function answerPage(id, method, url, headers, body) {
  let python;
  try {
    python = await ready;
  } catch (err) {
    self.postMessage({ id, error: lastLine(err), unstarted: true });  // the page says it in the voice's words
    return;
  }
  const { bridge, app } = python;
  if (leaving) {
    self.postMessage({ id, status: 409, headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: said("STORE_ELSEWHERE") }) });
    return;
  }
  if (FLUSHED_FIRST.test(url.split("?")[0])) await persist();
  const pyHeaders = pyodide.toPy(headers || {});
  try {
    const reply = await bridge.respond(app, method, url, pyHeaders, body || "");  // the answer, or a task of it
    const out = reply.toJs({ dict_converter: Object.fromEntries });
    reply.destroy();
    self.postMessage({ id, ...out });
  } catch (err) {
    self.postMessage({ id, status: 500, headers: {}, body: JSON.stringify({ error: lastLine(err) }) });
  } finally {
    pyHeaders.destroy();
    persist();
  }
}
