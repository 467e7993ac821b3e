/* 64-bit integer loops (kern_int64.h): i64 division and remainder, i64 /
 * ui64 power, shift_right_arithmetic and count_leading_zeros of 64-bit
 * words. Compiled for the baseline target; the AVX2 functions carry target
 * attributes and run only where isa_avx2() holds. Every AVX2 loop
 * computes what its scalar definition here computes, lane by lane, and the
 * portable loops are those definitions.
 *
 * Results of more than STREAM_BYTES go out by streaming stores, which skip
 * reading the destination's lines first (the operands are past the caches
 * anyway): these loops are bound by memory traffic on long tensors. */
#include "kernels/kern_int64.h"

#include "util/isa.h"

#define STREAM_BYTES ((size_t)32 << 20)

/* ---- the scalar definitions ---------------------------------------------- */

static inline int64_t divrem_one(bool rem, int64_t x, int64_t y)
{
    if (y == 0)
        return rem ? x : -1;
    if (y == -1) /* x / -1 wraps (INT64_MIN); the hardware would trap */
        return rem ? 0 : (int64_t)(0 - (uint64_t)x);
    return rem ? x % y : x / y;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include "kernels/kern_bytecount.h"

/* (shift_right_arithmetic and count_leading_zeros run kern_bits.c's loops
 * without AVX2: these are for the heads and tails of the vector loops) */

/* an amount >= 64 shifts in 64 copies of the sign bit, as a shift by 63
 * does */
static inline uint64_t shra_one(uint64_t x, uint64_t s)
{
    return (uint64_t)((int64_t)x >> (s > 63 ? 63 : s));
}

static inline uint64_t clz_one(uint64_t x) { return x ? (uint64_t)__builtin_clzll(x) : 64; }

#define AVX2 __attribute__((target("avx2,fma")))
#define INL static inline __attribute__((always_inline)) AVX2
#define HAVE_AVX2_LOOPS 1

#define TOWARD_ZERO (_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define LOAD4(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

INL void store4(bool stream, uint64_t *p, __m256i v)
{
    if (stream)
        _mm256_stream_si256((__m256i *)(void *)p, v);
    else
        _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* The elements before r + i is 32-byte aligned, where streaming stores
 * need it; 0 without streaming. */
static int64_t head_count(bool stream, const void *r, int64_t n)
{
    if (!stream)
        return 0;
    int64_t k = (int64_t)((32 - ((uintptr_t)r & 31)) & 31) / 8;
    return k < n ? k : n;
}

/* unsigned x > y on 64-bit lanes: the signed comparison with both sign
 * bits flipped */
INL __m256i cmpgt_u64(__m256i x, __m256i y)
{
    const __m256i flip = _mm256_set1_epi64x(INT64_MIN);
    return _mm256_cmpgt_epi64(_mm256_xor_si256(x, flip), _mm256_xor_si256(y, flip));
}

/* the low 64 bits of x * y: AVX2 multiplies 32-bit halves only, so
 * lo*lo + ((hi*lo + lo*hi) << 32) modulo 2^64 */
INL __m256i mullo64(__m256i x, __m256i y)
{
    __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), y),
                                     _mm256_mul_epu32(x, _mm256_srli_epi64(y, 32)));
    return _mm256_add_epi64(_mm256_mul_epu32(x, y), _mm256_slli_epi64(cross, 32));
}

/* ---- shift_right_arithmetic, count_leading_zeros ------------------------- */

/* (x ^ m) >> s ^ m with m all copies of x's sign bit is the arithmetic
 * shift; vpsrlvq gives 0 for s > 63 (read unsigned), and 0 ^ m is m, the
 * result of shifting by 63. */
INL __m256i shra4(__m256i x, __m256i s)
{
    __m256i m = _mm256_cmpgt_epi64(_mm256_setzero_si256(), x);
    return _mm256_xor_si256(_mm256_srlv_epi64(_mm256_xor_si256(x, m), s), m);
}

/* the leading zeros of x are the bits set in ~(x | x >> 1 | ... | x >> 63),
 * counted by a 16-entry table of nibble counts and summed per lane; x = 0
 * gives 64 */
INL __m256i clz4(__m256i x)
{
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 1));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 2));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 4));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 8));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 16));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 32));
    x = _mm256_xor_si256(x, _mm256_set1_epi64x(-1));
    return _mm256_sad_epu8(kern_byte_counts(x), _mm256_setzero_si256());
}

