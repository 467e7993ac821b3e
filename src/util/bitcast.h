/* Reinterpreting IEEE binary32/binary64 values as their bit patterns and
 * back. memcpy is the one strictly conforming way; compilers turn it into a
 * register move. */
#ifndef IRRUN_BITCAST_H
#define IRRUN_BITCAST_H

#include <stdint.h>
#include <string.h>

static inline double bits_to_f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static inline uint64_t f64_to_bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static inline float bits_to_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static inline uint32_t f32_to_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

#endif
