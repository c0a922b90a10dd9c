// Playing with a mouse, a finger or the keyboard. Pointer Events serve mouse,
// pen and touch alike: press and move past a few pixels to drag; press and
// release in place to tap. Tap a card, then tap where it goes; tap twice
// quickly to send a card to a foundation. The keys are keyboard.js's.

import { Keyboard } from "./keyboard.js";

const DRAG_START_PX = 6;
const DOUBLE_TAP_MS = 400;

export class Input {
  /**
   * @param {import("./board.js").Board} board
   * @param {object} app: move(from, to, count, dragged), toFoundation(pile), stock(), undo(), redo(), hint(), auto(),
   *   newDeal(), targets(pile, count), pickedUp(pile, count), locked(), shortcuts(), message(text)
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
    this.keyboard = new Keyboard(board, this, app);
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
    // The tap's own time, not this handler's: on a busy page the second of two quick taps is
    // handled late, and the player still tapped twice.
    this.tap(p, e.timeStamp);
  }

  cancel(e) {
    if (this.press && this.press.dragging) {
      this.board.endDrag();
      this.board.marks.targets = [];
      this.board.render();
    }
    this.press = null;
  }

  tap(p, now = performance.now()) {
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

  /** Pick up the top ``count`` cards of ``pile``: the places they may go light up and are said. */
  select(pile, count) {
    this.board.marks.selected = { pile, count };
    this.board.marks.targets = this.app.targets(pile, count);
    this.board.render();
    this.app.pickedUp(pile, count);
  }

  clearSelection() {
    if (!this.board.marks.selected && !this.board.marks.targets.length) return;
    this.board.marks.selected = null;
    this.board.marks.targets = [];
    this.board.render();
  }

  /** Put the keyboard on ``pile``. */
  focus(pile, moveFocus = true) {
    this.keyboard.focus(pile, moveFocus);
  }
}
