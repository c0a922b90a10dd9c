/*
 * The solver's compiled search core.
 *
 * It holds no rule of its own: napoleon/solver/core.py hands it the tables
 * that the Python engine compiled from a game's rule data (what fits on
 * what, what fills a space, where each pile's top card may go, which piles
 * are interchangeable, which cards are safe to play home), and a Python
 * callback that carries out a redeal with the game's own code. Move
 * generation follows napoleon/engine/state.py's State._generate step by step,
 * and a test checks the two produce the same moves on random positions.
 *
 * The search is a depth-first search over all reachable positions with a
 * transposition table of exact canonical keys, so "lost" means the whole
 * reachable space was visited.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXP 32      /* piles */
#define MAXC 112     /* cards on one pile */
#define MAXPH 6      /* phases: plans differ by redeals used, 0..MAXPH-1 */
#define MAXT 8       /* targets of one pile */
#define MAXM 512     /* moves of one position */

typedef struct { int first_only, runs, n; int dst[MAXP]; } Target;

typedef struct {
    int npiles, stock, copies, max_redeals, needs_empty_stock, nphase;
    int nfound, found[MAXP];
    int nsources, sources[MAXP];
    int limit[MAXP], one_per_suit[MAXP], runs[MAXP], is_found[MAXP];
    int grp_n[MAXP], grp[MAXP][MAXP];           /* piles of a pile's group */
    uint64_t fit[MAXP][64], space[MAXP];
    int ntarget[MAXPH][MAXP];
    Target target[MAXPH][MAXP][MAXT];
    int nwhole, whole_src[MAXP], whole_n[MAXP], whole_dst[MAXP][MAXP];
    int nwaste[MAXPH], waste[MAXPH][MAXP];
    int autoplay[MAXPH];
    int nsym[MAXPH], sym_n[MAXPH][MAXP], sym[MAXPH][MAXP][MAXP];
    int in_sym[MAXPH][MAXP];                     /* group number + 1, or 0 */
    uint64_t supporters[64];
    int ngather, gather[MAXP];
} Rules;

typedef struct {
    unsigned char c[MAXP][MAXC];
    int n[MAXP];
    int redeals;
} Pos;

typedef struct { signed char src, dst; unsigned char count; } Mv;

/* Set while exploring one stage: the moves that end a stage are left to
   the caller (1: redeals; 2: turning the stock as well). */
static int no_redeal = 0;

/* ------------------------------------------------------------ reading rules */

typedef struct { PyObject *seq; Py_ssize_t i, n; int err; } Reader;

static uint64_t rd64(Reader *r) {
    if (r->err) return 0;
    if (r->i >= r->n) { r->err = 1; PyErr_SetString(PyExc_ValueError, "rule tables too short"); return 0; }
    PyObject *o = PyList_GET_ITEM(r->seq, r->i++);
    uint64_t v = PyLong_AsUnsignedLongLongMask(o);
    if (PyErr_Occurred()) r->err = 1;
    return v;
}

static int rd(Reader *r) { return (int)(int64_t)rd64(r); }

static int rd_small(Reader *r, int max) {
    int v = rd(r);
    if (!r->err && (v < 0 || v > max)) {
        r->err = 1;
        PyErr_Format(PyExc_ValueError, "rule table value %d out of range 0..%d", v, max);
        return 0;
    }
    return v;
}

/* The layout is written by core.py's encode_rules(); keep the two in step. */
static int read_rules(Rules *R, PyObject *list) {
    Reader r = {list, 0, PyList_GET_SIZE(list), 0};
    memset(R, 0, sizeof *R);
    R->npiles = rd_small(&r, MAXP);
    R->stock = rd(&r);
    R->copies = rd(&r);
    R->max_redeals = rd(&r);
    R->needs_empty_stock = rd(&r);
    R->nphase = rd_small(&r, MAXPH);
    if (R->nphase < 1 && !r.err) { PyErr_SetString(PyExc_ValueError, "no phase"); return -1; }
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
    if (!r.err && r.i != r.n) { PyErr_SetString(PyExc_ValueError, "rule tables too long"); return -1; }
    return r.err ? -1 : 0;
}

static int read_pos(const Rules *R, Pos *P, PyObject *piles, int redeals) {
    if (!PyList_Check(piles) || PyList_GET_SIZE(piles) != R->npiles) {
        PyErr_SetString(PyExc_ValueError, "piles must be a list with one list per pile");
        return -1;
    }
    memset(P, 0, sizeof *P);
    P->redeals = redeals;
    for (int p = 0; p < R->npiles; p++) {
        PyObject *pile = PyList_GET_ITEM(piles, p);
        if (!PyList_Check(pile) || PyList_GET_SIZE(pile) > MAXC) {
            PyErr_SetString(PyExc_ValueError, "bad pile");
            return -1;
        }
        P->n[p] = (int)PyList_GET_SIZE(pile);
        for (int i = 0; i < P->n[p]; i++) {
            long v = PyLong_AsLong(PyList_GET_ITEM(pile, i));
            if (v < 1 || v > 63) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad card");
                return -1;
            }
            P->c[p][i] = (unsigned char)v;
        }
    }
    return 0;
}

static PyObject *pos_to_list(const Rules *R, const Pos *P) {
    PyObject *out = PyList_New(R->npiles);
    if (!out) return NULL;
    for (int p = 0; p < R->npiles; p++) {
        PyObject *pile = PyList_New(P->n[p]);
        if (!pile) { Py_DECREF(out); return NULL; }
        for (int i = 0; i < P->n[p]; i++) PyList_SET_ITEM(pile, i, PyLong_FromLong(P->c[p][i]));
        PyList_SET_ITEM(out, p, pile);
    }
    return out;
}

