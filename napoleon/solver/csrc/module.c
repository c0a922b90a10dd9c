/* The CPython binding of the search core (napoleon.solver._core): Python
   lists in, the C API of napoleon_core.h, Python values out. It and
   module_probes.c are the only files of the core that know Python; wasm.c is
   the same binding for JavaScript. Here: the conversions both files use
   (module.h), the entry points of the searches and the module itself. The
   entry points and what they answer are listed in `methods` below and in
   module_probes.c's `probe_methods`; the Python modules that call them
   describe them. */
#include "module.h"

/* ------------------------------------------------------------ errors */

/* The core's last failure as a Python exception; NULL. An interrupt or an
   error of Python's own (the signal handler's) is already set. */
PyObject *raise_core_error(void) {
    int code = nc_error();
    if ((code == NC_ERR_INTERRUPTED || code == NC_ERR_HOST) && PyErr_Occurred()) return NULL;
    if (code == NC_ERR_OS) {
        errno = nc_error_errno();
        const char *file = nc_error_filename();
        return *file ? PyErr_SetFromErrnoWithFilename(PyExc_OSError, file) : PyErr_SetFromErrno(PyExc_OSError);
    }
    PyObject *type = code == NC_ERR_MEMORY ? PyExc_MemoryError
                     : code == NC_ERR_NOT_COMPILABLE ? PyExc_NotImplementedError
                     : code == NC_ERR_RUNTIME ? PyExc_RuntimeError
                     : code == NC_ERR_ASSERTION ? PyExc_AssertionError
                     : code == NC_ERR_INTERRUPTED ? PyExc_KeyboardInterrupt
                     : PyExc_ValueError;
    PyErr_SetString(type, nc_error_message());
    return NULL;
}

/* Python's signal handlers, run now and then by the long searches: Ctrl-C
   stops a search (a depth-first one keeps its checkpoint), and so does an
   exception a handler raises. */
static int check_signals(void) {
    if (PyErr_CheckSignals() == 0) return 0;
    return PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) ? NC_ERR_INTERRUPTED : NC_ERR_HOST;
}

/* ------------------------------------------------ Python values to the core */

static NcRules *rules_from(PyObject *list) {
    Py_ssize_t n = PyList_GET_SIZE(list);
    uint64_t *table = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(uint64_t));
    if (!table) return (NcRules *)PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n; i++) {
        table[i] = PyLong_AsUnsignedLongLongMask(PyList_GET_ITEM(list, i));
        if (PyErr_Occurred()) { PyMem_Free(table); return NULL; }
    }
    NcRules *R = nc_rules_read(table, (size_t)n);
    PyMem_Free(table);
    if (!R) raise_core_error();
    return R;
}

/* A position from its piles (a list of lists of cards). */
NcPos *pos_from(const NcRules *R, PyObject *piles, int redeals) {
    if (!PyList_Check(piles) || PyList_GET_SIZE(piles) != nc_rules_piles(R)) {
        PyErr_SetString(PyExc_ValueError, "piles must be a list with one list per pile");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(piles), ncells = n;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *pile = PyList_GET_ITEM(piles, p);
        if (!PyList_Check(pile)) { PyErr_SetString(PyExc_ValueError, "bad pile"); return NULL; }
        ncells += PyList_GET_SIZE(pile);
    }
    int *cells = PyMem_Malloc((size_t)ncells * sizeof(int));
    if (!cells) return (NcPos *)PyErr_NoMemory();
    Py_ssize_t at = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *pile = PyList_GET_ITEM(piles, p);
        Py_ssize_t size = PyList_GET_SIZE(pile);
        cells[at++] = size > 1 << 20 ? 1 << 20 : (int)size;
        for (Py_ssize_t i = 0; i < size; i++) {
            long v = PyLong_AsLong(PyList_GET_ITEM(pile, i));
            if (v == -1 && PyErr_Occurred()) { PyMem_Free(cells); return NULL; }
            cells[at++] = v < 0 || v > 255 ? 0 : (int)v;   /* out of range: the core refuses it */
        }
    }
    NcPos *P = nc_pos_read(R, cells, (size_t)ncells, redeals);
    PyMem_Free(cells);
    if (!P) raise_core_error();
    return P;
}

