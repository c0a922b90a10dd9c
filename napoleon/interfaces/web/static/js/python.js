// Python in a Web Worker of the static site (napoleon site): Pyodide, and the package with its
// dependencies, installed already in one archive (site.json's "packages", napoleon.interfaces.web.site.pack_wheels).
// Both the app's worker (pyworker.js) and the search workers (searchworker.js) start this way.

export const SITE_ROOT = new URL("../../", import.meta.url);  // static/js/ -> the site's root

/** The site's site.json: its version, where Pyodide and the packages are, its files, the search core. */
export async function siteFacts() {
  const url = new URL("site.json", SITE_ROOT);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: ${response.status} ${response.statusText}`);  // a fact, no sentence
  return response.json();
}

/** The bytes of the archive at ``url``, uncompressed (unless the server did it already). */
async function fetchPack(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);  // a fact, no sentence
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const plain = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

/** Write the archive's files into site-packages, as pip would have left them (bench/static_site.py
 * --python does it under Node). */
export function install(pyodide, bytes) {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  const folders = pyodide.pyimport("site").getsitepackages();
  const root = folders.get(0);
  folders.destroy();
  const made = new Set();
  let at = 4 + length;
  for (const [name, size] of files) {
    const path = `${root}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(path, bytes.subarray(at, at + size));
    at += size;
  }
  pyodide.pyimport("importlib").invalidate_caches();  // the folders' listings are new
}

export async function startPython(site = null) {
  site = site || (await siteFacts());
  const packages = fetchPack(new URL(site.packages, SITE_ROOT).href);  // beside Pyodide's start
  const { loadPyodide } = await import(new URL(site.pyodide + "pyodide.mjs", SITE_ROOT).href);
  const pyodide = await loadPyodide({ indexURL: new URL(site.pyodide, SITE_ROOT).href });
  install(pyodide, await packages);
  return { pyodide, site };
}