/* ---------------------------------------------------------- move generation */

#define HAS(mask, card) (((mask) >> (card)) & 1ULL)
#define TOP(P, p) ((P)->c[p][(P)->n[p] - 1])

static inline int phase(const Rules *R, const Pos *P) {
    return P->redeals < R->nphase ? P->redeals : R->nphase - 1;
}

static int redeals_left(const Rules *R, const Pos *P) {
    return R->max_redeals < 0 ? 1 : R->max_redeals - P->redeals;
}

static int can_redeal(const Rules *R, const Pos *P) {
    if (R->ngather == 0 || redeals_left(R, P) <= 0) return 0;
    if (R->needs_empty_stock && R->stock >= 0 && P->n[R->stock]) return 0;
    for (int i = 0; i < R->ngather; i++)
        if (P->n[R->gather[i]]) return 1;
    return 0;
}

static int accepts_empty(const Rules *R, const Pos *P, int d, int c) {
    if (!HAS(R->space[d], c)) return 0;
    if (R->one_per_suit[d]) {
        for (int i = 0; i < R->grp_n[d]; i++) {
            int o = R->grp[d][i];
            if (P->n[o] && (P->c[o][0] >> 4) == (c >> 4)) return 0;
        }
    }
    return 1;
}

/* The same moves, in the same order, as State._generate(every=False). */
static int gen(const Rules *R, const Pos *P, Mv *out) {
    int m = 0, ph = phase(R, P);
#define ADD(s, d, k) do { if (m < MAXM) { out[m].src = (signed char)(s); out[m].dst = (signed char)(d); out[m].count = (unsigned char)(k); m++; } } while (0)
    for (int si = 0; si < R->nsources; si++) {
        int src = R->sources[si], n = P->n[src];
        if (!n) continue;
        const unsigned char *p = P->c[src];
        int c = p[n - 1], run = 1;
        if (R->runs[src])
            while (run < n && HAS(R->fit[src][p[n - run - 1]], p[n - run])) run++;
        for (int t = 0; t < R->ntarget[ph][src]; t++) {
            const Target *T = &R->target[ph][src][t];
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
    }
    if (R->stock >= 0 && P->n[R->stock] && no_redeal < 2)
        for (int i = 0; i < R->nwaste[ph]; i++) ADD(R->stock, R->waste[ph][i], 1);
    for (int w = 0; w < R->nwhole; w++) {
        int src = R->whole_src[w], n = P->n[src];
        if (n > 1)
            for (int i = 0; i < R->whole_n[w]; i++) {
                int d = R->whole_dst[w][i];
                if (P->n[d] && HAS(R->fit[d][TOP(P, d)], P->c[src][0])) ADD(src, d, n);
            }
    }
    if (!no_redeal && can_redeal(R, P)) ADD(-1, -1, 0);
#undef ADD
    return m;
}

/* ------------------------------------------------------------ apply / undo */

typedef struct { Pos *items; int n, cap; } SnapStack;

static int push_snap(SnapStack *s, const Pos *P) {
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        Pos *items = realloc(s->items, (size_t)cap * sizeof(Pos));
        if (!items) { PyErr_NoMemory(); return -1; }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->n++] = *P;
    return 0;
}

static PyObject *redeal_cb;   /* set during one search; the GIL is held */
static SnapStack snaps;
static int keep_snaps = 1;    /* best-first never undoes: it keeps no snapshots */
/* The incomplete first pass: every card that can go home goes home, and a
   move into a space is tried once whatever the space. It may miss wins, so
   it never answers "lost"; its wins are replayed like any other. */
static int greedy = 0;

static int apply(const Rules *R, Pos *P, Mv mv) {
    if (mv.src < 0) {
        int redeals = P->redeals;
        if (keep_snaps && push_snap(&snaps, P) < 0) return -1;
        PyObject *piles = pos_to_list(R, P);
        if (!piles) return -1;
        PyObject *res = PyObject_CallFunction(redeal_cb, "Oi", piles, P->redeals);
        Py_DECREF(piles);
        if (!res) return -1;
        int rc = read_pos(R, P, res, redeals + 1);
        Py_DECREF(res);
        return rc;
    }
    int k = mv.count, s = mv.src, d = mv.dst;
    memcpy(&P->c[d][P->n[d]], &P->c[s][P->n[s] - k], (size_t)k);
    P->n[d] += k;
    P->n[s] -= k;
    return 0;
}

static void undo(Pos *P, Mv mv) {
    if (mv.src < 0) {
        *P = snaps.items[--snaps.n];
        return;
    }
    int k = mv.count, s = mv.src, d = mv.dst;
    memcpy(&P->c[s][P->n[s]], &P->c[d][P->n[d] - k], (size_t)k);
    P->n[s] += k;
    P->n[d] -= k;
}

/* ------------------------------------------------------- safe auto-play */

static inline int cards_home(const Rules *R, const Pos *P) {
    int home = 0;
    for (int i = 0; i < R->nfound; i++) home += P->n[R->found[i]];
    return home;
}

static int is_won(const Rules *R, const Pos *P, int total) { return cards_home(R, P) == total; }

