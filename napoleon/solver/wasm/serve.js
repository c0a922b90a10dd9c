/*
 * The WebAssembly core served to another process over stdin/stdout, one
 * JSON request a line: {"fn": name, "args": [...]} -> {"ok": answer} or
 * {"error": [exception name, message]}. napoleon/solver/wasm.py's NodeCore
 * runs it in Node to hold the WebAssembly build to the native core (tests,
 * bench). Integers beyond 2**53 travel as {"$big": "digits"}, bytes as
 * {"$bytes": [...]}, an exploration as {"$exploration": id}, a game's tables
 * as {"$table": n, "values": [...]} the first time and {"$table": n} after.
 * {"fn": "timed", "args": [name, repeat, ...args]} answers [answer, the
 * fastest of `repeat` runs in seconds], for bench/wasm_speed.py.
 *
 * node serve.js DIR: DIR holds napoleon_core.js, napoleon_core.wasm and core.js.
 */
"use strict";
const path = require("path");
const readline = require("readline");

const dir = path.resolve(process.argv[2] || __dirname);
const {load} = require(path.join(dir, "core.js"));

function decode(v) {
    if (Array.isArray(v)) return v.map(decode);
    if (v && typeof v === "object") {
        if ("$big" in v) return BigInt(v.$big);
        if ("$bytes" in v) return Uint8Array.from(v.$bytes);
        if ("$exploration" in v) return explorations.get(v.$exploration);
        if ("$table" in v) {
            if ("values" in v) tables.set(v.$table, decode(v.values));
            return tables.get(v.$table);
        }
    }
    return v;
}

function encode(v) {
    if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) && BigInt(Number(v)) === v ? Number(v) : {$big: v.toString()};
    if (v instanceof Uint8Array) return {$bytes: Array.from(v)};
    if (Array.isArray(v)) return v.map(encode);
    if (v && typeof v === "object" && v._napoleonExploration) {
        const id = nextId++;
        explorations.set(id, v);
        return {$exploration: id};
    }
    return v;
}

const explorations = new Map();
const tables = new Map();   // a game's tables, sent once (wasm.py: NodeCore._table)
let nextId = 1;

// The glue of emscripten 3.1.6 fetches the .wasm with fetch() wherever it
// exists, which in Node 18+ refuses a file path: hand it the bytes instead.
const wasmBinary = require("fs").readFileSync(path.join(dir, "napoleon_core.wasm"));

load(require(path.join(dir, "napoleon_core.js")), {wasmBinary}).then((core) => {
    const lines = readline.createInterface({input: process.stdin, terminal: false});
    lines.on("line", (line) => {
        let reply;
        try {
            const {fn, args} = JSON.parse(line);
            if (fn === "TABLE_VERSION") reply = {ok: core.TABLE_VERSION};
            else if (fn === "drop") {
                const e = explorations.get(args[0]);
                if (e) core.exploration_free(e);
                explorations.delete(args[0]);
                reply = {ok: null};
            } else if (fn === "timed") {
                // [name, repeat, ...arguments]: the answer and the fastest run's seconds, timed here
                const [name, repeat, ...rest] = decode(args);
                let best = Infinity, answer;
                for (let i = 0; i < repeat; i++) {
                    const t = process.hrtime.bigint();
                    answer = core[name](...rest);
                    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e9);
                }
                reply = {ok: [encode(answer), best]};
            } else {
                if (typeof core[fn] !== "function") throw new TypeError(`no such entry point: ${fn}`);
                reply = {ok: encode(core[fn](...decode(args)))};
            }
        } catch (e) {
            reply = {error: [e.name || "Error", String(e.message)]};
        }
        process.stdout.write(JSON.stringify(reply === undefined ? {ok: null} : reply) + "\n");
    });
});
