/*
 * The search core's C API: what a binding calls (module.c and module_probes.c for CPython,
 * wasm.c for WebAssembly). Plain C: no Python here, and every result is
 * plain C data the caller frees with the function named beside it.
 *
 * A game is the flat list of integers napoleon/solver/core.py's
 * encode_rules() writes (headed by NC_TABLE_VERSION); a position is its piles
 * (cards 1..63, suit << 4 | rank, bottom card first) and its redeal count.
 * Moves are (src, dst, count); a redeal is (-1, -1, 0).
 *
 * Errors: a call that fails returns -1 (or NULL) and leaves the reason in
 * nc_error() / nc_error_message(), kept per thread like errno until the
 * next call of this API. A search stopped by its budget, its position cap or the memory
 * limit has not failed: it answers, with its verdict saying so.
 */
#ifndef NAPOLEON_CORE_API_H
#define NAPOLEON_CORE_API_H

#include <stddef.h>
#include <stdint.h>

/* The table layout this core reads (core.py's TABLE_VERSION, compiled.py). */
#define NC_TABLE_VERSION 4

/* Verdicts. */
#define NC_WON 1
#define NC_LOST 0              /* every reachable position visited (the complete searches only) */
#define NC_UNKNOWN (-1)        /* the budget or the position cap ran out, or an incomplete search found nothing */
#define NC_STOPPED_MEMORY (-3) /* the memory limit (nc_set_memory_limit) reached: unknown too */

/* The kinds of failure. */
enum {
    NC_OK = 0,
    NC_ERR_MEMORY,           /* out of memory */
    NC_ERR_VALUE,            /* bad tables, position, settings, or a checkpoint that cannot be taken up */
    NC_ERR_NOT_COMPILABLE,   /* the game breaks one of the core's assumptions (core.h): use another search */
    NC_ERR_OS,               /* a file could not be read or written (nc_error_errno, nc_error_filename) */
    NC_ERR_INTERRUPTED,      /* the interrupt hook asked to stop (a checkpoint keeps the progress) */
    NC_ERR_HOST,             /* the interrupt hook reported an error of the host's own */
    NC_ERR_RUNTIME,          /* the core's own bound exceeded, or an exploration already broken */
    NC_ERR_ASSERTION,        /* a self-check failed (nc_playout_check) */
};

int nc_error(void);
const char *nc_error_message(void);
int nc_error_errno(void);              /* NC_ERR_OS: the errno */
const char *nc_error_filename(void);   /* NC_ERR_OS: the file, or "" */

/* The host's interrupt check, called now and then by long searches (NULL:
   none). It returns 0 to go on, or NC_ERR_INTERRUPTED / NC_ERR_HOST to
   stop; the search then fails with that code. Set once, before searching. */
void nc_set_interrupt_hook(int (*hook)(void));

/* The memory each search started from now on may take, in bytes (0: no
   limit); a search past it answers NC_STOPPED_MEMORY. Process-wide. */
void nc_set_memory_limit(long long bytes);
long long nc_memory_limit(void);

typedef struct { signed char src, dst; unsigned char count; } NcMove;

/* A line of moves from a position: a candidate of an exploration (with the
   cards home and score of the position it reaches, and its lane), or one
   move of depth-first search spelled out (nc_dfs_moves; the rest 0). */
typedef struct { NcMove *moves; size_t nmoves; int home, score, lane; } NcLine;

/* What a depth-first search's projections onto fewer suits did (projection.c):
   projections looked up, searched, the positions of those searches, those
   found lost, and the positions cut because a projection was lost. */
typedef struct { long long asked, searched, states, lost, cut; } NcProjections;

/* What a search answers. */
typedef struct {
    int verdict;
    long long states;          /* positions visited */
    NcProjections proj;        /* depth-first search with projections (NcSettings.proj_size) */
    NcMove *moves;             /* the winning line from the position (auto-play included), when won */
    size_t nmoves;
    NcLine *lines;             /* an exploration's candidates */
    size_t nlines;
} NcResult;

void nc_result_free(NcResult *r);   /* its arrays; the struct itself is the caller's */

typedef struct Rules NcRules;
typedef struct Pos NcPos;

/* The game's tables, checked; NULL on an error (NC_ERR_NOT_COMPILABLE: they
   break an assumption of the core). */
NcRules *nc_rules_read(const uint64_t *table, size_t n);
void nc_rules_free(NcRules *R);
int nc_rules_piles(const NcRules *R);   /* the game's number of piles */