/* Play home every card whose supporters are all home; as safe_moves() does. */
static int autoplay(const Rules *R, Pos *P, Mv *done) {
    int nd = 0, ph = phase(R, P);
    if (!R->autoplay[ph] && !greedy) return 0;
    int home[64], counted = 0;
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
            uint64_t sup = greedy ? 0 : R->supporters[c];
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
                    apply(R, P, mv);
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

/* ---------------------------------------------------------- canonical keys */

typedef struct { unsigned char *data; size_t len, cap; uint64_t *slots; size_t nslots, used; } Table;

/* Eight bytes at a time: keys are 100-200 bytes and hashing them is a large
   share of a depth-first search's time. */
static uint64_t hash_bytes(const unsigned char *b, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    uint64_t t = 0;
    for (size_t j = 0; i < n; i++, j += 8) t |= (uint64_t)b[i] << j;
    h = (h ^ t) * 0x94D049BB133111EBULL;
    h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ULL; h ^= h >> 32;
    return h ? h : 1;
}

/* A slot holds (offset << 16 | length) of the key in `data`; 0 is empty. */
static int table_init(Table *T, size_t nslots) {
    memset(T, 0, sizeof *T);
    T->nslots = nslots;
    T->slots = calloc(nslots, sizeof(uint64_t) * 2);
    T->cap = 1 << 20;
    T->data = malloc(T->cap);
    if (!T->slots || !T->data) { free(T->slots); free(T->data); PyErr_NoMemory(); return -1; }
    return 0;
}

static void table_free(Table *T) { free(T->slots); free(T->data); memset(T, 0, sizeof *T); }

static int table_grow(Table *T) {
    size_t n = T->nslots * 2;
    uint64_t *slots = calloc(n, sizeof(uint64_t) * 2);
    if (!slots) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < T->nslots; i++) {
        uint64_t h = T->slots[2 * i];
        if (!h) continue;
        size_t j = h & (n - 1);
        while (slots[2 * j]) j = (j + 1) & (n - 1);
        slots[2 * j] = h;
        slots[2 * j + 1] = T->slots[2 * i + 1];
    }
    free(T->slots);
    T->slots = slots;
    T->nslots = n;
    return 0;
}

/* 1: added, 0: already there, -1: error. */
static int table_add(Table *T, const unsigned char *key, size_t len) {
    uint64_t h = hash_bytes(key, len);
    size_t mask = T->nslots - 1, j = h & mask;
    while (T->slots[2 * j]) {
        if (T->slots[2 * j] == h) {
            uint64_t ref = T->slots[2 * j + 1];
            if ((ref & 0xFFFF) == len && memcmp(T->data + (ref >> 16), key, len) == 0) return 0;
        }
        j = (j + 1) & mask;
    }
    if (T->len + len > T->cap) {
        size_t cap = T->cap * 2;
        while (cap < T->len + len) cap *= 2;
        unsigned char *data = realloc(T->data, cap);
        if (!data) { PyErr_NoMemory(); return -1; }
        T->data = data;
        T->cap = cap;
    }
    memcpy(T->data + T->len, key, len);
    T->slots[2 * j] = h;
    T->slots[2 * j + 1] = ((uint64_t)T->len << 16) | len;
    T->len += len;
    if (++T->used * 2 > T->nslots) return table_grow(T) < 0 ? -1 : 1;
    return 1;
}

/* A pile to sort: `lead` packs its height and first 7 cards, so that most
   comparisons are one integer comparison; only leads that tie on piles of
   more than 7 cards need the rest compared. */
typedef struct { const unsigned char *b; int n; uint64_t lead; } Span;

static inline uint64_t lead_of(const unsigned char *b, int n) {
    uint64_t x = (uint64_t)n << 56;
    for (int i = 0; i < n && i < 7; i++) x |= (uint64_t)b[i] << (48 - 8 * i);
    return x;
}

static inline int span_less(const Span *x, const Span *y) {
    if (x->lead != y->lead) return x->lead < y->lead;
    return x->n > 7 && memcmp(x->b, y->b, (size_t)x->n) < 0;
}

/* Foundations as (first card, height): their cards follow from those. */
static int put_pile(const Rules *R, const Pos *P, int p, unsigned char *out) {
    if (R->is_found[p]) {
        out[0] = P->n[p] ? P->c[p][0] : 0;
        out[1] = (unsigned char)P->n[p];
        return 2;
    }
    memcpy(out, P->c[p], (size_t)P->n[p]);
    return P->n[p];
}

static int make_key(const Rules *R, const Pos *P, int root_redeals, unsigned char *key) {
    int k = 0, ph = phase(R, P);
    for (int g = 0; g < R->nsym[ph]; g++) {
        Span sp[MAXP];
        unsigned char small[MAXP][2];
        int n = R->sym_n[ph][g];
        /* Interchangeable piles in a canonical order: an insertion sort,
           since a group holds a dozen piles at most. */
        for (int i = 0; i < n; i++) {
            int p = R->sym[ph][g][i];
            Span x;
            if (R->is_found[p]) {
                put_pile(R, P, p, small[i]);
                x.b = small[i];
                x.n = 2;
            } else {
                x.b = P->c[p];
                x.n = P->n[p];
            }
            x.lead = lead_of(x.b, x.n);
            int j = i;
            while (j > 0 && span_less(&x, &sp[j - 1])) { sp[j] = sp[j - 1]; j--; }
            sp[j] = x;
        }
        for (int i = 0; i < n; i++) {
            memcpy(key + k, sp[i].b, (size_t)sp[i].n);
            k += sp[i].n;
            key[k++] = 0xFF;
        }
        key[k++] = 0xFE;
    }
    int same_stock = P->redeals == root_redeals;
    for (int p = 0; p < R->npiles; p++) {
        if (R->in_sym[ph][p]) continue;
        if (p == R->stock && same_stock) {
            key[k++] = (unsigned char)P->n[p];   /* a suffix of the root's stock */
        } else {
            k += put_pile(R, P, p, key + k);
        }
        key[k++] = 0xFF;
    }
    /* With unlimited redeals the count does not change what can follow. */
    key[k++] = (unsigned char)(R->max_redeals < 0 ? same_stock : P->redeals);
    return k;
}

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

