// Python in a Web Worker of the static site (napoleon site): Pyodide, and the package with its
// dependencies as wheels, as the site's site.json lists them. Both the app's worker
// (pyworker.js) and the search workers (searchworker.js) start this way.

export const SITE_ROOT = new URL("../../", import.meta.url);  // static/js/ -> the site's root

export async function startPython() {
  const response = await fetch(new URL("site.json", SITE_ROOT));
  if (!response.ok) throw new Error(`site.json: ${response.status} ${response.statusText}`);
  const site = await response.json();
  const { loadPyodide } = await import(new URL(site.pyodide + "pyodide.mjs", SITE_ROOT).href);
  const pyodide = await loadPyodide({ indexURL: new URL(site.pyodide, SITE_ROOT).href });
  await pyodide.loadPackage(site.wheels.map((w) => new URL(w, SITE_ROOT).href), { messageCallback: () => {} });
  return { pyodide, site };
}
