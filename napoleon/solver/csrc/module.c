#include "core.h"

/* ------------------------------------------------------------------ helpers */

double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

PyObject *moves_to_list(const Mv *mv, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(iii)", mv[i].src, mv[i].dst, mv[i].count));
    return out;
}

/* The memory each search's tables may take, in bytes (0: no limit): the
   core's one process-wide setting. It is configuration, not search state:
   a search copies it into its Ctx when it starts (ctx_init), so changing it
   never touches a search under way. core.py sets it when imported, and the
   pools that run several searches side by side share it out among them. */
static long long memory_limit = 0;

void ctx_init(Ctx *X, PyObject *redeal_cb) {
    memset(X, 0, sizeof *X);
    X->max_bytes = memory_limit;
    X->redeal_cb = redeal_cb;
    X->keep_snaps = 1;
    X->deadends = 0;
    X->w_home = 40; X->w_break = 3; X->w_space = 12; X->w_depth = 0; X->break_cap = 8; X->w_need = 0;
    X->ahead_slots = AHEAD_SLOTS;
}

/* The best-first score weights (card home, break in order, space, depth,
   break cap, next card) and Ctx.ahead_slots (-1: AHEAD_SLOTS) a search is asked for. */
static void ctx_scoring(Ctx *X, const int w[6], long long ahead) {
    X->w_home = w[0]; X->w_break = w[1]; X->w_space = w[2]; X->w_depth = w[3]; X->break_cap = w[4]; X->w_need = w[5];
    if (ahead >= 0) X->ahead_slots = ahead;
}

void ctx_free(Ctx *X) {
    free(X->snaps.items);
    X->snaps.items = NULL;
    X->snaps.n = X->snaps.cap = 0;
}

/* What one search is asked: its mode (0 depth-first, 1 best-first, 2 its
   greedy pass, 3 playouts, 4 nested rollouts, 5 the beam over the stock's
   turns) and its settings. hold: 1 no redeal, 2 no stock turn. */
typedef struct {
    int mode, total;
    double budget;
    long long max_states;
    int w[6];
    int collect, hold, deadends;
    int macro;                     /* depth-first: the stock's macro moves (A7) */
    int fingerprints;              /* depth-first: keep fingerprints of positions (Seen) */
    int level, policy;             /* nested rollouts */
    uint64_t seed;
    int width, stage_states;       /* the beam; `collect` is what each stage keeps */
    long long ahead;               /* best-first: Ctx.ahead_slots; -1 its default */
    const char *checkpoint;        /* depth-first: the file its progress is kept in (dfs.c), or NULL */
    const char *tag; Py_ssize_t tag_len;
} Ask;

#define ASK_DEFAULTS {.w = {40, 3, 12, 0, 8, 0}, .level = 1, .ahead = -1}

/* Read the tables and the position, then run the search `A` asks for, with
   the redeal callback set. */
static PyObject *run_search(PyObject *rules_list, PyObject *piles, int redeals, PyObject *cb, const Ask *A) {
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    Ctx X;
    ctx_init(&X, cb);
    ctx_scoring(&X, A->w, A->ahead);
    X.greedy = A->mode == 2;
    X.hold = A->hold;
    X.deadends = A->deadends;
    X.macro = A->mode == 0 && A->macro;
    X.fingerprints = A->mode == 0 && A->fingerprints;
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) {
        if (A->mode == 0) {
            Checkpoint ck = {A->checkpoint, A->tag, (size_t)A->tag_len};
            res = dfs(&X, R, P, A->total, A->budget, A->max_states, A->checkpoint ? &ck : NULL);
        }
        else if (A->mode == 3 || A->mode == 4)
            res = nested_search(&X, R, P, A->total, A->budget, A->max_states, A->level, A->policy,
                                A->seed ? A->seed : 0x5EEDULL + (uint64_t)A->total);
        else if (A->mode == 5)
            res = beam(&X, R, P, A->total, A->budget, A->max_states, A->width, A->stage_states, A->collect);
        else res = bestfirst(&X, R, P, A->total, A->budget, A->max_states);
    }
    ctx_free(&X);
    free(R); free(P);
    return res;
}

