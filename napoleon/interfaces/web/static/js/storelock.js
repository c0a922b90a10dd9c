// One window at a time holds the player's store (the static site's page worker, pyworker.js, uses
// this module). The store is a SQLite file in each window's memory, written back to IndexedDB
// whole: two windows of the site (two tabs, or the installed app beside a tab) would each write
// their own copy over the other's, and a game played in one would be lost. So a window holds the
// Web Lock STORE_LOCK (origin-wide, as the IndexedDB database is) while it reads and writes the
// store. A window that finds it held says so and waits. It takes the store when the player asks
// (the holder is asked over a BroadcastChannel to keep the store and let go; one that does not
// answer within LET_GO_MS, a window the browser has frozen say, has it taken), or when it is shown
// again and the store is free (its holder was closed). It never takes the store by itself while
// hidden: the holder being reloaded lets go for a moment, and must find it again.

const STORE_LOCK = "napoleon-store";
const GRACE_MS = 2000;  // a reloaded page's worker may still hold the store while the page unloads
const LET_GO_MS = 3000;

const locks = typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
const channel = locks && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(STORE_LOCK) : null;

let holding = false;
let wanted = false;  // the player asked for the store in this window
let wake = null;  // while this window waits for the store: look again (asked, or shown again)
let letGo = null;  // while this window holds the store: let it go
let lost = null;  // called once this window no longer holds the store

/** Whether this window holds the store, so that it may read and write it. */
export function holdsStore() {
  return holding;
}

/**
 * Ask for the store: true once this window holds it (until it lets go, or it is taken), false if
 * it was not given (``ifAvailable`` and held elsewhere, or the wait given up: ``signal``).
 */
function request(options) {
  return new Promise((resolve) => {
    locks.request(STORE_LOCK, options, (lock) => {
      if (!lock) {
        resolve(false);
        return null;
      }
      holding = true;
      resolve(true);
      return new Promise((end) => { letGo = end; });
    }).catch(() => {
      if (holding) gone();  // taken by a window whose player asked for it
      else resolve(false);  // the wait given up
    });
  });
}

/** Ask for the store, waiting at most ``ms`` milliseconds for it (0: only if it is free now). */
async function requestFor(ms) {
  if (ms === 0) return request({ ifAvailable: true });
  const given = new AbortController();
  const timer = setTimeout(() => given.abort(), ms);
  try {
    return await request({ signal: given.signal });
  } finally {
    clearTimeout(timer);
  }
}

function gone() {
  holding = false;
  letGo = null;
  if (lost) lost();
}

/**
 * Settled once this window holds the store. ``say(message)`` tells the page: {type: "store-elsewhere"}
 * when another window holds it (the page asks the player), {type: "store-held"} once this one does
 * after that. ``onLost`` is called if this window later lets go or loses it. Without Web Locks
 * (an old browser), the window holds the store at once, as before there were any.
 */
export async function holdStore(say, onLost) {
  lost = onLost;
  if (!locks) {
    holding = true;
    return;
  }
  try {
    if (!wanted && (await requestFor(GRACE_MS))) return;
    if (!wanted) {
      say({ type: "store-elsewhere" });
      while (!wanted) {
        await new Promise((resolve) => { wake = resolve; });
        wake = null;
        if (!wanted && (await requestFor(0))) {  // shown again, and its holder is gone
          say({ type: "store-held" });
          return;
        }
      }
    }
    if (!(await requestFor(0))) {
      if (channel) channel.postMessage({ type: "let-go" });
      if (!(await requestFor(LET_GO_MS))) await request({ steal: true });
    }
    say({ type: "store-held" });
  } catch (err) {
    holding = true;  // locks refused (an opaque origin, say): as without them
  }
}

/** The player asked to play in this window: the store is asked for now (at once if this window waits). */
export function wantStore() {
  wanted = true;
  if (wake) wake();
}

/** This window is shown again: if it waits for the store and the store is free, it takes it. */
export function lookForStore() {
  if (wake) wake();
}

/**
 * When another window asks for the store, ``keep()`` (a promise: the store written back) runs while
 * this window still holds it, then the store is let go and ``onLost`` (holdStore's) is called.
 */
export function letGoWhenAsked(keep) {
  if (!channel) return;
  channel.onmessage = async (event) => {
    if (!event.data || event.data.type !== "let-go" || !holding || !letGo) return;
    try {
      await keep();
    } finally {
      const end = letGo;
      gone();
      if (end) end();
    }
  };
}
