#include "core.h"

/* ------------------------------------------------------- depth-first search */

/* A frame: the moves of one position (mstack[start..start+n)), the next one
   to try, and how many path entries (the move and its auto-play) to take
   back when it is done. */
typedef struct { int start, n, i, pushed; } Frame;

/* One depth-first search's stacks and table. */
typedef struct {
    Ctx *X;
    const Rules *R;
    Pos *P;                       /* the position searched, moved and taken back in place */
    Mv *mstack; size_t mcap, msp; /* the frames' moves */
    Mv *path; size_t pcap, npath; /* the moves made to reach P, auto-play included */
    Frame *frames; size_t fcap, nframes;
    Seen seen;                    /* the positions seen (keys, or fingerprints: keys.c) */
    int root_redeals;
    unsigned char key[4096];
    Mv autos[256];
} Dfs;

/* Room in `*arr` (of `*cap` items of `size` bytes) for index `need`:
   doubled until it fits. 0, or -1 with MemoryError set. */
static int make_room(void **arr, size_t *cap, size_t need, size_t size) {
    if (need < *cap) return 0;
    size_t nc = *cap * 2;
    while (nc <= need) nc *= 2;
    void *na = realloc(*arr, nc * size);
    if (!na) { PyErr_NoMemory(); return -1; }
    *arr = na;
    *cap = nc;
    return 0;
}

/* Take back the last `pushed` moves of the path. */
static void unwind(Dfs *d, int pushed) {
    for (int j = 0; j < pushed; j++) undo(d->X, d->P, d->path[--d->npath]);
}

/* Make `mv` (a macro move as the moves it stands for) and the auto-play
   after it: how many moves went onto the path, or -1 on error. */
static int play(Dfs *d, Mv mv) {
    if (make_room((void **)&d->path, &d->pcap, d->npath + 2 * MAXC + 300, sizeof(Mv)) < 0) return -1;
    int made = make_move(d->X, d->R, d->P, mv, d->path + d->npath);
    if (made < 0) return -1;
    d->npath += made;
    int na = autoplay(d->X, d->R, d->P, d->autos);
    memcpy(d->path + d->npath, d->autos, (size_t)na * sizeof(Mv));
    d->npath += na;
    return made + na;
}

/* Open a frame for the position reached by `pushed` moves, the last of them `last`. */
static int push_frame(Dfs *d, Mv last, int has_last, int after_turn, int pushed) {
    if (make_room((void **)&d->frames, &d->fcap, d->nframes + 1, sizeof(Frame)) < 0 ||
        make_room((void **)&d->mstack, &d->mcap, d->msp + MAXM, sizeof(Mv)) < 0)
        return -1;
    Frame *G = &d->frames[d->nframes++];
    G->start = (int)d->msp;
    G->n = ordered(d->X, d->R, d->P, last, has_last, after_turn, d->mstack + d->msp);
    G->i = 0;
    G->pushed = pushed;
    d->msp += G->n;
    return 0;
}

/* Checked every 4096 positions: 0 to go on, or the verdict to stop with
   (-1 unknown, also on a signal, which leaves its exception set). */
static int past_limits(const Dfs *d, long long states, double deadline, long long max_states) {
    if (PyErr_CheckSignals() < 0) return -1;
    if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) return -1;
    if (d->X->max_bytes > 0 && seen_bytes(&d->seen) + (d->mcap + d->pcap) * sizeof(Mv) + d->fcap * sizeof(Frame) >
                                   (size_t)d->X->max_bytes)
        return STOPPED_MEMORY;
    return 0;
}

/* The search itself: its verdict (1 won, with the line on the path; 0
   lost; -1 unknown or an error, which leaves its exception set;
   STOPPED_MEMORY), the positions it visited in `*states`. */
static int search(Dfs *d, int total, double deadline, long long max_states, long long *states) {
    Ctx *X = d->X;
    const Rules *R = d->R;
    Pos *P = d->P;
    int na = autoplay(X, R, P, d->autos);
    if (PyErr_Occurred()) return -1;
    if (make_room((void **)&d->path, &d->pcap, d->npath + na + 1, sizeof(Mv)) < 0) return -1;
    memcpy(d->path + d->npath, d->autos, (size_t)na * sizeof(Mv));
    d->npath += na;
    if (is_won(R, P, total)) return 1;
    if (seen_add(&d->seen, d->key, (size_t)make_key(R, P, d->root_redeals, d->key)) < 0) return -1;
    *states = 1;
    if (dead_end(X, R, P)) return 0;
    if (push_frame(d, (Mv){0, 0, 0}, 0, 0, na) < 0) return -1;
    while (d->nframes) {
        Frame *F = &d->frames[d->nframes - 1];
        if (F->i == F->n) {
            unwind(d, F->pushed);
            d->msp = F->start;
            d->nframes--;
            continue;
        }
        Mv mv = d->mstack[F->start + F->i++];
        int pushed = play(d, mv);
        if (pushed < 0) return -1;
        if (is_won(R, P, total)) return 1;
        int added = seen_add(&d->seen, d->key, (size_t)make_key(R, P, d->root_redeals, d->key));
        if (added < 0) return -1;
        if (!added) {
            unwind(d, pushed);
            continue;
        }
        ++*states;
        if ((*states & 4095) == 0) {
            int stop = past_limits(d, *states, deadline, max_states);
            if (stop) return stop;
        }
        if (dead_end(X, R, P)) {   /* proven lost: nothing below it to search */
            unwind(d, pushed);
            continue;
        }
        if (push_frame(d, mv, 1, bare_turn(R, mv, pushed), pushed) < 0) return -1;
    }
    return 0;
}

/* The complete depth-first search: every reachable position once (a
   transposition table of canonical keys), moves in order.c's order, with
   the stock's macro moves where X->macro asks for them (A7). "lost" means
   the whole reachable space was visited (with macro moves, every position
   but those with a turned card not yet played). With X->fingerprints the
   positions seen are kept as fingerprints (Seen, keys.c). */
PyObject *dfs(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states) {
    Dfs d = {.X = X, .R = R, .P = root, .mcap = 1 << 16, .pcap = 1 << 12, .fcap = 1 << 12,
             .root_redeals = root->redeals};
    PyObject *result = NULL;
    long long states = 0;
    d.mstack = malloc(d.mcap * sizeof(Mv));
    d.path = malloc(d.pcap * sizeof(Mv));
    d.frames = malloc(d.fcap * sizeof(Frame));
    if (!d.mstack || !d.path || !d.frames) {
        PyErr_NoMemory();
    } else if (seen_init(&d.seen, X->fingerprints) == 0) {
        X->snaps.n = 0;
        int verdict = search(&d, total, budget > 0 ? now() + budget : 0, max_states, &states);
        if (!PyErr_Occurred()) {
            PyObject *mv = moves_to_list(d.path, verdict == 1 ? (int)d.npath : 0);
            if (mv) result = Py_BuildValue("(iNL)", verdict, mv, states);
        }
        seen_free(&d.seen);
    }
    free(d.mstack); free(d.path); free(d.frames);
    return result;
}
