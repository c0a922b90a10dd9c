#include "core.h"
#include <errno.h>
#include <stdarg.h>

/* ------------------------------------------------------------------ errors

   The last failure, per thread, like errno: the searches report a failure
   by returning -1 (or -2) up to the API call, which the binding turns into
   its own kind of error. Each API call clears it first (nc_clear), so
   nc_failed() says whether something failed during this call. */

static _Thread_local NcErrorState last_error;

int nc_fail(int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error.message, sizeof last_error.message, fmt, ap);
    va_end(ap);
    last_error.code = code;
    last_error.err = 0;
    last_error.filename[0] = 0;
    return -1;
}

int nc_nomem(void) { return nc_fail(NC_ERR_MEMORY, "out of memory"); }

int nc_fail_os(const char *path) {
    int err = errno;
    nc_fail(NC_ERR_OS, "%s", strerror(err));
    last_error.err = err;
    snprintf(last_error.filename, sizeof last_error.filename, "%s", path ? path : "");
    return -1;
}

int nc_failed(void) { return last_error.code != NC_OK; }
void nc_clear(void) { last_error.code = NC_OK; last_error.message[0] = 0; }
void nc_error_save(NcErrorState *S) { *S = last_error; }
void nc_error_restore(const NcErrorState *S) { last_error = *S; }
int nc_error(void) { return last_error.code; }
const char *nc_error_message(void) { return last_error.message; }
int nc_error_errno(void) { return last_error.err; }
const char *nc_error_filename(void) { return last_error.filename; }

/* Set once by the binding before any search (configuration, not search state). */
static int (*interrupt_hook)(void);

void nc_set_interrupt_hook(int (*hook)(void)) { interrupt_hook = hook; }

int nc_check_interrupt(void) {
    int code = interrupt_hook ? interrupt_hook() : 0;
    return code ? nc_fail(code, "interrupted") : 0;
}

/* ------------------------------------------------------------ the clock */

double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------- search state */

/* The memory each search's tables may take, in bytes (0: no limit): the
   core's one process-wide setting. It is configuration, not search state:
   a search copies it into its Ctx when it starts (ctx_init), so changing it
   never touches a search under way. core.py sets it when imported, and the
   pools that run several searches side by side share it out among them. */
static long long memory_limit = 0;

void nc_set_memory_limit(long long bytes) { memory_limit = bytes; }
long long nc_memory_limit(void) { return memory_limit; }

void ctx_init(Ctx *X) {
    memset(X, 0, sizeof *X);
    X->max_bytes = memory_limit;
    X->keep_snaps = 1;
    X->deadends = 0;
    X->w_home = 40; X->w_break = 3; X->w_space = 12; X->w_depth = 0; X->break_cap = 8; X->w_need = 0;
    X->ahead_slots = AHEAD_SLOTS;
}

void ctx_scoring(Ctx *X, const int w[6], long long ahead) {
    X->w_home = w[0]; X->w_break = w[1]; X->w_space = w[2]; X->w_depth = w[3]; X->break_cap = w[4]; X->w_need = w[5];
    if (ahead >= 0) X->ahead_slots = ahead;
}

void ctx_free(Ctx *X) {
    free(X->snaps.items);
    X->snaps.items = NULL;
    X->snaps.n = X->snaps.cap = 0;
}

/* ---------------------------------------------------------------- results */

int result_moves(NcResult *r, const Mv *mv, size_t n) {
    free(r->moves);
    r->moves = malloc((n ? n : 1) * sizeof(Mv));
    r->nmoves = 0;
    if (!r->moves) return nc_nomem();
    memcpy(r->moves, mv, n * sizeof(Mv));
    r->nmoves = n;
    return 0;
}

void nc_result_free(NcResult *r) {
    if (!r) return;
    free(r->moves);
    for (size_t i = 0; i < r->nlines; i++) free(r->lines[i].moves);
    free(r->lines);
    r->moves = NULL;
    r->lines = NULL;
    r->nmoves = r->nlines = 0;
}
