// Python in a Web Worker of the static site (napoleon site): Pyodide, and the package with its
// dependencies as wheels, as the site's site.json lists them. Both the app's worker
// (pyworker.js) and the search workers (searchworker.js) start this way.

export const SITE_ROOT = new URL("../../", import.meta.url);  // static/js/ -> the site's root

/** The site's site.json: its version, where Pyodide is, its wheels and files, the search core. */
export async function siteFacts() {
  const url = new URL("site.json", SITE_ROOT);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: ${response.status} ${response.statusText}`);  // a fact, no sentence
  return response.json();
}

export async function startPython(site = null) {
  site = site || (await siteFacts());
  const { loadPyodide } = await import(new URL(site.pyodide + "pyodide.mjs", SITE_ROOT).href);
  const pyodide = await loadPyodide({ indexURL: new URL(site.pyodide, SITE_ROOT).href });
  await pyodide.loadPackage(site.wheels.map((w) => new URL(w, SITE_ROOT).href), { messageCallback: () => {} });
  return { pyodide, site };
}
