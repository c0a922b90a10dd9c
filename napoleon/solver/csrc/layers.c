#include "layers.h"

/* -------------------------------------------------- layer-by-layer search

   A complete search that holds only a few layers of the position space at
   a time, with exact keys.

   The layer of a position: its cards home, plus twice the cards turned from
   the stock, less the cards on the waste,

       layer = home + 2 * (stock at the root - stock) - waste + waste at the root.

   It never decreases where the game allows no redeal (none left at the
   root), nothing is ever put on the waste but by a stock turn, and there is
   one waste (layers_refused() checks it): a card that goes home stays home
   (A2); a stock turn adds 2 - 1; a card off the waste adds 1 (2 if it goes
   home); a move between other piles (columns, reserves) changes none of the
   three. So a move either stays in its layer (a move between columns) or
   goes to a later one, and the positions can be searched layer after
   layer: a layer is searched whole (every position of it met so far, and
   every position its moves reach inside it), its moves to later layers are
   kept in those layers' tables, and it is then forgotten. Nothing can lead
   back into it. The memory goes by the largest layers waiting at one time,
   not by the whole space, and "lost" means every reachable position was
   visited, up to the same sound shortcuts as depth-first search: safe
   auto-play, the stock's macro moves (A7, which hold since no redeal is
   left), one move per group of interchangeable spaces, and the dead-end
   tests when asked for.

   A win is found with its line: each position added to a layer writes a
   record (its parent, as layer and index there, and which of the parent's
   moves made it) to that layer's file in `folder`; from a win the records
   are read back to the root, and the moves are made again on the real
   position, each one found as the move whose result has the key the
   search's move reached (decoding may have put interchangeable piles in
   another order). The files are removed when the search ends. */

/* ------------------------------------------------------------ the line of a win */

/* Layer L's record `idx`: its parent and its move index. 0, or -1. */
static int lay_read_record(Lay *S, int L, long long idx, uint64_t *parent, int *mi) {
    Layer *Y = &S->layer[L];
    char path[4200];
    lay_disk_path(S, L, "trace", path, sizeof path);
    FILE *f = Y->trace;
    if (f && fflush(f) != 0) return nc_fail_os(path);
    if (!f && !(f = fopen(path, "rb"))) return nc_fail_os(path);
    unsigned char rec[REC_SIZE];
    int ok = fseek(f, (long)(idx * REC_SIZE), SEEK_SET) == 0 && fread(rec, 1, REC_SIZE, f) == REC_SIZE;
    if (Y->trace) fseek(Y->trace, 0, SEEK_END);
    else fclose(f);
    if (!ok) return nc_fail(NC_ERR_RUNTIME, "the layered search's record %lld of layer %d cannot be read", idx, L);
    uint16_t m16;
    memcpy(parent, rec, 8);
    memcpy(&m16, rec + 8, 2);
    *mi = m16;
    return 0;
}

typedef struct { Mv *mv; size_t n, cap; } Line;

static int line_add(Line *l, const Mv *mv, size_t n) {
    if (l->n + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < l->n + n) cap *= 2;
        Mv *m = realloc(l->mv, cap * sizeof(Mv));
        if (!m) return nc_nomem();
        l->mv = m;
        l->cap = cap;
    }
    memcpy(l->mv + l->n, mv, n * sizeof(Mv));
    l->n += n;
    return 0;
}

/* Make move `mv` and its auto-play on P: the plain moves made, into seq; their number or -1. */
static int make_closed(Ctx *X, const Rules *R, Pos *P, Mv mv, Mv *seq) {
    int made = make_move(X, R, P, mv, seq);
    if (made < 0) return -1;
    return made + autoplay(X, R, P, seq + made);
}

/* The line from the root (before its auto-play) through the moves `mis`
   (indices into ordered()'s moves of each decoded position), made on the
   root itself. 0, or -1. */
