// A first visit's wait, said: the site is being kept for offline play (the service worker's progress,
// backend.js), then Python starts; the status line says so until the first deal is on the table.

import { $, unasked } from "./util.js";

let said = null;  // the last sentence this module put in the status line
let dealt = false;  // the first deal is on the table: nothing more to say

/** Say the offline copy's progress (the event "napoleon-progress": a percent; at 100 Python starts). */
export function showProgress(app, percent) {
  if (dealt) return;
  if (said === null) {
    const board = $("board");
    new MutationObserver((changes, observer) => {
      if (board.dataset.ready !== "1") return;
      observer.disconnect();
      dealt = true;
      if ($("message").textContent === said) app.message("");
    }).observe(board, { attributes: true, attributeFilter: ["data-ready"] });
  }
  said = percent < 100 ? unasked("first-visit", { percent }) : unasked("first-visit-done");
  app.message(said, false, true);
}
