// A player's settings, kept in this browser (localStorage "napoleon.<key>"),
// and the settings dialog.

import { backUrl } from "./cards.js";
import { $, store } from "./util.js";

const DEFAULTS = { autoplay: true, four: false, size: "fit", back: "blue", speed: "normal", keys: true };
const SPEED_MS = { off: 0, fast: 110, normal: 200, slow: 380 };
const SIZE_SCALE = { small: 0.8, fit: 1, large: 1.35 };
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

export class Prefs {
  /** @param {import("./board.js").Board} board: the table the settings change */
  constructor(board) {
    this.board = board;
    this.values = Object.fromEntries(Object.entries(DEFAULTS).map(([k, v]) => [k, store.get(k, v)]));
    this.apply();
    reducedMotion.addEventListener("change", () => this.apply());
  }

  /** Keep a setting for the next visit and show its effect now. */
  set(key, value) {
    this.values[key] = value;
    store.set(key, value);
    this.apply();
  }

  /** The travel time of a card: the player's speed, none when the system asks for reduced motion. */
  moveMs() {
    return reducedMotion.matches ? 0 : SPEED_MS[this.values.speed] ?? SPEED_MS.normal;
  }

  apply() {
    const p = this.values;
    this.board.setFour(!!p.four);
    this.board.setLook({ back: backUrl(p.back), moveMs: this.moveMs(), scale: SIZE_SCALE[p.size] || 1 });
  }

  /** The settings dialog, showing the settings in force (``view``: the game on the table, or null). */
  showDialog(view) {
    const p = this.values;
    $("opt-autoplay").checked = view ? view.autoplay : !!p.autoplay;
    $("opt-four").checked = !!p.four;
    $("opt-keys").checked = !!p.keys;
    $("opt-size").value = p.size in SIZE_SCALE ? p.size : "fit";
    $("opt-back").value = ["blue", "red", "green"].includes(p.back) ? p.back : "blue";
    $("opt-speed").value = p.speed in SPEED_MS ? p.speed : "normal";
    $("motion-note").hidden = !reducedMotion.matches;
    $("settings-dialog").showModal();
  }
}
