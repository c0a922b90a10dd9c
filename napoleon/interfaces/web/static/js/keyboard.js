// Playing with the keyboard, every key from the one key map the terminal uses
// too (served with the catalogue): arrow keys choose a pile, Enter (or Space)
// picks up and puts down, Shift+Up/Down take more or fewer cards of a run,
// f sends to a foundation, Esc drops, u undo, r redo, R restart, F finish,
// a auto, h hint, n new deal, ? help. Keys without Ctrl
// act only while the table has the focus (or nothing has), never on a button
// or a field, and the letters can be switched off in the settings (a
// speech-input user's words may hit them).

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

// The browser's names of the keys the key map names otherwise (a letter or a sign is its own name).
const MAP_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", " ": "space",
  Enter: "enter", Escape: "escape", Tab: "tab", F1: "f1" };
// The depth keys that take one card more (the others take one fewer).
const MORE = new Set(["shift+up", "+"]);

/** Key event ``e`` by the key map's name for it: ``left``, ``shift+up``, ``space``, ``R``, ``+``. */
function mapName(e) {
  const name = MAP_NAMES[e.key] || e.key;
  return e.shiftKey && (name === "up" || name === "down" || name === "tab") ? `shift+${name}` : name;
}

export class Keyboard {
  /**
   * @param {import("./board.js").Board} board
   * @param {import("./input.js").Input} input: picks up and drops cards
   * @param {object} app: as Input's
   */
  constructor(board, input, app) {
    this.board = board;
    this.input = input;
    this.app = app;
    board.root.addEventListener("focusin", (e) => {
      const pile = e.target.dataset && e.target.dataset.pile;
      if (pile && e.target.classList.contains("slot")) this.focus(pile, false);
    });
    document.addEventListener("keydown", (e) => {
      if (this.key(e)) e.preventDefault();
    });
  }

  /** Put the keyboard on ``pile`` (its slot is the table's one Tab stop). */
  focus(pile, moveFocus = true) {
    const board = this.board;
    board.marks.focus = pile;
    for (const [name, slot] of Object.entries(board.slots)) slot.tabIndex = name === pile ? 0 : -1;
    if (moveFocus) board.slots[pile].focus({ preventScroll: false });
    board.render();
  }

  /** The nearest pile from ``pile`` in direction (dx, dy), by the slots' places. */
  neighbour(pile, dx, dy) {
    const spec = this.board.spec;
    const a = spec.piles[pile];
    let best = null;
    let bestCost = Infinity;
    for (const name of spec.order) {
      if (name === pile) continue;
      const b = spec.piles[name];
      const ddx = b.x - a.x;
      const ddy = b.y - a.y;
      const along = dx * ddx + dy * ddy;
      if (along <= 0.3) continue;
      const across = Math.abs(dx ? ddy : ddx);
      const cost = along + 2.5 * across;
      if (cost < bestCost) {
        bestCost = cost;
        best = name;
      }
    }
    return best;
  }

  /** Handle a key press; true if the page acted on it (its default is then prevented). */
  key(e) {
    const t = e.target;
    if (t && (TYPING.has(t.tagName) || t.closest("dialog"))) return false;
    // Enter and Space on a focused button or link press it (the skip link, the toolbar).
    if ((e.key === "Enter" || e.key === " ") && t && t.closest && t.closest("a, button")) return false;
    if (e.altKey || e.metaKey) return false;
    // Letters keep their case: r redoes, R (Shift+R) restarts, as in the terminal.
    const key = e.key;
    if (e.ctrlKey) return key.length === 1 && this.shortcut(`ctrl+${key.toLowerCase()}`);
    if (this.app.locked() || !this.board.spec || !this.onTable()) return false;
    // Letters and signs (not the arrows, Enter, Space or Esc) may be switched off.
    if (key.length === 1 && key !== " " && !this.app.shortcuts()) return false;
    return this.shortcut(mapName(e));
  }

  /** Whether the keys play on the table: the focus is on it, or on nothing (the page itself). */
  onTable() {
    const here = document.activeElement;
    return !here || here === document.body || this.board.root.contains(here);
  }

  /** Do what key ``name`` (as the key map writes it) does: on the table, or else through the app. */
  shortcut(name) {
    const entry = this.app.keys().find((k) => k.keys.includes(name));
    return !!entry && (this.table(entry.action, name) || this.app.action(entry.action));
  }

  /** The key map's actions that play on the table: move, select, depth, cancel, foundation. */
  table(action, name) {
    const board = this.board;
    if (!board.spec) return false;
    const focus = board.marks.focus || board.spec.order[0];
    switch (action) {
      case "move": {
        if (name === "up" || name === "down") return this.upDown(name === "up" ? 1 : -1, focus);
        const order = board.spec.order;
        const i = order.indexOf(focus);
        this.focus(order[(i + (name === "left" ? order.length - 1 : 1)) % order.length]);
        return true;
      }
      case "depth":
        return this.depth(MORE.has(name) ? 1 : -1);
      case "select":
        if (name === "space" && !board.root.contains(document.activeElement)) return false;
        this.enter(focus);
        return true;
      case "foundation":
        this.input.clearSelection();
        this.app.toFoundation(focus);
        return true;
      case "cancel":
        this.input.clearSelection();
        return true;
      default:
        return false;
    }
  }

  /** One card more (``by`` 1) or fewer (-1) of the run held; nothing when nothing is held. */
  depth(by) {
    const board = this.board;
    const sel = board.marks.selected;
    if (!sel) return false;
    const n = board.view.most_movable[sel.pile] || board.piles[sel.pile].length;
    this.input.select(sel.pile, Math.max(1, Math.min(n, sel.count + by)));
    return true;
  }

  /** Up and Down move between piles, by the slots' places. */
  upDown(up, focus) {
    const next = this.neighbour(focus, 0, -up);
    if (next) this.focus(next);
    return true;
  }

  /** Enter on pile ``focus``: put down the cards held there, or pick up its top card, or turn the stock. */
  enter(focus) {
    const board = this.board;
    const sel = board.marks.selected;
    if (sel) {
      this.input.clearSelection();
      if (sel.pile !== focus) this.app.move(sel.pile, focus, sel.count, false);
    } else if (board.info[focus].role === "stock") {
      this.input.stock(focus);
    } else if (board.view.refusals[focus]) {
      this.app.message(board.view.refusals[focus], true);  // the engine's words
    } else {
      this.input.select(focus, 1);
    }
  }
}
