#include "core.h"

/* ---------------------------------------------- a beam over the stock's turns */

/* With a one-pass stock (Forty Thieves) every stock turn is a stage. From
   each position of the beam the tableau is searched best first without
   turning the stock (bf_run with Ctx.hold 2, at most `stage_states`
   positions); the `keep` positions of each search with the most cards home
   (then the best score) go into a pool, one entry per position, keeping the
   best score found for it and, among equal scores, the line first found.
   The `width` best of the pool (the first found among equal scores) each
   take every stage move (a stock turn or a redeal) into the next stage. A
   round ends when no position can go on; the next doubles the width (up to
   2^20), unless no pool was cut to the width, for then it would search the
   same positions again. It only finds wins.

   This was staged.py's Python loop over core.explore; here it allocates
   once and judges thousands of small searches a second instead of a few
   hundred, and it lists the same positions in the same order (the tests
   hold it to that loop, kept there as the reference).

   Lines are stored as a tree: an arena of (parent, move) links, cleared
   each round, so a pool entry costs one index, not a copy of its line.

   A stage search run in an earlier round from the same start is not run
   again: what it kept is offered again (Memos). It counts no positions the
   second time, so a round searches only the stages no round searched. */

typedef struct { int32_t parent; Mv mv; } Link;
typedef struct { Link *l; size_t n, cap; } Links;

/* A pool entry: its position (packed, in the stage's byte arena), its score,
   the line that reaches it: the beam entry's line, then `nmv` moves kept in
   the stage's move arena. */
typedef struct { int score; int32_t line; uint32_t pos_off, mv_off; uint16_t pos_len, nmv; } Entry;

typedef struct {
    Entry *e; size_t n, cap;
    unsigned char *bytes; size_t bn, bcap;
    Mv *mvs; size_t mn, mcap;
    uint32_t *slots; size_t nslots;   /* entry index + 1, or 0 */
} Pool;

/* A position of the beam: its line and its packed position (in `bytes`). */
typedef struct { int32_t line; uint32_t pos_off, pos_len; } Item;
typedef struct { Item *it; size_t n, cap; unsigned char *bytes; size_t bn, bcap; } Beam;

static int grow(void **arr, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap * 2 : 256;
    while (nc < need) nc *= 2;
    void *na = realloc(*arr, nc * size);
    if (!na) { PyErr_NoMemory(); return -1; }
    *arr = na;
    *cap = nc;
    return 0;
}

/* Extend `line` by k moves; the new line's index, -2 on error. */
static int32_t links_extend(Links *L, int32_t line, const Mv *mv, size_t k) {
    if (grow((void **)&L->l, &L->cap, L->n + k, sizeof(Link)) < 0) return -2;
    for (size_t i = 0; i < k; i++) {
        L->l[L->n] = (Link){line, mv[i]};
        line = (int32_t)L->n++;
    }
    return line;
}

static size_t line_len(const Links *L, int32_t line) {
    size_t n = 0;
    for (; line >= 0; line = L->l[line].parent) n++;
    return n;
}

static int pool_rehash(Pool *Q, size_t nslots) {
    uint32_t *slots = calloc(nslots, sizeof(uint32_t));
    if (!slots) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < Q->n; i++) {
        size_t j = hash_bytes(Q->bytes + Q->e[i].pos_off, Q->e[i].pos_len) & (nslots - 1);
        while (slots[j]) j = (j + 1) & (nslots - 1);
        slots[j] = (uint32_t)i + 1;
    }
    free(Q->slots);
    Q->slots = slots;
    Q->nslots = nslots;
    return 0;
}

static void pool_clear(Pool *Q) {
    Q->n = Q->bn = Q->mn = 0;
    if (Q->slots) memset(Q->slots, 0, Q->nslots * sizeof(uint32_t));
}

/* Offer the position `pos` (packed), reached by `line` then the k moves
   `mv`, with `score`: it enters the pool, or replaces the entry for the same
   position if it scores higher. 0, or -1 on error. */