static int replay(Lay *S, const Pos *root, const int *mis, size_t n, Line *line) {
    Ctx *X = S->X;
    const Rules *R = S->R;
    Pos *A = malloc(sizeof(Pos)), *B = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    Mv moves[MAXM], seq[2 * MAXC + 300];
    unsigned char *want = malloc(NC_MAX_KEY);
    int rc = -1;
    if (!A || !B || !C || !want) { nc_nomem(); goto done; }
    *A = *root;
    int na = autoplay(X, R, A, seq);
    if (line_add(line, seq, (size_t)na) < 0) goto done;
    for (size_t s = 0; s < n; s++) {
        *C = *A;
        lay_decode(&S->E, S->key, lay_encode(&S->E, A, S->key), C);
        int nm = ordered(X, R, C, (Mv){0, 0, 0}, 0, 0, moves);
        if (mis[s] >= nm || make_closed(X, R, C, moves[mis[s]], seq) < 0) {
            nc_fail(NC_ERR_ASSERTION, "the layered search's line does not replay (step %zu)", s);
            goto done;
        }
        int wl = lay_encode(&S->E, C, want), found = 0;
        nm = ordered(X, R, A, (Mv){0, 0, 0}, 0, 0, moves);
        for (int i = 0; i < nm && !found; i++) {
            *B = *A;
            int k = make_closed(X, R, B, moves[i], seq);
            if (k < 0) goto done;
            if (lay_encode(&S->E, B, S->key) == wl && memcmp(S->key, want, (size_t)wl) == 0) {
                if (line_add(line, seq, (size_t)k) < 0) goto done;
                *A = *B;
                found = 1;
            }
        }
        if (!found) {
            nc_fail(NC_ERR_ASSERTION, "the layered search's line does not replay (step %zu)", s);
            goto done;
        }
    }
    rc = 0;
done:
    free(A); free(B); free(C); free(want);
    return rc;
}

/* The line to a win reached from layer L's position idx by move mi. */
static int win_line(Lay *S, const Pos *root, int L, long long idx, int mi, Line *line) {
    size_t n = 0, cap = 256;
    int *mis = malloc(cap * sizeof(int));
    if (!mis) return nc_nomem();
    mis[n++] = mi;
    for (;;) {
        uint64_t parent = NO_PARENT;
        int m = 0;
        if (lay_read_record(S, L, idx, &parent, &m) < 0) { free(mis); return -1; }
        if (parent == NO_PARENT) break;
        if (n == cap) {
            int *more = realloc(mis, 2 * cap * sizeof(int));
            if (!more) { free(mis); return nc_nomem(); }
            mis = more;
            cap *= 2;
        }
        mis[n++] = m;
        L = (int)(parent >> 40);
        idx = (long long)(parent & ((1ULL << 40) - 1));
    }
    for (size_t i = 0; i < n / 2; i++) { int t = mis[i]; mis[i] = mis[n - 1 - i]; mis[n - 1 - i] = t; }
    int rc = replay(S, root, mis, n, line);
    free(mis);
    return rc;
}

/* ------------------------------------------------------------ the search */

static void log_layer(Lay *S, int L, long long visited, double t0) {
    if (!S->log) return;
    long long pending = 0, on_disk = 0;
    int waiting = 0;
    for (int i = L + 1; i < S->nlayers; i++) {
        const Layer *Y = &S->layer[i];
        if (Y->on_disk) { on_disk += Y->count + Y->more_n; waiting++; }
        else if (Y->used) { pending += (long long)Y->used; waiting++; }
    }
    fprintf(S->log, "layer %d: %lld positions; %lld visited in all; %lld waiting in %d layers, "
            "%lld more on disk (at most: duplicates); %.1f MiB; %.1f s\n",
            L, S->layer[L].count, visited, pending, waiting, on_disk, S->bytes / 1048576.0, now() - t0);
    fflush(S->log);
}

/* A child of the position being searched: its layer, key (in Lay.kbuf) and hash. */
typedef struct { int to, len; size_t off; uint64_t h; } Child;

/* The search proper: 1 won (the line in *line), 0 lost, -1 unknown or an
   error (recorded), STOPPED_MEMORY. */
