#include "core.h"

/* ---------------------------------------------------------- move generation */

int redeals_left(const Rules *R, const Pos *P) {
    return R->max_redeals < 0 ? 1 : R->max_redeals - P->redeals;
}

int can_redeal(const Rules *R, const Pos *P) {
    if (R->ngather == 0 || redeals_left(R, P) <= 0) return 0;
    if (R->needs_empty_stock && R->stock >= 0 && P->n[R->stock]) return 0;
    for (int i = 0; i < R->ngather; i++)
        if (P->n[R->gather[i]]) return 1;
    return 0;
}

int accepts_empty(const Rules *R, const Pos *P, int d, int c) {
    if (!HAS(R->space[d], c)) return 0;
    if (R->one_per_suit[d]) {
        for (int i = 0; i < R->grp_n[d]; i++) {
            int o = R->grp[d][i];
            if (P->n[o] && (P->c[o][0] >> 4) == (c >> 4)) return 0;
        }
    }
    return 1;
}

#define ADD(s, d, k) do { if (m < MAXM) { out[m].src = (signed char)(s); out[m].dst = (signed char)(d); out[m].count = (unsigned char)(k); m++; } } while (0)

/* The moves of card c as the top of pile src (its pile's cards p[0..n), a run
   of `run` cards in order on top), appended to out[m..]; the new m. tops[v]:
   the piles whose top card is v; empty: the empty piles. Inlined into its two
   callers: nested rollouts ran 3% faster. */
static inline __attribute__((always_inline)) int gen_from(const Rules *R, const Pos *P, int ph, int src, int c,
                                                          const unsigned char *p, int n, int run,
                                                          const uint32_t *tops, uint32_t empty, Mv *out, int m) {
    for (int t = 0; t < R->ntarget[ph][src]; t++) {
        const Target *T = &R->target[ph][src][t];
        if (T->fast) {
            /* The piles whose top takes c, and the spaces, in pile order:
               the order of T->dst, which is ascending. */
            uint32_t ok = empty & T->spaces;
            for (uint64_t ts = R->fit_inv[T->dst[0]][c]; ts; ts &= ts - 1) ok |= tops[__builtin_ctzll(ts)];
            for (uint32_t ds = ok & T->mask; ds; ds &= ds - 1) {
                int d = __builtin_ctz(ds);
                if (P->n[d] ? P->n[d] >= R->limit[d] : !accepts_empty(R, P, d, c)) continue;
                ADD(src, d, 1);
                if (T->first_only) break;
            }
            continue;
        }
        for (int i = 0; i < T->n; i++) {
            int d = T->dst[i], qn = P->n[d];
            if (qn) {
                if (qn >= R->limit[d]) continue;
                uint64_t ok = R->fit[d][P->c[d][qn - 1]];
                if (HAS(ok, c)) {
                    ADD(src, d, 1);
                    if (T->first_only) break;
                } else if (T->runs) {
                    for (int k = 2; k <= run; k++)
                        if (HAS(ok, p[n - k])) { ADD(src, d, k); break; }
                }
            } else {
                if (accepts_empty(R, P, d, c)) {
                    ADD(src, d, 1);
                    if (T->first_only) break;
                }
                if (T->runs)
                    for (int k = 2; k <= run; k++)
                        if (HAS(R->space[d], p[n - k])) ADD(src, d, k);
            }
        }
    }
    return m;
}

void topmap_build(const Rules *R, const Pos *P, TopMap *M) {
    memset(M->tops, 0, sizeof M->tops);
    M->empty = 0;
    for (int p = 0; p < R->npiles; p++)
        if (P->n[p]) { M->top[p] = (signed char)TOP(P, p); M->tops[M->top[p]] |= 1u << p; }
        else { M->top[p] = -1; M->empty |= 1u << p; }
}

