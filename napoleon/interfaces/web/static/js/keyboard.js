// Playing with the keyboard: arrow keys choose a pile, Enter (or Space)
// picks up and puts down, Shift+Up/Down take more or fewer cards of a run,
// f sends to a foundation, Esc drops; the other keys are those of the one key
// map the terminal uses too (served with the catalogue): u undo, r redo,
// R restart, F finish, a auto, h hint, n new deal, ? help. Keys without Ctrl
// act only while the table has the focus (or nothing has), never on a button
// or a field, and the letters can be switched off in the settings (a
// speech-input user's words may hit them).

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

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
    return this.shortcut(key) || this.table(e, key);
  }

  /** Whether the keys play on the table: the focus is on it, or on nothing (the page itself). */
  onTable() {
    const here = document.activeElement;
    return !here || here === document.body || this.board.root.contains(here);
  }

  /** A key of the key map that is not about the table (undo, redo, restart, finish, hint…). */
  shortcut(key) {
    const entry = this.app.keys().find((k) => k.keys.includes(key));
    return !!entry && this.app.action(entry.action);
  }

  /** The keys that play on the table: arrows, Enter and Space, F, Escape. */
  table(e, lower) {
    const board = this.board;
    const focus = board.marks.focus || board.spec.order[0];
    switch (lower) {
      case "ArrowLeft":
      case "ArrowRight": {
        const order = board.spec.order;
        const i = order.indexOf(focus);
        this.focus(order[(i + (lower === "ArrowLeft" ? order.length - 1 : 1)) % order.length]);
        return true;
      }
      case "ArrowUp":
      case "ArrowDown":
        return this.upDown(e.shiftKey, lower === "ArrowUp" ? 1 : -1, focus);
      case "Enter":
      case " ":
        if (lower === " " && !board.root.contains(document.activeElement)) return false;
        this.enter(focus);
        return true;
      case "f":
        this.input.clearSelection();
        this.app.toFoundation(focus);
        return true;
      case "Escape":
        this.input.clearSelection();
        return true;
      default:
        return false;
    }
  }

  /** Up and Down move between piles; with Shift, take one card more (up) or fewer of the run held. */
  upDown(shift, up, focus) {
    const board = this.board;
    const sel = board.marks.selected;
    if (shift && sel) {
      const n = board.view.most_movable[sel.pile] || board.piles[sel.pile].length;
      this.input.select(sel.pile, Math.max(1, Math.min(n, sel.count + up)));
      return true;
    }
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
