/* The CPython binding's entry points that read the core one step at a time,
   from one position (napoleon/solver/probes.py: moves, auto-play, keys,
   dead-end tests, redeals, projections, layers, checked playouts), and the
   census (census.py). No search of the package calls them: they are what the
   tests hold the core to the engine with, kept apart from the searches'
   entry points in module.c, whose PyInit__core adds `probe_methods` to the
   module. */
#include "module.h"

/* layer(rules, root_piles, piles, redeals) -> int: the position's layer in a
   layered search from the root (both positions at that redeal count). */
static PyObject *py_layer(PyObject *self, PyObject *args) {
    PyObject *rules_list, *root_piles, *piles;
    int redeals;
    NcRules *R;
    NcPos *root, *P;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!i", &PyList_Type, &rules_list, &PyList_Type, &root_piles, &PyList_Type, &piles,
                          &redeals))
        return NULL;
    if (load_position(rules_list, root_piles, redeals, &R, &root) < 0) return NULL;
    P = pos_from(R, piles, redeals);
    int L = P ? nc_layer(R, root, P) : -1;
    nc_rules_free(R);
    nc_pos_free(root);
    if (!P) return NULL;
    nc_pos_free(P);
    return L < 0 ? raise_core_error() : PyLong_FromLong(L);
}

/* What the position entry points do with a position: into a Python value, or NULL. */
typedef PyObject *(*PositionFn)(const NcRules *R, NcPos *P, void *arg);

static PyObject *on_position(PyObject *args, const char *format, PositionFn fn, void *arg, int *extra) {
    PyObject *rules_list, *piles;
    int redeals;
    NcRules *R;
    NcPos *P;
    int ok = extra ? PyArg_ParseTuple(args, format, &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, extra)
                   : PyArg_ParseTuple(args, format, &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals);
    if (!ok || load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    PyObject *out = fn(R, P, arg);
    nc_rules_free(R);
    nc_pos_free(P);
    return out;
}

static PyObject *moves_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    NcMove out[NC_MAX_MOVES];
    int n = nc_moves(R, P, out);
    return n < 0 ? raise_core_error() : moves_to_list(out, (size_t)n);
}

static PyObject *autoplay_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    NcMove out[NC_MAX_MOVES];
    int n = nc_autoplay(R, P, out);
    return n < 0 ? raise_core_error() : moves_to_list(out, (size_t)n);
}

static PyObject *dead_end_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    int dead = nc_dead_end(R, P);
    return dead < 0 ? raise_core_error() : PyBool_FromLong(dead);
}

static PyObject *waste_dead_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    int dead = nc_waste_dead(R, P);
    return dead < 0 ? raise_core_error() : PyBool_FromLong(dead);
}

/* A position's piles as a list of lists of cards. */
static PyObject *piles_of(const NcRules *R, const NcPos *P) {
    int *cells = PyMem_Malloc(nc_pos_cells(R) * sizeof(int));
    if (!cells) return PyErr_NoMemory();
    nc_pos_write(R, P, cells);
    int npiles = nc_rules_piles(R), at = 0;
    PyObject *piles = PyList_New(npiles);
    for (int p = 0; piles && p < npiles; p++) {
        int n = cells[at++];
        PyObject *pile = PyList_New(n);
        for (int i = 0; pile && i < n; i++) {
            PyObject *card = PyLong_FromLong(cells[at + i]);
            if (!card) Py_CLEAR(pile);
            else PyList_SET_ITEM(pile, i, card);
        }
        at += n;
        if (!pile) Py_CLEAR(piles);
        else PyList_SET_ITEM(piles, p, pile);
    }
    PyMem_Free(cells);
    return piles;
}

static PyObject *redeal_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    if (nc_redeal(R, P) < 0) return raise_core_error();
    PyObject *piles = piles_of(R, P);
    return piles ? Py_BuildValue("(Ni)", piles, nc_pos_redeals(P)) : NULL;
}

