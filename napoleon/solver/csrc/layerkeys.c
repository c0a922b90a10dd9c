#include "layers.h"

/* ------------------------------------------------------------ the layered search's keys

   Keys (lay_encode) are exact and decodable, since a layer's positions are
   searched from their keys alone: the stock's length (it is a suffix of
   the root's); the waste as a bit mask over the cards that ever lay on it
   (the root's waste, then the cards turned, in order), since the waste is
   always a subsequence of that sequence (cards leave it from the top only)
   and the earliest match names each waste exactly; then every other pile
   in 6-bit symbols: cards then a 0, a foundation as its first card and its
   height (its other cards follow from the fit table, which names one card
   on each: checked), each group of interchangeable piles sorted. Decoding
   puts a group's piles back in that order, which is the same position up
   to interchangeable piles. */

/* ------------------------------------------------------------ the layer */

int lay_layer_of(const Enc *E, const Pos *P) {
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

void lay_enc_init(Enc *E, const Rules *R, const Pos *root);
static void derive_setup(Enc *E, const Pos *root);

int layer_from(const Rules *R, const Pos *root, const Pos *P) {
    Enc *E = malloc(sizeof(Enc));
    if (!E) return nc_nomem();
    lay_enc_init(E, R, root);
    int L = lay_layer_of(E, P);
    free(E);
    return L;
}

void lay_enc_init(Enc *E, const Rules *R, const Pos *root) {
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
int lay_encode_from(const Enc *E, const Pos *P, unsigned char *key, const unsigned char *pkey, int ps, int pw) {
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

int lay_encode(const Enc *E, const Pos *P, unsigned char *key) { return lay_encode_from(E, P, key, NULL, 0, 0); }

void lay_decode(const Enc *E, const unsigned char *key, int len, Pos *P) {
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
