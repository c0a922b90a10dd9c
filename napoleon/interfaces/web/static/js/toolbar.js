// The toolbar: the game and deal chooser, the playing buttons, the status
// line's counters, and the buttons of the banners and dialogs.

import { api } from "./api.js";
import { $, sentence } from "./util.js";

const on = (id, handler) => $(id).addEventListener("click", handler);

export class Toolbar {
  constructor(app) {
    this.app = app;
  }

  /** Show the game on the table in the toolbar: its title, counters and which buttons apply. */
  update() {
    const v = this.app.view;
    const g = this.app.games[v.game];
    $("game-select").value = v.game;
    if (document.activeElement !== $("deal-input")) $("deal-input").value = v.deal_text;
    this.showTitle(v, g);
    this.app.badge.showGrade();
    $("finish").hidden = !(v.finish > 0 && v.status === "playing");
    $("finish").title = v.finish_text || "";
    $("undo").disabled = !v.can_undo;
    $("redo").disabled = !v.can_redo;
    $("restart").disabled = !v.can_undo;
    $("redeal").hidden = !v.max_redeals;
    $("redeal").disabled = !v.can_redeal;
    $("redeal").textContent = sentence("redeal_button", { left: v.redeals_left });
    $("redeals-info").textContent = v.max_redeals
      ? sentence("redeals_left", { left: v.redeals_left }) + (v.position.wastes_in_play !== undefined
        ? sentence("wastes_in_play", { wastes: v.position.wastes_in_play }) : "")
      : "";
    $("opt-autoplay").checked = v.autoplay;
    $("share-link").href = v.hash;
    $("share-link").textContent = sentence("share_link", { hash: v.hash });
    this.renderOptions(g);
  }

  /** The status line's title and moves for view ``v`` of game ``g`` (its catalogue entry). */
  showTitle(v, g) {
    // The short name where the screen is narrow (CSS shows one of the two).
    const rest = sentence("title_deal", { deal: v.deal_text }) +
      (v.describe !== v.game ? ` · ${v.describe.slice(v.game.length + 1)}` : "");
    const long = document.createElement("span");
    long.className = "long";
    long.textContent = g.name + rest;
    const short = document.createElement("span");
    short.className = "short";
    short.textContent = (g.short_name || g.name) + rest;
    $("game-title").replaceChildren(long, short);
    $("moves-count").textContent = String(v.moves_played);
  }

  /** One control per option of game ``g`` (its rules' variants), set to the game's. */
  renderOptions(g) {
    const area = $("options-area");
    const key = `${g.id}|${this.app.view.describe}`;
    if (area.dataset.key === key) return;
    area.dataset.key = key;
    area.replaceChildren();
    for (const opt of g.options) {
      const control = this.optionControl(opt, this.app.view.options[opt.name], g.option_choices[opt.name]);
      control.title = opt.help;
      const label = document.createElement("label");
      label.className = "toggle";
      label.title = `${opt.help} (${opt.values})`;
      label.append(control, ` ${opt.name}`);
      area.appendChild(label);
    }
  }

  /** A checkbox, a list or a field for option ``opt`` with value ``current``. */
  optionControl(opt, current, choices) {
    let control;
    if (choices && choices.length === 2 && choices.includes("true")) {
      control = document.createElement("input");
      control.type = "checkbox";
      control.checked = current === "true";
      control.addEventListener("change", () => this.setOption(opt.name, control.checked ? "true" : "false"));
    } else if (choices) {
      control = document.createElement("select");
      for (const c of choices) control.add(new Option(c, c));
      control.value = current;
      control.addEventListener("change", () => this.setOption(opt.name, control.value));
    } else {
      control = document.createElement("input");
      control.size = 9;
      control.value = current;
      control.addEventListener("change", () => this.setOption(opt.name, control.value.trim()));
    }
    return control;
  }

  setOption(name, value) {
    const app = this.app;
    const options = { ...app.router.currentOptions() };
    const spec = app.games[app.view.game].options.find((o) => o.name === name);
    if (spec && spec.default === value) delete options[name];
    else options[name] = value;
    app.router.navigate(app.view.game, app.view.deal_text, options);
  }

  wire() {
    this.wireDeals();
    this.wirePlay();
    this.wireSettings();
    this.wireBanners();
    this.wireDialogs();
  }

