#include "core.h"
#include <math.h>

/* ------------------------------------- how big a complete search would be

   An estimate of the positions the complete depth-first search (dfs.c, with
   the same settings in the Ctx) visits from a position, by random probes:
   Knuth's estimator (1975) over the search's own moves, with the bottom of
   each probe counted exactly.

   A probe walks down from the root, each time to a child drawn at random
   among b children, and weighs the position it reaches at depth i by the
   product w_i of the b's above it: the expected sum of the weights of a
   walk is the number of nodes of the tree the walk is drawn from, whatever
   its shape. The depth-first search does not visit a tree: it visits each
   reachable position once, and the tree of its moves counts a position once
   per line to it, which in these games is many orders of magnitude more.
   Two things bring the probe's tree closer to the search's:

   - A child is left out when it is a position the search has surely seen
     before it: one on the walk's own line (a cycle), the same as an
     earlier child of the same position, an earlier sibling of a position
     on the line (the search has searched everything below that sibling
     before it goes on to the next), or, with `commute`, the position an
     earlier sibling reaches by the same move: the walk came from p by m1
     and the child is reached by m2, m2 was an earlier child of p and m1
     can follow it to the same position (two moves that commute are then
     counted in one order only, as the search's table counts them).
   - Below some position the walk stops drawing and counts: the complete
     search from the position v_k reached is run (dfs itself, its own
     table) and its positions weigh w_k. This is done at the first position
     of the walk whose search ends within `cap` positions (found by halving
     the walk: a position's reachable set holds those of the positions
     below it, so the searches only shrink down the walk). The positions
     below v_k are then counted once each, however many lines lead to them.

   What remains counted twice: a position reached below two different
   positions of the upper tree by lines that are not the same moves in
   another order, and positions in two counted subtrees. So the estimate's
   mean is at least the search's size, and the larger `cap`, the closer
   (docs/benchmarks.md has the measured ratios): with a cap above the
   search's size the first probe counts it exactly (and so says `exact`).
   Each probe's estimate is returned as its natural logarithm: the weights
   of a long walk overflow a double.

   A won position is never searched below (the search would stop there) and
   not counted. The random draws are rng_next's from `seed`: the same seed,
   cap and number of probes give the same estimates. */

/* A position of the walk: where the moves to it end in the walk's moves, and log w. */
typedef struct { size_t end; double logw; } Depth;

typedef struct {
    Ctx *X;
    const Rules *R;
    Pos root;                      /* the root, after its auto-play */
    int total, root_redeals;
    long long cap;
    int commute;                   /* leave out the children an earlier sibling reaches by the same move */
    HashSet line;                  /* the positions on the walk */
    HashSet before;                /* earlier siblings of positions on the walk */
    HashSet sibs;                  /* the children of one position */
    Mv *seq; size_t seqcap, nseq;  /* the walk's moves (auto-play included) */
    Depth *at; size_t atcap;       /* per depth of the walk */
    int won;                       /* an exact search found a win */
    long long spent;               /* positions the exact searches visited */
    double spent_seconds;          /* and the seconds they took */
} Probe;

static int grow(void **arr, size_t *cap, size_t need, size_t size) {
    if (need < *cap) return 0;
    size_t nc = *cap ? *cap * 2 : 256;
    while (nc <= need) nc *= 2;
    void *na = realloc(*arr, nc * size);
    if (!na) return nc_nomem();
    *arr = na;
    *cap = nc;
    return 0;
}

/* Make mv and its auto-play on P, the moves into out: how many, or -1. */
static int step(Probe *E, Pos *P, Mv mv, Mv *out) {
    int made = make_move(E->X, E->R, P, mv, out);
    if (made < 0) return -1;
    return made + autoplay(E->X, E->R, P, out + made);
}

/* The complete search from the walk's position at `depth` (made again from
   the root), capped: its positions, or 0 if it did not end within the cap
   (or found a win, where the search stops), or -1 on an error. */
static long long exact_below(Probe *E, size_t depth) {
    Pos *P = malloc(sizeof(Pos));
    if (!P) return nc_nomem();
    *P = E->root;
    Ctx X;
    ctx_init(&X);
    X.deadends = E->X->deadends;
    X.macro = E->X->macro;
    X.keep_snaps = 1;
    for (size_t i = 0; i < E->at[depth].end; i++) apply(&X, E->R, P, E->seq[i]);
    X.snaps.n = 0;
    NcResult r = {0};
    double t0 = now();
    int rc = dfs(&X, E->R, P, E->total, 0, E->cap, NULL, &r);
    E->spent_seconds += now() - t0;
    ctx_free(&X);
    free(P);
    if (rc < 0) return -1;
    E->spent += r.states;
    E->won |= r.verdict == 1;
    nc_result_free(&r);
    return r.verdict == 0 ? (r.states ? r.states : 1) : 0;
}

