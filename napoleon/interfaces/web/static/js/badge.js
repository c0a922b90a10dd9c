// The status line's badges: whether the position can still be won (asked of
// the solver in the background after each change) and the deal's grade.

import { api } from "./api.js";
import { $, sentence } from "./util.js";

// Seconds of the first search a click on an unproven badge doubles (the server's ladder sets the rest).
const WINNABLE_BUDGET = 4;

// The voice's words (served with the catalogue): no search statistics (they stay in the JSON).
const VERDICT_TEXT = {
  won: (answer) => sentence("winnable_in", { moves: answer.length }),
  lost: () => sentence("cannot_be_won"),
  unknown: () => sentence("not_proven"),
};
const VERDICT_TITLE = { won: "winnable_title", lost: "lost_title", unknown: "unknown_title" };

export class WinnableBadge {
  constructor(app) {
    this.app = app;
    this.timer = null;
    this.inflight = false;
    this.controller = null;    // takes back the verdict's request in flight
    this.again = false;
    this.gameId = null;
    this.paused = false;
    this.lastWon = null;      // {id, moves}: the last position proved winnable on this visit
    this.longer = null;       // seconds of one longer search the player asked for
    this.spent = null;        // seconds the last search of an unproven position was given
    this.gradeAsked = null;
  }

  /**
   * After each change, ask the solver (in the background, off the page's
   * thread and the server's) whether the position can still be won. When a
   * search runs out of time the checks pause, since the next position is as
   * hard: a click on the badge searches again.
   */
  schedule(force = false) {
    const badge = $("winnable-badge");
    clearTimeout(this.timer);
    const v = this.app.view;
    if (v.status !== "playing") {
      badge.className = `badge-state ${v.status === "won" ? "won" : "lost"}`;
      badge.textContent = sentence(v.status === "won" ? "badge_won" : "lost_no_move");
      return;
    }
    if (this.gameId !== v.id) {
      this.gameId = v.id;
      this.paused = false;
    }
    if (force && this.paused) {
      // The ladder ran out unproven: a click asks for one search twice as long as the last.
      this.longer = Math.min(2 * (this.spent || WINNABLE_BUDGET), 120);
      this.paused = false;
    }
    if (this.paused) {
      badge.className = "badge-state unknown";
      badge.textContent = VERDICT_TEXT.unknown();
      return;
    }
    badge.className = "badge-state busy";
    badge.textContent = sentence("winnable_asking");
    this.timer = setTimeout(() => this.check(), force ? 0 : 500);
  }

  async check() {
    const app = this.app;
    if (this.inflight) {
      this.again = true;
      // The search under way is for a position left behind: taken back, the server stops it.
      this.controller.abort();
      return;
    }
    const version = app.version;
    const id = app.view.id;
    this.inflight = true;
    let answer = null;
    this.controller = new AbortController();
    try {
      answer = await api.verdict(id, this.longer, this.controller.signal);
      this.longer = null;
    } catch (err) {
      answer = null;
    } finally {
      this.inflight = false;
    }
    if (app.version !== version || this.again) {
      this.again = false;
      if (app.view && app.view.status === "playing" && !this.paused) this.check();
      return;
    }
    if (answer && answer.verdict === "unknown" && answer.more) {
      // Not proven yet: the server's ladder has a longer search to run for this position.
      $("winnable-badge").textContent = sentence("searching_longer");
      this.check();
      return;
    }
    this.showVerdict(id, answer);
  }

  /** The answer of a search of game ``id`` on the badge (null: the solver could not be asked). */
  showVerdict(id, answer) {
    const app = this.app;
    const badge = $("winnable-badge");
    if (!answer) {
      badge.className = "badge-state unknown";
      badge.textContent = sentence("solver_unavailable");
      return;
    }
    this.spent = answer.spent;
    this.paused = answer.verdict === "unknown";
    if (answer.verdict === "won") this.lastWon = { id, moves: app.view.moves.slice() };
    if (answer.verdict === "lost") app.wayBack.offer(answer.said);
    badge.className = `badge-state ${answer.verdict}`;
    badge.textContent = VERDICT_TEXT[answer.verdict](answer);
    badge.title = sentence(VERDICT_TITLE[answer.verdict]);
    // The deal's grade, if not known yet, after the badge: the two share the server's solver worker.
    this.fetchGrade();
  }

  /** The deal's grade in the status line, once known (a deal beyond the shipped grades is graded on request). */
  showGrade() {
    const v = this.app.view;
    const badge = $("grade-badge");
    // "unknown" would stand beside the winnable badge's own word on the position, and say less.
    const shown = v.grade && v.grade !== "unknown";
    badge.hidden = !shown;
    badge.textContent = shown ? sentence("badge_grade", { grade: v.grade }) : "";
    badge.dataset.grade = v.grade || "";
  }

  /** Ask the server for the grade of a deal not graded yet: once per game, after its winnable check. */
  async fetchGrade() {
    const v = this.app.view;
    if (!v || v.grade || this.gradeAsked === v.id) return;
    this.gradeAsked = v.id;
    try {
      const answer = await api.grade(v.id);
      if (this.app.view && this.app.view.id === v.id) {
        this.app.view.grade = answer.grade;
        this.showGrade();
      }
    } catch (err) {
      // Not known: the badge stays hidden.
    }
  }
}
