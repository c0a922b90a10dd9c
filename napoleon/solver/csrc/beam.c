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

   This was staged.py's Python loop over exploration.explore; here it allocates
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
    if (!na) { nc_nomem(); return -1; }
    *arr = na;
    *cap = nc;
    return 0;
}

/* Extend `line` by k moves; the new line's index, -2 on error. */
static int32_t links_extend(Links *links, int32_t line, const Mv *mv, size_t k) {
    if (grow((void **)&links->l, &links->cap, links->n + k, sizeof(Link)) < 0) return -2;
    for (size_t i = 0; i < k; i++) {
        links->l[links->n] = (Link){line, mv[i]};
        line = (int32_t)links->n++;
    }
    return line;
}

static size_t line_len(const Links *links, int32_t line) {
    size_t n = 0;
    for (; line >= 0; line = links->l[line].parent) n++;
    return n;
}

static int pool_rehash(Pool *pool, size_t nslots) {
    uint32_t *slots = calloc(nslots, sizeof(uint32_t));
    if (!slots) { nc_nomem(); return -1; }
    for (size_t i = 0; i < pool->n; i++) {
        size_t j = hash_bytes(pool->bytes + pool->e[i].pos_off, pool->e[i].pos_len) & (nslots - 1);
        while (slots[j]) j = (j + 1) & (nslots - 1);
        slots[j] = (uint32_t)i + 1;
    }
    free(pool->slots);
    pool->slots = slots;
    pool->nslots = nslots;
    return 0;
}

static void pool_clear(Pool *pool) {
    pool->n = pool->bn = pool->mn = 0;
    if (pool->slots) memset(pool->slots, 0, pool->nslots * sizeof(uint32_t));
}

/* Offer the position `pos` (packed), reached by `line` then the k moves
   `mv`, with `score`: it enters the pool, or replaces the entry for the same
   position if it scores higher. 0, or -1 on error. */
static int pool_offer(Pool *pool, const unsigned char *pos, size_t len, int score, int32_t line, const Mv *mv, size_t k) {
    if ((pool->n + 1) * 2 > pool->nslots && pool_rehash(pool, pool->nslots ? pool->nslots * 2 : 1024) < 0) return -1;
    size_t j = hash_bytes(pos, len) & (pool->nslots - 1);
    Entry *hit = NULL;
    for (; pool->slots[j]; j = (j + 1) & (pool->nslots - 1)) {
        Entry *e = &pool->e[pool->slots[j] - 1];
        if (e->pos_len == len && memcmp(pool->bytes + e->pos_off, pos, len) == 0) { hit = e; break; }
    }
    if (hit && hit->score >= score) return 0;
    if (grow((void **)&pool->mvs, &pool->mcap, pool->mn + k, sizeof(Mv)) < 0) return -1;
    if (k) memcpy(pool->mvs + pool->mn, mv, k * sizeof(Mv));   /* mvs may still be NULL when k is 0 */
    if (hit) {
        hit->score = score;
        hit->line = line;
        hit->mv_off = (uint32_t)pool->mn;
        hit->nmv = (uint16_t)k;
        pool->mn += k;
        return 0;
    }
    if (grow((void **)&pool->e, &pool->cap, pool->n + 1, sizeof(Entry)) < 0 ||
        grow((void **)&pool->bytes, &pool->bcap, pool->bn + len, 1) < 0)
        return -1;
    memcpy(pool->bytes + pool->bn, pos, len);
    pool->e[pool->n] = (Entry){score, line, (uint32_t)pool->bn, (uint32_t)pool->mn, (uint16_t)len, (uint16_t)k};
    pool->bn += len;
    pool->mn += k;
    pool->slots[j] = (uint32_t)++pool->n;
    return 0;
}

