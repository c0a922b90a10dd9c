#include "core.h"
#include <stddef.h>

/* ------------------------------------------------- the waste's dead ends

   A position is lost if at some moment its game must reach, the cards that
   must then lie in the columns need more columns than there are. Plain C:
   no Python object is touched here.

   Where it applies (waste_test_setup, per game; waste_dead, per position):
   one waste pile, which only the stock's turns put cards on (core.h, A6);
   no redeal left, so every card of the waste leaves it from the top, once;
   every move carries one card; every pile but the foundations, the stock
   and the waste is a column, all columns share one fit table, and a card
   fits on at most one value of card (Forty Thieves: down by one in suit, so
   a card of value t takes only the card one lower in its suit). A space
   may take any card or not: the argument never puts a card into one.

   Let w_0 .. w_m-1 be the waste, w_m-1 on top, and take any k from m-1
   down to -1. If the game is won, there is a first moment T_k when w_k
   leaves the waste (for k = -1: the moment the waste is empty); at T_k
   every card above w_k has left it, w_k and every card under it are still
   there (none can leave before w_k), and w_k is the top.

   1. Which cards may be home by T_k. A card goes home only onto a
      foundation whose top it fits (or an empty one that takes it), and
      never leaves (A2). Until T_k only the cards outside w_0..w_k can move:
      the columns, the stock, and the waste above w_k. `may` is the least
      set of values with a copy there that fit on a foundation's top now, or
      on an empty foundation, or on a value of `may`: every value that gets
      a copy home by T_k is in it (by induction on the moves home). A value
      outside `may` has no copy home at T_k but those home now.
   2. Which cards are in the columns at T_k: every card now in a column, and
      every card of the waste above w_k, whose value is not in `may` (M).
      Each is not home (1.) and not in the stock or the waste (nothing goes
      back there): so in a column.
   3. How many columns they fill. A column's bottom card sits on nothing;
      every other card sits either on a card it fits on or, where the deal
      put it, on one it does not fit (a break). No move makes a break: a card
      is put only on a card it fits or into a space. So a break at T_k is one
      of the breaks now, its upper card unmoved, so in M. A card of value v
      that fits, sits on a copy of the one value t it fits on, and each copy
      of t holds one card directly; those copies lie in the columns at T_k:
      in M, or turned from the stock (counted as hosts, never as members, as
      the stock may also keep its cards). A copy of t under an unmoved break
      holds the break's upper card, not a v. So, with b breaks (upper card in
      M) and hosts(v) the copies of t in M or the stock less those under such
      a break (itself in M): the cards of M that sit on no card they fit number at
      least H = sum over v of max(0, count_M(v) - hosts(v)), and each is a
      column's bottom or a break's upper card: at least H - b columns hold
      cards at T_k. (Counting every such break as lasting to T_k is the
      least this can be: one that does not last gives one more host and
      one break fewer, so H - b grows or stays.)
   4. What w_k needs at T_k. It leaves for a foundation (it fits on a
      foundation's top now, on an empty foundation, or on a value of `may`),
      or for a copy of the value it fits on in a column (one not home and not
      under it in the waste), or else for an empty column.
   So if H - b exceeds the columns, or equals them while w_k needs an empty
   column, T_k cannot come: the position is lost.

   tests/solver/test_deadends.py holds it, and the searches using it, to the
   exhaustive unpruned search on small deals of the reduced deck. */

/* The count the waste test keeps, card k of the waste after card k (k
   from the top down): each value's cards bound for the columns and the
   copies that may hold them, so that passing one card of the waste, or one
   value more that may go home, changes a term or three, not the sum. */
typedef struct {
    const Rules *R;
    const uint64_t *fit;                /* the columns' fit table */
    unsigned char tab[64], above[64], stock[64];
    int blocked[64];                    /* [t]: copies of t under a break whose upper card is bound for the columns */
    int term[64];                       /* [u]: u's cards in M that sit on no copy they fit (u in M) */
    int H, b;                           /* the sum of the terms; the breaks whose upper card is in M */
    uint64_t may, reach;                /* the values that may go home by then; the values a foundation may take */
    int nb;
    unsigned char bx[MAXP * MAXC], by[MAXP * MAXC];   /* the breaks, as (upper, lower) values (nb of them) */
} Count;

