#include "core.h"
#include <errno.h>
#include <unistd.h>

/* -------------------------------------------------- layer-by-layer search

   A complete search that holds only a few layers of the position space at
   a time, with exact keys.

   The layer of a position: its cards home, plus twice the cards turned from
   the stock, less the cards on the waste,

       layer = home + 2 * (stock at the root - stock) - waste + waste at the root.

   It never decreases where the game allows no redeal (none left at the
   root), nothing is ever put on the waste but by a stock turn, and there is
   one waste (layers_refused() checks it): a card that goes home stays home
   (A2); a stock turn adds 2 - 1; a card off the waste adds 1 (2 if it goes
   home); a move between other piles (columns, reserves) changes none of the
   three. So a move either stays in its layer (a move between columns) or
   goes to a later one, and the positions can be searched layer after
   layer: a layer is searched whole (every position of it met so far, and
   every position its moves reach inside it), its moves to later layers are
   kept in those layers' tables, and it is then forgotten. Nothing can lead
   back into it. The memory goes by the largest layers waiting at one time,
   not by the whole space, and "lost" means every reachable position was
   visited, up to the same sound shortcuts as depth-first search: safe
   auto-play, the stock's macro moves (A7, which hold since no redeal is
   left), one move per group of interchangeable spaces, and the dead-end
   tests when asked for.

   Keys (encode) are exact and decodable, since a layer's positions are
   searched from their keys alone: the stock's length (it is a suffix of
   the root's); the waste as a bit mask over the cards that ever lay on it
   (the root's waste, then the cards turned, in order), since the waste is
   always a subsequence of that sequence (cards leave it from the top only)
   and the earliest match names each waste exactly; then every other pile
   in 6-bit symbols: cards then a 0, a foundation as its first card and its
   height (its other cards follow from the fit table, which names one card
   on each: checked), each group of interchangeable piles sorted. Decoding
   puts a group's piles back in that order, which is the same position up
   to interchangeable piles.

   A win is found with its line: each position added to a layer writes a
   record (its parent, as layer and index there, and which of the parent's
   moves made it) to that layer's file in `folder`; from a win the records
   are read back to the root, and the moves are made again on the real
   position, each one found as the move whose result has the key the
   search's move reached (decoding may have put interchangeable piles in
   another order). The files are removed when the search ends.

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
   and goes on from that position, so the runs together visit exactly the
   positions one run would. */

#define CHUNK_BITS 26                   /* the largest chunk of keys: 64 MiB */
#define FIRST_CHUNK 12                  /* the first: 4 KiB, each next one twice as large */
#define REF_BITS 44                     /* a key's place: chunk << CHUNK_BITS | offset */
#define REF_MASK ((1ULL << REF_BITS) - 1)
#define NO_PARENT UINT64_MAX
#define REC_SIZE 10                     /* a record: parent (8 bytes), move index (2) */
#define MAXLAYERS 1024

/* One layer: its keys, each with a 1- or 2-byte length before it, in
   chunks that never move (a layer's positions are read in the order they
   were added while more are added), and an open-addressing table of
   slots, each the key's place + 1 and the top 20 bits of its hash. */
typedef struct {
    unsigned char **chunk;
    size_t *fill, nchunk, chunk_room;
    uint64_t *slots;
    size_t nslots, used;
    long long count;     /* keys added, and so the next one's index */
    FILE *trace;         /* its records, while open */
    int on_disk;         /* its keys went to layer-N.keys; children go to layer-N.more until it is read back */
    FILE *more;          /* layer-N.more, while open */
    long long more_n;    /* children sent to layer-N.more */
} Layer;

/* How positions of this search are keyed and decoded. */
typedef struct {
    const Rules *R;
    int ph, stock, waste, redeals;
    int s0, w0;                       /* the stock and the waste at the root */
    unsigned char seq[2 * MAXC];      /* the cards that can ever lie on the waste, in order */
    unsigned char stock_cards[MAXC];  /* the root's stock, bottom first */
    int nplain, plain[MAXP];          /* the other piles in no group, in pile order */
    /* Foundations left out of keys (derive_setup): their group, and each
       card's copies in the deal. */
    int found_group;                  /* -1: keyed as they are */
    unsigned char deck[64];
} Enc;

typedef struct {
    Ctx *X;
    const Rules *R;
    Enc E;
    Layer *layer;       /* MAXLAYERS of them */
    int nlayers;
    const char *folder;
    FILE *log;
    size_t bytes, max_bytes, peak;
    int full;
    long long stored, largest, held, peak_held;   /* held: keys in memory now; peak_held: at the peak */
    long long to_disk;  /* layers sent to disk */
    /* Where it stopped short, to be taken up there: the layer, the first
       position not searched, the positions counted before it. */
    int stop_at, resumable, kept;
    long long stop_idx, stop_states;
    int largest_at, done;
    unsigned char key[NC_MAX_KEY];
    unsigned char *kbuf;   /* the keys of one position's children: room for MAXM of NC_MAX_KEY bytes */
} Lay;

