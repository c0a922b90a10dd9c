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

void ctx_init(Ctx *X, PyObject *redeal_cb) {
    memset(X, 0, sizeof *X);
    X->redeal_cb = redeal_cb;
    X->keep_snaps = 1;
    X->deadends = 0;
    X->w_home = 40; X->w_break = 3; X->w_space = 12; X->w_depth = 0; X->break_cap = 8; X->w_need = 0;
}

void ctx_free(Ctx *X) {
    free(X->snaps.items);
    X->snaps.items = NULL;
    X->snaps.n = X->snaps.cap = 0;
}

/* Read the tables and the position, then run one search with the redeal
   callback set: depth-first (mode 0), best-first (1), its greedy pass (2) or
   playouts (3) or nested rollouts (4: of `level`, with `policy`, from `seed`; seed 0: the
   playouts' seed). collect > 0: list that many best positions at the end;
   hold: 1 no redeal, 2 no stock turn. */
static PyObject *run_search(PyObject *rules_list, PyObject *piles, int redeals, PyObject *cb, int mode, int total,
                            double budget, long long max_states, const int *w, int collect, int hold, int redealt,
                            int deadends, int level, int policy, uint64_t seed) {
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    Ctx X;
    ctx_init(&X, cb);
    X.w_home = w[0]; X.w_break = w[1]; X.w_space = w[2]; X.w_depth = w[3]; X.break_cap = w[4]; X.w_need = w[5];
    X.greedy = mode == 2;
    X.hold = hold;
    X.deadends = deadends;
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) {
        if (mode == 0) res = dfs(&X, R, P, total, budget, max_states);
        else if (mode == 3) res = playouts(&X, R, P, total, budget, max_states, 0x5EEDULL + (uint64_t)total);
        else if (mode == 4)
            res = nested_search(&X, R, P, total, budget, max_states, level, policy,
                                seed ? seed : 0x5EEDULL + (uint64_t)total);
        else res = bestfirst(&X, R, P, total, budget, max_states, collect, redealt);
    }
    ctx_free(&X);
    free(R); free(P);
    return res;
}

/* search(rules, piles, redeals, total_cards, budget_seconds, max_states, redeal_callback, mode=0, weights=(...),
          deadends=0, level=1, policy=0, seed=0)
   -> (verdict, moves, states); verdict 1 won, 0 lost, -1 unknown.
   mode 0: depth-first; mode 1: best-first. Both visit every reachable
   position before they answer "lost" (with deadends=1, every one but those
   below a position the dead-end test proves lost). mode 2: the greedy best-first
   pass, whose "lost" (0) only means it found nothing: the caller must not
   report it. mode 3: randomised playouts, which never answer "lost". */
static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals, total, mode = 0, deadends = 0, level = 1, policy = 0;
    unsigned long long seed = 0;
    double budget;
    long long max_states;
    int w[6] = {40, 3, 12, 0, 8, 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLO|i(iiiiii)iiiK", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &total, &budget, &max_states, &cb, &mode, &w[0], &w[1], &w[2], &w[3], &w[4], &w[5],
                          &deadends, &level, &policy, &seed))
        return NULL;
    if (mode < 0 || mode > 4) { PyErr_SetString(PyExc_ValueError, "mode must be 0..4"); return NULL; }
    if (level < 0 || level > 4) { PyErr_SetString(PyExc_ValueError, "level must be 0..4"); return NULL; }
    return run_search(rules_list, piles, redeals, cb, mode, total, budget, max_states, w, 0, 0, 0, deadends, level,
                      policy, (uint64_t)seed);
}

/* explore(rules, piles, redeals, total, budget, max_states, redeal_callback, k, weights, hold_stock, redealt)
   -> (verdict, moves, states, candidates): best-first search of the current
   deal only (no redeal; with hold_stock, no stock turn either), then its k
   positions with the most cards home (the best score among equals first),
   and with redealt > 0 k more whose redeals score best (collect_candidates). */
static PyObject *explore(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals, total, k, hold_stock = 0, redealt = 0, deadends = 0;
    double budget;
    long long max_states;
    int w[6] = {40, 3, 12, 0, 8, 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLOi|(iiiiii)iip", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &total, &budget, &max_states, &cb, &k, &w[0], &w[1], &w[2], &w[3], &w[4], &w[5],
                          &hold_stock, &redealt, &deadends))
        return NULL;
    return run_search(rules_list, piles, redeals, cb, 1, total, budget, max_states, w, k > 0 ? k : 1,
                      hold_stock ? 2 : 1, redealt, deadends, 0, 0, 0);
}

/* The entry points for the tests: read the tables and one position, run
   `fn` on them (with the redeal callback `cb`, or none), free them. */
typedef PyObject *(*PositionFn)(Ctx *, const Rules *, Pos *);

static PyObject *on_position(PyObject *rules_list, PyObject *piles, int redeals, PyObject *cb, PositionFn fn) {
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) {
        Ctx X;
        ctx_init(&X, cb);
        res = fn(&X, R, P);
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
    return on_position(rules_list, piles, redeals, NULL, fn);
}

static PyObject *gen_fn(Ctx *X, const Rules *R, Pos *P) {
    Mv out[MAXM];
    return moves_to_list(out, gen(X, R, P, out));
}

static PyObject *autoplay_fn(Ctx *X, const Rules *R, Pos *P) {
    Mv out[MAXM];
    return moves_to_list(out, autoplay(X, R, P, out));
}

static PyObject *dead_end_fn(Ctx *X, const Rules *R, Pos *P) {
    X->deadends = 1;
    return PyBool_FromLong(dead_end(X, R, P));
}

static PyObject *redeal_fn(Ctx *X, const Rules *R, Pos *P) {
    if (apply(X, R, P, (Mv){-1, -1, 0}) < 0) return NULL;
    PyObject *out = pos_to_list(R, P);
    return out ? Py_BuildValue("(Ni)", out, P->redeals) : NULL;
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
    return on_position(rules_list, piles, redeals, cb, redeal_fn);
}

/* moves(rules, piles, redeals) -> [(src, dst, count)]: the legal moves, as the engine lists them. */
static PyObject *moves(PyObject *self, PyObject *args) { (void)self; return on_parsed_position(args, gen_fn); }

/* autoplay(rules, piles, redeals) -> [(src, dst, count)]: the safe foundation moves auto-play makes. */
static PyObject *py_autoplay(PyObject *self, PyObject *args) { (void)self; return on_parsed_position(args, autoplay_fn); }

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Search for a win; see napoleon/solver/core.py."},
    {"explore", explore, METH_VARARGS, "Search one phase, then list its positions with the most cards home."},
    {"moves", moves, METH_VARARGS, "The legal moves of a position, as the engine lists them."},
    {"autoplay", py_autoplay, METH_VARARGS, "The safe foundation moves auto-play makes."},
    {"dead_end", py_dead_end, METH_VARARGS, "Whether the dead-end test proves a position lost."},
    {"redeal", py_redeal, METH_VARARGS, "The position after a redeal, as the core carries it out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", "The solver's compiled search core.", -1, methods};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "TABLE_VERSION", TABLE_VERSION) < 0) Py_CLEAR(m);
    return m;
}
