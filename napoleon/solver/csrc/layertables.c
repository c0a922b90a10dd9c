#include "layers.h"
#include <errno.h>
#include <unistd.h>

/* ------------------------------------------------------------ the layered search's tables

   When the memory limit is reached, the waiting layer that holds the most
   memory goes to disk (delayed duplicate detection, Korf 2003): its keys,
   in the order of their indices, to layer-N.keys, and every child later
   sent to it, with its parent and move, to layer-N.more, duplicates and
   all. When its turn comes it is read back: its keys first, in their
   order, so each keeps its index (and so its record), then the children
   of layer-N.more, each stored (and recorded) unless it is there already.
   A layer searched holds the same positions whether it went to disk or
   not; only a layer too large for memory by itself stops the search.

   With a checkpoint (Checkpoint: the folder's layers.state and a tag
   naming the search), a search that stops short (its budget, max_states,
   the memory limit, an interrupt) sends every layer from the one it stood
   in to disk and writes where it stood: the layer, the first of its
   positions not yet searched, its counts and each layer's. A later run
   with the same tag reads it, removes it (the files change from then on:
   a run killed before it stops leaves none, and the next starts afresh)
   and goes on from that position, so the runs together visit exactly the */

/* ------------------------------------------------------------ the tables */



/* Room for the memory `more` bytes would take: 0, or 1 past the limit (S->full set). */
static int over(Lay *S, size_t more) {
    if (S->max_bytes && S->bytes + more > S->max_bytes) { S->full = 1; return 1; }
    return 0;
}

static int grow_slots(Lay *S, Layer *Y) {
    size_t n = Y->nslots ? Y->nslots * 2 : 1024;
    if (over(S, n * sizeof(uint64_t))) return 0;
    uint64_t *slots = calloc(n, sizeof(uint64_t));
    if (!slots) { nc_nomem(); return -1; }
    for (size_t i = 0; i < Y->nslots; i++) {
        uint64_t s = Y->slots[i];
        if (!s) continue;
        int len;
        const unsigned char *key = lay_key_at(Y, (s & REF_MASK) - 1, &len);
        size_t j = hash_bytes(key, (size_t)len) & (n - 1);
        while (slots[j]) j = (j + 1) & (n - 1);
        slots[j] = s;
    }
    free(Y->slots);
    S->bytes += (n - Y->nslots) * sizeof(uint64_t);
    Y->slots = slots;
    Y->nslots = n;
    return 0;
}

/* The path of one of layer L's files: its records ("trace"), its keys ("keys") or the children
   sent to it on disk ("more"). */
void lay_disk_path(const Lay *S, int L, const char *what, char *path, size_t room) {
    snprintf(path, room, "%s/layer-%d.%s", S->folder, L, what);
}

/* Write a key with its 1- or 2-byte length before it (the form of a layer's chunks) to f. 0, or -1. */
static int put_key(FILE *f, const unsigned char *key, int len) {
    unsigned char head[2] = {(unsigned char)(len < 0x80 ? len : 0x80 | len >> 8), (unsigned char)len};
    int hl = len < 0x80 ? 1 : 2;
    return fwrite(head, 1, (size_t)hl, f) == (size_t)hl && fwrite(key, 1, (size_t)len, f) == (size_t)len ? 0 : -1;
}

/* Read a key written by put_key: its length, 0 at the end of the file, -1 a short read. */
static int get_key(FILE *f, unsigned char *key) {
    int c = fgetc(f);
    if (c == EOF) return 0;
    int len = c;
    if (c & 0x80) {
        int d = fgetc(f);
        if (d == EOF) return -1;
        len = (c & 0x7F) << 8 | d;
    }
    if (len <= 0 || len > NC_MAX_KEY || fread(key, 1, (size_t)len, f) != (size_t)len) return -1;
    return len;
}