static int pool_offer(Pool *Q, const unsigned char *pos, size_t len, int score, int32_t line, const Mv *mv, size_t k) {
    if ((Q->n + 1) * 2 > Q->nslots && pool_rehash(Q, Q->nslots ? Q->nslots * 2 : 1024) < 0) return -1;
    size_t j = hash_bytes(pos, len) & (Q->nslots - 1);
    Entry *hit = NULL;
    for (; Q->slots[j]; j = (j + 1) & (Q->nslots - 1)) {
        Entry *e = &Q->e[Q->slots[j] - 1];
        if (e->pos_len == len && memcmp(Q->bytes + e->pos_off, pos, len) == 0) { hit = e; break; }
    }
    if (hit && hit->score >= score) return 0;
    if (grow((void **)&Q->mvs, &Q->mcap, Q->mn + k, sizeof(Mv)) < 0) return -1;
    if (k) memcpy(Q->mvs + Q->mn, mv, k * sizeof(Mv));   /* mvs may still be NULL when k is 0 */
    if (hit) {
        hit->score = score;
        hit->line = line;
        hit->mv_off = (uint32_t)Q->mn;
        hit->nmv = (uint16_t)k;
        Q->mn += k;
        return 0;
    }
    if (grow((void **)&Q->e, &Q->cap, Q->n + 1, sizeof(Entry)) < 0 ||
        grow((void **)&Q->bytes, &Q->bcap, Q->bn + len, 1) < 0)
        return -1;
    memcpy(Q->bytes + Q->bn, pos, len);
    Q->e[Q->n] = (Entry){score, line, (uint32_t)Q->bn, (uint32_t)Q->mn, (uint16_t)len, (uint16_t)k};
    Q->bn += len;
    Q->mn += k;
    Q->slots[j] = (uint32_t)++Q->n;
    return 0;
}

static int beam_add(Beam *B, int32_t line, const unsigned char *pos, size_t len) {
    if (grow((void **)&B->it, &B->cap, B->n + 1, sizeof(Item)) < 0 ||
        grow((void **)&B->bytes, &B->bcap, B->bn + len, 1) < 0)
        return -1;
    memcpy(B->bytes + B->bn, pos, len);
    B->it[B->n++] = (Item){line, (uint32_t)B->bn, (uint32_t)len};
    B->bn += len;
    return 0;
}

/* Stage searches already run, by their start. A later round starts many of
   its stages where an earlier one did (the best w of a pool are among its
   best 2w), and a stage search capped at stage_states is fixed by its start:
   its kept positions (packed), scores and lines from the start are kept and
   offered again as they were first offered, without searching again. */
typedef struct { uint32_t start_off, cand; uint16_t start_len, ncand; } Memo;
typedef struct { uint32_t pos_off, mv_off; uint16_t pos_len, nmv; int eval; } MemoCand;
typedef struct {
    Memo *m; size_t n, cap;
    MemoCand *c; size_t cn, ccap;
    unsigned char *bytes; size_t bn, bcap;
    Mv *mvs; size_t mn, mcap;
    uint32_t *slots; size_t nslots;   /* memo index + 1, or 0 */
} Memos;

/* What the memo may hold; past it, stages are searched again (a search of
   hours would otherwise keep every stage it ran). */
#define MEMO_BYTES ((size_t)256 << 20)

static void memos_free(Memos *M) { free(M->m); free(M->c); free(M->bytes); free(M->mvs); free(M->slots); }

/* The memo of a stage starting at the packed position `pos`, or -1. */
static long memo_find(const Memos *M, const unsigned char *pos, size_t len) {
    if (!M->nslots) return -1;
    for (size_t j = hash_bytes(pos, len) & (M->nslots - 1); M->slots[j]; j = (j + 1) & (M->nslots - 1)) {
        const Memo *e = &M->m[M->slots[j] - 1];
        if (e->start_len == len && memcmp(M->bytes + e->start_off, pos, len) == 0) return (long)M->slots[j] - 1;
    }
    return -1;
}

static int memo_rehash(Memos *M, size_t nslots) {
    uint32_t *slots = calloc(nslots, sizeof(uint32_t));
    if (!slots) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < M->n; i++) {
        size_t j = hash_bytes(M->bytes + M->m[i].start_off, M->m[i].start_len) & (nslots - 1);
        while (slots[j]) j = (j + 1) & (nslots - 1);
        slots[j] = (uint32_t)i + 1;
    }
    free(M->slots);
    M->slots = slots;
    M->nslots = nslots;
    return 0;
}

/* Open a memo for the stage starting at `pos` (not in M); its candidates
   follow by memo_cand. 1 opened, 0 the memo is full (nothing kept), -1 on error. */
static int memo_open(Memos *M, const unsigned char *pos, size_t len) {
    if (M->bn + M->mn * sizeof(Mv) + M->cn * sizeof(MemoCand) > MEMO_BYTES) return 0;
    if ((M->n + 1) * 2 > M->nslots && memo_rehash(M, M->nslots ? M->nslots * 2 : 1024) < 0) return -1;
    if (grow((void **)&M->m, &M->cap, M->n + 1, sizeof(Memo)) < 0 ||
        grow((void **)&M->bytes, &M->bcap, M->bn + len, 1) < 0)
        return -1;
    memcpy(M->bytes + M->bn, pos, len);
    M->m[M->n] = (Memo){(uint32_t)M->bn, (uint32_t)M->cn, (uint16_t)len, 0};
    M->bn += len;
    size_t j = hash_bytes(pos, len) & (M->nslots - 1);
    while (M->slots[j]) j = (j + 1) & (M->nslots - 1);
    M->slots[j] = (uint32_t)++M->n;
    return 1;
}

