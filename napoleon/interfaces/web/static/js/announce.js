// The status line: what the page says to the player, read out by screen
// readers (it is a polite live region). The sentences about moves come from
// the server; this only chooses which one to say.

import { $ } from "./util.js";

export class Announcer {
  constructor() {
    this.timer = null;
  }

  /** Say something in the status line; ``sticky`` stays until replaced, else it fades after a while. */
  message(text, error = false, sticky = false) {
    const el = $("message");
    el.textContent = text;
    el.title = text;
    el.classList.toggle("error", !!error);
    clearTimeout(this.timer);
    if (sticky || !text) return;
    this.timer = setTimeout(() => {
      el.textContent = "";
      el.classList.remove("error");
    }, error ? 7000 : 4000);
  }

  /** Say what a change did: the move made, the turn undone or redone, the restart. */
  announce(view, action) {
    const { made, undone } = view;
    if (action === "restart") {
      this.message(undone.length ? `Back to the deal: ${undone.length} moves taken back (Redo plays them again).` : "");
      return;
    }
    if (undone.length && !made.length) {
      // The player's move of the turn is the last one taken back.
      const m = undone[undone.length - 1];
      const more = undone.length > 1 ? ` (and ${undone.length - 1} auto-play move${undone.length > 2 ? "s" : ""})` : "";
      this.message(`Undid: ${moveWords(m)}${more}`);
      return;
    }
    if (!made.length) {
      this.message("");
      return;
    }
    const auto = made.length > 1 ? ` (and ${made.length - 1} more to the foundations)` : "";
    const words = moveWords(made[0]);
    this.message(action === "redo" ? `Redid: ${words}${auto}` : `${words.charAt(0).toUpperCase()}${words.slice(1)}${auto}`);
  }
}

/** A move in the player's words, as the server tells it ("moved the 10♣ from column 4 …"). */
export function moveWords(m) {
  return m.text || m.notation;
}