/* Put a key into layer L: 1 added, 0 there already, -1 an error, 2 not
   added for the memory limit (S->full). `recorded`: a key read back from
   disk, whose record was written when it was first added (it takes the
   next index, as it did then); otherwise its record is written now. A
   layer on disk takes the key (with its parent and move) in layer-N.more. */
static int layer_put(Lay *S, int L, const unsigned char *key, int len, uint64_t h, uint64_t parent, int mi,
                     int recorded) {
    Layer *Y = &S->layer[L];
    if (Y->on_disk) {
        if (!Y->more) {
            char path[4200];
            lay_disk_path(S, L, "more", path, sizeof path);
            if (!(Y->more = fopen(path, "ab"))) { nc_fail_os(path); return -1; }
        }
        uint16_t m16 = (uint16_t)mi;
        if (put_key(Y->more, key, len) < 0 || fwrite(&parent, 8, 1, Y->more) != 1 || fwrite(&m16, 2, 1, Y->more) != 1) {
            nc_fail_os(NULL);
            return -1;
        }
        Y->more_n++;
        return 1;
    }
    if (!Y->nslots || (Y->used + 1) * 4 > Y->nslots * 3) {
        if (grow_slots(S, Y) < 0) return -1;
        if (!Y->nslots || (Y->used + 1) * 8 > Y->nslots * 7) return 2;   /* full: stop before probing gets long */
    }
    uint64_t tag = h >> REF_BITS;
    size_t mask = Y->nslots - 1, j = h & mask;
    for (uint64_t s; (s = Y->slots[j]); j = (j + 1) & mask) {
        if (s >> REF_BITS != tag) continue;
        int l2;
        const unsigned char *k2 = lay_key_at(Y, (s & REF_MASK) - 1, &l2);
        if (l2 == len && memcmp(k2, key, (size_t)len) == 0) return 0;
    }
    size_t need = (size_t)len + 2;
    if (!Y->nchunk || Y->fill[Y->nchunk - 1] + need > lay_chunk_size(Y->nchunk - 1)) {
        size_t size = lay_chunk_size(Y->nchunk);
        if (over(S, size)) return 2;
        if (Y->nchunk == Y->chunk_room) {
            size_t room = Y->chunk_room ? Y->chunk_room * 2 : 8;
            unsigned char **c = realloc(Y->chunk, room * sizeof *c);
            size_t *f = c ? realloc(Y->fill, room * sizeof *f) : NULL;
            if (c) Y->chunk = c;
            if (!c || !f) { nc_nomem(); return -1; }
            Y->fill = f;
            Y->chunk_room = room;
        }
        if (!(Y->chunk[Y->nchunk] = malloc(size))) { nc_nomem(); return -1; }
        Y->fill[Y->nchunk++] = 0;
        S->bytes += size;
    }
    size_t ci = Y->nchunk - 1;
    uint64_t ref = (uint64_t)ci << CHUNK_BITS | Y->fill[ci];
    unsigned char *b = Y->chunk[ci] + Y->fill[ci];
    if (len < 0x80) { *b++ = (unsigned char)len; Y->fill[ci] += 1; }
    else { *b++ = (unsigned char)(0x80 | len >> 8); *b++ = (unsigned char)len; Y->fill[ci] += 2; }
    memcpy(b, key, (size_t)len);
    Y->fill[ci] += (size_t)len;
    Y->slots[j] = tag << REF_BITS | (ref + 1);
    Y->used++;
    Y->count++;
    S->held++;
    if (S->bytes > S->peak) { S->peak = S->bytes; S->peak_held = S->held; }
    if (recorded) return 1;
    if (!Y->trace) {
        char path[4200];
        lay_disk_path(S, L, "trace", path, sizeof path);
        if (!(Y->trace = fopen(path, "ab+"))) { nc_fail_os(path); return -1; }
    }
    unsigned char rec[REC_SIZE];
    uint16_t m16 = (uint16_t)mi;
    memcpy(rec, &parent, 8);
    memcpy(rec + 8, &m16, 2);
    if (fwrite(rec, 1, REC_SIZE, Y->trace) != REC_SIZE) { nc_fail_os(NULL); return -1; }
    S->stored++;
    return 1;
}

