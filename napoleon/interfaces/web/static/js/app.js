// The page: the game on the table and the parts that show it. The server
// holds every game; this page only draws its answers. Each concern has its
// module (routing, toolbar, badge, statistics, replay, ...); App holds the
// game in view and runs the requests that change it.

import { api } from "./api.js";
import { Announcer } from "./announce.js";
import { dealShown, inWorker, keptForGood } from "./backend.js";
import { WinnableBadge } from "./badge.js";
import { Board } from "./board.js";
import { Dialogs } from "./dialogs.js";
import { Input } from "./input.js";
import { Play } from "./play.js";
import { Prefs } from "./prefs.js";
import { Replay } from "./replay.js";
import { ReviewPage } from "./review.js";
import { Router } from "./routing.js";
import { StatsPage } from "./stats.js";
import { Toolbar } from "./toolbar.js";
import { $, capital, formatTime, sentence, setWords, store } from "./util.js";
import { WayBack } from "./wayback.js";

// The static site's Python takes one to two seconds to start on a later visit: the table a visit
// leaves is kept in this browser (App.keepTable) and drawn at once on the next visit to the same
// address, to look at while the app starts; the app's own answer replaces it.
const KEPT_TABLE = "kept-table";

export class App {
  constructor() {
    this.catalog = null;
    this.games = {};
    this.view = null;
    this.busy = false;
    this.waiting = [];
    this.version = 0;
    this.receivedAt = performance.now();
    this.kept = null;  // the kept table on the board until the app's first answer, if one is
    this.board = new Board($("board"));
    this.prefs = new Prefs(this.board);
    this.announcer = new Announcer();
    this.router = new Router(this);
    this.toolbar = new Toolbar(this);
    this.badge = new WinnableBadge(this);
    this.wayBack = new WayBack(this);
    this.stats = new StatsPage(this);
    this.review = new ReviewPage(this);
    this.replay = new Replay(this);
    this.dialogs = new Dialogs(this);
    this.play = new Play(this);
    this.input = new Input(this.board, {
      move: (from, to, count) => this.play.move(from, to, count),
      toFoundation: (pile) => this.play.toFoundation(pile),
      stock: () => this.play.stock(),
      undo: () => this.simple("undo"),
      redo: () => this.simple("redo"),
      hint: () => this.hint(),
      auto: () => this.simple("auto"),
      newDeal: () => this.router.newDeal(),
      keys: () => (this.catalog ? this.catalog.keys : []),
      action: (name) => this.keyAction(name),
      targets: (pile, count) => this.play.targets(pile, count),
      pickedUp: (pile, count) => this.pickedUp(pile, count),
      locked: () => this.busy || this.replay.active || !this.view,
      shortcuts: () => !!this.prefs.values.keys,
      message: (text, error) => this.message(text, error),
    });
  }

  async start() {
    this.toolbar.wire();
    this.wirePage();
    if (inWorker) this.kept = this.drawKeptTable();
    try {
      this.catalog = await api.catalog();
    } catch (err) {
      this.message(err.message, true);
      return;
    }
    setWords(this.catalog.words);
    for (const g of this.catalog.games) this.games[g.id] = g;
    const select = $("game-select");
    for (const g of this.catalog.games) select.add(new Option(g.name, g.id));
    window.addEventListener("hashchange", () => this.router.route());
    // The table takes the space the toolbar leaves, whatever changes it.
    new ResizeObserver(() => {
      if (this.board.spec && !this.board.drag) {
        this.board.layout();
        this.board.render();
      }
    }).observe($("board-area"));
    setInterval(() => this.tick(), 1000);
    await this.router.route();
  }

