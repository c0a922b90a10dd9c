#include "core.h"

/* ------------------------------------------------------------- dead ends

   A position is lost if some set S of cards not yet home can never move
   again: every card must move (at least home) for the game to be won.

   The test computes the largest set S such that for each card c of S, every
   way c could make its first move needs some card of S to have moved
   before. Then no card of S ever moves: the first one to move would need
   an earlier move of another. It starts from every card not home and drops
   the cards that might move, until nothing changes. A card c (value v) on
   pile p at index i stays in S when:

   - a card above it on p is in S (c must be the top to move), or p is no
     source at all (its cards never move); and
   - it can go to no foundation that p's top may go to: none of them has a
     top now that v may be put on, nor is empty and takes v, and every copy
     not home of every card value t that v may be put on there is in S (so
     none reaches a foundation first). A copy of t home but covered does not
     count: cards home stay home (A2), so that foundation's top never comes
     back down to t; and
   - it can go onto no build pile that p's top may go to: no such pile that
     takes v when empty is empty now or free of S cards (a pile empties only
     when all its cards have moved); and for every value t that v may be put
     on there, every copy of t is in S and either lies where c cannot reach
     it (not on such a pile) or under a card of S.

   A card in the stock has no blockers (the cards turned before it end up
   under it; none has to be turned after it), and goes where a waste pile's
   top may go. A waste card is blocked by the waste cards above
   it: nothing is put on a waste but a stock turn.

   This needs (core.h A6): every move carries one card (no runs, no
   whole-pile moves), nothing but a stock turn lands on a waste pile, and no
   redeal can come (a redeal moves cards without any of these conditions).
   Rules.deadend_ok holds the first two for the game; the caller checks the
   last per position. The verdict depends on the position alone, never on
   the path to it, so a transposition table may keep it.

   tests/solver/test_deadends.py holds the test to the exhaustive unpruned
   search on thousands of small deals (the reduced deck). */

#define MAXCOPY 8

/* The cards the test follows, and the set S among them. */
typedef struct {
    unsigned char inS[MAXP * MAXC];   /* by base[pile] + index */
    int base[MAXP], topS[MAXP];       /* topS: index of the highest S card of a pile, or -1 */
    short where[64][MAXCOPY];         /* a value's copies not home, as pile << 8 | index */
    unsigned char ncopy[64], home[64];
    uint32_t empty, freeable;         /* piles empty now; piles holding no S card (they may empty) */
} Stuck;

static inline int in_S(const Stuck *s, int pile, int index) { return s->inS[s->base[pile] + index]; }

/* Put every card not home in S: how many, or -1 when a value has more
   copies than the test tracks (then it gives no verdict). */
static int gather(const Rules *R, const Pos *P, Stuck *s) {
    memset(s->ncopy, 0, sizeof s->ncopy);
    memset(s->home, 0, sizeof s->home);
    int nk = 0;
    for (int p = 0; p < R->npiles; p++) {
        s->base[p] = nk;
        int n = P->n[p];
        if (R->is_found[p]) {
            for (int i = 0; i < n; i++) s->home[P->c[p][i]]++;
            s->topS[p] = -1;
            continue;
        }
        for (int i = 0; i < n; i++) {
            int v = P->c[p][i];
            if (s->ncopy[v] == MAXCOPY) return -1;
            s->where[v][s->ncopy[v]++] = (short)(p << 8 | i);
            s->inS[nk + i] = 1;
        }
        s->topS[p] = n - 1;
        nk += n;
    }
    s->empty = 0;
    for (int p = 0; p < R->npiles; p++)
        if (!P->n[p]) s->empty |= 1u << p;
    s->freeable = s->empty;
    return nk;
}

/* The common quick answer: an empty pile that takes any card, within
   reach of every pile with cards, lets every card move (top down). */
static int space_for_all(const Rules *R, const Pos *P, const Stuck *s, int ph) {
    uint32_t open = s->empty & R->takes_all;
    if (!open) return 0;
    for (int p = 0; p < R->npiles; p++) {
        if (R->is_found[p] || !P->n[p]) continue;
        uint32_t dbuild = p == R->stock ? R->waste_build[ph] : (R->is_source[p] ? R->dst_build[ph][p] : 0);
        if (!(dbuild & open)) return 0;
    }
    return 1;
}

/* Whether a card of value v may reach one of the foundations `dfound`,
   one group at a time (its piles share their rule). */
