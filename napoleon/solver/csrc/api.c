#include "core.h"

/* ------------------------------------------------ the C API (napoleon_core.h)

   Each entry point clears the last failure first, so that nc_failed()
   inside the parts means "during this call". */

NcRules *nc_rules_read(const uint64_t *table, size_t n) {
    nc_clear();
    Rules *R = malloc(sizeof(Rules));
    if (!R) { nc_nomem(); return NULL; }
    if (read_rules(R, table, n) < 0) { free(R); return NULL; }
    return R;
}

void nc_rules_free(NcRules *R) { free(R); }
int nc_rules_piles(const NcRules *R) { return R->npiles; }

NcPos *nc_pos_read(const NcRules *R, const int *cells, size_t ncells, int redeals) {
    nc_clear();
    Pos *P = malloc(sizeof(Pos));
    if (!P) { nc_nomem(); return NULL; }
    if (read_pos(R, P, cells, ncells, redeals) < 0) { free(P); return NULL; }
    return P;
}

void nc_pos_free(NcPos *P) { free(P); }
size_t nc_pos_write(const NcRules *R, const NcPos *P, int *cells) { return pos_write(R, P, cells); }
size_t nc_pos_cells(const NcRules *R) { return (size_t)R->npiles * (MAXC + 1); }
int nc_pos_redeals(const NcPos *P) { return P->redeals; }

void nc_settings_init(NcSettings *S) {
    memset(S, 0, sizeof *S);
    const int w[6] = {40, 3, 12, 0, 8, 0};
    memcpy(S->weights, w, sizeof w);
    S->macro = 1;
    S->level = 1;
    S->ahead = -1;
}

/* The settings a search reads, checked: 0, or -1. */
static int check_settings(const NcSettings *S) {
    if (S->mode < NC_DFS || S->mode > NC_BEAM) return nc_fail(NC_ERR_VALUE, "mode must be 0..5");
    if (S->checkpoint && S->mode != NC_DFS) return nc_fail(NC_ERR_VALUE, "only depth-first search keeps a checkpoint");
    if (S->proj_size && S->mode != NC_DFS) return nc_fail(NC_ERR_VALUE, "only depth-first search asks projections");
    if (S->proj_size && S->checkpoint) return nc_fail(NC_ERR_VALUE, "a checkpoint does not keep projections");
    if (S->level < 0 || S->level > 4) return nc_fail(NC_ERR_VALUE, "level must be 0..4");
    if (S->mode == NC_BEAM && (S->width < 1 || S->stage_states < 1 || S->keep < 1))
        return nc_fail(NC_ERR_VALUE, "width, stage_states and keep must be at least 1");
    return 0;
}

int nc_search(const NcRules *R, const NcPos *root, const NcSettings *S, NcResult *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    if (check_settings(S) < 0) return -1;
    Pos *P = malloc(sizeof(Pos));
    if (!P) return nc_nomem();
    *P = *root;
    Ctx X;
    ctx_init(&X);
    ctx_scoring(&X, S->weights, S->ahead);
    X.greedy = S->mode == NC_GREEDY;
    X.deadends = S->deadends;
    X.macro = S->mode == NC_DFS && S->macro;
    X.fingerprints = S->mode == NC_DFS && S->fingerprints;
    int rc;
    if (S->mode == NC_DFS && S->proj_size) {
        Projections J;
        rc = projections_init(&J, R, S->total, S->proj_size, S->proj_stock, S->proj_cap, X.deadends, X.macro);
        if (rc == 0) {
            J.deadline = S->budget > 0 ? now() + S->budget : 0;
            projections_attach(&J, &X);
            rc = dfs(&X, R, P, S->total, S->budget, S->max_states, NULL, out);
            out->proj = (NcProjections){J.asked, J.searched, J.states, J.found, J.cut};
        }
        projections_free(&J);
    } else if (S->mode == NC_DFS) {
        Checkpoint ck = {S->checkpoint, S->tag, S->tag_len};
        rc = dfs(&X, R, P, S->total, S->budget, S->max_states, S->checkpoint ? &ck : NULL, out);
    } else if (S->mode == NC_PLAYOUTS || S->mode == NC_NESTED) {
        /* playouts are nested rollouts' level 0 without the policy */
        int level = S->mode == NC_PLAYOUTS ? 0 : S->level, policy = S->mode == NC_PLAYOUTS ? 0 : S->policy;
        rc = nested_search(&X, R, P, S->total, S->budget, S->max_states, level, policy,
                           S->seed ? S->seed : 0x5EEDULL + (uint64_t)S->total, out);
    } else if (S->mode == NC_BEAM) {
        rc = beam(&X, R, P, S->total, S->budget, S->max_states, S->width, S->stage_states, S->keep, out);
    } else {
        rc = bestfirst(&X, R, P, S->total, S->budget, S->max_states, out);
    }
    ctx_free(&X);
    free(P);
    if (rc < 0) nc_result_free(out);
    return rc < 0 ? -1 : 0;
}

