// The static site open in two windows (tabs, or the installed app beside a tab): one holds the
// player's store at a time (storelock.js). The other says so in a dialog whose only way out is
// "Play here", which moves the game to it (backend.js, playHere); its sentences are the page's
// own, in the dialog's HTML, as the first may come before the app's first answer.

import { playHere } from "./backend.js";
import { $ } from "./util.js";

let taken = false;
let wired = false;

/** The event "napoleon-elsewhere": ``detail`` "waiting" (another window holds the store), "taken"
 * (another window took it from this one) or "held" (this window has it: the dialog closes). */
export function showElsewhere(event) {
  const dialog = $("elsewhere-dialog");
  if (!wired) {
    wired = true;
    dialog.addEventListener("cancel", (e) => e.preventDefault());  // Escape leaves nothing playable
    $("elsewhere-play").addEventListener("click", () => {
      $("elsewhere-play").disabled = true;
      playHere(taken);
    });
  }
  if (event.detail === "held") {
    if (dialog.open) dialog.close();
    return;
  }
  taken = event.detail === "taken";
  $("elsewhere-text").textContent = taken ? dialog.dataset.taken : dialog.dataset.waiting;
  $("elsewhere-play").disabled = false;
  if (!dialog.open) dialog.showModal();
}