AVX2 static void shra_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    bool stream = (size_t)n * 8 >= STREAM_BYTES;
    int64_t i = head_count(stream, r, n);
    for (int64_t j = 0; j < i; j++)
        r[j] = shra_one(a[j], b[j]);
    for (; i + 4 <= n; i += 4)
        store4(stream, r + i, shra4(LOAD4(a + i), LOAD4(b + i)));
    if (stream)
        _mm_sfence();
    for (; i < n; i++)
        r[i] = shra_one(a[i], b[i]);
}

AVX2 static void clz_avx2(const uint64_t *a, uint64_t *r, int64_t n)
{
    bool stream = (size_t)n * 8 >= STREAM_BYTES;
    int64_t i = head_count(stream, r, n);
    for (int64_t j = 0; j < i; j++)
        r[j] = clz_one(a[j]);
    for (; i + 4 <= n; i += 4)
        store4(stream, r + i, clz4(LOAD4(a + i)));
    if (stream)
        _mm_sfence();
    for (; i < n; i++)
        r[i] = clz_one(a[i]);
}

/* ---- division and remainder ---------------------------------------------- */

/* XLA's division and remainder of four i64 lanes through binary64, on the
 * magnitudes X = |x|, Y = |y| (up to 2^63, read unsigned), Y != 0.
 * - X and Y go to binary64 rounded to nearest (exact halves of 32 bits,
 *   one rounding in the final sum): relative errors below u = 2^-53, and
 *   the quotient's rounding adds a third. With Q = X / Y, the computed qd
 *   satisfies (1 - u)^2 / (1 + u) <= qd / Q <= (1 + u)^2 / (1 - u), so
 *   |qd - Q| < 4u Q = 2^-51 Q.
 * - A lane whose truncated qd is below 2^50 has qd < 2^50 + 1, Q < 2^50 + 2
 *   and |qd - Q| < 1/2 + 2^-50 < 1: q0 = trunc(qd) = floor(qd) is
 *   floor(Q) - 1, floor(Q) or floor(Q) + 1. Other lanes (huge quotients,
 *   e.g. divisors 1 and -1) and zero divisors go elsewhere.
 * - p = q0 * Y is then at most X + Y, which is below 2^64 unless
 *   X = Y = 2^63, where qd = 1 is exact: p is exact modulo 2^64. p > X
 *   means q0 = floor(Q) + 1; else X - p >= Y means q0 = floor(Q) - 1; one
 *   step corrects q0 to q = floor(Q) and the remainder X - q Y to [0, Y).
 * - Truncating division is q with the sign x ^ y and X - q Y with the sign
 *   of x, which the lanes apply as (v ^ m) - m for m all sign bits.
 * Returns the result lanes; *slow gets the lanes not shown exact here
 * (their lanes of the result are garbage). */
INL __m256d u64_to_pd(__m256i v)
{
    const __m256i low_bits = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i exp52 = _mm256_set1_epi64x(0x4330000000000000); /* 2^52 */
    const __m256i exp84 = _mm256_set1_epi64x(0x4530000000000000); /* 2^84 */
    const __m256d both = _mm256_set1_pd(0x1p84 + 0x1p52);
    /* 2^52 + lo and 2^84 + hi 2^32, exactly; (2^84 + hi 2^32) - (2^84 + 2^52) is
     * hi 2^32 - 2^52, a multiple of 2^32 below 2^64 in magnitude: exact */
    __m256d lo = _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(v, low_bits), exp52));
    __m256d hi = _mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(v, 32), exp84));
    return _mm256_add_pd(_mm256_sub_pd(hi, both), lo);
}

