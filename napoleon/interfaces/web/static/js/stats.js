// The statistics page (address "#stats"): per game, per grade of the deal,
// the unfinished games and the past ones.

import { api } from "./api.js";
import { keptForGood } from "./backend.js";
import { exportGame, wireImport } from "./transfer.js";
import { $, capital, formatTime, resultWord, sentence, store } from "./util.js";

const when = (text) => text.slice(0, 16).replace("T", " ");
const orDash = (value, show = String) => (value === null ? "–" : show(value));

export class StatsPage {
  constructor(app) {
    this.app = app;
    wireImport(app, () => this.show());
  }

  /** Back to the table from the statistics page; true if the statistics were shown. */
  hide() {
    const shown = !$("stats-view").hidden;
    document.body.classList.remove("stats-mode");
    $("stats-view").hidden = true;
    $("table-view").hidden = false;
    return shown;
  }

  async show() {
    const app = this.app;
    app.replay.stop(false);
    document.body.classList.add("stats-mode");
    $("table-view").hidden = true;
    $("stats-view").hidden = false;
    $("stats-back").href = app.view ? app.view.hash : "#";
    // A new page: its heading takes the focus (the link that led here is gone) and the reader says so.
    $("stats-title").focus();
    app.news(sentence("statistics"), sentence("statistics"));
    const body = $("stats-body");
    body.textContent = sentence("loading");
    this.sayWhetherKept();
    try {
      const [{ stats, by_grade: byGrade }, { games }, past] = await Promise.all(
        [api.stats(), api.unfinished(), api.history()]);
      body.replaceChildren(this.statsTable(stats));
      $("history-body").replaceChildren(this.historyTable(past.games));
      if (byGrade && byGrade.length) {
        const title = document.createElement("h3");
        title.textContent = sentence("by_grade");
        body.append(title, this.gradeTable(byGrade));
      }
      $("unfinished-body").replaceChildren(games.length ? this.unfinishedList(games) : document.createTextNode(sentence("none")));
    } catch (err) {
      body.textContent = err.message;
    }
  }

  /** Whether the browser keeps the games for good, under the past games (the static site only). */
  async sayWhetherKept() {
    const note = $("storage-note");
    const kept = await keptForGood();
    note.hidden = kept === null;
    if (kept !== null) note.textContent = kept ? note.dataset.kept : note.dataset.unkept;
  }

  /** The games under way, each a link back to it. */
  unfinishedList(games) {
    const list = document.createElement("ul");
    for (const g of games) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = g.hash;
      a.textContent = sentence("unfinished_game", {
        name: g.name, deal: g.deal_text, moves: g.moves, time: formatTime(g.elapsed), when: when(g.updated),
      });
      a.addEventListener("click", () => store.set(`game:${g.hash}`, g.id));
      li.appendChild(a);
      list.appendChild(li);
    }
    return list;
  }

  /** A table of class `className` with one header cell per name; returns the table and its body. */
  headedTable(className, names) {
    const table = document.createElement("table");
    table.className = className;
    const head = table.createTHead().insertRow();
    for (const name of names) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = name;
      head.appendChild(th);
    }
    return { table, tbody: table.createTBody() };
  }

  /** A statistics row's game as a player reads it: its name, then its options if not the default rules. */
  gameLabel(row) {
    const games = this.app.games;
    const name = games[row.game] ? games[row.game].name : row.game;
    return row.label !== row.game ? `${name} (${row.label.slice(row.game.length + 1)})` : name;
  }

  /** Played, won and best time per grade of the deals (docs/grades.md). */
  gradeTable(rows) {
    const { table, tbody } = this.headedTable("stats", [sentence("col_game"), sentence("col_grade"), sentence("col_played"),
      capital(resultWord("won")),
      sentence("best_time")]);
    table.id = "stats-by-grade";
    for (const r of rows) {
      const row = tbody.insertRow();
      for (const text of [this.gameLabel(r), r.grade, r.played, r.won, orDash(r.best_time, formatTime)]) {
        row.insertCell().textContent = String(text);
      }
    }
    return table;
  }

  /** Past games, the most recent first: when, which deal, how it ended, whether help was used. */
  historyTable(games) {
    if (!games.length) return document.createTextNode(sentence("none_yet"));
    // A column: its heading, its cell's text, and what the cell is (a link to the deal or the review,
    // the export button, or text).
    const cols = [
      [sentence("col_when"), (g) => when(g.ended || g.updated)],
      [sentence("col_game"), (g) => g.name],
      [sentence("col_deal"), (g) => g.deal_text, "deal"],
      [sentence("col_result"), (g) => resultWord(g.result)],
      [sentence("col_moves"), (g) => g.moves],
      [sentence("col_time"), (g) => formatTime(g.elapsed)],
      [sentence("col_review"), () => sentence("review_link"), "review"],
      [sentence("col_file"), () => sentence("export_button"), "file"],
      [sentence("col_note"), (g) => [g.assisted ? sentence("with_help") : "", g.counted ? "" : sentence("not_counted")].filter(Boolean).join(", ")],
    ];
    const { table, tbody } = this.headedTable("stats history", cols.map(([name]) => name));
    for (const g of games) {
      const row = tbody.insertRow();
      row.dataset.id = g.id;
      row.dataset.result = g.result;
      for (const [, get, kind] of cols) {
        const cell = row.insertCell();
        if (kind === "deal" || kind === "review") {
          const a = document.createElement("a");
          a.href = kind === "deal" ? g.hash : `#review/${g.id}`;
          a.textContent = get(g);
          if (kind === "review") a.setAttribute("aria-label", sentence("review_game", { id: g.id }));
          cell.appendChild(a);
        } else if (kind === "file") {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = get(g);
          button.setAttribute("aria-label", sentence("export_game", { id: g.id }));
          button.addEventListener("click", () => exportGame(g.id).catch((err) => this.app.message(err.message, true)));
          cell.appendChild(button);
        } else {
          cell.textContent = String(get(g));
        }
      }
    }
    return table;
  }

  statsTable(stats) {
    if (!stats.length) {
      const p = document.createElement("p");
      p.textContent = sentence("no_game_finished");
      return p;
    }
    const cols = [
      [sentence("col_game"), (s) => this.gameLabel(s)],
      [sentence("col_played"), (s) => s.played], [capital(resultWord("won")), (s) => s.won],
      [capital(resultWord("lost")), (s) => s.lost], [capital(resultWord("abandoned")), (s) => s.abandoned],
      [capital(sentence("with_help")), (s) => s.assisted], [capital(resultWord("playing")), (s) => s.unfinished],
      [sentence("win_percent"), (s) => orDash(s.win_pct)],
      [sentence("col_streak"), (s) => s.current_streak], [sentence("best_streak"), (s) => s.longest_streak],
      [sentence("best_time"), (s) => orDash(s.best_time, formatTime)],
      [sentence("fewest_moves"), (s) => orDash(s.fewest_moves)],
    ];
    const { table, tbody } = this.headedTable("stats", cols.map(([name]) => name));
    for (const s of stats) {
      const row = tbody.insertRow();
      for (const [, get] of cols) row.insertCell().textContent = String(get(s));
    }
    return table;
  }

  async reset() {
    const dialog = $("reset-dialog");
    const yes = await new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "reset"), { once: true });
      dialog.returnValue = "";
      dialog.showModal();
    });
    if (!yes) return;
    try {
      const { reset } = await api.resetStats();
      await this.show();
      this.app.message(sentence("stats_reset", { games: reset }));
    } catch (err) {
      $("stats-body").textContent = err.message;
    }
  }
}
