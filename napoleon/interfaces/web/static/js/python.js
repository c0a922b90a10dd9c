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

/** The archive's files, each as [its path in site-packages, its bytes], in order. */
function* packed(bytes) {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  for (const [name, size] of files) {
    yield [name, bytes.subarray(at, at + size)];
    at += size;
  }
}

/** Write the archive's files into site-packages, as pip would have left them (bench/static_site.py
 * --python does it under Node). */
export function install(pyodide, bytes) {
  const folders = pyodide.pyimport("site").getsitepackages();
  const root = folders.get(0);
  folders.destroy();
  const made = new Set();
  for (const [name, data] of packed(bytes)) {
    const path = `${root}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(path, data);
  }
  pyodide.pyimport("importlib").invalidate_caches();  // the folders' listings are new
}

// ------------------------------------------------------------------ a snapshot of the started Python
//
// A worker's Python started, installed and with its modules imported is Pyodide's WebAssembly memory
// (pyodide.makeMemorySnapshot): kept in Cache Storage, a later visit restores it instead of starting
// Python and importing anew. Only the memory is kept: the file system is written again (install),
// and compiled libraries (pydantic-core's) are linked again, each where it lay when the copy was
// made. So they are linked before Python starts, on every start that makes or restores a copy: the
// first at the heap's base, in the archive's order, always at the same addresses and table slots.
// Whatever a visit opens (the store) is opened after the copy is made or restored, never held in it.

// Not a "napoleon:..." cache: the service worker drops those of other versions, and a copy stays
// until the next version keeps its own. Other copies of the site on the origin keep theirs in the
// same cache, under their own root (SNAPSHOT_ROOT).
const SNAPSHOTS = "python-snapshots";
const SIZE_HEADER = "x-snapshot-bytes";
const SNAPSHOT_ROOT = new URL("python-snapshot/", SITE_ROOT).href;

/** Where ``name``'s copy of this site version's Python is kept: one key of the cache SNAPSHOTS. */
function snapshotKey(site, name) {
  return new URL(`${encodeURIComponent(site.version)}/${name}`, SNAPSHOT_ROOT).href;
}

/** The kept copy at ``key``: {size, bytes (a promise: read while Pyodide compiles)}, or null: none,
 * or no Cache Storage (private browsing, a refusal). */
async function keptSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(key);
    const size = hit && Number(hit.headers.get(SIZE_HEADER));
    if (!size) return null;
    return { size, bytes: hit.arrayBuffer().then((buffer) => new Uint8Array(buffer)) };
  } catch (err) {
    return null;
  }
}

/** This site's copies dropped, every version's but the one at ``keep`` (if any). */
async function dropSnapshots(keep = null) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(SNAPSHOT_ROOT) && request.url !== keep) await cache.delete(request);
    }
  } catch (err) {
    // nothing kept, nothing to drop
  }
}

/** Python's memory as it is now, kept at ``key`` (in the background) in place of any older copy. */
function keepSnapshot(pyodide, key) {
  let bytes;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } catch (err) {
    return;  // a JavaScript object held by Python that has no name to find it again by: no copy
  }
  (async () => {
    const cache = await caches.open(SNAPSHOTS);
    const headers = { "content-type": "application/octet-stream", [SIZE_HEADER]: String(bytes.byteLength) };
    await cache.put(key, new Response(bytes, { headers }));
    await dropSnapshots(key);
  })().catch(() => {});  // storage refused or full: the next visit starts Python as this one did
}

/**
 * Pyodide's emscripten module (``asm``, its module script being imported), with the archive's
 * compiled libraries linked before Python starts (emscripten's preRun): as a program's own
 * libraries are, at the heap's base and the function table's end. The archive ``packages`` (a
 * promise) comes while Pyodide's WebAssembly compiles, and so does a kept copy's ``bytes``, into
 * the ``memory`` Pyodide restores once its module is ready (after preRun).
 */
function withLibraries(asm, packages, kept, memory, failed) {
  return async (settings) => {
    settings.preRun = [...(settings.preRun || []), (Module) => {
      if (kept) Module.growMemory(kept.size);  // the copy needs memory as large as it was made in
      Module.addRunDependency("napoleon-libraries");
      (async () => {
        const libraries = [...packed(await packages)].filter(([name]) => name.endsWith(".so"));
        const compiled = await Promise.all(libraries.map(([, bytes]) => WebAssembly.compile(bytes)));
        libraries.forEach(([name], i) => {
          const path = `${Module.API.sitePackages}/${name}`;  // as Python's import asks for it: it is found linked
          const dso = Module.newDSO(path, undefined, "loading");
          dso.refcount = Infinity;
          dso.global = false;
          dso.exports = Module.loadWebAssemblyModule(compiled[i], { loadAsync: false, nodelete: true }, path, {});
        });
        if (kept) {
          const bytes = await kept.bytes;
          if (bytes.byteLength !== kept.size) throw new Error("the kept copy is not whole");
          memory.set(bytes);
        }
      })().catch((err) => failed.push(err)).finally(() => Module.removeRunDependency("napoleon-libraries"));
    }];
    return (await asm).default(settings);
  };
}

/** Pyodide loaded (``loadPyodide``), from the ``kept`` copy (keptSnapshot) or anew, to ``make`` a copy or not. */
async function boot(loadPyodide, asm, packages, { kept = null, make = false } = {}) {
  // Pyodide takes the copy's bytes before it instantiates its module, and restores them after: it is
  // handed an array of the copy's size at once, filled while the module compiles (withLibraries).
  const memory = kept && new Uint8Array(kept.size);
  const failed = [];
  if (!kept && !make) return loadPyodide({ indexURL: asm.indexURL });  // Python links its libraries as it imports them
  const options = kept ? { _loadSnapshot: memory } : { _makeSnapshot: true };
  const pyodide = await loadPyodide({
    indexURL: asm.indexURL, ...options, createPyodideModule: withLibraries(asm.module, packages, kept, memory, failed),
  });
  if (failed.length) throw failed[0];
  return pyodide;
}

/** Whether the Python function named ``name`` (module.function) ran without an error. */
function ran(pyodide, name) {
  const at = name.lastIndexOf(".");
  let module, call;
  try {
    module = pyodide.pyimport(name.slice(0, at));
    call = module[name.slice(at + 1)];
    call();
    return true;
  } catch (err) {
    return false;
  } finally {
    if (call) call.destroy();
    if (module) module.destroy();
  }
}

/**
 * Pyodide started in this worker, the site's packages installed and ``imports`` imported:
 * {pyodide, site, restored}. With ``snapshot`` (a name), from the copy of a started Python this
 * site version kept under that name (restored: true), else started anew and a copy kept for the
 * next visit, once the Python function named ``prepare`` (module.function), if any, has run: what
 * it leaves in memory (caches) is in the copy. A copy that fails to restore is dropped and Python
 * starts anew.
 */
export async function startPython(site = null, { snapshot = null, imports = [], prepare = null } = {}) {
  site = site || (await siteFacts());
  const packages = fetchPack(new URL(site.packages, SITE_ROOT).href);  // beside Pyodide's start
  const indexURL = new URL(site.pyodide, SITE_ROOT).href;
  const asm = { indexURL, module: import(indexURL + "pyodide.asm.mjs") };  // beside pyodide.mjs and a kept copy's read
  asm.module.catch(() => {});  // its failure is told when Pyodide asks for it
  const key = snapshot && typeof caches !== "undefined" ? snapshotKey(site, snapshot) : null;
  const looked = key && keptSnapshot(key);  // beside pyodide.mjs: Cache Storage takes some tenths of a second
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const kept = await looked;
  if (kept) {
    try {
      const pyodide = await boot(loadPyodide, asm, packages, { kept });
      install(pyodide, await packages);
      // Every visit restores the same memory: the random module's state is this visit's own.
      const sys = pyodide.pyimport("sys");
      const modules = sys.modules;
      const random = modules.get("random");
      modules.destroy();
      sys.destroy();
      if (random) {
        random.seed();
        random.destroy();
      }
      for (const name of imports) pyodide.pyimport(name).destroy();  // imported already: a broken copy fails here
      return { pyodide, site, restored: true };
    } catch (err) {
      await dropSnapshots();
    }
  }
  const pyodide = await boot(loadPyodide, asm, packages, { make: !!key });
  install(pyodide, await packages);
  for (const name of imports) pyodide.pyimport(name).destroy();
  if (key && (!prepare || ran(pyodide, prepare))) keepSnapshot(pyodide, key);  // half prepared: no copy
  return { pyodide, site, restored: false };
}
