#include "core.h"

/* ---------------------------------------------------------- canonical keys */


/* Eight bytes at a time: keys are 100-200 bytes and hashing them is a large
   share of a depth-first search's time. The length is mixed in before the
   first byte: XORed into the same bits as the bytes, it made the one-byte
   string {1} hash as the empty one, which a set of hashes alone (pos_hash)
   cannot afford. */
uint64_t hash_bytes(const unsigned char *b, size_t n) {
    uint64_t h = (0x9E3779B97F4A7C15ULL + n) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
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
int table_init(Table *T, size_t nslots) {
    memset(T, 0, sizeof *T);
    T->nslots = nslots;
    T->slots = calloc(nslots, sizeof(uint64_t) * 2);
    T->cap = 1 << 20;
    T->data = malloc(T->cap);
    if (!T->slots || !T->data) { table_free(T); nc_nomem(); return -1; }   /* left empty: table_free may follow */
    return 0;
}

void table_free(Table *T) { free(T->slots); free(T->data); memset(T, 0, sizeof *T); }

/* Empty it, keeping its memory. */
void table_clear(Table *T) {
    memset(T->slots, 0, T->nslots * sizeof(uint64_t) * 2);
    T->len = T->used = 0;
}

static int table_grow(Table *T) {
    size_t n = T->nslots * 2;
    uint64_t *slots = calloc(n, sizeof(uint64_t) * 2);
    if (!slots) { nc_nomem(); return -1; }
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

/* Fetch the slot where a key of hash h is looked for first: a search that
   knows its next keys asks ahead, so the lookups do not each wait on memory
   (the first probe into a table of millions of keys was a fifth of a St.
   Helena middle deal's search). */
void table_prefetch(const Table *T, uint64_t h) {
    __builtin_prefetch(&T->slots[2 * (h & (T->nslots - 1))]);
}

/* 1: added, 0: already there, -1: error. */
int table_add(Table *T, const unsigned char *key, size_t len) {
    return table_add_hashed(T, key, len, hash_bytes(key, len));
}

/* The same, given the key's hash_bytes(). */
int table_add_hashed(Table *T, const unsigned char *key, size_t len, uint64_t h) {
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
        if (!data) { nc_nomem(); return -1; }
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

int table_has(const Table *T, const unsigned char *key, size_t len, uint64_t h) {
    size_t mask = T->nslots - 1;
    for (size_t j = h & mask; T->slots[2 * j]; j = (j + 1) & mask) {
        uint64_t ref = T->slots[2 * j + 1];
        if (T->slots[2 * j] == h && (ref & 0xFFFF) == len && memcmp(T->data + (ref >> 16), key, len) == 0) return 1;
    }
    return 0;
}

/* ------------------------------------------------ positions a search has seen */

/* A second hash of a key, for fingerprints: the same eight-bytes-at-a-time
   walk as hash_bytes, with other constants, a seed of its own and rotations
   in place of shifts, so that keys equal under one are not equal under the
   other but by chance. */
static uint64_t hash_bytes2(const unsigned char *b, size_t n) {
    uint64_t h = (0xC2B2AE3D27D4EB4FULL ^ (n * 0x165667B19E3779F9ULL)) * 0x9FB21C651E98DF25ULL;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h + w * 0xC6A4A7935BD1E995ULL) * 0xFF51AFD7ED558CCDULL;
        h = (h << 23 | h >> 41) ^ (h >> 17);
    }
    uint64_t t = 0;
    for (size_t j = 0; i < n; i++, j += 8) t |= (uint64_t)b[i] << j;
    h = (h ^ t) * 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33; h *= 0xFF51AFD7ED558CCDULL; h ^= h >> 29;
    return h;
}

int seen_init(Seen *S, int fingerprints) {
    memset(S, 0, sizeof *S);
    S->fingerprints = fingerprints;
    if (!fingerprints) return table_init(&S->T, 1 << 16);
    S->fp_slots = 1 << 16;
    S->fp = calloc(S->fp_slots, 2 * sizeof(uint64_t));
    if (!S->fp) { nc_nomem(); return -1; }
    return 0;
}

void seen_free(Seen *S) {
    if (S->fingerprints) free(S->fp);
    else table_free(&S->T);
    memset(S, 0, sizeof *S);
}

size_t seen_bytes(const Seen *S) {
    return S->fingerprints ? S->fp_slots * 2 * sizeof(uint64_t) : table_bytes(&S->T);
}

static int fp_grow(Seen *S) {
    size_t n = S->fp_slots * 2;
    uint64_t *fp = calloc(n, 2 * sizeof(uint64_t));
    if (!fp) { nc_nomem(); return -1; }
    for (size_t i = 0; i < S->fp_slots; i++) {
        uint64_t a = S->fp[2 * i];
        if (!a) continue;
        size_t j = a & (n - 1);
        while (fp[2 * j]) j = (j + 1) & (n - 1);
        fp[2 * j] = a;
        fp[2 * j + 1] = S->fp[2 * i + 1];
    }
    free(S->fp);
    S->fp = fp;
    S->fp_slots = n;
    return 0;
}

int seen_add(Seen *S, const unsigned char *key, size_t len) {
    if (!S->fingerprints) return table_add(&S->T, key, len);
    uint64_t a = hash_bytes(key, len), b = hash_bytes2(key, len);   /* a is never 0: 0 marks a free slot */
    size_t mask = S->fp_slots - 1, j = a & mask;
    while (S->fp[2 * j]) {
        if (S->fp[2 * j] == a && S->fp[2 * j + 1] == b) return 0;
        j = (j + 1) & mask;
    }
    S->fp[2 * j] = a;
    S->fp[2 * j + 1] = b;
    if (++S->fp_used * 4 > S->fp_slots * 3) {
        /* An eighth of the limit is left to the search's stacks. */
        if (!S->max_bytes || S->fp_slots * 4 * sizeof(uint64_t) <= S->max_bytes - S->max_bytes / 8)
            return fp_grow(S) < 0 ? -1 : 1;
        /* The search stops within 4,096 more positions: a tenth of the
           slots (at least 6,553: the table starts at 65,536) stays free. */
        if (S->fp_used * 10 > S->fp_slots * 9) S->full = 1;
    }
    return 1;
}

/* A Seen written to a file and read back whole (dfs.c's checkpoints): the
   fingerprint slots, or the exact table's slots and keys, as they are in
   memory, so a search read back finds every position it had seen. 0, or -1
   with NC_ERR_OS (writing) or NC_ERR_VALUE (a file cut short) recorded. */
int file_put(FILE *f, const void *p, size_t n) {
    if (n && fwrite(p, 1, n, f) != n) { nc_fail_os(NULL); return -1; }
    return 0;
}

int file_get(FILE *f, void *p, size_t n) {
    if (n && fread(p, 1, n, f) != n) { nc_fail(NC_ERR_VALUE, "the checkpoint is cut short"); return -1; }
    return 0;
}

int seen_write(const Seen *S, FILE *f) {
    uint64_t head[4] = {(uint64_t)S->fingerprints, 0, 0, 0};
    if (S->fingerprints) {
        head[1] = S->fp_slots; head[2] = S->fp_used;
        return file_put(f, head, sizeof head) < 0 ? -1 : file_put(f, S->fp, S->fp_slots * 2 * sizeof(uint64_t));
    }
    head[1] = S->T.nslots; head[2] = S->T.used; head[3] = S->T.len;
    if (file_put(f, head, sizeof head) < 0 || file_put(f, S->T.slots, S->T.nslots * 2 * sizeof(uint64_t)) < 0)
        return -1;
    return file_put(f, S->T.data, S->T.len);
}

/* Into a Seen made by seen_init with the same `fingerprints`. */
int seen_read(Seen *S, FILE *f) {
    uint64_t head[4];
    if (file_get(f, head, sizeof head) < 0) return -1;
    uint64_t slots = head[1];
    if (head[0] != (uint64_t)S->fingerprints || slots < 2 || (slots & (slots - 1)) || slots > (1ULL << 40) ||
        head[2] > slots || (!S->fingerprints && head[3] > (1ULL << 46))) {
        nc_fail(NC_ERR_VALUE, "the checkpoint's table of positions is malformed");
        return -1;
    }
    uint64_t *arr = calloc(slots, 2 * sizeof(uint64_t));
    if (!arr) { nc_nomem(); return -1; }
    if (file_get(f, arr, slots * 2 * sizeof(uint64_t)) < 0) { free(arr); return -1; }
    if (S->fingerprints) {
        free(S->fp);
        S->fp = arr; S->fp_slots = slots; S->fp_used = head[2];
        S->full = S->max_bytes && slots * 4 * sizeof(uint64_t) > S->max_bytes - S->max_bytes / 8 &&
                  S->fp_used * 10 > slots * 9;
        return 0;
    }
    size_t cap = head[3] > (1 << 20) ? head[3] : (1 << 20);
    unsigned char *data = malloc(cap);
    if (!data) { free(arr); nc_nomem(); return -1; }
    if (file_get(f, data, head[3]) < 0) { free(arr); free(data); return -1; }
    for (uint64_t i = 0; i < slots; i++) {   /* each slot must point inside the keys read */
        uint64_t v = arr[2 * i + 1];
        if (arr[2 * i] && (v >> 16) + (v & 0xFFFF) > head[3]) {
            free(arr); free(data);
            nc_fail(NC_ERR_VALUE, "the checkpoint's table of positions is malformed");
            return -1;
        }
    }
    table_free(&S->T);
    S->T.slots = arr; S->T.nslots = slots; S->T.used = head[2];
    S->T.data = data; S->T.len = head[3]; S->T.cap = cap;
    return 0;
}

/* ------------------------------------------------- sets of position hashes */

/* The playouts and the nested rollouts only need to know whether a position
   is one they have made already, and they start afresh thousands of times a
   second. A set of 64-bit hashes does: a collision only keeps a move from
   being tried, which costs these searches nothing they promise (they only
   ever find wins). Emptying it is a new stamp, not a clearing of memory:
   clearing the playout's whole table was 12% of a St. Helena last-deal
   search. A slot is in the set when its stamp is the set's current one. */
int hset_init(HashSet *S, size_t nslots) {
    memset(S, 0, sizeof *S);
    S->h = calloc(nslots, sizeof(uint64_t));
    S->stamp = calloc(nslots, sizeof(uint32_t));
    if (!S->h || !S->stamp) { free(S->h); free(S->stamp); nc_nomem(); return -1; }
    S->nslots = nslots;
    S->now = 1;
    return 0;
}

void hset_free(HashSet *S) { free(S->h); free(S->stamp); memset(S, 0, sizeof *S); }

void hset_clear(HashSet *S) {
    S->used = 0;
    if (++S->now == 0) {   /* the stamps wrapped: only now is memory cleared */
        memset(S->stamp, 0, S->nslots * sizeof(uint32_t));
        S->now = 1;
    }
}

int hset_has(const HashSet *S, uint64_t h) {
    size_t mask = S->nslots - 1;
    for (size_t j = h & mask; S->stamp[j] == S->now; j = (j + 1) & mask)
        if (S->h[j] == h) return 1;
    return 0;
}

static int hset_grow(HashSet *S) {
    size_t n = S->nslots * 2;
    uint64_t *h = calloc(n, sizeof(uint64_t));
    uint32_t *stamp = calloc(n, sizeof(uint32_t));
    if (!h || !stamp) { free(h); free(stamp); nc_nomem(); return -1; }
    for (size_t i = 0; i < S->nslots; i++) {
        if (S->stamp[i] != S->now) continue;
        size_t j = S->h[i] & (n - 1);
        while (stamp[j]) j = (j + 1) & (n - 1);
        h[j] = S->h[i];
        stamp[j] = 1;
    }
    free(S->h); free(S->stamp);
    S->h = h; S->stamp = stamp; S->nslots = n; S->now = 1;
    return 0;
}

int hset_add(HashSet *S, uint64_t h) {
    size_t mask = S->nslots - 1, j = h & mask;
    for (; S->stamp[j] == S->now; j = (j + 1) & mask)
        if (S->h[j] == h) return 0;
    S->h[j] = h;
    S->stamp[j] = S->now;
    if (++S->used * 2 > S->nslots) return hset_grow(S) < 0 ? -1 : 1;
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

/* The same from a pile of a position, whose buffer holds MAXC bytes: its
   first 8 read at once, the bytes past its height masked off. */
static inline uint64_t pile_lead(const unsigned char *b, int n) {
    uint64_t w;
    memcpy(&w, b, 8);
    int k = n < 7 ? n : 7;
    uint64_t keep = k ? (0x00FFFFFFFFFFFFFFULL >> (56 - 8 * k)) << (56 - 8 * k) : 0;
    return (uint64_t)n << 56 | ((__builtin_bswap64(w) >> 8) & keep);
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

int make_key(const Rules *R, const Pos *P, int root_redeals, unsigned char *key) {
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
                x.lead = lead_of(x.b, x.n);
            } else {
                x.b = P->c[p];
                x.n = P->n[p];
                x.lead = pile_lead(x.b, x.n);
            }
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

/* A hash of make_key()'s key, computed without building it: each pile hashed
   alone, a group of interchangeable piles by the sum of its piles' hashes (a
   sum does not depend on their order, so no sort). Positions with the same
   key in the same phase have the same hash; others collide with odds of
   about 2^-64 a pair. Three times cheaper than the key and its hash. Only
   for the searches that may treat two positions as one by mistake (the
   hash sets above); the complete searches compare whole keys. */
static inline uint64_t mix(uint64_t h) {
    h ^= h >> 33; h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33; h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

static inline uint64_t pile_hash(const Rules *R, const Pos *P, int p) {
    if (R->is_found[p]) return mix(((uint64_t)(P->n[p] ? P->c[p][0] : 0) << 8 | (uint64_t)P->n[p]) + 0x51ED27);
    return hash_bytes(P->c[p], (size_t)P->n[p]);
}

static inline uint64_t place_weight(int p) { return 0x9E3779B97F4A7C15ULL + 2 * (uint64_t)p; }

uint64_t pos_hash_cached(const Rules *R, const Pos *P, int root_redeals, PileHashes *H) {
    int ph = phase(R, P);
    uint32_t all = R->npiles >= 32 ? 0xFFFFFFFFu : (1u << R->npiles) - 1;
    if (H->valid && H->ph != ph) H->valid = 0;   /* the groups differ by phase */
    /* Piles in place weighed by distinct odd numbers: two positions that
       differ in one pile differ in the sum, and the products do not wait
       on each other as a chain of mixes would. The sums are kept, a pile's
       old hash taken out and its new one put in (arithmetic mod 2^64). */
    if (!H->valid) {   /* afresh: every pile goes in as if its old hash were 0 */
        memset(H->group, 0, (size_t)R->nsym[ph] * sizeof H->group[0]);
        memset(H->pile, 0, (size_t)R->npiles * sizeof H->pile[0]);
        H->rest = 0;
    }
    for (uint32_t stale = all & ~H->valid; stale; stale &= stale - 1) {
        int p = __builtin_ctz(stale);
        uint64_t x = pile_hash(R, P, p), d = x - H->pile[p];
        H->pile[p] = x;
        int g = R->in_sym[ph][p];
        if (g) H->group[g - 1] += d;
        else if (p != R->stock) H->rest += d * place_weight(p);
    }
    H->valid = all;
    H->ph = ph;
    uint64_t h = H->rest;
    for (int g = 0; g < R->nsym[ph]; g++)
        h += mix(H->group[g] + (uint64_t)g) * (0xD6E8FEB86659FD93ULL + 2 * (uint64_t)g);
    int same_stock = P->redeals == root_redeals;
    if (R->stock >= 0 && !R->in_sym[ph][R->stock])
        h += (same_stock ? mix((uint64_t)P->n[R->stock] + 0xA5A5) : H->pile[R->stock]) * place_weight(R->stock);
    h = mix(h ^ mix((uint64_t)ph << 32 | (uint64_t)(R->max_redeals < 0 ? same_stock : P->redeals)));
    return h ? h : 1;
}

uint64_t pos_hash(const Rules *R, const Pos *P, int root_redeals) {
    PileHashes H;
    H.valid = 0;
    return pos_hash_cached(R, P, root_redeals, &H);
}