/* Both, or NULL with the exception set (nothing to free). */
int load_position(PyObject *rules_list, PyObject *piles, int redeals, NcRules **R, NcPos **P) {
    *R = rules_from(rules_list);
    *P = *R ? pos_from(*R, piles, redeals) : NULL;
    if (*P) return 0;
    nc_rules_free(*R);
    *R = NULL;
    return -1;
}

/* ------------------------------------------------ the core's results to Python */

PyObject *moves_to_list(const NcMove *mv, size_t n) {
    PyObject *out = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; out && i < n; i++) {
        PyObject *t = Py_BuildValue("(iii)", mv[i].src, mv[i].dst, mv[i].count);
        if (!t) Py_CLEAR(out);
        else PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
    return out;
}

/* (moves, home, score, lane) for each line, or [moves] with bare. */
PyObject *lines_to_list(const NcResult *r, int bare) {
    PyObject *out = PyList_New((Py_ssize_t)r->nlines);
    for (size_t i = 0; out && i < r->nlines; i++) {
        const NcLine *L = &r->lines[i];
        PyObject *mv = moves_to_list(L->moves, L->nmoves);
        PyObject *item = !mv || bare ? mv : Py_BuildValue("(Niii)", mv, L->home, L->score, L->lane);
        if (!item) Py_CLEAR(out);
        else PyList_SET_ITEM(out, (Py_ssize_t)i, item);
    }
    return out;
}

/* (verdict, moves, states), and the candidates with lines; frees r. */
static PyObject *answer(NcResult *r, int lines) {
    PyObject *mv = moves_to_list(r->moves, r->nmoves);
    PyObject *out = NULL;
    if (mv && lines) {
        PyObject *found = lines_to_list(r, 0);
        out = found ? Py_BuildValue("(iNLN)", r->verdict, mv, r->states, found) : NULL;
        if (!found) Py_DECREF(mv);
    } else if (mv) out = Py_BuildValue("(iNL)", r->verdict, mv, r->states);
    nc_result_free(r);
    return out;
}

PyObject *projections_tuple(const NcProjections *J) {
    return Py_BuildValue("(LLLLL)", J->asked, J->searched, J->states, J->lost, J->cut);
}

/* Run search S from the tables and piles given: answer()'s tuple, and with
   projections asked (S->proj_size) what they did as a fourth item. */
static PyObject *run_search(PyObject *rules_list, PyObject *piles, int redeals, const NcSettings *S) {
    NcRules *R;
    NcPos *P;
    NcResult r;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    int rc = nc_search(R, P, S, &r);
    nc_rules_free(R);
    nc_pos_free(P);
    if (rc < 0) return raise_core_error();
    NcProjections J = r.proj;
    PyObject *out = answer(&r, 0);
    if (!out || !S->proj_size) return out;
    PyObject *stats = projections_tuple(&J);
    PyObject *both = stats ? Py_BuildValue("(OOON)", PyTuple_GET_ITEM(out, 0), PyTuple_GET_ITEM(out, 1),
                                           PyTuple_GET_ITEM(out, 2), stats) : NULL;
    Py_DECREF(out);
    return both;
}

/* ------------------------------------------------------------ entry points */

/* search(rules, piles, redeals, total_cards, budget_seconds, max_states, mode=0, weights=(...),
          deadends=0, level=1, policy=0, seed=0, macro=1, fingerprints=0, checkpoint=None, tag=b"",
          projections=(size, stock, cap))
   -> (verdict, moves, states); verdict 1 won, 0 lost, -1 unknown, -3 the memory limit. With
   projections of size 1..3 (0: none), a fourth item: (asked, searched, their positions, lost,
   positions cut) (NcProjections).
   mode 0: depth-first; 1: best-first; 2: the greedy best-first pass; 3:
   randomised playouts; 4: nested rollouts of `level` (napoleon_core.h, core.py). */
static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals;
    unsigned long long seed = 0;
    Py_ssize_t tag_len = 0;
    NcSettings S;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!iidL|i(iiiiii)iiiKppzy#(iiL)", &PyList_Type, &rules_list, &PyList_Type,
                          &piles, &redeals, &S.total, &S.budget, &S.max_states, &S.mode, &S.weights[0],
                          &S.weights[1], &S.weights[2], &S.weights[3], &S.weights[4], &S.weights[5], &S.deadends,
                          &S.level, &S.policy, &seed, &S.macro, &S.fingerprints, &S.checkpoint, &S.tag, &tag_len,
                          &S.proj_size, &S.proj_stock, &S.proj_cap))
        return NULL;
    if (S.mode < 0 || S.mode > 4) { PyErr_SetString(PyExc_ValueError, "mode must be 0..4"); return NULL; }
    S.seed = (uint64_t)seed;
    S.tag_len = (size_t)tag_len;
    return run_search(rules_list, piles, redeals, &S);
}

