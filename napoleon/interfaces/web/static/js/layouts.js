// Where each game's piles lie on the table, as RULES.md describes them.
//
// Units: a card is 1 wide and CH high. Each pile has a slot (x, y: its
// first card's top-left corner) and a fan: "down" or "right" (each card
// shifted that way from the one below, so long piles overlap and stay
// readable: the covered cards show their index corner; board.js also knows
// "up" and "left"), "stack" (squared up: only the top card shows; a count is
// drawn) or "waste" (squared up but the top three cards fanned right).
// ``room`` is the length along the fan a pile may take, card included;
// "fill" means down to the bottom of the table. board.js squeezes a pile
// that would outgrow its room.

import { CARD_RATIO as CH } from "./cards.js";

const G = 0.22;       // gap between piles
const P = 1 + G;      // pitch of a row of piles

function range(n) {
  return Array.from({ length: n }, (_, i) => i + 1);
}

// Forty Thieves: stock and waste top left, the 8 foundations along the top,
// 10 columns of 4 below (Denexa: "the spaces above the first row" hold the
// foundations).
function fortyThieves() {
  const piles = {};
  piles.stock = { x: 0, y: 0, fan: "stack" };
  piles.waste = { x: P, y: 0, fan: "waste" };
  const fx0 = 2 * P + 0.6;
  const pitch = (9 * P - fx0) / 7;
  for (const i of range(8)) piles[`foundation-${i}`] = { x: fx0 + (i - 1) * pitch, y: 0, fan: "stack" };
  const ty = CH + 0.4;
  for (const i of range(10)) piles[`tableau-${i}`] = { x: (i - 1) * P, y: ty, fan: "down", room: "fill" };
  return { w: 10 * P - G, h: ty + CH + 2.6, piles };
}

// Napoleon's Square (seed 001): twelve piles of four "forming three sides of
// a square", the fourth side "occupied by the foundations". Foundations
// along the top; T1-T4 down the left side, T5-T8 along the bottom, T9-T12
// up the right side; the stock and waste inside the square. Side piles fan
// to the right, so every card shows its index corner. On a narrow screen
// the square would leave cards too small to read: there the foundations
// come first and the twelve piles stand in two rows of six.
function square() {
  const wide = { piles: {} };
  const S = 3.0;                          // room of a side pile's fan
  const left = 0;                         // x of the left side's slots
  const fx = S - 1;                       // the foundations span the square
  for (const i of range(8)) wide.piles[`foundation-${i}`] = { x: fx + (i - 1) * P, y: 0, fan: "stack" };
  const right = fx + 8 * P - G - 1;       // x of the right side's slots
  const rows = [0, 1, 2, 3].map((k) => CH + 0.4 + k * (CH + 0.2));
  rows.forEach((y, k) => {
    wide.piles[`tableau-${k + 1}`] = { x: left, y, fan: "right", room: S };
    wide.piles[`tableau-${12 - k}`] = { x: right, y, fan: "right", room: S };
  });
  const inner0 = left + S + 0.35;
  const inner1 = right - 0.35 - 1;
  const pitch = (inner1 - inner0) / 3;
  for (const k of [0, 1, 2, 3]) {
    wide.piles[`tableau-${5 + k}`] = { x: inner0 + k * pitch, y: rows[3], fan: "down", room: "fill" };
  }
  wide.piles.stock = { x: inner0 + pitch, y: rows[0] + 0.3, fan: "stack" };
  wide.piles.waste = { x: inner0 + 2 * pitch, y: rows[0] + 0.3, fan: "waste" };
  wide.w = right + S;
  wide.h = rows[3] + CH + 2.0;

  const narrow = { piles: {} };
  for (const i of range(4)) {
    narrow.piles[`foundation-${i}`] = { x: (i + 1) * P, y: 0, fan: "stack" };
    narrow.piles[`foundation-${4 + i}`] = { x: (i + 1) * P, y: CH + 0.15, fan: "stack" };
  }
  narrow.piles.stock = { x: 0, y: 0, fan: "stack" };
  narrow.piles.waste = { x: 0, y: CH + 0.15, fan: "waste" };
  const r1 = 2 * CH + 0.5;
  const firstRoom = CH + 5 * 0.3;
  for (const i of range(6)) {
    narrow.piles[`tableau-${i}`] = { x: (i - 1) * P, y: r1, fan: "down", room: firstRoom };
    narrow.piles[`tableau-${6 + i}`] = { x: (i - 1) * P, y: r1 + firstRoom + 0.25, fan: "down", room: "fill" };
  }
  narrow.w = 6 * P - G;
  narrow.h = r1 + firstRoom + 0.25 + CH + 2.0;
  narrow.prefer = 0.7;  // only where the square's cards would be much smaller
  return [wide, narrow];
}

// Grand Napoleon: the four Ace foundations and the four King foundations on
// top, the 11 columns of the layout below.
function grand() {
  const piles = {};
  const fy = 0.32;
  for (const i of range(4)) piles[`foundation-${i}`] = { x: (i - 1) * P, y: fy, fan: "stack" };
  for (const i of range(4)) piles[`foundation-${4 + i}`] = { x: (6 + i) * P, y: fy, fan: "stack" };
  const ty = fy + CH + 0.35;
  for (const i of range(11)) piles[`tableau-${i}`] = { x: (i - 1) * P, y: ty, fan: "down", room: "fill" };
  const labels = [
    { x: 0, y: 0, text: "Ace foundations ↑" },
    { x: 6 * P, y: 0, text: "King foundations ↓" },
  ];
  return { w: 11 * P - G, h: ty + CH + 3.2, piles, labels };
}

