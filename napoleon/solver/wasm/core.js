/*
 * The search core in WebAssembly, with the same entry points as the CPython
 * extension napoleon.solver._core: same names, same arguments in the same
 * order, answers of the same shape. A Python module run by Pyodide in the
 * browser can call these one for one where napoleon/solver/core.py calls
 * _core.
 *
 * Load: `const core = await NapoleonCore.load(createNapoleonCore, options)`,
 * where createNapoleonCore is the factory of the emscripten glue that
 * napoleon/solver/wasm.py builds beside this file (napoleon_core.js, with
 * napoleon_core.wasm) and options go to that factory. In a Web Worker:
 * importScripts("napoleon_core.js", "core.js"), then the same with the
 * globals (options {locateFile} if the .wasm is elsewhere). In Node:
 * require("./core.js").load(require("./napoleon_core.js"), {wasmBinary:
 * fs.readFileSync("napoleon_core.wasm")}): the glue of emscripten 3.1.6
 * would fetch() the file, which Node refuses for a path (serve.js).
 *
 * The contract (arguments -> answer), as in module.c and module_probes.c:
 *   rules: the array of ints core.py's encode_rules() writes (numbers, or
 *          BigInt for the 64-bit masks beyond 2**53, as Pyodide hands over
 *          Python ints that large); piles: an array of arrays of cards;
 *   a move: [src, dst, count]; moves: an array of them; states: a number.
 *   set_memory_limit(bytes)                                    -> undefined
 *   memory_limit()                                             -> bytes
 *   search(rules, piles, redeals, total, budget, max_states, mode = 0,
 *          weights = [40, 3, 12, 0, 8, 0], deadends = 0, level = 1, policy = 0,
 *          seed = 0, macro = 1, fingerprints = 0, checkpoint = null, tag = [])
 *                                                              -> [verdict, moves, states]
 *   beam(rules, piles, redeals, total, budget, max_states, width, stage_states,
 *        keep, weights = [...], deadends = 0)                  -> [verdict, moves, states]
 *   exploration(rules, piles, redeals, total, weights, hold_stock, deadends,
 *               ahead_slots)                                   -> an exploration (opaque)
 *   explore_more(exploration, budget, max_states, k, redealt)  -> [verdict, moves, states,
 *                                                                  [[moves, home, score, lane], ...]]
 *   exploration_bytes(exploration)                             -> bytes
 *   moves(rules, piles, redeals)                               -> moves
 *   autoplay(rules, piles, redeals)                            -> moves
 *   dfs_moves(rules, piles, redeals)                           -> [moves, ...]
 *   dead_end(rules, piles, redeals)                            -> true or false
 *   redeal(rules, piles, redeals)                              -> [piles, redeals]
 *   key(rules, piles, redeals, root_redeals)                   -> [Uint8Array key, BigInt hash]
 *   playout_check(rules, piles, redeals, total, budget, max_states, seed) -> positions
 *   TABLE_VERSION                                              the table layout it reads
 * Verdicts: 1 won, 0 lost, -1 unknown, -3 stopped at the memory limit.
 * Booleans may be passed as true/false or 1/0. A checkpoint path names a
 * file of the module's own (in-memory) file system.
 *
 * One addition, as JavaScript frees no memory by itself in time:
 *   exploration_free(exploration): give its memory back now (a finalizer
 *   does it too, whenever the exploration is collected).
 *
 * Errors are thrown as Error objects whose name is the Python exception
 * module.c raises (ValueError, MemoryError, NotImplementedError, OSError,
 * RuntimeError, AssertionError, KeyboardInterrupt).
 */