  /** Choosing a game or a deal. */
  wireDeals() {
    const app = this.app;
    const router = app.router;
    $("game-select").addEventListener("change", async (e) => {
      const game = e.target.value;
      if (!(await router.leaveForAnother())) {
        e.target.value = app.view.game;
        return;
      }
      router.navigate(game, null, {});
    });
    $("deal-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const text = $("deal-input").value.trim();
      if (!/^\d+$/.test(text) || /^0+$/.test(text)) {
        app.message(sentence("not_a_deal_number", { text }), true);
        return;
      }
      const deal = text.replace(/^0+/, "");
      if (deal !== app.view.deal_text && !(await router.leaveForAnother())) return;
      router.navigate(app.view.game, deal, router.currentOptions());
    });
    on("new-deal", () => router.newDeal());
    on("winnable-deal", () => {
      const grade = $("grade-select").value;
      const looking = grade ? sentence("looking_for_graded", { grade }) : sentence("looking_for_winnable");
      this.dealOf("winnable", grade ? { grade } : {}, looking);
    });
    on("daily-deal", () => this.dealOf("daily", {}, null));
  }

  /** A deal the server picks (``kind``: "winnable", "daily") of the game on the table. */
  async dealOf(kind, extra, looking) {
    const app = this.app;
    if (!(await app.router.leaveForAnother())) return;
    if (looking) app.message(looking, false, true);
    const { game } = app.view;
    const options = app.router.currentOptions();
    history.pushState(null, "", `#${game}`);
    await app.run(() => api.create(game, kind, options, app.prefs.values.autoplay, extra), { fresh: true });
  }

  /** The playing buttons. */
  wirePlay() {
    const app = this.app;
    for (const action of ["undo", "redo", "restart", "auto", "finish"]) on(action, () => app.simple(action));
    on("hint", () => app.hint());
    on("redeal", () => app.run(() => app.post({ redeal: true })));
    on("solution", () => app.replay.start());
    on("winnable-badge", () => {
      if (app.view && app.view.status === "playing") app.badge.schedule(true);
    });
    on("menu-btn", () => this.openMenu(!$("toolbar").classList.contains("menu-open")));
    // The open menu lies over the table on a phone: a touch of the table closes it (and acts too).
    $("table-view").addEventListener("pointerdown", () => {
      if ($("toolbar").classList.contains("menu-open")) this.openMenu(false);
    });
  }

  /** Open or close "More", the menu of the controls a phone keeps out of sight. */
  openMenu(open) {
    const bar = $("toolbar");
    // On a phone the open menu lies over the table (app.css), which keeps the toolbar's closed
    // height above it: pushed down, the table fitted a shorter space and shrank its cards by a third.
    if (open) document.body.style.setProperty("--bar-closed", `${bar.offsetHeight}px`);
    bar.classList.toggle("menu-open", open);
    $("menu-btn").setAttribute("aria-expanded", String(open));
  }

  /** The settings dialog's controls. */
  wireSettings() {
    const app = this.app;
    on("settings-btn", () => app.prefs.showDialog(app.view));
    $("opt-autoplay").addEventListener("change", (e) => {
      app.prefs.set("autoplay", e.target.checked);
      if (app.view) app.run(() => api.settings(app.view.id, { autoplay: e.target.checked }), { quiet: true });
    });
    $("opt-four").addEventListener("change", (e) => app.prefs.set("four", e.target.checked));
    $("opt-keys").addEventListener("change", (e) => app.prefs.set("keys", e.target.checked));
    for (const key of ["size", "back", "speed"]) {
      $(`opt-${key}`).addEventListener("change", (e) => app.prefs.set(key, e.target.value));
    }
  }

  /** The solution's and the lost position's banners. */
  wireBanners() {
    const app = this.app;
    on("replay-stop", () => {
      app.replay.stop();
      app.focusTable();  // the banner and its button go: the focus goes to the table, not the page
    });
    on("replay-end", () => app.replay.toEnd());
    on("replay-faster", () => app.replay.faster());
    on("lost-undo", () => app.wayBack.undoTo(Number($("lost-undo").dataset.to)));
    on("lost-restart", () => app.simple("restart"));
    on("lost-new", async () => {
      await app.router.leaveGame();
      app.router.navigate(app.view.game, null, app.router.currentOptions());
    });
    on("lost-winnable", () => $("winnable-deal").click());
    on("lost-close", () => {
      $("lost-banner").hidden = true;
      app.focusTable();
    });
  }

  /** The rules, end-of-game and statistics dialogs. */
  wireDialogs() {
    const app = this.app;
    on("rules-btn", () => app.dialogs.showRules());
    on("rules-close", () => $("rules-dialog").close());
    on("stats-reset", () => app.stats.reset());
    on("end-close", () => $("end-dialog").close());
    on("end-undo", () => {
      $("end-dialog").close();
      app.simple("undo");
    });
    on("end-new", () => {
      $("end-dialog").close();
      app.router.navigate(app.view.game, null, app.router.currentOptions());
    });
    on("end-review", () => {
      $("end-dialog").close();
      location.hash = `#review/${app.view.id}`;
    });
    on("review-prev", () => app.review.go(-1));
    on("review-next", () => app.review.go(1));
    on("review-play", () => app.review.playFromHere());
    on("end-again", () => {
      $("end-dialog").close();
      app.router.open(app.view.game, app.view.deal_text, app.router.currentOptions(), { fresh: true });
    });
  }
}
