#include "core.h"

int dead_end(Ctx *X, const Rules *R, const Pos *P) {
    (void)X; (void)R; (void)P;
    return 0;
}