/* A position: `cells` holds each pile in turn as its size then its cards. */
NcPos *nc_pos_read(const NcRules *R, const int *cells, size_t ncells, int redeals);
void nc_pos_free(NcPos *P);
/* The position in the same form into `cells` (room for nc_pos_cells(R));
   the number of cells written. */
size_t nc_pos_write(const NcRules *R, const NcPos *P, int *cells);
size_t nc_pos_cells(const NcRules *R);
int nc_pos_redeals(const NcPos *P);

/* The search modes. */
enum { NC_DFS = 0, NC_BEST = 1, NC_GREEDY = 2, NC_PLAYOUTS = 3, NC_NESTED = 4, NC_BEAM = 5 };

/* What one search is asked (nc_settings_init fills in the defaults). */
typedef struct {
    int mode;
    int total;                 /* the cards of the game: won when all are home */
    double budget;             /* seconds (0: none) */
    long long max_states;      /* positions (0: none) */
    int weights[6];            /* best-first score: card home, break in order, space, depth, break cap, next card */
    int deadends;              /* 1: the dead-end test (deadend.c); 2: the waste test (wastedead.c); 3: both */
    int macro;                 /* depth-first: the stock's macro moves (core.h, A7) */
    int fingerprints;          /* depth-first: keep fingerprints of the positions seen (keys.c: Seen) */
    int level, policy;         /* nested rollouts: level (0..4), weigh moves by what they do */
    uint64_t seed;             /* playouts and nested rollouts (0: derived from `total`) */
    int width, stage_states, keep;   /* the beam (beam.c) */
    long long ahead;           /* best-first: Ctx.ahead_slots (-1: the default) */
    const char *checkpoint;    /* depth-first: the file its progress is kept in (dfs.c), or NULL */
    const char *tag;           /* ...and the tag naming the search, which a checkpoint must carry */
    size_t tag_len;
    /* depth-first: a position with at most proj_stock stock cards and no
       redeal left is cut when its projection onto some proj_size suits (1..3;
       0: none) is lost by a depth-first search of at most proj_cap positions
       (projection.c; napoleon/solver/projection.py argues it). No checkpoint
       with it; a game where it proves nothing is refused (NC_ERR_VALUE). */
    int proj_size, proj_stock;
    long long proj_cap;
} NcSettings;

void nc_settings_init(NcSettings *S);

/* Search from P (left as it was) as S asks; 0 and *out filled, or -1. */
int nc_search(const NcRules *R, const NcPos *P, const NcSettings *S, NcResult *out);

/* A census of a depth-first search (census.c): the positions it visited that
   its tests did not prove lost (`open`), and the classes they fall into when
   each pile in play (not the stock or a foundation) and each waste is cut
   to its top `depth` cards, classes[depth] for depth 1 to NC_CENSUS_DEPTHS
   - 1, and classes[0] with the piles in play left out (the wastes whole):
   what a search learning patterns of lost positions could at best be cut to. */
#define NC_CENSUS_DEPTHS 4
typedef struct { long long open, classes[NC_CENSUS_DEPTHS]; } NcCensus;

/* The depth-first search S asks (no checkpoint, no projections), with its
   census in *counts; 0, or -1. */
int nc_census(const NcRules *R, const NcPos *P, const NcSettings *S, NcCensus *counts, NcResult *out);

/* What a layered search (layers.c) reports beside its result: the layers
   it finished, the largest of them (positions, and which), the positions
   it stored in all, the most memory its tables held at once and the
   positions they held then. */
typedef struct { int layers; long long largest; int largest_at; long long stored, peak_bytes, peak_held; } NcLayerStats;

/* The layered search from P (S: total, budget, max_states, deadends,
   macro, and tag/tag_len): its records in files in `folder` (removed when
   it ends), a line a layer appended to the file `log` (NULL: none). With a
   tag (S->tag not NULL), `folder` keeps a search that stops short, and a
   search kept there under the same tag is taken up (layers.c).
   NC_ERR_NOT_COMPILABLE when the game's layers could shrink (layers.c says
   which games). 0, or -1. */
int nc_layers(const NcRules *R, const NcPos *P, const NcSettings *S, const char *folder, const char *log,
              NcResult *out, NcLayerStats *stats);

/* P's layer in a layered search from root: the number that never
   decreases from move to move where the search applies. -1 on an error. */
