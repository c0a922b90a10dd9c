#include "core.h"

/* ------------------------------------------------ a census of a search

   How much could a depth-first search save by learning, from a position it
   has left lost, a pattern that proves other positions lost? A pattern
   learned from the cards a lost subtree never uncovered must keep every
   card the subtree read: the foundations and the stock (a suffix of the
   root's, so its length), and at least the top card of each pile in play
   and of the waste (every move the search tries reads them), or that the
   pile is empty. So no learned pattern of that kind covers two positions
   that differ there, and the search must still visit one position of each
   class of positions alike in those: the number of classes bounds what
   such learning can leave. The census counts the classes when each pile in
   play and the waste are cut to their top `depth` cards, for depth
   1..NC_CENSUS_DEPTHS-1; and with depth 0, the piles in play left out and
   the waste kept whole: the classes a pattern keeping only the foundations,
   the stock and the waste could reach.

   It counts the positions the depth-first search visits that its tests
   (the dead-end and waste tests) do not prove lost, through Ctx.prune,
   which it never answers "lost": the search is the same as without it.
   The classes are kept as 64-bit hashes of their keys: two classes that
   collide count as one (odds of about n^2 / 2^65 for n classes), which for
   a census is noise, not a wrong verdict. */

typedef struct {
    HashSet sets[NC_CENSUS_DEPTHS];
    long long open;
    int root_redeals;
    unsigned char key[4096];
} Census;

/* Whether pile p is a waste pile in phase ph. */
static int is_waste(const Rules *R, int ph, int p) {
    for (int i = 0; i < R->nwaste[ph]; i++)
        if (R->waste[ph][i] == p) return 1;
    return 0;
}

/* P with each pile in play and each waste cut to its top `depth` cards, or
   with depth 0 the piles in play emptied and the wastes left whole: into Q. */
static void cut(const Rules *R, const Pos *P, int depth, Pos *Q) {
    *Q = *P;
    int ph = phase(R, P);
    for (int p = 0; p < R->npiles; p++) {
        int n = P->n[p];
        if (p == R->stock || R->is_found[p] || n <= depth || (depth == 0 && is_waste(R, ph, p))) continue;
        memmove(Q->c[p], &P->c[p][n - depth], (size_t)depth);
        Q->n[p] = depth;
    }
}

static int note(void *arg, const Rules *R, const Pos *P) {
    Census *C = arg;
    Pos Q;
    C->open++;
    for (int depth = 0; depth < NC_CENSUS_DEPTHS; depth++) {
        cut(R, P, depth, &Q);
        int k = make_key(R, &Q, C->root_redeals, C->key);
        if (hset_add(&C->sets[depth], hash_bytes(C->key, (size_t)k)) < 0) return -1;
    }
    return 0;
}

static size_t census_bytes(const void *arg) {
    const Census *C = arg;
    size_t b = 0;
    for (int d = 0; d < NC_CENSUS_DEPTHS; d++) b += C->sets[d].nslots * (sizeof(uint64_t) + sizeof(uint32_t));
    return b;
}

int census(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, NcCensus *counts,
           NcResult *out) {
    Census *C = calloc(1, sizeof *C);
    if (!C) return nc_nomem();
    C->root_redeals = root->redeals;
    int rc = 0;
    for (int d = 0; d < NC_CENSUS_DEPTHS && rc == 0; d++) rc = hset_init(&C->sets[d], 1 << 16);
    if (rc == 0) {
        X->prune = note;
        X->prune_bytes = census_bytes;
        X->prune_arg = C;
        rc = dfs(X, R, root, total, budget, max_states, NULL, out);
        counts->open = C->open;
        for (int d = 0; d < NC_CENSUS_DEPTHS; d++) counts->classes[d] = (long long)C->sets[d].used;
    }
    for (int d = 0; d < NC_CENSUS_DEPTHS; d++) hset_free(&C->sets[d]);
    free(C);
    return rc;
}