void topmap_update(const Rules *R, const Pos *P, TopMap *M, uint32_t piles) {
    piles &= R->npiles >= 32 ? 0xFFFFFFFFu : (1u << R->npiles) - 1;
    for (; piles; piles &= piles - 1) {
        int p = __builtin_ctz(piles);
        uint32_t bit = 1u << p;
        if (M->top[p] >= 0) M->tops[M->top[p]] &= ~bit;
        else M->empty &= ~bit;
        if (P->n[p]) { M->top[p] = (signed char)TOP(P, p); M->tops[M->top[p]] |= bit; }
        else { M->top[p] = -1; M->empty |= bit; }
    }
}

/* The same moves, in the same order, as State._generate(every=False). */
int gen(Ctx *X, const Rules *R, const Pos *P, Mv *out) {
    TopMap M;
    topmap_build(R, P, &M);
    return gen_mapped(X, R, P, &M, out);
}

/* gen(), given P's map of tops. */
int gen_mapped(Ctx *X, const Rules *R, const Pos *P, const TopMap *M, Mv *out) {
    int m = 0, ph = phase(R, P);
    /* tops[v]: the piles whose top card is v. Checking every target pile's
       top against every source's top was a fifth of a search's time. */
    const uint32_t *tops = M->tops, empty = M->empty;
    for (int si = 0; si < R->nsources; si++) {
        int src = R->sources[si], n = P->n[src];
        if (!n) continue;
        const unsigned char *p = P->c[src];
        int c = p[n - 1], run = 1;
        if (R->runs[src])
            while (run < n && HAS(R->fit[src][p[n - run - 1]], p[n - run])) run++;
        m = gen_from(R, P, ph, src, c, p, n, run, tops, empty, out, m);
    }
    if (R->stock >= 0 && P->n[R->stock] && X->hold < 2)
        for (int i = 0; i < R->nwaste[ph]; i++) ADD(R->stock, R->waste[ph][i], 1);
    for (int w = 0; w < R->nwhole; w++) {
        int src = R->whole_src[w], n = P->n[src];
        if (n > 1)
            for (int i = 0; i < R->whole_n[w]; i++) {
                int d = R->whole_dst[w][i];
                if (P->n[d] && HAS(R->fit[d][TOP(P, d)], P->c[src][0])) ADD(src, d, n);
            }
    }
    if (!X->hold && can_redeal(R, P)) ADD(-1, -1, 0);
    return m;
}

int macros_here(const Ctx *X, const Rules *R, const Pos *P) {
    return X->macro && R->macro_ok && X->hold < 2 && P->n[R->stock] > 0 && redeals_left(R, P) <= 0;
}

/* The stock's macro moves (core.h, A7), appended to out[m..]. For k = 1,
   2, ... up to the stock's size: turning k cards and then playing the k-th
   wherever it goes (one move per group of interchangeable spaces), as long
   as auto-play moves nothing after any of the turns. The first turn after
   which auto-play would move a card ends the list with "turn k cards" alone
   (dst: the waste): there the turned card goes home, and other moves may
   follow that could not have come before it. The new m, or -1 if they
   would not fit in MAXM (the caller then turns the stock card by card). */
