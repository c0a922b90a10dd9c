#include "core.h"
#include <errno.h>
#include <unistd.h>

/* ------------------------------------------------------- depth-first search */

/* A frame: the moves of one position (mstack[start..start+n)), the next one
   to try, and how many path entries (the move and its auto-play) to take
   back when it is done. */
typedef struct { int start, n, i, pushed; } Frame;

/* One depth-first search's stacks and table. */
typedef struct {
    Ctx *X;
    const Rules *R;
    Pos *P;                       /* the position searched, moved and taken back in place */
    Mv *mstack; size_t mcap, msp; /* the frames' moves */
    Mv *path; size_t pcap, npath; /* the moves made to reach P, auto-play included */
    Frame *frames; size_t fcap, nframes;
    Seen seen;                    /* the positions seen (keys, or fingerprints: keys.c) */
    int root_redeals;
    unsigned char key[4096];
    Mv autos[256];
} Dfs;

/* Room in `*arr` (of `*cap` items of `size` bytes) for index `need`:
   doubled until it fits. 0, or -1 out of memory (recorded). */
static int make_room(void **arr, size_t *cap, size_t need, size_t size) {
    if (need < *cap) return 0;
    size_t nc = *cap * 2;
    while (nc <= need) nc *= 2;
    void *na = realloc(*arr, nc * size);
    if (!na) { nc_nomem(); return -1; }
    *arr = na;
    *cap = nc;
    return 0;
}

/* Take back the last `pushed` moves of the path. */
static void unwind(Dfs *d, int pushed) {
    for (int j = 0; j < pushed; j++) undo(d->X, d->P, d->path[--d->npath]);
}

/* Make `mv` (a macro move as the moves it stands for) and the auto-play
   after it: how many moves went onto the path, or -1 on error. */
static int play(Dfs *d, Mv mv) {
    if (make_room((void **)&d->path, &d->pcap, d->npath + 2 * MAXC + 300, sizeof(Mv)) < 0) return -1;
    int made = make_move(d->X, d->R, d->P, mv, d->path + d->npath);
    if (made < 0) return -1;
    d->npath += made;
    int na = autoplay(d->X, d->R, d->P, d->autos);
    memcpy(d->path + d->npath, d->autos, (size_t)na * sizeof(Mv));
    d->npath += na;
    return made + na;
}

/* Open a frame for the position reached by `pushed` moves, the last of them `last`. */
static int push_frame(Dfs *d, Mv last, int has_last, int after_turn, int pushed) {
    if (make_room((void **)&d->frames, &d->fcap, d->nframes + 1, sizeof(Frame)) < 0 ||
        make_room((void **)&d->mstack, &d->mcap, d->msp + MAXM, sizeof(Mv)) < 0)
        return -1;
    Frame *G = &d->frames[d->nframes++];
    G->start = (int)d->msp;
    G->n = ordered(d->X, d->R, d->P, last, has_last, after_turn, d->mstack + d->msp);
    G->i = 0;
    G->pushed = pushed;
    d->msp += G->n;
    return 0;
}

/* Whether P is proven lost: the dead-end tests, then X->prune (the
   projections); -1 an error. */
static int proven_lost(Ctx *X, const Rules *R, const Pos *P) {
    if (dead_end(X, R, P)) return 1;
    return X->prune ? X->prune(X->prune_arg, R, P) : 0;
}

/* Checked every 4096 positions: 0 to go on, or the verdict to stop with
   (-1 unknown, also on an interrupt, which is recorded as a failure). */
static int past_limits(const Dfs *d, long long states, double deadline, long long max_states) {
    if (nc_check_interrupt() < 0) return -1;
    if ((deadline > 0 && now() > deadline) || (max_states > 0 && states >= max_states)) return -1;
    if (d->seen.full) return STOPPED_MEMORY;
    size_t held = seen_bytes(&d->seen) + (d->mcap + d->pcap) * sizeof(Mv) + d->fcap * sizeof(Frame) +
                  (d->X->prune_bytes ? d->X->prune_bytes(d->X->prune_arg) : 0);
    if (d->X->max_bytes > 0 && held > (size_t)d->X->max_bytes)
        return STOPPED_MEMORY;
    return 0;
}

