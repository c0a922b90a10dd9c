#include "core.h"

/* ---------------------------------------------------------- canonical keys */


/* Eight bytes at a time: keys are 100-200 bytes and hashing them is a large
   share of a depth-first search's time. */
uint64_t hash_bytes(const unsigned char *b, size_t n) {
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
int table_init(Table *T, size_t nslots) {
    memset(T, 0, sizeof *T);
    T->nslots = nslots;
    T->slots = calloc(nslots, sizeof(uint64_t) * 2);
    T->cap = 1 << 20;
    T->data = malloc(T->cap);
    if (!T->slots || !T->data) { free(T->slots); free(T->data); PyErr_NoMemory(); return -1; }
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
int table_add(Table *T, const unsigned char *key, size_t len) {
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