/* The census's and the layered search's start: a copy of the root to move
   in place, and X with S's dead-end tests and macro moves; NULL out of memory. */
static Pos *exhaustive_start(const NcPos *root, const NcSettings *S, Ctx *X) {
    Pos *P = malloc(sizeof(Pos));
    if (!P) { nc_nomem(); return NULL; }
    *P = *root;
    ctx_init(X);
    X->deadends = S->deadends;
    X->macro = S->macro;
    return P;
}

/* ...and their end, given the search's return code: 0, or -1 (out freed). */
static int exhaustive_end(Ctx *X, Pos *P, int rc, NcResult *out) {
    ctx_free(X);
    free(P);
    if (rc < 0) nc_result_free(out);
    return rc < 0 ? -1 : 0;
}

int nc_census(const NcRules *R, const NcPos *root, const NcSettings *S, NcCensus *counts, NcResult *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    memset(counts, 0, sizeof *counts);
    if (S->mode != NC_DFS || S->checkpoint || S->proj_size)
        return nc_fail(NC_ERR_VALUE, "a census is of a depth-first search without checkpoint or projections");
    Ctx X;
    Pos *P = exhaustive_start(root, S, &X);
    if (!P) return -1;
    return exhaustive_end(&X, P, census(&X, R, P, S->total, S->budget, S->max_states, counts, out), out);
}

int nc_layers(const NcRules *R, const NcPos *root, const NcSettings *S, const char *folder, const char *log,
              NcResult *out, NcLayerStats *stats) {
    nc_clear();
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    Ctx X;
    Pos *P = exhaustive_start(root, S, &X);
    if (!P) return -1;
    Checkpoint ck = {folder, S->tag, S->tag_len};
    int rc = layers(&X, R, P, S->total, S->budget, S->max_states, folder, log, S->tag ? &ck : NULL, out, stats);
    return exhaustive_end(&X, P, rc, out);
}

int nc_layer(const NcRules *R, const NcPos *root, const NcPos *P) {
    nc_clear();
    return layer_from(R, root, P);
}

void nc_estimate_free(NcEstimate *e) {
    free(e->probes);
    free(e->depths);
    e->probes = NULL;
    e->depths = NULL;
}

int nc_estimate(const NcRules *R, const NcPos *root, const NcSettings *S, long long cap, int probes, int commute,
                NcEstimate *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    if (cap < 1 || probes < 1) return nc_fail(NC_ERR_VALUE, "the cap and the number of probes must be at least 1");
    Ctx X;
    ctx_init(&X);
    X.deadends = S->deadends;
    X.macro = S->macro;
    int rc = estimate(&X, R, root, S->total, cap, probes, S->budget, S->seed, commute, out);
    ctx_free(&X);
    if (rc < 0) nc_estimate_free(out);
    return rc;
}

NcExploration *nc_exploration_new(const NcRules *R, const NcPos *P, const NcSettings *S, int hold_stock) {
    nc_clear();
    Kept *K = calloc(1, sizeof(Kept));
    if (!K) { nc_nomem(); return NULL; }
    ctx_init(&K->X);
    ctx_scoring(&K->X, S->weights, S->ahead);
    K->X.hold = hold_stock ? 2 : 1;
    K->X.deadends = S->deadends;
    K->total = S->total;
    K->verdict = -1;
    K->R = *R;
    K->root = *P;
    return K;
}

int nc_exploration_more(NcExploration *E, double budget, long long max_states, int keep, int redealt,
                        NcResult *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    int rc = kept_more(E, budget, max_states, keep, redealt, out);
    if (rc < 0) nc_result_free(out);
    return rc;
}