/* search(rules, piles, redeals, total_cards, budget_seconds, max_states, redeal_callback, mode=0, weights=(...),
          deadends=0, level=1, policy=0, seed=0, macro=1, fingerprints=0, checkpoint=None, tag=b"")
   -> (verdict, moves, states); verdict 1 won, 0 lost, -1 unknown.
   mode 0: depth-first; mode 1: best-first. Both visit every reachable
   position before they answer "lost" (with deadends=1, every one but those
   below a position the dead-end test proves lost). mode 2: the greedy best-first
   pass, whose "lost" (0) only means it found nothing: the caller must not
   report it. mode 3: randomised playouts, which never answer "lost": nested
   rollouts' level 0 without the policy (level and policy are not read).
   mode 4: nested rollouts of `level`.
   macro: depth-first turns the stock by macro moves where they are sound
   (core.h, A7); 0 turns it card by card, to check a verdict. fingerprints:
   depth-first keeps fingerprints of the positions it has seen, not their
   keys (Seen, keys.c). checkpoint: depth-first takes up the search kept in
   that file, if it holds one with this tag, and keeps its progress there if
   it stops short (dfs.c); the tag names the search (the caller digests the
   tables, position, settings and the core's sources into it). */
static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals;
    unsigned long long seed = 0;
    Ask A = ASK_DEFAULTS;
    (void)self;
    A.macro = 1;
    if (!PyArg_ParseTuple(args, "O!O!iidLO|i(iiiiii)iiiKppzy#", &PyList_Type, &rules_list, &PyList_Type, &piles,
                          &redeals, &A.total, &A.budget, &A.max_states, &cb, &A.mode, &A.w[0], &A.w[1], &A.w[2],
                          &A.w[3], &A.w[4], &A.w[5], &A.deadends, &A.level, &A.policy, &seed, &A.macro,
                          &A.fingerprints, &A.checkpoint, &A.tag, &A.tag_len))
        return NULL;
    if (A.checkpoint && A.mode != 0) {
        PyErr_SetString(PyExc_ValueError, "only depth-first search keeps a checkpoint");
        return NULL;
    }
    if (A.mode < 0 || A.mode > 4) { PyErr_SetString(PyExc_ValueError, "mode must be 0..4"); return NULL; }
    if (A.level < 0 || A.level > 4) { PyErr_SetString(PyExc_ValueError, "level must be 0..4"); return NULL; }
    if (A.mode == 3) { A.level = 0; A.policy = 0; }
    A.seed = (uint64_t)seed;
    return run_search(rules_list, piles, redeals, cb, &A);
}

/* ------------------------------------------------------------ explorations */

#define KEPT_NAME "napoleon.exploration"

static void kept_destroy(PyObject *capsule) { kept_free(PyCapsule_GetPointer(capsule, KEPT_NAME)); }

/* exploration(rules, piles, redeals, total, redeal_callback, weights, hold_stock, deadends, ahead_slots)
   -> capsule: a best-first search of the current deal only (no redeal; with
   hold_stock, no stock turn either), not started yet (kept_more starts it).
   ahead_slots: Ctx.ahead_slots (-1: AHEAD_SLOTS), for the tests to hold both
   ways of looking children up to the same search. */
static PyObject *py_exploration(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals, total, hold_stock, deadends, w[6];
    long long ahead;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iiO(iiiiii)ppL", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &total, &cb, &w[0], &w[1], &w[2], &w[3], &w[4], &w[5], &hold_stock, &deadends, &ahead))
        return NULL;
    Kept *K = calloc(1, sizeof(Kept));
    if (!K) return PyErr_NoMemory();
    ctx_init(&K->X, cb);
    Py_XINCREF(cb);
    ctx_scoring(&K->X, w, ahead);
    K->X.hold = hold_stock ? 2 : 1;
    K->X.deadends = deadends;
    K->total = total;
    K->verdict = -1;
    if (read_rules(&K->R, rules_list) < 0 || read_pos(&K->R, &K->root, piles, redeals) < 0) { kept_free(K); return NULL; }
    PyObject *capsule = PyCapsule_New(K, KEPT_NAME, kept_destroy);
    if (!capsule) kept_free(K);
    return capsule;
}

/* explore_more(capsule, budget, max_states, k, redealt) -> (verdict, moves, states, candidates): the
   exploration taken on to max_states positions in all, then its k positions
   with the most cards home (the best score among equals first), and with
   redealt > 0 k more whose redeals score best (collect_candidates). verdict
   1 won, 0 every position visited, -1 stopped; states counts from the root. */
static PyObject *py_explore_more(PyObject *self, PyObject *args) {
    PyObject *capsule;
    double budget;
    long long max_states;
    int k, redealt;
    (void)self;
    if (!PyArg_ParseTuple(args, "OdLii", &capsule, &budget, &max_states, &k, &redealt)) return NULL;
    Kept *K = PyCapsule_GetPointer(capsule, KEPT_NAME);
    return K ? kept_more(K, budget, max_states, k, redealt) : NULL;
}