/* The root's part of the search: its auto-play, its key, and its frame. 1
   won, 0 lost (the root a dead end), 2 to go on, -1 an error. */
static int start(Dfs *d, int total, long long *states) {
    Ctx *X = d->X;
    const Rules *R = d->R;
    Pos *P = d->P;
    int na = autoplay(X, R, P, d->autos);
    if (nc_failed()) return -1;
    if (make_room((void **)&d->path, &d->pcap, d->npath + na + 1, sizeof(Mv)) < 0) return -1;
    memcpy(d->path + d->npath, d->autos, (size_t)na * sizeof(Mv));
    d->npath += na;
    if (is_won(R, P, total)) return 1;
    if (seen_add(&d->seen, d->key, (size_t)make_key(R, P, d->root_redeals, d->key)) < 0) return -1;
    *states = 1;
    int lost = proven_lost(X, R, P);
    if (lost) return lost > 0 ? 0 : -1;
    if (push_frame(d, (Mv){0, 0, 0}, 0, 0, na) < 0) return -1;
    return 2;
}

/* The search itself, from the frames on the stack: its verdict (1 won,
   with the line on the path; 0 lost; -1 unknown or an error, which leaves
   the failure recorded; STOPPED_MEMORY), the positions it visited in
   `*states`, counted on from what it holds. */