(function (root, define) {
    if (typeof module === "object" && module.exports) module.exports = define();
    else root.NapoleonCore = define();
})(typeof self !== "undefined" ? self : this, function () {
    "use strict";

    // The core's error codes (napoleon_core.h) as the Python exceptions module.c raises.
    const ERRORS = ["", "MemoryError", "ValueError", "NotImplementedError", "OSError", "KeyboardInterrupt",
                    "RuntimeError", "RuntimeError", "AssertionError"];
    const WEIGHTS = [40, 3, 12, 0, 8, 0];
    // ncw_position's `what` (wasm.c)
    const MOVES = 0, AUTOPLAY = 1, DEAD_END = 2, REDEAL = 3, DFS_MOVES = 4, KEY = 5, PLAYOUT_CHECK = 6;
    const TWO32 = 4294967296;

    async function load(factory, options) {
        const M = await factory(options || {});
        const fail = (status) => {
            const err = new Error(M.UTF8ToString(M._ncw_error_message()));
            err.name = ERRORS[status] || "RuntimeError";
            throw err;
        };

        // Arguments into the module's memory, freed by `done`.
        function call(fn) {
            const held = [];
            const alloc = (bytes) => {
                const p = M._malloc(Math.max(bytes, 4));
                if (!p) { const e = new Error("out of memory"); e.name = "MemoryError"; throw e; }
                held.push(p);
                return p;
            };
            const put = {
                table(rules) {
                    const p = alloc(rules.length * 8);
                    const h = M.HEAPU32, at = p >> 2;
                    for (let i = 0; i < rules.length; i++) {
                        const v = rules[i];
                        let lo, hi;
                        if (typeof v === "number" && Number.isSafeInteger(v)) {
                            lo = v >>> 0;
                            hi = Math.floor(v / TWO32) >>> 0;
                        } else {
                            const b = BigInt.asUintN(64, BigInt(v));
                            lo = Number(b & 0xffffffffn);
                            hi = Number(b >> 32n);
                        }
                        h[at + 2 * i] = lo;
                        h[at + 2 * i + 1] = hi;
                    }
                    return [p, rules.length];
                },
                piles(piles) {
                    let n = piles.length;
                    for (const pile of piles) n += pile.length;
                    const p = alloc(n * 4), h = M.HEAP32;
                    let at = p >> 2;
                    for (const pile of piles) {
                        h[at++] = pile.length;
                        for (const card of pile) h[at++] = Number(card);
                    }
                    return [p, n];
                },
                ints(values) {
                    const p = alloc(values.length * 4);
                    M.HEAP32.set(values.map(Number), p >> 2);
                    return p;
                },
                string(s) {
                    if (s === null || s === undefined) return 0;
                    const n = M.lengthBytesUTF8(s) + 1, p = alloc(n);
                    M.stringToUTF8(s, p, n);
                    return p;
                },
                bytes(b) {
                    const a = Uint8Array.from(b || []), p = alloc(a.length);
                    M.HEAPU8.set(a, p);
                    return [p, a.length];
                },
            };
            try {
                return fn(put);
            } finally {
                for (const p of held) M._free(p);
            }
        }

        // The answer buffer of wasm.c, read from its start; freed once read.
        function reader(ptr) {
            if (!ptr) { const e = new Error("out of memory"); e.name = "MemoryError"; throw e; }
            const at = ptr >> 2, n = M.HEAP32[at];
            const v = M.HEAP32.slice(at, at + n);
            M._ncw_free(ptr);
            if (v[1] !== 0) fail(v[1]);
            let i = 2;
            const r = {
                int: () => v[i++],
                u64: () => { const lo = v[i++] >>> 0, hi = v[i++] >>> 0; return hi * TWO32 + lo; },
                big: () => { const lo = v[i++] >>> 0, hi = v[i++] >>> 0; return (BigInt(hi) << 32n) | BigInt(lo); },
                moves: () => {
                    const k = v[i++], out = new Array(k);
                    for (let j = 0; j < k; j++, i += 3) out[j] = [v[i], v[i + 1], v[i + 2]];
                    return out;
                },
            };
            return r;
        }

        // [verdict, moves, states] (and the candidates with `lines`).
        function result(r, lines) {
            const verdict = r.int(), states = r.u64(), moves = r.moves(), n = r.int(), found = [];
            for (let j = 0; j < n; j++) {
                const home = r.int(), score = r.int(), lane = r.int();
                found.push([r.moves(), home, score, lane]);
            }
            return lines ? [verdict, moves, states, found] : [verdict, moves, states];
        }

        function position(what, rules, piles, redeals, rootRedeals, total, maxStates, seed) {
            return call((put) => {
                const [t, nt] = put.table(rules), [c, nc] = put.piles(piles);
                const s = BigInt.asUintN(64, BigInt(seed || 0));
                return reader(M._ncw_position(what, t, nt, c, nc, redeals, rootRedeals || 0, total || 0,
                                              Number(maxStates || 0), Number(s & 0xffffffffn), Number(s >> 32n)));
            });
        }

        function runSearch(rules, piles, redeals, total, budget, maxStates, mode, weights, deadends, level,
                           policy, seed, macro, fingerprints, checkpoint, tag, width, stageStates, keep) {
            return call((put) => {
                const [t, nt] = put.table(rules), [c, nc] = put.piles(piles);
                const w = put.ints(weights || WEIGHTS), ck = put.string(checkpoint);
                const [g, ng] = put.bytes(tag);
                const s = BigInt.asUintN(64, BigInt(seed || 0));
                return result(reader(M._ncw_search(t, nt, c, nc, redeals, total, Number(budget || 0),
                                                   Number(maxStates || 0), mode, w, +!!deadends, level, +!!policy,
                                                   Number(s & 0xffffffffn), Number(s >> 32n), +!!macro,
                                                   +!!fingerprints, ck, g, ng, width, stageStates, keep)), false);
            });
        }

        const freeing = typeof FinalizationRegistry === "function"
            ? new FinalizationRegistry((handle) => { if (handle.ptr) M._ncw_exploration_free(handle.ptr); })
            : null;

        function handleOf(exploration) {
            const h = exploration && exploration._napoleonExploration;
            if (!h || !h.ptr) {
                const e = new TypeError("not an open exploration");
                throw e;
            }
            return h;
        }

        return {
            TABLE_VERSION: M._ncw_table_version(),
            set_memory_limit(bytes) {
                if (Number(bytes) < 0) {
                    const e = new Error("a memory limit is a number of bytes, 0 for none");
                    e.name = "ValueError";
                    throw e;
                }
                M._ncw_set_memory_limit(Number(bytes));
            },
            memory_limit: () => M._ncw_memory_limit(),
            search(rules, piles, redeals, total, budget, maxStates, mode = 0, weights = WEIGHTS, deadends = 0,
                   level = 1, policy = 0, seed = 0, macro = 1, fingerprints = 0, checkpoint = null, tag = []) {
                if (mode < 0 || mode > 4) {
                    const e = new Error("mode must be 0..4");
                    e.name = "ValueError";
                    throw e;
                }
                return runSearch(rules, piles, redeals, total, budget, maxStates, mode, weights, deadends, level,
                                 policy, seed, macro, fingerprints, checkpoint, tag, 0, 0, 0);
            },
            beam(rules, piles, redeals, total, budget, maxStates, width, stageStates, keep, weights = WEIGHTS,
                 deadends = 0) {
                return runSearch(rules, piles, redeals, total, budget, maxStates, 5, weights, deadends, 1, 0, 0, 1,
                                 0, null, [], width, stageStates, keep);
            },
            exploration(rules, piles, redeals, total, weights, holdStock, deadends, aheadSlots) {
                const ptr = call((put) => {
                    const [t, nt] = put.table(rules), [c, nc] = put.piles(piles), w = put.ints(weights);
                    return M._ncw_exploration(t, nt, c, nc, redeals, total, w, +!!holdStock, +!!deadends,
                                              Number(aheadSlots));
                });
                if (!ptr) fail(M._ncw_last_status());
                const handle = {ptr};
                const exploration = {_napoleonExploration: handle};
                if (freeing) freeing.register(exploration, handle, exploration);
                return exploration;
            },
            explore_more(exploration, budget, maxStates, k, redealt) {
                const h = handleOf(exploration);
                return result(reader(M._ncw_explore_more(h.ptr, Number(budget || 0), Number(maxStates || 0), k,
                                                         redealt)), true);
            },
            exploration_bytes: (exploration) => M._ncw_exploration_bytes(handleOf(exploration).ptr),
            exploration_free(exploration) {
                const h = handleOf(exploration);
                M._ncw_exploration_free(h.ptr);
                h.ptr = 0;
                if (freeing) freeing.unregister(exploration);
            },
            moves: (rules, piles, redeals) => position(MOVES, rules, piles, redeals).moves(),
            autoplay: (rules, piles, redeals) => position(AUTOPLAY, rules, piles, redeals).moves(),
            dead_end: (rules, piles, redeals) => position(DEAD_END, rules, piles, redeals).int() === 1,
            dfs_moves(rules, piles, redeals) {
                const r = position(DFS_MOVES, rules, piles, redeals), n = r.int(), out = [];
                for (let j = 0; j < n; j++) out.push(r.moves());
                return out;
            },
            redeal(rules, piles, redeals) {
                const r = position(REDEAL, rules, piles, redeals), count = r.int(), out = [];
                for (let p = 0; p < piles.length; p++) {
                    const n = r.int(), pile = [];
                    for (let j = 0; j < n; j++) pile.push(r.int());
                    out.push(pile);
                }
                return [out, count];
            },
            key(rules, piles, redeals, rootRedeals) {
                const r = position(KEY, rules, piles, redeals, rootRedeals), n = r.int(), hash = r.big();
                const key = new Uint8Array(n);
                for (let j = 0; j < n; j++) key[j] = r.int();
                return [key, hash];
            },
            playout_check: (rules, piles, redeals, total, budget, maxStates, seed) =>
                position(PLAYOUT_CHECK, rules, piles, redeals, 0, total, maxStates, seed).u64(),
        };
    }

    return {load};
});
