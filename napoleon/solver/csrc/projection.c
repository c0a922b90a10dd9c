#include "core.h"

/* ------------------------------------------ projections onto fewer suits

   napoleon/solver/projection.py's rule inside depth-first search: a
   position is lost if its projection onto a set of suits (every card of the
   other suits put home, the kept cards where they are, in order) is lost.
   Why it is sound, and where, is argued there: core.search asks
   projectable.refusal() of the game before it asks for projections, and
   no redeal may be left (checked here, per position). The projection is a position of the same
   game, searched by dfs() itself with the same tables: nothing of the rules
   is written again here, only the cards moved home (project(), which
   tests/solver/test_projection_core.py holds to projection.py's project()).

   A search inside a search: each projection's dfs() has a Ctx of its own
   (its snapshots, its count of dead ends, no projections of its own) and its
   own Dfs (stacks, table of positions, key buffers); the position it is
   given is the projection, made afresh for it. The only state they share is process-wide or per thread
   (common.c): the last failure, which a projection's failure leaves for the
   outer search to report; the interrupt hook, which stops both; and the
   memory limit, which each takes whole (a projection's search is capped at
   `cap` positions, far below it). */

#define SUIT(c) ((c) >> 4)

int projections_init(Projections *J, const Rules *R, int total, int size, int stock, long long cap, int deadends,
                     int macro) {
    memset(J, 0, sizeof *J);
    if (size < 1 || size > 3) return nc_fail(NC_ERR_VALUE, "a projection keeps 1 to 3 of the 4 suits, not %d", size);
    if (cap < 1 || stock < 0) return nc_fail(NC_ERR_VALUE, "a projection's cap must be at least 1, its stock at least 0");
    /* In projection.py's order (itertools.combinations): by the sets' lists of
       suits, so by their masks bit-reversed (suit 0 the highest bit), descending. */
    for (int r = 15; r > 0; r--) {
        int kept = (r >> 3 & 1) | (r >> 1 & 2) | (r << 1 & 4) | (r << 3 & 8);
        if (__builtin_popcount((unsigned)kept) == size) J->subsets[J->nsubsets++] = kept;
    }
    J->total = total;
    J->stock = stock;
    J->cap = cap;
    J->deadends = deadends;
    J->macro = macro;
    if (table_init(&J->lost, 1 << 10) == 0 && table_init(&J->open, 1 << 10) == 0) return 0;
    projections_free(J);
    return -1;
}

void projections_free(Projections *J) {
    table_free(&J->lost);
    table_free(&J->open);
}

size_t projections_bytes(const Projections *J) { return table_bytes(&J->lost) + table_bytes(&J->open); }

void project(const Rules *R, const Pos *P, int kept, Pos *Q) {
    int empty[MAXP], nempty = 0;
    Q->redeals = P->redeals;
    for (int p = 0; p < R->npiles; p++) {
        int n = 0;
        if (R->is_found[p]) {
            memcpy(Q->c[p], P->c[p], (size_t)P->n[p]);
            n = P->n[p];
        } else {
            for (int i = 0; i < P->n[p]; i++)
                if (kept >> SUIT(P->c[p][i]) & 1) Q->c[p][n++] = P->c[p][i];
        }
        Q->n[p] = n;
    }
    for (int i = 0; i < R->nfound; i++)
        if (!Q->n[R->found[i]]) empty[nempty++] = R->found[i];
    /* As projection.py does: the foundations begun in a suit, then empty
       ones from the last, each made whole (a suit has R->copies of them). */
    for (int s = 0; s < 4; s++) {
        if (kept >> s & 1) continue;
        int whole[MAXP], n = 0;
        for (int i = 0; i < R->nfound; i++) {
            int f = R->found[i];
            if (P->n[f] && SUIT(P->c[f][0]) == s) whole[n++] = f;
        }
        while (n < R->copies && nempty > 0) whole[n++] = empty[--nempty];
        for (int i = 0; i < n; i++) {
            int f = whole[i];
            for (int r = 1; r <= R->limit[f]; r++) Q->c[f][r - 1] = (unsigned char)(s << 4 | r);
            Q->n[f] = R->limit[f];
        }
    }
}

/* A projection's verdict, from the table or searched (Q is searched in
   place, and left where the search left it): 1 lost, 0 not (won, or not
   decided within the cap or the deadline), -1 an error. */
static int projected_lost(Projections *J, const Rules *R, Pos *Q) {
    /* The stock written out in full (as from a root at another redeal
       count): the projections onto different suits have stocks of one length. */
    int len = make_key(R, Q, Q->redeals + 1, J->key);
    uint64_t h = hash_bytes(J->key, (size_t)len);
    J->asked++;
    if (table_has(&J->lost, J->key, (size_t)len, h)) return 1;
    if (table_has(&J->open, J->key, (size_t)len, h)) return 0;
    double left = J->deadline > 0 ? J->deadline - now() : 0;
    if (J->deadline > 0 && left <= 0) return 0;   /* the search is stopping: nothing kept */
    Ctx X;
    ctx_init(&X);
    X.deadends = J->deadends;
    X.macro = J->macro;
    X.exact_cap = 1;
    NcResult r = {0};
    int rc = dfs(&X, R, Q, J->total, left, J->cap, NULL, &r);
    ctx_free(&X);
    nc_result_free(&r);
    if (rc < 0) return -1;
    if (r.verdict == -1 && J->deadline > 0 && now() >= J->deadline) return 0;   /* cut short by the deadline: not kept */
    J->searched++;
    J->states += r.states;
    J->found += r.verdict == 0;
    if (table_add_hashed(r.verdict == 0 ? &J->lost : &J->open, J->key, (size_t)len, h) < 0) return -1;
    return r.verdict == 0;
}

int projection_lost(Projections *J, const Rules *R, const Pos *P) {
    if ((R->stock >= 0 && P->n[R->stock] > J->stock) || redeals_left(R, P) > 0) return 0;
    Pos Q;
    for (int i = 0; i < J->nsubsets; i++) {
        project(R, P, J->subsets[i], &Q);
        int lost = projected_lost(J, R, &Q);
        if (lost) {
            if (lost > 0) J->cut++;
            return lost;
        }
    }
    return 0;
}

static int prune(void *J, const Rules *R, const Pos *P) { return projection_lost(J, R, P); }
static size_t prune_bytes(const void *J) { return projections_bytes(J); }

void projections_attach(Projections *J, Ctx *X) {
    X->prune = prune;
    X->prune_bytes = prune_bytes;
    X->prune_arg = J;
}
