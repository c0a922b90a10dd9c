#include "core.h"

/* ------------------------------------------------------ nested rollouts */

/* Nested Monte Carlo Search (Cazenave 2009), the "nested rollouts" of
   Bjarnason, Fern and Tadepalli (2009) for Klondike. A search of level L
   plays a game from its start position: at each step it tries every move
   (ordered() drops the undo of the last move and duplicate moves into
   interchangeable spaces), scores each by a search of level L-1 from the
   position it leads to, and plays the first move of the best line found so
   far (the best line is remembered across steps, so the score it ends with
   never falls). Level 0 is one randomised playout. A line's score is the
   cards home where it ends, then evaluate()'s score as a tie-breaker. Moves
   back to a position already on the line being played are not tried, and a
   playout never revisits one of its own positions, so every line ends.

   It only finds wins: when the top level ends without one it starts
   again, the random state going on, until a win, the budget or
   max_states. Each position made counts as one of `states`, and so does
   each playout, so a cap on positions ends it at the same point on any
   machine. Deterministic for a seed.

   Level 0 alone, the searches one after another, is the core's
   "playouts" mode: randomised playouts, never back to a position of the
   same playout.

   policy 0: a playout takes a foundation move if there is one, else a
   tableau move or a stock turn, half and half, each drawn uniformly.
   policy 1 weighs the moves by what they do, read off the tables: a move
   that uncovers a card some foundation takes now, or that empties a pile,
   is drawn more often, one into a space less often; and a redeal the player
   may take at any time (St. Helena's) waits until the deal is played out. */

#define WIN_SCORE ((int64_t)1 << 62)

typedef struct { Mv *m; size_t n, cap; } Line;

typedef struct {
    Ctx *X;
    const Rules *R;
    int total, root_redeals, policy;
    long long states, max_states;
    double deadline;
    int stop;            /* 1: the budget or the cap is spent; -1: an error is set */
    HashSet S;           /* a playout's own positions */
    int check;           /* playout_check(): compare what a playout keeps with what it stands for */
} Nest;

static int line_reserve(Line *L, size_t more) {
    if (L->n + more <= L->cap) return 0;
    size_t cap = L->cap ? L->cap : 256;
    while (cap < L->n + more) cap *= 2;
    Mv *m = realloc(L->m, cap * sizeof(Mv));
    if (!m) { nc_nomem(); return -1; }
    L->m = m;
    L->cap = cap;
    return 0;
}

static int line_push(Line *L, const Mv *m, size_t k) {
    if (!k) return 0;   /* m may be NULL then (an empty line), and memcpy must not see it */
    if (line_reserve(L, k) < 0) return -1;
    memcpy(L->m + L->n, m, k * sizeof(Mv));
    L->n += k;
    return 0;
}

/* Positions are known by their hashes (pos_hash), a playout's own and those
   of the line a search plays, each in a HashSet: a collision only keeps a
   move from being tried. */
static uint64_t key_hash(Nest *N, const Pos *P) { return pos_hash(N->R, P, N->root_redeals); }

/* One more position made: 1 when the search must stop. */
static int count(Nest *N) {
    N->states++;
    if (N->max_states > 0 && N->states >= N->max_states) { N->stop = 1; return 1; }
    if ((N->states & 4095) == 0) {
        if (nc_check_interrupt() < 0) { N->stop = -1; return 1; }
        if (N->deadline > 0 && now() > N->deadline) { N->stop = 1; return 1; }
    }
    return 0;
}

static int64_t line_score(Nest *N, const Pos *P) {
    int home = cards_home(N->R, P);
    if (home == N->total) return WIN_SCORE;
    int64_t e = evaluate(N->X, N->R, P);
    if (e > (1 << 20)) e = 1 << 20;
    if (e < -(1 << 20)) e = -(1 << 20);
    return ((int64_t)home << 24) + e;
}

/* Whether the card under the moved ones may go to some foundation at once. */
static int uncovers_home(const Rules *R, const Pos *P, Mv m) {
    int left = P->n[m.src] - m.count;
    if (left <= 0) return 0;
    int c = P->c[m.src][left - 1];
    for (int i = 0; i < R->nfound; i++) {
        int f = R->found[i];
        if (P->n[f] ? (P->n[f] < R->limit[f] && HAS(R->fit[f][TOP(P, f)], c)) : accepts_empty(R, P, f, c)) return 1;
    }
    return 0;
}