/* log(exp(a) + exp(b)) */
static double log_add(double a, double b) {
    if (a == -INFINITY) return b;
    if (b == -INFINITY) return a;
    double hi = a > b ? a : b, lo = a > b ? b : a;
    return hi + log1p(exp(lo - hi));
}

static int same_move(Mv a, Mv b) { return a.src == b.src && a.dst == b.dst && a.count == b.count; }

/* Whether the child reached from the walk's position by `m` is reached as
   well from an earlier sibling of that position: the walk came from its
   parent `up` by `down`, and `up` had the moves `upm` (`upn` of them,
   `upok` those that were children), the `upchosen`-th drawn. If `m` was
   one of those earlier children of `up`, and `down` can be played after it
   to the same position `h`, the search reached that position below the
   earlier sibling first: the two moves commute. 1 yes, 0 no, -1 an error. */
static int commutes(Probe *E, const Pos *up, const Mv *upm, const int *upok, int upchosen, Mv down, Mv m,
                    uint64_t h, Pos *Q) {
    if (m.src < 0 || down.src < 0) return 0;   /* a redeal: no snapshot kept to take it back */
    int i = 0;
    while (i < upchosen && !(upok[i] && same_move(upm[i], m))) i++;
    if (i == upchosen) return 0;
    Mv made[2 * MAXC + 300], after[MAXM];
    *Q = *up;
    int k = step(E, Q, m, made);
    if (k < 0) return -1;
    int n = ordered(E->X, E->R, Q, m, 1, bare_turn(E->R, m, k), after);
    int j = 0;
    while (j < n && !same_move(after[j], down)) j++;
    if (j == n) return 0;
    if (step(E, Q, down, made) < 0) return -1;
    return pos_hash(E->R, Q, E->root_redeals) == h;
}

/* One probe: the log of its estimate into *out (-inf: none), and its depth
   in *depth. 0, or -1 on an error. */
static int probe(Probe *E, double *out, size_t *depth) {
    Ctx *X = E->X;
    const Rules *R = E->R;
    Pos *P = malloc(sizeof(Pos)), *up = malloc(sizeof(Pos)), *Q = malloc(sizeof(Pos));
    Mv moves[MAXM], upm[MAXM], made[2 * MAXC + 300];
    int upok[MAXM], upchosen = 0;
    if (!P || !up || !Q) { free(P); free(up); free(Q); return nc_nomem(); }
    *P = E->root;
    X->snaps.n = 0;
    hset_clear(&E->line);
    hset_clear(&E->before);
    E->nseq = 0;
    size_t d = 0;
    Mv last = {0, 0, 0};
    int has_last = 0, after_turn = 0, rc = 0;
    double logw = 0;
    if (hset_add(&E->line, pos_hash(R, P, E->root_redeals)) < 0) rc = -1;
    while (rc == 0) {
        if (grow((void **)&E->at, &E->atcap, d + 1, sizeof(Depth)) < 0) { rc = -1; break; }
        E->at[d] = (Depth){E->nseq, logw};
        if (dead_end(X, R, P)) break;
        int n = ordered(X, R, P, last, has_last, after_turn, moves);
        uint64_t hashes[MAXM];
        int valid[MAXM], pushes[MAXM], b = 0, chosen = -1;
        hset_clear(&E->sibs);
        for (int i = 0; i < n; i++) {
            int k = step(E, P, moves[i], made);
            if (k < 0) { rc = -1; break; }
            uint64_t h = pos_hash(R, P, E->root_redeals);
            int won = is_won(R, P, E->total);
            for (int j = k; j > 0; j--) undo(X, P, made[j - 1]);
            valid[i] = 0;
            if (won || hset_has(&E->line, h) || hset_has(&E->before, h)) continue;
            int added = hset_add(&E->sibs, h);
            if (added < 0) { rc = -1; break; }
            if (!added) continue;
            int dup = E->commute && has_last ? commutes(E, up, upm, upok, upchosen, last, moves[i], h, Q) : 0;
            if (dup < 0) { rc = -1; break; }
            if (dup) continue;
            valid[i] = 1;
            hashes[i] = h;
            pushes[i] = k;
            if (rng_next(X) % (uint64_t)++b == 0) chosen = i;
        }
        if (rc < 0 || b == 0) break;
        /* The earlier siblings of the child drawn: searched before it. */
        for (int i = 0; i < chosen; i++)
            if (valid[i] && hset_add(&E->before, hashes[i]) < 0) { rc = -1; break; }
        if (rc < 0 || grow((void **)&E->seq, &E->seqcap, E->nseq + 2 * MAXC + 300, sizeof(Mv)) < 0) { rc = -1; break; }
        *up = *P;
        memcpy(upm, moves, (size_t)n * sizeof(Mv));
        memcpy(upok, valid, (size_t)n * sizeof(int));
        upchosen = chosen;
        int k = step(E, P, moves[chosen], E->seq + E->nseq);
        if (k != pushes[chosen]) { rc = nc_fail(NC_ERR_RUNTIME, "a move made twice did not make the same moves"); break; }
        E->nseq += (size_t)k;
        if (hset_add(&E->line, hashes[chosen]) < 0) { rc = -1; break; }
        logw += log((double)b);
        last = moves[chosen];
        has_last = 1;
        after_turn = bare_turn(R, last, k);
        d++;
    }
    free(up);
    free(Q);
    free(P);
    if (rc < 0) return -1;
    /* The first position of the walk whose search ends within the cap. */
    size_t lo = 0, hi = d;   /* the walk's last position counts as 1 if its search does not end */
    long long at_hi = -2;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        long long c = exact_below(E, mid);
        if (c < 0) return -1;
        if (c > 0) { hi = mid; at_hi = c; }
        else lo = mid + 1;
    }
    if (at_hi == -2) {
        at_hi = exact_below(E, hi);
        if (at_hi < 0) return -1;
        if (at_hi == 0) at_hi = 1;
    }
    double est = log((double)at_hi) + E->at[hi].logw;
    for (size_t i = 0; i < hi; i++) est = log_add(est, E->at[i].logw);
    *out = est;
    *depth = hi;
    return 0;
}

