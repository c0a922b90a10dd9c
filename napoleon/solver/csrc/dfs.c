#include "core.h"

/* ------------------------------------------------------- depth-first search */

/* A frame: the moves of one position (mstack[start..start+n)), the next one
   to try, and how many path entries (the move and its auto-play) to take
   back when it is done. */
typedef struct { int start, n, i, pushed; } Frame;

/* The complete depth-first search: every reachable position once (a
   transposition table of canonical keys), moves in order.c's order, with
   the stock's macro moves where X->macro asks for them (A7). "lost" means
   the whole reachable space was visited (with macro moves, every position
   but those with a turned card not yet played). */
PyObject *dfs(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states) {
    Pos *P = root;
    size_t mcap = 1 << 16, pcap = 1 << 12;
    Mv *mstack = malloc(mcap * sizeof(Mv));
    Mv *path = malloc(pcap * sizeof(Mv));
    size_t fcap = 1 << 12;
    Frame *frames = malloc(fcap * sizeof(Frame));
    Table T;
    PyObject *result = NULL;
    int verdict = -1;
    long long states = 0;
    size_t npath = 0, nframes = 0, msp = 0;
    if (!mstack || !path || !frames) { PyErr_NoMemory(); goto out_free; }
    if (table_init(&T, 1 << 16) < 0) goto out_free;
    X->snaps.n = 0;
    int root_redeals = root->redeals;
    double deadline = budget > 0 ? now() + budget : 0;
    unsigned char key[4096];
    Mv autos[256];

#define GROW(arr, cap, need, type) do { if ((need) >= (cap)) { size_t nc = (cap) * 2; while (nc <= (need)) nc *= 2; \
        type *na = realloc(arr, nc * sizeof(type)); if (!na) { PyErr_NoMemory(); goto out; } arr = na; cap = nc; } } while (0)

    int na = autoplay(X, R, P, autos);
    if (PyErr_Occurred()) goto out;
    GROW(path, pcap, npath + na + 1, Mv);
    memcpy(path + npath, autos, (size_t)na * sizeof(Mv));
    npath += na;
    if (is_won(R, P, total)) { verdict = 1; goto out; }
    if (table_add(&T, key, (size_t)make_key(R, P, root_redeals, key)) < 0) goto out;
    states = 1;
    if (dead_end(X, R, P)) { verdict = 0; npath = 0; goto out; }
    GROW(mstack, mcap, msp + MAXM, Mv);
    frames[0].start = (int)msp;
    frames[0].n = ordered(X, R, P, (Mv){0, 0, 0}, 0, 0, mstack + msp);
    frames[0].i = 0;
    frames[0].pushed = na;
    msp += frames[0].n;
    nframes = 1;
    while (nframes) {
        Frame *F = &frames[nframes - 1];
        if (F->i == F->n) {
            for (int j = 0; j < F->pushed; j++) undo(X, P, path[--npath]);
            msp = F->start;
            nframes--;
            continue;
        }
        Mv mv = mstack[F->start + F->i++];
        GROW(path, pcap, npath + 2 * MAXC + 300, Mv);
        int made = make_move(X, R, P, mv, path + npath);   /* a macro move is made as the moves it stands for */
        if (made < 0) goto out;
        npath += made;
        na = autoplay(X, R, P, autos);
        memcpy(path + npath, autos, (size_t)na * sizeof(Mv));
        npath += na;
        int pushed = made + na;
        if (is_won(R, P, total)) { verdict = 1; goto out; }
        int added = table_add(&T, key, (size_t)make_key(R, P, root_redeals, key));
        if (added < 0) goto out;
        if (!added) {
            for (int j = 0; j < pushed; j++) undo(X, P, path[--npath]);
            continue;
        }
        states++;
        if ((states & 4095) == 0) {
            if (PyErr_CheckSignals() < 0) goto out;
            if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) {
                verdict = -1;
                npath = 0;
                goto out;
            }
            if (X->max_bytes > 0 && table_bytes(&T) + (mcap + pcap) * sizeof(Mv) + fcap * sizeof(Frame) >
                                        (size_t)X->max_bytes) {
                verdict = STOPPED_MEMORY;
                npath = 0;
                goto out;
            }
        }
        if (dead_end(X, R, P)) {   /* proven lost: nothing below it to search */
            for (int j = 0; j < pushed; j++) undo(X, P, path[--npath]);
            continue;
        }
        GROW(frames, fcap, nframes + 1, Frame);
        GROW(mstack, mcap, msp + MAXM, Mv);
        Frame *G = &frames[nframes++];
        G->start = (int)msp;
        G->n = ordered(X, R, P, mv, 1, bare_turn(R, mv, pushed), mstack + msp);
        G->i = 0;
        G->pushed = pushed;
        msp += G->n;
    }
    verdict = 0;
    npath = 0;
out:
    if (!PyErr_Occurred()) {
        PyObject *mv = moves_to_list(path, verdict == 1 ? (int)npath : 0);
        if (mv) {
            result = Py_BuildValue("(iNL)", verdict, mv, states);
        }
    }
    table_free(&T);
out_free:
    free(mstack); free(path); free(frames);
    return result;
#undef GROW
}