/* Whether a position was reached by a stock turn `mv` alone: `played` moves
   in all, the turn and any auto-play after it. */
static inline int bare_turn(const Rules *R, Mv mv, int played) {
    return played == 1 && R->stock >= 0 && mv.src == R->stock;
}

/* The moves worth trying, best first: as Search.ordered_moves() prunes.

   `after_turn`: the position came from a stock turn onto pile last.dst with
   nothing played home after it. A move that touches neither that pile nor
   the stock could then have been made just before the turn, to the same
   position (the turn changed no other pile), and that earlier position is
   searched too; so only the moves of the turned card, further turns and the
   redeal are tried here. Every reachable position is still reached: any
   line can be reordered to play such a move before the turn. */
static int ordered(const Rules *R, const Pos *P, Mv last, int has_last, int after_turn, Mv *out) {
    Mv raw[MAXM];
    Scored sc[MAXM];
    int n = gen(R, P, raw), m = 0, ph = phase(R, P);
    int seen_n = 0;
    int seen[MAXM][3];
    for (int i = 0; i < n; i++) {
        Mv mv = raw[i];
        if (mv.src >= 0) {
            if (has_last && last.src >= 0 && mv.src == last.dst && mv.dst == last.src && mv.count == last.count) continue;
            if (after_turn && mv.src != R->stock && mv.src != last.dst && mv.dst != last.dst) continue;
            int g = R->in_sym[ph][mv.dst];
            /* In the greedy pass one space of a group is as good as another. */
            if (greedy && !g && R->grp_n[mv.dst]) g = MAXP + 1 + R->grp[mv.dst][0];
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

/* ------------------------------------------------------------------ search */

typedef struct { int start, n, i, pushed; } Frame;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static PyObject *moves_to_list(const Mv *mv, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(iii)", mv[i].src, mv[i].dst, mv[i].count));
    return out;
}


/* -------------------------------------------------------- best-first search */

/* A position's promise, from the tables alone: cards home, cards lying in
   order by their pile's own build rule, empty piles and cells. */
static int W_HOME = 40, W_BREAK = 3, W_SPACE = 12, W_DEPTH = 0, BREAK_CAP = 8, W_NEED = 0;

/* A position's promise, from the tables alone: cards home, cards lying in
   order by their pile's own build rule, spaces, and how deep the cards the
   foundations need next are buried. */
static int evaluate(const Rules *R, const Pos *P) {
    int home = 0, breaks = 0, empty = 0;
    unsigned char depth[64];
    memset(depth, 60, sizeof depth);
    for (int p = 0; p < R->npiles; p++) {
        int n = P->n[p];
        if (R->is_found[p]) { home += n; continue; }
        const unsigned char *c = P->c[p];
        for (int i = 0; i < n; i++) {
            int d = n - 1 - i;
            if (p == R->stock) d = d / 2 + 1;
            if (d < depth[c[i]]) depth[c[i]] = (unsigned char)d;
        }
        if (p == R->stock) continue;
        if (!n) { if (R->space[p]) empty++; continue; }
        for (int i = 1; i < n; i++)
            if (!HAS(R->fit[p][c[i - 1]], c[i])) breaks += n - i < BREAK_CAP ? n - i : BREAK_CAP;
    }
    int need = 0;
    if (W_NEED) {
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
    return home * W_HOME - breaks * W_BREAK + empty * W_SPACE - need * W_NEED;
}

/* A node: its parent, the moves from the parent (player move, then
   auto-play), and its position, packed: redeals, then each pile's size and cards. */
typedef struct { uint32_t parent, mv_off, pos_off; uint16_t mv_n, pos_len, depth; } Node;
typedef struct { int32_t pri; uint32_t node; } HeapItem;

static int pack(const Rules *R, const Pos *P, unsigned char *b) {
    int k = 0;
    b[k++] = (unsigned char)P->redeals;
    for (int p = 0; p < R->npiles; p++) {
        b[k++] = (unsigned char)P->n[p];
        memcpy(b + k, P->c[p], (size_t)P->n[p]);
        k += P->n[p];
    }
    return k;
}

static void unpack(const Rules *R, const unsigned char *b, Pos *P) {
    int k = 0;
    P->redeals = b[k++];
    for (int p = 0; p < R->npiles; p++) {
        P->n[p] = b[k++];
        memcpy(P->c[p], b + k, (size_t)P->n[p]);
        k += P->n[p];
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

typedef struct { int home, eval; uint32_t node; } Cand;

static int cand_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->home != y->home) return y->home - x->home;
    if (x->eval != y->eval) return y->eval > x->eval ? 1 : -1;
    return x->node < y->node ? -1 : 1;
}

/* By score alone (it counts the cards home too). */
static int cand_cmp_eval(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->eval != y->eval) return y->eval > x->eval ? 1 : -1;
    return x->node < y->node ? -1 : 1;
}

/* Append to `out` one lane of candidates: the first k of c (sorted), each as
   (moves from the root, cards home, score, lane). */
static int add_lane(PyObject *out, const Node *nodes, const Mv *mvs, const Cand *c, size_t nc, int k, int lane) {
    for (size_t j = 0; j < nc && j < (size_t)k; j++) {
        size_t count = 0;
        for (uint32_t x = c[j].node; x != UINT32_MAX; x = nodes[x].parent) count += nodes[x].mv_n;
        Mv *path = malloc((count + 1) * sizeof(Mv));
        if (!path) { PyErr_NoMemory(); return -1; }
        size_t q = count;
        for (uint32_t x = c[j].node; x != UINT32_MAX; x = nodes[x].parent)
            for (int m = nodes[x].mv_n - 1; m >= 0; m--) path[--q] = mvs[nodes[x].mv_off + m];
        PyObject *item = Py_BuildValue("(Niii)", moves_to_list(path, (int)count), c[j].home, c[j].eval, lane);
        free(path);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); return -1; }
        Py_DECREF(item);
    }
    return 0;
}

/* The candidates of a finished phase search, in two lanes. Lane 0: its k
   positions with the most cards home (then the best score). Lane 1, when
   redealt > 0: k other redeal points judged by what their redeal deals, the
   cards home and score once the redeal and its auto-play are done; since
   each redeal is a call into Python, only `redealt` evenly spread redeal
   points are tried. (Most cards home is a poor guide on its own: a redeal
   point with few cards home may deal a far better layout.) */
static PyObject *collect_candidates(const Rules *R, const Node *nodes, size_t nn, const Mv *mvs,
                                    const unsigned char *packs, int k, int redealt) {
    Cand *c = malloc((nn + 1) * sizeof(Cand));
    unsigned char *taken = calloc(nn + 1, 1);
    uint32_t *points = NULL;  /* the redeal points not already kept, in search order */
    Pos *P = malloc(sizeof(Pos));
    PyObject *out = PyList_New(0);
    Mv autos[256];
    if (!c || !P || !taken) { PyErr_NoMemory(); goto fail; }
    if (!out) goto fail;
    for (size_t i = 0; i < nn; i++) {
        unpack(R, packs + nodes[i].pos_off, P);
        c[i] = (Cand){cards_home(R, P), evaluate(R, P), (uint32_t)i};
    }
    qsort(c, nn, sizeof(Cand), cand_cmp);
    if (add_lane(out, nodes, mvs, c, nn, k, 0) < 0) goto fail;
    if (redealt > 0 && nn > (size_t)k) {
        for (size_t j = 0; j < (size_t)k; j++) taken[c[j].node] = 1;
        points = malloc(nn * sizeof(uint32_t));
        if (!points) { PyErr_NoMemory(); goto fail; }
        size_t np = 0, nc = 0;
        for (size_t i = 0; i < nn; i++) {
            if (taken[i]) continue;
            unpack(R, packs + nodes[i].pos_off, P);
            if (can_redeal(R, P)) points[np++] = (uint32_t)i;
        }
        size_t stride = np > (size_t)redealt ? (np + (size_t)redealt - 1) / (size_t)redealt : 1;
        keep_snaps = 0;  /* nothing is undone here */
        for (size_t j = 0; j < np; j += stride) {
            unpack(R, packs + nodes[points[j]].pos_off, P);
            if (apply(R, P, (Mv){-1, -1, 0}) < 0) { keep_snaps = 1; goto fail; }
            autoplay(R, P, autos);
            c[nc++] = (Cand){cards_home(R, P), evaluate(R, P), points[j]};
        }
        keep_snaps = 1;
        qsort(c, nc, sizeof(Cand), cand_cmp_eval);
        if (add_lane(out, nodes, mvs, c, nc, k, 1) < 0) goto fail;
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    free(c);
    free(taken);
    free(points);
    free(P);
    return out;
}

static PyObject *bestfirst(const Rules *R, Pos *root, int total, double budget, long long max_states, int collect,
                           int redealt) {
    size_t ncap = 1 << 14, nn = 0, mcap = 1 << 16, mn = 0, pcap = 1 << 20, pn = 0, hcap = 1 << 14, hn = 0;
    Node *nodes = malloc(ncap * sizeof(Node));
    Mv *mvs = malloc(mcap * sizeof(Mv));
    unsigned char *packs = malloc(pcap);
    HeapItem *heap = malloc(hcap * sizeof(HeapItem));
    Pos *P = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    Table T;
    int verdict = -1, tinit = 0;
    long long states = 0;
    uint32_t won_node = 0;
    PyObject *result = NULL;
    unsigned char key[4096], buf[4096];
    Mv autos[256], moves_[MAXM];
    if (!nodes || !mvs || !packs || !heap || !P || !C) { PyErr_NoMemory(); goto out; }
    if (table_init(&T, 1 << 16) < 0) goto out;
    tinit = 1;
    int root_redeals = root->redeals;
    double deadline = budget > 0 ? now() + budget : 0;
    keep_snaps = 0;

#define NEED(arr, cap, need, type) do { if ((need) > (cap)) { size_t nc = (cap) * 2; while (nc < (need)) nc *= 2; \
        type *na = realloc(arr, nc * sizeof(type)); if (!na) { PyErr_NoMemory(); goto out; } arr = na; cap = nc; } } while (0)
#define ADD_NODE(POS, PARENT, MV, NMV) do { \
        NEED(nodes, ncap, nn + 1, Node); NEED(mvs, mcap, mn + (NMV), Mv); \
        int len_ = pack(R, POS, buf); NEED(packs, pcap, pn + (size_t)len_, unsigned char); \
        memcpy(packs + pn, buf, (size_t)len_); memcpy(mvs + mn, MV, (size_t)(NMV) * sizeof(Mv)); \
        nodes[nn] = (Node){(PARENT), (uint32_t)mn, (uint32_t)pn, (uint16_t)(NMV), (uint16_t)len_, \
                           (uint16_t)((PARENT) == UINT32_MAX ? 0 : nodes[(PARENT)].depth + 1)}; \
        mn += (NMV); pn += (size_t)len_; nn++; } while (0)

    *P = *root;
    int na = autoplay(R, P, autos);
    ADD_NODE(P, UINT32_MAX, autos, na);
    if (is_won(R, P, total)) { verdict = 1; won_node = 0; goto out; }
    if (table_add(&T, key, (size_t)make_key(R, P, root_redeals, key)) < 0) goto out;
    states = 1;
    heap_push(heap, &hn, (HeapItem){evaluate(R, P), 0});
    while (hn) {
        HeapItem it = heap_pop(heap, &hn);
        Node nd = nodes[it.node];
        unpack(R, packs + nd.pos_off, P);
        Mv last = nd.mv_n ? mvs[nd.mv_off] : (Mv){0, 0, 0};
        int has_last = it.node != 0 && nd.mv_n;
        int nm = ordered(R, P, last, has_last, has_last && bare_turn(R, last, nd.mv_n), moves_);
        for (int i = 0; i < nm; i++) {
            Mv seq[260];
            seq[0] = moves_[i];
            /* A redeal rewrites every pile, so it works on a copy; any other
               move is made on P and taken back, far cheaper than a copy. */
            Pos *X = P;
            if (moves_[i].src < 0) { *C = *P; X = C; }
            if (apply(R, X, moves_[i]) < 0) goto out;
            int a = autoplay(R, X, seq + 1);
            int added = table_add(&T, key, (size_t)make_key(R, X, root_redeals, key));
            if (added < 0) goto out;
            if (added) {
                states++;
                ADD_NODE(X, it.node, seq, 1 + a);
                if (is_won(R, X, total)) { verdict = 1; won_node = (uint32_t)(nn - 1); goto out; }
                NEED(heap, hcap, hn + 1, HeapItem);
                heap_push(heap, &hn, (HeapItem){evaluate(R, X) - W_DEPTH * nodes[nn - 1].depth, (uint32_t)(nn - 1)});
            }
            if (X == P)
                for (int j = a; j >= 0; j--) undo(P, seq[j]);
        }
        if ((states & 1023) < (unsigned)nm + 1 || (states & 4095) == 0) {
            if (PyErr_CheckSignals() < 0) goto out;
            if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) { verdict = -1; goto out; }
        }
        if (nn >= UINT32_MAX - MAXM) { verdict = -1; goto out; }
    }
    verdict = 0;
