// One window at a time holds the player's store (the static site's page worker, pyworker.js, uses
// this module). The store is a SQLite file in each window's memory, written back to IndexedDB
// whole: two windows of the site (two tabs, or the installed app beside a tab) would each write
// their own copy over the other's, and a game played in one would be lost. So a window holds the
// Web Lock STORE_LOCK (origin-wide, as the IndexedDB database is) while it reads and writes the
// store. A window that finds it held waits, and its page says so; it gets the store when the other
// window closes, or at once at the player's word: the holder is asked (over a BroadcastChannel) to
// keep the store and let go, and if it does not answer within LET_GO_MS (a window the browser has
// frozen, say), the lock is taken from it. A window that lets go or loses the store writes no more.

const STORE_LOCK = "napoleon-store";
const GRACE_MS = 2000;  // a reloaded page's worker may still hold the store while the page unloads
const LET_GO_MS = 3000;

const locks = typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
const channel = locks && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(STORE_LOCK) : null;

let holding = false;
let wanted = false;  // the player asked for the store in this window
let take = null;  // while this window waits for the store: ask for it now
let letGo = null;  // while this window holds the store: let it go
let lost = null;  // called once this window no longer holds the store

/** Whether this window holds the store, so that it may read and write it. */
export function holdsStore() {
  return holding;
}

/** The store held by this window until it lets go (or the lock is taken from it): resolved once held. */
function request(options) {
  return new Promise((resolve, reject) => {
    locks.request(STORE_LOCK, options, () => {
      holding = true;
      resolve();
      return new Promise((end) => { letGo = end; });
    }).catch((err) => {
      if (!holding) reject(err);  // not granted (given up waiting)
      else gone();  // taken by a window whose player asked for it
    });
  });
}

function gone() {
  holding = false;
  letGo = null;
  if (lost) lost();
}

/** Whether ``promise`` settles within ``ms`` milliseconds. */
function within(promise, ms) {
  return Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
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
    const queued = new AbortController();
    const granted = request({ signal: queued.signal });
    granted.catch(() => {});
    if (!wanted && (await within(granted, GRACE_MS))) return;
    if (!wanted) {
      say({ type: "store-elsewhere" });
      await Promise.race([granted, new Promise((resolve) => { take = resolve; })]);  // closed there, or asked here
      take = null;
    }
    if (!holding) {
      if (channel) channel.postMessage({ type: "let-go" });
      if (!(await within(granted, LET_GO_MS))) {
        queued.abort();
        await request({ steal: true });
      }
    }
    say({ type: "store-held" });
  } catch (err) {
    holding = true;  // locks refused (an opaque origin, say): as without them
  }
}

/** The player asked to play in this window: the store is asked for now (at once if this window waits). */
export function wantStore() {
  wanted = true;
  if (take) take();
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