static int run_layers(Lay *S, Pos *P, const Pos *root, int total, double deadline, long long max_states,
                      long long *states, Line *line, int from, long long from_idx) {
    Ctx *X = S->X;
    const Rules *R = S->R;
    const Enc *E = &S->E;
    Mv moves[MAXM], seq[2 * MAXC + 300];
    Child kids[MAXM];
    double t0 = now();
    int rc, L0 = from;
    if (from < 0) {
        int na = autoplay(X, R, P, seq);
        if (is_won(R, P, total)) return line_add(line, seq, (size_t)na) < 0 ? -1 : 1;
        L0 = lay_layer_of(&S->E, P);
        int len0 = lay_encode(&S->E, P, S->key);
        rc = lay_add(S, L0, L0, S->key, len0, hash_bytes(S->key, (size_t)len0), NO_PARENT, 0, 0);
        if (rc < 0) return -1;
        if (rc == 2) return STOPPED_MEMORY;
    }
    S->resumable = 1;
    for (int L = L0; L < S->nlayers; L++) {
        Layer *Y = &S->layer[L];
        S->stop_at = L;
        S->stop_idx = 0;
        S->stop_states = *states;
        rc = lay_from_disk(S, L);
        if (rc < 0) return -1;
        if (rc == 2) return STOPPED_MEMORY;
        size_t ci = 0, off = 0;
        for (long long idx = 0; idx < Y->count; idx++) {
            if (off >= Y->fill[ci]) { ci++; off = 0; }
            int len;
            const unsigned char *key = lay_key_at(Y, (uint64_t)ci << CHUNK_BITS | off, &len);
            off += (size_t)len + (len < 0x80 ? 1 : 2);
            if (idx < from_idx) continue;   /* searched before the checkpoint */
            lay_decode(&S->E, key, len, P);
            S->stop_idx = idx;      /* if it stops here, this position is searched again */
            S->stop_states = *states;
            ++*states;
            if ((*states & 4095) == 0) {
                if (nc_check_interrupt() < 0) return -1;
                if ((deadline > 0 && now() > deadline) || (max_states > 0 && *states >= max_states)) return -1;
            }
            if (dead_end(X, R, P)) continue;
            int nm = ordered(X, R, P, (Mv){0, 0, 0}, 0, 0, moves);
            uint64_t self = (uint64_t)L << 40 | (uint64_t)idx;
            int ps = E->stock >= 0 ? P->n[E->stock] : 0, pw = E->stock >= 0 ? P->n[E->waste] : 0;
            /* Every child's key first, its slot fetched ahead, then all
               added: the lookups do not each wait on memory. */
            size_t used = 0;
            for (int i = 0; i < nm; i++) {
                int made = make_move(X, R, P, moves[i], seq);
                if (made < 0) return -1;
                int a = autoplay(X, R, P, seq + made);
                if (is_won(R, P, total)) return win_line(S, root, L, idx, i, line) < 0 ? -1 : 1;
                Child *c = &kids[i];
                c->to = lay_layer_of(E, P);
                if (c->to < L || c->to >= S->nlayers)
                    return nc_fail(NC_ERR_ASSERTION, "a move went from layer %d to layer %d", L, c->to);
                c->off = used;
                c->len = lay_encode_from(E, P, S->kbuf + used, key, ps, pw);
                c->h = hash_bytes(S->kbuf + used, (size_t)c->len);
                used += (size_t)c->len;
                const Layer *T = &S->layer[c->to];
                if (T->nslots) __builtin_prefetch(&T->slots[c->h & (T->nslots - 1)]);
                for (int j = made + a - 1; j >= 0; j--) undo(X, P, seq[j]);
            }
            for (int i = 0; i < nm; i++) {   /* and the key of the first slot whose tag matches */
                const Layer *T = &S->layer[kids[i].to];
                if (!T->nslots) continue;
                size_t mask = T->nslots - 1;
                for (size_t j = kids[i].h & mask; T->slots[j]; j = (j + 1) & mask)
                    if (T->slots[j] >> REF_BITS == kids[i].h >> REF_BITS) {
                        uint64_t ref = (T->slots[j] & REF_MASK) - 1;
                        __builtin_prefetch(T->chunk[ref >> CHUNK_BITS] + (ref & ((1ULL << CHUNK_BITS) - 1)));
                        break;
                    }
            }
            for (int i = 0; i < nm; i++) {
                rc = lay_add(S, L, kids[i].to, S->kbuf + kids[i].off, kids[i].len, kids[i].h, self, i, 0);
                if (rc < 0) return -1;
                if (rc == 2) return STOPPED_MEMORY;
            }
        }
        from_idx = 0;
        if (Y->count) {
            if (Y->count > S->largest) { S->largest = Y->count; S->largest_at = L; }
            S->done++;
            log_layer(S, L, *states, t0);
        }
        lay_drop(S, Y);
    }
    return 0;
}