/* ------------------------------------------------------------ the layer */

static int layer_of(const Enc *E, const Pos *P) {
    int L = cards_home(E->R, P);
    if (E->stock >= 0) L += 2 * (E->s0 - P->n[E->stock]) - P->n[E->waste] + E->w0;
    return L;
}

/* Why the layered search cannot take this game from P, or NULL. */
const char *layers_refused(const Rules *R, const Pos *P) {
    int ph = phase(R, P);
    if (R->nregather && redeals_left(R, P) > 0)
        return "a redeal is left, and a redeal brings cards back to the stock: the layers would not only grow";
    if (R->stock >= 0) {
        if (R->nwaste[ph] != 1) return "the stock's cards go onto more than one waste pile";
        int w = R->waste[ph][0];
        if (R->space[w]) return "cards can be put on the waste other than by the stock's turns";
        for (int c = 0; c < 64; c++)
            if (R->fit[w][c]) return "cards can be put on the waste other than by the stock's turns";
        if (R->in_sym[ph][w] || R->in_sym[ph][R->stock]) return "the stock or the waste is one of interchangeable piles";
    }
    for (int i = 0; i < R->nfound; i++) {
        int f = R->found[i];
        if (R->limit[f] > 63) return "a foundation holds more than 63 cards";
        for (int c = 0; c < 64; c++)
            if (__builtin_popcountll(R->fit[f][c]) > 1) return "a foundation may take more than one card on some card";
    }
    for (int g = 0; g < R->nsym[ph]; g++)
        for (int i = 1; i < R->sym_n[ph][g]; i++)
            if (R->is_found[R->sym[ph][g][i]] != R->is_found[R->sym[ph][g][0]])
                return "a group of interchangeable piles mixes foundations and other piles";
    return NULL;
}

static void enc_init(Enc *E, const Rules *R, const Pos *root);
static void derive_setup(Enc *E, const Pos *root);

int layer_from(const Rules *R, const Pos *root, const Pos *P) {
    Enc *E = malloc(sizeof(Enc));
    if (!E) return nc_nomem();
    enc_init(E, R, root);
    int L = layer_of(E, P);
    free(E);
    return L;
}

static void enc_init(Enc *E, const Rules *R, const Pos *root) {
    memset(E, 0, sizeof *E);
    E->R = R;
    E->ph = phase(R, root);
    E->redeals = root->redeals;
    E->stock = R->stock;
    E->waste = R->stock >= 0 ? R->waste[E->ph][0] : -1;
    if (E->stock >= 0) {
        E->s0 = root->n[E->stock];
        E->w0 = root->n[E->waste];
        memcpy(E->seq, root->c[E->waste], (size_t)E->w0);
        for (int i = 0; i < E->s0; i++) E->seq[E->w0 + i] = root->c[E->stock][E->s0 - 1 - i];   /* top first */
        memcpy(E->stock_cards, root->c[E->stock], (size_t)E->s0);
    }
    for (int p = 0; p < R->npiles; p++)
        if (!R->in_sym[E->ph][p] && p != E->stock && p != E->waste) E->plain[E->nplain++] = p;
    derive_setup(E, root);
}

/* Whether the foundations follow from the other piles, and can be left out
   of keys: all of them one group of interchangeable piles, each with the
   same tables, a card taking at most one card on it and having at most one
   card it goes on, nothing going on the cards a space takes. Then every
   foundation is a chain from a first card, the cards home are the deal's
   less those elsewhere, and the number of foundations of a chain at least
   r + 1 high is the count home of its r-th card: the cards home decide the
   foundations up to their order, which the group makes free. */
static void derive_setup(Enc *E, const Pos *root) {
    const Rules *R = E->R;
    E->found_group = -1;
    if (!R->nfound) return;
    int f0 = R->found[0], g = R->in_sym[E->ph][f0] - 1;
    if (g < 0 || R->sym_n[E->ph][g] != R->nfound) return;
    uint64_t onto = 0;   /* cards that go on some card */
    for (int i = 0; i < R->nfound; i++) {
        int f = R->found[i];
        if (R->in_sym[E->ph][f] != g + 1 || R->space[f] != R->space[f0] ||
            memcmp(R->fit[f], R->fit[f0], sizeof R->fit[f]) || R->one_per_suit[f] || R->limit[f] != R->limit[f0])
            return;
    }
    for (int t = 0; t < 64; t++) {
        if (R->fit[f0][t] & onto) return;   /* a card with two cards it may go on */
        onto |= R->fit[f0][t];
    }
    if (onto & R->space[f0]) return;
    memset(E->deck, 0, sizeof E->deck);
    for (int p = 0; p < R->npiles; p++)
        for (int i = 0; i < root->n[p]; i++) E->deck[root->c[p][i]]++;
    E->found_group = g;
}