// Einar Werner's Napoleon at St Helena: the 4 store cells and the 4
// foundations on top, as in FreeCell, 8 columns of six below.
function werner() {
  const piles = {};
  for (const i of range(4)) piles[`cell-${i}`] = { x: (i - 1) * P, y: 0, fan: "stack" };
  for (const i of range(4)) piles[`foundation-${i}`] = { x: (3 + i) * P + 0.3, y: 0, fan: "stack" };
  const ty = CH + 0.4;
  for (const i of range(8)) piles[`tableau-${i}`] = { x: (i - 1) * P + 0.15, y: ty, fan: "down", room: "fill" };
  return { w: 8 * P - G + 0.3, h: ty + CH + 2.8, piles };
}

// St. Helena: the Kings (upper foundations) above the Aces (lower), and the
// 12 piles dealt clockwise around them: 1-4 above the Kings left to right,
// 5-6 down the right side, 7-10 below the Aces right to left, 11-12 up the
// left side. Piles fan down and to the right, as cards are read, so each
// shows its index corner; none reaches into the foundations.
function stHelena() {
  const piles = {};
  const S = 2.8;                 // room of a side pile's fan
  const V = 2.9;                 // room of a top or bottom pile's fan
  const x0 = S + 0.35;
  const right = x0 + 4 * P - G + 0.35;
  const upper = V + 0.3;
  const lower = upper + CH + 0.25;
  const bottom = lower + CH + 0.3;
  for (const k of [0, 1, 2, 3]) {
    piles[`foundation-${k + 1}`] = { x: x0 + k * P, y: upper, fan: "stack" };
    piles[`foundation-${k + 5}`] = { x: x0 + k * P, y: lower, fan: "stack" };
    piles[`tableau-${k + 1}`] = { x: x0 + k * P, y: 0, fan: "down", room: V };
    piles[`tableau-${10 - k}`] = { x: x0 + k * P, y: bottom, fan: "down", room: V };
  }
  piles["tableau-5"] = { x: right, y: upper, fan: "right", room: S };
  piles["tableau-6"] = { x: right, y: lower, fan: "right", room: S };
  piles["tableau-11"] = { x: 0, y: lower, fan: "right", room: S };
  piles["tableau-12"] = { x: 0, y: upper, fan: "right", room: S };
  return { w: right + S, h: bottom + V, piles };
}

// Napoleon's Tomb (practicalgamingcenter): the four reserves of ten with the
// central reserve between them, the four tableau piles below, two each side
// of the central reserve's column, a foundation at each corner ("move it to
// a corner to start a foundation pile"); the stock and the five waste piles
// above (tall screens) or beside (wide screens).
function tombBlock(piles, x0, y0, reserveRoom) {
  const ty = y0 + reserveRoom + 0.3;
  piles["foundation-1"] = { x: x0, y: y0, fan: "stack" };
  piles["foundation-2"] = { x: x0 + 6 * P, y: y0, fan: "stack" };
  piles["foundation-3"] = { x: x0, y: ty, fan: "stack" };
  piles["foundation-4"] = { x: x0 + 6 * P, y: ty, fan: "stack" };
  [1, 2, 4, 5].forEach((col, k) => {
    piles[`reserve-${k + 1}`] = { x: x0 + col * P, y: y0, fan: "down", room: reserveRoom };
    piles[`tableau-${k + 1}`] = { x: x0 + col * P, y: ty, fan: "down", room: "fill" };
  });
  piles.central = { x: x0 + 3 * P, y: y0, fan: "down", room: "fill" };
  return ty;
}

function tomb() {
  const reserveRoom = 3.1;
  const tall = { piles: {} };
  const wasteRoom = 2.0;
  tall.piles.stock = { x: 0, y: 0, fan: "stack" };
  for (const i of range(5)) tall.piles[`waste-${i}`] = { x: i * P, y: 0, fan: "down", room: wasteRoom };
  const ty = tombBlock(tall.piles, 0, wasteRoom + 0.35, reserveRoom);
  tall.w = 7 * P - G;
  tall.h = ty + CH + 2.4;

  const wide = { piles: {} };
  const ty2 = tombBlock(wide.piles, 0, 0, reserveRoom);
  const x0 = 7 * P - G + 0.6;
  wide.piles.stock = { x: x0, y: 0, fan: "stack" };
  for (const i of range(5)) wide.piles[`waste-${i}`] = { x: x0 + i * P, y: 0, fan: "down", room: "fill" };
  wide.w = x0 + 6 * P - G;
  wide.h = ty2 + CH + 2.4;
  return [tall, wide];
}

const LAYOUTS = {
  "napoleons-tomb": tomb,
  "napoleons-square": square,
  "grand-napoleon": grand,
  werner,
  "forty-thieves": fortyThieves,
  "st-helena": stHelena,
};

/**
 * The layouts of ``gameId``: one, or several for screens of different
 * shapes (board.js takes the one that gives the largest cards, times its
 * ``prefer`` weight: less than 1 for a layout further from the rulebook's). Each has
 * ``order``, its piles in reading order, for the keyboard.
 */
export function layoutsFor(gameId, pileNames) {
  const make = LAYOUTS[gameId];
  if (!make) throw new Error(`no layout for ${gameId}`);
  const made = make();
  const specs = Array.isArray(made) ? made : [made];
  for (const spec of specs) {
    spec.labels = spec.labels || [];
    for (const name of pileNames) {
      if (!spec.piles[name]) throw new Error(`layout of ${gameId} lacks pile ${name}`);
    }
    spec.order = [...pileNames].sort((a, b) => {
      const pa = spec.piles[a];
      const pb = spec.piles[b];
      return Math.abs(pa.y - pb.y) > 0.5 ? pa.y - pb.y : pa.x - pb.x;
    });
  }
  return specs;
}
