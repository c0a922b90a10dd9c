// A search worker of the static site: one lane of the solver service (foreground or background),
// running the pickled jobs the app's worker sends (napoleon.solver.browser), one at a time. A
// search that goes stale is stopped by ending this worker; the next job starts a new one.
//
// A classic worker (not a module), so that it can load the search core's WebAssembly build and
// its wrapper (site.json's "core") with importScripts; Python then finds it as
// globalThis.napoleonCore (napoleon.solver.jscore). Without it the search is Python's own.

const ready = (async () => {
  const { startPython, SITE_ROOT, siteFacts } = await import("./python.js");
  const site = await siteFacts();
  if (site.core && site.core.length) {
    importScripts(...site.core.map((file) => new URL(file, SITE_ROOT).href));
    const folder = new URL(site.core[0], SITE_ROOT);
    self.napoleonCore = await self.NapoleonCore.load(self.createNapoleonCore,
      { locateFile: (name) => new URL(name, folder).href });
  }
  // Pyodide refuses to start in a classic worker, which it tells by importScripts working: the
  // core is loaded, so that is put out of reach and Pyodide loads itself as in a module worker.
  self.importScripts = () => {
    throw new TypeError("importScripts is not used after the core is loaded");
  };
  const { pyodide } = await startPython(site);
  return pyodide.pyimport("napoleon.solver.browser").serve_job;
})();
ready.finally(() => self.postMessage({ type: "started" })).catch(() => {});  // a job is told why it failed

self.onmessage = async (event) => {
  const { id, job } = event.data;
  try {
    const serve = await ready;
    const answer = serve(job);
    self.postMessage({ id, answer }, [answer.buffer]);
  } catch (err) {
    const lines = String((err && err.message) || err).trim().split("\n");
    self.postMessage({ id, error: lines[lines.length - 1] });
  }
};