static int policy_weight(const Rules *R, const Pos *P, Mv m) {
    int w = 4;
    if (uncovers_home(R, P, m)) w += 16;
    if (P->n[m.src] == m.count && R->space[m.src]) w += 4;   /* a space made */
    if (!P->n[m.dst]) w -= 3;                                 /* a space used */
    return w;
}

/* One move of a playout, with its auto-play: made on P in place and taken
   back when it leads to a position already in S (a position is kilobytes,
   and copying it twice a step was a tenth of the time); a redeal, which
   cannot be taken back here (no snapshots are kept), is made on the copy C
   and copied back. H holds P's pile hashes (pos_hash_cached),
   kept up to date; *moved: the piles the move and its auto-play changed
   (taken back or not). 1: kept, its auto-play moves in autos[0..*a); 0:
   taken back; -1: an error is set. */
static int playout_step(Ctx *X, const Rules *R, Pos *P, Pos *C, Mv m, Mv *autos, int *a, HashSet *S, int root_redeals,
                        PileHashes *H, uint32_t *moved) {
    Pos *Q = P;
    if (m.src < 0) { *C = *P; Q = C; }
    if (apply(X, R, Q, m) < 0) return -1;
    *a = autoplay(X, R, Q, autos);
    uint32_t changed = moved_piles(m, autos, *a);
    *moved = changed;
    uint64_t h;
    if (Q == P) {
        H->valid &= ~changed;
        h = pos_hash_cached(R, P, root_redeals, H);
    } else h = pos_hash(R, C, root_redeals);
    int added = hset_add(S, h);
    if (added < 0) return -1;
    if (!added) {
        if (Q == P) { take_back(X, P, m, autos, *a); H->valid &= ~changed; }
        return 0;
    }
    if (Q == C) { *P = *C; H->valid = 0; }
    return 1;
}

/* Whether the map of tops and the pile hashes a playout keeps move by move
   differ from those of P made afresh (then an AssertionError is set). */
static int kept_state_differs(Nest *N, const Pos *P, const TopMap *M, PileHashes *H) {
    TopMap fresh;
    topmap_build(N->R, P, &fresh);
    int tops_ok = fresh.empty == M->empty && !memcmp(fresh.tops, M->tops, sizeof fresh.tops);
    for (int p = 0; p < N->R->npiles; p++) tops_ok &= fresh.top[p] == M->top[p];
    uint64_t kept = pos_hash_cached(N->R, P, N->root_redeals, H);
    if (tops_ok && kept == pos_hash(N->R, P, N->root_redeals)) return 0;
    nc_fail(NC_ERR_ASSERTION, "after %lld positions a playout kept %s", N->states,
                 tops_ok ? "another position's hash" : "another position's tops");
    N->stop = -1;
    return 1;
}

/* Level 0: one playout from the position *P, played on P itself (the
   caller's scratch copy: a position is kilobytes), its moves appended to
   `out`; its score, or -1 once N->stop is set. H0: P's pile hashes if the
   caller has them (pos_hash_cached), or NULL. */