INL __m256i divrem4(bool rem, __m256i x, __m256i y, unsigned *slow)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256d magic = _mm256_set1_pd(0x1p52);
    __m256i sx = _mm256_cmpgt_epi64(zero, x), sy = _mm256_cmpgt_epi64(zero, y);
    __m256i ux = _mm256_sub_epi64(_mm256_xor_si256(x, sx), sx);
    __m256i uy = _mm256_sub_epi64(_mm256_xor_si256(y, sy), sy);
    __m256d qd = _mm256_round_pd(_mm256_div_pd(u64_to_pd(ux), u64_to_pd(uy)), TOWARD_ZERO);
    __m256i by_zero = _mm256_cmpeq_epi64(y, zero);
    /* qd >= 2^50, or NaN (0 / 0) */
    __m256i big = _mm256_castpd_si256(_mm256_cmp_pd(qd, _mm256_set1_pd(0x1p50), _CMP_NLT_UQ));
    *slow = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_andnot_si256(by_zero, big)));
    /* 0 <= qd < 2^50: 2^52 + qd holds qd in its low mantissa bits */
    __m256i q = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(qd, magic)), _mm256_castpd_si256(magic));
    __m256i p = mullo64(q, uy);
    __m256i over = cmpgt_u64(p, ux);
    __m256i rm = _mm256_sub_epi64(ux, p);
    __m256i fits = _mm256_or_si256(over, cmpgt_u64(uy, rm));
    /* over: q - 1, rm + Y; neither over nor rm < Y: q + 1, rm - Y */
    __m256i v;
    if (rem) {
        rm = _mm256_add_epi64(rm, _mm256_and_si256(over, uy));
        rm = _mm256_sub_epi64(rm, _mm256_andnot_si256(fits, uy));
        v = _mm256_sub_epi64(_mm256_xor_si256(rm, sx), sx);
        v = _mm256_blendv_epi8(v, x, by_zero); /* x rem 0 = x */
    } else {
        q = _mm256_add_epi64(q, over);
        q = _mm256_add_epi64(q, _mm256_andnot_si256(fits, _mm256_set1_epi64x(1)));
        __m256i sq = _mm256_xor_si256(sx, sy);
        v = _mm256_sub_epi64(_mm256_xor_si256(q, sq), sq);
        v = _mm256_or_si256(v, by_zero); /* x / 0 = -1 */
    }
    return v;
}

/* The common case first, on the signed operands: qd = fl(fl(x) / fl(y))
 * in binary64 (correctly rounded conversions and quotient) is within
 * 3.01u |Q| of Q = x / y as above (u = 2^-53), so within 3.02u |qd|.
 * lo = fl(qd (1 - 8u)) and hi = fl(qd (1 + 8u)) (both factors exact)
 * satisfy |lo| <= |qd| (1 - 8u)(1 + u) < |qd| (1 - 7u) < |Q| and
 * |hi| >= |qd| (1 + 8u)(1 - u) > |qd| (1 + 6.9u) > |Q|, all of one sign
 * (x = 0: all 0). A lane is sure when
 * - trunc(lo) = trunc(hi) = t: then t <= |lo| < |Q| < |hi| < t + 1 in
 *   magnitude, and the quotient trunc(Q) is t = trunc(qd). |hi| - |lo| >
 *   13.9u |qd| is below 1 there, so |qd| < 2^50. A zero divisor gives
 *   infinities (sure, garbage, replaced) or NaN (not sure);
 * - or, looked at only in blocks that are not all sure by the above,
 *   -2^51 <= x, y < 2^51: x and y convert exactly, and trunc(qd) is the
 *   quotient (if Q is not an integer, the next integer is at least 1/|y|
 *   away while |qd - Q| <= u |Q| < 1/(2|y|); fl of an integer quotient is
 *   itself), |quotient| <= 2^51.
 * The remainder is x - q y modulo 2^64: its true value is below |y| in
 * magnitude. Returns false, out untouched, unless all four lanes are sure:
 * divrem4 then does the block. */
INL __m256d i64_to_pd(__m256i v)
{
    /* v = hi 2^32 + lo, hi signed: (hi + 2^31) 2^32 is hi_u 2^32 with
     * hi_u = (v >> 32) ^ 2^31, unsigned; 2^84 + hi_u 2^32 minus
     * 2^84 + 2^63 + 2^52 is hi 2^32 - 2^52, a multiple of 2^32 below 2^64
     * in magnitude (exact); adding 2^52 + lo rounds once */
    const __m256i low_bits = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i exp52 = _mm256_set1_epi64x(0x4330000000000000);
    const __m256i exp84_flip = _mm256_set1_epi64x(0x4530000080000000);
    const __m256d bias = _mm256_set1_pd(0x1p84 + 0x1p63 + 0x1p52);
    __m256d lo = _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(v, low_bits), exp52));
    __m256d hi = _mm256_castsi256_pd(_mm256_xor_si256(_mm256_srli_epi64(v, 32), exp84_flip));
    return _mm256_add_pd(_mm256_sub_pd(hi, bias), lo);
}

