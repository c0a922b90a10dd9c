// A search worker of the static site: one lane of the solver service (foreground or background),
// running the pickled jobs the app's worker sends (napoleon.solver.browser), one at a time. A
// search that goes stale is stopped by ending this worker; the next job starts a new one.

import { startPython } from "./python.js";

const ready = startPython().then(({ pyodide }) => pyodide.pyimport("napoleon.solver.browser").serve_job);

self.onmessage = async (event) => {
  const { id, job } = event.data;
  try {
    const serve = await ready;
    const answer = serve(job);
    self.postMessage({ id, answer }, [answer.buffer]);
  } catch (err) {
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
};
