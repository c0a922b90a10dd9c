#include "core.h"

/* -------------------------------------------------------- best-first search */

/* A position's promise, from the tables alone: cards home, cards lying in
   order by their pile's own build rule, spaces, and how deep the cards the
   foundations need next are buried. */
int evaluate(const Ctx *X, const Rules *R, const Pos *P) {
    int home = 0, breaks = 0, empty = 0;
    unsigned char depth[64];
    /* The depths serve only the "next card" term: most searches weigh it 0. */
    if (X->w_need) memset(depth, 60, sizeof depth);
    for (int p = 0; p < R->npiles; p++) {
        int n = P->n[p];
        if (R->is_found[p]) { home += n; continue; }
        const unsigned char *c = P->c[p];
        if (X->w_need)
            for (int i = 0; i < n; i++) {
                int d = n - 1 - i;
                if (p == R->stock) d = d / 2 + 1;
                if (d < depth[c[i]]) depth[c[i]] = (unsigned char)d;
            }
        if (p == R->stock) continue;
        if (!n) { if (R->space[p]) empty++; continue; }
        for (int i = 1; i < n; i++)
            if (!HAS(R->fit[p][c[i - 1]], c[i])) breaks += n - i < X->break_cap ? n - i : X->break_cap;
    }
    int need = 0;
    if (X->w_need) {
        for (int i = 0; i < R->nfound; i++) {
            int f = R->found[i], n = P->n[f];
            if (n >= R->limit[f]) continue;
            uint64_t want = n ? R->fit[f][P->c[f][n - 1]] : R->space[f];
            int best = 20;
            while (want) {
                int x = __builtin_ctzll(want);
                want &= want - 1;
                if (depth[x] < best) best = depth[x];
            }
            need += best;
        }
    }
    return home * X->w_home - breaks * X->w_break + empty * X->w_space - need * X->w_need;
}

int pack(const Rules *R, const Pos *P, unsigned char *b) {
    int k = 0;
    b[k++] = (unsigned char)P->redeals;
    for (int p = 0; p < R->npiles; p++) {
        b[k++] = (unsigned char)P->n[p];
        memcpy(b + k, P->c[p], (size_t)P->n[p]);
        k += P->n[p];
    }
    return k;
}

void unpack(const Rules *R, const unsigned char *b, Pos *P) {
    int k = 0;
    P->redeals = b[k++];
    for (int p = 0; p < R->npiles; p++) {
        P->n[p] = b[k++];
        memcpy(P->c[p], b + k, (size_t)P->n[p]);
        k += P->n[p];
    }
}

/* Only the redeal count and the pile sizes of a packed position, all that
   can_redeal() reads: the cards need not be copied. */
void unpack_counts(const Rules *R, const unsigned char *b, Pos *P) {
    int k = 0;
    P->redeals = b[k++];
    for (int p = 0; p < R->npiles; p++) {
        P->n[p] = b[k];
        k += 1 + b[k];
    }
}

static int heap_less(HeapItem a, HeapItem b) {
    return a.pri != b.pri ? a.pri > b.pri : a.node > b.node;   /* newer first on ties */
}

static void heap_push(HeapItem *h, size_t *n, HeapItem it) {
    size_t i = (*n)++;
    while (i) {
        size_t up = (i - 1) / 2;
        if (!heap_less(it, h[up])) break;
        h[i] = h[up];
        i = up;
    }
    h[i] = it;
}

static HeapItem heap_pop(HeapItem *h, size_t *n) {
    HeapItem top = h[0], last = h[--(*n)];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, best = i;
        HeapItem b = last;
        if (l < *n && heap_less(h[l], b)) { best = l; b = h[l]; }
        if (r < *n && heap_less(h[r], b)) { best = r; b = h[r]; }
        if (best == i) break;
        h[i] = h[best];
        i = best;
    }
    if (*n) h[i] = last;
    return top;
}

