// The page's entry point: one App, started once the module loads.

import { App } from "./app.js";

const app = new App();
window.napoleonApp = app;  // for the browser tests and the curious
app.start();