out:
    keep_snaps = 1;
    if (!PyErr_Occurred()) {
        size_t count = 0;
        if (verdict == 1)
            for (uint32_t x = won_node; x != UINT32_MAX; x = nodes[x].parent) count += nodes[x].mv_n;
        Mv *path = malloc((count + 1) * sizeof(Mv));
        if (!path) PyErr_NoMemory();
        else {
            size_t k = count;
            if (verdict == 1)
                for (uint32_t x = won_node; x != UINT32_MAX; x = nodes[x].parent)
                    for (int j = nodes[x].mv_n - 1; j >= 0; j--) path[--k] = mvs[nodes[x].mv_off + j];
            PyObject *mv = moves_to_list(path, (int)count);
            if (mv && collect > 0) {
                PyObject *cands = collect_candidates(R, nodes, nn, mvs, packs, collect, redealt);
                if (cands) result = Py_BuildValue("(iNLN)", verdict, mv, states, cands);
                else Py_DECREF(mv);
            } else if (mv) result = Py_BuildValue("(iNL)", verdict, mv, states);
            free(path);
        }
    }
    if (tinit) table_free(&T);
    free(nodes); free(mvs); free(packs); free(heap); free(P); free(C);
    return result;
#undef NEED
#undef ADD_NODE
}

/* ---------------------------------------------------------------- playouts */