/* The value u's term again, after a change to its count or its hosts. */
static void retally(Count *c, int u) {
    int t = 0;
    if (!HAS(c->may, u)) {
        int cnt = c->tab[u] + c->above[u], hosts = 0;
        for (uint64_t ts = c->R->fit_inv[c->R->col_pile][u]; ts; ts &= ts - 1) {
            int h = __builtin_ctzll(ts);
            hosts += c->tab[h] + c->above[h] - c->blocked[h] + c->stock[h];
        }
        t = cnt > hosts ? cnt - hosts : 0;
    }
    c->H += t - c->term[u];
    c->term[u] = t;
}

/* The terms a copy of t (as a host) takes part in: the values that fit on it. */
static void retally_on(Count *c, int t) {
    for (uint64_t us = c->fit[t]; us; us &= us - 1) retally(c, __builtin_ctzll(us));
}

/* Values with a copy in `avail` that a foundation may take join `may`
   (its least fixed point), and leave M. */
static void grow_may(Count *c, uint64_t avail) {
    const Rules *R = c->R;
    for (;;) {
        uint64_t add = c->reach & avail & ~c->may;
        if (!add) return;
        c->may |= add;
        for (uint64_t m = add; m; m &= m - 1) {
            int a = __builtin_ctzll(m);
            c->reach |= R->home_fit[a];
            retally(c, a);
            for (int i = 0; i < c->nb; i++)
                if (c->bx[i] == a) {
                    c->b--;
                    c->blocked[c->by[i]]--;
                    retally_on(c, c->by[i]);
                }
        }
    }
}

int waste_dead(const Rules *R, const Pos *P) {
    if (!R->waste_ok || redeals_left(R, P) > 0) return 0;
    const int w = R->waste_pile, m = P->n[w];
    Count c;
    memset(&c, 0, offsetof(Count, bx));
    c.R = R;
    c.fit = R->fit[R->col_pile];
    for (int i = 0; i < R->nfound; i++) {   /* the values a foundation takes now */
        int f = R->found[i], n = P->n[f];
        if (!n) c.reach |= R->space[f];
        else if (n < R->limit[f]) c.reach |= R->fit[f][P->c[f][n - 1]];
    }
    uint64_t avail = 0;
    for (uint32_t cm = R->cols; cm; cm &= cm - 1) {
        int p = __builtin_ctz(cm);
        for (int i = 0; i < P->n[p]; i++) {
            int v = P->c[p][i];
            c.tab[v]++;
            avail |= 1ULL << v;
            if (i && !HAS(c.fit[P->c[p][i - 1]], v)) { c.bx[c.nb] = (unsigned char)v; c.by[c.nb] = P->c[p][i - 1]; c.nb++; }
        }
    }
    for (int i = 0; i < P->n[R->stock]; i++) { c.stock[P->c[R->stock][i]]++; avail |= 1ULL << P->c[R->stock][i]; }
    c.b = c.nb;
    for (int i = 0; i < c.nb; i++) c.blocked[c.by[i]]++;
    for (uint64_t vals = avail; vals; vals &= vals - 1) retally(&c, __builtin_ctzll(vals));
    for (int k = m - 1; k >= -1; k--) {
        grow_may(&c, avail);
        int need = 0, v = k >= 0 ? P->c[w][k] : 0;
        if (k >= 0 && !HAS(c.reach, v)) {
            need = 1;
            for (uint64_t ts = R->fit_inv[R->col_pile][v]; ts && need; ts &= ts - 1) {
                int t = __builtin_ctzll(ts);
                need = c.tab[t] + c.stock[t] + c.above[t] == 0;
            }
        }
        if (c.H - c.b + need > R->ncols) return 1;
        if (k >= 0) {   /* card k leaves the waste before card k-1 does */
            c.above[v]++;
            avail |= 1ULL << v;
            retally(&c, v);
            retally_on(&c, v);
        }
    }
    return 0;
}