/* The foundations of P from its other piles (derive_setup). */
static void derive_foundations(const Enc *E, Pos *P) {
    const Rules *R = E->R;
    int home[64], f0 = R->found[0], next = 0, n = R->sym_n[E->ph][E->found_group];
    const int *piles = R->sym[E->ph][E->found_group];
    for (int c = 0; c < 64; c++) home[c] = E->deck[c];
    for (int p = 0; p < R->npiles; p++)
        if (!R->is_found[p])
            for (int i = 0; i < P->n[p]; i++) home[P->c[p][i]]--;
    for (uint64_t bases = R->space[f0]; bases; bases &= bases - 1) {
        int b = __builtin_ctzll(bases);
        for (int r = 0; r < home[b] && next < n; r++) {
            int f = piles[next++], h = 0;
            for (int c = b; h < R->limit[f0] && home[c] > r; c = __builtin_ctzll(R->fit[f0][c])) {
                P->c[f][h++] = (unsigned char)c;
                if (!R->fit[f0][c]) break;
            }
            P->n[f] = h;
        }
    }
    while (next < n) P->n[piles[next++]] = 0;
}

/* ------------------------------------------------------------ keys */

/* Symbols (0..63) packed four to three bytes, and back. */
static int pack6(const unsigned char *sym, int n, unsigned char *out) {
    int k = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t w = sym[i] | sym[i + 1] << 6 | sym[i + 2] << 12 | (uint32_t)sym[i + 3] << 18;
        out[k++] = (unsigned char)w; out[k++] = (unsigned char)(w >> 8); out[k++] = (unsigned char)(w >> 16);
    }
    if (i < n) {
        uint32_t w = 0;
        for (int j = 0; i + j < n; j++) w |= (uint32_t)sym[i + j] << (6 * j);
        int bytes = ((n - i) * 6 + 7) / 8;
        for (int j = 0; j < bytes; j++) out[k++] = (unsigned char)(w >> (8 * j));
    }
    return k;
}

/* All the symbols in `len` packed bytes (a last partial group padded with 0s). */
static int unpack6(const unsigned char *b, int len, unsigned char *sym) {
    int n = 0, k = 0;
    for (; k + 3 <= len; k += 3) {
        uint32_t w = b[k] | b[k + 1] << 8 | (uint32_t)b[k + 2] << 16;
        sym[n++] = w & 63; sym[n++] = w >> 6 & 63; sym[n++] = w >> 12 & 63; sym[n++] = w >> 18 & 63;
    }
    uint32_t w = 0;
    int rest = len - k;
    for (int j = 0; j < rest; j++) w |= (uint32_t)b[k + j] << (8 * j);
    for (int j = 0; j < rest * 8 / 6; j++) sym[n++] = w >> (6 * j) & 63;
    return n;
}

static inline int put_pile(const Rules *R, const Pos *P, int p, unsigned char *sym) {
    if (R->is_found[p]) {
        sym[0] = P->n[p] ? P->c[p][0] : 0;
        sym[1] = (unsigned char)P->n[p];
        return 2;
    }
    memcpy(sym, P->c[p], (size_t)P->n[p]);
    sym[P->n[p]] = 0;
    return P->n[p] + 1;
}

/* Pile p from the symbols at sym[*at..n) (a pile cut short ends there). */
static void get_pile(const Rules *R, Pos *P, int p, const unsigned char *sym, int *at, int n) {
    int i = *at;
    if (R->is_found[p]) {
        int first = i < n ? sym[i] : 0, h = i + 1 < n ? sym[i + 1] : 0;
        P->n[p] = h;
        if (h) P->c[p][0] = (unsigned char)first;
        for (int j = 1; j < h; j++) P->c[p][j] = (unsigned char)__builtin_ctzll(R->fit[p][P->c[p][j - 1]]);
        *at = i + 2;
        return;
    }
    int k = 0;
    while (i < n && sym[i] && k < MAXC) P->c[p][k++] = sym[i++];
    P->n[p] = k;
    *at = i + 1;
}