/* exploration_bytes(capsule) -> int: the memory the exploration holds. */
static PyObject *py_exploration_bytes(PyObject *self, PyObject *capsule) {
    (void)self;
    Kept *K = PyCapsule_GetPointer(capsule, KEPT_NAME);
    return K ? PyLong_FromSize_t(kept_bytes(K)) : NULL;
}

/* beam(rules, piles, redeals, total, budget, max_states, redeal_callback, width, stage_states, keep, weights,
        deadends) -> (verdict, moves, states): the beam over the stock's turns (beam.c), verdict 1 won or -1. */
static PyObject *py_beam(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals;
    Ask A = ASK_DEFAULTS;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLOiii|(iiiiii)p", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &A.total, &A.budget, &A.max_states, &cb, &A.width, &A.stage_states, &A.collect, &A.w[0],
                          &A.w[1], &A.w[2], &A.w[3], &A.w[4], &A.w[5], &A.deadends))
        return NULL;
    if (A.width < 1 || A.stage_states < 1 || A.collect < 1) {
        PyErr_SetString(PyExc_ValueError, "width, stage_states and keep must be at least 1");
        return NULL;
    }
    A.mode = 5;
    return run_search(rules_list, piles, redeals, cb, &A);
}

/* The entry points for the tests: read the tables and one position, run
   `fn` on them (with the redeal callback `cb`, or none, and the entry
   point's own argument `arg`), free them. */
typedef PyObject *(*PositionFn)(Ctx *, const Rules *, Pos *, void *arg);

static PyObject *on_position(PyObject *rules_list, PyObject *piles, int redeals, PyObject *cb, PositionFn fn,
                             void *arg) {
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) {
        Ctx X;
        ctx_init(&X, cb);
        res = fn(&X, R, P, arg);
        ctx_free(&X);
    }
    free(R);
    free(P);
    return res;
}

/* (rules, piles, redeals): the arguments of moves(), autoplay() and dead_end(). */
static PyObject *on_parsed_position(PyObject *args, PositionFn fn) {
    PyObject *rules_list, *piles;
    int redeals;
    if (!PyArg_ParseTuple(args, "O!O!i", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals)) return NULL;
    return on_position(rules_list, piles, redeals, NULL, fn, NULL);
}

static PyObject *gen_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)arg;
    Mv out[MAXM];
    return moves_to_list(out, gen(X, R, P, out));
}

static PyObject *autoplay_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)arg;
    Mv out[MAXM];
    return moves_to_list(out, autoplay(X, R, P, out));
}

static PyObject *dead_end_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)arg;
    X->deadends = 1;
    return PyBool_FromLong(dead_end(X, R, P));
}

static PyObject *redeal_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)arg;
    if (apply(X, R, P, (Mv){-1, -1, 0}) < 0) return NULL;
    PyObject *out = pos_to_list(R, P);
    return out ? Py_BuildValue("(Ni)", out, P->redeals) : NULL;
}

/* The moves depth-first search tries from a position, each spelled out as
   the plain moves it stands for (a macro move as its turns and its play). */
static PyObject *macro_moves_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)arg;
    Mv mv[MAXM], seq[2 * MAXC + 2];
    X->macro = 1;
    int n = ordered(X, R, P, (Mv){0, 0, 0}, 0, 0, mv);
    PyObject *out = PyList_New(0);
    for (int i = 0; out && i < n; i++) {
        Pos Q = *P;
        X->keep_snaps = 0;
        int k = make_move(X, R, &Q, mv[i], seq);
        X->keep_snaps = 1;
        PyObject *item = k < 0 ? NULL : moves_to_list(seq, k);
        if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
        Py_XDECREF(item);
    }
    return out;
}

/* dfs_moves(rules, piles, redeals, redeal_callback) -> [[(src, dst, count)]]: the moves depth-first search
   tries from a position, macro moves spelled out. */
static PyObject *py_dfs_moves(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iO", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &cb)) return NULL;
    return on_position(rules_list, piles, redeals, cb, macro_moves_fn, NULL);
}

/* dead_end(rules, piles, redeals) -> bool: whether the dead-end test proves the position lost. */
static PyObject *py_dead_end(PyObject *self, PyObject *args) { (void)self; return on_parsed_position(args, dead_end_fn); }

