/*
 * The solver's compiled search core: what its files share.
 *
 * The core holds no rule of its own. napoleon/solver/core.py hands it the
 * tables that the Python engine compiled from a game's rule data (what fits
 * on what, what fills a space, where each pile's top card may go in each
 * phase, which piles are interchangeable, which cards are safe to play home)
 * as one flat list of integers. Every game's redeal is data too
 * (Game.redeal_order: piles gathered, piles dealt onto, the layout's
 * play-ups), carried out here (moves.c: regather), so no search calls back
 * into the host. Move generation follows
 * napoleon/engine/state.py's State._generate step by step; a test checks the
 * two produce the same moves on random positions.
 *
 * Files, by concern, each calling only files above it (setup.py builds the
 * CPython extension from all but wasm.c, napoleon/solver/wasm.py the
 * WebAssembly module from all but module.c and module_probes.c):
 *   common.c     what every part uses: errors, the clock, the search context, results
 *   rules.c      reading the tables and positions; the assumptions below, checked
 *   moves.c      move generation, making and taking back moves, safe auto-play
 *   keys.c       canonical position keys, the transposition table, and position
 *                hashes for the searches that only find wins
 *   order.c      which moves are worth trying, in what order
 *   wastedead.c  the waste test (the cards bound for the columns when a waste card must leave)
 *   deadend.c    the dead-end test of one-pass games (a set of cards that can never move)
 *   dfs.c        complete depth-first search
 *   projection.c projections onto fewer suits: a position lost when one is, each
 *                projection searched by dfs() (which asks it through Ctx.prune)
 *   census.c     what learning from lost positions could at best save (through Ctx.prune)
 *   bestfirst.c  best-first search (complete) and its greedy pass
 *   candidates.c the best nodes of a best-first search and the lines to them, handed on
 *                to the staged searches
 *   explore.c    the staged searches' explorations of one deal (kept open, to be
 *                taken further: Kept)
 *   layerkeys.c  the layered search's layers and exact keys (layers.h: its private parts)
 *   layertables.c  its tables of one layer each, sent to disk when memory runs short, and
 *                its checkpoints
 *   layers.c     complete search layer by layer (cards turned, off the waste and home never
 *                decrease), exact keys, the layers done forgotten
 *   beam.c       a beam over the stock's turns, each stage searched best-first (finds wins only)
 *   estimate.c   random probes that estimate how many positions dfs.c would visit
 *   nested.c     nested rollouts (Nested Monte Carlo Search), and at level 0
 *                randomised playouts (both find wins only)
 *   api.c        the C API of napoleon_core.h, on the parts above
 *   module.c     the CPython binding, on the C API: the module, the searches' entry points, and
 *                the conversions it shares with module_probes.c (module.h)
 *   module_probes.c  its entry points of one step from one position, and the census
 *                (module.c, module_probes.c and module.h are the only files that know Python)
 *   wasm.c       the WebAssembly binding, on the C API (napoleon/solver/wasm/core.js)
 *
 * Every search keeps its mutable state in one Ctx, passed down (an exploration
 * kept open owns its own); the only other state is per thread or set once:
 * the last error (common.c, like errno), the memory a search may take
 * (nc_set_memory_limit), copied into each Ctx when it is made, and the
 * host's interrupt hook.
 *
 * "lost" from the complete searches (depth-first, best-first, layered) means every
 * reachable position was visited, up to the sound shortcuts listed in
 * napoleon/solver/search.py, the dead-end tests (deadend.c, wastedead.c)
 * and depth-first search's projections (projection.c), which the caller
 * can switch off (Ctx.deadends, Ctx.prune) to re-check a verdict.
 */
#ifndef NAPOLEON_CORE_H
#define NAPOLEON_CORE_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* clock_gettime, fsync, fileno under -std=c11 */
#endif
#include "napoleon_core.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The version of the flat table layout that core.py's encode_rules() writes
   and rules.c's read_rules() reads: the list starts with it. Change both,
   this number (napoleon_core.h) and compiled.py's together. */
#define TABLE_VERSION NC_TABLE_VERSION

