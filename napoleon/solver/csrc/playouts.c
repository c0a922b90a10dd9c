#include "core.h"

/* ---------------------------------------------------------------- playouts */

/* One move of a playout (here and in nested.c), with its auto-play: made on
   P in place and taken back when it leads to a position already in S (a
   position is kilobytes, and copying it twice a step was a tenth of the
   time); a redeal, which cannot be taken back here (no snapshots are kept),
   is made on the copy C and copied back. cache and *valid hold P's pile
   hashes (pos_hash_cached), kept up to date. 1: kept, its auto-play moves in
   autos[0..*a); 0: taken back; -1: an error is set. */
int playout_step(Ctx *X, const Rules *R, Pos *P, Pos *C, Mv m, Mv *autos, int *a, HashSet *S, int root_redeals,
                 uint64_t *cache, uint32_t *valid) {
    Pos *Q = P;
    if (m.src < 0) { *C = *P; Q = C; }
    if (apply(X, R, Q, m) < 0) return -1;
    *a = autoplay(X, R, Q, autos);
    uint32_t changed = moved_piles(m, autos, *a);
    uint64_t h;
    if (Q == P) {
        *valid &= ~changed;
        h = pos_hash_cached(R, P, root_redeals, cache, valid);
    } else h = pos_hash(R, C, root_redeals);
    int added = hset_add(S, h);
    if (added < 0) return -1;
    if (!added) {
        if (Q == P) { take_back(X, P, m, autos, *a); *valid &= ~changed; }
        return 0;
    }
    if (Q == C) { *P = *C; *valid = 0; }
    return 1;
}

/* Randomised playouts: every foundation move is taken at once; otherwise a
   move is drawn at random, a tableau move with probability 1/2 before a stock
   turn, never back to a position of the same playout. Deterministic for a
   seed. Like the X->greedy pass it can only find wins, never prove a loss. */
PyObject *playouts(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, uint64_t seed) {
    size_t pcap = 1 << 14, npath = 0;
    Mv *path = malloc(pcap * sizeof(Mv));
    Pos *P = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    HashSet S;
    uint64_t cache[MAXP];   /* pile hashes of P (pos_hash_cached) */
    uint32_t valid = 0;
    int verdict = -1, tinit = 0;
    long long states = 0;
    PyObject *result = NULL;
    Mv moves_[MAXM], autos[256];
    if (!path || !P || !C) { PyErr_NoMemory(); goto out; }
    if (hset_init(&S, 1 << 14) < 0) goto out;
    tinit = 1;
    X->keep_snaps = 0;
    X->rng = seed;
    double deadline = budget > 0 ? now() + budget : 0;
    for (long long round = 0;; round++) {
        /* A fresh set each playout: it only stops a playout going round in circles. */
        hset_clear(&S);
        *P = *root;
        npath = 0;
        int na = autoplay(X, R, P, autos);
        memcpy(path, autos, (size_t)na * sizeof(Mv));
        npath = (size_t)na;
        if (is_won(R, P, total)) { verdict = 1; goto out; }
        valid = 0;
        if (hset_add(&S, pos_hash_cached(R, P, root->redeals, cache, &valid)) < 0) goto out;
        for (int step = 0; step < 20000; step++) {
            int n = gen(X, R, P, moves_);
            int nf = 0, no = 0, ns = 0;
            Mv fm[MAXM], om[MAXM], sm[MAXM];
            for (int i = 0; i < n; i++) {
                Mv m = moves_[i];
                if (m.src >= 0 && R->is_found[m.dst]) fm[nf++] = m;
                else if (m.src >= 0 && m.src != R->stock) om[no++] = m;
                else sm[ns++] = m;
            }
            int moved = 0;
            for (int attempt = 0; attempt < 8 && !moved; attempt++) {
                Mv m;
                if (nf) m = fm[rng_next(X) % (uint64_t)nf];
                else if (no && (!ns || (rng_next(X) & 1))) m = om[rng_next(X) % (uint64_t)no];
                else if (ns) m = draw_stock_move(X, sm, ns);
                else break;
                int a, added = playout_step(X, R, P, C, m, autos, &a, &S, root->redeals, cache, &valid);
                if (added < 0) goto out;
                if (!added) { nf = 0; continue; }
                if (npath + 1 + (size_t)a + 8 > pcap) {
                    size_t nc = pcap * 2;
                    Mv *np = realloc(path, nc * sizeof(Mv));
                    if (!np) { PyErr_NoMemory(); goto out; }
                    path = np; pcap = nc;
                }
                path[npath++] = m;
                memcpy(path + npath, autos, (size_t)a * sizeof(Mv));
                npath += (size_t)a;
                moved = 1;
                states++;
            }
            if (!moved) {
                if (step == 0 && n == 0) goto out;   /* the root itself has no move: nothing to play out */
                break;
            }
            if (is_won(R, P, total)) { verdict = 1; goto out; }
            if ((states & 4095) == 0) {
                if (PyErr_CheckSignals() < 0) goto out;
                if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) goto out;
            }
        }
        /* Every playout counts, even one that could not move: a cap on
           positions must end the search however short the playouts are. */
        states++;
        if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) goto out;
        if (PyErr_CheckSignals() < 0) goto out;
    }
out:
    X->keep_snaps = 1;
    if (!PyErr_Occurred()) {
        PyObject *mv = moves_to_list(path, verdict == 1 ? (int)npath : 0);
        if (mv) result = Py_BuildValue("(iNL)", verdict, mv, states);
    }
    if (tinit) hset_free(&S);
    free(path); free(P); free(C);
    return result;
}