/* Randomised playouts: every foundation move is taken at once; otherwise a
   move is drawn at random, a tableau move with probability 1/2 before a stock
   turn, never back to a position of the same playout. Deterministic for a
   seed. Like the greedy pass it can only find wins, never prove a loss. */
static uint64_t rng_state;

static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static PyObject *playouts(const Rules *R, Pos *root, int total, double budget, long long max_states, uint64_t seed) {
    size_t pcap = 1 << 14, npath = 0;
    Mv *path = malloc(pcap * sizeof(Mv));
    Pos *P = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    Table T;
    int verdict = -1, tinit = 0;
    long long states = 0;
    PyObject *result = NULL;
    unsigned char key[4096];
    Mv moves_[MAXM], autos[256];
    if (!path || !P || !C) { PyErr_NoMemory(); goto out; }
    if (table_init(&T, 1 << 14) < 0) goto out;
    tinit = 1;
    keep_snaps = 0;
    rng_state = seed;
    double deadline = budget > 0 ? now() + budget : 0;
    for (long long round = 0;; round++) {
        /* A fresh table each playout: it only stops a playout going round in circles. */
        memset(T.slots, 0, T.nslots * 2 * sizeof(uint64_t));
        T.used = 0;
        T.len = 0;
        *P = *root;
        npath = 0;
        int na = autoplay(R, P, autos);
        memcpy(path, autos, (size_t)na * sizeof(Mv));
        npath = (size_t)na;
        if (is_won(R, P, total)) { verdict = 1; goto out; }
        if (table_add(&T, key, (size_t)make_key(R, P, root->redeals, key)) < 0) goto out;
        for (int step = 0; step < 20000; step++) {
            int n = gen(R, P, moves_);
            int nf = 0, no = 0, ns = 0;
            Mv fm[MAXM], om[MAXM], sm[MAXM];
            for (int i = 0; i < n; i++) {
                Mv m = moves_[i];
                if (m.src >= 0 && R->is_found[m.dst]) fm[nf++] = m;
                else if (m.src >= 0 && m.src != R->stock) om[no++] = m;
                else sm[ns++] = m;
            }
            int moved = 0;
            for (int attempt = 0; attempt < 8 && !moved; attempt++) {
                Mv m;
                if (nf) m = fm[rng_next() % (uint64_t)nf];
                else if (no && (!ns || (rng_next() & 1))) m = om[rng_next() % (uint64_t)no];
                else if (ns) {
                    /* a redeal only once the stock turns are used up */
                    int turns = 0;
                    for (int i = 0; i < ns; i++) if (sm[i].src >= 0) turns++;
                    int pick = (int)(rng_next() % (uint64_t)(turns ? turns : ns));
                    m = sm[pick];
                    if (turns) for (int i = 0, k = 0; i < ns; i++) if (sm[i].src >= 0 && k++ == pick) { m = sm[i]; break; }
                } else break;
                *C = *P;
                if (apply(R, C, m) < 0) goto out;
                int a = autoplay(R, C, autos);
                int added = table_add(&T, key, (size_t)make_key(R, C, root->redeals, key));
                if (added < 0) goto out;
                if (!added) { if (nf) nf = 0; continue; }
                if (npath + 1 + (size_t)a + 8 > pcap) {
                    size_t nc = pcap * 2;
                    Mv *np = realloc(path, nc * sizeof(Mv));
                    if (!np) { PyErr_NoMemory(); goto out; }
                    path = np; pcap = nc;
                }
                path[npath++] = m;
                memcpy(path + npath, autos, (size_t)a * sizeof(Mv));
                npath += (size_t)a;
                *P = *C;
                moved = 1;
                states++;
            }
            if (!moved) {
                if (step == 0 && n == 0) goto out;   /* the root itself has no move: nothing to play out */
                break;
            }
            if (is_won(R, P, total)) { verdict = 1; goto out; }
            if ((states & 4095) == 0) {
                if (PyErr_CheckSignals() < 0) goto out;
                if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) goto out;
            }
        }
        /* Every playout counts, even one that could not move: a cap on
           positions must end the search however short the playouts are. */
        states++;
        if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) goto out;
        if (PyErr_CheckSignals() < 0) goto out;
    }
