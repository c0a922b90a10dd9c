// The player's actions on the game: moves, the stock, undo and the other
// buttons, the hint. The server decides; this sends the request and shows
// its answer through the app.

import { api } from "./api.js";
import { sentence } from "./util.js";

export class Play {
  constructor(app) {
    this.app = app;
  }

  /** The piles the top ``count`` cards of ``pile`` may go to, as the server listed them. */
  targets(pile, count) {
    const view = this.app.view;
    const byCount = view && view.targets[pile];
    return (byCount && byCount[String(count)]) || [];
  }

  move(from, to, count) {
    if (from === to) return;
    return this.app.run(() => this.app.post({ from, to, count }));
  }

  /** The top card of ``pile`` to a foundation that takes it, or the engine's reason why none does. */
  toFoundation(pile) {
    const app = this.app;
    const found = new Set(app.view.piles.filter((p) => p.role === "foundation").map((p) => p.name));
    const to = this.targets(pile, 1).find((name) => found.has(name));
    if (to) return this.move(pile, to, 1);
    return app.run(() => app.post({ notation: `${app.board.info[pile].abbr}-F` }));
  }

  /** The stock: turn a card onto the waste, or redeal, or let the engine say why not. */
  stock() {
    const app = this.app;
    const v = app.view;
    const stock = v.piles.find((p) => p.role === "stock");
    if (!stock) return;
    const targets = this.targets(stock.name, 1);
    if (targets.length) return this.move(stock.name, targets[0], 1);
    if (v.can_redeal) return app.run(() => app.post({ redeal: true }));
    const waste = v.piles.find((p) => p.role === "waste");
    return app.run(() => app.post({ from: stock.name, to: waste.name, count: 1 }));
  }

  /** An action without arguments: "undo", "redo", "restart", "auto", "finish". */
  simple(action) {
    const app = this.app;
    if (!app.view || app.replay.active) return;
    return app.run(() => api.action(app.view.id, action, app.view.version), { action });
  }

  async hint() {
    const app = this.app;
    if (!app.view || app.busy || app.replay.active) return;
    app.message(sentence("looking_for_hint"), false, true);  // the terminal's words
    let answer;
    try {
      // The server's budget: a guess within a second or two when no solution is known, as in the terminal.
      answer = await api.hint(app.view.id);
    } catch (err) {
      app.message(err.message, true);
      return;
    }
    // The hint and its marks stay until the next move (app.show clears them), not a few seconds.
    app.message(answer.sentence, !answer.move && answer.verdict === "lost", !!answer.move);
    if (!answer.move) return;
    const m = answer.move;
    const board = app.board;
    board.marks.hint = m.redeal ? null : { from: m.from, to: m.to, count: m.count };
    board.render();
  }
}
