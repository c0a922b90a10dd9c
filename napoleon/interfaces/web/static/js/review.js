// The review of a game (address "#review/ID"): the verdict after every
// move as it fills in, a chart of cards home against moves, the move that
// lost the game and a winning line from before it, stepped through on a
// table of its own, forward and back.

import { api } from "./api.js";
import { cardName } from "./cards.js";
import { $, sentence } from "./util.js";

const POLL_MS = 500;
const BUSY_MS = 2000;  // the server's Retry-After for a busy solver
const MARK = { winnable: "✓", lost: "✗", unknown: "?" };
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, text = null) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

export class ReviewPage {
  constructor(app) {
    this.app = app;
    this.id = null;
    this.timer = null;
    this.review = null;
    this.step = 0;
  }

  /** Leave the review; true if it was shown. */
  hide() {
    const shown = !$("review-view").hidden;
    clearTimeout(this.timer);
    this.id = null;
    document.body.classList.remove("review-mode");
    $("review-view").hidden = true;
    return shown;
  }

  /** Show the review of stored game ``id``, asking the server until it is complete. */
  async show(id) {
    const app = this.app;
    app.replay.stop(false);
    app.stats.hide();
    clearTimeout(this.timer);
    document.body.classList.add("review-mode");
    $("table-view").hidden = true;
    $("review-view").hidden = false;
    $("review-back").href = app.view ? app.view.hash : "#";
    if (this.id !== id) {
      this.id = id;
      this.review = null;
      this.step = 0;
      $("review-title").textContent = sentence("review_of_game", { id });
      $("review-summary").replaceChildren();
      $("review-chart").replaceChildren();
      $("review-moves").replaceChildren();
      $("review-line").hidden = true;
      // A new page: its heading takes the focus (the link that led here is gone) and the reader says so.
      $("review-title").focus();
      app.news(sentence("review_of_game", { id }), sentence("review_of_game", { id }));
    }
    await this.poll(id);
  }

  async poll(id) {
    let review;
    try {
      review = await api.review(id);
    } catch (err) {
      if (this.id === id) $("review-status").textContent = err.message;
      // The solver is busy with other reviews: this one is asked for again when there is room.
      if (this.id === id && err.busy) this.timer = setTimeout(() => this.poll(id), BUSY_MS);
      return;
    }
    if (this.id !== id) return;
    this.draw(review);
    if (!review.done) this.timer = setTimeout(() => this.poll(id), POLL_MS);
  }

  draw(r) {
    this.review = r;
    const total = r.moves.length + 1;
    const progress = $("review-progress");
    progress.hidden = r.done;
    progress.max = total;
    progress.value = r.checked || 0;
    // Every sentence is the server's (napoleon.voice): the page only places them.
    $("review-status").textContent = r.words.status;
    if (!r.start) return;
    const game = this.app.games[r.game];
    $("review-title").textContent = r.words.title;
    $("review-summary").replaceChildren(...r.words.summary.map((t) => el("p", {}, t)), ...this.helpTaken(r.words));
    $("review-chart").replaceChildren(this.chart(r));
    $("review-moves").replaceChildren(this.movesTable(r));
    if (r.done && r.table) this.showLine(r);
  }

  /** The help taken in one line; each help taken one step away, behind it. */
  helpTaken(words) {
    if (!words.help_line) return [];
    const details = el("details", { class: "review-help" });
    const list = el("ul");
    list.append(...words.help.map((t) => el("li", {}, t)));
    details.append(el("summary", {}, words.help_line), list);
    return [details];
  }