int bf_work_init(BfWork *W, size_t slots) {
    memset(W, 0, sizeof *W);
    W->ncap = 1 << 14; W->mcap = 1 << 16; W->pcap = 1 << 20; W->hcap = 1 << 14;
    W->nodes = malloc(W->ncap * sizeof(Node));
    W->mvs = malloc(W->mcap * sizeof(Mv));
    W->packs = malloc(W->pcap);
    W->heap = malloc(W->hcap * sizeof(HeapItem));
    if (!W->nodes || !W->mvs || !W->packs || !W->heap) { bf_work_free(W); nc_nomem(); return -1; }
    if (table_init(&W->T, slots) < 0) { bf_work_free(W); return -1; }
    W->ready = 1;
    return 0;
}

void bf_work_free(BfWork *W) {
    free(W->nodes); free(W->mvs); free(W->packs); free(W->heap); free(W->keys);
    if (W->ready) table_free(&W->T);
    memset(W, 0, sizeof *W);
}

/* Make room for `need` items in a growing array; -1 with MemoryError. */
static int reserve(void **arr, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap * 2 : need;
    while (nc < need) nc *= 2;
    void *na = realloc(*arr, nc * size);
    if (!na) { nc_nomem(); return -1; }
    *arr = na;
    *cap = nc;
    return 0;
}

/* Add a node for position Q, reached from `parent` by the `nmv` moves `mv`. */
static int add_node(const Ctx *X, const Rules *R, BfWork *W, const Pos *Q, uint32_t parent, const Mv *mv, int nmv) {
    unsigned char buf[4096];
    int len = pack(R, Q, buf);
    if (reserve((void **)&W->nodes, &W->ncap, W->nn + 1, sizeof(Node)) < 0 ||
        reserve((void **)&W->mvs, &W->mcap, W->mn + (size_t)nmv, sizeof(Mv)) < 0 ||
        reserve((void **)&W->packs, &W->pcap, W->pn + (size_t)len, 1) < 0)
        return -1;
    memcpy(W->packs + W->pn, buf, (size_t)len);
    memcpy(W->mvs + W->mn, mv, (size_t)nmv * sizeof(Mv));
    W->nodes[W->nn] = (Node){parent, (uint32_t)W->mn, (uint32_t)W->pn, (uint16_t)nmv, (uint16_t)len,
                             (uint16_t)(parent == UINT32_MAX ? 0 : W->nodes[parent].depth + 1),
                             (uint16_t)cards_home(R, Q), evaluate(X, R, Q)};
    W->mn += (size_t)nmv;
    W->pn += (size_t)len;
    W->nn++;
    return 0;
}

/* Make a child of P by move m: the move and its auto-play into seq (seq[0]
   the move). A redeal rewrites every pile, so it is made on the copy C; any
   other move on P itself, to be taken back, far cheaper than a copy. The
   position made goes to *Q; returns the number of auto-play moves, -1 on an
   error. */
static int make_child(Ctx *X, const Rules *R, Pos *P, Pos *C, Mv m, Mv *seq, Pos **Q) {
    seq[0] = m;
    *Q = P;
    if (m.src < 0) { *C = *P; *Q = C; }
    if (apply(X, R, *Q, m) < 0) return -1;
    return autoplay(X, R, *Q, seq + 1);
}

/* Take back a child make_child made on P itself (one made on the copy leaves P as it was). */
static void unmake_child(Ctx *X, Pos *P, const Pos *Q, const Mv *seq, int a) {
    if (Q == P)
        for (int j = a; j >= 0; j--) undo(X, P, seq[j]);
}

/* Child Q of node `parent`, reached by seq[0..a] and keyed by key (its hash
   h): counted and kept if new to the table and not a dead end. 1 when it is
   won (*won_node set), -2 on an error, 0 to go on. */
static int take_child(Ctx *X, const Rules *R, BfWork *W, const Pos *Q, uint32_t parent, const Mv *seq, int a,
                      const unsigned char *key, int len, uint64_t h, int total, long long *states, uint32_t *won_node) {
    int added = table_add_hashed(&W->T, key, (size_t)len, h);
    if (added < 0) return -2;
    if (!added) return 0;
    (*states)++;
    if (dead_end(X, R, Q)) return 0;   /* a dead end is lost: neither searched nor kept */
    if (add_node(X, R, W, Q, parent, seq, 1 + a) < 0) return -2;
    uint32_t id = (uint32_t)(W->nn - 1);
    if (is_won(R, Q, total)) { *won_node = id; return 1; }
    if (reserve((void **)&W->heap, &W->hcap, W->hn + 1, sizeof(HeapItem)) < 0) return -2;
    heap_push(W->heap, &W->hn, (HeapItem){W->nodes[id].eval - X->w_depth * W->nodes[id].depth, id});
    return 0;
}

