// The piles' names for screen readers. A slot shows a pile's notation ("T1",
// "F1 K"); its name starts with that (speech input users say what they see),
// then names the pile as the server's sentences do ("column 1"), says whether
// the held cards may go there, and lists its cards as the sentences write them.

import { cardName } from "./cards.js";

/** The name of pile ``name`` on ``board`` (a Board); ``inactive``: the pile is out of play. */
export function pileLabel(board, name, inactive) {
  const info = board.info[name];
  const held = board.marks.selected;
  let head = `${board.slots[name].dataset.shown}, ${info.called || info.label}`;
  if (inactive) head += ", not in play";
  if (held && held.pile !== name && board.marks.targets.includes(name)) head += ", the held cards may go here";
  return `${head}: ${pileContents(board, name)}`;
}

/** The cards of pile ``name`` in words (a foundation's starting rank when it is empty). */
function pileContents(board, name) {
  const cards = board.piles[name];
  const plural = cards.length === 1 ? "" : "s";
  if (board.info[name].role === "stock") return `${cards.length} face-down card${plural}`;
  if (!cards.length) {
    const start = board.slots[name].dataset.start;
    return start ? `empty, starts with ${/^[A8]/.test(start) ? "an" : "a"} ${start}` : "empty";
  }
  const fan = board.spec.piles[name].fan;
  if (fan === "stack" || fan === "waste") {
    return `${cards.length} card${plural}, top card ${cardName(cards[cards.length - 1].code)}`;
  }
  return `${cards.map((c) => cardName(c.code)).join(", ")} (top)`;
}
