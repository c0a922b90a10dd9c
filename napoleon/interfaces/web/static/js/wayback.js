// The lost banner: the position can no longer be won, and the ways on from
// there (back to the last winnable position, back to the deal, a new deal).

import { api } from "./api.js";
import { $, sentence } from "./util.js";

export class WayBack {
  constructor(app) {
    this.app = app;
  }

  /**
   * The badge found that the position cannot be won: say so, and offer the
   * ways on. The last winnable position is the one the game keeps (``winnable``:
   * proven in any window, before a reload too), or the one the badge proved on
   * this visit, else the server looks for it along the game (positions on a
   * solution it found are known at once, others it searches).
   */
  offer(said) {
    const v = this.app.view;
    const known = this.app.badge.lastWon;
    const seen = known && known.id === v.id && known.moves.length < v.moves.length &&
      known.moves.every((m, i) => v.moves[i] === m) ? known.moves.length : null;
    const kept = v.winnable !== null && v.winnable < v.moves.length ? v.winnable : null;
    const at = kept === null ? seen : Math.max(kept, seen === null ? 0 : seen);
    this.show(at, said);
    // At the deal itself nothing can be undone or restarted: a new deal, or one that can be won.
    $("lost-restart").hidden = !v.moves.length;
    $("lost-winnable").hidden = v.moves.length > 0;
    $("lost-restart").disabled = !v.can_undo;
    $("lost-banner").hidden = false;
    // The server names the losing move by its cards (the page knows only its notation).
    if (v.moves.length) this.ask(v);
  }

  /** The banner's sentence (the server's) and its "undo to the last winnable position"
   * (``at``: moves it keeps, or null). */
  show(at, said) {
    const v = this.app.view;
    const back = at === null ? 0 : v.moves.length - at;
    $("lost-text").textContent = said;
    $("lost-undo").hidden = !back;
    $("lost-undo").textContent = sentence("undo_to_winnable", { back });
    $("lost-undo").dataset.to = at === null ? "" : String(at);
  }

  /** Ask the server for the last winnable position of the game in view ``v``; shown if still wanted. */
  async ask(v) {
    let answer = null;
    try {
      answer = await api.lastWinnable(v.id);
    } catch (err) {
      return;  // only the shortcut back is lost: undo and restart still work
    }
    const now = this.app.view;
    if (answer.at === null || !now || now.id !== v.id || now.version !== v.version || $("lost-banner").hidden) return;
    this.show(answer.at, answer.said);
  }

  /** Back to the position after ``n`` moves, the last the solver proved winnable: one request, one change. */
  undoTo(n) {
    const app = this.app;
    if (!app.view || app.replay.active) return;
    return app.run(() => api.back(app.view.id, n, app.view.version), { action: "back" });
  }
}