static int64_t playout(Nest *N, Pos *P, Line *out, const PileHashes *H0) {
    Ctx *X = N->X;
    const Rules *R = N->R;
    Pos C;
    Mv moves_[MAXM], autos[256], fm[MAXM], om[MAXM], sm[MAXM];
    int ow[MAXM];
    PileHashes H;   /* P's pile hashes (pos_hash_cached) */
    TopMap M;       /* P's tops, for gen_mapped */
    if (H0) H = *H0;
    else H.valid = 0;
    hset_clear(&N->S);
    if (hset_add(&N->S, pos_hash_cached(R, P, N->root_redeals, &H)) < 0) { N->stop = -1; return -1; }
    topmap_build(R, P, &M);
    for (int step = 0; step < 20000 && cards_home(R, P) < N->total; step++) {
        int n = gen_mapped(X, R, P, &M, moves_);
        int nf = 0, no = 0, ns = 0, wsum = 0;
        for (int i = 0; i < n; i++) {
            Mv m = moves_[i];
            if (m.src >= 0 && R->is_found[m.dst]) fm[nf++] = m;
            else if (m.src >= 0 && m.src != R->stock) {
                ow[no] = N->policy ? policy_weight(R, P, m) : 1;
                wsum += ow[no];
                om[no++] = m;
            } else sm[ns++] = m;
        }
        /* A redeal the player may take at any time (St. Helena's), drawn as
           often as a tableau move, ended each deal of a playout within a
           few moves. With the policy it waits: it is drawn only when no
           other move is left, or when four tries found only positions the
           playout had made, so that a playout plays each deal out first. */
        int redeal_last = N->policy && !R->needs_empty_stock;
        for (int i = 0; i < ns && redeal_last; i++) redeal_last = sm[i].src < 0;
        int moved = 0;
        for (int attempt = 0; attempt < 8 && !moved; attempt++) {
            Mv m;
            if (nf) m = fm[rng_next(X) % (uint64_t)nf];
            else if (no && (!ns || (redeal_last && attempt < 4) || (rng_next(X) & 1))) {
                int r = (int)(rng_next(X) % (uint64_t)wsum), i = 0;
                while (r >= ow[i]) r -= ow[i++];
                m = om[i];
            } else if (ns) m = draw_stock_move(X, sm, ns);
            else break;
            uint32_t changed;
            int a, added = playout_step(X, R, P, &C, m, autos, &a, &N->S, N->root_redeals, &H, &changed);
            if (added < 0) { N->stop = -1; return -1; }
            topmap_update(R, P, &M, changed);
            if (N->check && kept_state_differs(N, P, &M, &H)) return -1;
            if (!added) { nf = 0; continue; }
            if (line_push(out, &m, 1) < 0 || line_push(out, autos, (size_t)a) < 0) { N->stop = -1; return -1; }
            moved = 1;
            if (count(N)) return -1;
        }
        if (!moved) break;
    }
    if (count(N)) return -1;   /* every playout counts, however short */
    return line_score(N, P);
}

/* Level >= 1 from `start`: the best line found is left in `best` (replacing
   what it held); its score, or -1 once N->stop is set. */
static int64_t nested(Nest *N, int level, const Pos *start, Line *best) {
    Ctx *X = N->X;
    const Rules *R = N->R;
    Pos *P = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    Line played = {0}, tail = {0};
    HashSet seen = {0};   /* the positions of the line played */
    PileHashes Hc;        /* a child's pile hashes, for its playout */
    int64_t best_score = -1, result = -1;
    Mv moves_[MAXM], autos[256], last = {0, 0, 0};
    int has_last = 0;
    if (!P || !C) { nc_nomem(); N->stop = -1; goto out; }
    if (hset_init(&seen, 256) < 0) { N->stop = -1; goto out; }
    *P = *start;
    best->n = 0;
    if (hset_add(&seen, key_hash(N, P)) < 0) { N->stop = -1; goto out; }
    for (;;) {
        if (cards_home(R, P) == N->total) { best_score = WIN_SCORE; break; }
        int n = ordered(X, R, P, last, has_last, 0, moves_);
        for (int i = 0; i < n; i++) {
            *C = *P;
            if (apply(X, R, C, moves_[i]) < 0) { N->stop = -1; goto out; }
            int a = autoplay(X, R, C, autos);
            Hc.valid = 0;
            if (hset_has(&seen, pos_hash_cached(R, C, N->root_redeals, &Hc))) continue;   /* back onto the line: no way on */
            tail.n = 0;
            if (line_push(&tail, &moves_[i], 1) < 0 || line_push(&tail, autos, (size_t)a) < 0) { N->stop = -1; goto out; }
            int64_t s;
            if (count(N)) goto out;
            if (level <= 1) s = playout(N, C, &tail, &Hc);
            else {
                Line sub = {0};
                s = nested(N, level - 1, C, &sub);
                if (s >= 0 && line_push(&tail, sub.m, sub.n) < 0) { free(sub.m); N->stop = -1; goto out; }
                free(sub.m);
            }
            if (s < 0) goto out;
            if (s > best_score) {
                best_score = s;
                best->n = 0;
                if (line_push(best, played.m, played.n) < 0 || line_push(best, tail.m, tail.n) < 0) { N->stop = -1; goto out; }
                if (s == WIN_SCORE) goto done;
            }
        }
        if (best->n <= played.n) break;   /* a dead end, and no better line */
        /* Follow the best line one player move on, with its auto-play. */
        Mv m = best->m[played.n];
        if (apply(X, R, P, m) < 0) { N->stop = -1; goto out; }
        int a = autoplay(X, R, P, autos);
        if (line_push(&played, &m, 1) < 0 || line_push(&played, autos, (size_t)a) < 0) { N->stop = -1; goto out; }
        last = m;
        has_last = 1;
        if (hset_add(&seen, key_hash(N, P)) < 0) { N->stop = -1; goto out; }
    }
    if (best_score < 0) {   /* no move at all from the start */
        best_score = line_score(N, P);
        best->n = 0;
        if (line_push(best, played.m, played.n) < 0) { N->stop = -1; goto out; }
    }
done:
    result = best_score;
out:
    hset_free(&seen);
    free(played.m); free(tail.m); free(P); free(C);
    return N->stop ? -1 : result;
}

