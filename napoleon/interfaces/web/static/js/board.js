// The card table: piles and cards placed from a layout, moved with CSS
// transitions. Each card keeps one element for as long as it is on the table,
// so a move, an undo or a redeal animates by itself: the element is given
// its new place and slides there.

import { BACK_URL, CARD_BOX, CARD_RATIO as CH, SUIT_SYMBOLS, cardUrl } from "./cards.js";
import { layoutsFor, pictureFor, readableUnit } from "./layouts.js";
import { pileLabel } from "./names.js";

const SVG = "http://www.w3.org/2000/svg";
const STEP_V = 0.25 * CH;   // a vertical fan shows each card's rank and suit
const STEP_H = 0.2;         // a horizontal fan shows the index corner
const MIN_STEP = 0.05;
const WASTE_STEP = 0.22;
const FLIGHT_MS = 200;
const SMALL_UNIT = 58;      // below this card width (px) a large index is drawn over each card
const INDEX = 0.26;         // the large index's type size, in card widths (app.css's default)
const INDEX_WIDTH = 1.05;   // its width sideways (rank over suit, "10" the widest), in type sizes
const INDEX_EDGE = 4.5;     // and its padding and edge, in px
const INDEX_MIN_PX = 8;     // the smallest type a tight fan's index is drawn in

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Board {
  constructor(root) {
    this.root = root;
    this.spec = null;
    this.view = null;
    this.info = {};
    this.piles = {};          // pile name -> [{code, uid}], bottom to top
    this.els = new Map();     // uid -> the card's element
    this.slots = {};          // pile name -> slot <div>
    this.countEls = {};       // pile name -> count badge of a squared-up pile
    this.pos = new Map();     // uid -> {x, y} as last rendered
    this.nextUid = 1;
    this.four = false;
    this.backUrl = BACK_URL;
    this.moveMs = FLIGHT_MS;  // how long a card takes to travel (0: it jumps)
    this.scale = 1;           // card size: a factor on the largest that fits
    this.unit = 60;
    this.height = 0;
    this.marks = { selected: null, targets: [], hint: null, focus: null };
    this.drag = null;
  }

  // ------------------------------------------------------------ model

  /** Draw ``view`` of a new game from scratch, ``game`` its entry in the catalogue: in the best of
   * its pictures for this screen, each foundation marked with the rank that starts it ("A", "K"). */
  setGame(view, game) {
    const specs = layoutsFor(game, view.piles.map((p) => p.name));
    const starts = game.foundation_starts || {};
    this.root.replaceChildren();
    this.els.clear();
    this.pos.clear();
    this.slots = {};
    this.countEls = {};
    this.piles = {};
    this.drag = null;
    this.specs = specs;
    this.spec = null;
    this.labelEls = [];
    this.marks = { selected: null, targets: [], hint: null, focus: specs[0].order[0] };
    this.view = view;
    this.info = Object.fromEntries(view.piles.map((p) => [p.name, p]));
    for (const p of view.piles) {
      const slot = document.createElement("div");
      slot.className = "slot";
      slot.dataset.pile = p.name;
      slot.setAttribute("role", "button");
      slot.tabIndex = p.name === this.marks.focus ? 0 : -1;
      const base = p.role === "foundation" ? starts[p.name] || "" : p.role === "central" ? "central" : "";
      // What the slot shows is where its spoken name starts (speech input users say what they see).
      slot.dataset.shown = base ? `${p.abbr} ${base}` : p.abbr;
      slot.dataset.start = p.role === "foundation" ? base : "";
      slot.innerHTML = `<span>${p.abbr}${base ? ` <span class="start">${base}</span>` : ""}</span>`;
      if (p.role === "stock") slot.classList.add("stock-slot");
      this.root.appendChild(slot);
      this.slots[p.name] = slot;
      if (specs.some((spec) => spec.piles[p.name].fan === "stack" || spec.piles[p.name].fan === "waste")) {
        const badge = document.createElement("span");
        badge.className = "count";
        badge.setAttribute("aria-hidden", "true");
        this.root.appendChild(badge);
        this.countEls[p.name] = badge;
      }
    }
    this.sync(view.position.piles);
    this.layout();
    this.render();
  }

  /** Match the model to the server's piles, keeping each card's element where it can. */
  sync(serverPiles) {
    const old = this.piles;
    const used = new Set();
    const next = {};
    for (const [name, codes] of Object.entries(serverPiles)) {
      const before = old[name] || [];
      next[name] = codes.map((code, i) => {
        const o = before[i];
        if (o && o.code === code && !used.has(o.uid)) {
          used.add(o.uid);
          return { code, uid: o.uid };
        }
        return { code, uid: null };
      });
    }
    const pool = new Map();
    for (const cards of Object.values(old)) {
      for (const c of cards) {
        if (!used.has(c.uid)) {
          if (!pool.has(c.code)) pool.set(c.code, []);
          pool.get(c.code).push(c.uid);
        }
      }
    }
    for (const cards of Object.values(next)) {
      for (const c of cards) {
        if (c.uid === null) {
          const free = pool.get(c.code);
          c.uid = free && free.length ? free.shift() : this.nextUid++;
        }
      }
    }
    for (const uids of pool.values()) {
      for (const uid of uids) {
        const el = this.els.get(uid);
        if (el) el.remove();
        this.els.delete(uid);
      }
    }
    this.piles = next;
  }

  /** Carry out ``move`` on the model; the uids moved, or null if it does not fit the model. */
  apply(move, backwards = false) {
    const from = backwards ? move.to : move.from;
    const to = backwards ? move.from : move.to;
    const src = this.piles[from];
    const dst = this.piles[to];
    if (!src || !dst || src.length < move.count) return null;
    const moved = src.splice(src.length - move.count, move.count);
    dst.push(...moved);
    return moved.map((c) => c.uid);
  }

  /** Show the server's new view, animating the moves it made and took back. */
  async update(view) {
    this.endDrag();
    const steps = [...view.undone.map((m) => [m, true]), ...view.made.map((m) => [m, false])];
    if (this.moveMs && steps.length > 1 && steps.length <= 120 && !steps.some(([m]) => m.redeal)) {
      // One after another, so the eye can follow auto-play; long runs (a finish) go quicker.
      const pause = Math.min(steps.length > 6 ? this.moveMs * 0.45 : this.moveMs * 0.85, 3000 / steps.length);
      for (const [m, back] of steps) {
        if (!this.apply(m, back)) break;
        this.render();
        await sleep(pause);
      }
    }
    this.view = view;
    this.sync(view.position.piles);
    this.render();
  }

  // ----------------------------------------------------------- geometry

  /** Size the table to the space it has: cards as large as the layout allows. */
  layout() {
    const area = this.root.parentElement;
    const style = getComputedStyle(area);
    const aw = area.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const ah = area.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const spec = pictureFor(this.specs, aw, ah);
    if (spec !== this.spec) {
      this.spec = spec;
      for (const el of this.labelEls) el.remove();
      this.labelEls = spec.labels.map((label) => {
        const el = document.createElement("span");
        el.className = "group-label";
        el.textContent = label.text;
        this.root.appendChild(el);
        return el;
      });
    }
    let unit = readableUnit(spec, aw, ah, this.scale);
    unit = Math.max(22, Math.min(unit, 150));
    this.unit = unit;
    this.height = Math.max(spec.h * unit, Math.min(ah, spec.h * unit * 1.6));
    this.root.style.width = `${spec.w * unit}px`;
    this.root.style.height = `${this.height}px`;
    this.root.style.fontSize = `${Math.max(9, unit * 0.2)}px`;
    this.root.style.setProperty("--u", `${unit}px`);
    this.root.classList.toggle("small", unit < SMALL_UNIT);
  }

  /** Where the cards of a pile of ``n`` lie (top-left corners, in pixels). */
  positions(name, n) {
    const p = this.spec.piles[name];
    const u = this.unit;
    const x0 = p.x * u;
    const y0 = p.y * u;
    const out = [];
    if (p.fan === "stack") {
      for (let i = 0; i < n; i++) out.push({ x: x0, y: y0 });
      return out;
    }
    if (p.fan === "waste") {
      const shown = Math.min(3, n);
      for (let i = 0; i < n; i++) out.push({ x: x0 + Math.max(0, i - (n - shown)) * WASTE_STEP * u, y: y0 });
      return out;
    }
    const vertical = p.fan === "down" || p.fan === "up";
    const length = vertical ? CH * u : u;
    let room;
    if (p.room === "fill") room = this.height - y0 - 4;
    else room = p.room * u;
    let step = (vertical ? STEP_V : STEP_H) * u;
    // Small cards fanned sideways wear the large index: each shows it whole where there is room.
    if (!vertical && u < SMALL_UNIT) step = Math.max(step, INDEX * INDEX_WIDTH * u + INDEX_EDGE);
    if (n > 1) step = Math.max(MIN_STEP * u, Math.min(step, (room - length) / (n - 1)));
    const sign = p.fan === "up" || p.fan === "left" ? -1 : 1;
    for (let i = 0; i < n; i++) {
      out.push(vertical ? { x: x0, y: y0 + sign * i * step } : { x: x0 + sign * i * step, y: y0 });
    }
    return out;
  }

  /** The type size (px) of the large index on a pile fanned ``places`` apart, down or sideways:
   * the index's full size where the next card leaves it in view, else as much as does (down to
   * INDEX_MIN_PX); null where the pile is not fanned or its cards are not small. */
  indexSize(name, places) {
    const fan = this.spec.piles[name].fan;
    if (this.unit >= SMALL_UNIT || places.length < 2 || !["down", "up", "right", "left"].includes(fan)) return null;
    const step = Math.hypot(places[1].x - places[0].x, places[1].y - places[0].y);
    const vertical = fan === "down" || fan === "up";
    const fits = vertical ? step - 1.5 : (step - INDEX_EDGE) / INDEX_WIDTH;  // one line high, 1 px below
    const full = INDEX * this.unit;
    return fits >= full ? null : Math.max(INDEX_MIN_PX, fits);
  }

  /** The rectangle a pile covers: its slot and its cards. */
  pileRect(name) {
    const p = this.spec.piles[name];
    const u = this.unit;
    let x0 = p.x * u;
    let y0 = p.y * u;
    let x1 = x0 + u;
    let y1 = y0 + CH * u;
    for (const q of this.positions(name, this.piles[name].length)) {
      x0 = Math.min(x0, q.x);
      y0 = Math.min(y0, q.y);
      x1 = Math.max(x1, q.x + u);
      y1 = Math.max(y1, q.y + CH * u);
    }
    return { x0, y0, x1, y1 };
  }

  // ------------------------------------------------------------- drawing

  /** A card's element: the card image, and a large index drawn over it when cards are small. */
  cardEl(uid) {
    let el = this.els.get(uid);
    if (!el) {
      el = document.createElement("div");
      el.className = "card";
      // The pile's slot names its cards: the images stay out of the accessibility tree.
      el.setAttribute("aria-hidden", "true");
      el.dataset.uid = uid;
      const face = document.createElementNS(SVG, "svg");
      face.setAttribute("class", "face");
      face.setAttribute("viewBox", CARD_BOX);
      face.setAttribute("preserveAspectRatio", "none");
      face.appendChild(document.createElementNS(SVG, "use"));
      const idx = document.createElement("span");
      idx.className = "idx";
      idx.setAttribute("aria-hidden", "true");
      el.append(face, idx);
      this.root.appendChild(el);
      this.els.set(uid, el);
    }
    return el;
  }

  render() {
    if (!this.spec) return;
    const u = this.unit;
    this.spec.labels.forEach((label, i) => {
      const el = this.labelEls[i];
      el.style.left = `${label.x * u}px`;
      el.style.top = `${label.y * u}px`;
    });
    const inactive = new Set(this.view.not_in_play);
    for (const name of Object.keys(this.slots)) {
      this.renderSlot(name, inactive.has(name));
      const places = this.positions(name, this.piles[name].length);
      const index = this.indexSize(name, places);
      this.piles[name].forEach((card, i) => this.renderCard(name, card, i, places[i], index));
      this.renderCount(name);
    }
  }

  /** A pile's slot: its place, its marks and its name for screen readers. */
  renderSlot(name, inactive) {
    const { selected, targets, hint, focus } = this.marks;
    const p = this.spec.piles[name];
    const u = this.unit;
    const slot = this.slots[name];
    Object.assign(slot.style, { left: `${p.x * u}px`, top: `${p.y * u}px`, width: `${u}px`, height: `${CH * u}px` });
    slot.classList.toggle("target", targets.includes(name));
    // On a pile of cards the top card wears the marks: one ring each, never a second one at the slot.
    const empty = !this.piles[name].length;
    slot.classList.toggle("hint", empty && !!hint && (hint.from === name || hint.to === name));
    slot.classList.toggle("kbd-focus", empty && focus === name);
    slot.classList.toggle("inactive", inactive);
    slot.setAttribute("aria-label", pileLabel(this, name, inactive));
    slot.setAttribute("aria-pressed", selected && selected.pile === name ? "true" : "false");
  }

  /** The ``i``-th card of pile ``name``, bottom up: its face, its place ``at``, its marks, and
   * the type size of its large index (px; null: the full size). */
  renderCard(name, card, i, at, index = null) {
    const { selected, targets, hint, focus } = this.marks;
    const p = this.spec.piles[name];
    const cards = this.piles[name];
    const el = this.cardEl(card.uid);
    const top = i === cards.length - 1;
    const faceDown = this.info[name].role === "stock";
    this.paintFace(el, card, faceDown);
    el.classList.toggle("fan-h", p.fan === "right" || p.fan === "left");
    const flying = el.dataset.pile !== undefined && el.dataset.pile !== name;
    el.dataset.pile = name;
    el.dataset.index = i;
    el.dataset.card = faceDown ? "" : card.code;
    el.classList.toggle("facedown", faceDown);
    el.classList.toggle("selected", !!selected && selected.pile === name && i >= cards.length - selected.count);
    el.classList.toggle("target", top && targets.includes(name));
    el.classList.toggle("hint", !!hint && ((top && hint.to === name) ||
      (hint.from === name && i >= cards.length - (hint.count || 1))));
    el.classList.toggle("kbd-focus", top && focus === name);
    if (this.drag && this.drag.uids.includes(card.uid)) return;
    el.style.width = `${this.unit}px`;
    el.style.height = `${CH * this.unit}px`;
    if (index === null) el.style.removeProperty("--idx");
    else el.style.setProperty("--idx", `${index.toFixed(1)}px`);
    el.style.left = `${at.x}px`;
    el.style.top = `${at.y}px`;
    this.pos.set(card.uid, at);
    this.stack(el, i, flying);
  }

  /** A card's image and large index: its face, or its back. */
  paintFace(el, card, faceDown) {
    const src = faceDown ? this.backUrl : cardUrl(card.code, this.four);
    if (el.dataset.src !== src) {
      el.firstChild.firstChild.setAttribute("href", src);
      el.dataset.src = src;
      const idx = el.lastChild;
      idx.className = faceDown ? "idx" : `idx s-${card.code[1]}`;
      idx.innerHTML = faceDown ? "" : `<b${card.code[0] === "T" ? ' class="ten">10' : `>${card.code[0]}`}</b><b>${SUIT_SYMBOLS[card.code[1]]}</b>`;
    }
  }

  /** Lay card ``el`` (the ``i``-th of its pile) over the ones below it. */
  stack(el, i, flying) {
    if (flying) {
      // A card on its way to another pile flies over everything, then settles.
      el.style.zIndex = String(5000 + i);
      const token = String(Math.random());
      el.dataset.flight = token;
      setTimeout(() => {
        if (el.dataset.flight === token) el.style.zIndex = String(1 + Number(el.dataset.index));
      }, this.moveMs);
    } else if (!el.dataset.flight || el.style.zIndex < 5000) {
      el.style.zIndex = String(1 + i);
    }
  }

  /** The count drawn on a squared-up pile. */
  renderCount(name) {
    const badge = this.countEls[name];
    if (!badge) return;
    const p = this.spec.piles[name];
    const u = this.unit;
    const cards = this.piles[name];
    badge.textContent = cards.length > 1 || this.info[name].role === "stock" ? String(cards.length) : "";
    badge.style.display = badge.textContent ? "" : "none";
    const extra = p.fan === "waste" ? Math.max(0, Math.min(3, cards.length) - 1) * WASTE_STEP * u : 0;
    badge.style.left = `${p.x * u + extra + u - 4}px`;
    badge.style.top = `${p.y * u + CH * u - 12}px`;
    badge.style.transform = "translate(-100%, 0)";
  }

  /** How cards look and move: the back's image, travel time in ms, size factor. */
  setLook({ back, moveMs, scale }) {
    if (back !== undefined) this.backUrl = back;
    if (moveMs !== undefined) {
      this.moveMs = moveMs;
      this.root.style.setProperty("--move-ms", `${moveMs}ms`);
    }
    if (scale !== undefined && scale !== this.scale) {
      this.scale = scale;
      if (this.spec) this.layout();
    }
    this.render();
  }

  setFour(four) {
    this.four = four;
    this.root.classList.toggle("four", four);
    this.render();
  }

  // ---------------------------------------------------------------- drag

  /** Lift the top ``count`` cards of ``pile`` to follow the pointer. */
  startDrag(pile, count) {
    const cards = this.piles[pile];
    const lifted = cards.slice(cards.length - count);
    this.drag = { pile, count, uids: lifted.map((c) => c.uid), dx: 0, dy: 0 };
    lifted.forEach((c, i) => {
      const el = this.els.get(c.uid);
      el.classList.add("dragging");
      el.style.zIndex = String(8000 + i);
    });
  }

  dragTo(dx, dy) {
    if (!this.drag) return;
    this.drag.dx = dx;
    this.drag.dy = dy;
    for (const uid of this.drag.uids) {
      const el = this.els.get(uid);
      const at = this.pos.get(uid);
      el.style.left = `${at.x + dx}px`;
      el.style.top = `${at.y + dy}px`;
    }
  }

  /** The pile the dragged cards are over: a legal target if one is under them. */
  dropTarget(legal) {
    const d = this.drag;
    if (!d) return null;
    const first = this.pos.get(d.uids[0]);
    const u = this.unit;
    const box = { x0: first.x + d.dx, y0: first.y + d.dy, x1: first.x + d.dx + u, y1: first.y + d.dy + CH * u };
    let best = null;
    let bestScore = 0;
    for (const name of Object.keys(this.slots)) {
      if (name === d.pile) continue;
      const r = this.pileRect(name);
      const ox = Math.min(box.x1, r.x1) - Math.max(box.x0, r.x0);
      const oy = Math.min(box.y1, r.y1) - Math.max(box.y0, r.y0);
      if (ox <= 0 || oy <= 0) continue;
      const score = ox * oy * (legal.includes(name) ? 4 : 1);
      if (score > bestScore) {
        bestScore = score;
        best = name;
      }
    }
    return best;
  }

  /** Put dragged cards down; the next render places them. */
  endDrag() {
    if (!this.drag) return;
    for (const uid of this.drag.uids) {
      const el = this.els.get(uid);
      if (el) el.classList.remove("dragging");
    }
    this.drag = null;
  }

  /** The top card's element of a pile, or the pile's slot when it is empty. */
  topElement(name) {
    const cards = this.piles[name];
    return cards.length ? this.els.get(cards[cards.length - 1].uid) : this.slots[name];
  }
}
