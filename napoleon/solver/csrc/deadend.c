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
   - it can go to no foundation that p's top may go to: for each, every card
     value t that v may be put on there has no copy home now and every copy
     not home is in S (so none reaches a foundation first); an empty
     foundation that takes v would do, and foundations never empty again
     (A2); and
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

int dead_end(Ctx *X, const Rules *R, const Pos *P) {
    if (!X->deadends || !R->deadend_ok) return 0;
    if (R->ngather && redeals_left(R, P) > 0) return 0;
    int ph = phase(R, P);
    unsigned char inS[MAXP * MAXC];
    int base[MAXP], topS[MAXP];       /* topS: index of the highest S card of a pile, or -1 */
    short where[64][MAXCOPY];         /* a value's copies not home, as pile << 8 | index */
    unsigned char ncopy[64], home[64];
    memset(ncopy, 0, sizeof ncopy);
    memset(home, 0, sizeof home);
    int nk = 0;
    for (int p = 0; p < R->npiles; p++) {
        base[p] = nk;
        int n = P->n[p];
        if (R->is_found[p]) {
            for (int i = 0; i < n; i++) home[P->c[p][i]]++;
            topS[p] = -1;
            continue;
        }
        for (int i = 0; i < n; i++) {
            int v = P->c[p][i];
            if (ncopy[v] == MAXCOPY) return 0;   /* more copies than the test tracks: no verdict */
            where[v][ncopy[v]++] = (short)(p << 8 | i);
            inS[nk + i] = 1;
        }
        topS[p] = n - 1;
        nk += n;
    }
    if (nk == 0) return 0;
    int stock = R->stock;
    uint32_t empty = 0;
    for (int p = 0; p < R->npiles; p++)
        if (!P->n[p]) empty |= 1u << p;
    /* The common quick answer: an empty pile that takes any card, within
       reach of every pile with cards, lets every card move (top down). */
    uint32_t open = empty & R->takes_all;
    if (open) {
        int all = 1;
        for (int p = 0; p < R->npiles && all; p++) {
            if (R->is_found[p] || !P->n[p]) continue;
            uint32_t dbuild = p == stock ? R->waste_build[ph] : (R->is_source[p] ? R->dst_build[ph][p] : 0);
            all = (dbuild & open) != 0;
        }
        if (all) return 0;
    }
    /* Passes over the piles until nothing changes. On a pile the S cards
       are always its lowest ones (a card leaves S only once every card above
       it has), so a pile is tried top down and stops at the first card that
       stays; a card dropped lets the one under it be tried in the same pass.
       The stock's cards have no blockers: each is tried. */
    uint32_t freeable = empty;          /* piles holding no S card: they may empty */
    int left = nk, changed = 1;
    while (changed && left) {
        changed = 0;
        for (int p = 0; p < R->npiles; p++) {
            if (R->is_found[p] || topS[p] < 0) continue;
            if (p != stock && !R->is_source[p]) continue;   /* its cards never move */
            uint32_t dfound = p == stock ? R->waste_found[ph] : R->dst_found[ph][p];
            uint32_t dbuild = p == stock ? R->waste_build[ph] : R->dst_build[ph][p];
            for (int i = topS[p]; i >= 0; i--) {
                if (!inS[base[p] + i]) continue;
                int v = P->c[p][i], free = 0;
                /* foundations, one group at a time (its piles share their rule) */
                for (uint32_t m = dfound; m && !free;) {
                    int f = __builtin_ctz(m);
                    uint32_t mg = m & R->grp_mask[f];
                    m &= ~mg;
                    if ((mg & empty) && HAS(R->space[f], v)) { free = 1; break; }
                    for (uint64_t ts = R->fit_inv[f][v]; ts && !free; ts &= ts - 1) {
                        int t = __builtin_ctzll(ts);
                        if (home[t]) { free = 1; break; }
                        for (int j = 0; j < ncopy[t]; j++)
                            if (!inS[base[where[t][j] >> 8] + (where[t][j] & 255)]) { free = 1; break; }
                    }
                }
                /* build piles: a space, or a top to go on */
                for (uint32_t m = dbuild; m && !free;) {
                    int d = __builtin_ctz(m);
                    uint32_t mg = m & R->grp_mask[d];
                    m &= ~mg;
                    if ((freeable & mg) && HAS(R->space[d], v)) { free = 1; break; }
                    for (uint64_t ts = R->fit_inv[d][v]; ts && !free; ts &= ts - 1) {
                        int t = __builtin_ctzll(ts);
                        for (int j = 0; j < ncopy[t]; j++) {
                            int q = where[t][j] >> 8, qi = where[t][j] & 255;
                            if (!inS[base[q] + qi]) { free = 1; break; }   /* t may move, maybe onto a pile c reaches */
                            if ((mg >> q & 1) && topS[q] == qi) { free = 1; break; }  /* t may become a top there */
                        }
                    }
                }
                if (!free) {
                    if (p == stock) continue;
                    break;   /* c stays, and so does every card under it */
                }
                inS[base[p] + i] = 0;
                left--;
                changed = 1;
                if (i == topS[p]) {
                    int j = i - 1;
                    while (j >= 0 && !inS[base[p] + j]) j--;
                    topS[p] = j;
                    if (j < 0 && p != stock) freeable |= 1u << p;
                }
            }
        }
    }
    if (left) X->dead++;
    return left > 0;
}
