// A newer version of the static site, installed and waiting (backend.js): a banner that says so and
// takes it up at the player's word. Without the word, the browser takes it up on a later visit.

import { takeNewer } from "./backend.js";
import { $ } from "./util.js";

let wired = false;

/**
 * Show the banner that offers the newer version (the event "napoleon-newer", which may come before the
 * app's first answer: its sentence is the page's own, in the banner's HTML). Its text is written as it
 * shows, so that a screen reader says it.
 */
export function offerNewer() {
  const banner = $("update-banner");
  if (!banner.hidden) return;
  if (!wired) {
    wired = true;
    $("update-now").addEventListener("click", async () => {
      $("update-now").disabled = true;
      if (!(await takeNewer())) banner.hidden = true;  // taken up meanwhile (another page of the site)
      $("update-now").disabled = false;
    });
    $("update-later").addEventListener("click", () => { banner.hidden = true; });
  }
  banner.hidden = false;
  $("update-text").textContent = $("update-text").dataset.text;
}
