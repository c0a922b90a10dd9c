// Where each game's piles lie on the table: the pictures each game declares
// (napoleon/engine/table.py), served by /api/catalog as "table".
//
// Units: a card is 1 wide and CARD_RATIO high. Each pile has a slot (x, y: its
// first card's top-left corner) and a fan: "down" or "right" (each card
// shifted that way from the one below, so long piles overlap and stay
// readable: the covered cards show their index corner; board.js also knows
// "up" and "left"), "stack" (squared up: only the top card shows; a count is
// drawn) or "waste" (squared up but the top three cards fanned right).
// ``room`` is the length along the fan a pile may take, card included;
// "fill" means down to the bottom of the table. board.js squeezes a pile
// that would outgrow its room.

/**
 * The layouts of a game from its catalog entry ``game``: one, or several for
 * screens of different shapes (board.js takes the one that gives the largest
 * cards, times its ``prefer`` weight: less than 1 for a layout further from
 * the rulebook's). Each has ``order``, its piles in reading order, for the
 * keyboard.
 */
export function layoutsFor(game, pileNames) {
  const specs = structuredClone(game.table.pictures);
  for (const spec of specs) {
    spec.labels = spec.labels || [];
    for (const name of pileNames) {
      if (!spec.piles[name]) throw new Error(`layout of ${game.id} lacks pile ${name}`);
    }
    spec.order = [...pileNames].sort((a, b) => {
      const pa = spec.piles[a];
      const pb = spec.piles[b];
      return Math.abs(pa.y - pb.y) > 0.5 ? pa.y - pb.y : pa.x - pb.x;
    });
  }
  return specs;
}

const READABLE_UNIT = 50;  // the narrowest card (px) a short window still gets, if its width allows
// Cards this share of READABLE_UNIT wide still read: a table showing whole at that size is not made to scroll.
const NEARLY = 0.95;

/** The card width (px) at which the picture ``spec`` fills ``aw`` x ``ah`` px without scrolling. */
function fitOf(spec, aw, ah) {
  return Math.min(aw / spec.w, ah / spec.h);
}

/** The card width the picture ``spec`` gets in ``aw`` x ``ah`` px, its fit times ``scale`` (the
 * player's card size): a short window (a page zoomed to 200%, a phone on its side) would shrink the
 * cards past reading, so they keep a readable size as far as the width allows, and the table
 * scrolls down; a table that shows whole with cards nearly that size keeps them so, whole. */
export function readableUnit(spec, aw, ah, scale = 1) {
  const fit = fitOf(spec, aw, ah);
  const floor = fit >= NEARLY * READABLE_UNIT ? Math.min(fit, READABLE_UNIT) : READABLE_UNIT;
  return Math.max(fit * scale, Math.min(floor, aw / spec.w));
}

/**
 * Which of a game's pictures ``specs`` (layoutsFor) to draw in ``aw`` x ``ah`` px. The largest cards,
 * weighed by how near each picture is to the rulebook's (``prefer``), among the pictures that show
 * the whole table with cards about readable; where none does, of those whose cards are nearly
 * readable once the table scrolls, the one that scrolls least (weighed too); where none is even
 * so (a narrow screen), the largest cards, weighed.
 */
export function pictureFor(specs, aw, ah) {
  const prefer = (spec) => spec.prefer || 1;
  const readable = (unit) => unit >= NEARLY * READABLE_UNIT;
  const score = (spec) => fitOf(spec, aw, ah) * prefer(spec);
  const over = (spec) => Math.max(0, spec.h * readableUnit(spec, aw, ah) - ah) / prefer(spec);
  const bigger = (a, b) => score(a) > score(b);
  const whole = specs.filter((spec) => readable(fitOf(spec, aw, ah)));
  // Cards a little under the readable size with a table that scrolls a little beat readable ones
  // on a table twice the screen's height (the Tomb on a small phone's side).
  const scrolled = specs.filter((spec) => readableUnit(spec, aw, ah) >= 0.8 * READABLE_UNIT);
  const [pool, better] = whole.length ? [whole, bigger]
    : scrolled.length ? [scrolled, (a, b) => (Math.abs(over(a) - over(b)) > 1 ? over(a) < over(b) : bigger(a, b))]
      : [specs, bigger];
  return pool.reduce((best, spec) => (better(spec, best) ? spec : best));
}
