// The page: which game and deal is on the table, the toolbar, the dialogs,
// and the background work (the winnable indicator, the clock). The server
// holds every game; this page only draws its answers.
//
// Addresses: "#GAME/1234" is deal 1234 of the game GAME (its id),
// "#GAME/1234?redeals=2" with an option, "#GAME" a new
// random deal, "#stats" the statistics page. The browser remembers which
// server game plays each address, so a reload finds the same game.

import { api } from "./api.js";
import { Board } from "./board.js";
import { backUrl } from "./cards.js";
import { Input } from "./input.js";
import { layoutsFor } from "./layouts.js";

const $ = (id) => document.getElementById(id);
const store = {
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

// A player's settings, kept in this browser (localStorage "napoleon.<key>"), with their defaults.
const PREFS = { autoplay: true, four: false, size: "fit", back: "blue", speed: "normal" };
const SPEED_MS = { off: 0, fast: 110, normal: 200, slow: 380 };
const SIZE_SCALE = { small: 0.8, fit: 1, large: 1.35 };
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const WINNABLE_BUDGET = 4;
const SOLVE_BUDGET = 20;
const HINT_BUDGET = 5;

function formatTime(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Parse "#game/deal?k=v&k=v" into {game, deal, options}; null if it is not a deal address. */
function parseHash(hash) {
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

function hashOf(game, deal, options) {
  const extra = Object.keys(options).sort().map((k) => `${k}=${options[k]}`).join("&");
  return `#${game}/${deal}` + (extra ? `?${extra}` : "");
}

class App {
  constructor() {
    this.catalog = null;
    this.games = {};
    this.view = null;
    this.busy = false;
    this.replay = null;
    this.version = 0;
    this.receivedAt = performance.now();
    this.winnable = { inflight: false, timer: null };
    this.messageTimer = null;
    this.prefs = Object.fromEntries(Object.entries(PREFS).map(([k, v]) => [k, store.get(k, v)]));
    this.board = new Board($("board"));
    this.applyPrefs();
    reducedMotion.addEventListener("change", () => this.applyPrefs());
    this.input = new Input(this.board, {
      move: (from, to, count, dragged) => this.move(from, to, count, dragged),
      toFoundation: (pile) => this.toFoundation(pile),
      stock: () => this.stock(),
      undo: () => this.simple("undo"),
      redo: () => this.simple("redo"),
      hint: () => this.hint(),
      auto: () => this.simple("auto"),
      newDeal: () => this.newDeal(),
      targets: (pile, count) => this.targets(pile, count),
      locked: () => this.busy || !!this.replay || !this.view,
      message: (text, error) => this.message(text, error),
    });
  }

  // ------------------------------------------------------------ startup

  async start() {
    this.wireToolbar();
    try {
      this.catalog = await api.catalog();
    } catch (err) {
      this.message(err.message, true);
      return;
    }
    for (const g of this.catalog.games) this.games[g.id] = g;
    const select = $("game-select");
    for (const g of this.catalog.games) select.add(new Option(g.name, g.id));
    window.addEventListener("hashchange", () => this.route());
    // The table takes the space the toolbar leaves, whatever changes it.
    new ResizeObserver(() => {
      if (this.board.spec && !this.board.drag) {
        this.board.layout();
        this.board.render();
      }
    }).observe($("board-area"));
    setInterval(() => this.tick(), 1000);
    await this.route();
  }

  async route() {
    const hash = location.hash;
    if (hash === "#stats") {
      this.showStats();
      return;
    }
    document.body.classList.remove("stats-mode");
    $("stats-view").hidden = true;
    $("table-view").hidden = false;
    let target = parseHash(hash);
    let say = null;
    if (!target || !this.games[target.game]) {
      if (hash && hash !== "#") say = { text: `no game at ${hash}: showing the last one played`, error: true };
      const first = { game: this.catalog.default_game, deal: null, options: {} };
      target = parseHash(store.get("last", "")) || first;
      if (!this.games[target.game]) target = first;
    }
    await this.open(target.game, target.deal, target.options, { say });
  }

  /** Show deal ``deal`` of ``game`` (null: a new random deal), resuming this browser's game of it. */
  async open(game, deal, options, { fresh = false, say = null } = {}) {
    if (this.view && !fresh && deal !== null && this.view.hash === hashOf(game, deal, options)) return;
    this.stopReplay(false);
    await this.idle();
    const key = deal !== null ? hashOf(game, deal, options) : null;
    const known = key && !fresh ? store.get(`game:${key}`, null) : null;
    const ok = await this.run(async () => {
      if (known) {
        try {
          const view = await api.get(known);
          if (view.game === game && view.deal_text === deal) return view;
        } catch (err) {
          // forgotten by the server (another database): start the deal again
        }
      }
      const view = await api.create(game, deal, options, this.prefs.autoplay);
      if (key) store.set(`game:${key}`, view.id);
      return view;
    }, { fresh: true, say });
    if (!ok) {
      // A bad address (deal number, option): keep the game on the table, or deal a plain one.
      if (this.view) history.replaceState(null, "", this.view.hash);
      else if (deal !== null || Object.keys(options).length) await this.open(game, null, {});
    }
  }

  /** The non-default options of the game on the table, as the address writes them. */
  currentOptions() {
    return this.view ? parseHash(this.view.hash).options : {};
  }

  // ------------------------------------------------------------ showing

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
      this.board.endDrag();
      this.board.marks.targets = [];
      this.board.render();
      if (err.stale && this.view) {
        // Another window played on: draw the game as it is now and say so.
        try {
          await this.show(await api.get(this.view.id), false, { say: { text: err.message } });
        } catch (again) {
          this.message(again.message, true);
        }
      } else if (!quiet) {
        this.message(err.message, true);
      }
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  /** A change to the game on the table, made on the position this page shows. */
  post(move) {
    return api.move(this.view.id, move, this.view.version);
  }

  /** Look again at the game (when the window comes back into view): another window may have played. */
  async refresh() {
    if (!this.view || this.busy || this.replay) return;
    const { id, version } = this.view;
    let view;
    try {
      view = await api.get(id);
    } catch (err) {
      return;
    }
    if (this.busy || !this.view || this.view.id !== id || view.version === version) return;
    await this.run(async () => view, { say: { text: "the game moved on in another window: this is where it is now" } });
  }

  setBusy(busy) {
    this.busy = busy;
    $("board").dataset.ready = busy ? "0" : "1";
    if (!busy) {
      const waiting = this.waiting || [];
      this.waiting = [];
      for (const resolve of waiting) resolve();
    }
  }

  /** Wait for the request in flight, if any (a tap is dropped while busy; a navigation waits). */
  idle() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      (this.waiting = this.waiting || []).push(resolve);
    });
  }

  async show(view, fresh = false, { action = null, say = null } = {}) {
    const before = this.view;
    const sameGame = before && before.id === view.id && !fresh;
    this.view = view;
    this.version += 1;
    this.receivedAt = performance.now();
    if (sameGame) {
      await this.board.update(view);
    } else {
      const game = this.games[view.game];
      this.board.setGame(view, layoutsFor(game, view.piles.map((p) => p.name)), game.foundation_starts);
    }
    const board = $("board");
    Object.assign(board.dataset, {
      id: view.id, game: view.game, deal: view.deal_text, moves: String(view.moves_made), status: view.status,
    });
    store.set(`game:${view.hash}`, view.id);
    store.set("last", view.hash);
    if (location.hash !== view.hash) history.replaceState(null, "", view.hash);
    this.updateToolbar();
    // What the status line said was about the position before: say what happened now, or nothing.
    if (say) this.message(say.text, !!say.error);
    else if (!sameGame) this.message("");
    else this.announce(view, action);
    if (!before || before.version !== view.version) $("lost-banner").hidden = true;
    if (view.finish > 0 && view.status === "playing" && !say && (!before || !before.finish || !sameGame)) {
      this.message(`The rest plays itself: Finish plays ${view.finish} moves to the foundations.`);
    }
    if (sameGame && before.status !== view.status && view.status === "won") this.celebrate();
    if (sameGame && before.status !== view.status && view.status !== "playing") this.showEnd(view);
    this.scheduleWinnable();
  }

  /** Say what a change did: the move made, the turn undone or redone, the restart. */
  announce(view, action) {
    const { made, undone } = view;
    if (action === "restart") {
      this.message(undone.length ? `Back to the deal: ${undone.length} moves taken back (Redo plays them again).` : "");
      return;
    }
    if (undone.length && !made.length) {
      // The player's move of the turn is the last one taken back.
      const m = undone[undone.length - 1];
      const more = undone.length > 1 ? ` (and ${undone.length - 1} auto-play move${undone.length > 2 ? "s" : ""})` : "";
      this.message(`Undid: ${this.moveWords(m)}${more}`);
      return;
    }
    if (!made.length) {
      this.message("");
      return;
    }
    const first = made[0];
    const auto = made.length > 1 ? ` (and ${made.length - 1} more to the foundations)` : "";
    const words = this.moveWords(first);
    this.message(action === "redo" ? `Redid: ${words}${auto}` : `${words.charAt(0).toUpperCase()}${words.slice(1)}${auto}`);
  }

  /** A move in the player's words, as the server tells it ("moved the 10♣ from column 4 …"). */
  moveWords(m) {
    return m.text || m.notation;
  }

  /** Say something in the status line (read out by screen readers); ``sticky`` stays until replaced. */
  message(text, error = false, sticky = false) {
    const el = $("message");
    el.textContent = text;
    el.title = text;
    el.classList.toggle("error", !!error);
    clearTimeout(this.messageTimer);
    if (sticky || !text) return;
    this.messageTimer = setTimeout(() => {
      el.textContent = "";
      el.classList.remove("error");
    }, error ? 7000 : 4000);
  }

  updateToolbar() {
    const v = this.view;
    const g = this.games[v.game];
    $("game-select").value = v.game;
    if (document.activeElement !== $("deal-input")) $("deal-input").value = v.deal_text;
    // The short name where the screen is narrow (CSS shows one of the two).
    const rest = ` · deal ${v.deal_text}` + (v.describe !== v.game ? ` · ${v.describe.slice(v.game.length + 1)}` : "");
    const long = document.createElement("span");
    long.className = "long";
    long.textContent = g.name + rest;
    const short = document.createElement("span");
    short.className = "short";
    short.textContent = (g.short_name || g.name) + rest;
    $("game-title").replaceChildren(long, short);
    $("moves-count").textContent = String(v.moves_made);
    this.showGrade();
    $("finish").hidden = !(v.finish > 0 && v.status === "playing");
    $("finish").title = `The rest plays itself: ${v.finish} moves to the foundations`;
    $("undo").disabled = !v.can_undo;
    $("redo").disabled = !v.can_redo;
    $("restart").disabled = !v.can_undo;
    $("redeal").hidden = !v.max_redeals;
    $("redeal").disabled = !v.can_redeal;
    $("redeal").textContent = `Redeal (${v.redeals_left} left)`;
    $("redeals-info").textContent = v.max_redeals
      ? `redeals left ${v.redeals_left}` + (v.position.wastes_in_play !== undefined
        ? ` · waste piles in play ${v.position.wastes_in_play}` : "")
      : "";
    $("opt-autoplay").checked = v.autoplay;
    $("share-link").href = v.hash;
    $("share-link").textContent = `link: ${v.hash}`;
    this.renderOptions(g);
    this.tick();
  }

  renderOptions(g) {
    const area = $("options-area");
    const key = `${g.id}|${this.view.describe}`;
    if (area.dataset.key === key) return;
    area.dataset.key = key;
    area.replaceChildren();
    for (const opt of g.options) {
      const current = this.view.options[opt.name];
      const choices = g.option_choices[opt.name];
      let control;
      if (choices && choices.length === 2 && choices.includes("true")) {
        control = document.createElement("input");
        control.type = "checkbox";
        control.checked = current === "true";
        control.addEventListener("change", () => this.setOption(opt.name, control.checked ? "true" : "false"));
      } else if (choices) {
        control = document.createElement("select");
        for (const c of choices) control.add(new Option(c, c));
        control.value = current;
        control.addEventListener("change", () => this.setOption(opt.name, control.value));
      } else {
        control = document.createElement("input");
        control.size = 9;
        control.value = current;
        control.addEventListener("change", () => this.setOption(opt.name, control.value.trim()));
      }
      control.title = opt.help;
      const label = document.createElement("label");
      label.className = "toggle";
      label.title = `${opt.help} (${opt.values})`;
      label.append(control, ` ${opt.name}`);
      area.appendChild(label);
    }
  }

  setOption(name, value) {
    const options = { ...this.currentOptions() };
    const spec = this.games[this.view.game].options.find((o) => o.name === name);
    if (spec && spec.default === value) delete options[name];
    else options[name] = value;
    this.navigate(this.view.game, this.view.deal_text, options);
  }

  /** Whether the game on the table is under way: leaving it then asks first. */
  inProgress() {
    const v = this.view;
    return !!v && v.status === "playing" && (v.can_undo || v.can_redo);
  }

  /** Ask before leaving a game under way; resolves true to go on. */
  askLeave() {
    if (!this.inProgress()) return Promise.resolve(true);
    const dialog = $("leave-dialog");
    const v = this.view;
    $("leave-text").textContent = `${this.games[v.game].name}, deal ${v.deal_text}: ${v.moves_made} move` +
      `${v.moves_made === 1 ? "" : "s"} made. A game left unfinished counts as played and lost.`;
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
      dialog.returnValue = "";
      dialog.showModal();
    });
  }

  /** A new random deal of the game on the table (asking first if this one is under way). */
  async newDeal() {
    if (!this.view || !(await this.leaveForAnother())) return;
    this.navigate(this.view.game, null, this.currentOptions());
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
    if (!this.view || this.view.status !== "playing") return;
    try {
      await api.leave(this.view.id);
    } catch (err) {
      // the server forgot the game: nothing to count
    }
  }

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

  tick() {
    if (!this.view) return;
    let t = this.view.elapsed;
    if (this.view.clock_running) t += (performance.now() - this.receivedAt) / 1000;
    $("clock").textContent = formatTime(t);
  }

  // ------------------------------------------------------------ playing

  targets(pile, count) {
    const byCount = this.view && this.view.targets[pile];
    return (byCount && byCount[String(count)]) || [];
  }

  move(from, to, count) {
    if (from === to) return;
    return this.run(() => this.post({ from, to, count }));
  }

  toFoundation(pile) {
    const found = new Set(this.view.piles.filter((p) => p.role === "foundation").map((p) => p.name));
    const to = this.targets(pile, 1).find((name) => found.has(name));
    const abbr = this.board.info[pile].abbr;
    if (to) return this.move(pile, to, 1);
    // Let the engine say why not, in its words.
    return this.run(() => this.post({ notation: `${abbr}-F` }));
  }

  stock() {
    const v = this.view;
    const stock = v.piles.find((p) => p.role === "stock");
    if (!stock) return;
    const targets = this.targets(stock.name, 1);
    if (targets.length) return this.move(stock.name, targets[0], 1);
    if (v.can_redeal) return this.run(() => this.post({ redeal: true }));
    const waste = v.piles.find((p) => p.role === "waste");
    return this.run(() => this.post({ from: stock.name, to: waste.name, count: 1 }));
  }

  simple(action) {
    if (!this.view || this.replay) return;
    return this.run(() => api.action(this.view.id, action, this.view.version), { action });
  }

  async hint() {
    if (!this.view || this.busy || this.replay) return;
    this.message("Thinking…", false, true);
    let answer;
    try {
      answer = await api.hint(this.view.id, HINT_BUDGET);
    } catch (err) {
      this.message(err.message, true);
      return;
    }
    if (!answer.move) {
      this.message(`Hint: ${answer.text}`, answer.verdict === "lost");
      return;
    }
    const m = answer.move;
    this.message(`Hint: ${answer.text}`);
    this.board.marks.hint = m.redeal ? null : { from: m.from, to: m.to, count: m.count };
    this.board.render();
    const version = this.version;
    setTimeout(() => {
      if (this.version === version || this.board.marks.hint) {
        this.board.marks.hint = null;
        this.board.render();
      }
    }, 3000);
  }

  // ---------------------------------------------------- winnable badge

  /**
   * After each change, ask the solver (in the background, off the page's
   * thread and the server's) whether the position can still be won. When a
   * search runs out of time the checks pause, since the next position is as
   * hard: a click on the badge searches again.
   */
  scheduleWinnable(force = false) {
    const badge = $("winnable-badge");
    clearTimeout(this.winnable.timer);
    const v = this.view;
    if (v.status !== "playing") {
      badge.className = `badge-state ${v.status === "won" ? "won" : "lost"}`;
      badge.textContent = v.status === "won" ? "won!" : "lost: no legal move";
      return;
    }
    if (this.winnable.gameId !== v.id) {
      this.winnable.gameId = v.id;
      this.winnable.paused = false;
    }
    if (force) this.winnable.paused = false;
    if (this.winnable.paused) {
      badge.className = "badge-state unknown";
      badge.textContent = "winnable? not proven (search again)";
      return;
    }
    badge.className = "badge-state busy";
    badge.textContent = "winnable? …";
    this.winnable.timer = setTimeout(() => this.checkWinnable(), force ? 0 : 500);
  }

  async checkWinnable() {
    if (this.winnable.inflight) {
      this.winnable.again = true;
      return;
    }
    const version = this.version;
    const id = this.view.id;
    this.winnable.inflight = true;
    let answer = null;
    try {
      answer = await api.solve(id, WINNABLE_BUDGET, false);
    } catch (err) {
      answer = null;
    } finally {
      this.winnable.inflight = false;
    }
    if (this.version !== version || this.winnable.again) {
      this.winnable.again = false;
      if (this.view && this.view.status === "playing" && !this.winnable.paused) this.checkWinnable();
      return;
    }
    const badge = $("winnable-badge");
    if (!answer) {
      badge.className = "badge-state unknown";
      badge.textContent = "winnable? (solver unavailable)";
      return;
    }
    this.winnable.paused = answer.verdict === "unknown";
    if (answer.verdict === "won") this.winnable.lastWon = { id, moves: this.view.moves.slice() };
    if (answer.verdict === "lost") this.offerWayBack();
    const text = {
      won: `winnable ✓ (${answer.length} moves)`,
      lost: "cannot be won from here ✗",
      unknown: "winnable? not proven (search again)",
    }[answer.verdict];
    badge.className = `badge-state ${answer.verdict}`;
    badge.textContent = text;
    // In a player's words: no search statistics (they stay in the JSON).
    badge.title = {
      won: "The solver found a way to win from here (click to search again)",
      lost: "The solver proved that no sequence of moves wins from here",
      unknown: "The solver found no way to win in the time it had: click to search longer",
    }[answer.verdict];
    // The deal's grade, if not known yet, after the badge: the two share the server's solver worker.
    this.fetchGrade();
  }

  /**
   * The badge found that the position cannot be won: say so, and offer the
   * ways on: back to the last position the solver proved winnable (the move
   * after it lost the game), back to the deal, or a new deal. The last
   * winnable position is the one the badge proved on this visit, else the
   * server looks for it along the game (positions on a solution it found are
   * known at once, others it searches).
   */
  offerWayBack() {
    const v = this.view;
    const known = this.winnable.lastWon;
    const at = known && known.id === v.id && known.moves.length < v.moves.length &&
      known.moves.every((m, i) => v.moves[i] === m) ? known.moves.length : null;
    this.showWayBack(at);
    $("lost-restart").disabled = !v.can_undo;
    $("lost-banner").hidden = false;
    if (at === null && v.moves.length) this.askWayBack(v);
  }

  /** The lost banner's text and its "undo to the last winnable position" (``at``: moves it keeps, or null). */
  showWayBack(at) {
    const v = this.view;
    const back = at === null ? 0 : v.moves.length - at;
    $("lost-text").textContent = back
      ? `This position can no longer be won: ${v.moves[at]} lost the game.`
      : "This position can no longer be won.";
    $("lost-undo").hidden = !back;
    $("lost-undo").textContent = `Undo to the last winnable position (${back} move${back === 1 ? "" : "s"} back)`;
    $("lost-undo").dataset.to = at === null ? "" : String(at);
  }

  /** Ask the server for the last winnable position of the game in view ``v``; shown if still wanted. */
  async askWayBack(v) {
    let answer = null;
    try {
      answer = await api.lastWinnable(v.id);
    } catch (err) {
      return;  // only the shortcut back is lost: undo and restart still work
    }
    if (answer.at === null || !this.view || this.view.id !== v.id || this.view.version !== v.version ||
        $("lost-banner").hidden) return;
    this.showWayBack(answer.at);
  }

  /** Undo turn by turn until ``n`` moves are left: the last position the solver proved winnable. */
  undoTo(n) {
    if (!this.view || this.replay) return;
    return this.run(async () => {
      let v = this.view;
      while (v.moves_made > n && v.can_undo) v = await api.action(v.id, "undo", v.version);
      return v;
    }, { say: { text: `Back to the last winnable position (move ${n}).` } });
  }

  /** A short celebration of a win: the foundations' top cards hop, one after another. */
  celebrate() {
    if (!this.moveMs()) return;  // the system asks for reduced motion, or the player for none
    const root = this.board.root;
    root.classList.add("celebrate");
    const tops = this.view.piles.filter((p) => p.role === "foundation").map((p) => this.board.topElement(p.name));
    tops.forEach((el, i) => {
      if (!el) return;
      el.style.setProperty("--delay", `${i * 90}ms`);
      el.classList.add("hop");
    });
    clearTimeout(this.celebration);
    this.celebration = setTimeout(() => {
      root.classList.remove("celebrate");
      for (const el of tops) if (el) el.classList.remove("hop");
    }, 2800);
  }

  // ----------------------------------------------------- the solution

  async showSolution() {
    if (!this.view || this.busy || this.replay) return;
    this.message("Looking for a solution…", false, true);
    $("solution").disabled = true;
    let answer;
    try {
      answer = await api.solve(this.view.id, SOLVE_BUDGET, true);
    } catch (err) {
      this.message(err.message, true);
      return;
    } finally {
      $("solution").disabled = false;
    }
    if (answer.verdict !== "won") {
      this.message(answer.verdict === "lost" ? "No solution: this position can no longer be won."
        : "The solver found no solution in time.", answer.verdict === "lost");
      return;
    }
    if (!answer.steps.length) {
      this.message("The game is already won.");
      return;
    }
    this.replay = { answer, i: 0, delay: Math.max(40, Math.min(450, 40000 / answer.steps.length)), timer: null };
    this.board.root.classList.add("replaying");
    this.board.marks.selected = null;
    this.board.marks.targets = [];
    $("replay-banner").hidden = false;
    this.message(`A solution in ${answer.steps.length} moves (the game itself is not changed).`);
    this.replayStep();
  }

  replayStep() {
    const r = this.replay;
    if (!r) return;
    const { steps, pile_names: names, redeal_piles: redeals } = r.answer;
    if (r.i >= steps.length) {
      $("replay-text").textContent = `Solution shown: ${steps.length} moves.`;
      return;
    }
    const [src, dst, count] = steps[r.i];
    if (src < 0) this.board.sync(redeals[String(r.i)]);
    else this.board.apply({ from: names[src], to: names[dst], count });
    this.board.render();
    r.i += 1;
    $("replay-text").textContent = `Solution: move ${r.i} of ${steps.length} (${r.answer.moves[r.i - 1]})`;
    r.timer = setTimeout(() => this.replayStep(), r.delay);
  }

  replayToEnd() {
    const r = this.replay;
    if (!r) return;
    clearTimeout(r.timer);
    const { steps, pile_names: names, redeal_piles: redeals } = r.answer;
    for (; r.i < steps.length; r.i++) {
      const [src, dst, count] = steps[r.i];
      if (src < 0) this.board.sync(redeals[String(r.i)]);
      else this.board.apply({ from: names[src], to: names[dst], count });
    }
    this.board.render();
    this.replayStep();
  }

  stopReplay(render = true) {
    const r = this.replay;
    if (!r) return;
    clearTimeout(r.timer);
    this.replay = null;
    $("replay-banner").hidden = true;
    this.board.root.classList.remove("replaying");
    if (render && this.view) {
      this.board.sync(this.view.position.piles);
      this.board.render();
    }
  }

  // -------------------------------------------------------- dialogs

  showEnd(view) {
    const dialog = $("end-dialog");
    const won = view.status === "won";
    dialog.className = won ? "won" : "lost";
    $("end-title").textContent = won ? "You won!" : "No legal move is left";
    $("end-text").textContent = won
      ? `${this.games[view.game].name}, deal ${view.deal_text}: won in ${view.moves_made} moves, ${formatTime(view.elapsed)}.`
      : "The game is lost. Undo to try another way, or play a new deal.";
    $("end-undo").hidden = won;
    if (!dialog.open) dialog.showModal();
  }

  /** Keep a setting for the next visit and show its effect now. */
  setPref(key, value) {
    this.prefs[key] = value;
    store.set(key, value);
    this.applyPrefs();
  }

  /** The travel time of a card: the player's speed, none when the system asks for reduced motion. */
  moveMs() {
    return reducedMotion.matches ? 0 : SPEED_MS[this.prefs.speed] ?? SPEED_MS.normal;
  }

  applyPrefs() {
    const p = this.prefs;
    this.board.setFour(!!p.four);
    this.board.setLook({ back: backUrl(p.back), moveMs: this.moveMs(), scale: SIZE_SCALE[p.size] || 1 });
  }

  showSettings() {
    const p = this.prefs;
    $("opt-autoplay").checked = this.view ? this.view.autoplay : !!p.autoplay;
    $("opt-four").checked = !!p.four;
    $("opt-size").value = p.size in SIZE_SCALE ? p.size : "fit";
    $("opt-back").value = ["blue", "red", "green"].includes(p.back) ? p.back : "blue";
    $("opt-speed").value = p.speed in SPEED_MS ? p.speed : "normal";
    $("motion-note").hidden = !reducedMotion.matches;
    $("settings-dialog").showModal();
  }

  showRules() {
    const g = this.games[this.view.game];
    $("rules-title").textContent = g.name;
    $("rules-text").textContent = g.rules;
    $("rules-piles").textContent = g.piles.map((p) => `${p.abbr} = ${p.label}`).join(" · ");
    $("rules-dialog").showModal();
  }

  async showStats() {
    this.stopReplay(false);
    document.body.classList.add("stats-mode");
    $("table-view").hidden = true;
    $("stats-view").hidden = false;
    $("stats-back").href = this.view ? this.view.hash : "#";
    const body = $("stats-body");
    body.textContent = "Loading…";
    try {
      const [{ stats, by_grade: byGrade }, { games }, past] = await Promise.all(
        [api.stats(), api.unfinished(), api.history()]);
      body.replaceChildren(this.statsTable(stats));
      $("history-body").replaceChildren(this.historyTable(past.games));
      if (byGrade && byGrade.length) {
        const title = document.createElement("h3");
        title.textContent = "By grade of the deal";
        body.append(title, this.gradeTable(byGrade));
      }
      const list = document.createElement("ul");
      for (const g of games) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = g.hash;
        a.textContent = `${g.name}, deal ${g.deal_text}: ${g.moves} moves, ${formatTime(g.elapsed)} (last played ${g.updated.slice(0, 16).replace("T", " ")})`;
        a.addEventListener("click", () => store.set(`game:${g.hash}`, g.id));
        li.appendChild(a);
        list.appendChild(li);
      }
      $("unfinished-body").replaceChildren(games.length ? list : document.createTextNode("None."));
    } catch (err) {
      body.textContent = err.message;
    }
  }

  /** The deal's grade in the status line, once known (a deal beyond the shipped grades is graded on request). */
  showGrade() {
    const v = this.view;
    const badge = $("grade-badge");
    badge.hidden = !v.grade;
    badge.textContent = v.grade ? `grade: ${v.grade}` : "";
    badge.dataset.grade = v.grade || "";
  }

  /** Ask the server for the grade of a deal not graded yet: once per game, after its winnable check. */
  async fetchGrade() {
    const v = this.view;
    if (!v || v.grade || this.gradeAsked === v.id) return;
    this.gradeAsked = v.id;
    try {
      const answer = await api.grade(v.id);
      if (this.view && this.view.id === v.id) {
        this.view.grade = answer.grade;
        this.showGrade();
      }
    } catch (err) {
      // Not known: the badge stays hidden.
    }
  }

  /** A table of class `className` with one header cell per name; returns the table and its body. */
  headedTable(className, names) {
    const table = document.createElement("table");
    table.className = className;
    const head = table.createTHead().insertRow();
    for (const name of names) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = name;
      head.appendChild(th);
    }
    return { table, tbody: table.createTBody() };
  }

  /** A statistics row's game as a player reads it: its name, then its options if not the default rules. */
  gameLabel(row) {
    const name = this.games[row.game] ? this.games[row.game].name : row.game;
    return row.label !== row.game ? `${name} (${row.label.slice(row.game.length + 1)})` : name;
  }

  /** Played, won and best time per grade of the deals (docs/grades.md). */
  gradeTable(rows) {
    const { table, tbody } = this.headedTable("stats", ["Game", "Grade", "Played", "Won", "Best time"]);
    table.id = "stats-by-grade";
    for (const r of rows) {
      const row = tbody.insertRow();
      for (const text of [this.gameLabel(r), r.grade, r.played, r.won, r.best_time === null ? "–" : formatTime(r.best_time)]) {
        row.insertCell().textContent = String(text);
      }
    }
    return table;
  }

  /** Past games, the most recent first: when, which deal, how it ended, whether help was used. */
  historyTable(games) {
    if (!games.length) return document.createTextNode("None yet.");
    const results = { won: "won", lost: "lost", abandoned: "given up (lost)", playing: "unfinished" };
    const cols = [
      ["When", (g) => (g.ended || g.updated).slice(0, 16).replace("T", " ")],
      ["Game", (g) => g.name],
      ["Deal", (g) => g.deal_text],
      ["Result", (g) => results[g.result] || g.result],
      ["Moves", (g) => g.moves],
      ["Time", (g) => formatTime(g.elapsed)],
      ["Note", (g) => [g.assisted ? "with help" : "", g.counted ? "" : "not counted (reset)"].filter(Boolean).join(", ")],
    ];
    const { table, tbody } = this.headedTable("stats history", cols.map(([name]) => name));
    for (const g of games) {
      const row = tbody.insertRow();
      row.dataset.id = g.id;
      row.dataset.result = g.result;
      for (const [name, get] of cols) {
        const cell = row.insertCell();
        if (name === "Deal") {
          const a = document.createElement("a");
          a.href = g.hash;
          a.textContent = get(g);
          cell.appendChild(a);
        } else {
          cell.textContent = String(get(g));
        }
      }
    }
    return table;
  }

  async resetStats() {
    const dialog = $("reset-dialog");
    const yes = await new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "reset"), { once: true });
      dialog.returnValue = "";
      dialog.showModal();
    });
    if (!yes) return;
    try {
      const { reset } = await api.resetStats();
      await this.showStats();
      this.message(`Statistics reset: ${reset} finished game${reset === 1 ? "" : "s"} no longer counted.`);
    } catch (err) {
      $("stats-body").textContent = err.message;
    }
  }

  statsTable(stats) {
    if (!stats.length) {
      const p = document.createElement("p");
      p.textContent = "No game finished yet.";
      return p;
    }
    const cols = [
      ["Game", (s) => this.gameLabel(s)],
      ["Played", (s) => s.played], ["Won", (s) => s.won], ["Lost", (s) => s.lost],
      ["Given up", (s) => s.abandoned], ["With help", (s) => s.assisted], ["Unfinished", (s) => s.unfinished],
      ["Win %", (s) => (s.win_pct === null ? "–" : s.win_pct)],
      ["Streak", (s) => s.current_streak], ["Best streak", (s) => s.longest_streak],
      ["Best time", (s) => (s.best_time === null ? "–" : formatTime(s.best_time))],
      ["Fewest moves", (s) => (s.fewest_moves === null ? "–" : s.fewest_moves)],
    ];
    const { table, tbody } = this.headedTable("stats", cols.map(([name]) => name));
    for (const s of stats) {
      const row = tbody.insertRow();
      for (const [, get] of cols) row.insertCell().textContent = String(get(s));
    }
    return table;
  }

  // -------------------------------------------------------- toolbar

  wireToolbar() {
    $("game-select").addEventListener("change", async (e) => {
      const game = e.target.value;
      if (!(await this.leaveForAnother())) {
        e.target.value = this.view.game;
        return;
      }
      this.navigate(game, null, {});
    });
    $("deal-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const text = $("deal-input").value.trim();
      if (!/^\d+$/.test(text) || /^0+$/.test(text)) {
        this.message(`a deal number is a whole number from 1 up, not "${text}"`, true);
        return;
      }
      const deal = text.replace(/^0+/, "");
      if (deal !== this.view.deal_text && !(await this.leaveForAnother())) return;
      this.navigate(this.view.game, deal, this.currentOptions());
    });
    $("new-deal").addEventListener("click", () => this.newDeal());
    $("winnable-deal").addEventListener("click", async () => {
      if (!(await this.leaveForAnother())) return;
      const grade = $("grade-select").value;
      this.message(grade ? `Looking for a winnable ${grade} deal…` : "Looking for a deal the solver can win…",
        false, true);
      const { game } = this.view;
      const options = this.currentOptions();
      history.pushState(null, "", `#${game}`);
      const extra = grade ? { grade } : {};
      await this.run(() => api.create(game, "winnable", options, this.prefs.autoplay, extra), { fresh: true });
    });
    $("daily-deal").addEventListener("click", async () => {
      if (!(await this.leaveForAnother())) return;
      const { game } = this.view;
      const options = this.currentOptions();
      history.pushState(null, "", `#${game}`);
      await this.run(() => api.create(game, "daily", options, this.prefs.autoplay), { fresh: true });
    });
    $("undo").addEventListener("click", () => this.simple("undo"));
    $("redo").addEventListener("click", () => this.simple("redo"));
    $("restart").addEventListener("click", () => this.simple("restart"));
    $("auto").addEventListener("click", () => this.simple("auto"));
    $("hint").addEventListener("click", () => this.hint());
    $("redeal").addEventListener("click", () => this.run(() => this.post({ redeal: true })));
    $("solution").addEventListener("click", () => this.showSolution());
    $("winnable-badge").addEventListener("click", () => {
      if (this.view && this.view.status === "playing") this.scheduleWinnable(true);
    });
    $("settings-btn").addEventListener("click", () => this.showSettings());
    $("menu-btn").addEventListener("click", () => {
      const open = $("toolbar").classList.toggle("menu-open");
      $("menu-btn").setAttribute("aria-expanded", String(open));
    });
    $("opt-autoplay").addEventListener("change", (e) => {
      this.setPref("autoplay", e.target.checked);
      if (this.view) this.run(() => api.settings(this.view.id, { autoplay: e.target.checked }), { quiet: true });
    });
    $("opt-four").addEventListener("change", (e) => this.setPref("four", e.target.checked));
    for (const key of ["size", "back", "speed"]) {
      $(`opt-${key}`).addEventListener("change", (e) => this.setPref(key, e.target.value));
    }
    $("rules-btn").addEventListener("click", () => this.showRules());
    $("rules-close").addEventListener("click", () => $("rules-dialog").close());
    $("replay-stop").addEventListener("click", () => this.stopReplay());
    $("replay-end").addEventListener("click", () => this.replayToEnd());
    $("replay-faster").addEventListener("click", () => {
      if (this.replay) this.replay.delay = Math.max(15, this.replay.delay / 2);
    });
    $("end-close").addEventListener("click", () => $("end-dialog").close());
    $("finish").addEventListener("click", () => this.simple("finish"));
    $("lost-undo").addEventListener("click", () => this.undoTo(Number($("lost-undo").dataset.to)));
    $("lost-restart").addEventListener("click", () => this.simple("restart"));
    $("lost-new").addEventListener("click", async () => {
      await this.leaveGame();
      this.navigate(this.view.game, null, this.currentOptions());
    });
    $("stats-reset").addEventListener("click", () => this.resetStats());
    $("lost-close").addEventListener("click", () => {
      $("lost-banner").hidden = true;
    });
    $("skip-link").addEventListener("click", (e) => {
      // Straight to the cards: the pile the keyboard was on (the address keeps the deal).
      e.preventDefault();
      if (this.board.spec) this.input.focus(this.board.marks.focus || this.board.spec.order[0]);
    });
    window.addEventListener("focus", () => this.refresh());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.refresh();
    });
    $("end-undo").addEventListener("click", () => {
      $("end-dialog").close();
      this.simple("undo");
    });
    $("end-new").addEventListener("click", () => {
      $("end-dialog").close();
      this.navigate(this.view.game, null, this.currentOptions());
    });
    $("end-again").addEventListener("click", () => {
      $("end-dialog").close();
      this.open(this.view.game, this.view.deal_text, this.currentOptions(), { fresh: true });
    });
  }
}

const app = new App();
window.napoleonApp = app;  // for the browser tests and the curious
app.start();
