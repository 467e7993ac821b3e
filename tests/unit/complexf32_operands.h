/* Operands for holding the fast complex<f32> kernels (complexf32_ops.h's
 * rows) to their definitions: four f32 patterns per draw (a's real and imaginary
 * parts, then b's; the square root takes a), of a kind chosen by the
 * caller. Shared by tests/unit/test_complexf32.c and
 * tools/verify_complexf32.c. */
#ifndef IRRUN_TEST_COMPLEXF32_OPERANDS_H
#define IRRUN_TEST_COMPLEXF32_OPERANDS_H

#include <math.h>
#include <stdint.h>

#include "util/bitcast.h"

enum { C64_KINDS = 15 };

static const char *const c64_kind_names[C64_KINDS] = {
    "random finite bits", "modest", "|c| == |d|", "|c| near |d|", "tiny and huge",
    "exact quotients", "exact roots", "special parts", "zero parts", "wide exponent gaps",
    "exponential's range", "near multiples of pi/2", "e^x cos y near 1", "eighths in [-4, 4)",
    "trigonometric ranges",
};

/* splitmix64 */
static inline uint64_t c64_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline uint32_t c64_finite(uint64_t r)
{
    uint32_t x = (uint32_t)r;
    return (x & 0x7F800000u) == 0x7F800000u ? x & 0xBFFFFFFFu : x;
}

/* A random sign and significand with a biased exponent in [lo, hi]. */
static inline uint32_t c64_with_exponent(uint64_t r, unsigned lo, unsigned hi)
{
    unsigned e = lo + (unsigned)((r >> 40) % (hi - lo + 1));
    return ((uint32_t)(r >> 32) & 0x80000000u) | (uint32_t)e << 23 | ((uint32_t)r & 0x007FFFFFu);
}

static inline uint32_t c64_modest(uint64_t r) { return c64_with_exponent(r, 107, 147); }

/* A small integer in (-2^11, 2^11) as f32. */
static inline float c64_small_int(uint64_t r) { return (float)((int32_t)(r % 4095) - 2047); }

static const uint32_t c64_specials[] = {
    0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x00000001u,
    0x80000001u, 0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u,
};

