/* The WebAssembly binding of the search core: the C API of napoleon_core.h
   flattened to what JavaScript passes easily (pointers to arrays of ints in
   the module's memory, numbers) and answers in one array of 32-bit ints,
   which napoleon/solver/wasm/core.js reads back into the values the CPython
   binding (module.c, module_probes.c) returns. Built by napoleon/solver/wasm.py with
   emscripten; never by setup.py.

   Every ncw_* function that answers returns a buffer (free it with
   ncw_free) laid out as
       [length of the buffer in ints, status, ...the answer]
   where status is 0 or the core's error code (nc_error; the message from
   ncw_error_message). The answers:
       a search      verdict, states (low, high 32 bits), nmoves, (src, dst, count) * nmoves,
                     nlines, then per line: home, score, lane, nmoves, (src, dst, count) * nmoves
       moves         nmoves, (src, dst, count) * nmoves
       dead_end      0 or 1
       redeal        redeals, then each pile as its size and its cards
       key           key length, hash (low, high 32 bits), the key's bytes one an int
       playout_check positions (low, high 32 bits)
   Tables come as 64-bit words, positions as each pile's size then its cards. */
#include <emscripten.h>
#include <stdlib.h>
#include <string.h>
#include "napoleon_core.h"

#define KEEP EMSCRIPTEN_KEEPALIVE

/* A growing answer. */
typedef struct { int32_t *v; size_t n, cap; int failed; } Out;

static void put(Out *o, int64_t x) {
    if (o->failed) return;
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 64;
        int32_t *v = realloc(o->v, cap * sizeof(int32_t));
        if (!v) { o->failed = 1; return; }
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n++] = (int32_t)x;
}

static void put64(Out *o, uint64_t x) { put(o, (int32_t)(uint32_t)x); put(o, (int32_t)(uint32_t)(x >> 32)); }

static void put_moves(Out *o, const NcMove *m, size_t n) {
    put(o, (int64_t)n);
    for (size_t i = 0; i < n; i++) { put(o, m[i].src); put(o, m[i].dst); put(o, m[i].count); }
}

static Out begin(void) {
    Out o = {0};
    put(&o, 0);
    put(&o, NC_OK);
    return o;
}

/* The buffer, its length written in; an error's status when `ok` is false. */
static int32_t *finish(Out *o, int ok) {
    if (!ok || o->failed) {
        o->n = 2;
        o->failed = 0;
        o->v[1] = ok ? NC_ERR_MEMORY : nc_error();
    }
    if (!o->v) return NULL;
    o->v[0] = (int32_t)o->n;
    return o->v;
}

static void put_result(Out *o, const NcResult *r) {
    put(o, r->verdict);
    put64(o, (uint64_t)r->states);
    put_moves(o, r->moves, r->nmoves);
    put(o, (int64_t)r->nlines);
    for (size_t i = 0; i < r->nlines; i++) {
        put(o, r->lines[i].home);
        put(o, r->lines[i].score);
        put(o, r->lines[i].lane);
        put_moves(o, r->lines[i].moves, r->lines[i].nmoves);
    }
}

/* The tables and the position, or 0 with the failure recorded (both freed). */
static int load(const uint64_t *table, int ntable, const int *cells, int ncells, int redeals, NcRules **R, NcPos **P) {
    *R = nc_rules_read(table, (size_t)ntable);
    *P = *R ? nc_pos_read(*R, cells, (size_t)ncells, redeals) : NULL;
    if (*P) return 1;
    nc_rules_free(*R);
    return 0;
}

KEEP void ncw_free(void *p) { free(p); }
KEEP const char *ncw_error_message(void) { return nc_error_message(); }
KEEP void ncw_set_memory_limit(double bytes) { nc_set_memory_limit((long long)bytes); }
KEEP double ncw_memory_limit(void) { return (double)nc_memory_limit(); }
KEEP int ncw_table_version(void) { return NC_TABLE_VERSION; }

/* A search (mode 0..5; the beam's width, stage_states and keep read for mode 5 only). */
KEEP int32_t *ncw_search(const uint64_t *table, int ntable, const int *cells, int ncells, int redeals, int total,
                         double budget, double max_states, int mode, const int *weights, int deadends, int level,
                         int policy, uint32_t seed_lo, uint32_t seed_hi, int macro, int fingerprints,
                         const char *checkpoint, const char *tag, int tag_len, int width, int stage_states, int keep) {
    NcSettings S;
    NcRules *R;
    NcPos *P;
    NcResult r;
    Out o = begin();
    nc_settings_init(&S);
    S.mode = mode; S.total = total; S.budget = budget; S.max_states = (long long)max_states;
    memcpy(S.weights, weights, sizeof S.weights);
    S.deadends = deadends; S.level = level; S.policy = policy;
    S.seed = (uint64_t)seed_hi << 32 | seed_lo;
    S.macro = macro; S.fingerprints = fingerprints;
    S.checkpoint = checkpoint; S.tag = tag; S.tag_len = (size_t)tag_len;
    S.width = width; S.stage_states = stage_states; S.keep = keep;
    if (!load(table, ntable, cells, ncells, redeals, &R, &P)) return finish(&o, 0);
    int ok = nc_search(R, P, &S, &r) == 0;
    nc_rules_free(R);
    nc_pos_free(P);
    if (ok) { put_result(&o, &r); nc_result_free(&r); }
    return finish(&o, ok);
}