/* project(rules, piles, redeals, total, kept) -> piles: the projection onto the suits of the
   mask `kept` as the core makes it (projection.c), for the tests to hold against projection.py's. */
static PyObject *py_project(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, total, kept;
    NcRules *R;
    NcPos *P;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iii", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &total, &kept))
        return NULL;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    NcPos *Q = pos_from(R, piles, redeals);   /* room for the projection */
    PyObject *out = NULL;
    if (Q) out = nc_project(R, P, total, kept, Q) < 0 ? raise_core_error() : piles_of(R, Q);
    nc_pos_free(Q);
    nc_rules_free(R);
    nc_pos_free(P);
    return out;
}

/* projection_lost(rules, piles, redeals, total, size, cap, deadends, macro) -> (lost, (asked,
   searched, their positions, lost, cut)): whether some projection onto `size` suits is lost by
   a depth-first search of at most `cap` positions (projection.c). */
static PyObject *py_projection_lost(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, size;
    long long cap;
    NcSettings S;
    NcRules *R;
    NcPos *P;
    NcProjections J;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!iiiLip", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &S.total,
                          &size, &cap, &S.deadends, &S.macro))
        return NULL;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    int lost = nc_projection_lost(R, P, &S, size, cap, &J);
    nc_rules_free(R);
    nc_pos_free(P);
    return lost < 0 ? raise_core_error() : Py_BuildValue("(NN)", PyBool_FromLong(lost), projections_tuple(&J));
}

/* census(rules, piles, redeals, total, budget, max_states, deadends, macro) -> (verdict, states,
   open, classes): a depth-first search and its census (census.c): the positions its tests did
   not prove lost, and their classes with the piles in play and the waste cut to 0..3 cards (a
   tuple; 0: the piles in play left out, the waste whole). */
static PyObject *py_census(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals;
    NcSettings S;
    NcRules *R;
    NcPos *P;
    NcCensus C;
    NcResult r;
    (void)self;
    nc_settings_init(&S);
    if (!PyArg_ParseTuple(args, "O!O!iidLip", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &S.total,
                          &S.budget, &S.max_states, &S.deadends, &S.macro))
        return NULL;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    int rc = nc_census(R, P, &S, &C, &r);
    nc_rules_free(R);
    nc_pos_free(P);
    if (rc < 0) return raise_core_error();
    PyObject *classes = PyTuple_New(NC_CENSUS_DEPTHS);
    for (int d = 0; classes && d < NC_CENSUS_DEPTHS; d++)
        PyTuple_SET_ITEM(classes, d, PyLong_FromLongLong(C.classes[d]));
    PyObject *out = classes ? Py_BuildValue("(iLLN)", r.verdict, r.states, C.open, classes) : NULL;
    nc_result_free(&r);
    return out;
}

static PyObject *dfs_moves_fn(const NcRules *R, NcPos *P, void *arg) {
    (void)arg;
    NcResult r;
    if (nc_dfs_moves(R, P, &r) < 0) return raise_core_error();
    PyObject *out = lines_to_list(&r, 1);
    nc_result_free(&r);
    return out;
}

static PyObject *key_fn(const NcRules *R, NcPos *P, void *arg) {
    unsigned char key[NC_MAX_KEY];
    uint64_t hash;
    int len = nc_key(R, P, *(const int *)arg, key, &hash);
    if (len < 0) return raise_core_error();
    return Py_BuildValue("(y#K)", (const char *)key, (Py_ssize_t)len, (unsigned long long)hash);
}

/* moves(rules, piles, redeals) -> [(src, dst, count)]: the legal moves, as the engine lists them. */
static PyObject *moves(PyObject *self, PyObject *args) { (void)self; return on_position(args, "O!O!i", moves_fn, NULL, NULL); }