out:
    keep_snaps = 1;
    if (!PyErr_Occurred()) {
        PyObject *mv = moves_to_list(path, verdict == 1 ? (int)npath : 0);
        if (mv) result = Py_BuildValue("(iNL)", verdict, mv, states);
    }
    if (tinit) table_free(&T);
    free(path); free(P); free(C);
    return result;
}

/* A new search: its best-first weights. */
static void start(int wh, int wb, int ws, int wd, int bc, int wn) {
    W_HOME = wh; W_BREAK = wb; W_SPACE = ws; W_DEPTH = wd; BREAK_CAP = bc; W_NEED = wn;
}

/* Read the tables and the position, then run a best-first search (mode 1,
   greedy: 2) or playouts (3) with the redeal callback set. collect > 0: list
   that many best positions at the end; hold: 1 no redeal, 2 no stock turn. */
static PyObject *run_search(PyObject *rules_list, PyObject *piles, int redeals, PyObject *cb, int mode, int total,
                            double budget, long long max_states, int collect, int hold, int redealt) {
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) {
        redeal_cb = cb;
        greedy = mode == 2;
        no_redeal = hold;
        res = mode == 3 ? playouts(R, P, total, budget, max_states, 0x5EEDULL + (uint64_t)total)
                        : bestfirst(R, P, total, budget, max_states, collect, redealt);
        no_redeal = 0;
        greedy = 0;
        redeal_cb = NULL;
    }
    free(R); free(P);
    return res;
}

/* search(rules, piles, redeals, total_cards, budget_seconds, max_states, redeal_callback, mode=0)
   -> (verdict, moves, states); verdict 1 won, 0 lost, -1 unknown.
   mode 0: depth-first; mode 1: best-first. Both visit every reachable
   position before they answer "lost". mode 2: the greedy best-first pass,
   whose "lost" (0) only means it found nothing: the caller must not report it.
   mode 3: randomised playouts, which never answer "lost". */
