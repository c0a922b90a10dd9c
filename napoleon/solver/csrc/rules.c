#include "core.h"

/* ------------------------------------------------------------ reading rules */

typedef struct { const uint64_t *seq; size_t i, n; int err; } Reader;

static uint64_t rd64(Reader *r) {
    if (r->err) return 0;
    if (r->i >= r->n) { r->err = 1; nc_fail(NC_ERR_VALUE, "rule tables too short"); return 0; }
    return r->seq[r->i++];
}

static int rd(Reader *r) { return (int)(int64_t)rd64(r); }

static int rd_small(Reader *r, int max) {
    int v = rd(r);
    if (!r->err && (v < 0 || v > max)) {
        r->err = 1;
        nc_fail(NC_ERR_VALUE, "rule table value %d out of range 0..%d", v, max);
        return 0;
    }
    return v;
}

/* A broken assumption (core.h A1-A3; A5 follows from A3, core.py checks A4,
   and A6-A7 only switch a shortcut off per game, below): refused with
   NC_ERR_NOT_COMPILABLE, which core.py turns into NotCompilable (the Python
   search takes over). */
static int broken(const char *what) {
    return nc_fail(NC_ERR_NOT_COMPILABLE, "the core's assumption %s does not hold for these rules", what);
}

/* Check what core.h declares, and derive what the dead-end test needs. */
/* What the waste test (wastedead.c) needs of a game, derived once when its tables are read:
   whether the test holds for it (one waste, one kind of column, single-fit builds). */
static void waste_test_setup(Rules *R) {
    R->waste_ok = 0;
    if (!R->deadend_ok || R->stock < 0 || R->nphase < 1) return;
    int w = R->nwaste[0] == 1 ? R->waste[0][0] : -1;
    for (int ph = 0; ph < R->nphase; ph++)
        if (R->nwaste[ph] != 1 || R->waste[ph][0] != w) return;
    if (w < 0) return;
    int first = -1, ncols = 0;
    uint32_t cols = 0;
    for (int p = 0; p < R->npiles; p++) {
        if (R->is_found[p] || p == R->stock || p == w) continue;
        if (!R->is_build[p]) return;   /* a pile that is neither: the count would miss it */
        if (first < 0) first = p;
        else if (memcmp(R->fit[p], R->fit[first], sizeof R->fit[p])) return;
        cols |= 1u << p;
        ncols++;
    }
    if (first < 0 || R->is_build[w]) return;
    for (int t = 0; t < 64; t++)
        if (__builtin_popcountll(R->fit[first][t]) > 1) return;
    uint64_t home_fit[64] = {0};
    for (int i = 0; i < R->nfound; i++)
        for (int t = 0; t < 64; t++) home_fit[t] |= R->fit[R->found[i]][t];
    memcpy(R->home_fit, home_fit, sizeof home_fit);
    R->cols = cols;
    R->ncols = ncols;
    R->col_pile = first;
    R->waste_pile = w;
    R->waste_ok = 1;
}