/* beam(rules, piles, redeals, total, budget, max_states, width, stage_states, keep, weights, deadends)
   -> (verdict, moves, states): the beam over the stock's turns (beam.c), verdict 1 won or -1. */
static PyObject *py_beam(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals;
    NcSettings S;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!iidLiii|(iiiiii)p", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &S.total, &S.budget, &S.max_states, &S.width, &S.stage_states, &S.keep, &S.weights[0],
                          &S.weights[1], &S.weights[2], &S.weights[3], &S.weights[4], &S.weights[5], &S.deadends))
        return NULL;
    S.mode = NC_BEAM;
    return run_search(rules_list, piles, redeals, &S);
}

/* layers(rules, piles, redeals, total, budget, max_states, deadends, macro, folder, log=b"", tag=None)
   -> (verdict, moves, states, (layers, largest, largest_at, stored, peak_bytes, peak_held)): the
   layered search (layers.c); NotImplementedError for a game whose layers could shrink. With a tag,
   `folder` keeps the search if it stops short, and a search kept there is taken up. */
static PyObject *py_layers(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals;
    const char *folder, *log = NULL;
    Py_ssize_t tag_len = 0;
    NcSettings S;
    NcRules *R;
    NcPos *P;
    NcResult r;
    NcLayerStats st;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!iidLipy|yz#", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &S.total, &S.budget, &S.max_states, &S.deadends, &S.macro, &folder, &log, &S.tag, &tag_len))
        return NULL;
    S.tag_len = (size_t)tag_len;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    int rc = nc_layers(R, P, &S, folder, log, &r, &st);
    nc_rules_free(R);
    nc_pos_free(P);
    if (rc < 0) return raise_core_error();
    PyObject *head = answer(&r, 0);
    if (!head) return NULL;
    PyObject *out = Py_BuildValue("(OOO(iLiLLL))", PyTuple_GET_ITEM(head, 0), PyTuple_GET_ITEM(head, 1),
                                  PyTuple_GET_ITEM(head, 2), st.layers, st.largest, st.largest_at, st.stored,
                                  st.peak_bytes, st.peak_held);
    Py_DECREF(head);
    return out;
}

/* estimate(rules, piles, redeals, total, budget, cap, probes, seed, deadends, macro, commute=True)
   -> (probes, depths, exact, won, spent, spent_seconds): csrc/estimate.c, through nc_estimate. */
static PyObject *py_estimate(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, probes;
    long long cap;
    unsigned long long seed;
    NcSettings S;
    NcRules *R;
    NcPos *P;
    NcEstimate e;
    (void)self;
    nc_settings_init(&S);
    int commute = 1;
    if (!PyArg_ParseTuple(args, "O!O!iidLiKip|p", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &S.total,
                          &S.budget, &cap, &probes, &seed, &S.deadends, &S.macro, &commute))
        return NULL;
    S.seed = (uint64_t)seed;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    int rc = nc_estimate(R, P, &S, cap, probes, commute, &e);
    nc_rules_free(R);
    nc_pos_free(P);
    if (rc < 0) return raise_core_error();
    PyObject *logs = PyList_New(e.n), *depths = PyList_New(e.n);
    for (int i = 0; logs && depths && i < e.n; i++) {
        PyList_SET_ITEM(logs, i, PyFloat_FromDouble(e.probes[i]));
        PyList_SET_ITEM(depths, i, PyLong_FromLong(e.depths[i]));
    }
    nc_estimate_free(&e);
    if (!logs || !depths) { Py_XDECREF(logs); Py_XDECREF(depths); return NULL; }
    return Py_BuildValue("(NNiiLd)", logs, depths, e.exact, e.won, e.spent, e.spent_seconds);
}

#define KEPT_NAME "napoleon.exploration"