/* redeal(rules, piles, redeals, redeal_callback) -> (piles, redeals): the
   position after a redeal as the core carries it out (from the declared
   data, or by the callback), for the tests to hold against the engine's. */
static PyObject *py_redeal(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iO", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &cb)) return NULL;
    return on_position(rules_list, piles, redeals, cb, redeal_fn, NULL);
}

static PyObject *key_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    (void)X;
    int root_redeals = *(const int *)arg;
    unsigned char key[4096];
    int len = make_key(R, P, root_redeals, key);
    return Py_BuildValue("(y#K)", (const char *)key, (Py_ssize_t)len, (unsigned long long)pos_hash(R, P, root_redeals));
}

/* key(rules, piles, redeals, root_redeals) -> (bytes, int): the position's
   canonical key (make_key) and its hash (pos_hash), for the tests to check
   that the hash tells positions apart exactly as the key does. */
static PyObject *py_key(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, root_redeals;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!ii", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &root_redeals))
        return NULL;
    return on_position(rules_list, piles, redeals, NULL, key_fn, &root_redeals);
}

typedef struct { int total; long long max_states; unsigned long long seed; } CheckArgs;

static PyObject *playout_check_fn(Ctx *X, const Rules *R, Pos *P, void *arg) {
    const CheckArgs *A = arg;
    long long n = playout_check(X, R, P, A->total, A->max_states, A->seed);
    return n < 0 ? NULL : PyLong_FromLongLong(n);
}

/* playout_check(rules, piles, redeals, total, budget (unused), max_states,
   redeal callback, seed) -> positions checked: csrc/nested.c, for the tests. */
static PyObject *py_playout_check(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals;
    double budget;
    CheckArgs A;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLOK", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &A.total,
                          &budget, &A.max_states, &cb, &A.seed)) return NULL;
    (void)budget;
    return on_position(rules_list, piles, redeals, cb, playout_check_fn, &A);
}

/* moves(rules, piles, redeals) -> [(src, dst, count)]: the legal moves, as the engine lists them. */
static PyObject *moves(PyObject *self, PyObject *args) { (void)self; return on_parsed_position(args, gen_fn); }

/* autoplay(rules, piles, redeals) -> [(src, dst, count)]: the safe foundation moves auto-play makes. */
static PyObject *py_autoplay(PyObject *self, PyObject *args) { (void)self; return on_parsed_position(args, autoplay_fn); }

/* set_memory_limit(bytes): what each search started from now on may take (0: no limit). */
static PyObject *py_set_memory_limit(PyObject *self, PyObject *arg) {
    (void)self;
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "a memory limit is a number of bytes, 0 for none"); return NULL; }
    memory_limit = n;
    Py_RETURN_NONE;
}

/* memory_limit() -> bytes (0: no limit). */
static PyObject *py_memory_limit(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
    return PyLong_FromLongLong(memory_limit);
}

static PyMethodDef methods[] = {
    {"set_memory_limit", py_set_memory_limit, METH_O, "Set the memory each search may take, in bytes (0: none)."},
    {"memory_limit", py_memory_limit, METH_NOARGS, "The memory each search may take, in bytes (0: none)."},
    {"search", search, METH_VARARGS, "Search for a win; see napoleon/solver/core.py."},
    {"exploration", py_exploration, METH_VARARGS, "A best-first search of one deal, kept open; not started."},
    {"explore_more", py_explore_more, METH_VARARGS, "Take an exploration on, then list its best positions."},
    {"exploration_bytes", py_exploration_bytes, METH_O, "The memory an exploration holds."},
    {"beam", py_beam, METH_VARARGS, "A beam over the stock's turns; see napoleon/solver/staged.py."},
    {"moves", moves, METH_VARARGS, "The legal moves of a position, as the engine lists them."},
    {"autoplay", py_autoplay, METH_VARARGS, "The safe foundation moves auto-play makes."},
    {"dfs_moves", py_dfs_moves, METH_VARARGS, "The moves depth-first search tries, macro moves spelled out."},
    {"dead_end", py_dead_end, METH_VARARGS, "Whether the dead-end test proves a position lost."},
    {"key", py_key, METH_VARARGS, "A position's canonical key and its hash."},
    {"playout_check", py_playout_check, METH_VARARGS, "Playouts with what they keep checked at every move (tests)."},
    {"redeal", py_redeal, METH_VARARGS, "The position after a redeal, as the core carries it out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", "The solver's compiled search core.", -1, methods};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "TABLE_VERSION", TABLE_VERSION) < 0) Py_CLEAR(m);
    return m;
}