/* Free a layer's keys and table (not its files). */
static void layer_free(Lay *S, Layer *Y) {
    for (size_t i = 0; i < Y->nchunk; i++) { free(Y->chunk[i]); S->bytes -= lay_chunk_size(i); }
    free(Y->chunk); free(Y->fill); free(Y->slots);
    S->bytes -= Y->nslots * sizeof(uint64_t);
    S->held -= (long long)Y->used;
    Y->chunk = NULL; Y->fill = NULL; Y->slots = NULL;
    Y->nchunk = Y->chunk_room = Y->nslots = Y->used = 0;
}

/* Send waiting layer T to disk: its keys, in their order, to layer-T.keys. 0, or -1. */
static int layer_to_disk(Lay *S, int T) {
    Layer *Y = &S->layer[T];
    char path[4200];
    lay_disk_path(S, T, "keys", path, sizeof path);
    FILE *f = fopen(path, "wb");
    if (!f) return nc_fail_os(path);
    int ok = 1;
    for (size_t i = 0; i < Y->nchunk && ok; i++) ok = fwrite(Y->chunk[i], 1, Y->fill[i], f) == Y->fill[i];
    if (fclose(f) != 0 || !ok) return nc_fail_os(path);
    layer_free(S, Y);
    Y->on_disk = 1;
    S->full = 0;
    S->to_disk++;
    return 0;
}

/* Room in memory: send the waiting layer after L that holds the most to disk. 1 sent, 0 none to send, -1 an error. */
static int make_room(Lay *S, int L) {
    int best = -1;
    size_t most = 0;
    for (int T = L + 1; T < S->nlayers; T++) {
        const Layer *Y = &S->layer[T];
        size_t b = Y->nslots * sizeof(uint64_t);
        for (size_t i = 0; i < Y->nchunk; i++) b += lay_chunk_size(i);
        if (!Y->on_disk && Y->used && b > most) { most = b; best = T; }
    }
    if (best < 0) return 0;
    return layer_to_disk(S, best) < 0 ? -1 : 1;
}

/* layer_put, sending waiting layers after L to disk while memory runs short. */
int lay_add(Lay *S, int L, int T, const unsigned char *key, int len, uint64_t h, uint64_t parent, int mi,
                     int recorded) {
    for (;;) {
        int rc = layer_put(S, T, key, len, h, parent, mi, recorded);
        if (rc != 2) return rc;
        int sent = make_room(S, L);
        if (sent <= 0) return sent < 0 ? -1 : 2;
    }
}

/* Layer L read back from disk (a key file `what`, and with `more` the
   children after it, each stored unless there already): 0, -1 an error, 2
   it does not fit in memory. */