INL bool divrem4_sure(bool rem, __m256i x, __m256i y, __m256i *out)
{
    const __m256i magic_i = _mm256_set1_epi64x(0x4338000000000000); /* 1.5 * 2^52 */
    __m256d qd = _mm256_div_pd(i64_to_pd(x), i64_to_pd(y));
    __m256d tl = _mm256_round_pd(_mm256_mul_pd(qd, _mm256_set1_pd(1 - 0x1p-50)), TOWARD_ZERO);
    __m256d th = _mm256_round_pd(_mm256_mul_pd(qd, _mm256_set1_pd(1 + 0x1p-50)), TOWARD_ZERO);
    __m256d qt = tl;
    if (_mm256_movemask_pd(_mm256_cmp_pd(tl, th, _CMP_EQ_OQ)) != 0xF) {
        const __m256i half_range = _mm256_set1_epi64x(INT64_C(1) << 51);
        __m256i wide = _mm256_or_si256(_mm256_add_epi64(x, half_range), _mm256_add_epi64(y, half_range));
        __m256i small = _mm256_cmpeq_epi64(_mm256_srli_epi64(wide, 52), _mm256_setzero_si256());
        __m256d sure = _mm256_or_pd(_mm256_cmp_pd(tl, th, _CMP_EQ_OQ), _mm256_castsi256_pd(small));
        if (_mm256_movemask_pd(sure) != 0xF)
            return false;
        qt = _mm256_round_pd(qd, TOWARD_ZERO);
    }
    /* |qt| <= 2^51: 1.5 * 2^52 + qt holds it in the low mantissa bits */
    __m256i q = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(qt, _mm256_castsi256_pd(magic_i))), magic_i);
    __m256i by_zero = _mm256_cmpeq_epi64(y, _mm256_setzero_si256());
    if (rem)
        *out = _mm256_blendv_epi8(_mm256_sub_epi64(x, mullo64(q, y)), x, by_zero);
    else
        *out = _mm256_or_si256(q, by_zero);
    return true;
}

AVX2 static void divrem_avx2(bool rem, const int64_t *a, const int64_t *b, int64_t *r, int64_t n)
{
    bool stream = (size_t)n * 8 >= STREAM_BYTES;
    int64_t i = head_count(stream, r, n);
    for (int64_t j = 0; j < i; j++)
        r[j] = divrem_one(rem, a[j], b[j]);
    for (; i + 4 <= n; i += 4) {
        unsigned slow = 0;
        __m256i x = LOAD4(a + i), y = LOAD4(b + i), v;
        if (rem ? !divrem4_sure(true, x, y, &v) : !divrem4_sure(false, x, y, &v))
            v = rem ? divrem4(true, x, y, &slow) : divrem4(false, x, y, &slow);
        if (slow) { /* before the store: r may be a or b */
            _Alignas(32) int64_t lanes[4];
            _mm256_store_si256((__m256i *)(void *)lanes, v);
            for (int j = 0; j < 4; j++)
                if (slow >> j & 1)
                    lanes[j] = divrem_one(rem, a[i + j], b[i + j]);
            v = _mm256_load_si256((const __m256i *)(const void *)lanes);
        }
        store4(stream, (uint64_t *)(void *)(r + i), v);
    }
    if (stream)
        _mm_sfence();
    for (; i < n; i++)
        r[i] = divrem_one(rem, a[i], b[i]);
}

/* ---- power ---------------------------------------------------------------- */

/* x * x modulo 2^64: lo^2 + (2 lo hi << 32), one multiply fewer */
INL __m256i sqrlo64(__m256i x)
{
    __m256i cross = _mm256_mul_epu32(x, _mm256_srli_epi64(x, 32));
    return _mm256_add_epi64(_mm256_mul_epu32(x, x), _mm256_slli_epi64(cross, 33));
}