int gen_macros(Ctx *X, const Rules *R, const Pos *P, Mv *out, int m) {
    int ph = phase(R, P), s = R->stock, w = R->waste[ph][0], ns = P->n[s];
    TopMap M;
    uint64_t wanted = 0;
    Mv tmp[MAXM], autos[256];
    Pos *S = NULL;
    topmap_build(R, P, &M);
    const uint32_t *tops = M.tops, empty = M.empty;
    for (int i = 0; i < R->nfound; i++) {
        int f = R->found[i], n = P->n[f];
        wanted |= n ? (n < R->limit[f] ? R->fit[f][P->c[f][n - 1]] : 0) : R->space[f];
    }
    for (int k = 1; k <= ns; k++) {
        int c = P->c[s][ns - k];
        if (HAS(wanted, c) && (R->autoplay[ph] || X->greedy)) {
            /* Would auto-play take it home? Find out on a copy, turned k times. */
            if (!S) {
                S = malloc(sizeof(Pos));
                if (!S) return -1;
            }
            *S = *P;
            for (int i = 1; i <= k; i++) S->c[w][S->n[w]++] = P->c[s][ns - i];   /* turned one by one */
            S->n[s] -= k;
            if (autoplay(X, R, S, autos) > 0) {
                if (m >= MAXM - 1) { free(S); return -1; }
                ADD(s, w, MACRO | k);
                break;
            }
        }
        int t = gen_from(R, P, ph, w, c, NULL, 0, 1, tops, empty, tmp, 0);
        uint64_t seen = 0;   /* groups of interchangeable piles whose space was offered */
        for (int i = 0; i < t; i++) {
            int d = tmp[i].dst, g = R->in_sym[ph][d];
            if (!P->n[d] && g) {
                if (HAS(seen, g)) continue;
                seen |= 1ULL << g;
            }
            if (m >= MAXM - 1) { free(S); return -1; }
            ADD(s, d, MACRO | k);
        }
    }
    free(S);
    return m;
}
#undef ADD

int make_move(Ctx *X, const Rules *R, Pos *P, Mv mv, Mv *seq) {
    if (mv.src < 0 || !(mv.count & MACRO) || mv.src != R->stock) {
        seq[0] = mv;
        return apply(X, R, P, mv) < 0 ? -1 : 1;
    }
    int k = mv.count & ~MACRO, w = R->waste[phase(R, P)][0];
    for (int i = 0; i < k; i++) {
        seq[i] = (Mv){(signed char)R->stock, (signed char)w, 1};
        apply(X, R, P, seq[i]);
    }
    if (mv.dst == w) return k;   /* the turns alone: auto-play takes the last card home */
    seq[k] = (Mv){(signed char)w, mv.dst, 1};
    apply(X, R, P, seq[k]);
    return k + 1;
}

/* ------------------------------------------------------------ apply / undo */

static int push_snap(SnapStack *s, const Pos *P) {
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        Pos *items = realloc(s->items, (size_t)cap * sizeof(Pos));
        if (!items) { nc_nomem(); return -1; }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->n++] = *P;
    return 0;
}

/* Play pile p's top card to the first foundation that takes it, as
   Game.play_up does; whether one did. */
static int play_up(const Rules *R, Pos *P, int p) {
    if (!P->n[p]) return 0;
    int c = TOP(P, p);
    for (int i = 0; i < R->nfound; i++) {
        int f = R->found[i];
        if (P->n[f] ? (P->n[f] < R->limit[f] && HAS(R->fit[f][TOP(P, f)], c)) : accepts_empty(R, P, f, c)) {
            P->c[f][P->n[f]++] = (unsigned char)c;
            P->n[p]--;
            return 1;
        }
    }
    return 0;
}

/* The redeal, from its data (Rules.regather): what Game.redeal and
   Game.lay_out do with Game.redeal_order, step by step. */
static int regather(const Rules *R, Pos *P) {
    unsigned char packet[MAXP * MAXC];
    int k = 0;
    for (int i = 0; i < R->nregather; i++) {
        int g = R->regather[i];
        if (R->bottom_first) for (int j = 0; j < P->n[g]; j++) packet[k++] = P->c[g][j];
        else for (int j = P->n[g] - 1; j >= 0; j--) packet[k++] = P->c[g][j];
        P->n[g] = 0;
    }
    int first_row = (k < R->ndeal_to ? k : R->ndeal_to) - 1;
    for (int i = 0; i < k; i++) {
        int d = R->deal_to[i % R->ndeal_to];
        if (P->n[d] >= MAXC) { nc_fail(NC_ERR_VALUE, "a redeal deals more cards onto a pile than the core holds"); return -1; }
        P->c[d][P->n[d]++] = packet[i];
        if (!R->play_ups) continue;
        if (i == first_row) {
            /* every pile of the row tried in each pass, as the engine does */
            for (int any = 1; any;) {
                any = 0;
                for (int j = 0; j <= first_row; j++) any |= play_up(R, P, R->deal_to[j]);
            }
        } else if (i > first_row && (R->play_up_mask >> d & 1u)) {
            while (play_up(R, P, d)) {}
        }
    }
    P->redeals++;
    return 0;
}

