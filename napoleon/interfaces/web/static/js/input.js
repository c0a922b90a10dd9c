// Playing with a mouse, a finger or the keyboard. Pointer Events serve mouse,
// pen and touch alike: press and move past a few pixels to drag; press and
// release in place to tap. Tap a card, then tap where it goes; tap twice
// quickly to send a card to a foundation.

const DRAG_START_PX = 6;
const DOUBLE_TAP_MS = 400;

export class Input {
  /**
   * @param {import("./board.js").Board} board
   * @param {object} app: move(from, to, count, dragged), toFoundation(pile), stock(), undo(), redo(), hint(), auto(),
   *   newDeal(), targets(pile, count), locked(), message(text)
   */
  constructor(board, app) {
    this.board = board;
    this.app = app;
    this.press = null;
    this.lastTap = null;
    const root = board.root;
    root.addEventListener("pointerdown", (e) => this.down(e));
    root.addEventListener("pointermove", (e) => this.move(e));
    root.addEventListener("pointerup", (e) => this.up(e));
    root.addEventListener("pointercancel", (e) => this.cancel(e));
    root.addEventListener("contextmenu", (e) => e.preventDefault());
    root.addEventListener("focusin", (e) => {
      const pile = e.target.dataset && e.target.dataset.pile;
      if (pile && e.target.classList.contains("slot")) this.focus(pile, false);
    });
    document.addEventListener("keydown", (e) => this.key(e));
  }

  // -------------------------------------------------------------- pointer

  hit(e) {
    const el = e.target.closest(".card, .slot");
    if (!el || !el.dataset.pile) return null;
    const pile = el.dataset.pile;
    const n = this.board.piles[pile].length;
    const index = el.classList.contains("card") ? Number(el.dataset.index) : n - 1;
    const isStock = this.board.info[pile].role === "stock";
    return { pile, index, count: n === 0 ? 0 : isStock ? 1 : n - index, isStock };
  }

  down(e) {
    if (e.button !== undefined && e.button !== 0) return;
    if (this.app.locked()) return;
    const hit = this.hit(e);
    if (!hit) {
      this.clearSelection();
      return;
    }
    e.preventDefault();
    this.press = { ...hit, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false };
    try {
      this.board.root.setPointerCapture(e.pointerId);
    } catch (err) {
      // a synthetic event without an active pointer: taps still work
    }
  }

  move(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < DRAG_START_PX || p.count < 1) return;
      p.dragging = true;
      this.board.marks.selected = null;
      this.board.marks.targets = this.app.targets(p.pile, p.count);
      this.board.render();
      this.board.startDrag(p.pile, p.count);
    }
    this.board.dragTo(dx, dy);
  }

  up(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    this.press = null;
    if (p.dragging) {
      const legal = this.app.targets(p.pile, p.count);
      const to = this.board.dropTarget(legal);
      this.board.marks.targets = [];
      if (to) {
        this.app.move(p.pile, to, p.count, true);
      } else {
        this.board.endDrag();
        this.board.render();
      }
      return;
    }
    this.tap(p);
  }

  cancel(e) {
    if (this.press && this.press.dragging) {
      this.board.endDrag();
      this.board.marks.targets = [];
      this.board.render();
    }
    this.press = null;
  }

  tap(p) {
    const now = performance.now();
    const last = this.lastTap;
    const double = last && last.pile === p.pile && last.index === p.index && now - last.t < DOUBLE_TAP_MS;
    this.lastTap = { pile: p.pile, index: p.index, t: now };
    const sel = this.board.marks.selected;
    if (double && !p.isStock && p.count > 0) {
      this.lastTap = null;
      this.clearSelection();
      this.app.toFoundation(p.pile);
      return;
    }
    if (sel) {
      if (sel.pile === p.pile) {
        if (p.count > 0 && p.count !== sel.count && !p.isStock) this.select(p.pile, p.count);
        else this.clearSelection();
        return;
      }
      this.clearSelection();
      this.app.move(sel.pile, p.pile, sel.count, false);
      return;
    }
    if (p.isStock) {
      this.stock(p.pile);
      return;
    }
    if (p.count > 0) this.select(p.pile, p.count);
  }

  /** The stock: one waste pile in play, turn a card; several (the Tomb), pick it up to choose one. */
  stock(pile) {
    const targets = this.app.targets(pile, 1);
    if (this.board.piles[pile].length && targets.length > 1) this.select(pile, 1);
    else this.app.stock();
  }

  select(pile, count) {
    this.board.marks.selected = { pile, count };
    this.board.marks.targets = this.app.targets(pile, count);
    this.board.render();
  }

  clearSelection() {
    if (!this.board.marks.selected && !this.board.marks.targets.length) return;
    this.board.marks.selected = null;
    this.board.marks.targets = [];
    this.board.render();
  }

  // ------------------------------------------------------------- keyboard

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

  key(e) {
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.closest("dialog"))) {
      return;
    }
    // Enter and Space on a focused button or link press it (the skip link, the toolbar).
    if ((e.key === "Enter" || e.key === " ") && t && t.closest && t.closest("a, button")) return;
    if (e.altKey || e.metaKey) return;
    const k = e.key;
    const lower = k.length === 1 ? k.toLowerCase() : k;
    if (e.ctrlKey) {
      if (lower === "z") this.app.undo();
      else if (lower === "y") this.app.redo();
      else return;
      e.preventDefault();
      return;
    }
    if (this.app.locked()) return;
    const board = this.board;
    if (!board.spec) return;
    const onBoard = board.root.contains(document.activeElement);
    const focus = board.marks.focus || board.spec.order[0];
    const order = board.spec.order;
    switch (lower) {
      case "u": this.app.undo(); break;
      case "r": this.app.redo(); break;
      case "h": this.app.hint(); break;
      case "a": this.app.auto(); break;
      case "n": this.app.newDeal(); break;
      case "ArrowLeft":
      case "ArrowRight": {
        const i = order.indexOf(focus);
        const j = (i + (k === "ArrowLeft" ? order.length - 1 : 1)) % order.length;
        this.focus(order[j]);
        break;
      }
      case "ArrowUp":
      case "ArrowDown": {
        const sel = board.marks.selected;
        if (e.shiftKey && sel) {
          const n = board.view.most_movable[sel.pile] || board.piles[sel.pile].length;
          const count = Math.max(1, Math.min(n, sel.count + (k === "ArrowUp" ? 1 : -1)));
          this.select(sel.pile, count);
          break;
        }
        const next = this.neighbour(focus, 0, k === "ArrowUp" ? -1 : 1);
        if (next) this.focus(next);
        break;
      }
      case "Enter":
      case " ": {
        if (!onBoard && k === " ") return;
        const sel = board.marks.selected;
        const info = board.info[focus];
        if (sel) {
          if (sel.pile === focus) this.clearSelection();
          else {
            this.clearSelection();
            this.app.move(sel.pile, focus, sel.count, false);
          }
        } else if (info.role === "stock") {
          this.stock(focus);
        } else if (board.view.refusals[focus]) {
          this.app.message(board.view.refusals[focus], true);  // the engine's words
        } else {
          this.select(focus, 1);
        }
        break;
      }
      case "f":
        this.clearSelection();
        this.app.toFoundation(focus);
        break;
      case "Escape":
        this.clearSelection();
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}
