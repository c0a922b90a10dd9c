// The page's entry point: one App, started once the module loads.

import { App } from "./app.js";
import { showElsewhere } from "./elsewhere.js";
import { showProgress } from "./progress.js";
import { offerNewer } from "./update.js";

const app = new App();
window.napoleonApp = app;  // for the browser tests and the curious
app.start();
// The page's worker has something to say that no request asked for (the browser keeps no data).
window.addEventListener("napoleon-news", (event) => app.message(event.detail, true, true));
// A newer version of the site is installed: offered in a banner (the table keeps its place).
window.addEventListener("napoleon-newer", offerNewer);
// The site is open in another window, which holds the player's store: this one waits for it, or lost it.
window.addEventListener("napoleon-elsewhere", showElsewhere);
// A first visit: the offline copy being made, then Python starting, said in the status line.
window.addEventListener("napoleon-progress", (event) => showProgress(app, event.detail));
