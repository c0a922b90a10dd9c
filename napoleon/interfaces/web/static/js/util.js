// Small helpers every part of the page uses: elements by id, the settings
// kept in this browser, times as the player reads them.

/** The element with id ``id``. */
export const $ = (id) => document.getElementById(id);

/** What this browser remembers (localStorage "napoleon.<key>", JSON); forgetful when storage is refused. */
export const store = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`napoleon.${key}`);
      return v === null ? fallback : JSON.parse(v);
    } catch (err) {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`napoleon.${key}`, JSON.stringify(value));
    } catch (err) {
      // private mode or full: the page still works, it forgets more
    }
  },
};

/** Seconds as "m:ss" or "h:mm:ss". */
export function formatTime(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The sentence with its first letter a capital (the server's sentences start small). */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