  /** Cards home against moves, drawn at the width it has (so that its text stays readable on a
   * phone): a scale of cards up the left, moves along the bottom, the player's game and the winning
   * line beside it, and the verdict after each move as a band under the axis. */
  chart(r) {
    const home = [r.start.home, ...r.moves.map((m) => m.home)];
    const lineFrom = r.losing_move !== null ? r.losing_move - 1 : null;
    const lineHome = r.line_home || [];
    const width = Math.max(home.length - 1, lineFrom !== null ? lineFrom + lineHome.length - 1 : 0, 1);
    const top = r.total_cards || Math.max(...home, ...lineHome, 1);
    const W = Math.round(Math.max(280, Math.min(800, $("review-chart").clientWidth || 600)));
    const H = 220, left = 34, right = 10, topPad = 10, band = 14, bottom = 22 + band + 6;
    const plotH = H - topPad - bottom;
    const x = (i) => left + (i / width) * (W - left - right);
    const y = (v) => topPad + plotH - (v / top) * plotH;
    const svg = el("svg:svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", class: "review-chart",
      "aria-label": r.words.chart_label });
    // The scale: cards home up the left, moves along the bottom.
    for (const v of [0, Math.round(top / 2), top]) {
      svg.appendChild(el("svg:line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" }));
      svg.appendChild(el("svg:text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, String(v)));
    }
    svg.appendChild(el("svg:line", { x1: left, x2: left, y1: topPad, y2: y(0), class: "axis" }));
    svg.appendChild(el("svg:line", { x1: left, x2: W - right, y1: y(0), y2: y(0), class: "axis" }));
    for (const k of [0, Math.round(width / 2), width]) {
      svg.appendChild(el("svg:text", { x: x(k), y: y(0) + 16, "text-anchor": k === 0 ? "start" : k === width ? "end" : "middle",
        class: "tick" }, String(k)));
    }
    // The verdict after each move: a band a player can see, under the axis.
    const verdicts = [r.start.verdict, ...r.moves.map((m) => m.verdict)];
    const bandY = H - band - 4;
    verdicts.forEach((v, i) => {
      const x0 = x(Math.max(i - 0.5, 0)), x1 = x(Math.min(i + 0.5, width));
      svg.appendChild(el("svg:rect", { x: x0, y: bandY, width: Math.max(1, x1 - x0), height: band, class: `verdict-${v}` }));
    });
    for (const k of r.changes || []) {
      svg.appendChild(el("svg:line", { x1: x(k), x2: x(k), y1: topPad, y2: y(0), class: "change" }));
    }
    const points = (values, from) => values.map((v, i) => `${x(from + i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    if (lineFrom !== null && lineHome.length) {
      svg.appendChild(el("svg:polyline", { points: points(lineHome, lineFrom), class: "line" }));
    }
    svg.appendChild(el("svg:polyline", { points: points(home, 0), class: "game" }));
    const figure = el("figure");
    figure.append(svg, el("figcaption", {}, r.words.chart));
    return figure;
  }

  movesTable(r) {
    const table = el("table", { class: "stats review-moves" });
    const head = table.createTHead().insertRow();
    const names = [sentence("review_move"), "", sentence("review_verdict"), sentence("review_to_win"),
      sentence("review_the_move")];
    for (const name of names) head.appendChild(el("th", { scope: "col" }, name));
    const body = table.createTBody();
    r.moves.forEach((m, i) => {
      const row = body.insertRow();
      row.dataset.verdict = m.verdict;
      if (m.index === r.losing_move) row.classList.add("losing");
      row.insertCell().textContent = String(m.index);
      row.insertCell().textContent = MARK[m.verdict];
      const help = r.words.move_help[i + 1];  // in the voice's words, not the store's
      row.insertCell().textContent = r.words.verdicts[i + 1] + (help ? ` (${help})` : "");
      row.insertCell().textContent = m.length === null ? "" : String(m.length);
      row.insertCell().textContent = r.words.moves[i];
    });
    return table;
  }

  // ------------------------------------------------ the winning line

  showLine(r) {
    $("review-line").hidden = false;
    $("review-line-title").textContent = r.words.line_title;
    this.drawStep();
  }

  /** The winning line onto the table: a new game from before the losing move (played with help). */
  async playFromHere() {
    const r = this.review;
    if (!r || r.losing_move === null) return;
    let made;
    try {
      made = await api.playFromHere(r.id);
    } catch (err) {
      $("review-status").textContent = err.message;
      return;
    }
    this.app.router.pendingId = made.id;
    location.hash = made.hash;
  }

  go(delta) {
    const r = this.review;
    if (!r || !r.table) return;
    this.step = Math.max(0, Math.min(r.line.length, this.step + delta));
    this.drawStep();
  }

  drawStep() {
    const r = this.review;
    const { piles, positions } = r.table;
    const i = this.step;
    $("review-step").textContent = r.words.line[i];
    $("review-prev").disabled = i === 0;
    $("review-next").disabled = i === r.line.length;
    const here = positions[i];
    const rows = piles.filter((p) => here[p.name] !== undefined).map((p) => {
      const cards = here[p.name];
      let shown;
      if (p.name === "stock") shown = cards.length ? sentence("face_down", { count: cards.length }) : sentence("empty");
      else if (p.name.startsWith("foundation")) shown = cards.length ? cards.slice(-1) : "–";
      else shown = cards.length ? cards : "–";
      const row = el("div", { class: "line-pile" });
      const cell = el("span", { class: "cards" });
      if (typeof shown === "string") cell.textContent = shown;
      else cell.append(...shown.map((c) => el("span", { class: "HD".includes(c[1]) ? "red" : "black" }, cardName(c) + " ")));
      row.append(el("span", { class: "label" }, p.label), cell);
      return row;
    });
    $("review-table").replaceChildren(...rows);
  }
}