static int check_assumptions(Rules *R) {
    int runs = 0;
    for (int i = 0; i < R->nsources; i++) {
        int s = R->sources[i];
        if (s >= R->npiles) return broken("A1 (a source is a pile)");
        if (R->is_found[s]) return broken("A2 (foundations are never a source)");
        if (s == R->stock) return broken("A3 (the stock is not a source)");
        runs |= R->runs[s];
    }
    for (int ph = 0; ph < R->nphase; ph++) {
        for (int p = 0; p < R->npiles; p++)
            for (int t = 0; t < R->ntarget[ph][p]; t++) {
                const Target *T = &R->target[ph][p][t];
                runs |= T->runs;
                for (int i = 0; i < T->n; i++)
                    if (T->dst[i] == R->stock || T->dst[i] >= R->npiles) return broken("A3 (nothing is moved onto the stock)");
            }
        for (int i = 0; i < R->nwaste[ph]; i++)
            if (R->waste[ph][i] == R->stock || R->waste[ph][i] >= R->npiles) return broken("A3 (a stock turn lands on a waste pile)");
    }
    for (int w = 0; w < R->nwhole; w++) {
        if (R->is_found[R->whole_src[w]]) return broken("A2 (foundations are never a source)");
        for (int i = 0; i < R->whole_n[w]; i++)
            if (R->whole_dst[w][i] == R->stock) return broken("A3 (nothing is moved onto the stock)");
    }
    /* The dead-end test reasons card by card about the first time each card
       moves: it needs every move to carry one card (no runs, no whole-pile
       moves) and nothing to be built on a waste pile. */
    int waste_bare = 1;
    for (int ph = 0; ph < R->nphase; ph++)
        for (int i = 0; i < R->nwaste[ph]; i++) {
            int w = R->waste[ph][i];
            if (R->space[w]) waste_bare = 0;
            for (int c = 0; c < 64; c++) if (R->fit[w][c]) waste_bare = 0;
        }
    R->deadend_ok = !runs && R->nwhole == 0 && waste_bare;
    /* A7: one waste pile takes the turns, nothing is built on it, and its
       card moves alone. */
    R->macro_ok = R->stock >= 0 && waste_bare;
    for (int ph = 0; ph < R->nphase; ph++) {
        if (R->nwaste[ph] != 1) { R->macro_ok = 0; break; }
        int w = R->waste[ph][0];
        if (R->runs[w]) R->macro_ok = 0;
        for (int t = 0; t < R->ntarget[ph][w]; t++) if (R->target[ph][w][t].runs) R->macro_ok = 0;
        for (int i = 0; i < R->nwhole; i++) if (R->whole_src[i] == w) R->macro_ok = 0;
    }
    for (int p = 0; p < R->npiles; p++) {
        int any = R->space[p] != 0;
        for (int c = 0; c < 64 && !any; c++) any = R->fit[p][c] != 0;
        R->is_build[p] = !R->is_found[p] && any;
        R->grp_mask[p] = 1u << p;
        for (int i = 0; i < R->grp_n[p]; i++) R->grp_mask[p] |= 1u << R->grp[p][i];
        uint64_t cards = 0;   /* every card value: suits 0-3, ranks 1-13 */
        for (int su = 0; su < 4; su++) cards |= 0x3FFEULL << (16 * su);
        if (R->is_build[p] && (R->space[p] & cards) == cards) R->takes_all |= 1u << p;
        for (int t = 0; t < 64; t++) {
            R->goes_on[t] |= R->fit[p][t];
            for (uint64_t m = R->fit[p][t]; m; m &= m - 1) R->fit_inv[p][__builtin_ctzll(m)] |= 1ULL << t;
        }
    }
    for (int i = 0; i < R->nsources; i++) R->is_source[R->sources[i]] = 1;
    for (int ph = 0; ph < R->nphase; ph++)
        for (int p = 0; p < R->npiles; p++)
            for (int t = 0; t < R->ntarget[ph][p]; t++) {
                Target *T = &R->target[ph][p][t];
                int fast = !T->runs && T->n > 0;
                T->mask = T->spaces = 0;
                for (int i = 0; i < T->n; i++) {
                    int d = T->dst[i];
                    T->mask |= 1u << d;
                    if (R->space[d]) T->spaces |= 1u << d;
                    if (i && (d <= T->dst[i - 1] || memcmp(R->fit[d], R->fit[T->dst[0]], sizeof R->fit[d]))) fast = 0;
                }
                T->fast = fast;
            }
    for (int ph = 0; ph < R->nphase; ph++) {
        for (int p = 0; p < R->npiles; p++)
            for (int t = 0; t < R->ntarget[ph][p]; t++) {
                const Target *T = &R->target[ph][p][t];
                for (int i = 0; i < T->n; i++) {
                    int d = T->dst[i];
                    if (R->is_found[d]) R->dst_found[ph][p] |= 1u << d;
                    else if (R->is_build[d]) R->dst_build[ph][p] |= 1u << d;
                }
            }
        for (int i = 0; i < R->nwaste[ph]; i++) {
            R->waste_found[ph] |= R->dst_found[ph][R->waste[ph][i]];
            R->waste_build[ph] |= R->dst_build[ph][R->waste[ph][i]];
        }
    }
    waste_test_setup(R);
    return 0;
}