/* The searches of `level` one after another, the random state going on,
   until one wins or the budget or max_states is spent. Level 0 is plain
   playouts (with this file's policy). */
int nested_search(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, int level,
                  int policy, uint64_t seed, NcResult *out) {
    Nest N;
    Line line = {0}, found = {0};
    Mv autos[256];
    Pos *P = malloc(sizeof(Pos)), *W = malloc(sizeof(Pos));   /* W: a playout's scratch */
    int result = -1;
    int verdict = -1, tinit = 0;
    memset(&N, 0, sizeof N);
    N.X = X; N.R = R; N.total = total; N.root_redeals = root->redeals; N.policy = policy;
    N.max_states = max_states;
    N.deadline = budget > 0 ? now() + budget : 0;
    X->keep_snaps = 0;
    X->rng = seed;
    if (!P || !W) { nc_nomem(); goto out; }
    if (hset_init(&N.S, 1 << 12) < 0) goto out;
    tinit = 1;
    *P = *root;
    int a = autoplay(X, R, P, autos);
    if (line_push(&line, autos, (size_t)a) < 0) goto out;
    if (cards_home(R, P) == total) { verdict = 1; goto out; }
    {
        Mv probe[MAXM];
        if (gen(X, R, P, probe) == 0) goto out;   /* no move at all: nothing to search */
    }
    while (!N.stop) {
        /* each round counts too, so that the cap ends even rounds that found no move to try */
        if (level > 0 && count(&N)) break;
        int64_t s;
        if (level <= 0) {
            *W = *P;
            found.n = 0;
            s = playout(&N, W, &found, NULL);
        } else s = nested(&N, level, P, &found);
        if (s == WIN_SCORE) {
            if (line_push(&line, found.m, found.n) < 0) goto out;
            verdict = 1;
            break;
        }
    }
out:
    X->keep_snaps = 1;
    if (!nc_failed()) {
        out->verdict = verdict;
        out->states = N.states;
        result = result_moves(out, line.m, verdict == 1 ? line.n : 0);
    }
    if (tinit) hset_free(&N.S);
    free(line.m); free(found.m); free(P); free(W);
    return result;
}

/* Playouts (the nested rollouts' level 0) from `root` until `max_states`
   positions, each move checked: the tops and pile hashes a playout keeps
   from move to move must be those of its position made afresh. The
   positions checked, or -1 with an AssertionError set. For the tests. */
long long playout_check(Ctx *X, const Rules *R, const Pos *root, int total, long long max_states, uint64_t seed) {
    if (max_states <= 0) { nc_fail(NC_ERR_VALUE, "playout_check needs a position cap"); return -1; }
    Nest N;
    memset(&N, 0, sizeof N);
    N.X = X; N.R = R; N.total = total; N.root_redeals = root->redeals; N.policy = 1; N.check = 1;
    N.max_states = max_states;
    Pos *W = malloc(sizeof(Pos));
    Line line = {0};
    if (!W) { nc_nomem(); return -1; }
    if (hset_init(&N.S, 1 << 12) < 0) { free(W); return -1; }
    X->keep_snaps = 0;
    X->rng = seed;
    while (!N.stop) {   /* count() stops it at the cap; a difference, with an error */
        *W = *root;
        line.n = 0;
        playout(&N, W, &line, NULL);
    }
    X->keep_snaps = 1;
    hset_free(&N.S);
    free(line.m); free(W);
    return N.stop < 0 ? -1 : N.states;
}