static int read_back(Lay *S, int L, long long count) {
    Layer *Y = &S->layer[L];
    char path[4200];
    int rc = 0, len;
    lay_disk_path(S, L, "keys", path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return nc_fail_os(path);
    while (rc >= 0 && rc != 2 && (len = get_key(f, S->key)) > 0)
        rc = lay_add(S, L, L, S->key, len, hash_bytes(S->key, (size_t)len), NO_PARENT, 0, 1);
    fclose(f);
    if (rc < 0 || rc == 2) return rc;
    if (len < 0 || Y->count != count)
        return nc_fail(NC_ERR_RUNTIME, "layer %d read back from disk holds %lld keys, not %lld", L, Y->count, count);
    if (!Y->more_n) return 0;
    lay_disk_path(S, L, "more", path, sizeof path);
    if (!(f = fopen(path, "rb"))) return nc_fail_os(path);
    long long n = 0;
    while (rc >= 0 && rc != 2 && (len = get_key(f, S->key)) > 0) {
        uint64_t parent;
        uint16_t m16;
        if (fread(&parent, 8, 1, f) != 1 || fread(&m16, 2, 1, f) != 1) { len = -1; break; }
        rc = lay_add(S, L, L, S->key, len, hash_bytes(S->key, (size_t)len), parent, m16, 0);
        n++;
    }
    fclose(f);
    if (rc < 0 || rc == 2) return rc;
    if (len < 0 || n != Y->more_n)
        return nc_fail(NC_ERR_RUNTIME, "layer %d's children on disk are %lld, not %lld", L, n, Y->more_n);
    return 0;
}

/* Layer L, whose turn has come, read back from disk: its keys in their
   order, then the children sent to it. 0, -1 an error, 2 it does not fit
   in memory (then it stays on disk as it was: its records too). */
int lay_from_disk(Lay *S, int L) {
    Layer *Y = &S->layer[L];
    if (!Y->on_disk) return 0;
    long long count = Y->count, stored = S->stored;
    if (Y->more && fclose(Y->more) != 0) { Y->more = NULL; return nc_fail_os(NULL); }
    Y->more = NULL;
    Y->on_disk = 0;
    Y->count = 0;
    int rc = read_back(S, L, count);
    char path[4200];
    if (rc == 2) {
        /* The records of children stored before memory ran out are cut off again. */
        if (Y->trace && (fflush(Y->trace) != 0 || ftruncate(fileno(Y->trace), (off_t)(count * REC_SIZE)) != 0 ||
                         fseek(Y->trace, 0, SEEK_END) != 0))
            return nc_fail_os(NULL);
        layer_free(S, Y);
        Y->on_disk = 1;
        Y->count = count;
        S->stored = stored;
        return 2;
    }
    if (rc < 0) return rc;
    lay_disk_path(S, L, "keys", path, sizeof path);
    remove(path);
    lay_disk_path(S, L, "more", path, sizeof path);
    remove(path);
    Y->more_n = 0;
    return 0;
}

/* Forget a layer's keys (its records stay on disk, its files closed). */
void lay_drop(Lay *S, Layer *Y) {
    layer_free(S, Y);
    if (Y->trace) fclose(Y->trace);
    if (Y->more) fclose(Y->more);
    long long count = Y->count;
    memset(Y, 0, sizeof *Y);
    Y->count = count;
}

/* ------------------------------------------------------------ checkpoints */

#define LK_MAGIC "NAPLAY\r\n"
#define LK_VERSION 1
#define LK_HEAD 10

static void state_path(const Lay *S, const char *suffix, char *path, size_t room) {
    snprintf(path, room, "%s/layers.state%s", S->folder, suffix);
}

/* Keep where the search stopped (see the head of this file): every layer
   from the one it stood in to disk, then layers.state (written beside its
   place and renamed into it). 0, or -1. */
int lay_keep(Lay *S, const Checkpoint *ck) {
    for (int T = S->stop_at; T < S->nlayers; T++) {
        Layer *Y = &S->layer[T];
        if (!Y->on_disk && Y->used && layer_to_disk(S, T) < 0) return -1;
        if (Y->more && fflush(Y->more) != 0) return nc_fail_os(NULL);
    }
    for (int T = 0; T < S->nlayers; T++)
        if (S->layer[T].trace && fflush(S->layer[T].trace) != 0) return nc_fail_os(NULL);
    char tmp[4200], path[4200];
    state_path(S, ".part", tmp, sizeof tmp);
    state_path(S, "", path, sizeof path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return nc_fail_os(tmp);
    int64_t head[LK_HEAD] = {LK_VERSION, (int64_t)ck->tag_len, S->nlayers, S->stop_at, S->stop_idx, S->stop_states,
                             S->stored, S->largest, S->largest_at, S->done};
    int rc = file_put(f, LK_MAGIC, 8) < 0 || file_put(f, head, sizeof head) < 0 || file_put(f, ck->tag, ck->tag_len) < 0
                 ? -1 : 0;
    for (int T = 0; T < S->nlayers && !rc; T++) {
        const Layer *Y = &S->layer[T];
        int64_t row[3] = {Y->count, Y->on_disk, Y->more_n};
        rc = file_put(f, row, sizeof row);
    }
    if (fflush(f) != 0 || fsync(fileno(f)) != 0) { if (!rc) nc_fail_os(NULL); rc = -1; }
    if (fclose(f) != 0 && !rc) { nc_fail_os(NULL); rc = -1; }
    if (!rc && rename(tmp, path) != 0) { nc_fail_os(path); rc = -1; }
    if (rc) remove(tmp);
    return rc;
}

/* Take up the search kept in the folder: 1 taken up (*from, *from_idx,
   *states where it stopped), 0 none kept (start afresh), -1 an error
   (NC_ERR_VALUE: not this search's, or malformed; the file stays). */
int lay_take_up(Lay *S, const Checkpoint *ck, int *from, long long *from_idx, long long *states) {
    char path[4200];
    state_path(S, "", path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return errno == ENOENT ? 0 : nc_fail_os(path);
    char magic[8], *tag = NULL;
    int64_t head[LK_HEAD];
    int rc = -1;
    if (file_get(f, magic, 8) < 0 || file_get(f, head, sizeof head) < 0) goto done;
    if (memcmp(magic, LK_MAGIC, 8) != 0 || head[0] != LK_VERSION) {
        nc_fail(NC_ERR_VALUE, "not a checkpoint of this solver's layered search");
        goto done;
    }
    if ((uint64_t)head[1] != ck->tag_len || head[2] != S->nlayers || !(tag = malloc(ck->tag_len + 1)) ||
        file_get(f, tag, ck->tag_len) < 0 || memcmp(tag, ck->tag, ck->tag_len) != 0) {
        if (!nc_failed())
            nc_fail(NC_ERR_VALUE, "the checkpoint belongs to another search (position, game, settings or solver)");
        goto done;
    }
    int at = (int)head[3];
    if (head[3] < 0 || head[3] >= S->nlayers || head[4] < 0 || head[5] < 0) goto malformed;
    for (int T = 0; T < S->nlayers; T++) {
        int64_t row[3];
        if (file_get(f, row, sizeof row) < 0) goto done;
        if (row[0] < 0 || row[2] < 0 || (row[1] != 0 && row[1] != 1) || (T < at && row[1]) ||
            (T >= at && row[0] > 0 && !row[1]) || (!row[1] && row[2]))
            goto malformed;
        Layer *Y = &S->layer[T];
        Y->count = row[0];
        Y->on_disk = (int)row[1];
        Y->more_n = row[2];
    }
    if (head[4] > S->layer[at].count) goto malformed;
    *from = at;
    *from_idx = head[4];
    *states = head[5];
    S->stored = head[6];
    S->largest = head[7];
    S->largest_at = (int)head[8];
    S->done = (int)head[9];
    rc = 1;
    goto done;
malformed:
    nc_fail(NC_ERR_VALUE, "the layered search's checkpoint is malformed");
done:
    fclose(f);
    free(tag);
    if (rc == 1) remove(path);
    else for (int T = 0; T < S->nlayers; T++) memset(&S->layer[T], 0, sizeof(Layer));
    return rc;
}

/* A search begun afresh in a checkpoint's folder: the files of one killed before it stopped go. */
void lay_clear_folder(Lay *S) {
    char path[4200];
    static const char *what[] = {"trace", "keys", "more"};
    for (int L = 0; L < S->nlayers; L++)
        for (int k = 0; k < 3; k++) {
            lay_disk_path(S, L, what[k], path, sizeof path);
            remove(path);
        }
}