/* Start a search from `root` in W (cleared first): its root node, in the
   table and on the heap. 1 won (*won_node set), 0 to go on, -2 on an error. */
int bf_begin(Ctx *X, const Rules *R, const Pos *root, int total, BfWork *W, long long *states,
                    uint32_t *won_node) {
    unsigned char key[4096];
    Mv autos[256];
    Pos *P = malloc(sizeof(Pos));
    int verdict = -2;
    W->nn = W->mn = W->pn = W->hn = 0;
    W->root_redeals = root->redeals;
    *states = 0;
    table_clear(&W->T);
    if (!P) { nc_nomem(); return -2; }
    X->keep_snaps = 0;
    *P = *root;
    int na = autoplay(X, R, P, autos);
    X->keep_snaps = 1;
    if (add_node(X, R, W, P, UINT32_MAX, autos, na) < 0) goto out;
    if (is_won(R, P, total)) { verdict = 1; *won_node = 0; goto out; }
    if (table_add(&W->T, key, (size_t)make_key(R, P, root->redeals, key)) < 0) goto out;
    *states = 1;
    if (!dead_end(X, R, P)) W->heap[W->hn++] = (HeapItem){W->nodes[0].eval, 0};
    verdict = 0;
out:
    free(P);
    return verdict;
}

/* Go on with the search in W until it is won (1), every position has been
   visited (0), or the deadline (0: none) or max_states (0: none; counted
   from the root, *states included) is reached (-1); -2 on an error. It
   stops only after a position's children are all looked up, so a search
   taken further later goes exactly as one run at once to the larger cap. */
int bf_go(Ctx *X, const Rules *R, int total, double deadline, long long max_states, BfWork *W,
                 long long *states_io, uint32_t *won_node) {
    Pos *P = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    int verdict = -2;
    long long states = *states_io;
    int root_redeals = W->root_redeals;
    Mv moves_[MAXM];
    /* The longest key make_key() writes: each card once at most, two bytes
       a foundation, a separator a pile and a group, and the redeal count. */
    size_t keymax = (size_t)total + 4 * MAXP + 16;
    /* kept from call to call (the beam makes thousands); a key past its bound stays inside, and is refused */
    if (reserve((void **)&W->keys, &W->kcap, MAXM * keymax + 4096, 1) < 0) goto out;
    unsigned char *keys = W->keys;
    int klen[MAXM];
    uint64_t khash[MAXM];
    if (!P || !C) { nc_nomem(); goto out; }
    X->keep_snaps = 0;
    while (W->hn) {
        /* The next position's packed form is far off in memory: ask for it
           before the heap is put in order. */
        __builtin_prefetch(W->packs + W->nodes[W->heap[0].node].pos_off);
        HeapItem it = heap_pop(W->heap, &W->hn);
        Node nd = W->nodes[it.node];
        unpack(R, W->packs + nd.pos_off, P);
        Mv last = nd.mv_n ? W->mvs[nd.mv_off] : (Mv){0, 0, 0};
        int has_last = it.node != 0 && nd.mv_n;
        int nm = ordered(X, R, P, last, has_last && nd.mv_n == 1, has_last && bare_turn(R, last, nd.mv_n), moves_);
        /* In a large table each lookup waits on memory. There the children
           go in two passes: every child's key first, its slot fetched ahead,
           then the lookups in the same order, a new child made again to be
           kept. A small table stays in the cache (the beam's searches) and
           takes one pass. Either way the same positions in the same order. */
        int ahead = (long long)W->T.nslots >= X->ahead_slots;
        for (int i = 0; i < nm; i++) {
            Mv seq[260];
            Pos *Q;
            int a = make_child(X, R, P, C, moves_[i], seq, &Q);
            if (a < 0) goto out;
            unsigned char *k = keys + (size_t)i * keymax;
            int len = make_key(R, Q, root_redeals, k);
            if ((size_t)len > keymax) { nc_fail(NC_ERR_RUNTIME, "position key longer than its bound"); goto out; }
            klen[i] = len;
            khash[i] = hash_bytes(k, (size_t)len);
            if (ahead) table_prefetch(&W->T, khash[i]);
            else {
                int v = take_child(X, R, W, Q, it.node, seq, a, k, len, khash[i], total, &states, won_node);
                if (v) { verdict = v; goto out; }
            }
            unmake_child(X, P, Q, seq, a);
        }
        for (int i = 0; ahead && i < nm; i++) {
            Mv seq[260];
            Pos *Q;
            int a = make_child(X, R, P, C, moves_[i], seq, &Q);
            if (a < 0) goto out;
            int v = take_child(X, R, W, Q, it.node, seq, a, keys + (size_t)i * keymax, klen[i], khash[i], total,
                               &states, won_node);
            if (v) { verdict = v; goto out; }
            unmake_child(X, P, Q, seq, a);
        }
        if (W->hn) __builtin_prefetch(&W->nodes[W->heap[0].node]);
        if ((states & 1023) < (unsigned)nm + 1 || (states & 4095) == 0) {
            if (nc_check_interrupt() < 0) goto out;
            if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) { verdict = -1; goto out; }
            if (X->max_bytes > 0 && bf_work_bytes(W) > (size_t)X->max_bytes) { verdict = STOPPED_MEMORY; goto out; }
        }
        if (W->nn >= UINT32_MAX - MAXM) { verdict = -1; goto out; }
    }
    verdict = 0;
