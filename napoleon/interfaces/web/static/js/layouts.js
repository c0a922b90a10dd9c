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