/* Add a candidate to the memo opened last. 0, or -1 on error. */
static int memo_cand(Memos *M, const unsigned char *pos, size_t len, int eval, const Mv *mv, size_t k) {
    if (grow((void **)&M->c, &M->ccap, M->cn + 1, sizeof(MemoCand)) < 0 ||
        grow((void **)&M->bytes, &M->bcap, M->bn + len, 1) < 0 ||
        grow((void **)&M->mvs, &M->mcap, M->mn + k, sizeof(Mv)) < 0)
        return -1;
    memcpy(M->bytes + M->bn, pos, len);
    if (k) memcpy(M->mvs + M->mn, mv, k * sizeof(Mv));   /* mvs may still be NULL when k is 0 */
    M->c[M->cn++] = (MemoCand){(uint32_t)M->bn, (uint32_t)M->mn, (uint16_t)len, (uint16_t)k, eval};
    M->bn += len;
    M->mn += k;
    M->m[M->n - 1].ncand++;
    return 0;
}

/* Pool order: the best score first, then the first entered. */
typedef struct { int score; uint32_t idx; } Rank;
static int by_score(const void *a, const void *b) {
    const Rank *x = a, *y = b;
    if (x->score != y->score) return y->score > x->score ? 1 : -1;
    return x->idx < y->idx ? -1 : 1;
}

/* Whether a comes before b in bf_rank's order. */
static int better(Cand a, Cand b) { return cand_cmp(&a, &b) < 0; }

/* Insert node `c` among the k best so far of `top` (n of them), by that order. */
static void top_insert(Cand *top, int *n, int k, Cand c) {
    if (*n == k && !better(c, top[k - 1])) return;
    int i = *n < k ? (*n)++ : k - 1;
    while (i > 0 && better(c, top[i - 1])) { top[i] = top[i - 1]; i--; }
    top[i] = c;
}