static int search(Dfs *d, int total, double deadline, long long max_states, long long *states) {
    Ctx *X = d->X;
    const Rules *R = d->R;
    Pos *P = d->P;
    while (d->nframes) {
        Frame *F = &d->frames[d->nframes - 1];
        if (F->i == F->n) {
            unwind(d, F->pushed);
            d->msp = F->start;
            d->nframes--;
            continue;
        }
        Mv mv = d->mstack[F->start + F->i++];
        int pushed = play(d, mv);
        if (pushed < 0) return -1;
        if (is_won(R, P, total)) return 1;
        int added = seen_add(&d->seen, d->key, (size_t)make_key(R, P, d->root_redeals, d->key));
        if (added < 0) return -1;
        if (!added) {
            unwind(d, pushed);
            continue;
        }
        ++*states;
        int lost = proven_lost(X, R, P);
        if (lost < 0) return -1;
        if (lost)   /* proven lost: nothing below it to search */
            unwind(d, pushed);
        else if (push_frame(d, mv, pushed == 1, bare_turn(R, mv, pushed), pushed) < 0)   /* ordered(): has_last */
            return -1;
        /* Checked where every position seen is done or has its frame, so
           that a checkpoint written on stopping misses none. */
        if ((*states & 4095) == 0 || (X->exact_cap && *states >= max_states)) {
            int stop = past_limits(d, *states, deadline, max_states);
            if (stop) return stop;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ checkpoints

   A search that stops before its end (its budget or its positions ran out,
   the memory limit, an interrupt) may leave what it has done in a file: the
   moves from the root to where it stands, its frames (each position's moves
   still to try), its count of positions and every position it has seen. A
   later run given the same file and tag takes it up where it stopped: it
   makes the moves again from the root and goes on, so that the runs
   together visit exactly the positions one run would have, in the same
   order (tests/solver/test_checkpoints.py). The file is written beside its
   place and renamed into it, so a run killed while writing leaves the
   checkpoint before it whole. A search that ends (won or lost) removes it. */

#define CK_MAGIC "NAPDFS\r\n"
#define CK_VERSION 1

/* A checksum of the stacks: a damaged move there would be made blindly
   (the table of positions is checked for shape when it is read). */
static uint64_t stack_sum(const uint64_t *head, const Dfs *d) {
    uint64_t h = hash_bytes((const unsigned char *)head, 6 * sizeof(uint64_t));
    h = h * 31 + hash_bytes((const unsigned char *)d->path, d->npath * sizeof(Mv));
    h = h * 31 + hash_bytes((const unsigned char *)d->frames, d->nframes * sizeof(Frame));
    return h * 31 + hash_bytes((const unsigned char *)d->mstack, d->msp * sizeof(Mv));
}

static int ck_write_to(const Dfs *d, long long states, const Checkpoint *ck, FILE *f) {
    uint64_t head[6] = {CK_VERSION, ck->tag_len, (uint64_t)states, d->npath, d->nframes, d->msp};
    uint64_t sum = stack_sum(head, d);
    if (file_put(f, CK_MAGIC, 8) < 0 || file_put(f, head, sizeof head) < 0 ||
        file_put(f, ck->tag, ck->tag_len) < 0 || file_put(f, d->path, d->npath * sizeof(Mv)) < 0 ||
        file_put(f, d->frames, d->nframes * sizeof(Frame)) < 0 || file_put(f, d->mstack, d->msp * sizeof(Mv)) < 0 ||
        file_put(f, &sum, sizeof sum) < 0)
        return -1;
    return seen_write(&d->seen, f);
}

/* Write the search's progress to ck->path (by way of a file beside it). */
static int ck_write(const Dfs *d, long long states, const Checkpoint *ck) {
    size_t n = strlen(ck->path);
    char *tmp = malloc(n + 8);
    if (!tmp) { nc_nomem(); return -1; }
    memcpy(tmp, ck->path, n);
    memcpy(tmp + n, ".part", 6);
    FILE *f = fopen(tmp, "wb");
    int rc = -1;
    if (!f) nc_fail_os(tmp);
    else {
        rc = ck_write_to(d, states, ck, f);
        if (fflush(f) != 0 || fsync(fileno(f)) != 0) { if (!rc) nc_fail_os(NULL); rc = -1; }
        if (fclose(f) != 0 && !rc) { nc_fail_os(NULL); rc = -1; }
        if (!rc && rename(tmp, ck->path) != 0) { nc_fail_os(ck->path); rc = -1; }
        if (rc) remove(tmp);
    }
    free(tmp);
    return rc;
}

/* Take up the search in ck->path: 1 taken up (P moved to where it stood),
   0 no such file (start afresh), -1 an error (NC_ERR_VALUE for a file that
   is not this search's checkpoint). */
static int ck_read(Dfs *d, long long *states, const Checkpoint *ck) {
    FILE *f = fopen(ck->path, "rb");
    if (!f) {
        if (errno == ENOENT) return 0;
        nc_fail_os(ck->path);
        return -1;
    }
    char magic[8];
    uint64_t head[6];
    int rc = -1;
    char *tag = NULL;
    if (file_get(f, magic, 8) < 0 || file_get(f, head, sizeof head) < 0) goto done;
    if (memcmp(magic, CK_MAGIC, 8) != 0 || head[0] != CK_VERSION) {
        nc_fail(NC_ERR_VALUE, "not a checkpoint of this solver's depth-first search");
        goto done;
    }
    if (head[1] != ck->tag_len || !(tag = malloc(ck->tag_len + 1)) || file_get(f, tag, ck->tag_len) < 0 ||
        memcmp(tag, ck->tag, ck->tag_len) != 0) {
        if (!nc_failed())
            nc_fail(NC_ERR_VALUE, "the checkpoint belongs to another search (position, game, settings or solver)");
        goto done;
    }
    uint64_t npath = head[3], nframes = head[4], msp = head[5];
    if (npath > (1u << 24) || nframes > (1u << 24) || msp > (1u << 28) || !nframes) {
        nc_fail(NC_ERR_VALUE, "the checkpoint's search stack is malformed");
        goto done;
    }
    if (make_room((void **)&d->path, &d->pcap, npath + 1, sizeof(Mv)) < 0 ||
        make_room((void **)&d->frames, &d->fcap, nframes + 1, sizeof(Frame)) < 0 ||
        make_room((void **)&d->mstack, &d->mcap, msp + MAXM, sizeof(Mv)) < 0)
        goto done;
    uint64_t sum;
    if (file_get(f, d->path, npath * sizeof(Mv)) < 0 || file_get(f, d->frames, nframes * sizeof(Frame)) < 0 ||
        file_get(f, d->mstack, msp * sizeof(Mv)) < 0 || file_get(f, &sum, sizeof sum) < 0)
        goto done;
    d->npath = npath; d->nframes = nframes; d->msp = msp;
    if (stack_sum(head, d) != sum) {
        d->npath = d->nframes = d->msp = 0;
        nc_fail(NC_ERR_VALUE, "the checkpoint is damaged (its search stack does not match its checksum)");
        goto done;
    }
    d->npath = d->nframes = d->msp = 0;
    /* The frames must tile the move stack and account for the path. */
    size_t pushed = 0, at = 0;
    for (size_t i = 0; i < nframes; i++) {
        const Frame *F = &d->frames[i];
        if (F->start != (int)at || F->n < 0 || F->n > MAXM || F->i < 0 || F->i > F->n || F->pushed < 0) break;
        at += (size_t)F->n;
        pushed += (size_t)F->pushed;
    }
    if (at != msp || pushed != npath) {
        nc_fail(NC_ERR_VALUE, "the checkpoint's search stack is malformed");
        goto done;
    }
    if (seen_read(&d->seen, f) < 0) goto done;
    for (size_t i = 0; i < npath; i++) {   /* back to where the search stood */
        Mv mv = d->path[i];
        if (mv.src >= d->R->npiles || mv.dst >= d->R->npiles ||
            (mv.src >= 0 && (mv.dst < 0 || mv.count < 1 || mv.count > d->P->n[mv.src] ||
                             d->P->n[mv.dst] + mv.count > MAXC))) {
            nc_fail(NC_ERR_VALUE, "the checkpoint's moves do not fit the position");
            goto done;
        }
        if (apply(d->X, d->R, d->P, mv) < 0) goto done;
    }
    d->npath = npath; d->nframes = nframes; d->msp = msp;
    *states = (long long)head[2];
    rc = 1;
done:
    free(tag);
    fclose(f);
    return rc;
}

/* The search, from the checkpoint when there is one, leaving one when it
   stops short; its verdict as search()'s. */
static int run(Dfs *d, int total, double deadline, long long max_states, long long *states, const Checkpoint *ck) {
    int taken = ck ? ck_read(d, states, ck) : 0;
    if (taken < 0) return -1;
    if (!taken) {
        int begun = start(d, total, states);
        if (begun != 2) {
            if (begun >= 0 && ck) remove(ck->path);
            return begun;
        }
    }
    int verdict = search(d, total, deadline, max_states, states);
    if (!ck) return verdict;
    if (verdict == 0 || verdict == 1) {
        remove(ck->path);
    } else if (verdict == STOPPED_MEMORY || (verdict == -1 && !nc_failed()) ||
               (verdict == -1 && nc_error() == NC_ERR_INTERRUPTED)) {
        /* Stopped short (an interrupt included): what it did is kept. */
        NcErrorState pending;
        nc_error_save(&pending);
        nc_clear();
        if (ck_write(d, *states, ck) < 0) return -1;
        nc_error_restore(&pending);
    }
    return verdict;
}

/* The complete depth-first search: every reachable position once (a
   transposition table of canonical keys), moves in order.c's order, with
   the stock's macro moves where X->macro asks for them (A7). "lost" means
   the whole reachable space was visited (with macro moves, every position
   but those with a turned card not yet played). With X->fingerprints the
   positions seen are kept as fingerprints (Seen, keys.c). With X->prune, a
   position it proves lost is cut (projection.c: projections onto fewer suits). */
int dfs(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, const Checkpoint *ck,
        NcResult *out) {
    Dfs d = {.X = X, .R = R, .P = root, .mcap = 1 << 16, .pcap = 1 << 12, .fcap = 1 << 12,
             .root_redeals = root->redeals};
    int result = -1;
    long long states = 0;
    d.mstack = malloc(d.mcap * sizeof(Mv));
    d.path = malloc(d.pcap * sizeof(Mv));
    d.frames = malloc(d.fcap * sizeof(Frame));
    if (!d.mstack || !d.path || !d.frames) {
        nc_nomem();
    } else if (seen_init(&d.seen, X->fingerprints) == 0) {
        d.seen.max_bytes = X->max_bytes > 0 ? (size_t)X->max_bytes : 0;
        X->snaps.n = 0;
        int verdict = run(&d, total, budget > 0 ? now() + budget : 0, max_states, &states, ck);
        if (!nc_failed()) {
            out->verdict = verdict;
            out->states = states;
            result = result_moves(out, d.path, verdict == 1 ? d.npath : 0);
        }
        seen_free(&d.seen);
    }
    free(d.mstack); free(d.path); free(d.frames);
    return result;
}