static inline void c64_operands(uint64_t *state, unsigned kind, uint32_t p[4])
{
    uint64_t r[4];
    for (int i = 0; i < 4; i++)
        r[i] = c64_next(state);
    switch (kind) {
    case 0:
        for (int i = 0; i < 4; i++)
            p[i] = c64_finite(r[i]);
        return;
    case 1:
        for (int i = 0; i < 4; i++)
            p[i] = c64_modest(r[i]);
        return;
    case 2:
    case 3: {
        /* |d| == |c|, or a few ulps apart (the branch choice in __divdc3) */
        p[0] = r[3] & 1 ? c64_finite(r[0]) : c64_modest(r[0]);
        p[1] = r[3] & 2 ? c64_finite(r[1]) : c64_modest(r[1]);
        p[2] = r[3] & 4 ? c64_finite(r[2]) : c64_modest(r[2]);
        uint32_t mag = p[2] & 0x7FFFFFFFu;
        if (kind == 3)
            mag += (uint32_t)((r[3] >> 8) % 33) - 16u;
        p[3] = ((uint32_t)(r[3] >> 40) & 0x80000000u) | (mag & 0x7FFFFFFFu);
        p[3] = c64_finite(p[3]);
        return;
    }
    case 4:
        for (int i = 0; i < 4; i++)
            p[i] = r[i] & 1 ? c64_with_exponent(r[i], 0, 12) : c64_with_exponent(r[i], 242, 254);
        return;
    case 5: {
        /* a = q b in small integers: the quotient q is exact */
        float qr = c64_small_int(r[0]), qi = c64_small_int(r[0] >> 20), br = c64_small_int(r[1]),
              bi = c64_small_int(r[1] >> 20);
        p[0] = f32_to_bits(qr * br - qi * bi);
        p[1] = f32_to_bits(qr * bi + qi * br);
        p[2] = f32_to_bits(br);
        p[3] = f32_to_bits(bi);
        return;
    }
    case 6: {
        /* a = (u + iv)^2 in small integers: the root is exact */
        float u = c64_small_int(r[0]), v = c64_small_int(r[0] >> 20);
        p[0] = f32_to_bits(u * u - v * v);
        p[1] = f32_to_bits(2 * u * v);
        p[2] = c64_modest(r[2]);
        p[3] = c64_modest(r[3]);
        return;
    }
    case 7:
        for (int i = 0; i < 4; i++)
            p[i] = (r[i] >> 60) < 4 ? c64_specials[(r[i] >> 8) % (sizeof c64_specials / sizeof c64_specials[0])]
                                    : c64_modest(r[i]);
        return;
    case 8:
        for (int i = 0; i < 4; i++)
            p[i] = c64_modest(r[i]);
        p[r[0] >> 63] = (uint32_t)(r[1] >> 32) & 0x80000000u;
        if ((r[2] >> 60) == 0)
            p[2 + (r[3] >> 63)] = (uint32_t)(r[3] >> 32) & 0x80000000u;
        return;
    case 9:
        /* each part from its own end of the range */
        for (int i = 0; i < 4; i++)
            p[i] = c64_with_exponent(r[i], (unsigned)(r[i] >> 56) % 200, 254);
        return;
    case 10:
    case 11: {
        /* exponential: real parts around its fast range [-104, 89] and the
         * overflow and underflow thresholds, imaginary parts up to 1100 or
         * within a few ulps of a multiple of pi/2 */
        static const float x_near[] = { 88.7228f, -87.3365f, -103.972f, 89.0f, -104.0f, 0.0f };
        float x = (r[0] >> 62) == 0 ? x_near[(r[0] >> 8) % 6] + (float)((int)(r[0] % 2001) - 1000) * 0x1p-12f
                                    : (float)((double)(r[0] >> 11) * 0x1p-53 * 210.0 - 110.0);
        p[0] = f32_to_bits(x);
        if (kind == 10) {
            p[1] = r[1] & 1 ? f32_to_bits((float)((double)(r[1] >> 11) * 0x1p-53 * 2200.0 - 1100.0))
                            : c64_with_exponent(r[1], 90, 137);
        } else {
            int k = (int)(r[1] % 1401) - 700;
            uint32_t y = f32_to_bits((float)(k * 1.5707963267948966));
            p[1] = y + (uint32_t)((r[1] >> 20) % 9) - 4u;
        }
        p[2] = c64_modest(r[2]);
        p[3] = c64_modest(r[3]);
        return;
    }
    case 12: {
        /* exponential_minus_one's cancellation: x a few ulps (times a
         * power of two up to 2^23) from -log(cos y), y small or near a
         * multiple of 2 pi: e^x cos y - 1 from 2^-24 of e^x cos y up */
        double y = r[0] & 1 ? (double)bits_to_f32(c64_with_exponent(r[0], 100, 126))
                            : (double)((int)(r[0] % 321) - 160) * 6.283185307179586 +
                                  (double)((int64_t)(r[0] >> 8) % 4096) * 0x1p-16;
        float yf = (float)y;
        uint32_t ulps = ((uint32_t)((r[1] >> 8) % 17) - 8u) << (r[1] >> 20) % 24;
        p[0] = f32_to_bits((float)-log(cos((double)yf))) + ulps;
        p[1] = f32_to_bits(yf);
        p[2] = c64_modest(r[2]);
        p[3] = c64_modest(r[3]);
        return;
    }
    case 14: {
        /* sine, cosine, tan (tanh: the parts swapped): real parts up to
         * 1100, near a multiple of pi/2, or of any size up to 2^10;
         * imaginary parts around the fast range's end 89, sinh's switch at
         * 1 and 0, or in [-100, 100], or of any size up to 2^7 */
        static const float v_near[] = { 89.0f, -89.0f, 1.0f, -1.0f, 0.0f, 89.4f };
        uint32_t u, v;
        if ((r[0] >> 62) == 0) {
            int k = (int)(r[0] % 1401) - 700;
            u = f32_to_bits((float)(k * 1.5707963267948966)) + (uint32_t)((r[0] >> 20) % 9) - 4u;
        } else {
            u = r[0] >> 63 ? f32_to_bits((float)((double)(r[0] >> 11) * 0x1p-53 * 2200.0 - 1100.0))
                           : c64_with_exponent(r[0], 60, 136);
        }
        switch (r[1] >> 62) {
        case 0: v = f32_to_bits(v_near[(r[1] >> 8) % 6] + (float)((int)(r[1] % 2001) - 1000) * 0x1p-14f); break;
        case 1: v = f32_to_bits((float)((double)(r[1] >> 11) * 0x1p-53 * 200.0 - 100.0)); break;
        default: v = c64_with_exponent(r[1], 0, 133); break;
        }
        p[r[2] & 1] = u;
        p[1 - (r[2] & 1)] = v;
        p[2] = c64_modest(r[2]);
        p[3] = c64_modest(r[3]);
        return;
    }
    default:
        /* the bench's operands: multiples of 1/8 in [-4, 4), zero included */
        for (int i = 0; i < 4; i++)
            p[i] = f32_to_bits((float)((int)(r[i] % 64) - 32) / 8.0f);
        return;
    }
}

#endif