static void kept_destroy(PyObject *capsule) { nc_exploration_free(PyCapsule_GetPointer(capsule, KEPT_NAME)); }

/* exploration(rules, piles, redeals, total, weights, hold_stock, deadends, ahead_slots)
   -> capsule: a best-first search of the current deal only (no redeal; with
   hold_stock, no stock turn either), not started yet (explore_more starts it).
   ahead_slots: -1 the core's default. */
static PyObject *py_exploration(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, hold_stock;
    NcSettings S;
    NcRules *R;
    NcPos *P;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!ii(iiiiii)ppL", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &S.total, &S.weights[0], &S.weights[1], &S.weights[2], &S.weights[3], &S.weights[4],
                          &S.weights[5], &hold_stock, &S.deadends, &S.ahead))
        return NULL;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    NcExploration *E = nc_exploration_new(R, P, &S, hold_stock);
    nc_rules_free(R);
    nc_pos_free(P);
    if (!E) return raise_core_error();
    PyObject *capsule = PyCapsule_New(E, KEPT_NAME, kept_destroy);
    if (!capsule) nc_exploration_free(E);
    return capsule;
}

/* explore_more(capsule, budget, max_states, k, redealt) -> (verdict, moves, states, candidates):
   the exploration taken on to max_states positions in all, then its k best
   positions, and with redealt > 0 k redeal points judged by their redeal
   (candidates.c); each candidate (moves from the root, cards home, score, lane). */
static PyObject *py_explore_more(PyObject *self, PyObject *args) {
    PyObject *capsule;
    double budget;
    long long max_states;
    int k, redealt;
    NcResult r;
    (void)self;
    if (!PyArg_ParseTuple(args, "OdLii", &capsule, &budget, &max_states, &k, &redealt)) return NULL;
    NcExploration *E = PyCapsule_GetPointer(capsule, KEPT_NAME);
    if (!E) return NULL;
    return nc_exploration_more(E, budget, max_states, k, redealt, &r) < 0 ? raise_core_error() : answer(&r, 1);
}

/* exploration_bytes(capsule) -> int: the memory the exploration holds. */
static PyObject *py_exploration_bytes(PyObject *self, PyObject *capsule) {
    (void)self;
    NcExploration *E = PyCapsule_GetPointer(capsule, KEPT_NAME);
    return E ? PyLong_FromSize_t(nc_exploration_bytes(E)) : NULL;
}

/* set_memory_limit(bytes): what each search started from now on may take (0: no limit). */
static PyObject *py_set_memory_limit(PyObject *self, PyObject *arg) {
    (void)self;
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "a memory limit is a number of bytes, 0 for none"); return NULL; }
    nc_set_memory_limit(n);
    Py_RETURN_NONE;
}

/* memory_limit() -> bytes (0: no limit). */
static PyObject *py_memory_limit(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
    return PyLong_FromLongLong(nc_memory_limit());
}

static PyMethodDef methods[] = {
    {"set_memory_limit", py_set_memory_limit, METH_O, "Set the memory each search may take, in bytes (0: none)."},
    {"memory_limit", py_memory_limit, METH_NOARGS, "The memory each search may take, in bytes (0: none)."},
    {"search", search, METH_VARARGS, "Search for a win; see napoleon/solver/core.py."},
    {"estimate", py_estimate, METH_VARARGS, "Random probes estimating a depth-first search's positions."},
    {"exploration", py_exploration, METH_VARARGS, "A best-first search of one deal, kept open; not started."},
    {"explore_more", py_explore_more, METH_VARARGS, "Take an exploration on, then list its best positions."},
    {"exploration_bytes", py_exploration_bytes, METH_O, "The memory an exploration holds."},
    {"layers", py_layers, METH_VARARGS, "The layered search; see napoleon/solver/layered.py."},
    {"beam", py_beam, METH_VARARGS, "A beam over the stock's turns; see napoleon/solver/staged.py."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", "The solver's compiled search core.", -1, methods};

PyMODINIT_FUNC PyInit__core(void) {
    nc_set_interrupt_hook(check_signals);
    PyObject *m = PyModule_Create(&module);
    if (m && (PyModule_AddFunctions(m, probe_methods) < 0
              || PyModule_AddIntConstant(m, "TABLE_VERSION", NC_TABLE_VERSION) < 0))
        Py_CLEAR(m);
    return m;
}
