/* The 64-bit integer loops of kern_int64.c that the generic integer loops
 * of kern_binary.c and kern_bits.c hand their 64-bit cases to: division,
 * remainder and power of i64 / ui64, shift_right_arithmetic and
 * count_leading_zeros of 64-bit words. Each gives the bits of the scalar
 * definition (kern_binary.c's int_elem, kern_bits_scalar) on every input,
 * with the AVX2 host (isa_avx2) or without it. r may be a or b, not a
 * partial overlap. */
#ifndef IRRUN_KERN_INT64_H
#define IRRUN_KERN_INT64_H

#include <stdbool.h>
#include <stdint.h>

/* REF's integer power by squaring, modulo 2^w for w = 32 (every width up
 * to 32) or 64, in at most K = 6 (w = 32) or 14 (w = 64) squarings
 * instead of one per bit of e. After k steps of the square-and-multiply
 * loop, b is b0^(2^k) and the rest of the result is b^n for n = e >> k;
 * b0^e = r * b^n exactly, so modulo 2^w.
 * - b0 even: b0^(2^K) is 0 modulo 2^w (2^K >= w), so b^n is 1 for n = 0
 *   and 0 otherwise.
 * - b0 odd: b0^2 = 1 + 8m, and squaring 1 + 2^(j+2)s gives
 *   1 + 2^(j+3)(s + 2^(j+1)s^2): b = b0^(2^K) = 1 + x with 2^(K+2) | x.
 *   (1 + x)^n = sum C(n, j) x^j, and 2^(4K+8) | x^j for j >= 4, which
 *   2^w divides: b^n = 1 + n x + C(n, 2) x^2 + C(n, 3) x^3 modulo 2^w.
 *   C(n, 2) = (n >> 1) * (n even ? n - 1 : n), the even factor halved, is
 *   exact modulo 2^64; C(n, 2) * (n - 2) = 3 C(n, 3), and 3 is odd, so
 *   C(n, 3) = C(n, 2) * (n - 2) * 3^-1 modulo 2^64 (n < 2 gives 0 either
 *   way).
 * The loop also stops when e is 0 (b^0 = 1 either way). */
#define KERN_INV3_64 UINT64_C(0xAAAAAAAAAAAAAAAB) /* 3 * KERN_INV3_64 = 1 modulo 2^64 */

/* b^n modulo 2^64 for b = b0^(2^K) (the closed form above), odd: b0's
 * parity */
static inline uint64_t kern_int_pow_rest(uint64_t b, uint64_t n, bool odd)
{
    uint64_t x = b - 1, c2 = (n >> 1) * (n - 1 + (n & 1)), c3 = c2 * (n - 2) * KERN_INV3_64;
    return odd ? 1 + x * (n + x * (c2 + x * c3)) : n == 0;
}

static inline uint64_t kern_int_pow_fast(uint64_t b, uint64_t e, bool w64)
{
    const int K = w64 ? 14 : 6;
    uint64_t r = 1;
    bool odd = b & 1;
    for (int k = 0; k < K && e; k++) {
        r *= 1 + ((b - 1) & (0 - (e & 1))); /* b or 1, without a branch */
        b *= b;
        e >>= 1;
    }
    return r * kern_int_pow_rest(b, e, odd);
}

/* XLA's signed division (rem: remainder) of n i64: x / 0 = -1,
 * INT64_MIN / -1 = INT64_MIN, x rem 0 = x, x rem -1 = 0. */
void kern_i64_divrem(bool rem, const int64_t *a, const int64_t *b, int64_t *r, int64_t n);

/* REF's power of n i64 (is_signed: a negative exponent gives 0 unless the
 * base is 1 or -1) or ui64 patterns. */
void kern_64_pow(bool is_signed, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);

/* shift_right_arithmetic (b: the amounts) or count_leading_zeros (b
 * unused) of n 64-bit words where the host has AVX2; false, nothing
 * written, where it has not (the caller's loop then runs). */
bool kern_64_shra_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);
bool kern_64_clz_avx2(const uint64_t *a, uint64_t *r, int64_t n);

#endif
