// A newer version of the static site, installed and waiting (backend.js): a banner that says so and
// takes it up at the player's word. Without the word, the browser takes it up on a later visit.

import { takeNewer } from "./backend.js";
import { $, sentence } from "./util.js";

/** Show the banner that offers the newer version (the event "napoleon-newer"); once. */
export function offerNewer() {
  const banner = $("update-banner");
  if (!banner.hidden) return;
  $("update-text").textContent = sentence("update_ready");
  banner.hidden = false;
  $("update-now").addEventListener("click", async () => {
    $("update-now").disabled = true;
    if (!(await takeNewer())) banner.hidden = true;  // taken up meanwhile (another page of the site)
  }, { once: true });
  $("update-later").addEventListener("click", () => { banner.hidden = true; }, { once: true });
}
