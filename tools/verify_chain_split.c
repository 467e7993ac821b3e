/* The exhaustive check behind the REF chains' rounding by splitting
 * (src/kernels/dot/kern_dot_simd.h, "Rounding by splitting"): for every
 * significand width p = mbits + 1 of a chain format (mbits from 1 to 10)
 * and every positive normal binary32 x for which x * (2^(24 - p) + 1) does
 * not overflow, c = x * split and c - (c - x), each rounded to nearest
 * even in binary32, equal x rounded to p significant bits, ties to even
 * (worked out on the bit pattern). Negative x follow by symmetry: every
 * step is an odd function of x.
 *
 * usage: verify_chain_split [-s STEP]   (STEP: every STEP-th pattern, 1 by
 * default; about 4 s per width for all of them)
 * Prints one line per width, exits 1 on the first difference. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* the positive normal pattern u rounded to p significant bits, ties to
 * even; 0 when that passes the largest finite binary32 */
static uint32_t round_pattern(uint32_t u, int p)
{
    int drop = 24 - p;
    uint32_t unit = UINT32_C(1) << drop, half = unit >> 1;
    uint32_t rest = u & (unit - 1), kept = u - rest;
    if (rest > half || (rest == half && (kept & unit)))
        kept += unit; /* a carry into the exponent is the next binade's 1.0 */
    return kept >= UINT32_C(0x7F800000) ? 0 : kept;
}

int main(int argc, char **argv)
{
    uint32_t step = 1;
    if (argc == 3 && strcmp(argv[1], "-s") == 0)
        step = (uint32_t)strtoul(argv[2], NULL, 10);
    else if (argc != 1) {
        fprintf(stderr, "usage: verify_chain_split [-s STEP]\n");
        return 2;
    }
    if (step == 0)
        step = 1;
    for (int mbits = 1; mbits <= 10; mbits++) {
        int p = mbits + 1;
        volatile float split = (float)((UINT32_C(1) << (24 - p)) + 1);
        uint64_t checked = 0;
        for (uint64_t u = 0x00800000u; u < 0x7F800000u; u += step) {
            float x = from_bits((uint32_t)u);
            float c = x * split;
            if (to_bits(c) >= 0x7F800000u)
                continue; /* overflow: the kernel's lane is a NaN, redone */
            float d = c - x;
            float hi = c - d;
            uint32_t want = round_pattern((uint32_t)u, p);
            checked++;
            if (to_bits(hi) != want) {
                printf("mbits %d: x = 0x%08X gives 0x%08X, rounding gives 0x%08X\n", mbits, (unsigned)u,
                       (unsigned)to_bits(hi), (unsigned)want);
                return 1;
            }
        }
        printf("mbits %2d: %llu operands, no difference\n", mbits, (unsigned long long)checked);
    }
    return 0;
}