/* b^e modulo 2^64 in fewer multiplies than kern_int_pow_fast (AVX2 has
 * no 64-bit multiply: 3 of 32 x 32 bits each, 2 for a square): 6 steps of
 * square-and-multiply leave r = b^(e mod 64) and B = b^64, and b^e =
 * r B^n for n = e >> 6.
 * - b even: B = 0 modulo 2^64, B^n = (n == 0).
 * - b odd: B = 1 + x with 2^8 | x (kern_int64.h: b^(2^j) = 1 + 2^(j+2) s),
 *   x = 2^8 y, y known modulo 2^56. B^n = sum C(n, j) 2^(8j) y^j, the terms
 *   j >= 8 vanish, and term j needs T_j = C(n, j) y^j only modulo
 *   2^(64 - 8j). T_1 = n y; j T_j = T_(j-1) (n - j + 1) y exactly, so with
 *   j = 2^v o (o odd) T_j = (P >> v) o^-1 for P = T_(j-1) (n - j + 1) y:
 *   P modulo 2^m gives T_j modulo 2^(m - v). T_1 ... T_4 are known modulo
 *   at least 2^53 this way (64-bit products), T_5 ... T_7 modulo 2^31
 *   (32-bit products, which are enough: they need 24, 16, 8 bits). For
 *   n < j the factor n - j + 1 hits 0 on the way: C(n, j) = 0.
 * f = 1 + sum T_j << 8j is B^n for an odd b. */
INL __m256i mul32(__m256i x, __m256i y) { return _mm256_mul_epu32(x, y); } /* low 32 bits correct */

INL __m256i pow_rest_odd(__m256i big_b, __m256i n)
{
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i inv3 = _mm256_set1_epi64x((int64_t)KERN_INV3_64);
    const __m256i inv3_32 = _mm256_set1_epi64x(0xAAAAAAAB), inv5_32 = _mm256_set1_epi64x(0xCCCCCCCD);
    const __m256i inv7_32 = _mm256_set1_epi64x(0xB6DB6DB7);
    __m256i y = _mm256_srli_epi64(_mm256_sub_epi64(big_b, one), 8);
    __m256i m1 = _mm256_sub_epi64(n, one), m2 = _mm256_sub_epi64(m1, one), m3 = _mm256_sub_epi64(m2, one);
    __m256i m4 = _mm256_sub_epi64(m3, one), m5 = _mm256_sub_epi64(m4, one), m6 = _mm256_sub_epi64(m5, one);
    __m256i t1 = mullo64(n, y);
    __m256i t2 = _mm256_srli_epi64(mullo64(mullo64(t1, m1), y), 1);
    __m256i t3 = mullo64(mullo64(mullo64(t2, m2), y), inv3);
    __m256i t4 = _mm256_srli_epi64(mullo64(mullo64(t3, m3), y), 2);
    __m256i t5 = mul32(mul32(mul32(t4, m4), y), inv5_32);
    __m256i t6 = mul32(_mm256_srli_epi64(mul32(mul32(t5, m5), y), 1), inv3_32);
    __m256i t7 = mul32(mul32(mul32(t6, m6), y), inv7_32);
    __m256i f = _mm256_add_epi64(one, _mm256_slli_epi64(t1, 8));
    f = _mm256_add_epi64(f, _mm256_add_epi64(_mm256_slli_epi64(t2, 16), _mm256_slli_epi64(t3, 24)));
    f = _mm256_add_epi64(f, _mm256_add_epi64(_mm256_slli_epi64(t4, 32), _mm256_slli_epi64(t5, 40)));
    return _mm256_add_epi64(f, _mm256_add_epi64(_mm256_slli_epi64(t6, 48), _mm256_slli_epi64(t7, 56)));
}

/* REF's power on POW_GROUPS vectors of four lanes, the steps above: the
 * groups are independent chains of multiplies, interleaved so that one's
 * latency hides behind the others'. */
enum { POW_GROUPS = 4, POW_BATCH = 4 * POW_GROUPS };

INL void pow_batch(__m256i *b, const __m256i *e)
{
    const __m256i one = _mm256_set1_epi64x(1), zero = _mm256_setzero_si256();
    __m256i acc[POW_GROUPS], odd[POW_GROUPS];
    for (int g = 0; g < POW_GROUPS; g++)
        odd[g] = _mm256_cmpeq_epi64(_mm256_and_si256(b[g], one), one);
    /* step k takes b or 1 by bit k of e, moved into the sign bit (step 0
     * into acc = 1: the factor itself) */
    for (int k = 0; k < 6; k++)
        for (int g = 0; g < POW_GROUPS; g++) {
            __m256d bit = _mm256_castsi256_pd(_mm256_slli_epi64(e[g], 63 - k));
            __m256i factor = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(one), _mm256_castsi256_pd(b[g]), bit));
            acc[g] = k == 0 ? factor : mullo64(acc[g], factor);
            b[g] = sqrlo64(b[g]);
        }
    for (int g = 0; g < POW_GROUPS; g++) {
        __m256i n = _mm256_srli_epi64(e[g], 6);
        __m256i f_even = _mm256_and_si256(_mm256_cmpeq_epi64(n, zero), one);
        b[g] = mullo64(acc[g], _mm256_blendv_epi8(f_even, pow_rest_odd(b[g], n), odd[g]));
    }
}