/* autoplay(rules, piles, redeals) -> [(src, dst, count)]: the safe foundation moves auto-play makes. */
static PyObject *py_autoplay(PyObject *self, PyObject *args) {
    (void)self;
    return on_position(args, "O!O!i", autoplay_fn, NULL, NULL);
}

/* dead_end(rules, piles, redeals) -> bool: whether the dead-end test proves the position lost. */
static PyObject *py_dead_end(PyObject *self, PyObject *args) {
    (void)self;
    return on_position(args, "O!O!i", dead_end_fn, NULL, NULL);
}

/* waste_dead(rules, piles, redeals) -> bool: whether the waste test proves the position lost. */
static PyObject *py_waste_dead(PyObject *self, PyObject *args) {
    (void)self;
    return on_position(args, "O!O!i", waste_dead_fn, NULL, NULL);
}

/* redeal(rules, piles, redeals) -> (piles, redeals): the position after a
   redeal as the core carries it out from the game's data, for the tests to
   hold against the engine's. */
static PyObject *py_redeal(PyObject *self, PyObject *args) {
    (void)self;
    return on_position(args, "O!O!i", redeal_fn, NULL, NULL);
}

/* dfs_moves(rules, piles, redeals) -> [[(src, dst, count)]]: the moves depth-first search
   tries from a position, macro moves spelled out. */
static PyObject *py_dfs_moves(PyObject *self, PyObject *args) {
    (void)self;
    return on_position(args, "O!O!i", dfs_moves_fn, NULL, NULL);
}

/* key(rules, piles, redeals, root_redeals) -> (bytes, int): the position's
   canonical key (make_key) and its hash (pos_hash), for the tests to check
   that the hash tells positions apart exactly as the key does. */
static PyObject *py_key(PyObject *self, PyObject *args) {
    int root_redeals;
    (void)self;
    return on_position(args, "O!O!ii", key_fn, &root_redeals, &root_redeals);
}

/* playout_check(rules, piles, redeals, total, budget (unused), max_states, seed)
   -> positions checked: csrc/nested.c, for the tests. */
static PyObject *py_playout_check(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles;
    int redeals, total;
    double budget;
    long long max_states;
    unsigned long long seed;
    NcRules *R;
    NcPos *P;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLK", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals, &total,
                          &budget, &max_states, &seed))
        return NULL;
    if (load_position(rules_list, piles, redeals, &R, &P) < 0) return NULL;
    long long n = nc_playout_check(R, P, total, max_states, (uint64_t)seed);
    nc_rules_free(R);
    nc_pos_free(P);
    return n < 0 ? raise_core_error() : PyLong_FromLongLong(n);
}

PyMethodDef probe_methods[] = {
    {"census", py_census, METH_VARARGS, "A depth-first search and what learning could at best cut it to."},
    {"layer", py_layer, METH_VARARGS, "A position's layer in a layered search from a root."},
    {"moves", moves, METH_VARARGS, "The legal moves of a position, as the engine lists them."},
    {"autoplay", py_autoplay, METH_VARARGS, "The safe foundation moves auto-play makes."},
    {"dfs_moves", py_dfs_moves, METH_VARARGS, "The moves depth-first search tries, macro moves spelled out."},
    {"dead_end", py_dead_end, METH_VARARGS, "Whether the dead-end test proves a position lost."},
    {"waste_dead", py_waste_dead, METH_VARARGS, "Whether the waste test proves a position lost."},
    {"key", py_key, METH_VARARGS, "A position's canonical key and its hash."},
    {"playout_check", py_playout_check, METH_VARARGS, "Playouts with what they keep checked at every move (tests)."},
    {"redeal", py_redeal, METH_VARARGS, "The position after a redeal, as the core carries it out."},
    {"project", py_project, METH_VARARGS, "A position's projection onto fewer suits, as the core makes it."},
    {"projection_lost", py_projection_lost, METH_VARARGS, "Whether a projection onto fewer suits is lost."},
    {NULL, NULL, 0, NULL},
};
