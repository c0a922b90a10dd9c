/* The layered search's parts (layers.c: the search; layerkeys.c: its keys;
   layertables.c: its tables, the disk and checkpoints), private to them. */
#ifndef NAPOLEON_LAYERS_H
#define NAPOLEON_LAYERS_H

#include "core.h"


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

static inline const unsigned char *lay_key_at(const Layer *Y, uint64_t ref, int *len) {
    const unsigned char *b = Y->chunk[ref >> CHUNK_BITS] + (ref & ((1ULL << CHUNK_BITS) - 1));
    if (b[0] < 0x80) { *len = b[0]; return b + 1; }
    *len = (b[0] & 0x7F) << 8 | b[1];
    return b + 2;
}

static inline size_t lay_chunk_size(size_t i) {
    return (size_t)1 << (FIRST_CHUNK + i < CHUNK_BITS ? FIRST_CHUNK + i : CHUNK_BITS);
}

/* layerkeys.c */
int lay_layer_of(const Enc *E, const Pos *P);
void lay_enc_init(Enc *E, const Rules *R, const Pos *root);
int lay_encode_from(const Enc *E, const Pos *P, unsigned char *key, const unsigned char *pkey, int ps, int pw);
int lay_encode(const Enc *E, const Pos *P, unsigned char *key);
void lay_decode(const Enc *E, const unsigned char *key, int len, Pos *P);

/* layertables.c */
int lay_add(Lay *S, int L, int T, const unsigned char *key, int len, uint64_t h, uint64_t parent, int mi, int recorded);
int lay_from_disk(Lay *S, int L);
void lay_drop(Lay *S, Layer *Y);
void lay_disk_path(const Lay *S, int L, const char *what, char *path, size_t room);
int lay_keep(Lay *S, const Checkpoint *ck);
int lay_take_up(Lay *S, const Checkpoint *ck, int *from, long long *from_idx, long long *states);
void lay_clear_folder(Lay *S);

#endif