int estimate(Ctx *X, const Rules *R, const Pos *root, int total, long long cap, int nprobes, double budget,
             uint64_t seed, int commute, EstimateOut *out) {
    Probe E = {.X = X, .R = R, .root = *root, .total = total, .root_redeals = root->redeals, .cap = cap,
               .commute = commute};
    memset(out, 0, sizeof *out);
    int rc = 0;
    out->probes = malloc((size_t)(nprobes > 0 ? nprobes : 1) * sizeof(double));
    out->depths = malloc((size_t)(nprobes > 0 ? nprobes : 1) * sizeof(int));
    if (!out->probes || !out->depths || hset_init(&E.line, 1 << 12) < 0 || hset_init(&E.before, 1 << 14) < 0 ||
        hset_init(&E.sibs, 1 << 10) < 0) {
        rc = nc_nomem();
        goto done;
    }
    X->keep_snaps = 1;
    X->rng = seed;
    Mv autos[256];
    autoplay(X, R, &E.root, autos);
    if (is_won(R, &E.root, total)) { out->exact = 1; goto done; }
    /* The whole search first, if it ends within the cap: then it is counted. */
    if (grow((void **)&E.at, &E.atcap, 1, sizeof(Depth)) < 0) { rc = -1; goto done; }
    E.at[0] = (Depth){0, 0};
    long long whole = exact_below(&E, 0);
    if (whole < 0) { rc = -1; goto done; }
    if (whole > 0) {
        out->exact = 1;
        out->probes[0] = log((double)whole);
        out->depths[0] = 0;
        out->n = 1;
        goto done;
    }
    double deadline = budget > 0 ? now() + budget : 0;
    for (int i = 0; i < nprobes; i++) {
        if (nc_check_interrupt() < 0) { rc = -1; break; }
        if (i > 0 && deadline > 0 && now() > deadline) break;
        size_t depth = 0;
        if (probe(&E, &out->probes[i], &depth) < 0) { rc = -1; break; }
        out->depths[i] = (int)depth;
        out->n = i + 1;
    }
done:
    out->won = E.won;
    out->spent = E.spent;
    out->spent_seconds = E.spent_seconds;
    hset_free(&E.line);
    hset_free(&E.before);
    hset_free(&E.sibs);
    free(E.seq); free(E.at);
    return rc;
}
