// Which game and deal is on the table, from the page's address, and leaving
// a game for another.
//
// Addresses: "#GAME/1234" is deal 1234 of the game GAME (its id),
// "#GAME/1234?redeals=2" with an option, "#GAME" a new
// random deal, "#stats" the statistics page, "#review/ID" the review of a game. The browser remembers which
// server game plays each address, so a reload finds the same game.

import { api } from "./api.js";
import { $, sentence, store } from "./util.js";

/** Parse "#game/deal?k=v&k=v" into {game, deal, options}; null if it is not a deal address. */
export function parseHash(hash) {
  let text;
  try {
    text = decodeURIComponent(hash || "");
  } catch (err) {
    return null;
  }
  const m = /^#([a-z-]+)(?:\/(\d+))?(?:\?(.*))?$/.exec(text);
  if (!m) return null;
  const options = {};
  for (const pair of (m[3] || "").split("&")) {
    if (!pair) continue;
    const [k, v = "true"] = pair.split("=");
    options[k] = v;
  }
  return { game: m[1], deal: m[2] || null, options };
}

/** The address of deal ``deal`` of ``game`` with ``options``. */
export function hashOf(game, deal, options) {
  const extra = Object.keys(options).sort().map((k) => `${k}=${options[k]}`).join("&");
  return `#${game}/${deal}` + (extra ? `?${extra}` : "");
}

/** Follows the address: the table or the statistics page, and the games the player leaves. */
export class Router {
  constructor(app) {
    this.pendingId = null;  // a game id to show for the next deal opened (Play from here)
    this.app = app;
  }

  async route() {
    const app = this.app;
    const hash = location.hash;
    const review = /^#review\/(\d+)$/.exec(hash);
    const fromReview = app.review.hide();
    if (review) {
      app.review.show(review[1]);
      return;
    }
    if (hash === "#stats") {
      app.stats.show();
      return;
    }
    const fromPage = app.stats.hide() || fromReview;
    let target = parseHash(hash);
    let said = null;
    if (!target || !app.games[target.game]) {
      if (hash && hash !== "#") said = { text: sentence("no_game_at", { hash }), error: true };
      // A first visit starts on a deal that can be won: the deal of the day.
      const first = { game: app.catalog.default_game, deal: "daily", options: {} };
      target = parseHash(store.get("last", "")) || first;
      if (!app.games[target.game]) target = first;
    }
    await this.open(target.game, target.deal, target.options, { say: said });
    if (fromPage && app.view) {
      // Back from the statistics or a review: the focus and the reader go to the table.
      const title = sentence("deal_title", { name: app.games[app.view.game].name, deal: app.view.deal_text });
      app.news(sentence("back_to_game", { title }), title);
      app.focusTable();
    }
  }

  /** Show deal ``deal`` of ``game`` (null: a new random deal; "daily": the deal of the day), resuming
   * this browser's game of it. */
  async open(game, deal, options, { fresh = false, say = null } = {}) {
    const app = this.app;
    // A game made for this deal elsewhere (the review's "Play from here") is the one to show.
    const pending = this.pendingId || null;
    this.pendingId = null;
    if (!pending && app.view && !fresh && deal !== null && app.view.hash === hashOf(game, deal, options)) return;
    app.replay.stop(false);
    await app.idle();
    const key = deal !== null && deal !== "daily" ? hashOf(game, deal, options) : null;
    const known = pending || (key && !fresh ? store.get(`game:${key}`, null) : null);
    const ok = await app.run(async () => {
      if (known) {
        try {
          const view = await api.get(known);
          if (view.game === game && view.deal_text === deal) return view;
        } catch (err) {
          // forgotten by the server (another database): start the deal again
        }
      }
      const view = await api.create(game, deal, options, app.prefs.values.autoplay);
      if (key) store.set(`game:${key}`, view.id);
      return view;
    }, { fresh: true, say });
    if (!ok) {
      // A bad address (deal number, option): keep the game on the table, or deal a plain one.
      if (app.view) history.replaceState(null, "", app.view.hash);
      else if (deal !== null || Object.keys(options).length) await this.open(game, null, {});
    }
  }

  /** The non-default options of the game on the table, as the address writes them. */
  currentOptions() {
    return this.app.view ? parseHash(this.app.view.hash).options : {};
  }

  /** Go to deal ``deal`` of ``game`` (null: a new random deal), through the address. */
  navigate(game, deal, options) {
    if (deal === null) {
      // A new entry in the history now; show() gives it the deal's address.
      history.pushState(null, "", `#${game}`);
      this.open(game, null, options);
      return;
    }
    const hash = hashOf(game, deal, options);
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  /** Whether the game on the table is under way: leaving it then asks first. */
  inProgress() {
    const v = this.app.view;
    return !!v && v.status === "playing" && (v.can_undo || v.can_redo);
  }

  /** Ask before leaving a game under way; resolves true to go on. */
  askLeave() {
    if (!this.inProgress()) return Promise.resolve(true);
    const dialog = $("leave-dialog");
    const v = this.app.view;
    $("leave-text").textContent = v.leave;
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
      dialog.returnValue = "";
      dialog.showModal();
    });
  }

  /** A new random deal of the game on the table (asking first if this one is under way). */
  async newDeal() {
    if (!this.app.view || !(await this.leaveForAnother())) return;
    this.navigate(this.app.view.game, null, this.currentOptions());
  }

  /**
   * The player leaves the game on the table for another, asked first if it
   * is under way: the store counts it as played and lost if a move was made
   * (a deal left untouched counts as nothing). Resolves false to stay.
   */
  async leaveForAnother() {
    if (!(await this.askLeave())) return false;
    await this.leaveGame();
    return true;
  }

  async leaveGame() {
    const v = this.app.view;
    if (!v || v.status !== "playing") return;
    try {
      await api.leave(v.id, v.version);
    } catch (err) {
      // the server forgot the game, or another window plays on in it: nothing to count here
    }
  }
}
