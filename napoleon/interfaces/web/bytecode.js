// napoleon site's compiler (bytecode.py): Pyodide in Node compiles the site's Python ahead of time,
// since bytecode is particular to Pyodide's version of Python, not the host's.
//
//   node bytecode.js JOB.json
//
// JOB: {pyodide: the site's Pyodide folder, stdlib: a library zip to start with (one compiled by an
// earlier build starts faster; the site's own otherwise), wheels: the site's wheels, library: the
// site's python_stdlib.zip, kept: the folder where compiled libraries are kept, db: a store to
// start the app on}, host paths all. Writes the wheels and the library in place; exits 1 with the
// error's last line when it fails.
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

const HOST = "/host";  // the host's files, as Python sees them
const host = (file) => HOST + path.resolve(file);

(async () => {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: path.resolve(job.pyodide) + "/", stdLibURL: path.resolve(job.stdlib) });
  await pyodide.loadPackage(job.wheels.map((w) => path.resolve(w)), { messageCallback: () => {} });
  pyodide.FS.mkdirTree(HOST);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, HOST);
  const bytecode = pyodide.pyimport("napoleon.interfaces.web.bytecode");
  await bytecode.start_as_the_page(host(job.db));
  const name = bytecode.compile_site(pyodide.toPy(job.wheels.map(host)), host(job.library), host(job.kept));
  process.stdout.write(`${name}\n`);
})().catch((err) => {
  const lines = String((err && err.message) || err).trim().split("\n");
  process.stderr.write(`${lines[lines.length - 1]}\n`);
  process.exit(1);
});