static int beam_add(Beam *into, int32_t line, const unsigned char *pos, size_t len) {
    if (grow((void **)&into->it, &into->cap, into->n + 1, sizeof(Item)) < 0 ||
        grow((void **)&into->bytes, &into->bcap, into->bn + len, 1) < 0)
        return -1;
    memcpy(into->bytes + into->bn, pos, len);
    into->it[into->n++] = (Item){line, (uint32_t)into->bn, (uint32_t)len};
    into->bn += len;
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

static void memos_free(Memos *memos) { free(memos->m); free(memos->c); free(memos->bytes); free(memos->mvs); free(memos->slots); }

/* The memo of a stage starting at the packed position `pos`, or -1. */
static long memo_find(const Memos *memos, const unsigned char *pos, size_t len) {
    if (!memos->nslots) return -1;
    for (size_t j = hash_bytes(pos, len) & (memos->nslots - 1); memos->slots[j]; j = (j + 1) & (memos->nslots - 1)) {
        const Memo *e = &memos->m[memos->slots[j] - 1];
        if (e->start_len == len && memcmp(memos->bytes + e->start_off, pos, len) == 0) return (long)memos->slots[j] - 1;
    }
    return -1;
}

static int memo_rehash(Memos *memos, size_t nslots) {
    uint32_t *slots = calloc(nslots, sizeof(uint32_t));
    if (!slots) { nc_nomem(); return -1; }
    for (size_t i = 0; i < memos->n; i++) {
        size_t j = hash_bytes(memos->bytes + memos->m[i].start_off, memos->m[i].start_len) & (nslots - 1);
        while (slots[j]) j = (j + 1) & (nslots - 1);
        slots[j] = (uint32_t)i + 1;
    }
    free(memos->slots);
    memos->slots = slots;
    memos->nslots = nslots;
    return 0;
}

/* Open a memo for the stage starting at `pos` (not yet kept); its candidates
   follow by memo_cand. 1 opened, 0 the memo is full (nothing kept), -1 on error. */
static int memo_open(Memos *memos, const unsigned char *pos, size_t len) {
    if (memos->bn + memos->mn * sizeof(Mv) + memos->cn * sizeof(MemoCand) > MEMO_BYTES) return 0;
    if ((memos->n + 1) * 2 > memos->nslots && memo_rehash(memos, memos->nslots ? memos->nslots * 2 : 1024) < 0) return -1;
    if (grow((void **)&memos->m, &memos->cap, memos->n + 1, sizeof(Memo)) < 0 ||
        grow((void **)&memos->bytes, &memos->bcap, memos->bn + len, 1) < 0)
        return -1;
    memcpy(memos->bytes + memos->bn, pos, len);
    memos->m[memos->n] = (Memo){(uint32_t)memos->bn, (uint32_t)memos->cn, (uint16_t)len, 0};
    memos->bn += len;
    size_t j = hash_bytes(pos, len) & (memos->nslots - 1);
    while (memos->slots[j]) j = (j + 1) & (memos->nslots - 1);
    memos->slots[j] = (uint32_t)++memos->n;
    return 1;
}

/* Add a candidate to the memo opened last. 0, or -1 on error. */
static int memo_cand(Memos *memos, const unsigned char *pos, size_t len, int eval, const Mv *mv, size_t k) {
    if (grow((void **)&memos->c, &memos->ccap, memos->cn + 1, sizeof(MemoCand)) < 0 ||
        grow((void **)&memos->bytes, &memos->bcap, memos->bn + len, 1) < 0 ||
        grow((void **)&memos->mvs, &memos->mcap, memos->mn + k, sizeof(Mv)) < 0)
        return -1;
    memcpy(memos->bytes + memos->bn, pos, len);
    if (k) memcpy(memos->mvs + memos->mn, mv, k * sizeof(Mv));   /* mvs may still be NULL when k is 0 */
    memos->c[memos->cn++] = (MemoCand){(uint32_t)memos->bn, (uint32_t)memos->mn, (uint16_t)len, (uint16_t)k, eval};
    memos->bn += len;
    memos->mn += k;
    memos->m[memos->n - 1].ncand++;
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

/* One beam search's working state, shared by the steps below. */
typedef struct {
    Ctx *ctx;
    const Rules *rules;
    Pos *root;
    int total, stage_states, keep, hold;   /* hold: the context's own, restored after each stage */
    double deadline;
    long long max_states, states;
    BfWork work;                  /* one best-first search's work space, reused by every stage */
    Links links;
    Pool pool;
    Memos memos;
    Beam now, next;               /* the positions of this stage, and of the next */
    Pos *pos, *child;             /* a pool entry unpacked, and it after a stage move */
    Cand *top;                    /* the `keep` best of one stage search */
    Rank *order; size_t ocap;
    Mv *path; size_t pcap;
    int32_t won_line;
    unsigned char buf[4096];
} Run;

/* How a step of the beam ended. */
enum { GO_ON = 0, FAILED = -1, STOPPED = 1, OUT_OF_MEMORY = 2, FOUND_WIN = 3 };

/* Offer the pool what the stage search memo `hit` kept, reached by `line`. */
static int offer_memo(Run *r, long hit, int32_t line) {
    const Memo *e = &r->memos.m[hit];
    for (uint32_t j = 0; j < e->ncand; j++) {
        const MemoCand *c = &r->memos.c[e->cand + j];
        if (pool_offer(&r->pool, r->memos.bytes + c->pos_off, c->pos_len, c->eval, line, r->memos.mvs + c->mv_off,
                       c->nmv) < 0)
            return FAILED;
    }
    return GO_ON;
}

/* Keep the line of the stage search's win (node `won`) after `line`. */
static int keep_win(Run *r, uint32_t won, int32_t line) {
    size_t k = bf_path(&r->work, won, NULL);
    if (grow((void **)&r->path, &r->pcap, k + 1, sizeof(Mv)) < 0) return FAILED;
    bf_path(&r->work, won, r->path);
    r->won_line = links_extend(&r->links, line, r->path, k);
    return r->won_line == -2 ? FAILED : FOUND_WIN;
}

/* Offer the pool the `keep` best positions of the stage search just run
   from `start` (reached by `line`), and keep them in a memo if `memoize`. */
static int offer_best(Run *r, int32_t line, int memoize, const unsigned char *start, size_t slen) {
    BfWork *work = &r->work;
    int nt = 0;
    for (size_t i = 0; i < work->nn; i++)
        top_insert(r->top, &nt, r->keep, (Cand){work->nodes[i].home, work->nodes[i].eval, (uint32_t)i});
    int memo = memoize ? memo_open(&r->memos, start, slen) : 0;
    if (memo < 0) return FAILED;
    for (int j = 0; j < nt; j++) {
        const Node *nd = &work->nodes[r->top[j].node];
        size_t k = bf_path(work, r->top[j].node, NULL);
        if (grow((void **)&r->path, &r->pcap, k + 1, sizeof(Mv)) < 0) return FAILED;
        bf_path(work, r->top[j].node, r->path);
        if (pool_offer(&r->pool, work->packs + nd->pos_off, nd->pos_len, r->top[j].eval, line, r->path, k) < 0 ||
            (memo && memo_cand(&r->memos, work->packs + nd->pos_off, nd->pos_len, r->top[j].eval, r->path, k) < 0))
            return FAILED;
    }
    return GO_ON;
}

/* Search the stage that starts at the beam's position `b` (or offer again
   what the same search kept in an earlier round). */
static int search_stage(Run *r, size_t b) {
    if ((r->max_states > 0 && r->states >= r->max_states) || (r->deadline > 0 && now() >= r->deadline))
        return STOPPED;
    long long cap = r->stage_states;
    if (r->max_states > 0) {
        long long left = r->max_states - r->states;
        if (left < 1) left = 1;
        if (left < cap) cap = left;
    }
    int32_t line = r->now.it[b].line;
    const unsigned char *start = r->now.bytes + r->now.it[b].pos_off;   /* packed: the memo's key */
    size_t slen = r->now.it[b].pos_len;
    int full = cap == r->stage_states;   /* a search to a smaller cap is not the one kept */
    long hit = full ? memo_find(&r->memos, start, slen) : -1;
    if (hit >= 0) return offer_memo(r, hit, line);
    unpack(r->rules, start, r->pos);
    long long st = 0;
    uint32_t won = 0;
    r->ctx->hold = 2;
    int v = bf_run(r->ctx, r->rules, r->pos, r->total, r->deadline, cap, &r->work, &st, &won);
    r->ctx->hold = r->hold;
    r->states += st;
    if (v == -2) return FAILED;
    if (v == STOPPED_MEMORY) return OUT_OF_MEMORY;
    if (v == 1) return keep_win(r, won, line);
    /* Kept only if the search ended as any search from here to this cap
       would: finished, or stopped at the cap (not by the deadline). */
    return offer_best(r, line, full && (v == 0 || st >= cap), start, slen);
}

/* The pool entry `e` takes each of its stage moves into the next stage. 0, or -1 on error. */
static int take_stage_moves(Run *r, const Entry *e) {
    Mv moves[MAXM];
    unpack(r->rules, r->pool.bytes + e->pos_off, r->pos);
    r->ctx->hold = 0;
    int ns = gen(r->ctx, r->rules, r->pos, moves);
    r->ctx->hold = r->hold;
    int32_t base = -1;
    int based = 0;
    for (int m = 0; m < ns; m++) {
        if (!(moves[m].src < 0 || moves[m].src == r->rules->stock)) continue;
        if (!based) {
            base = links_extend(&r->links, e->line, r->pool.mvs + e->mv_off, e->nmv);
            if (base == -2) return -1;
            based = 1;
        }
        *r->child = *r->pos;
        if (apply(r->ctx, r->rules, r->child, moves[m]) < 0) return -1;
        int32_t line = links_extend(&r->links, base, &moves[m], 1);
        if (line == -2 || beam_add(&r->next, line, r->buf, (size_t)pack(r->rules, r->child, r->buf)) < 0) return -1;
    }
    return 0;
}

/* The next stage: the `width` best of the pool each take their stage moves;
   `*cut` is set when the pool held more. 0, or -1 on error. */
static int next_stage(Run *r, long long width, int *cut) {
    const Pool *pool = &r->pool;
    if (grow((void **)&r->order, &r->ocap, pool->n + 1, sizeof(Rank)) < 0) return -1;
    for (size_t i = 0; i < pool->n; i++) r->order[i] = (Rank){pool->e[i].score, (uint32_t)i};
    qsort(r->order, pool->n, sizeof(Rank), by_score);
    r->next.n = r->next.bn = 0;
    r->ctx->keep_snaps = 0;
    size_t i = 0;
    int err = 0;
    for (; i < pool->n && (long long)r->next.n < width && !err; i++)
        err = take_stage_moves(r, &pool->e[r->order[i].idx]) < 0;
    r->ctx->keep_snaps = 1;
    if (err) return -1;
    if (i < pool->n) *cut = 1;
    Beam t = r->now;
    r->now = r->next;
    r->next = t;
    return 0;
}

/* Whether the beam's tables have outgrown the memory limit. */
static int over_memory(const Run *r) {
    if (r->ctx->max_bytes <= 0) return 0;
    size_t bytes = r->links.cap * sizeof(Link) + r->pool.cap * sizeof(Entry) + r->pool.bcap +
                   r->pool.mcap * sizeof(Mv) + r->pool.nslots * sizeof(uint32_t) + r->now.cap * sizeof(Item) +
                   r->now.bcap + r->next.cap * sizeof(Item) + r->next.bcap + r->memos.bcap +
                   r->memos.ccap * sizeof(MemoCand) + r->memos.mcap * sizeof(Mv) + bf_work_bytes(&r->work);
    return bytes > (size_t)r->ctx->max_bytes;
}

/* One round: from the root, stage after stage, at most `width` positions a
   stage, until no position goes on or the search ends. */
static int run_round(Run *r, long long width, int *cut) {
    r->links.n = 0;
    r->now.n = r->now.bn = 0;
    if (beam_add(&r->now, -1, r->buf, (size_t)pack(r->rules, r->root, r->buf)) < 0) return FAILED;
    while (r->now.n) {
        pool_clear(&r->pool);
        for (size_t b = 0; b < r->now.n; b++) {
            int outcome = search_stage(r, b);
            if (outcome != GO_ON) return outcome;
        }
        if (next_stage(r, width, cut) < 0) return FAILED;
        if (over_memory(r)) return OUT_OF_MEMORY;
    }
    return GO_ON;
}

/* (verdict, moves, states) into *out: the won line's moves, from the root. */
static int beam_result(Run *r, int verdict, NcResult *out) {
    size_t k = verdict == 1 ? line_len(&r->links, r->won_line) : 0;
    if (grow((void **)&r->path, &r->pcap, k + 1, sizeof(Mv)) < 0) return -1;
    size_t q = k;
    if (verdict == 1)
        for (int32_t x = r->won_line; x >= 0; x = r->links.l[x].parent) r->path[--q] = r->links.l[x].mv;
    out->verdict = verdict;
    out->states = r->states;
    return result_moves(out, r->path, k);
}

static void run_free(Run *r) {
    free(r->links.l);
    free(r->pool.e); free(r->pool.bytes); free(r->pool.mvs); free(r->pool.slots);
    memos_free(&r->memos);
    free(r->now.it); free(r->now.bytes); free(r->next.it); free(r->next.bytes);
    free(r->pos); free(r->child); free(r->top); free(r->order); free(r->path);
}

int beam(Ctx *ctx, const Rules *rules, Pos *root, int total, double budget, long long max_states, int width,
         int stage_states, int keep, NcResult *out) {
    Run r = {.ctx = ctx, .rules = rules, .root = root, .total = total, .stage_states = stage_states, .keep = keep,
             .hold = ctx->hold, .deadline = budget > 0 ? now() + budget : 0, .max_states = max_states,
             .won_line = -1};
    int result = -1;
    r.pos = malloc(sizeof(Pos));
    r.child = malloc(sizeof(Pos));
    r.top = malloc((size_t)(keep > 0 ? keep : 1) * sizeof(Cand));
    if (!r.pos || !r.child || !r.top) {
        nc_nomem();
    } else if (bf_work_init(&r.work, 1 << 12) == 0) {
        int cut = 1;   /* whether the last round left positions of a pool out; if not, the next would repeat it */
        int outcome = GO_ON;
        for (long long w = width; w <= (1 << 20) && cut && outcome == GO_ON; w *= 2) {
            cut = 0;
            outcome = run_round(&r, w, &cut);
        }
        if (outcome != FAILED)
            result = beam_result(&r, outcome == FOUND_WIN ? 1 : outcome == OUT_OF_MEMORY ? STOPPED_MEMORY : -1, out);
        bf_work_free(&r.work);
    }
    ctx->hold = r.hold;
    run_free(&r);
    return result;
}