/* The layout is written by core.py's encode_rules(); keep the two in step. */
int read_rules(Rules *R, const uint64_t *table, size_t n) {
    Reader r = {table, 0, n, 0};
    memset(R, 0, sizeof *R);
    int version = rd(&r);
    if (!r.err && version != TABLE_VERSION) {
        nc_fail(NC_ERR_VALUE, "rule tables of version %d: this core reads version %d", version, TABLE_VERSION);
        return -1;
    }
    R->npiles = rd_small(&r, MAXP);
    R->stock = rd(&r);
    R->copies = rd(&r);
    R->max_redeals = rd(&r);
    R->needs_empty_stock = rd(&r);
    R->nphase = rd_small(&r, MAXPH);
    if (R->nphase < 1 && !r.err) { nc_fail(NC_ERR_VALUE, "no phase"); return -1; }
    R->nfound = rd_small(&r, MAXP);
    for (int i = 0; i < R->nfound; i++) R->found[i] = rd_small(&r, MAXP - 1);
    R->nsources = rd_small(&r, MAXP);
    for (int i = 0; i < R->nsources; i++) R->sources[i] = rd_small(&r, MAXP - 1);
    for (int p = 0; p < R->npiles; p++) {
        R->limit[p] = rd(&r);
        R->one_per_suit[p] = rd(&r);
        R->runs[p] = rd(&r);
        R->is_found[p] = rd(&r);
        R->grp_n[p] = rd_small(&r, MAXP);
        for (int i = 0; i < R->grp_n[p]; i++) R->grp[p][i] = rd_small(&r, MAXP - 1);
        R->space[p] = rd64(&r);
        for (int t = 0; t < 64; t++) R->fit[p][t] = rd64(&r);
    }
    for (int ph = 0; ph < R->nphase; ph++) {
        for (int p = 0; p < R->npiles; p++) {
            R->ntarget[ph][p] = rd_small(&r, MAXT);
            for (int t = 0; t < R->ntarget[ph][p]; t++) {
                Target *T = &R->target[ph][p][t];
                T->first_only = rd(&r);
                T->runs = rd(&r);
                T->n = rd_small(&r, MAXP);
                for (int i = 0; i < T->n; i++) T->dst[i] = rd_small(&r, MAXP - 1);
            }
        }
        R->nwaste[ph] = rd_small(&r, MAXP);
        for (int i = 0; i < R->nwaste[ph]; i++) R->waste[ph][i] = rd_small(&r, MAXP - 1);
        R->autoplay[ph] = rd(&r);
        R->nsym[ph] = rd_small(&r, MAXP);
        for (int g = 0; g < R->nsym[ph]; g++) {
            R->sym_n[ph][g] = rd_small(&r, MAXP);
            for (int i = 0; i < R->sym_n[ph][g]; i++) {
                int p = rd_small(&r, MAXP - 1);
                R->sym[ph][g][i] = p;
                R->in_sym[ph][p] = g + 1;
            }
        }
    }
    R->nwhole = rd_small(&r, MAXP);
    for (int w = 0; w < R->nwhole; w++) {
        R->whole_src[w] = rd_small(&r, MAXP - 1);
        R->whole_n[w] = rd_small(&r, MAXP);
        for (int i = 0; i < R->whole_n[w]; i++) R->whole_dst[w][i] = rd_small(&r, MAXP - 1);
    }
    for (int c = 0; c < 64; c++) R->supporters[c] = rd64(&r);
    R->ngather = rd_small(&r, MAXP);
    for (int i = 0; i < R->ngather; i++) R->gather[i] = rd_small(&r, MAXP - 1);
    R->nregather = rd_small(&r, MAXP);
    for (int i = 0; i < R->nregather; i++) R->regather[i] = rd_small(&r, MAXP - 1);
    R->ndeal_to = rd_small(&r, MAXP);
    for (int i = 0; i < R->ndeal_to; i++) R->deal_to[i] = rd_small(&r, MAXP - 1);
    R->bottom_first = rd_small(&r, 1);
    R->play_ups = rd_small(&r, 1);
    int nplay = rd_small(&r, MAXP);
    for (int i = 0; i < nplay; i++) {
        int p = rd_small(&r, MAXP - 1);
        if (!r.err && p >= R->npiles) {
            nc_fail(NC_ERR_VALUE, "a redeal names a pile the game does not have");
            return -1;
        }
        R->play_up_mask |= 1u << p;
    }
    for (int i = 0; i < R->nregather + R->ndeal_to && !r.err; i++)
        if ((i < R->nregather ? R->regather[i] : R->deal_to[i - R->nregather]) >= R->npiles) {
            nc_fail(NC_ERR_VALUE, "a redeal names a pile the game does not have");
            return -1;
        }
    if (!r.err && R->nregather && !R->ndeal_to) {
        nc_fail(NC_ERR_VALUE, "a redeal that gathers cards must deal them onto some pile");
        return -1;
    }
    if (!r.err && R->ngather && !R->nregather) {
        nc_fail(NC_ERR_VALUE, "a game that redeals must declare how (its redeal order)");
        return -1;
    }
    if (!r.err && r.i != r.n) { nc_fail(NC_ERR_VALUE, "rule tables too long"); return -1; }
    if (r.err) return -1;
    return check_assumptions(R);
}

int read_pos(const Rules *R, Pos *P, const int *cells, size_t ncells, int redeals) {
    memset(P, 0, sizeof *P);
    P->redeals = redeals;
    size_t at = 0;
    if (redeals < 0) return nc_fail(NC_ERR_VALUE, "the redeal count must not be negative");
    for (int p = 0; p < R->npiles; p++) {
        if (at >= ncells || cells[at] < 0 || cells[at] > MAXC || (size_t)cells[at] > ncells - at - 1)
            return nc_fail(NC_ERR_VALUE, "bad pile");
        P->n[p] = cells[at++];
        for (int i = 0; i < P->n[p]; i++) {
            int v = cells[at++];
            if (v < 1 || v > 63) return nc_fail(NC_ERR_VALUE, "bad card");
            P->c[p][i] = (unsigned char)v;
        }
    }
    if (at != ncells) return nc_fail(NC_ERR_VALUE, "piles must be a list with one list per pile");
    return 0;
}

size_t pos_write(const Rules *R, const Pos *P, int *cells) {
    size_t at = 0;
    for (int p = 0; p < R->npiles; p++) {
        cells[at++] = P->n[p];
        for (int i = 0; i < P->n[p]; i++) cells[at++] = P->c[p][i];
    }
    return at;
}