/* An exploration kept open (0 on an error: ncw_last_status, ncw_error_message). */
static int last_status;
KEEP int ncw_last_status(void) { return last_status; }

KEEP NcExploration *ncw_exploration(const uint64_t *table, int ntable, const int *cells, int ncells, int redeals,
                                    int total, const int *weights, int hold_stock, int deadends, double ahead) {
    NcSettings S;
    NcRules *R;
    NcPos *P;
    nc_settings_init(&S);
    S.total = total;
    memcpy(S.weights, weights, sizeof S.weights);
    S.deadends = deadends;
    S.ahead = (long long)ahead;
    last_status = NC_OK;
    if (!load(table, ntable, cells, ncells, redeals, &R, &P)) { last_status = nc_error(); return NULL; }
    NcExploration *E = nc_exploration_new(R, P, &S, hold_stock);
    if (!E) last_status = nc_error();
    nc_rules_free(R);
    nc_pos_free(P);
    return E;
}

KEEP int32_t *ncw_explore_more(NcExploration *E, double budget, double max_states, int keep, int redealt) {
    NcResult r;
    Out o = begin();
    int ok = nc_exploration_more(E, budget, (long long)max_states, keep, redealt, &r) == 0;
    if (ok) { put_result(&o, &r); nc_result_free(&r); }
    return finish(&o, ok);
}

KEEP double ncw_exploration_bytes(const NcExploration *E) { return (double)nc_exploration_bytes(E); }
KEEP void ncw_exploration_free(NcExploration *E) { nc_exploration_free(E); }

/* The entry points on one position: what each writes. */
enum { MOVES, AUTOPLAY, DEAD_END, REDEAL, DFS_MOVES, KEY, PLAYOUT_CHECK };

static int answer(int what, const NcRules *R, NcPos *P, Out *o, int root_redeals, int total, double max_states,
                  uint32_t seed_lo, uint32_t seed_hi) {
    NcMove mv[NC_MAX_MOVES];
    if (what == MOVES || what == AUTOPLAY) {
        int n = what == MOVES ? nc_moves(R, P, mv) : nc_autoplay(R, P, mv);
        if (n < 0) return 0;
        put_moves(o, mv, (size_t)n);
    } else if (what == DEAD_END) {
        int dead = nc_dead_end(R, P);
        if (dead < 0) return 0;
        put(o, dead);
    } else if (what == REDEAL) {
        if (nc_redeal(R, P) < 0) return 0;
        int *cells = malloc(nc_pos_cells(R) * sizeof(int));
        if (!cells) return 0;
        size_t n = nc_pos_write(R, P, cells);
        put(o, nc_pos_redeals(P));
        for (size_t i = 0; i < n; i++) put(o, cells[i]);
        free(cells);
    } else if (what == DFS_MOVES) {
        NcResult r;
        if (nc_dfs_moves(R, P, &r) < 0) return 0;
        put(o, (int64_t)r.nlines);
        for (size_t i = 0; i < r.nlines; i++) put_moves(o, r.lines[i].moves, r.lines[i].nmoves);
        nc_result_free(&r);
    } else if (what == KEY) {
        unsigned char key[NC_MAX_KEY];
        uint64_t hash;
        int len = nc_key(R, P, root_redeals, key, &hash);
        if (len < 0) return 0;
        put(o, len);
        put64(o, hash);
        for (int i = 0; i < len; i++) put(o, key[i]);
    } else {
        long long n = nc_playout_check(R, P, total, (long long)max_states, (uint64_t)seed_hi << 32 | seed_lo);
        if (n < 0) return 0;
        put64(o, (uint64_t)n);
    }
    return 1;
}

/* what: MOVES, AUTOPLAY, DEAD_END, REDEAL, DFS_MOVES, KEY (root_redeals read), PLAYOUT_CHECK (total,
   max_states and the seed read). */
KEEP int32_t *ncw_position(int what, const uint64_t *table, int ntable, const int *cells, int ncells, int redeals,
                           int root_redeals, int total, double max_states, uint32_t seed_lo, uint32_t seed_hi) {
    NcRules *R;
    NcPos *P;
    Out o = begin();
    if (!load(table, ntable, cells, ncells, redeals, &R, &P)) return finish(&o, 0);
    int ok = answer(what, R, P, &o, root_redeals, total, max_states, seed_lo, seed_hi);
    nc_rules_free(R);
    nc_pos_free(P);
    return finish(&o, ok);
}