PyObject *beam(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, int width,
               int stage_states, int keep) {
    BfWork W;
    Links L = {0};
    Pool Q = {0};
    Memos M = {0};
    Beam A = {0}, B = {0};
    Pos *P = malloc(sizeof(Pos)), *S = malloc(sizeof(Pos));
    Cand *top = malloc((size_t)(keep > 0 ? keep : 1) * sizeof(Cand));
    Rank *order = NULL;
    size_t ocap = 0;
    Mv *path = NULL;
    size_t pcap = 0;
    PyObject *result = NULL;
    long long states = 0;
    int verdict = -1, err = 0, stop = 0;
    int32_t won_line = -1;
    unsigned char buf[4096];
    Mv sm[MAXM];
    double deadline = budget > 0 ? now() + budget : 0;
    int hold = X->hold;
    if (!P || !S || !top) { PyErr_NoMemory(); goto out_nowork; }
    if (bf_work_init(&W, 1 << 12) < 0) goto out_nowork;
    int cut = 1;   /* whether the last round left positions of a pool out; if not, the next would repeat it */
    for (long long w = width; w <= (1 << 20) && cut && !stop && verdict != 1; w *= 2) {
        cut = 0;
        L.n = 0;
        A.n = A.bn = 0;
        if (beam_add(&A, -1, buf, (size_t)pack(R, root, buf)) < 0) { err = 1; break; }
        while (A.n && !stop) {
            pool_clear(&Q);
            for (size_t b = 0; b < A.n; b++) {
                if ((max_states > 0 && states >= max_states) || (deadline > 0 && now() >= deadline)) { stop = 1; break; }
                long long cap = stage_states;
                if (max_states > 0) {
                    long long left = max_states - states;
                    if (left < 1) left = 1;
                    if (left < cap) cap = left;
                }
                const unsigned char *start = A.bytes + A.it[b].pos_off;   /* packed: the memo's key */
                size_t slen = A.it[b].pos_len;
                int full = cap == stage_states;   /* a search to a smaller cap is not the one kept */
                long hit = full ? memo_find(&M, start, slen) : -1;
                if (hit >= 0) {
                    const Memo *e = &M.m[hit];
                    for (uint32_t j = 0; j < e->ncand && !err; j++) {
                        const MemoCand *c = &M.c[e->cand + j];
                        if (pool_offer(&Q, M.bytes + c->pos_off, c->pos_len, c->eval, A.it[b].line, M.mvs + c->mv_off,
                                       c->nmv) < 0)
                            err = 1;
                    }
                    if (err) break;
                    continue;
                }
                unpack(R, start, P);
                long long st = 0;
                uint32_t won = 0;
                X->hold = 2;
                int v = bf_run(X, R, P, total, deadline, cap, &W, &st, &won);
                X->hold = hold;
                states += st;
                if (v == -2) { err = 1; break; }
                if (v == STOPPED_MEMORY) { verdict = STOPPED_MEMORY; stop = 1; break; }
                if (v == 1) {
                    size_t k = bf_path(&W, won, NULL);
                    if (grow((void **)&path, &pcap, k + 1, sizeof(Mv)) < 0) { err = 1; break; }
                    bf_path(&W, won, path);
                    won_line = links_extend(&L, A.it[b].line, path, k);
                    if (won_line == -2) { err = 1; break; }
                    verdict = 1;
                    break;
                }
                int nt = 0;
                for (size_t i = 0; i < W.nn; i++)
                    top_insert(top, &nt, keep, (Cand){W.nodes[i].home, W.nodes[i].eval, (uint32_t)i});
                /* Kept only if the search ended as any search from here to this cap
                   would: finished, or stopped at the cap (not by the deadline). */
                int memo = full && (v == 0 || st >= cap) ? memo_open(&M, start, slen) : 0;
                if (memo < 0) { err = 1; break; }
                for (int j = 0; j < nt; j++) {
                    const Node *nd = &W.nodes[top[j].node];
                    size_t k = bf_path(&W, top[j].node, NULL);
                    if (grow((void **)&path, &pcap, k + 1, sizeof(Mv)) < 0) { err = 1; break; }
                    bf_path(&W, top[j].node, path);
                    if (pool_offer(&Q, W.packs + nd->pos_off, nd->pos_len, top[j].eval, A.it[b].line, path, k) < 0 ||
                        (memo && memo_cand(&M, W.packs + nd->pos_off, nd->pos_len, top[j].eval, path, k) < 0)) {
                        err = 1;
                        break;
                    }
                }
                if (err) break;
            }
            if (err || stop || verdict == 1) break;
            /* The next stage: the best of the pool each take their stage moves. */
            if (grow((void **)&order, &ocap, Q.n + 1, sizeof(Rank)) < 0) { err = 1; break; }
            for (size_t i = 0; i < Q.n; i++) order[i] = (Rank){Q.e[i].score, (uint32_t)i};
            qsort(order, Q.n, sizeof(Rank), by_score);
            B.n = B.bn = 0;
            X->keep_snaps = 0;
            size_t i = 0;
            for (; i < Q.n && (long long)B.n < w; i++) {
                const Entry *e = &Q.e[order[i].idx];
                unpack(R, Q.bytes + e->pos_off, P);
                X->hold = 0;
                int ns = gen(X, R, P, sm);
                X->hold = hold;
                int32_t base = -1;
                int based = 0;
                for (int m = 0; m < ns && !err; m++) {
                    if (!(sm[m].src < 0 || sm[m].src == R->stock)) continue;
                    if (!based) {
                        base = links_extend(&L, e->line, Q.mvs + e->mv_off, e->nmv);
                        if (base == -2) { err = 1; break; }
                        based = 1;
                    }
                    *S = *P;
                    if (apply(X, R, S, sm[m]) < 0) { err = 1; break; }
                    int32_t line = links_extend(&L, base, &sm[m], 1);
                    if (line == -2 || beam_add(&B, line, buf, (size_t)pack(R, S, buf)) < 0) { err = 1; break; }
                }
            }
            X->keep_snaps = 1;
            if (err) break;
            if (i < Q.n) cut = 1;
            Beam t = A; A = B; B = t;
            if (X->max_bytes > 0 && L.cap * sizeof(Link) + Q.cap * sizeof(Entry) + Q.bcap + Q.mcap * sizeof(Mv) +
                                        Q.nslots * sizeof(uint32_t) + A.cap * sizeof(Item) + A.bcap +
                                        B.cap * sizeof(Item) + B.bcap + M.bcap + M.ccap * sizeof(MemoCand) +
                                        M.mcap * sizeof(Mv) + bf_work_bytes(&W) > (size_t)X->max_bytes) {
                verdict = STOPPED_MEMORY;
                stop = 1;
            }
        }
        if (err) break;
    }
    if (!err) {
        size_t k = verdict == 1 ? line_len(&L, won_line) : 0;
        if (grow((void **)&path, &pcap, k + 1, sizeof(Mv)) < 0) goto out;
        size_t q = k;
        if (verdict == 1)
            for (int32_t x = won_line; x >= 0; x = L.l[x].parent) path[--q] = L.l[x].mv;
        PyObject *mv = moves_to_list(path, (int)k);
        if (mv) result = Py_BuildValue("(iNL)", verdict, mv, states);
    }
out:
    bf_work_free(&W);
out_nowork:
    X->hold = hold;
    free(L.l);
    free(Q.e); free(Q.bytes); free(Q.mvs); free(Q.slots);
    memos_free(&M);
    free(A.it); free(A.bytes); free(B.it); free(B.bytes);
    free(P); free(S); free(top); free(order); free(path);
    return result;
}
