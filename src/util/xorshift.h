/* Marsaglia's xorshift64: the reproducible pseudo-random stream of the unit
 * tests and benches (not used by the interpreter itself). */
#ifndef IRRUN_XORSHIFT_H
#define IRRUN_XORSHIFT_H

#include <stdint.h>

static inline uint64_t xorshift64(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

#endif