/*
 * The core's assumptions about the rules. Each is checked when the tables
 * are read (rules.c: check_assumptions); a game that breaks one is refused
 * with NotCompilable and solved by the pure-Python search instead.
 *
 *  A1 Cards are integers 1..63 (suit << 4 | rank), at most MAXC on a pile,
 *     at most MAXP piles, MAXT targets a pile, MAXPH phases.
 *  A2 Foundations are never a source: a card that goes home stays home. So a
 *     foundation is keyed by its first card and its height (its other cards
 *     follow from the fit table), and cards home only ever grow.
 *  A3 The stock is not a source and nothing is put on it but by a redeal; a
 *     stock turn moves its top card onto a waste pile. While no redeal has
 *     been made since the search began, the stock is a suffix of the
 *     starting stock, so it is keyed by its length.
 *  A4 The redeal count stands in the key: the rules of a phase depend on it
 *     only (core.py checks the tables), and with unlimited redeals only
 *     "redealt since the root or not" matters.
 *  A5 A stock turn changes only the stock and the waste it lands on, so a
 *     move of other piles commutes with it (order.c skips such moves after a
 *     bare turn).
 *  A6 The dead-end tests (deadend.c, wastedead.c) run only where their own
 *     conditions hold, checked per game (Rules.deadend_ok, Rules.waste_ok)
 *     and per position (no redeal left).
 *  A7 Macro moves of the stock (Ctx.macro): where one waste pile takes the
 *     stock's turns, nothing is ever put on it but by a turn, it moves one
 *     card at a time, and no redeal is left (Rules.macro_ok, per game; per
 *     position, macros_here), any line of play can be reordered so that each
 *     turn comes just before the move of the card it turned (A5: the turn
 *     commutes with every move between). So the stock's moves may be "turn k
 *     cards, then play the k-th", and the positions with a turned card not
 *     yet played are never stored: on Forty Thieves most of them.
 */

#define MAXP 32      /* piles */
#define MAXC 112     /* cards on one pile */
#define MAXPH 6      /* phases: routes differ by redeals used, 0..MAXPH-1 */
#define MAXT 8       /* targets of one pile */
#define MAXM 512     /* moves of one position */

#define HAS(mask, card) (((mask) >> (card)) & 1ULL)
#define TOP(P, p) ((P)->c[p][(P)->n[p] - 1])

/* Where a pile's top card may go: `dst` in order (to the first that takes
   it when first_only). Derived when read: `mask`, the same piles as a pile
   mask, and `fast`, set when gen() may pick the piles that take the card
   from a map of the tops (no runs, `dst` ascending, all sharing one fit
   table), which lists the same moves in the same order; `spaces`: the dsts
   whose space takes some card (the others are never offered a card when
   empty). */
typedef struct { int first_only, runs, n; int dst[MAXP]; uint32_t mask, spaces; int fast; } Target;

typedef struct Rules {
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
    /* The redeal, as data (Game.redeal_order, engine/dealing.py's
       RedealOrder): the piles gathered, in order, each from its top down
       (from its bottom up with bottom_first), and the piles the packet is
       dealt onto in turn; with play_ups, the layout's play-ups (Game.lay_out):
       the first row's piles played up pass after pass once it is down, then
       a card dealt onto a pile of play_up_mask played up at once.
       nregather == 0: the game has no redeal. */
    int nregather, regather[MAXP], ndeal_to, deal_to[MAXP];
    int bottom_first, play_ups;
    uint32_t play_up_mask;
    /* Derived when read (rules.c), for the dead-end test. */
    int deadend_ok;                              /* the test's conditions hold for this game */
    int macro_ok;                                /* A7 holds for this game */
    int is_build[MAXP];                          /* a pile cards can be built on (not a foundation) */
    int is_source[MAXP];
    uint32_t takes_all;                          /* build piles that take any card when empty */
    uint32_t grp_mask[MAXP];                     /* a pile's group, as a pile mask */
    uint64_t goes_on[64];                        /* [c]: the cards that may be put on c, on any pile */
    uint64_t fit_inv[MAXP][64];                  /* [p][c]: the tops c may be put on, on pile p */
    uint32_t dst_found[MAXPH][MAXP], dst_build[MAXPH][MAXP];  /* where a pile's top may go, as pile masks */
    uint32_t waste_found[MAXPH], waste_build[MAXPH];          /* the same for a card the stock turns */
    /* Derived when read (rules.c: waste_test_setup), for the waste test. */
    int waste_ok;                                /* the test's conditions hold for this game */
    int waste_pile, col_pile, ncols;             /* the one waste pile, a column, how many columns */
    uint32_t cols;                               /* the columns, as a pile mask */
    uint64_t home_fit[64];                       /* [t]: the cards that may go on t on some foundation */
} Rules;