static int may_go_home(const Rules *R, const Pos *P, const Stuck *s, uint32_t dfound, int v) {
    for (uint32_t m = dfound; m;) {
        int f = __builtin_ctz(m);
        uint32_t mg = m & R->grp_mask[f];
        m &= ~mg;
        if ((mg & s->empty) && HAS(R->space[f], v)) return 1;
        for (uint32_t g = mg; g; g &= g - 1) {
            int q = __builtin_ctz(g);
            if (P->n[q] && P->n[q] < R->limit[q] && HAS(R->fit[q][TOP(P, q)], v)) return 1;
        }
        for (uint64_t ts = R->fit_inv[f][v]; ts; ts &= ts - 1) {
            int t = __builtin_ctzll(ts);
            for (int j = 0; j < s->ncopy[t]; j++)
                if (!in_S(s, s->where[t][j] >> 8, s->where[t][j] & 255)) return 1;
        }
    }
    return 0;
}

/* Whether a card of value v may go onto one of the build piles `dbuild`:
   a space, or a top to go on. */
static int may_go_on_build(const Rules *R, const Stuck *s, uint32_t dbuild, int v) {
    for (uint32_t m = dbuild; m;) {
        int d = __builtin_ctz(m);
        uint32_t mg = m & R->grp_mask[d];
        m &= ~mg;
        if ((s->freeable & mg) && HAS(R->space[d], v)) return 1;
        for (uint64_t ts = R->fit_inv[d][v]; ts; ts &= ts - 1) {
            int t = __builtin_ctzll(ts);
            for (int j = 0; j < s->ncopy[t]; j++) {
                int q = s->where[t][j] >> 8, qi = s->where[t][j] & 255;
                if (!in_S(s, q, qi)) return 1;                      /* t may move, maybe onto a pile c reaches */
                if ((mg >> q & 1) && s->topS[q] == qi) return 1;     /* t may become a top there */
            }
        }
    }
    return 0;
}

/* Drop from S the cards of pile p that might move: how many. On a pile
   the S cards are always its lowest ones (a card leaves S only once every
   card above it has), so a pile is tried top down and stops at the first
   card that stays; a card dropped lets the one under it be tried in the
   same pass. The stock's cards have no blockers: each is tried. */
static int drop_movable(const Rules *R, const Pos *P, Stuck *s, int ph, int p) {
    int stock = R->stock, dropped = 0;
    if (R->is_found[p] || s->topS[p] < 0) return 0;
    if (p != stock && !R->is_source[p]) return 0;   /* its cards never move */
    uint32_t dfound = p == stock ? R->waste_found[ph] : R->dst_found[ph][p];
    uint32_t dbuild = p == stock ? R->waste_build[ph] : R->dst_build[ph][p];
    for (int i = s->topS[p]; i >= 0; i--) {
        if (!in_S(s, p, i)) continue;
        int v = P->c[p][i];
        if (!may_go_home(R, P, s, dfound, v) && !may_go_on_build(R, s, dbuild, v)) {
            if (p == stock) continue;
            break;   /* c stays, and so does every card under it */
        }
        s->inS[s->base[p] + i] = 0;
        dropped++;
        if (i == s->topS[p]) {
            int j = i - 1;
            while (j >= 0 && !in_S(s, p, j)) j--;
            s->topS[p] = j;
            if (j < 0 && p != stock) s->freeable |= 1u << p;
        }
    }
    return dropped;
}

int dead_end(Ctx *X, const Rules *R, const Pos *P) {
    if ((X->deadends & DEADENDS_WASTE) && waste_dead(R, P)) {
        X->dead++;
        return 1;
    }
    if (!(X->deadends & DEADENDS_CARDS) || !R->deadend_ok) return 0;
    if (R->ngather && redeals_left(R, P) > 0) return 0;
    int ph = phase(R, P);
    Stuck s;
    int left = gather(R, P, &s);
    if (left <= 0 || space_for_all(R, P, &s, ph)) return 0;
    /* Passes over the piles until nothing changes. */
    int changed = 1;
    while (changed && left) {
        changed = 0;
        for (int p = 0; p < R->npiles; p++) {
            int dropped = drop_movable(R, P, &s, ph, p);
            left -= dropped;
            changed |= dropped > 0;
        }
    }
    if (left) X->dead++;
    return left > 0;
}
