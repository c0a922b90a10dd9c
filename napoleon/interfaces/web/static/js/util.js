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

// The sentences the page writes itself, as the server's voice words them (the catalogue's ``words``).
let WORDS = {};

/** Take the voice's sentences from the catalogue. */
export function setWords(words) {
  WORDS = words || {};
}

/**
 * The voice's sentence ``name`` filled in from ``values``: ``{key}`` is the value, ``{key:word}``
 * the number and the word, plural unless it is 1 (as napoleon.voice.fill does).
 */
export function sentence(name, values = {}) {
  return fill(WORDS[name] === undefined ? name : WORDS[name], values);
}

/** A sentence of the voice filled in from ``values``, as napoleon.voice.fill fills it. */
function fill(template, values) {
  return template.replace(/\{(\w+)(?::([^}]+))?\}/g, (_, key, word) => {
    const value = values[key];
    return word === undefined ? String(value) : `${value} ${word}${Number(value) === 1 ? "" : "s"}`;
  });
}

/**
 * A sentence the page says when it cannot ask for it (no server, no worker, no Python): the voice's
 * (napoleon.voice.UNASKED), written into the page as <meta name="napoleon-KEY">, filled in from ``values``.
 */
export function unasked(key, values = {}) {
  return fill(document.querySelector(`meta[name="napoleon-${key}"]`)?.content || "", values);
}

/** A game's result in the player's word ("given up" for a game left under way). */
export function resultWord(result) {
  return (WORDS.results && WORDS.results[result]) || result;
}

/** The sentence with its first letter a capital (the server's sentences start small). */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
