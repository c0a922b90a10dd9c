#include "core.h"

/* ------------------------------------------- the best nodes of a best-first search

   What a search hands on besides its verdict: its most promising nodes
   (bf_top) and, for the staged searches, the candidates of a finished
   phase (collect_candidates). The search itself, and the line to a node
   (bf_path), are in bestfirst.c, which calls nothing here. */

int cand_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->home != y->home) return y->home - x->home;
    if (x->eval != y->eval) return y->eval > x->eval ? 1 : -1;
    return x->node < y->node ? -1 : 1;
}

/* By score alone (it counts the cards home too). */
static int cand_cmp_eval(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->eval != y->eval) return y->eval > x->eval ? 1 : -1;
    return x->node < y->node ? -1 : 1;
}

/* Sift c[i] down a heap of n whose top is the worst by cand_cmp. */
static void worst_down(Cand *c, size_t n, size_t i) {
    Cand x = c[i];
    for (;;) {
        size_t l = 2 * i + 1, w = l;
        if (l >= n) break;
        if (l + 1 < n && cand_cmp(&c[l + 1], &c[l]) > 0) w = l + 1;
        if (cand_cmp(&c[w], &x) <= 0) break;
        c[i] = c[w];
        i = w;
    }
    c[i] = x;
}

size_t bf_top(const BfWork *W, Cand *c, size_t k) {
    size_t nn = W->nn, n = 0;
    if (k > nn) k = nn;
    /* The k best so far in a heap with the worst on top: most nodes are
       turned away by one comparison, so it costs n log k, not a sort of all. */
    for (size_t i = 0; i < nn; i++) {
        Cand x = {W->nodes[i].home, W->nodes[i].eval, (uint32_t)i};
        if (n < k) {
            size_t j = n++;
            while (j && cand_cmp(&c[(j - 1) / 2], &x) < 0) { c[j] = c[(j - 1) / 2]; j = (j - 1) / 2; }
            c[j] = x;
        } else if (k && cand_cmp(&x, &c[0]) < 0) {
            c[0] = x;
            worst_down(c, n, 0);
        }
    }
    qsort(c, n, sizeof(Cand), cand_cmp);
    return n;
}

/* Append to out->lines (room made for them) one lane of candidates: the
   first k of c (sorted), each as (moves from the root, cards home, score, lane). */
static int add_lane(NcResult *out, const BfWork *W, const Cand *c, size_t nc, int k, int lane) {
    for (size_t j = 0; j < nc && j < (size_t)k; j++) {
        size_t count = bf_path(W, c[j].node, NULL);
        Mv *path = malloc((count + 1) * sizeof(Mv));
        if (!path) return nc_nomem();
        bf_path(W, c[j].node, path);
        out->lines[out->nlines++] = (NcLine){path, count, c[j].home, c[j].eval, lane};
    }
    return 0;
}

/* The candidates of a finished phase search, in two lanes, into out->lines. Lane 0: its k
   positions with the most cards home (then the best score). Lane 1, when
   redealt > 0: k other redeal points judged by what their redeal deals, the
   cards home and score once the redeal and its auto-play are done; only
   `redealt` evenly spread redeal points are tried (judging every one, now
   that a declared redeal is cheap, won no more St. Helena deals on the
   tuning block 20001-20033: docs/history.md). (Most cards home is a
   poor guide on its own: a redeal point with few cards home may deal a far
   better layout.) */
int collect_candidates(Ctx *X, const Rules *R, const BfWork *W, int k, int redealt, NcResult *out) {
    size_t nn = W->nn;
    Cand *c = malloc((nn + 1) * sizeof(Cand));
    unsigned char *taken = calloc(nn + 1, 1);
    uint32_t *points = NULL;  /* the redeal points not already kept, in search order */
    Pos *P = malloc(sizeof(Pos));
    size_t most = (size_t)k < nn ? (size_t)k : nn;   /* in each lane */
    int rc = -1;
    Mv autos[256];
    out->lines = calloc(2 * most + 1, sizeof(NcLine));
    out->nlines = 0;
    if (!c || !P || !taken || !out->lines) { nc_nomem(); goto done; }
    size_t kept = bf_top(W, c, (size_t)k);
    if (add_lane(out, W, c, kept, k, 0) < 0) goto done;
    if (redealt > 0 && nn > (size_t)k) {
        for (size_t j = 0; j < (size_t)k; j++) taken[c[j].node] = 1;
        points = malloc(nn * sizeof(uint32_t));
        if (!points) { nc_nomem(); goto done; }
        size_t np = 0, nc = 0;
        for (size_t i = 0; i < nn; i++) {
            if (taken[i]) continue;
            unpack_counts(R, W->packs + W->nodes[i].pos_off, P);
            if (can_redeal(R, P)) points[np++] = (uint32_t)i;
        }
        size_t stride = np > (size_t)redealt ? (np + (size_t)redealt - 1) / (size_t)redealt : 1;
        X->keep_snaps = 0;  /* nothing is undone here */
        for (size_t j = 0; j < np; j += stride) {
            unpack(R, W->packs + W->nodes[points[j]].pos_off, P);
            if (apply(X, R, P, (Mv){-1, -1, 0}) < 0) { X->keep_snaps = 1; goto done; }
            autoplay(X, R, P, autos);
            c[nc++] = (Cand){cards_home(R, P), evaluate(X, R, P), points[j]};
        }
        X->keep_snaps = 1;
        qsort(c, nc, sizeof(Cand), cand_cmp_eval);
        if (add_lane(out, W, c, nc, k, 1) < 0) goto done;
    }
    rc = 0;
done:
    free(c);
    free(taken);
    free(points);
    free(P);
    return rc;   /* on an error the lines made so far are the caller's to free (nc_result_free) */
}