out:
    X->keep_snaps = 1;
    *states_io = states;
    free(P); free(C);
    return verdict;
}

int bf_run(Ctx *X, const Rules *R, const Pos *root, int total, double deadline, long long max_states, BfWork *W,
           long long *states_out, uint32_t *won_node) {
    int v = bf_begin(X, R, root, total, W, states_out, won_node);
    return v ? v : bf_go(X, R, total, deadline, max_states, W, states_out, won_node);
}

/* The moves from the root to `node`: each node's own moves, parent by parent. */
size_t bf_path(const BfWork *W, uint32_t node, Mv *out) {
    size_t count = 0;
    for (uint32_t x = node; x != UINT32_MAX; x = W->nodes[x].parent) count += W->nodes[x].mv_n;
    if (out) {
        size_t q = count;
        for (uint32_t x = node; x != UINT32_MAX; x = W->nodes[x].parent)
            for (int m = W->nodes[x].mv_n - 1; m >= 0; m--) out[--q] = W->mvs[W->nodes[x].mv_off + m];
    }
    return count;
}

int bf_answer(const BfWork *W, int verdict, long long states, uint32_t won_node, NcResult *out) {
    size_t count = verdict == 1 ? bf_path(W, won_node, NULL) : 0;
    Mv *path = malloc((count + 1) * sizeof(Mv));
    if (!path) return nc_nomem();
    if (verdict == 1) bf_path(W, won_node, path);
    free(out->moves);
    out->moves = path;
    out->nmoves = count;
    out->verdict = verdict;
    out->states = states;
    return 0;
}

/* A table for the positions a search may visit (twice the slots), so that a
   short search does not clear a large one: St. Helena's last deals are
   searched a thousand positions at a time, a thousand times a deal. */
size_t bf_slots(long long max_states) {
    size_t slots = 1 << 10;
    while (slots < (1 << 16) && (max_states <= 0 || (long long)slots < 2 * max_states)) slots *= 2;
    return slots;
}

int bestfirst(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, NcResult *out) {
    BfWork W;
    long long states = 0;
    uint32_t won_node = 0;
    int result = -1;
    if (bf_work_init(&W, bf_slots(max_states)) < 0) return -1;
    int verdict = bf_run(X, R, root, total, budget > 0 ? now() + budget : 0, max_states, &W, &states, &won_node);
    if (verdict != -2) result = bf_answer(&W, verdict, states, won_node, out);
    bf_work_free(&W);
    return result;
}

size_t bf_work_bytes(const BfWork *W) {
    return W->ncap * sizeof(Node) + W->mcap * sizeof(Mv) + W->pcap + W->hcap * sizeof(HeapItem) + W->kcap
           + table_bytes(&W->T);
}