  /** The page's own events: the skip link, and looking again when the window comes back. */
  wirePage() {
    $("skip-link").addEventListener("click", (e) => {
      // Straight to the cards: the pile the keyboard was on (the address keeps the deal).
      e.preventDefault();
      if (this.board.spec) this.input.focus(this.board.marks.focus || this.board.spec.order[0]);
    });
    window.addEventListener("focus", () => this.refresh());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.refresh();
      else this.leaving();
    });
    window.addEventListener("pagehide", () => this.leaving());
  }

  /** The page hidden or closed: the clock stops, and the static site keeps the table for the next visit. */
  leaving() {
    this.pause();
    if (inWorker) this.keepTable();
  }

  /** The table as the app last drew it (its view and its game's entry in the catalogue, the words
   * it is named in), kept in this browser for drawKeptTable. */
  keepTable() {
    const v = this.view;
    if (!v || !this.catalog || !this.games[v.game]) return;
    store.set(KEPT_TABLE, { view: v, game: this.games[v.game], words: this.catalog.words });
  }

  /** The kept table (keepTable) drawn now, if the address asks for the game it shows: not playable
   * (the page's input waits for the app's view, this.view) and not ready (#board's data-ready), only
   * seen until the app's own answer replaces it (show): the view drawn and its game's entry (as
   * JSON, to compare with the app's), or null when none was. */
  drawKeptTable() {
    const kept = store.get(KEPT_TABLE, null);
    const address = location.hash || store.get("last", "");
    if (!kept || !kept.view || kept.view.hash !== address || !kept.game) return null;
    try {
      setWords(kept.words || {});
      const view = kept.view;
      this.board.setGame(view, kept.game);
      this.toolbar.showTitle(view, kept.game);
      $("clock").textContent = formatTime(view.elapsed);
      return { view, game: JSON.stringify(kept.game) };
    } catch (err) {
      this.board.root.replaceChildren();  // kept by another version of the page: nothing to show
      return null;
    }
  }

  /** No one is looking at the game (the page hidden or closed): its clock stops until the next action. */
  pause() {
    const v = this.view;
    if (!v || !v.clock_running) return;
    v.elapsed += (performance.now() - this.receivedAt) / 1000;
    v.clock_running = false;
    this.tick();
    api.pause(v.id).catch(() => {});
  }

  // The actions the toolbar, the keys and the banners share.
  message(text, error = false, sticky = false) {
    this.announcer.message(text, error, sticky);
  }

  simple(action) {
    return this.play.simple(action);
  }

  /** Say a change of page (a new deal, the statistics) to screen readers, and name the window after it. */
  news(text, title) {
    $("page-news").textContent = text;
    document.title = sentence("window_title", { title });
  }

  /** Put the focus on the table, on the pile the keyboard was on: never leave it on the page itself. */
  focusTable() {
    const board = this.board;
    if (board.spec && !$("table-view").hidden) this.input.focus(board.marks.focus || board.spec.order[0]);
  }

  /** Cards were picked up: say which, and every place they may go, in the server's words. */
  async pickedUp(pile, count) {
    const v = this.view;
    if (!v) return;
    let answer;
    try {
      answer = await api.targets(v.id, pile, count);
    } catch (err) {
      return;  // the places still light up; only the sentence is missing
    }
    const held = this.board.marks.selected;
    if (this.view === v && held && held.pile === pile && held.count === count) this.message(capital(answer.text));
  }

  hint() {
    return this.play.hint();
  }

  /**
   * Run an API call that answers a game view; show it, or the error.
   * ``action`` ("undo", "redo", "restart") says what the call did, for the
   * status line; ``say`` is a message to show with the view instead.
   */
  async run(call, { fresh = false, quiet = false, action = null, say = null } = {}) {
    if (this.busy) return false;
    this.setBusy(true);
    try {
      const view = await call();
      if (view) await this.show(view, fresh, { action, say });
      return true;
    } catch (err) {
      await this.failed(err, quiet);
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  /** A request refused: say why; if another window played on, draw the game as it is now. */
  async failed(err, quiet) {
    this.board.endDrag();
    this.board.marks.targets = [];
    this.board.render();
    if (err.stale && this.view) {
      try {
        await this.show(await api.get(this.view.id), false, { say: { text: err.message } });
      } catch (again) {
        this.message(again.message, true);
      }
    } else if (!quiet) {
      this.message(err.message, true);
    }
  }

  /** A change to the game on the table, made on the position this page shows. */
  post(move) {
    return api.move(this.view.id, move, this.view.version);
  }

  /** Look again at the game (when the window comes back into view): another window may have played. */
  async refresh() {
    if (!this.view || this.busy || this.replay.active) return;
    const { id, version } = this.view;
    let view;
    try {
      view = await api.get(id);
    } catch (err) {
      return;
    }
    if (this.busy || !this.view || this.view.id !== id) return;
    if (view.version === version) {
      // The same position: only the clock, as the server keeps it.
      Object.assign(this.view, { elapsed: view.elapsed, clock_running: view.clock_running });
      this.receivedAt = performance.now();
      this.tick();
      return;
    }
    await this.run(async () => view, { say: { text: sentence("stale") } });
  }

  setBusy(busy) {
    this.busy = busy;
    $("board").dataset.ready = busy ? "0" : "1";
    if (!busy && this.view) dealShown();
    if (!busy) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
    }
  }

  /** Wait for the request in flight, if any (a tap is dropped while busy; a navigation waits). */
  idle() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async show(view, fresh = false, { action = null, say = null } = {}) {
    const before = this.view;
    const focused = document.activeElement;
    const sameGame = before && before.id === view.id && !fresh;
    if (view.moves === undefined) {
      // The answer to a change made on the line this page shows carries what changed in it, not the line.
      const kept = sameGame && before.moves ? before.moves.slice(0, before.moves.length - view.undone.length) : null;
      const line = kept && kept.concat(view.made.map((m) => m.notation));
      view.moves = line && line.length === view.moves_made ? line : (await api.get(view.id)).moves;
    }
    // A hint's marks stay until the position changes: then they would point at the wrong cards.
    if (!before || before.version !== view.version || !sameGame) this.board.marks.hint = null;
    this.view = view;
    this.version += 1;
    this.receivedAt = performance.now();
    // The kept table of the same game, drawn from the same entry of the catalogue: it moves to the
    // app's view as a move would (the cards that match stay where they lie), not drawn anew.
    const kept = this.kept;
    this.kept = null;
    const fromKept = !before && kept && kept.view.id === view.id && kept.game === JSON.stringify(this.games[view.game]);
    if (sameGame) {
      await this.board.update(view);
    } else if (fromKept) {
      await this.board.update({ ...view, made: [], undone: [] });
    } else {
      this.board.setGame(view, this.games[view.game]);
    }
    Object.assign($("board").dataset, {
      id: view.id, game: view.game, deal: view.deal_text, moves: String(view.moves_made), status: view.status,
    });
    store.set(`game:${view.hash}`, view.id);
    store.set("last", view.hash);
    if (location.hash !== view.hash) history.replaceState(null, "", view.hash);
    this.toolbar.update();
    this.tick();
    this.tell(before, view, sameGame, action, say);
    if (sameGame && before.status !== view.status && view.status === "won") this.dialogs.celebrate();
    if (sameGame && before.status !== view.status && view.status !== "playing") {
      this.dialogs.showEnd(view);
      keptForGood(true);  // a finished game in the statistics: worth keeping for good
    }
    this.badge.schedule();
    if (!sameGame) {
      const title = sentence("deal_title", { name: this.games[view.game].name, deal: view.deal_text });
      this.news(before ? sentence("new_deal", { title }) : title, title);
    }
    // The focused pile or button went (a new table, Finish hidden, Undo disabled): to the table, not the page.
    const here = document.activeElement;
    const lost = !here || here === document.body || !here.isConnected || here.disabled || !here.getClientRects().length;
    if (before && lost && focused && focused !== document.body) this.focusTable();
  }

  /** What the status line said was about the position before: say what happened now, or nothing. */
  tell(before, view, sameGame, action, say) {
    if (say) this.message(say.text, !!say.error);
    else if (!sameGame) this.message("");
    else this.announcer.announce(view, action);
    if (!before || before.version !== view.version) $("lost-banner").hidden = true;
    if (view.finish > 0 && view.status === "playing" && !say && (!before || !before.finish || !sameGame)) {
      this.message(view.finish_text);
    }
  }

  /** Do what a key of the one key map (served with the catalogue) asks; false for an action the page
   * has no key for. */
  keyAction(name) {
    const actions = {
      undo: () => this.simple("undo"), redo: () => this.simple("redo"), restart: () => this.simple("restart"),
      finish: () => this.simple("finish"), auto: () => this.simple("auto"), hint: () => this.hint(),
      new_deal: () => this.router.newDeal(), help: () => this.dialogs.showRules(),
    };
    if (!actions[name]) return false;
    actions[name]();
    return true;
  }

  /** The clock in the status line. */
  tick() {
    if (!this.view) return;
    let t = this.view.elapsed;
    if (this.view.clock_running) t += (performance.now() - this.receivedAt) / 1000;
    $("clock").textContent = formatTime(t);
  }
}