size_t nc_exploration_bytes(const NcExploration *E) { return kept_bytes(E); }
void nc_exploration_free(NcExploration *E) { kept_free(E); }

int nc_moves(const NcRules *R, const NcPos *P, NcMove *out) {
    nc_clear();
    Ctx X;
    ctx_init(&X);
    int n = gen(&X, R, P, out);
    ctx_free(&X);
    return n;
}

int nc_autoplay(const NcRules *R, const NcPos *root, NcMove *out) {
    nc_clear();
    Pos *P = malloc(sizeof(Pos));
    if (!P) return nc_nomem();
    *P = *root;
    Ctx X;
    ctx_init(&X);
    int n = autoplay(&X, R, P, out);
    ctx_free(&X);
    free(P);
    return n;
}

int nc_dead_end(const NcRules *R, const NcPos *P) {
    nc_clear();
    Ctx X;
    ctx_init(&X);
    X.deadends = 1;
    int dead = dead_end(&X, R, P);
    ctx_free(&X);
    return dead;
}

int nc_waste_dead(const NcRules *R, const NcPos *P) {
    nc_clear();
    return waste_dead(R, P);
}

int nc_project(const NcRules *R, const NcPos *P, int total, int kept, NcPos *Q) {
    nc_clear();
    Projections J;
    if (kept < 1 || kept > 14) return nc_fail(NC_ERR_VALUE, "a projection keeps 1 to 3 of the 4 suits (a mask 1..14)");
    int rc = projections_init(&J, R, total, __builtin_popcount((unsigned)kept), 0, 1, 0, 0);
    projections_free(&J);
    if (rc < 0) return -1;
    project(R, P, kept, Q);
    return 0;
}

int nc_projection_lost(const NcRules *R, const NcPos *P, const NcSettings *S, int size, long long cap,
                       NcProjections *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    Projections J;
    int rc = projections_init(&J, R, S->total, size, MAXC, cap, S->deadends, S->macro);
    if (rc == 0) {
        rc = projection_lost(&J, R, P);
        *out = (NcProjections){J.asked, J.searched, J.states, J.found, J.cut};
    }
    projections_free(&J);
    return rc;
}

int nc_redeal(const NcRules *R, NcPos *P) {
    nc_clear();
    Ctx X;
    ctx_init(&X);
    X.keep_snaps = 0;   /* nothing to take back */
    int rc = apply(&X, R, P, (Mv){-1, -1, 0});
    ctx_free(&X);
    return rc;
}

int nc_dfs_moves(const NcRules *R, const NcPos *root, NcResult *out) {
    nc_clear();
    memset(out, 0, sizeof *out);
    Mv mv[MAXM], seq[2 * MAXC + 2];
    Pos *Q = malloc(sizeof(Pos));
    Ctx X;
    ctx_init(&X);
    X.macro = 1;
    int n = ordered(&X, R, root, (Mv){0, 0, 0}, 0, 0, mv), rc = 0;
    out->lines = calloc((size_t)n + 1, sizeof(NcLine));
    if (!Q || !out->lines) rc = nc_nomem();
    X.keep_snaps = 0;
    for (int i = 0; rc == 0 && i < n; i++) {
        *Q = *root;
        int k = make_move(&X, R, Q, mv[i], seq);
        NcResult line = {0};
        if (k < 0 || result_moves(&line, seq, (size_t)k) < 0) { rc = -1; break; }
        out->lines[out->nlines++] = (NcLine){line.moves, line.nmoves, 0, 0, 0};
    }
    ctx_free(&X);
    free(Q);
    if (rc < 0) nc_result_free(out);
    return rc;
}

int nc_key(const NcRules *R, const NcPos *P, int root_redeals, unsigned char *key, uint64_t *hash) {
    nc_clear();
    *hash = pos_hash(R, P, root_redeals);
    return make_key(R, P, root_redeals, key);
}

long long nc_playout_check(const NcRules *R, const NcPos *root, int total, long long max_states, uint64_t seed) {
    nc_clear();
    Ctx X;
    ctx_init(&X);
    long long n = playout_check(&X, R, root, total, max_states, seed);
    ctx_free(&X);
    return n;
}
