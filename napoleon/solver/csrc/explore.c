#include "core.h"

/* ------------------------------------------- a best-first search kept open

   An exploration (exploration.Exploration) is a best-first search of one deal that
   outlives the call: asked again with a larger position cap, it goes on
   from where it stopped instead of searching its first positions again.
   bf_go stops only between positions, at counts that depend on the count
   alone, so going on to a cap visits the same positions, in the same order,
   as one search run to that cap at once; redeal planning asks for the same
   middle deals round after round, each time twice as deep. */

void kept_free(Kept *K) {
    if (!K) return;
    if (K->started) bf_work_free(&K->W);
    ctx_free(&K->X);
    free(K);
}

int kept_more(Kept *K, double budget, long long max_states, int collect, int redealt, NcResult *out) {
    double deadline = budget > 0 ? now() + budget : 0;
    if (!K->started) {
        if (bf_work_init(&K->W, bf_slots(max_states)) < 0) return -1;
        K->started = 1;
        K->verdict = bf_begin(&K->X, &K->R, &K->root, K->total, &K->W, &K->states, &K->won_node);
        if (K->verdict == 0) K->verdict = -1;   /* begun: it goes on below */
        else if (K->verdict == -2) { K->broken = 1; return -1; }
        else goto answer;
        K->verdict = bf_go(&K->X, &K->R, K->total, deadline, max_states, &K->W, &K->states, &K->won_node);
    } else if (K->broken) {
        return nc_fail(NC_ERR_RUNTIME, "this exploration failed earlier and cannot go on");
    } else if (K->verdict == -1 && (max_states <= 0 || K->states < max_states)) {
        K->verdict = bf_go(&K->X, &K->R, K->total, deadline, max_states, &K->W, &K->states, &K->won_node);
    }
    if (K->verdict == -2) { K->broken = 1; return -1; }
answer:
    if (bf_answer(&K->W, K->verdict, K->states, K->won_node, out) < 0) return -1;
    return collect_candidates(&K->X, &K->R, &K->W, collect > 0 ? collect : 1, redealt, out);
}

size_t kept_bytes(const Kept *K) {
    return sizeof *K + (K->started ? bf_work_bytes(&K->W) : 0);
}
