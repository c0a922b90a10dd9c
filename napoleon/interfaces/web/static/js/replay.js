// The solution, played out on the table as an animation: the game itself
// is not changed, and "Back to the game" draws it again as it is.

import { api } from "./api.js";
import { $, capital, sentence } from "./util.js";

const SOLVE_BUDGET = 20;

export class Replay {
  constructor(app) {
    this.app = app;
    this.state = null;    // {answer, i, delay, timer} while a solution is shown
  }

  get active() {
    return !!this.state;
  }

  /** Ask the solver for a solution from here and play it out. */
  async start() {
    const app = this.app;
    if (!app.view || app.busy || this.state) return;
    app.message(capital(sentence("looking_for_solution")), false, true);
    $("solution").disabled = true;
    let answer;
    try {
      answer = await api.solve(app.view.id, SOLVE_BUDGET, true);
    } catch (err) {
      app.message(err.message, true);
      return;
    } finally {
      $("solution").disabled = false;
    }
    if (answer.verdict !== "won") {
      app.message(sentence(answer.verdict === "lost" ? "no_solution_lost" : "no_solution_in_time"),
        answer.verdict === "lost");
      return;
    }
    if (!answer.steps.length) {
      app.message(sentence("already_won"));
      return;
    }
    this.state = { answer, i: 0, delay: Math.max(40, Math.min(450, 40000 / answer.steps.length)), timer: null };
    app.board.root.classList.add("replaying");
    app.board.marks.selected = null;
    app.board.marks.targets = [];
    $("replay-banner").hidden = false;
    app.message(sentence("solution_found", { moves: answer.steps.length }));
    this.step();
  }

  /** Play step ``i`` of the solution on the table's model (not the game). */
  play(i) {
    const board = this.app.board;
    const { steps, pile_names: names, redeal_piles: redeals } = this.state.answer;
    const [src, dst, count] = steps[i];
    if (src < 0) board.sync(redeals[String(i)]);
    else board.apply({ from: names[src], to: names[dst], count });
  }

  step() {
    const r = this.state;
    if (!r) return;
    const { steps } = r.answer;
    if (r.i >= steps.length) {
      $("replay-text").textContent = sentence("solution_shown", { moves: steps.length });
      return;
    }
    this.play(r.i);
    this.app.board.render();
    r.i += 1;
    $("replay-text").textContent = sentence("solution_step", { i: r.i, total: steps.length, move: r.answer.moves[r.i - 1] });
    r.timer = setTimeout(() => this.step(), r.delay);
  }

  toEnd() {
    const r = this.state;
    if (!r) return;
    clearTimeout(r.timer);
    for (; r.i < r.answer.steps.length; r.i++) this.play(r.i);
    this.app.board.render();
    this.step();
  }

  faster() {
    if (this.state) this.state.delay = Math.max(15, this.state.delay / 2);
  }

  stop(render = true) {
    const r = this.state;
    if (!r) return;
    const app = this.app;
    clearTimeout(r.timer);
    this.state = null;
    $("replay-banner").hidden = true;
    app.board.root.classList.remove("replaying");
    if (render && app.view) {
      app.board.sync(app.view.position.piles);
      app.board.render();
    }
  }
}