int layers(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, const char *folder,
           const char *log, const Checkpoint *ck, NcResult *out, NcLayerStats *stats) {
    const char *why = layers_refused(R, root);
    if (why) return nc_fail(NC_ERR_NOT_COMPILABLE, "the layered search does not apply: %s", why);
    if (!folder || !*folder) return nc_fail(NC_ERR_VALUE, "the layered search needs a folder for its records");
    Lay *S = calloc(1, sizeof(Lay));
    Pos *P = malloc(sizeof(Pos));
    Line line = {0};
    int result = -1;
    if (!S || !P) { nc_nomem(); goto done; }
    S->X = X;
    S->R = R;
    S->folder = folder;
    S->max_bytes = X->max_bytes > 0 ? (size_t)X->max_bytes : 0;
    lay_enc_init(&S->E, R, root);
    S->nlayers = total + 2 * S->E.s0 + S->E.w0 + 1;
    if (S->nlayers > MAXLAYERS) { nc_fail(NC_ERR_VALUE, "too many layers for the layered search"); goto done; }
    if (!(S->layer = calloc((size_t)S->nlayers, sizeof(Layer))) || !(S->kbuf = malloc((size_t)MAXM * NC_MAX_KEY))) {
        nc_nomem();
        goto done;
    }
    if (log && *log && !(S->log = fopen(log, "a"))) { nc_fail_os(log); goto done; }
    *P = *root;
    X->snaps.n = 0;
    long long states = 0, from_idx = 0;
    int from = -1;
    if (ck) {
        int taken = lay_take_up(S, ck, &from, &from_idx, &states);
        if (taken < 0) goto done;
        if (!taken) lay_clear_folder(S);
    }
    int verdict = run_layers(S, P, root, total, budget > 0 ? now() + budget : 0, max_states, &states, &line, from,
                             from_idx);
    if (ck && S->resumable && (verdict == STOPPED_MEMORY || (verdict == -1 && !nc_failed()) ||
                               (verdict == -1 && nc_error() == NC_ERR_INTERRUPTED))) {
        /* Stopped short (an interrupt included): what it did is kept. */
        NcErrorState pending;
        nc_error_save(&pending);
        nc_clear();
        if (lay_keep(S, ck) < 0) goto done;
        S->kept = 1;
        nc_error_restore(&pending);
    }
    if (S->log) {
        fprintf(S->log, "end: verdict %d, %lld positions\n", verdict, states);
        fflush(S->log);
    }
    if (!nc_failed()) {
        out->verdict = verdict;
        out->states = states;
        result = result_moves(out, line.mv, verdict == 1 ? line.n : 0);
    }
    stats->layers = S->done;
    stats->largest = S->largest;
    stats->largest_at = S->largest_at;
    stats->stored = S->stored;
    stats->peak_bytes = (long long)S->peak;
    stats->peak_held = S->peak_held;
done:
    if (S && S->layer) {
        char path[4200];
        for (int L = 0; L < S->nlayers; L++) {
            if (S->kept) { lay_drop(S, &S->layer[L]); continue; }
            int had = S->layer[L].count > 0, disk = S->layer[L].on_disk;
            lay_drop(S, &S->layer[L]);
            if (had) { lay_disk_path(S, L, "trace", path, sizeof path); remove(path); }
            if (disk) {
                lay_disk_path(S, L, "keys", path, sizeof path);
                remove(path);
                lay_disk_path(S, L, "more", path, sizeof path);
                remove(path);
            }
        }
        free(S->layer);
    }
    if (S) free(S->kbuf);
    if (S && S->log) fclose(S->log);
    free(S); free(P); free(line.mv);
    return result;
}