int apply(Ctx *X, const Rules *R, Pos *P, Mv mv) {
    if (mv.src < 0) {
        if (X->keep_snaps && push_snap(&X->snaps, P) < 0) return -1;
        return regather(R, P);
    }
    int k = mv.count, s = mv.src, d = mv.dst;
    memcpy(&P->c[d][P->n[d]], &P->c[s][P->n[s] - k], (size_t)k);
    P->n[d] += k;
    P->n[s] -= k;
    return 0;
}

void undo(Ctx *X, Pos *P, Mv mv) {
    if (mv.src < 0) {
        *P = X->snaps.items[--X->snaps.n];
        return;
    }
    int k = mv.count, s = mv.src, d = mv.dst;
    memcpy(&P->c[s][P->n[s]], &P->c[d][P->n[d] - k], (size_t)k);
    P->n[s] += k;
    P->n[d] -= k;
}

/* ------------------------------------------------------- safe auto-play */

/* Play home every card whose supporters are all home; as safe_moves() does. */
int autoplay(Ctx *X, const Rules *R, Pos *P, Mv *done) {
    int nd = 0, ph = phase(R, P);
    if (!R->autoplay[ph] && !X->greedy) return 0;
    unsigned char home[64];   /* copies of each card home: a few at most */
    int counted = 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        /* The cards some foundation takes now: most tops are not among them,
           and this test is far cheaper than the search for a foundation. */
        uint64_t wanted = 0;
        for (int i = 0; i < R->nfound; i++) {
            int f = R->found[i], n = P->n[f];
            wanted |= n ? (n < R->limit[f] ? R->fit[f][P->c[f][n - 1]] : 0) : R->space[f];
        }
        for (int si = 0; si < R->nsources; si++) {
            int src = R->sources[si];
            if (!P->n[src]) continue;
            int c = TOP(P, src), safe = 1;
            if (!HAS(wanted, c)) continue;
            uint64_t sup = X->greedy ? 0 : R->supporters[c];
            if (sup && !counted) {
                memset(home, 0, sizeof home);
                for (int i = 0; i < R->nfound; i++) {
                    int f = R->found[i];
                    for (int j = 0; j < P->n[f]; j++) home[P->c[f][j]]++;
                }
                counted = 1;
            }
            while (sup) {
                int x = __builtin_ctzll(sup);
                sup &= sup - 1;
                if (home[x] < R->copies) { safe = 0; break; }
            }
            if (!safe) continue;
            for (int t = 0; t < R->ntarget[ph][src]; t++) {
                const Target *T = &R->target[ph][src][t];
                int target = -1;
                for (int i = 0; i < T->n && target < 0; i++) {
                    int f = T->dst[i];
                    if (!R->is_found[f]) continue;
                    if (P->n[f] ? (P->n[f] < R->limit[f] && HAS(R->fit[f][TOP(P, f)], c)) : accepts_empty(R, P, f, c))
                        target = f;
                }
                if (T->first_only && target >= 0) {
                    Mv mv = {(signed char)src, (signed char)target, 1};
                    apply(X, R, P, mv);
                    if (counted) home[c]++;
                    done[nd++] = mv;
                    changed = 1;
                    /* the card moved may be what a later top needs, this very pass */
                    if (P->n[target] < R->limit[target]) wanted |= R->fit[target][c];
                    break;
                }
            }
        }
    }
    return nd;
}