int nc_layer(const NcRules *R, const NcPos *root, const NcPos *P);

/* An estimate of the positions the complete depth-first search from P
   visits (estimate.c): `n` random probes, each the natural log of its
   estimate (their mean is the estimate; -inf: a probe that counted none),
   with the depth of the walk where it counted exactly; `exact` when the
   whole search ended within the cap (probes[0] is then its count's log,
   n 1) or the root is won (n 0); `won` when an exact search found a win
   (the deal is won; dfs stops at its first win). `spent`, `spent_seconds`: the positions
   the probes' exact searches visited and the time they took. */
typedef struct { double *probes; int *depths; int n, exact, won; long long spent; double spent_seconds; } NcEstimate;
void nc_estimate_free(NcEstimate *e);
/* Probes from P with S's deadends and macro, each counting exactly below
   the first position of its walk whose search ends within `cap` positions;
   up to `probes` of them within S->budget seconds (0: none; one at least),
   drawn from S->seed; with `commute`, a walk leaves out the children an
   earlier sibling reaches by the same move. 0 and *out filled, or -1. */
int nc_estimate(const NcRules *R, const NcPos *P, const NcSettings *S, long long cap, int probes, int commute,
                NcEstimate *out);

/* An exploration: a best-first search of P's current deal only (no redeal;
   with hold_stock, no stock turn either), kept open to be taken further.
   It copies R and P. Settings read: total, weights, deadends, ahead. */
typedef struct Kept NcExploration;
NcExploration *nc_exploration_new(const NcRules *R, const NcPos *P, const NcSettings *S, int hold_stock);
/* Take it on to max_states positions in all within budget seconds, then
   list its `keep` best positions (and with redealt > 0, `keep` redeal
   points judged by their redeal) in out->lines; out->states counts from
   the start. 0, or -1 (the exploration cannot go on after that). */
int nc_exploration_more(NcExploration *E, double budget, long long max_states, int keep, int redealt,
                        NcResult *out);
size_t nc_exploration_bytes(const NcExploration *E);
void nc_exploration_free(NcExploration *E);

/* The position's legal moves, as the engine lists them, into `out` (room
   for NC_MAX_MOVES); their number, or -1. */
#define NC_MAX_MOVES 512
int nc_moves(const NcRules *R, const NcPos *P, NcMove *out);
/* The safe moves home auto-play makes from P (P left as it was). */
int nc_autoplay(const NcRules *R, const NcPos *P, NcMove *out);
/* Whether the dead-end test proves P lost: 1, 0, or -1. */
int nc_dead_end(const NcRules *R, const NcPos *P);
/* Whether the waste test (wastedead.c) proves P lost: 1 or 0. */
int nc_waste_dead(const NcRules *R, const NcPos *P);
/* P's projection onto the suits of `kept` (a mask of suits 0..3): every card
   of the other suits home (projection.c), into Q. 0, or -1 (NC_ERR_VALUE: a
   game where a projection proves nothing, or `kept` not 1..14). */
int nc_project(const NcRules *R, const NcPos *P, int total, int kept, NcPos *Q);
/* Whether some projection of P onto `size` suits is lost by a depth-first
   search of at most `cap` positions (S: deadends, macro): 1, 0, or -1;
   what it did into *out. */
int nc_projection_lost(const NcRules *R, const NcPos *P, const NcSettings *S, int size, long long cap,
                       NcProjections *out);
/* Redeal P in place, from the game's data; 0 or -1. */
int nc_redeal(const NcRules *R, NcPos *P);
/* The moves depth-first search tries from P, in its order, each spelled out
   as the plain moves it stands for (out->lines); 0 or -1. */
int nc_dfs_moves(const NcRules *R, const NcPos *P, NcResult *out);
/* P's canonical key (into `key`, room for NC_MAX_KEY bytes; its length)
   and its 64-bit hash, the stock keyed as in a search begun at
   root_redeals redeals; -1 on an error. */
#define NC_MAX_KEY 4096
int nc_key(const NcRules *R, const NcPos *P, int root_redeals, unsigned char *key, uint64_t *hash);
/* Playouts from P for max_states positions, each move checked against the
   position made afresh (nested.c); the positions checked, or -1
   (NC_ERR_ASSERTION names the first that differs). */
long long nc_playout_check(const NcRules *R, const NcPos *P, int total, long long max_states, uint64_t seed);

#endif