static PyObject *search(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals, total, mode = 0;
    double budget;
    long long max_states;
    int wh = 40, wb = 3, ws = 12, wd = 0, bc = 8, wn = 0;
    if (!PyArg_ParseTuple(args, "O!O!iidLO|i(iiiiii)", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &total, &budget, &max_states, &cb, &mode, &wh, &wb, &ws, &wd, &bc, &wn))
        return NULL;
    start(wh, wb, ws, wd, bc, wn);
    if (mode >= 1 && mode <= 3)
        return run_search(rules_list, piles, redeals, cb, mode, total, budget, max_states, 0, 0, 0);
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    size_t mcap = 1 << 16, pcap = 1 << 12;
    Mv *mstack = malloc(mcap * sizeof(Mv));
    Mv *path = malloc(pcap * sizeof(Mv));
    size_t fcap = 1 << 12;
    Frame *frames = malloc(fcap * sizeof(Frame));
    Table T;
    PyObject *result = NULL;
    int verdict = -1;
    long long states = 0;
    size_t npath = 0, nframes = 0, msp = 0;
    if (!R || !P || !mstack || !path || !frames) { PyErr_NoMemory(); goto out_free; }
    if (read_rules(R, rules_list) < 0 || read_pos(R, P, piles, redeals) < 0) goto out_free;
    if (table_init(&T, 1 << 16) < 0) goto out_free;
    redeal_cb = cb;
    snaps.n = 0;
    int root_redeals = redeals;
    double deadline = budget > 0 ? now() + budget : 0;
    unsigned char key[4096];
    Mv autos[256];

#define GROW(arr, cap, need, type) do { if ((need) >= (cap)) { size_t nc = (cap) * 2; while (nc <= (need)) nc *= 2; \
        type *na = realloc(arr, nc * sizeof(type)); if (!na) { PyErr_NoMemory(); goto out; } arr = na; cap = nc; } } while (0)

    int na = autoplay(R, P, autos);
    if (PyErr_Occurred()) goto out;
    GROW(path, pcap, npath + na + 1, Mv);
    memcpy(path + npath, autos, (size_t)na * sizeof(Mv));
    npath += na;
    if (is_won(R, P, total)) { verdict = 1; goto out; }
    if (table_add(&T, key, (size_t)make_key(R, P, root_redeals, key)) < 0) goto out;
    states = 1;
    GROW(mstack, mcap, msp + MAXM, Mv);
    frames[0].start = (int)msp;
    frames[0].n = ordered(R, P, (Mv){0, 0, 0}, 0, 0, mstack + msp);
    frames[0].i = 0;
    frames[0].pushed = na;
    msp += frames[0].n;
    nframes = 1;
    while (nframes) {
        Frame *F = &frames[nframes - 1];
        if (F->i == F->n) {
            for (int j = 0; j < F->pushed; j++) undo(P, path[--npath]);
            msp = F->start;
            nframes--;
            continue;
        }
        Mv mv = mstack[F->start + F->i++];
        if (apply(R, P, mv) < 0) goto out;
        GROW(path, pcap, npath + 300, Mv);
        path[npath++] = mv;
        na = autoplay(R, P, autos);
        memcpy(path + npath, autos, (size_t)na * sizeof(Mv));
        npath += na;
        int pushed = 1 + na;
        if (is_won(R, P, total)) { verdict = 1; goto out; }
        int added = table_add(&T, key, (size_t)make_key(R, P, root_redeals, key));
        if (added < 0) goto out;
        if (!added) {
            for (int j = 0; j < pushed; j++) undo(P, path[--npath]);
            continue;
        }
        states++;
        if ((states & 4095) == 0) {
            if (PyErr_CheckSignals() < 0) goto out;
            if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) {
                verdict = -1;
                npath = 0;
                goto out;
            }
        }
        GROW(frames, fcap, nframes + 1, Frame);
        GROW(mstack, mcap, msp + MAXM, Mv);
        Frame *G = &frames[nframes++];
        G->start = (int)msp;
        G->n = ordered(R, P, mv, 1, bare_turn(R, mv, pushed), mstack + msp);
        G->i = 0;
        G->pushed = pushed;
        msp += G->n;
    }
    verdict = 0;
    npath = 0;
out:
    if (!PyErr_Occurred()) {
        PyObject *mv = moves_to_list(path, verdict == 1 ? (int)npath : 0);
        if (mv) {
            result = Py_BuildValue("(iNL)", verdict, mv, states);
        }
    }
    table_free(&T);
out_free:
    redeal_cb = NULL;
    free(R); free(P); free(mstack); free(path); free(frames);
    free(snaps.items);
    snaps.items = NULL; snaps.n = snaps.cap = 0;
    return result;
#undef GROW
}

/* explore(rules, piles, redeals, total, budget, max_states, redeal_callback, k, weights, hold_stock, redealt)
   -> (verdict, moves, states, candidates): best-first search of the current
   deal only (no redeal; with hold_stock, no stock turn either), then its k
   positions with the most cards home (the best score among equals first),
   and with redealt > 0 k more whose redeals score best (collect_candidates). */
static PyObject *explore(PyObject *self, PyObject *args) {
    PyObject *rules_list, *piles, *cb;
    int redeals, total, k, hold_stock = 0, redealt = 0;
    double budget;
    long long max_states;
    int wh = 40, wb = 3, ws = 12, wd = 0, bc = 8, wn = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!iidLOi|(iiiiii)ii", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals,
                          &total, &budget, &max_states, &cb, &k, &wh, &wb, &ws, &wd, &bc, &wn, &hold_stock,
                          &redealt))
        return NULL;
    start(wh, wb, ws, wd, bc, wn);
    return run_search(rules_list, piles, redeals, cb, 1, total, budget, max_states, k > 0 ? k : 1,
                      hold_stock ? 2 : 1, redealt);
}

/* moves(...) and autoplay(...) for the tests: read a position, run one step. */
static PyObject *one_position(PyObject *args, int (*step)(const Rules *, Pos *, Mv *)) {
    PyObject *rules_list, *piles;
    int redeals;
    if (!PyArg_ParseTuple(args, "O!O!i", &PyList_Type, &rules_list, &PyList_Type, &piles, &redeals)) return NULL;
    Rules *R = malloc(sizeof(Rules));
    Pos *P = malloc(sizeof(Pos));
    PyObject *res = NULL;
    Mv out[MAXM];
    if (!R || !P) PyErr_NoMemory();
    else if (read_rules(R, rules_list) == 0 && read_pos(R, P, piles, redeals) == 0) res = moves_to_list(out, step(R, P, out));
    free(R);
    free(P);
    return res;
}

static int gen_step(const Rules *R, Pos *P, Mv *out) { return gen(R, P, out); }

/* moves(rules, piles, redeals) -> [(src, dst, count)]: the legal moves, as the engine lists them. */
static PyObject *moves(PyObject *self, PyObject *args) { (void)self; return one_position(args, gen_step); }

/* autoplay(rules, piles, redeals) -> [(src, dst, count)]: the safe foundation moves auto-play makes. */
static PyObject *py_autoplay(PyObject *self, PyObject *args) { (void)self; return one_position(args, autoplay); }

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Search for a win; see napoleon/solver/core.py."},
    {"explore", explore, METH_VARARGS, "Search one phase, then list its positions with the most cards home."},
    {"moves", moves, METH_VARARGS, "The legal moves of a position, as the engine lists them."},
    {"autoplay", py_autoplay, METH_VARARGS, "The safe foundation moves auto-play makes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core", "The solver's compiled search core.", -1, methods};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
