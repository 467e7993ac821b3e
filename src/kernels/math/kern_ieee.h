/* Scalar building blocks shared by the kernels: exact decoding of the 16- and
 * 32-bit IEEE formats into binary64, and one correct rounding of a binary64
 * value into bf16/f16/f32 without going through the generic encoder. The
 * kernels call these inside their loops, so they are static inline. NaN
 * results are never produced here: callers detect a NaN result and fall back
 * to fp_arith/fp_convert, which own the NaN rules (SPEC.md 3.6, 3.7). */
#ifndef IRRUN_KERN_IEEE_H
#define IRRUN_KERN_IEEE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "types/etype.h"
#include "types/fparith.h"
#include "util/bitcast.h"

/* Exact value of a bf16 pattern (NaNs come out as some NaN). */
static inline double kern_bf16_to_f64(uint16_t h)
{
    return (double)bits_to_f32((uint32_t)h << 16);
}

/* Exact value of an f16 pattern (NaNs come out as some NaN). */
static inline double kern_f16_to_f64(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31;
    uint32_t e = (h >> 10) & 0x1F, m = h & 0x3FF;
    if (e == 0) {
        double v = (double)m * 0x1p-24;
        return sign ? -v : v;
    }
    if (e == 31)
        return bits_to_f32(sign | 0x7F800000u | (m << 13));
    return bits_to_f32(sign | ((e + 112) << 23) | (m << 13));
}

/* One RNE rounding of a non-NaN binary64 into an IEEE format with `mbits`
 * stored mantissa bits and exponent bias `bias` (bf16: 7/127, f16: 10/15).
 * Overflow gives Inf, underflow a zero of the same sign. */
static inline uint16_t kern_f64_to_ieee16(double d, unsigned mbits, int bias)
{
    uint64_t u = f64_to_bits(d);
    uint16_t sign = (uint16_t)((u >> 48) & 0x8000);
    u &= ~(UINT64_C(1) << 63);
    int e = (int)(u >> 52) - 1023;
    uint32_t inf = (uint32_t)((1u << (15 - mbits)) - 1) << mbits;
    if (e >= 1 - bias) {
        /* normal range: round the exponent-and-fraction field at the
         * target's last mantissa bit; a carry correctly bumps the exponent */
        unsigned shift = 52 - mbits;
        uint64_t q = u >> shift, rem = u & ((UINT64_C(1) << shift) - 1);
        uint64_t half = UINT64_C(1) << (shift - 1);
        if (rem > half || (rem == half && (q & 1)))
            q++;
        int64_t r = (int64_t)q - ((int64_t)(1023 - bias) << mbits);
        if (r >= (int64_t)inf)
            return (uint16_t)(sign | inf);
        return (uint16_t)(sign | (uint16_t)r);
    }
    /* subnormal range: scale so one quantum is 1 (exact: a power of two)
     * and round to an integer with the current (nearest-even) mode */
    double q = nearbyint(fabs(d) * ldexp(1.0, bias - 1 + (int)mbits));
    return (uint16_t)(sign | (uint16_t)q);
}

static inline uint16_t kern_f64_to_bf16(double d) { return kern_f64_to_ieee16(d, 7, 127); }
static inline uint16_t kern_f64_to_f16(double d) { return kern_f64_to_ieee16(d, 10, 15); }

/* bf16 and f16 values are exact in binary32, their products too (2p <= 24
 * bits; a bf16 product below binary32's normal range rounds, but only
 * where every bf16 rounding of it gives the same result), and a binary32
 * sum rounded into them is correctly rounded (24 >= 2p + 2: innocuous
 * double rounding). So the REF loops for them can run in binary32. */
static inline float kern_bf16_to_f32(uint16_t h) { return bits_to_f32((uint32_t)h << 16); }
/* Finite f16 magnitudes, moved into binary32's field positions, read as a
 * binary32 2^112 times too small (exact, subnormals included: 127 - 15 =
 * 112); one exact multiply rescales them. */
static inline float kern_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, mag = h & 0x7FFFu;
    float v = bits_to_f32(mag << 13) * 0x1p112f;
    if (mag >= 0x7C00u)
        v = bits_to_f32(0x7F800000u | (mag & 0x3FFu) << 13);
    return bits_to_f32(f32_to_bits(v) | sign);
}

/* One RNE rounding of a non-NaN binary32 into bf16: round at bit 16. */
static inline uint16_t kern_f32_to_bf16(float f)
{
    uint32_t u = f32_to_bits(f);
    return (uint16_t)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

/* One RNE rounding of a non-NaN binary32 into f16. */
static inline uint16_t kern_f32_to_f16(float f)
{
    uint32_t u = f32_to_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    u &= 0x7FFFFFFFu;
    if (u >= 0x477FF000u) /* 65520 = max + half an ulp ties to even: Inf */
        return (uint16_t)(sign | 0x7C00u);
    if (u >= 0x38800000u) { /* normal: round at bit 13, rebias 127 -> 15 */
        uint32_t r = u + 0xFFFu + ((u >> 13) & 1u);
        return (uint16_t)(sign | (uint16_t)((r - 0x38000000u) >> 13));
    }
    /* subnormal: adding 0.5 leaves binary32 quanta of 2^-24, the f16
     * subnormal step, so the hardware's rounding does the work */
    float s = bits_to_f32(u) + 0.5f;
    return (uint16_t)(sign | (uint16_t)(f32_to_bits(s) - 0x3F000000u));
}

/* A binary64 result rounded once into f (SPEC.md 3.5, NaNs by 3.6). */
static inline uint64_t kern_round_into(fp_id f, double d)
{
    if (f == FP_F64)
        return f64_to_bits(d);
    return fp_from_double(f, d, FPR_RNE);
}

/* Sign-extends / zero-extends the low `bits` of x as the memory layout of
 * sub-byte integers requires (types/etype.h). */
static inline int8_t kern_sext8(uint8_t x, unsigned bits)
{
    return (int8_t)((int8_t)(uint8_t)(x << (8 - bits)) >> (8 - bits));
}

/* Brings sub-byte integers back to their memory layout after arithmetic in
 * the byte's width: i2/i4 sign-extended, ui2/ui4 masked (wrap mod 2^N). */
static inline void kern_int_normalize(et_id t, void *data, int64_t n)
{
    unsigned bits = et_get(t)->value_bits;
    if (et_get(t)->bytes != 1 || bits >= 8 || t == ET_I1)
        return;
    uint8_t *p = data;
    if (et_get(t)->kind == EK_SINT) {
        for (int64_t i = 0; i < n; i++)
            p[i] = (uint8_t)kern_sext8(p[i], bits);
    } else {
        uint8_t mask = (uint8_t)((1u << bits) - 1);
        for (int64_t i = 0; i < n; i++)
            p[i] &= mask;
    }
}

#endif