typedef struct Pos {
    unsigned char c[MAXP][MAXC];
    int n[MAXP];
    int redeals;
} Pos;

typedef NcMove Mv;

typedef struct { Pos *items; int n, cap; } SnapStack;

/* One search's mutable state. */
typedef struct {
    SnapStack snaps;       /* positions before each redeal, to take it back */
    int keep_snaps;        /* best-first never undoes: it keeps no snapshots */
    /* Set while exploring one stage: the moves that end a stage are left to
       the caller (1: redeals; 2: turning the stock as well). */
    int hold;
    /* The incomplete first pass: every card that can go home goes home, and a
       move into a space is tried once whatever the space. It may miss wins,
       so it never answers "lost"; its wins are replayed like any other. */
    int greedy;
    int deadends;          /* DEADENDS_CARDS: the dead-end test (deadend.c); DEADENDS_WASTE: the waste test (wastedead.c) */
    int macro;             /* order.c offers the stock's macro moves where they are sound (A7) */
    /* Depth-first search keeps two 64-bit hashes of each position's key
       instead of the key (Seen, keys.c): on Forty Thieves 42 bytes a
       position where the exact table takes about 210, so a search under the
       memory limit goes about five times as far; a
       "lost" may then be wrong, with the chance Seen's comment states. */
    int fingerprints;
    long long dead;        /* positions it cut */
    /* best-first score weights: card home, break in order, space, depth,
       break cap, depth of the cards the foundations need next */
    int w_home, w_break, w_space, w_depth, break_cap, w_need;
    uint64_t rng;          /* the playouts' random state */
    /* best-first looks its children up a pass ahead in a table of at least
       this many slots (bf_run); the positions searched are the same either way */
    long long ahead_slots;
    /* The memory a search's own tables may take (0: no limit), from the
       process-wide setting (nc_set_memory_limit) when the Ctx is made.
       Depth-first and best-first search (and so explorations) and the beam
       stop past it and answer STOPPED_MEMORY: unknown, like a budget run
       out, rather than grow until the system kills the process. Playouts
       and nested rollouts hold a bounded table and need no check. */
    long long max_bytes;
    /* Depth-first search only: a further test that proves positions lost,
       asked after the dead-end tests (1 lost, 0 not, -1 an error) with
       `prune_arg`, and the memory it holds; NULL: none. projection.c sets it
       (projections_attach): dfs.c calls it through these, being above it. */
    int (*prune)(void *arg, const Rules *R, const Pos *P);
    size_t (*prune_bytes)(const void *arg);
    void *prune_arg;
    /* Depth-first search stops at max_states exactly, not at the next of its
       checks (every 4,096 positions): a projection's search, capped lower. */
    int exact_cap;
} Ctx;

/* The verdict of a search that stopped at Ctx.max_bytes (1 won, 0 lost, -1
   unknown, -2 an error are the others). */
#define STOPPED_MEMORY NC_STOPPED_MEMORY

/* Where a table stops fitting in the caches: a lookup there waits on memory. */
#define AHEAD_SLOTS (1LL << 14)

/* The random draws of the playouts and the nested rollouts (splitmix64 on
   X->rng): deterministic for a seed, the same sequence in both searches. */
