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

  /** Say what a change did (the move made, the turn undone or redone, the restart): the server's
   * sentence, the same the terminal and line mode say. */
  announce(view) {
    this.message(view.say || "");
  }
}
