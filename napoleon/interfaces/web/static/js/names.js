// The piles' names for screen readers. A slot shows a pile's notation ("T1",
// "F1 K"); its name starts with that (speech input users say what they see),
// then names the pile as the server's sentences do ("column 1"), says whether
// the held cards may go there, and lists its cards as the sentences write them.

import { cardName } from "./cards.js";
import { sentence } from "./util.js";

/** The name of pile ``name`` on ``board`` (a Board); ``inactive``: the pile is out of play. */
export function pileLabel(board, name, inactive) {
  const info = board.info[name];
  const held = board.marks.selected;
  let head = `${board.slots[name].dataset.shown}, ${info.called || info.label}`;
  if (inactive) head += sentence("pile_not_in_play");
  if (held && held.pile !== name && board.marks.targets.includes(name)) head += sentence("pile_takes_held");
  return `${head}: ${pileContents(board, name)}`;
}

/** The cards of pile ``name`` in words (a foundation's starting rank when it is empty). */
function pileContents(board, name) {
  const cards = board.piles[name];
  if (board.info[name].role === "stock") return sentence("face_down", { count: cards.length });
  if (!cards.length) {
    const start = board.slots[name].dataset.start;
    if (!start) return sentence("empty");
    return sentence(/^[A8]/.test(start) ? "empty_starts_an" : "empty_starts_a", { start });
  }
  const fan = board.spec.piles[name].fan;
  if (fan === "stack" || fan === "waste") {
    return sentence("pile_top", { count: cards.length, card: cardName(cards[cards.length - 1].code) });
  }
  return `${cards.map((c) => cardName(c.code)).join(", ")} (top)`;
}