/* the lanes of kern_64_pow's hard elements: k a multiple of POW_BATCH,
 * padded */
AVX2 static void pow_hard_avx2(const uint64_t *base, const uint64_t *expo, const uint64_t *at, uint64_t *r, int k)
{
    for (int j = 0; j < k; j += POW_BATCH) {
        __m256i b[POW_GROUPS], e[POW_GROUPS];
        for (int g = 0; g < POW_GROUPS; g++) {
            b[g] = LOAD4(base + j + 4 * g);
            e[g] = LOAD4(expo + j + 4 * g);
        }
        _Alignas(32) uint64_t lanes[POW_BATCH];
        pow_batch(b, e);
        for (int g = 0; g < POW_GROUPS; g++)
            _mm256_store_si256((__m256i *)(void *)(lanes + 4 * g), b[g]);
        for (int l = 0; l < POW_BATCH; l++)
            r[at[j + l]] = lanes[l];
    }
}

#endif

void kern_i64_divrem(bool rem, const int64_t *a, const int64_t *b, int64_t *r, int64_t n)
{
#ifdef HAVE_AVX2_LOOPS
    if (isa_avx2()) {
        divrem_avx2(rem, a, b, r, n);
        return;
    }
#endif
    for (int64_t i = 0; i < n; i++)
        r[i] = divrem_one(rem, a[i], b[i]);
}

bool kern_64_shra_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
#ifdef HAVE_AVX2_LOOPS
    if (isa_avx2()) {
        shra_avx2(a, b, r, n);
        return true;
    }
#endif
    (void)a, (void)b, (void)r, (void)n;
    return false;
}

bool kern_64_clz_avx2(const uint64_t *a, uint64_t *r, int64_t n)
{
#ifdef HAVE_AVX2_LOOPS
    if (isa_avx2()) {
        clz_avx2(a, r, n);
        return true;
    }
#endif
    (void)a, (void)r, (void)n;
    return false;
}

/* Power in chunks, in two passes. The first gives every element whose
 * result needs no multiplication its result (SPEC.md 9.5.1, REF's int_pow
 * on the 64-bit pattern):
 * - a negative signed exponent: 1 for the base 1; for the base -1, -1 when
 *   the exponent is odd (|e| has e's parity), else 1; 0 for other bases;
 * - an even base and an exponent of at least 64: 2^64 divides b^e.
 * and copies the operands of the others (odd bases, and even ones with
 * exponents below 64), the hard ones, aside with their places; the second
 * computes those by kern_int_pow_fast, or by pow_batch where the host has
 * AVX2. On random patterns three elements in four are easy: the
 * first pass spares them the squarings, and decides without a branch on
 * the data (neg is a coin toss there). */
enum { POW_CHUNK = 512 };

static int pow_split(bool is_signed, const uint64_t *a, const uint64_t *b, uint64_t *out, int from, int len,
                     uint64_t *base, uint64_t *expo, uint64_t *at, int k)
{
    for (int i = from; i < len; i++) {
        uint64_t x = a[i], e = b[i];
        uint64_t neg = is_signed & (e >> 63);
        uint64_t minus_one_power = 1 - ((e & 1) << 1); /* 1 or -1 modulo 2^64 */
        uint64_t unit = (uint64_t)(x == 1) + (((uint64_t)0 - (x == UINT64_MAX)) & minus_one_power);
        out[i] = unit & ((uint64_t)0 - neg);
        base[k] = x;
        expo[k] = e;
        at[k] = (uint64_t)i;
        k += (int)((neg ^ 1) & ((x & 1) | (e < 64)));
    }
    return k;
}

#ifdef HAVE_AVX2_LOOPS
/* pow_split's first pass on four lanes at a time: the hard lanes are
 * packed to the front of each vector (vpermd by a table of the 16 lane
 * masks) and stored at base + k, k advanced by their count; the stores
 * reach 4 elements past the last hard one. */