static inline uint64_t rng_next(Ctx *X) {
    uint64_t z = (X->rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A playout's draw among the stock moves `sm` (turns, or a redeal): a
   redeal only once the stock turns are used up. */
static inline Mv draw_stock_move(Ctx *X, const Mv *sm, int ns) {
    int turns = 0;
    for (int i = 0; i < ns; i++) if (sm[i].src >= 0) turns++;
    int pick = (int)(rng_next(X) % (uint64_t)(turns ? turns : ns));
    Mv m = sm[pick];
    if (turns) for (int i = 0, k = 0; i < ns; i++) if (sm[i].src >= 0 && k++ == pick) { m = sm[i]; break; }
    return m;
}

/* common.c */
void ctx_init(Ctx *X);
void ctx_free(Ctx *X);
/* The best-first score weights (card home, break in order, space, depth,
   break cap, next card) and Ctx.ahead_slots (-1: AHEAD_SLOTS) a search is asked for. */
void ctx_scoring(Ctx *X, const int w[6], long long ahead);
double now(void);
/* Record a failure (printf-style message) for nc_error(); -1. */
int nc_fail(int code, const char *fmt, ...);
int nc_nomem(void);
/* A failure of the file `path` (errno says what); -1. */
int nc_fail_os(const char *path);
/* Whether a failure was recorded since nc_clear (each API call begins with it). */
int nc_failed(void);
void nc_clear(void);
/* The host's interrupt check: 0 to go on, or -1 with the failure recorded. */
int nc_check_interrupt(void);
/* A recorded failure set aside while a checkpoint is written, and put back. */
typedef struct { int code, err; char message[256], filename[256]; } NcErrorState;
void nc_error_save(NcErrorState *S);
void nc_error_restore(const NcErrorState *S);
/* The memory limit each new Ctx takes (nc_set_memory_limit). */
long long nc_memory_limit(void);
/* r->moves := a copy of mv[0..n); 0, or -1. */
int result_moves(NcResult *r, const Mv *mv, size_t n);

/* rules.c */
int read_rules(Rules *R, const uint64_t *table, size_t n);
int read_pos(const Rules *R, Pos *P, const int *cells, size_t ncells, int redeals);
size_t pos_write(const Rules *R, const Pos *P, int *cells);

/* moves.c */
static inline int phase(const Rules *R, const Pos *P) {
    return P->redeals < R->nphase ? P->redeals : R->nphase - 1;
}

static inline int cards_home(const Rules *R, const Pos *P) {
    int home = 0;
    for (int i = 0; i < R->nfound; i++) home += P->n[R->found[i]];
    return home;
}

static inline int is_won(const Rules *R, const Pos *P, int total) { return cards_home(R, P) == total; }

int redeals_left(const Rules *R, const Pos *P);
/* Reads only P->redeals and P->n[] (best-first relies on it: unpack_counts). */
int can_redeal(const Rules *R, const Pos *P);
int accepts_empty(const Rules *R, const Pos *P, int d, int c);
int gen(Ctx *X, const Rules *R, const Pos *P, Mv *out);
/* The piles by their top card (tops[v]: a mask of the piles whose top is v;
   top[p]: pile p's top, -1 when empty), kept by a playout from move to move:
   building it for every move generated was a tenth of a playout's time. */
typedef struct { uint32_t tops[64], empty; signed char top[MAXP]; } TopMap;
void topmap_build(const Rules *R, const Pos *P, TopMap *M);
void topmap_update(const Rules *R, const Pos *P, TopMap *M, uint32_t piles);   /* after `piles` changed */
int gen_mapped(Ctx *X, const Rules *R, const Pos *P, const TopMap *M, Mv *out);
int apply(Ctx *X, const Rules *R, Pos *P, Mv mv);
void undo(Ctx *X, Pos *P, Mv mv);
int autoplay(Ctx *X, const Rules *R, Pos *P, Mv *done);
/* Take back a move that is not a redeal and the `a` moves of auto-play after it. */
static inline void take_back(Ctx *X, Pos *P, Mv mv, const Mv *autos, int a) {
    while (a > 0) undo(X, P, autos[--a]);
    undo(X, P, mv);
}
/* A macro move (A7) is (stock, dst, MACRO | k): turn k cards, then move the
   k-th from the waste to dst (dst the waste itself: the turns alone). */
#define MACRO 0x80
int macros_here(const Ctx *X, const Rules *R, const Pos *P);
int gen_macros(Ctx *X, const Rules *R, const Pos *P, Mv *out, int m);
/* Make mv, a macro move spelled out as the plain moves it stands for (into
   seq); their number, or -1 on error. */
int make_move(Ctx *X, const Rules *R, Pos *P, Mv mv, Mv *seq);

/* keys.c */
typedef struct { unsigned char *data; size_t len, cap; uint64_t *slots; size_t nslots, used; } Table;
/* The bytes a table holds: its keys and its slots. */
static inline size_t table_bytes(const Table *T) { return T->cap + T->nslots * 2 * sizeof(uint64_t); }
int table_init(Table *T, size_t nslots);
void table_free(Table *T);
void table_clear(Table *T);
uint64_t hash_bytes(const unsigned char *b, size_t n);
int table_add(Table *T, const unsigned char *key, size_t len);
int table_add_hashed(Table *T, const unsigned char *key, size_t len, uint64_t h);
/* Whether T holds the key of hash h (hash_bytes()); it adds nothing. */
int table_has(const Table *T, const unsigned char *key, size_t len, uint64_t h);
void table_prefetch(const Table *T, uint64_t h);
int make_key(const Rules *R, const Pos *P, int root_redeals, unsigned char *key);
/* The positions a depth-first search has seen: their exact keys (a Table),
   or with `fingerprints` only a pair of independent 64-bit hashes of each
   key, 16 bytes in a slot of a table kept at most three quarters full
   (nine tenths at the memory limit, below). Two
   keys are taken for one only if both hashes agree: with N positions seen,
   each new one is taken for an old one with a chance of at most N / 2^128,
   so a whole search of N positions errs with a chance below N^2 / 2^129
   (below 10^-20 for a billion positions), if the hashes behave as random
   ones. Such an error hides a position, so it can turn a win into "lost",
   never the other way (a "won" is replayed through the engine).
   With `max_bytes` set, the fingerprint slots grow only while the doubled
   table fits in seven eighths of it; then they fill to nine tenths and `full` is set, which
   the search takes for the memory limit: fuller than the three quarters it
   grows at, and never twice the limit while a last doubling is made. */
typedef struct { Table T; uint64_t *fp; size_t fp_slots, fp_used, max_bytes; int fingerprints, full; } Seen;
int seen_init(Seen *S, int fingerprints);
void seen_free(Seen *S);
int seen_add(Seen *S, const unsigned char *key, size_t len);   /* 1 new, 0 seen, -1 error */
size_t seen_bytes(const Seen *S);
/* n bytes to a file and back: 0, or -1 with NC_ERR_OS (writing) or
   NC_ERR_VALUE (a file cut short, reading) recorded; for dfs.c's checkpoints. */
int file_put(FILE *f, const void *p, size_t n);
int file_get(FILE *f, void *p, size_t n);
/* The whole Seen to a file and back (dfs.c's checkpoints); 0, or -1 with the failure recorded. */
int seen_write(const Seen *S, FILE *f);
int seen_read(Seen *S, FILE *f);
/* A set of 64-bit position hashes (pos_hash), emptied in constant time; for
   the searches that only find wins (a collision only hides a position). */
typedef struct { uint64_t *h; uint32_t *stamp; size_t nslots, used; uint32_t now; } HashSet;
int hset_init(HashSet *S, size_t nslots);
void hset_free(HashSet *S);
void hset_clear(HashSet *S);
int hset_has(const HashSet *S, uint64_t h);
int hset_add(HashSet *S, uint64_t h);   /* 1: added, 0: already there, -1: error */
uint64_t pos_hash(const Rules *R, const Pos *P, int root_redeals);
/* The same, each pile's hash kept in H while its bit of H->valid is set (all
   are set on return), and the sums the hash is made of with them: a playout
   changes two or three piles a move, and hashing every pile again was an
   eighth of its time. A caller that changes a pile clears its bit
   (moved_piles); valid = 0 starts afresh. */
typedef struct {
    uint64_t pile[MAXP];    /* each pile's hash */
    uint64_t group[MAXP];   /* the sum of each group of interchangeable piles' hashes */
    uint64_t rest;          /* the piles in place (not the stock), each weighed by its own odd number */
    uint32_t valid;
    int ph;                 /* the phase the groups were summed in */
} PileHashes;
uint64_t pos_hash_cached(const Rules *R, const Pos *P, int root_redeals, PileHashes *H);
/* The piles a move and the `a` moves of auto-play after it change, as a mask
   (a redeal: every pile). */
static inline uint32_t moved_piles(Mv mv, const Mv *autos, int a) {
    if (mv.src < 0) return 0xFFFFFFFFu;
    uint32_t m = 1u << mv.src | 1u << mv.dst;
    for (int i = 0; i < a; i++) m |= 1u << autos[i].src | 1u << autos[i].dst;
    return m;
}

/* order.c */
/* Whether a position was reached by a stock turn `mv` alone: `played` moves
   in all, the turn and any auto-play after it. */
static inline int bare_turn(const Rules *R, Mv mv, int played) {
    return played == 1 && R->stock >= 0 && mv.src == R->stock;
}
int ordered(Ctx *X, const Rules *R, const Pos *P, Mv last, int has_last, int after_turn, Mv *out);

/* deadend.c: both tests, as Ctx.deadends asks */
#define DEADENDS_CARDS 1
#define DEADENDS_WASTE 2
int dead_end(Ctx *X, const Rules *R, const Pos *P);
/* wastedead.c */
int waste_dead(const Rules *R, const Pos *P);

/* the searches: each fills *out (verdict, moves, states) and returns 0, or -1 on an error */
/* Where a depth-first search keeps its progress between runs (dfs.c): a
   file, and a tag naming the search (the caller's digest of the tables, the
   position and the settings), which a checkpoint must carry to be taken up. */
typedef struct { const char *path; const char *tag; size_t tag_len; } Checkpoint;
int dfs(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, const Checkpoint *ck,
        NcResult *out);

/* census.c: depth-first search with its census (NcCensus) in *counts. */
int census(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, NcCensus *counts,
           NcResult *out);

/* projection.c: the projections a depth-first search asks, onto every set
   of `size` suits, at positions with at most `stock` cards in the stock
   and no redeal left, each searched by dfs() (with `deadends` and `macro`)
   to at most `cap` positions or the `deadline` (now() seconds, 0: none)
   and its verdict kept, keyed by the projection's key: `lost` holds the
   projections lost, `open` those won or not decided. The counts: lookups,
   searches, their positions, those lost, positions cut. */
typedef struct Projections {
    int subsets[16], nsubsets;   /* the sets of suits kept, as masks */
    int total, stock, deadends, macro;
    long long cap;
    double deadline;
    Table lost, open;
    long long asked, searched, states, found, cut;
    unsigned char key[4096];
} Projections;
/* Set J up for a search of game R: 0, or -1 with NC_ERR_VALUE for a size,
   stock or cap out of range. Whether a projection's loss proves anything in
   R's game is the caller's question (core.search asks projectable.py's
   refusal() first). */
int projections_init(Projections *J, const Rules *R, int total, int size, int stock, long long cap, int deadends,
                     int macro);
void projections_free(Projections *J);
size_t projections_bytes(const Projections *J);
/* P with every card of a suit not in `kept` (a mask) home: into Q. */
void project(const Rules *R, const Pos *P, int kept, Pos *Q);
/* Whether some projection of P is lost (1), none is known to be (0), or an error (-1). */
int projection_lost(Projections *J, const Rules *R, const Pos *P);
/* Make depth-first search with X ask J's projections (Ctx.prune). */
void projections_attach(Projections *J, Ctx *X);
int bestfirst(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, NcResult *out);
int nested_search(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, int level,
                  int policy, uint64_t seed, NcResult *out);
long long playout_check(Ctx *X, const Rules *R, const Pos *root, int total, long long max_states, uint64_t seed);
int evaluate(const Ctx *X, const Rules *R, const Pos *P);

/* bestfirst.c: one best-first search's work space, reusable (beam.c runs
   thousands of small searches in one; each starts by clearing it, not by
   allocating). A node: its parent, the moves from the parent (player move,
   then auto-play), its position, packed (pack: redeals, then each pile's
   size and cards), its cards home and its score (evaluate). */
typedef struct { uint32_t parent, mv_off, pos_off; uint16_t mv_n, pos_len, depth, home; int32_t eval; } Node;
typedef struct { int32_t pri; uint32_t node; } HeapItem;
typedef struct {
    Node *nodes; size_t ncap, nn;
    Mv *mvs; size_t mcap, mn;
    unsigned char *packs; size_t pcap, pn;
    HeapItem *heap; size_t hcap, hn;
    Table T;
    unsigned char *keys; size_t kcap;   /* the keys of one position's children */
    int root_redeals;                   /* the root's redeal count, which keys are made against */
    int ready;
} BfWork;
/* A best-first search kept between calls (an exploration, explore.c). */
typedef struct Kept {
    Rules R;
    Ctx X;
    Pos root;
    BfWork W;
    int total, started, broken;
    int verdict;           /* as bf_go's; -1 while it may go on */
    long long states;      /* positions visited, from the root */
    uint32_t won_node;
} Kept;
/* explore.c: take K on to max_states positions in all (0: no cap) within
   budget seconds (0: none), then answer as explore does: verdict, moves,
   states in all, candidates (out->lines). A cap at or below the count it
   has reached runs nothing. 0, or -1 on an error. */
int kept_more(Kept *K, double budget, long long max_states, int collect, int redealt, NcResult *out);
void kept_free(Kept *K);
size_t kept_bytes(const Kept *K);
/* The bytes a best-first search's work holds: nodes, moves, positions, heap, keys, table. */
size_t bf_work_bytes(const BfWork *W);
/* A node ranked for keeping: cards home, score. */
typedef struct { int home, eval; uint32_t node; } Cand;
int pack(const Rules *R, const Pos *P, unsigned char *b);
void unpack(const Rules *R, const unsigned char *b, Pos *P);
int bf_work_init(BfWork *W, size_t slots);
void bf_work_free(BfWork *W);
/* Best-first from `root` into W (cleared first): 1 won (*won_node its
   node), 0 every position visited, -1 the deadline (0: none) or max_states
   (0: none) reached, -2 an error (recorded: nc_fail). */
int bf_run(Ctx *X, const Rules *R, const Pos *root, int total, double deadline, long long max_states, BfWork *W,
           long long *states, uint32_t *won_node);
/* Only the pile sizes and the redeal count of a packed position into P
   (enough for can_redeal). */
void unpack_counts(const Rules *R, const unsigned char *b, Pos *P);
/* Start a search from `root` in W (cleared first): 1 won (*won_node set), 0 to go on, -2 on an error. */
int bf_begin(Ctx *X, const Rules *R, const Pos *root, int total, BfWork *W, long long *states, uint32_t *won_node);
/* Go on with the search begun in W: as bf_run answers. */
int bf_go(Ctx *X, const Rules *R, int total, double deadline, long long max_states, BfWork *W, long long *states_io,
          uint32_t *won_node);
/* The table slots for a search of at most max_states positions. */
size_t bf_slots(long long max_states);
/* The moves from the root to `node`, into `out` (NULL: count only); their number. */
size_t bf_path(const BfWork *W, uint32_t node, Mv *out);
/* out->moves := the line to won_node when verdict is 1; verdict and states set. 0, or -1. */
int bf_answer(const BfWork *W, int verdict, long long states, uint32_t won_node, NcResult *out);
/* candidates.c: the candidates of a finished phase search into out->lines
   (moves from the root, cards home, score, lane: see there); 0, or -1. */
int collect_candidates(Ctx *X, const Rules *R, const BfWork *W, int k, int redealt, NcResult *out);
/* The k first nodes of W (all, if fewer) in this order: most cards home
   first, then the best score, then the first found; into c (room for k),
   sorted. Their number. */
size_t bf_top(const BfWork *W, Cand *c, size_t k);
/* That order, as qsort's comparison of two Cand. */
int cand_cmp(const void *a, const void *b);

/* layers.c: why the layered search cannot take this game from P (NULL: it can) */
const char *layers_refused(const Rules *R, const Pos *P);
/* P's layer in a layered search from root (-1 out of memory) */
int layer_from(const Rules *R, const Pos *root, const Pos *P);
int layers(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, const char *folder,
           const char *log, const Checkpoint *ck, NcResult *out, NcLayerStats *stats);

/* beam.c */
int beam(Ctx *ctx, const Rules *rules, Pos *root, int total, double budget, long long max_states, int width,
         int stage_states, int keep, NcResult *out);

/* estimate.c: up to nprobes probes (within budget seconds, 0: none, at
   least one) from `seed`, each the log of its estimate of the positions
   dfs() visits from root (out->probes, NcEstimate); 0, or -1 on an error. */
typedef NcEstimate EstimateOut;
int estimate(Ctx *X, const Rules *R, const Pos *root, int total, long long cap, int nprobes, double budget,
             uint64_t seed, int commute, EstimateOut *out);

#endif