/* Piles of a group in a canonical order: shorter first, then by their cards. */
static inline int pile_less(const Rules *R, const Pos *P, int a, int b) {
    if (R->is_found[a]) {   /* a group is all foundations or none */
        int fa = P->n[a] ? P->c[a][0] : 0, fb = P->n[b] ? P->c[b][0] : 0;
        return fa != fb ? fa < fb : P->n[a] < P->n[b];
    }
    if (P->n[a] != P->n[b]) return P->n[a] < P->n[b];
    return memcmp(P->c[a], P->c[b], (size_t)P->n[a]) < 0;
}

/* P's key; `pkey`, when given, is the key of a position with `ps` cards in
   the stock and `pw` on the waste, whose waste P has if it has as many of
   each (no turn, then nothing off the waste): its mask is copied, not matched
   again (most of a position's moves leave the waste alone). */
static int encode_from(const Enc *E, const Pos *P, unsigned char *key, const unsigned char *pkey, int ps, int pw) {
    const Rules *R = E->R;
    int k = 0;
    if (E->stock >= 0 && pkey && P->n[E->stock] == ps && P->n[E->waste] == pw) {
        k = 1 + (E->w0 + E->s0 - ps + 7) / 8;
        memcpy(key, pkey, (size_t)k);
    } else if (E->stock >= 0) {
        int ns = P->n[E->stock], m = E->w0 + E->s0 - ns, nw = P->n[E->waste], j = 0;
        key[k++] = (unsigned char)ns;
        int nb = (m + 7) / 8;
        memset(key + k, 0, (size_t)nb);
        for (int i = 0; i < nw; i++) {   /* the earliest match of the waste in the sequence */
            int c = P->c[E->waste][i];
            while (j < m && E->seq[j] != c) j++;
            if (j >= m) break;   /* never: layers_refused() keeps every waste card in the sequence */
            key[k + j / 8] |= (unsigned char)(1u << (j % 8));
            j++;
        }
        k += nb;
    }
    unsigned char sym[MAXP * (MAXC + 2)];
    int ns = 0;
    for (int g = 0; g < R->nsym[E->ph]; g++) {
        if (g == E->found_group) continue;
        int n = R->sym_n[E->ph][g], order[MAXP];
        for (int i = 0; i < n; i++) {
            int p = R->sym[E->ph][g][i], j = i;
            while (j > 0 && pile_less(R, P, p, order[j - 1])) { order[j] = order[j - 1]; j--; }
            order[j] = p;
        }
        for (int i = 0; i < n; i++) ns += put_pile(R, P, order[i], sym + ns);
    }
    for (int i = 0; i < E->nplain; i++) ns += put_pile(R, P, E->plain[i], sym + ns);
    return k + pack6(sym, ns, key + k);
}

static int encode(const Enc *E, const Pos *P, unsigned char *key) { return encode_from(E, P, key, NULL, 0, 0); }

static void decode(const Enc *E, const unsigned char *key, int len, Pos *P) {
    const Rules *R = E->R;
    int k = 0;
    P->redeals = E->redeals;
    if (E->stock >= 0) {
        int ns = key[k++], m = E->w0 + E->s0 - ns, nw = 0;
        P->n[E->stock] = ns;
        memcpy(P->c[E->stock], E->stock_cards, (size_t)ns);
        for (int j = 0; j < m; j++)
            if (key[k + j / 8] >> (j % 8) & 1) P->c[E->waste][nw++] = E->seq[j];
        P->n[E->waste] = nw;
        k += (m + 7) / 8;
    }
    unsigned char sym[MAXP * (MAXC + 2) + 4];
    int ns = unpack6(key + k, len - k, sym), at = 0;
    for (int g = 0; g < R->nsym[E->ph]; g++)
        if (g != E->found_group)
            for (int i = 0; i < R->sym_n[E->ph][g]; i++) get_pile(R, P, R->sym[E->ph][g][i], sym, &at, ns);
    for (int i = 0; i < E->nplain; i++) get_pile(R, P, E->plain[i], sym, &at, ns);
    if (E->found_group >= 0) derive_foundations(E, P);
}

/* ------------------------------------------------------------ the tables */

static inline const unsigned char *key_at(const Layer *Y, uint64_t ref, int *len) {
    const unsigned char *b = Y->chunk[ref >> CHUNK_BITS] + (ref & ((1ULL << CHUNK_BITS) - 1));
    if (b[0] < 0x80) { *len = b[0]; return b + 1; }
    *len = (b[0] & 0x7F) << 8 | b[1];
    return b + 2;
}

static size_t chunk_size(size_t i) {
    return (size_t)1 << (FIRST_CHUNK + i < CHUNK_BITS ? FIRST_CHUNK + i : CHUNK_BITS);
}

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
        const unsigned char *key = key_at(Y, (s & REF_MASK) - 1, &len);
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