AVX2 static int pow_split_avx2(bool is_signed, const uint64_t *a, const uint64_t *b, uint64_t *out, int len,
                               uint64_t *base, uint64_t *expo, uint64_t *at)
{
    static const int32_t pack[16][8] = {
        { 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0, 0, 0 }, { 2, 3, 0, 0, 0, 0, 0, 0 },
        { 0, 1, 2, 3, 0, 0, 0, 0 }, { 4, 5, 0, 0, 0, 0, 0, 0 }, { 0, 1, 4, 5, 0, 0, 0, 0 },
        { 2, 3, 4, 5, 0, 0, 0, 0 }, { 0, 1, 2, 3, 4, 5, 0, 0 }, { 6, 7, 0, 0, 0, 0, 0, 0 },
        { 0, 1, 6, 7, 0, 0, 0, 0 }, { 2, 3, 6, 7, 0, 0, 0, 0 }, { 0, 1, 2, 3, 6, 7, 0, 0 },
        { 4, 5, 6, 7, 0, 0, 0, 0 }, { 0, 1, 4, 5, 6, 7, 0, 0 }, { 2, 3, 4, 5, 6, 7, 0, 0 },
        { 0, 1, 2, 3, 4, 5, 6, 7 },
    };
    static const int8_t lanes_set[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
    const __m256i one = _mm256_set1_epi64x(1), zero = _mm256_setzero_si256();
    const __m256i all = _mm256_set1_epi64x(-1), sixty_four = _mm256_set1_epi64x(64);
    __m256i place = _mm256_setr_epi64x(0, 1, 2, 3);
    int k = 0, i = 0;
    for (; i + 4 <= len; i += 4) {
        __m256i x = LOAD4(a + i), e = LOAD4(b + i);
        __m256i neg = is_signed ? _mm256_cmpgt_epi64(zero, e) : zero;
        __m256i minus_one_power = _mm256_sub_epi64(one, _mm256_slli_epi64(_mm256_and_si256(e, one), 1));
        __m256i unit = _mm256_or_si256(_mm256_and_si256(_mm256_cmpeq_epi64(x, one), one),
                                       _mm256_and_si256(_mm256_cmpeq_epi64(x, all), minus_one_power));
        _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_and_si256(unit, neg));
        __m256i odd = _mm256_cmpeq_epi64(_mm256_and_si256(x, one), one);
        __m256i hard = _mm256_andnot_si256(neg, _mm256_or_si256(odd, cmpgt_u64(sixty_four, e)));
        int m = _mm256_movemask_pd(_mm256_castsi256_pd(hard));
        __m256i perm = _mm256_loadu_si256((const __m256i *)(const void *)pack[m]);
        _mm256_storeu_si256((__m256i *)(void *)(base + k), _mm256_permutevar8x32_epi32(x, perm));
        _mm256_storeu_si256((__m256i *)(void *)(expo + k), _mm256_permutevar8x32_epi32(e, perm));
        _mm256_storeu_si256((__m256i *)(void *)(at + k), _mm256_permutevar8x32_epi32(place, perm));
        place = _mm256_add_epi64(place, _mm256_set1_epi64x(4));
        k += lanes_set[m];
    }
    return pow_split(is_signed, a, b, out, i, len, base, expo, at, k);
}
#endif

void kern_64_pow(bool is_signed, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    enum { PAD = 16 }; /* room for the padding of the last batch (POW_BATCH - 1) and 4-lane stores */
    _Alignas(32) uint64_t base[POW_CHUNK + PAD], expo[POW_CHUNK + PAD], at[POW_CHUNK + PAD];
#ifdef HAVE_AVX2_LOOPS
    bool avx2 = isa_avx2();
#endif
    for (int64_t c = 0; c < n; c += POW_CHUNK) {
        int len = n - c < POW_CHUNK ? (int)(n - c) : POW_CHUNK;
        uint64_t *out = r + c;
#ifdef HAVE_AVX2_LOOPS
        if (avx2) {
            int k = pow_split_avx2(is_signed, a + c, b + c, out, len, base, expo, at);
            int padded = (k + POW_BATCH - 1) / POW_BATCH * POW_BATCH;
            for (int j = k; j < padded; j++) { /* the last hard element again, same result */
                base[j] = base[k - 1];
                expo[j] = expo[k - 1];
                at[j] = at[k - 1];
            }
            if (k)
                pow_hard_avx2(base, expo, at, out, padded);
            continue;
        }
#endif
        int k = pow_split(is_signed, a + c, b + c, out, 0, len, base, expo, at, 0);
        for (int j = 0; j < k; j++)
            out[at[j]] = kern_int_pow_fast(base[j], expo[j], true);
    }
}
