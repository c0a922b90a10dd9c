#include "core.h"

/* ------------------------------------------------------------ move order */

static int score(const Rules *R, const Pos *P, Mv mv) {
    if (mv.src < 0) return -100;
    if (R->is_found[mv.dst]) return 100;
    if (mv.src == R->stock) return -50;
    int s = 0;
    if (P->n[mv.src] == mv.count) s += 30;
    else if (P->n[mv.src] > mv.count) {
        /* uncovering a card that can go home at once */
        int c = P->c[mv.src][P->n[mv.src] - mv.count - 1];
        for (int i = 0; i < R->nfound; i++) {
            int f = R->found[i];
            if (P->n[f] ? (P->n[f] < R->limit[f] && HAS(R->fit[f][TOP(P, f)], c)) : HAS(R->space[f], c)) { s += 20; break; }
        }
    }
    if (!P->n[mv.dst]) s -= 20;
    return s;
}

typedef struct { int s; Mv m; } Scored;

/* The moves worth trying, best first: as Search.ordered_moves() prunes.

   `has_last`: the position came from the move `last` with nothing played
   after it by auto-play; then the move straight back is left out (it leads
   to the position before, already seen). After auto-play it leads to a new
   position, which a win may need (3C into a space, the AH under it home,
   3C back onto 4C: tests/solver/test_soundness.py), so callers pass 0 there.

   `after_turn`: the position came from a stock turn onto pile last.dst with
   nothing played home after it. A move that touches neither that pile nor
   the stock could then have been made just before the turn, to the same
   position (the turn changed no other pile), and that earlier position is
   searched too; so only the moves of the turned card, further turns and the
   redeal are tried here. Every reachable position is still reached: any
   line can be reordered to play such a move before the turn. */
int ordered(Ctx *X, const Rules *R, const Pos *P, Mv last, int has_last, int after_turn, Mv *out) {
    Mv raw[MAXM];
    Scored sc[MAXM];
    int n, m = 0, ph = phase(R, P);
    if (macros_here(X, R, P)) {
        /* Every move but the turns, then the macro moves in their place. */
        int hold = X->hold;
        X->hold = 2;
        n = gen(X, R, P, raw);
        X->hold = hold;
        n = gen_macros(X, R, P, raw, n);
        if (n < 0) n = gen(X, R, P, raw);
    } else n = gen(X, R, P, raw);
    int seen_n = 0;
    int seen[MAXM][3];
    for (int i = 0; i < n; i++) {
        Mv mv = raw[i];
        if (mv.src >= 0) {
            if (has_last && last.src >= 0 && mv.src == last.dst && mv.dst == last.src && mv.count == last.count) continue;
            if (after_turn && mv.src != R->stock && mv.src != last.dst && mv.dst != last.dst) continue;
            int g = R->in_sym[ph][mv.dst];
            /* In the X->greedy pass one space of a group is as good as another. */
            if (X->greedy && !g && R->grp_n[mv.dst]) g = MAXP + 1 + R->grp[mv.dst][0];
            if (!P->n[mv.dst] && g) {
                int dup = 0;
                for (int j = 0; j < seen_n; j++)
                    if (seen[j][0] == mv.src && seen[j][1] == mv.count && seen[j][2] == g) { dup = 1; break; }
                if (dup) continue;
                seen[seen_n][0] = mv.src; seen[seen_n][1] = mv.count; seen[seen_n][2] = g; seen_n++;
                if (P->n[mv.src] == mv.count && R->in_sym[ph][mv.src] == g) continue;
            }
        }
        sc[m].s = score(R, P, mv);
        sc[m].m = mv;
        m++;
    }
    /* An insertion sort, stable, so equal scores keep the generator's order;
       a position has a few dozen moves at most. */
    for (int i = 1; i < m; i++) {
        Scored x = sc[i];
        int j = i;
        while (j > 0 && sc[j - 1].s < x.s) { sc[j] = sc[j - 1]; j--; }
        sc[j] = x;
    }
    for (int i = 0; i < m; i++) out[i] = sc[i].m;
    return m;
}