/* The file of layer L's records. */
static void trace_path(const Lay *S, int L, char *path, size_t room) {
    snprintf(path, room, "%s/layer-%d.trace", S->folder, L);
}

/* The path of layer L's file of keys ("keys") or of children sent to it on disk ("more"). */
static void disk_path(const Lay *S, int L, const char *what, char *path, size_t room) {
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
            disk_path(S, L, "more", path, sizeof path);
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
        const unsigned char *k2 = key_at(Y, (s & REF_MASK) - 1, &l2);
        if (l2 == len && memcmp(k2, key, (size_t)len) == 0) return 0;
    }
    size_t need = (size_t)len + 2;
    if (!Y->nchunk || Y->fill[Y->nchunk - 1] + need > chunk_size(Y->nchunk - 1)) {
        size_t size = chunk_size(Y->nchunk);
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
        trace_path(S, L, path, sizeof path);
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
    for (size_t i = 0; i < Y->nchunk; i++) { free(Y->chunk[i]); S->bytes -= chunk_size(i); }
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
    disk_path(S, T, "keys", path, sizeof path);
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
        for (size_t i = 0; i < Y->nchunk; i++) b += chunk_size(i);
        if (!Y->on_disk && Y->used && b > most) { most = b; best = T; }
    }
    if (best < 0) return 0;
    return layer_to_disk(S, best) < 0 ? -1 : 1;
}

