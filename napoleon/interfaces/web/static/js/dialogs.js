// The end of a game (its dialog and, for a win, a short celebration) and the
// rules dialog.

import { $, sentence } from "./util.js";

export class Dialogs {
  constructor(app) {
    this.app = app;
    this.celebration = null;
  }

  /** The game on the table ended (``view``): won, or no legal move left. */
  showEnd(view) {
    const dialog = $("end-dialog");
    const won = view.status === "won";
    dialog.className = won ? "won" : "lost";
    $("end-title").textContent = sentence(won ? "you_won" : "no_legal_move_left");
    $("end-text").textContent = view.end;
    $("end-undo").hidden = won;
    if (!dialog.open) dialog.showModal();
  }

  showRules() {
    const g = this.app.games[this.app.view.game];
    $("rules-title").textContent = sentence("rules_of", { name: g.name });
    $("rules-text").textContent = g.rules;
    $("rules-piles").textContent = g.piles.map((p) => `${p.abbr} = ${p.called || p.label}`).join(" · ");
    // The keys from the one key map, as the terminal's help lists them.
    $("key-help").replaceChildren(...this.app.catalog.keys.map((k) => {
      const item = document.createElement("li");
      const keys = document.createElement("kbd");
      keys.textContent = k.shown;
      item.append(keys, ` ${k.help}`);
      return item;
    }));
    const dialog = $("rules-dialog");
    dialog.showModal();
    // showModal focuses the first button, the close at the bottom, and scrolls there: the rules are
    // read from the top, so the title takes the focus and the dialog its first line.
    $("rules-title").tabIndex = -1;
    $("rules-title").focus({ preventScroll: true });
    dialog.scrollTop = 0;
  }

  /** A short celebration of a win: the foundations' top cards hop, one after another. */
  celebrate() {
    const app = this.app;
    if (!app.prefs.moveMs()) return;  // the system asks for reduced motion, or the player for none
    const root = app.board.root;
    root.classList.add("celebrate");
    const tops = app.view.piles.filter((p) => p.role === "foundation").map((p) => app.board.topElement(p.name));
    tops.forEach((el, i) => {
      if (!el) return;
      el.style.setProperty("--delay", `${i * 90}ms`);
      el.classList.add("hop");
    });
    clearTimeout(this.celebration);
    this.celebration = setTimeout(() => {
      root.classList.remove("celebrate");
      for (const el of tops) if (el) el.classList.remove("hop");
    }, 2800);
  }
}