/* layer_put, sending waiting layers after L to disk while memory runs short. */
static int layer_add(Lay *S, int L, int T, const unsigned char *key, int len, uint64_t h, uint64_t parent, int mi,
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
    disk_path(S, L, "keys", path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return nc_fail_os(path);
    while (rc >= 0 && rc != 2 && (len = get_key(f, S->key)) > 0)
        rc = layer_add(S, L, L, S->key, len, hash_bytes(S->key, (size_t)len), NO_PARENT, 0, 1);
    fclose(f);
    if (rc < 0 || rc == 2) return rc;
    if (len < 0 || Y->count != count)
        return nc_fail(NC_ERR_RUNTIME, "layer %d read back from disk holds %lld keys, not %lld", L, Y->count, count);
    if (!Y->more_n) return 0;
    disk_path(S, L, "more", path, sizeof path);
    if (!(f = fopen(path, "rb"))) return nc_fail_os(path);
    long long n = 0;
    while (rc >= 0 && rc != 2 && (len = get_key(f, S->key)) > 0) {
        uint64_t parent;
        uint16_t m16;
        if (fread(&parent, 8, 1, f) != 1 || fread(&m16, 2, 1, f) != 1) { len = -1; break; }
        rc = layer_add(S, L, L, S->key, len, hash_bytes(S->key, (size_t)len), parent, m16, 0);
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
static int layer_from_disk(Lay *S, int L) {
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
    disk_path(S, L, "keys", path, sizeof path);
    remove(path);
    disk_path(S, L, "more", path, sizeof path);
    remove(path);
    Y->more_n = 0;
    return 0;
}

/* Forget a layer's keys (its records stay on disk, its files closed). */
static void layer_drop(Lay *S, Layer *Y) {
    layer_free(S, Y);
    if (Y->trace) fclose(Y->trace);
    if (Y->more) fclose(Y->more);
    long long count = Y->count;
    memset(Y, 0, sizeof *Y);
    Y->count = count;
}

/* ------------------------------------------------------------ the line of a win */

/* Layer L's record `idx`: its parent and its move index. 0, or -1. */
static int read_record(Lay *S, int L, long long idx, uint64_t *parent, int *mi) {
    Layer *Y = &S->layer[L];
    char path[4200];
    trace_path(S, L, path, sizeof path);
    FILE *f = Y->trace;
    if (f && fflush(f) != 0) return nc_fail_os(path);
    if (!f && !(f = fopen(path, "rb"))) return nc_fail_os(path);
    unsigned char rec[REC_SIZE];
    int ok = fseek(f, (long)(idx * REC_SIZE), SEEK_SET) == 0 && fread(rec, 1, REC_SIZE, f) == REC_SIZE;
    if (Y->trace) fseek(Y->trace, 0, SEEK_END);
    else fclose(f);
    if (!ok) return nc_fail(NC_ERR_RUNTIME, "the layered search's record %lld of layer %d cannot be read", idx, L);
    uint16_t m16;
    memcpy(parent, rec, 8);
    memcpy(&m16, rec + 8, 2);
    *mi = m16;
    return 0;
}

typedef struct { Mv *mv; size_t n, cap; } Line;

static int line_add(Line *l, const Mv *mv, size_t n) {
    if (l->n + n > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < l->n + n) cap *= 2;
        Mv *m = realloc(l->mv, cap * sizeof(Mv));
        if (!m) return nc_nomem();
        l->mv = m;
        l->cap = cap;
    }
    memcpy(l->mv + l->n, mv, n * sizeof(Mv));
    l->n += n;
    return 0;
}

/* Make move `mv` and its auto-play on P: the plain moves made, into seq; their number or -1. */
static int make_closed(Ctx *X, const Rules *R, Pos *P, Mv mv, Mv *seq) {
    int made = make_move(X, R, P, mv, seq);
    if (made < 0) return -1;
    return made + autoplay(X, R, P, seq + made);
}

/* The line from the root (before its auto-play) through the moves `mis`
   (indices into ordered()'s moves of each decoded position), made on the
   root itself. 0, or -1. */
static int replay(Lay *S, const Pos *root, const int *mis, size_t n, Line *line) {
    Ctx *X = S->X;
    const Rules *R = S->R;
    Pos *A = malloc(sizeof(Pos)), *B = malloc(sizeof(Pos)), *C = malloc(sizeof(Pos));
    Mv moves[MAXM], seq[2 * MAXC + 300];
    unsigned char *want = malloc(NC_MAX_KEY);
    int rc = -1;
    if (!A || !B || !C || !want) { nc_nomem(); goto done; }
    *A = *root;
    int na = autoplay(X, R, A, seq);
    if (line_add(line, seq, (size_t)na) < 0) goto done;
    for (size_t s = 0; s < n; s++) {
        *C = *A;
        decode(&S->E, S->key, encode(&S->E, A, S->key), C);
        int nm = ordered(X, R, C, (Mv){0, 0, 0}, 0, 0, moves);
        if (mis[s] >= nm || make_closed(X, R, C, moves[mis[s]], seq) < 0) {
            nc_fail(NC_ERR_ASSERTION, "the layered search's line does not replay (step %zu)", s);
            goto done;
        }
        int wl = encode(&S->E, C, want), found = 0;
        nm = ordered(X, R, A, (Mv){0, 0, 0}, 0, 0, moves);
        for (int i = 0; i < nm && !found; i++) {
            *B = *A;
            int k = make_closed(X, R, B, moves[i], seq);
            if (k < 0) goto done;
            if (encode(&S->E, B, S->key) == wl && memcmp(S->key, want, (size_t)wl) == 0) {
                if (line_add(line, seq, (size_t)k) < 0) goto done;
                *A = *B;
                found = 1;
            }
        }
        if (!found) {
            nc_fail(NC_ERR_ASSERTION, "the layered search's line does not replay (step %zu)", s);
            goto done;
        }
    }
    rc = 0;
done:
    free(A); free(B); free(C); free(want);
    return rc;
}

/* The line to a win reached from layer L's position idx by move mi. */
static int win_line(Lay *S, const Pos *root, int L, long long idx, int mi, Line *line) {
    size_t n = 0, cap = 256;
    int *mis = malloc(cap * sizeof(int));
    if (!mis) return nc_nomem();
    mis[n++] = mi;
    for (;;) {
        uint64_t parent;
        int m;
        if (read_record(S, L, idx, &parent, &m) < 0) { free(mis); return -1; }
        if (parent == NO_PARENT) break;
        if (n == cap) {
            int *more = realloc(mis, 2 * cap * sizeof(int));
            if (!more) { free(mis); return nc_nomem(); }
            mis = more;
            cap *= 2;
        }
        mis[n++] = m;
        L = (int)(parent >> 40);
        idx = (long long)(parent & ((1ULL << 40) - 1));
    }
    for (size_t i = 0; i < n / 2; i++) { int t = mis[i]; mis[i] = mis[n - 1 - i]; mis[n - 1 - i] = t; }
    int rc = replay(S, root, mis, n, line);
    free(mis);
    return rc;
}

/* ------------------------------------------------------------ the search */

static void log_layer(Lay *S, int L, long long visited, double t0) {
    if (!S->log) return;
    long long pending = 0, on_disk = 0;
    int waiting = 0;
    for (int i = L + 1; i < S->nlayers; i++) {
        const Layer *Y = &S->layer[i];
        if (Y->on_disk) { on_disk += Y->count + Y->more_n; waiting++; }
        else if (Y->used) { pending += (long long)Y->used; waiting++; }
    }
    fprintf(S->log, "layer %d: %lld positions; %lld visited in all; %lld waiting in %d layers, "
            "%lld more on disk (at most: duplicates); %.1f MiB; %.1f s\n",
            L, S->layer[L].count, visited, pending, waiting, on_disk, S->bytes / 1048576.0, now() - t0);
    fflush(S->log);
}

/* A child of the position being searched: its layer, key (in Lay.kbuf) and hash. */
typedef struct { int to, len; size_t off; uint64_t h; } Child;

/* The search proper: 1 won (the line in *line), 0 lost, -1 unknown or an
   error (recorded), STOPPED_MEMORY. */
static int run_layers(Lay *S, Pos *P, const Pos *root, int total, double deadline, long long max_states,
                      long long *states, Line *line, int from, long long from_idx) {
    Ctx *X = S->X;
    const Rules *R = S->R;
    const Enc *E = &S->E;
    Mv moves[MAXM], seq[2 * MAXC + 300];
    Child kids[MAXM];
    double t0 = now();
    int rc, L0 = from;
    if (from < 0) {
        int na = autoplay(X, R, P, seq);
        if (is_won(R, P, total)) return line_add(line, seq, (size_t)na) < 0 ? -1 : 1;
        L0 = layer_of(&S->E, P);
        int len0 = encode(&S->E, P, S->key);
        rc = layer_add(S, L0, L0, S->key, len0, hash_bytes(S->key, (size_t)len0), NO_PARENT, 0, 0);
        if (rc < 0) return -1;
        if (rc == 2) return STOPPED_MEMORY;
    }
    S->resumable = 1;
    for (int L = L0; L < S->nlayers; L++) {
        Layer *Y = &S->layer[L];
        S->stop_at = L;
        S->stop_idx = 0;
        S->stop_states = *states;
        rc = layer_from_disk(S, L);
        if (rc < 0) return -1;
        if (rc == 2) return STOPPED_MEMORY;
        size_t ci = 0, off = 0;
        for (long long idx = 0; idx < Y->count; idx++) {
            if (off >= Y->fill[ci]) { ci++; off = 0; }
            int len;
            const unsigned char *key = key_at(Y, (uint64_t)ci << CHUNK_BITS | off, &len);
            off += (size_t)len + (len < 0x80 ? 1 : 2);
            if (idx < from_idx) continue;   /* searched before the checkpoint */
            decode(&S->E, key, len, P);
            S->stop_idx = idx;      /* if it stops here, this position is searched again */
            S->stop_states = *states;
            ++*states;
            if ((*states & 4095) == 0) {
                if (nc_check_interrupt() < 0) return -1;
                if ((deadline > 0 && now() > deadline) || (max_states > 0 && *states >= max_states)) return -1;
            }
            if (dead_end(X, R, P)) continue;
            int nm = ordered(X, R, P, (Mv){0, 0, 0}, 0, 0, moves);
            uint64_t self = (uint64_t)L << 40 | (uint64_t)idx;
            int ps = E->stock >= 0 ? P->n[E->stock] : 0, pw = E->stock >= 0 ? P->n[E->waste] : 0;
            /* Every child's key first, its slot fetched ahead, then all
               added: the lookups do not each wait on memory. */
            size_t used = 0;
            for (int i = 0; i < nm; i++) {
                int made = make_move(X, R, P, moves[i], seq);
                if (made < 0) return -1;
                int a = autoplay(X, R, P, seq + made);
                if (is_won(R, P, total)) return win_line(S, root, L, idx, i, line) < 0 ? -1 : 1;
                Child *c = &kids[i];
                c->to = layer_of(E, P);
                if (c->to < L || c->to >= S->nlayers)
                    return nc_fail(NC_ERR_ASSERTION, "a move went from layer %d to layer %d", L, c->to);
                c->off = used;
                c->len = encode_from(E, P, S->kbuf + used, key, ps, pw);
                c->h = hash_bytes(S->kbuf + used, (size_t)c->len);
                used += (size_t)c->len;
                const Layer *T = &S->layer[c->to];
                if (T->nslots) __builtin_prefetch(&T->slots[c->h & (T->nslots - 1)]);
                for (int j = made + a - 1; j >= 0; j--) undo(X, P, seq[j]);
            }
            for (int i = 0; i < nm; i++) {   /* and the key of the first slot whose tag matches */
                const Layer *T = &S->layer[kids[i].to];
                if (!T->nslots) continue;
                size_t mask = T->nslots - 1;
                for (size_t j = kids[i].h & mask; T->slots[j]; j = (j + 1) & mask)
                    if (T->slots[j] >> REF_BITS == kids[i].h >> REF_BITS) {
                        uint64_t ref = (T->slots[j] & REF_MASK) - 1;
                        __builtin_prefetch(T->chunk[ref >> CHUNK_BITS] + (ref & ((1ULL << CHUNK_BITS) - 1)));
                        break;
                    }
            }
            for (int i = 0; i < nm; i++) {
                rc = layer_add(S, L, kids[i].to, S->kbuf + kids[i].off, kids[i].len, kids[i].h, self, i, 0);
                if (rc < 0) return -1;
                if (rc == 2) return STOPPED_MEMORY;
            }
        }
        from_idx = 0;
        if (Y->count) {
            if (Y->count > S->largest) { S->largest = Y->count; S->largest_at = L; }
            S->done++;
            log_layer(S, L, *states, t0);
        }
        layer_drop(S, Y);
    }
    return 0;
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
static int lk_write(Lay *S, const Checkpoint *ck) {
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
static int lk_read(Lay *S, const Checkpoint *ck, int *from, long long *from_idx, long long *states) {
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
static void clear_folder(Lay *S) {
    char path[4200];
    static const char *what[] = {"trace", "keys", "more"};
    for (int L = 0; L < S->nlayers; L++)
        for (int k = 0; k < 3; k++) {
            disk_path(S, L, what[k], path, sizeof path);
            remove(path);
        }
}

int layers(Ctx *X, const Rules *R, Pos *root, int total, double budget, long long max_states, const char *folder,
           const char *log, const Checkpoint *ck, NcResult *out, NcLayerStats *stats) {
    const char *why = layers_refused(R, root);
    if (why) return nc_fail(NC_ERR_NOT_COMPILABLE, "the layered search does not apply: %s", why);
    if (!folder || !*folder) return nc_fail(NC_ERR_VALUE, "the layered search needs a folder for its records");
    Lay *S = calloc(1, sizeof(Lay));
    Pos *P = malloc(sizeof(Pos));
    Line line = {0};
    int result = -1;
    if (!S || !P) { nc_nomem(); goto done; }
    S->X = X;
    S->R = R;
    S->folder = folder;
    S->max_bytes = X->max_bytes > 0 ? (size_t)X->max_bytes : 0;
    enc_init(&S->E, R, root);
    S->nlayers = total + 2 * S->E.s0 + S->E.w0 + 1;
    if (S->nlayers > MAXLAYERS) { nc_fail(NC_ERR_VALUE, "too many layers for the layered search"); goto done; }
    if (!(S->layer = calloc((size_t)S->nlayers, sizeof(Layer))) || !(S->kbuf = malloc((size_t)MAXM * NC_MAX_KEY))) {
        nc_nomem();
        goto done;
    }
    if (log && *log && !(S->log = fopen(log, "a"))) { nc_fail_os(log); goto done; }
    *P = *root;
    X->snaps.n = 0;
    long long states = 0, from_idx = 0;
    int from = -1;
    if (ck) {
        int taken = lk_read(S, ck, &from, &from_idx, &states);
        if (taken < 0) goto done;
        if (!taken) clear_folder(S);
    }
    int verdict = run_layers(S, P, root, total, budget > 0 ? now() + budget : 0, max_states, &states, &line, from,
                             from_idx);
    if (ck && S->resumable && (verdict == STOPPED_MEMORY || (verdict == -1 && !nc_failed()) ||
                               (verdict == -1 && nc_error() == NC_ERR_INTERRUPTED))) {
        /* Stopped short (an interrupt included): what it did is kept. */
        NcErrorState pending;
        nc_error_save(&pending);
        nc_clear();
        if (lk_write(S, ck) < 0) goto done;
        S->kept = 1;
        nc_error_restore(&pending);
    }
    if (S->log) {
        fprintf(S->log, "end: verdict %d, %lld positions\n", verdict, states);
        fflush(S->log);
    }
    if (!nc_failed()) {
        out->verdict = verdict;
        out->states = states;
        result = result_moves(out, line.mv, verdict == 1 ? line.n : 0);
    }
    stats->layers = S->done;
    stats->largest = S->largest;
    stats->largest_at = S->largest_at;
    stats->stored = S->stored;
    stats->peak_bytes = (long long)S->peak;
    stats->peak_held = S->peak_held;
done:
    if (S && S->layer) {
        char path[4200];
        for (int L = 0; L < S->nlayers; L++) {
            if (S->kept) { layer_drop(S, &S->layer[L]); continue; }
            int had = S->layer[L].count > 0, disk = S->layer[L].on_disk;
            layer_drop(S, &S->layer[L]);
            if (had) { trace_path(S, L, path, sizeof path); remove(path); }
            if (disk) {
                disk_path(S, L, "keys", path, sizeof path);
                remove(path);
                disk_path(S, L, "more", path, sizeof path);
                remove(path);
            }
        }
        free(S->layer);
    }
    if (S) free(S->kbuf);
    if (S && S->log) fclose(S->log);
    free(S); free(P); free(line.mv);
    return result;
}
