/* The AVX2 loops of the binary element-wise kernels (kern_ieee_arith.h lists
 * them; kern_binary.c calls them when kern_binary_avx2_usable()). Compiled
 * for the baseline target like every file: only these functions are built
 * for AVX2, FMA and F16C (target attributes). Every loop computes all lanes
 * branch-free, collects the lanes whose result is a NaN (or, for rem, lies
 * outside the fast path's proof) in a mask, and patches those lanes with
 * the scalar definition of kern_ieee_arith.h (fp_arith for APFloat's NaN
 * rules), so the bits are those of the portable loops. The patch values are
 * computed before the block's store: r may be a or b.
 *
 * Why the lanes are exact:
 * - bf16 / f16 +, -, *, / run in binary32 on exact operands: 24 >= 2p + 2
 *   (p = 8, 11) makes rounding the binary32 result once more into the
 *   format equal to one rounding (kern_ieee.h). vcvtph2ps is exact;
 *   vcvtps2ph with imm 0 (round to nearest even) is one correct rounding,
 *   overflow to Inf and f16 subnormals included. bf16 <- binary32 is the
 *   integer rounding of kern_f32_to_bf16.
 * - f32 +, -, *, / in binary32 and c64's products and sums likewise: the
 *   correctly rounded result, which is what binary64 and one rounding
 *   into binary32 give (53 >= 2 * 24 + 2); f64 natively.
 * - rem: see rem_small_pd and rem_f64_pd below.
 * - a lane whose operation is invalid (Inf - Inf, 0 / 0, x rem 0, ...) on
 *   non-NaN operands takes kern_invalid_result, asked of fp_arith at the
 *   call's first such lane (invalid_nan); a lane with a NaN operand takes
 *   SPEC.md 3.7's NaN (nan_operand_result), as fp_arith would.
 * - i32 division, remainder and power: see i32_divrem8 and
 *   kern_int64.h's kern_int_pow_fast (i64: kern_int64.c).
 * - maximum / minimum select a pattern by an integer key (sign-magnitude
 *   turned into two's complement), which orders every non-NaN value as
 *   llvm::maximum does, -0 below +0; equal keys are equal patterns.
 * - the complex product takes 4.6's four rounded products and one rounded
 *   difference and sum (no FMA); the sum ad + bc is formed as bc + ad,
 *   which is the same IEEE sum. */
#include "kernels/math/kern_ieee_arith.h"

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#include "kernels/kern.h"
#include "kernels/kern_binary_avx2.h"
#include "util/isa.h"

#define AVX2 __attribute__((target("avx2,fma,f16c")))
#define INL static inline __attribute__((always_inline)) AVX2

bool kern_binary_avx2_usable(void) { return isa_avx2_f16c(); }

/* ---- bf16 / f16 ---------------------------------------------------------- */

/* Eight bf16 / f16 patterns as exact binary32 values (NaNs stay NaNs). */
INL __m256 half_load8(bool bf, const uint16_t *p)
{
    __m128i h = _mm_loadu_si128((const __m128i *)(const void *)p);
    if (bf)
        return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
    return _mm256_cvtph_ps(h);
}

/* Eight binary32 values rounded to nearest even into bf16 / f16 (lanes
 * holding a NaN give some pattern; the caller patches them). */
INL __m128i half_round8(bool bf, __m256 v)
{
    if (!bf)
        return _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
    __m256i u = _mm256_castps_si256(v);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    u = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7FFF)), lsb), 16);
    /* the lanes are in 0..0xFFFF: the saturating pack keeps them */
    __m256i p = _mm256_packus_epi32(u, u);
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(p, 0x08));
}

INL unsigned nan_mask_ps(__m256 v) { return (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)); }
INL unsigned nan_mask_pd(__m256d v) { return (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(v, v, _CMP_UNORD_Q)); }

/* x op y, x the instruction's first source whatever the compiler would
 * prefer (it may swap the operands of an intrinsic add or multiply): x86
 * then gives a lane with a NaN operand x's NaN if it is one, else y's, made
 * quiet, which is SPEC.md 3.7's NaN; only invalid operations give the
 * default NaN, which the callers patch. */
#define FIRST_SOURCE_OP(INSN, R, X, Y) __asm__(INSN " {%2, %1, %0|%0, %1, %2}" : "=x"(R) : "x"(X), "xm"(Y))

INL __m256 op_ps(fp_binop op, __m256 x, __m256 y)
{
    __m256 r;
    switch (op) {
    case FPOP_ADD: FIRST_SOURCE_OP("vaddps", r, x, y); return r;
    case FPOP_SUB: FIRST_SOURCE_OP("vsubps", r, x, y); return r;
    case FPOP_MUL: FIRST_SOURCE_OP("vmulps", r, x, y); return r;
    case FPOP_DIV:
    case FPOP_REM: /* not a lane operation: the callers pass DIV only */
    case FPOP_COUNT: break;
    }
    FIRST_SOURCE_OP("vdivps", r, x, y);
    return r;
}

INL __m256d op_pd(fp_binop op, __m256d x, __m256d y)
{
    __m256d r;
    switch (op) {
    case FPOP_ADD: FIRST_SOURCE_OP("vaddpd", r, x, y); return r;
    case FPOP_SUB: FIRST_SOURCE_OP("vsubpd", r, x, y); return r;
    case FPOP_MUL: FIRST_SOURCE_OP("vmulpd", r, x, y); return r;
    case FPOP_DIV:
    case FPOP_REM: /* not a lane operation: the callers pass DIV only */
    case FPOP_COUNT: break;
    }
    FIRST_SOURCE_OP("vdivpd", r, x, y);
    return r;
}

/* The remainder of |x| by |y| with the sign of x for values of binary32
 * (bf16 / f16 values are binary32 values), in binary64; *ok has a lane
 * set where the result is fmod(x, y).
 * Let Q = |x|/|y| exactly, qt = trunc(Q), rt = fmod(|x|, |y|) in [0, |y|).
 * The lane is taken when fl(Q) < 2^29 and |y| is finite (so x, y are not
 * NaN, x is finite, y is not 0).
 * 1. fl(Q) >= qt: rounding is monotonic and qt <= Q is a binary64 number.
 *    fl(Q) <= qt + 1 likewise (Q < qt + 1 <= 2^29). So q = trunc(fl(Q)) is
 *    qt or qt + 1, and q < 2^29.
 * 2. q * |y| is exact: q has at most 29 significant bits, |y| 24, the
 *    product 53; no overflow or underflow in binary64.
 * 3. |x| - q|y| is rt or rt - |y|, and exact: let u = ulp32(|y|). If
 *    ulp32(|x|) >= u, both are multiples of u of magnitude at most |y| <
 *    2^24 u (25 bits at most). Otherwise |x| < 2^24 ulp32(|x|) <=
 *    2^23 u <= |y| (|y| is normal, its ulp being above the least one), so
 *    |x| <= pred32(|y|) <= (1 - 2^-24)|y|, fl(Q) <= 1 - 2^-24 and q = 0:
 *    the difference is |x|.
 * 4. If it is negative it is rt - |y|, and adding |y| gives rt exactly (rt
 *    is a binary32 number: fmod is exact).
 * 5. fmod(x, y) is rt with the sign of x (a zero too): or-ing the sign of x
 *    into the non-negative rt. The binary64 -> binary32 (-> bf16 / f16)
 *    conversion of rt is exact. */
INL __m256d rem_small_pd(__m256d x, __m256d y, __m256d *ok)
{
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    __m256d ax = _mm256_andnot_pd(sign, x), ay = _mm256_andnot_pd(sign, y);
    __m256d Q = _mm256_div_pd(ax, ay);
    *ok = _mm256_and_pd(_mm256_cmp_pd(Q, _mm256_set1_pd(0x1p29), _CMP_LT_OQ),
                        _mm256_cmp_pd(ay, _mm256_set1_pd(INFINITY), _CMP_LT_OQ));
    __m256d q = _mm256_round_pd(Q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_sub_pd(ax, _mm256_mul_pd(q, ay));
    r = _mm256_add_pd(r, _mm256_and_pd(_mm256_cmp_pd(r, zero, _CMP_LT_OQ), ay));
    return _mm256_or_pd(r, _mm256_and_pd(x, sign));
}

/* Eight remainders of binary32 values; *bad gets the lanes to patch. */
INL __m256 rem_small_ps(__m256 x, __m256 y, unsigned *bad)
{
    __m256d ok0, ok1;
    __m256d r0 = rem_small_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(x)),
                              _mm256_cvtps_pd(_mm256_castps256_ps128(y)), &ok0);
    __m256d r1 = rem_small_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)),
                              _mm256_cvtps_pd(_mm256_extractf128_ps(y, 1)), &ok1);
    *bad = ~((unsigned)_mm256_movemask_pd(ok0) | (unsigned)_mm256_movemask_pd(ok1) << 4) & 0xFFu;
    return _mm256_set_m128(_mm256_cvtpd_ps(r1), _mm256_cvtpd_ps(r0));
}

/* kern_invalid_result of one call, asked of fp_arith at its first invalid
 * lane and kept for the rest: not on the common path, where a call on a
 * small tensor (a loop body's) would pay a few hundred instructions for it
 * every time. */
typedef struct {
    fp_id f;
    fp_binop op;
    bool ready;
    uint64_t v;
} invalid_nan;

static inline uint64_t invalid_nan_get(invalid_nan *q)
{
    if (!q->ready) {
        q->v = kern_invalid_result(q->f, q->op);
        q->ready = true;
    }
    return q->v;
}

/* The result of +, -, *, / or rem with a NaN operand (SPEC.md 3.7, rules 1
 * and 2): the left operand's NaN if it is one, else the right one's, made
 * quiet, sign and payload kept. What fp_arith returns, without decoding:
 * a tensor full of NaN costs little more than one of numbers. */
static inline uint64_t nan_operand_result(uint64_t a, uint64_t b, uint64_t abs_mask, uint64_t inf, uint64_t quiet)
{
    return ((a & abs_mask) > inf ? a : b) | quiet;
}

/* The lanes of v whose operand x or y is a NaN take SPEC.md 3.7's NaN (x's
 * if it is one, else y's, made quiet); those lanes leave *bad, so that only
 * invalid operations (and rem's lanes outside its proof) stay for the
 * scalar patch. bf16 and f16 operands are binary32 here: their quiet bit
 * is binary32's, and the rounding back keeps a NaN's payload. */
INL __m256 nan_operands_ps(__m256 x, __m256 y, __m256 v, unsigned *bad)
{
    __m256 quiet = _mm256_castsi256_ps(_mm256_set1_epi32(0x00400000));
    __m256 nx = _mm256_cmp_ps(x, x, _CMP_UNORD_Q), ny = _mm256_cmp_ps(y, y, _CMP_UNORD_Q);
    v = _mm256_blendv_ps(v, _mm256_or_ps(y, quiet), ny);
    v = _mm256_blendv_ps(v, _mm256_or_ps(x, quiet), nx);
    *bad &= ~(unsigned)_mm256_movemask_ps(_mm256_or_ps(nx, ny));
    return v;
}

INL __m256d nan_operands_pd(__m256d x, __m256d y, __m256d v, unsigned *bad)
{
    __m256d quiet = _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_C(1) << 51));
    __m256d nx = _mm256_cmp_pd(x, x, _CMP_UNORD_Q), ny = _mm256_cmp_pd(y, y, _CMP_UNORD_Q);
    v = _mm256_blendv_pd(v, _mm256_or_pd(y, quiet), ny);
    v = _mm256_blendv_pd(v, _mm256_or_pd(x, quiet), nx);
    *bad &= ~(unsigned)_mm256_movemask_pd(_mm256_or_pd(nx, ny));
    return v;
}

/* Eight results of a bf16 / f16 operation at a, b into r. */
INL void half_arith8(bool bf, fp_id f, fp_binop op, invalid_nan *inv, const uint16_t *a, const uint16_t *b,
                     uint16_t *r)
{
    __m256 x = half_load8(bf, a), y = half_load8(bf, b), v;
    unsigned bad;
    if (op == FPOP_REM) {
        v = rem_small_ps(x, y, &bad);
    } else {
        v = op_ps(op, x, y);
        /* the lanes with a NaN operand already hold their NaN (tested
         * without a branch: a tensor of NaNs runs as one of numbers) */
        bad = nan_mask_ps(v) & ~(unsigned)_mm256_movemask_ps(_mm256_cmp_ps(x, y, _CMP_UNORD_Q));
    }
    if (op == FPOP_REM && __builtin_expect(bad != 0, 0))
        v = nan_operands_ps(x, y, v, &bad);
    __m128i h = half_round8(bf, v);
    if (__builtin_expect(bad != 0, 0)) {
        uint16_t out[8];
        _mm_storeu_si128((__m128i *)(void *)out, h);
        for (unsigned m = bad; m; m &= m - 1) {
            int j = __builtin_ctz(m);
            uint16_t mag_a = a[j] & 0x7FFFu, mag_b = b[j] & 0x7FFFu, inf = bf ? 0x7F80u : 0x7C00u;
            if (mag_a > inf || mag_b > inf)
                out[j] = (uint16_t)nan_operand_result(a[j], b[j], 0x7FFFu, inf, bf ? 0x40u : 0x200u);
            else if (op != FPOP_REM || mag_b == 0 || mag_a == inf)
                out[j] = (uint16_t)invalid_nan_get(inv);
            else
                out[j] = kern_half_arith(bf, f, op, a[j], b[j]);
        }
        h = _mm_loadu_si128((const __m128i *)(const void *)out);
    }
    _mm_storeu_si128((__m128i *)(void *)r, h);
}

INL void half_arith_loop(bool bf, fp_id f, fp_binop op, const uint16_t *a, const uint16_t *b,
                         uint16_t *r, int64_t n)
{
    invalid_nan inv = { f, op, false, 0 };
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        half_arith8(bf, f, op, &inv, a + i, b + i, r + i);
        half_arith8(bf, f, op, &inv, a + i + 8, b + i + 8, r + i + 8);
    }
    for (; i < n; i += 8) {
        int64_t k = n - i < 8 ? n - i : 8;
        uint16_t x[8] = { 0 }, y[8] = { 0 }, z[8];
        memcpy(x, a + i, (size_t)k * 2);
        memcpy(y, b + i, (size_t)k * 2);
        half_arith8(bf, f, op, &inv, x, y, z);
        memcpy(r + i, z, (size_t)k * 2);
    }
}

AVX2 void kern_half_arith_avx2(bool bf, fp_id f, fp_binop op, const uint16_t *a, const uint16_t *b,
                               uint16_t *r, int64_t n)
{
#define HALF_CASE(BF, OP) half_arith_loop(BF, f, OP, a, b, r, n)
#define HALF_OPS(BF)                                                                                  \
    switch (op) {                                                                                     \
    case FPOP_ADD: HALF_CASE(BF, FPOP_ADD); break;                                                    \
    case FPOP_SUB: HALF_CASE(BF, FPOP_SUB); break;                                                    \
    case FPOP_MUL: HALF_CASE(BF, FPOP_MUL); break;                                                    \
    case FPOP_DIV: HALF_CASE(BF, FPOP_DIV); break;                                                    \
    case FPOP_REM: HALF_CASE(BF, FPOP_REM); break;                                                    \
    case FPOP_COUNT: break;                                                                           \
    }
    if (bf) {
        HALF_OPS(true)
    } else {
        HALF_OPS(false)
    }
#undef HALF_OPS
#undef HALF_CASE
}

/* ---- maximum / minimum -------------------------------------------------- */

/* llvm::maximum / minimum (kern_fmaxmin) on 16 bf16 / f16 patterns: a NaN
 * operand (left first) made quiet, else the pattern of the larger /
 * smaller key, a on equal keys. */
INL __m256i half_maxmin16(bool bf, bool is_max, __m256i a, __m256i b)
{
    const __m256i mag = _mm256_set1_epi16(0x7FFF);
    const __m256i inf = _mm256_set1_epi16(bf ? 0x7F80 : 0x7C00);
    const __m256i quiet = _mm256_set1_epi16(bf ? 0x0040 : 0x0200);
    __m256i ka = _mm256_xor_si256(a, _mm256_and_si256(_mm256_srai_epi16(a, 15), mag));
    __m256i kb = _mm256_xor_si256(b, _mm256_and_si256(_mm256_srai_epi16(b, 15), mag));
    __m256i take_b = is_max ? _mm256_cmpgt_epi16(kb, ka) : _mm256_cmpgt_epi16(ka, kb);
    __m256i r = _mm256_blendv_epi8(a, b, take_b);
    __m256i na = _mm256_cmpgt_epi16(_mm256_and_si256(a, mag), inf);
    __m256i nb = _mm256_cmpgt_epi16(_mm256_and_si256(b, mag), inf);
    r = _mm256_blendv_epi8(r, _mm256_or_si256(b, quiet), nb);
    return _mm256_blendv_epi8(r, _mm256_or_si256(a, quiet), na);
}

INL __m256i f32_maxmin8(bool is_max, __m256i a, __m256i b)
{
    const __m256i mag = _mm256_set1_epi32(0x7FFFFFFF);
    const __m256i inf = _mm256_set1_epi32(0x7F800000);
    const __m256i quiet = _mm256_set1_epi32(0x00400000);
    __m256i ka = _mm256_xor_si256(a, _mm256_and_si256(_mm256_srai_epi32(a, 31), mag));
    __m256i kb = _mm256_xor_si256(b, _mm256_and_si256(_mm256_srai_epi32(b, 31), mag));
    __m256i take_b = is_max ? _mm256_cmpgt_epi32(kb, ka) : _mm256_cmpgt_epi32(ka, kb);
    __m256i r = _mm256_blendv_epi8(a, b, take_b);
    __m256i na = _mm256_cmpgt_epi32(_mm256_and_si256(a, mag), inf);
    __m256i nb = _mm256_cmpgt_epi32(_mm256_and_si256(b, mag), inf);
    r = _mm256_blendv_epi8(r, _mm256_or_si256(b, quiet), nb);
    return _mm256_blendv_epi8(r, _mm256_or_si256(a, quiet), na);
}

INL __m256i f64_maxmin4(bool is_max, __m256i a, __m256i b)
{
    const __m256i mag = _mm256_set1_epi64x(INT64_MAX);
    const __m256i inf = _mm256_set1_epi64x(INT64_C(0x7FF0000000000000));
    const __m256i quiet = _mm256_set1_epi64x(INT64_C(0x0008000000000000));
    const __m256i zero = _mm256_setzero_si256();
    __m256i ka = _mm256_xor_si256(a, _mm256_and_si256(_mm256_cmpgt_epi64(zero, a), mag));
    __m256i kb = _mm256_xor_si256(b, _mm256_and_si256(_mm256_cmpgt_epi64(zero, b), mag));
    __m256i take_b = is_max ? _mm256_cmpgt_epi64(kb, ka) : _mm256_cmpgt_epi64(ka, kb);
    __m256i r = _mm256_blendv_epi8(a, b, take_b);
    __m256i na = _mm256_cmpgt_epi64(_mm256_and_si256(a, mag), inf);
    __m256i nb = _mm256_cmpgt_epi64(_mm256_and_si256(b, mag), inf);
    r = _mm256_blendv_epi8(r, _mm256_or_si256(b, quiet), nb);
    return _mm256_blendv_epi8(r, _mm256_or_si256(a, quiet), na);
}

#define LOADI(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREI(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* A loop over 32-byte blocks of W-byte elements doing BODY(a, b, r) on
 * pointers to one block; the tail runs BODY on zero-padded copies. */
#define BLOCK_LOOP(W, A, B, R, N, BODY)                                                          \
    do {                                                                                         \
        const int64_t per_ = 32 / (W);                                                           \
        int64_t i_ = 0;                                                                          \
        for (; i_ + per_ <= (N); i_ += per_)                                                     \
            BODY((A) + i_, (B) + i_, (R) + i_);                                                  \
        if (i_ < (N)) {                                                                          \
            size_t k_ = (size_t)((N) - i_) * (W);                                                \
            _Alignas(32) unsigned char x_[32] = { 0 }, y_[32] = { 0 }, z_[32];                   \
            memcpy(x_, (A) + i_, k_);                                                            \
            memcpy(y_, (B) + i_, k_);                                                            \
            BODY((const void *)x_, (const void *)y_, (void *)z_);                                \
            memcpy((R) + i_, z_, k_);                                                            \
        }                                                                                        \
    } while (0)

AVX2 void kern_half_maxmin_avx2(bool bf, bool is_max, const uint16_t *a, const uint16_t *b, uint16_t *r,
                                int64_t n)
{
#define MM16(BF, MAX) BLOCK_LOOP(2, a, b, r, n, BODY16_##BF##_##MAX)
#define BODY16(BF, MAX, pa, pb, pr) STOREI(pr, half_maxmin16(BF, MAX, LOADI(pa), LOADI(pb)))
#define BODY16_1_1(pa, pb, pr) BODY16(true, true, pa, pb, pr)
#define BODY16_1_0(pa, pb, pr) BODY16(true, false, pa, pb, pr)
#define BODY16_0_1(pa, pb, pr) BODY16(false, true, pa, pb, pr)
#define BODY16_0_0(pa, pb, pr) BODY16(false, false, pa, pb, pr)
    if (bf && is_max)
        MM16(1, 1);
    else if (bf)
        MM16(1, 0);
    else if (is_max)
        MM16(0, 1);
    else
        MM16(0, 0);
}

#define BODY32_1(pa, pb, pr) STOREI(pr, f32_maxmin8(true, LOADI(pa), LOADI(pb)))
#define BODY32_0(pa, pb, pr) STOREI(pr, f32_maxmin8(false, LOADI(pa), LOADI(pb)))
#define BODY64_1(pa, pb, pr) STOREI(pr, f64_maxmin4(true, LOADI(pa), LOADI(pb)))
#define BODY64_0(pa, pb, pr) STOREI(pr, f64_maxmin4(false, LOADI(pa), LOADI(pb)))

AVX2 void kern_f32_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    if (is_max)
        BLOCK_LOOP(4, a, b, r, n, BODY32_1);
    else
        BLOCK_LOOP(4, a, b, r, n, BODY32_0);
}

AVX2 void kern_f64_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    if (is_max)
        BLOCK_LOOP(8, a, b, r, n, BODY64_1);
    else
        BLOCK_LOOP(8, a, b, r, n, BODY64_0);
}

/* ---- f32 / f64 ------------------------------------------------------------ */

INL void f32_arith8(fp_binop op, invalid_nan *inv, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    __m256 x = _mm256_castsi256_ps(LOADI(a)), y = _mm256_castsi256_ps(LOADI(b)), v;
    unsigned bad;
    if (op == FPOP_REM) {
        v = rem_small_ps(x, y, &bad);
    } else {
        v = op_ps(op, x, y);
        /* the lanes with a NaN operand already hold their NaN (tested
         * without a branch: a tensor of NaNs runs as one of numbers) */
        bad = nan_mask_ps(v) & ~(unsigned)_mm256_movemask_ps(_mm256_cmp_ps(x, y, _CMP_UNORD_Q));
    }
    if (op == FPOP_REM && __builtin_expect(bad != 0, 0))
        v = nan_operands_ps(x, y, v, &bad);
    if (__builtin_expect(bad != 0, 0)) {
        uint32_t out[8];
        _mm256_storeu_ps((float *)(void *)out, v);
        for (unsigned m = bad; m; m &= m - 1) {
            int j = __builtin_ctz(m);
            uint32_t mag_a = a[j] & 0x7FFFFFFFu, mag_b = b[j] & 0x7FFFFFFFu, inf = 0x7F800000u;
            if (mag_a > inf || mag_b > inf)
                out[j] = (uint32_t)nan_operand_result(a[j], b[j], 0x7FFFFFFFu, inf, 0x400000u);
            else if (op != FPOP_REM || mag_b == 0 || mag_a == inf)
                out[j] = (uint32_t)invalid_nan_get(inv);
            else
                out[j] = kern_f32_arith(op, a[j], b[j]);
        }
        v = _mm256_loadu_ps((const float *)(const void *)out);
    }
    _mm256_storeu_ps((float *)(void *)r, v);
}

/* fmod of binary64 values, exact, for quotients below 2^52 (FMA):
 * with Q, qt, rt as in rem_small_pd and the lane taken when fl(Q) < 2^52
 * and |y| is finite,
 * 1. q = trunc(fl(Q)) is qt or qt + 1 (as there: qt and qt + 1 <= 2^52 are
 *    binary64 numbers).
 * 2. |x| - q|y| is rt or rt - |y| and a binary64 number: with u = ulp(|y|),
 *    if ulp(|x|) >= u both are multiples of u below 2^53 u in magnitude;
 *    otherwise |x| < 2^53 ulp(|x|) <= 2^52 u <= |y| (|y| normal), |x| <=
 *    pred(|y|) <= (1 - 2^-53)|y|, fl(Q) <= 1 - 2^-53, q = 0.
 * 3. fma(-q, |y|, |x|) rounds that exact value once, so it is exact; the
 *    correction and the sign are rem_small_pd's steps 4 and 5. */
INL __m256d rem_f64_pd(__m256d x, __m256d y, unsigned *bad)
{
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    __m256d ax = _mm256_andnot_pd(sign, x), ay = _mm256_andnot_pd(sign, y);
    __m256d Q = _mm256_div_pd(ax, ay);
    __m256d ok = _mm256_and_pd(_mm256_cmp_pd(Q, _mm256_set1_pd(0x1p52), _CMP_LT_OQ),
                               _mm256_cmp_pd(ay, _mm256_set1_pd(INFINITY), _CMP_LT_OQ));
    __m256d q = _mm256_round_pd(Q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_fnmadd_pd(q, ay, ax);
    r = _mm256_add_pd(r, _mm256_and_pd(_mm256_cmp_pd(r, zero, _CMP_LT_OQ), ay));
    *bad = ~(unsigned)_mm256_movemask_pd(ok) & 0xFu;
    return _mm256_or_pd(r, _mm256_and_pd(x, sign));
}

INL void f64_arith4(fp_binop op, invalid_nan *inv, const uint64_t *a, const uint64_t *b, uint64_t *r)
{
    __m256d x = _mm256_castsi256_pd(LOADI(a)), y = _mm256_castsi256_pd(LOADI(b)), v;
    unsigned bad;
    if (op == FPOP_REM) {
        v = rem_f64_pd(x, y, &bad);
    } else {
        v = op_pd(op, x, y);
        /* the lanes with a NaN operand already hold their NaN */
        bad = nan_mask_pd(v) & ~(unsigned)_mm256_movemask_pd(_mm256_cmp_pd(x, y, _CMP_UNORD_Q));
    }
    if (op == FPOP_REM && __builtin_expect(bad != 0, 0))
        v = nan_operands_pd(x, y, v, &bad);
    if (__builtin_expect(bad != 0, 0)) {
        uint64_t out[4];
        _mm256_storeu_pd((double *)(void *)out, v);
        for (unsigned m = bad; m; m &= m - 1) {
            int j = __builtin_ctz(m);
            uint64_t mag_a = a[j] & ~(UINT64_C(1) << 63), mag_b = b[j] & ~(UINT64_C(1) << 63);
            uint64_t inf = UINT64_C(0x7FF0000000000000);
            if (mag_a > inf || mag_b > inf)
                out[j] = nan_operand_result(a[j], b[j], ~(UINT64_C(1) << 63), inf, UINT64_C(1) << 51);
            else if (op != FPOP_REM || mag_b == 0 || mag_a == inf)
                out[j] = invalid_nan_get(inv);
            else
                out[j] = kern_f64_arith(op, a[j], b[j]);
        }
        v = _mm256_loadu_pd((const double *)(const void *)out);
    }
    _mm256_storeu_pd((double *)(void *)r, v);
}

#define BODY_F32_ADD(pa, pb, pr) f32_arith8(FPOP_ADD, &inv, pa, pb, pr)
#define BODY_F32_SUB(pa, pb, pr) f32_arith8(FPOP_SUB, &inv, pa, pb, pr)
#define BODY_F32_MUL(pa, pb, pr) f32_arith8(FPOP_MUL, &inv, pa, pb, pr)
#define BODY_F32_DIV(pa, pb, pr) f32_arith8(FPOP_DIV, &inv, pa, pb, pr)
#define BODY_F32_REM(pa, pb, pr) f32_arith8(FPOP_REM, &inv, pa, pb, pr)
#define BODY_F64_ADD(pa, pb, pr) f64_arith4(FPOP_ADD, &inv, pa, pb, pr)
#define BODY_F64_SUB(pa, pb, pr) f64_arith4(FPOP_SUB, &inv, pa, pb, pr)
#define BODY_F64_MUL(pa, pb, pr) f64_arith4(FPOP_MUL, &inv, pa, pb, pr)
#define BODY_F64_DIV(pa, pb, pr) f64_arith4(FPOP_DIV, &inv, pa, pb, pr)
#define BODY_F64_REM(pa, pb, pr) f64_arith4(FPOP_REM, &inv, pa, pb, pr)

AVX2 void kern_f32_arith_avx2(fp_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    invalid_nan inv = { FP_F32, op, false, 0 };
    switch (op) {
    case FPOP_ADD: BLOCK_LOOP(4, a, b, r, n, BODY_F32_ADD); break;
    case FPOP_SUB: BLOCK_LOOP(4, a, b, r, n, BODY_F32_SUB); break;
    case FPOP_MUL: BLOCK_LOOP(4, a, b, r, n, BODY_F32_MUL); break;
    case FPOP_DIV: BLOCK_LOOP(4, a, b, r, n, BODY_F32_DIV); break;
    case FPOP_REM: BLOCK_LOOP(4, a, b, r, n, BODY_F32_REM); break;
    case FPOP_COUNT: break;
    }
}

AVX2 void kern_f64_arith_avx2(fp_binop op, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    invalid_nan inv = { FP_F64, op, false, 0 };
    switch (op) {
    case FPOP_ADD: BLOCK_LOOP(8, a, b, r, n, BODY_F64_ADD); break;
    case FPOP_SUB: BLOCK_LOOP(8, a, b, r, n, BODY_F64_SUB); break;
    case FPOP_MUL: BLOCK_LOOP(8, a, b, r, n, BODY_F64_MUL); break;
    case FPOP_DIV: BLOCK_LOOP(8, a, b, r, n, BODY_F64_DIV); break;
    case FPOP_REM: BLOCK_LOOP(8, a, b, r, n, BODY_F64_REM); break;
    case FPOP_COUNT: break;
    }
}

/* ---- complex -------------------------------------------------------------- */

/* Four c64 products: [ar br, ai br] and [ai bi, ar bi], then addsub:
 * [ar br - ai bi, ai br + ar bi]. A NaN in either part sends the element
 * to kern_cmul32 (a NaN anywhere in the steps reaches the result). */
INL void c64_mul4(const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    __m256 x = _mm256_castsi256_ps(LOADI(a)), y = _mm256_castsi256_ps(LOADI(b));
    __m256 p1 = _mm256_mul_ps(x, _mm256_moveldup_ps(y));
    __m256 p2 = _mm256_mul_ps(_mm256_permute_ps(x, 0xB1), _mm256_movehdup_ps(y));
    __m256 v = _mm256_addsub_ps(p1, p2);
    unsigned bad = nan_mask_ps(v);
    if (__builtin_expect(bad != 0, 0)) {
        uint32_t out[8];
        _mm256_storeu_ps((float *)(void *)out, v);
        for (int e = 0; e < 4; e++)
            if (bad >> (2 * e) & 3u)
                kern_cmul32(a[2 * e], a[2 * e + 1], b[2 * e], b[2 * e + 1], &out[2 * e], &out[2 * e + 1]);
        v = _mm256_loadu_ps((const float *)(const void *)out);
    }
    _mm256_storeu_ps((float *)(void *)r, v);
}

INL void c128_mul2(const uint64_t *a, const uint64_t *b, uint64_t *r)
{
    __m256d x = _mm256_castsi256_pd(LOADI(a)), y = _mm256_castsi256_pd(LOADI(b));
    __m256d p1 = _mm256_mul_pd(x, _mm256_movedup_pd(y));
    __m256d p2 = _mm256_mul_pd(_mm256_permute_pd(x, 0x5), _mm256_permute_pd(y, 0xF));
    __m256d v = _mm256_addsub_pd(p1, p2);
    unsigned bad = nan_mask_pd(v);
    if (__builtin_expect(bad != 0, 0)) {
        uint64_t out[4];
        _mm256_storeu_pd((double *)(void *)out, v);
        for (int e = 0; e < 2; e++)
            if (bad >> (2 * e) & 3u)
                kern_cmul64(a[2 * e], a[2 * e + 1], b[2 * e], b[2 * e + 1], &out[2 * e], &out[2 * e + 1]);
        v = _mm256_loadu_pd((const double *)(const void *)out);
    }
    _mm256_storeu_pd((double *)(void *)r, v);
}

/* REF's complex maximum / minimum: real parts compared (IEEE), on equality
 * the imaginary parts; a false comparison selects b. The decision is made
 * in the real lane and copied to the imaginary one. */
INL void c64_maxmin4(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
    __m256 x = _mm256_castsi256_ps(LOADI(a)), y = _mm256_castsi256_ps(LOADI(b));
    __m256 eq = _mm256_cmp_ps(x, y, _CMP_EQ_OQ);
    __m256 gt = is_max ? _mm256_cmp_ps(x, y, _CMP_GT_OQ) : _mm256_cmp_ps(x, y, _CMP_LT_OQ);
    __m256 take = _mm256_blendv_ps(gt, _mm256_permute_ps(gt, 0xB1), eq);
    take = _mm256_moveldup_ps(take);
    _mm256_storeu_ps((float *)(void *)r, _mm256_blendv_ps(y, x, take));
}

INL void c128_maxmin2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r)
{
    __m256d x = _mm256_castsi256_pd(LOADI(a)), y = _mm256_castsi256_pd(LOADI(b));
    __m256d eq = _mm256_cmp_pd(x, y, _CMP_EQ_OQ);
    __m256d gt = is_max ? _mm256_cmp_pd(x, y, _CMP_GT_OQ) : _mm256_cmp_pd(x, y, _CMP_LT_OQ);
    __m256d take = _mm256_blendv_pd(gt, _mm256_permute_pd(gt, 0x5), eq);
    take = _mm256_movedup_pd(take);
    _mm256_storeu_pd((double *)(void *)r, _mm256_blendv_pd(y, x, take));
}

#define BODY_C64_MUL(pa, pb, pr) c64_mul4(pa, pb, pr)
#define BODY_C128_MUL(pa, pb, pr) c128_mul2(pa, pb, pr)
#define BODY_C64_MAX(pa, pb, pr) c64_maxmin4(true, pa, pb, pr)
#define BODY_C64_MIN(pa, pb, pr) c64_maxmin4(false, pa, pb, pr)
#define BODY_C128_MAX(pa, pb, pr) c128_maxmin2(true, pa, pb, pr)
#define BODY_C128_MIN(pa, pb, pr) c128_maxmin2(false, pa, pb, pr)

/* the complex loops run over parts: 2n of them, blocks of whole elements */
AVX2 void kern_c64_mul_avx2(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    BLOCK_LOOP(4, a, b, r, 2 * n, BODY_C64_MUL);
}

AVX2 void kern_c128_mul_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    BLOCK_LOOP(8, a, b, r, 2 * n, BODY_C128_MUL);
}

AVX2 void kern_c64_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    if (is_max)
        BLOCK_LOOP(4, a, b, r, 2 * n, BODY_C64_MAX);
    else
        BLOCK_LOOP(4, a, b, r, 2 * n, BODY_C64_MIN);
}

AVX2 void kern_c128_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    if (is_max)
        BLOCK_LOOP(8, a, b, r, 2 * n, BODY_C128_MAX);
    else
        BLOCK_LOOP(8, a, b, r, 2 * n, BODY_C128_MIN);
}


/* ---- integers ------------------------------------------------------------- */

/* XLA's signed division (x / 0 = -1, INT_MIN / -1 = INT_MIN) and remainder
 * (x rem 0 = x, x rem -1 = 0) through binary64, exact for |x| < 2^52 and
 * any divisor b != 0 that binary64 holds: with Q = x/b, qt = trunc(Q),
 * fl(Q) >= qt in magnitude (qt is a binary64 number, rounding is monotonic
 * and odd), and if Q is not an integer the next integer is at least 1/|b|
 * away while |fl(Q) - Q| <= 2^-53 |Q| < 2^-53 * 2^52/|b| = 1/(2|b|): so
 * trunc(fl(Q)) = qt. The remainder x - qt*b is formed exactly (integers of
 * magnitude below 2^53). */
INL __m256d u32_to_pd(bool is_signed, __m128i v)
{
    if (is_signed)
        return _mm256_cvtepi32_pd(v);
    /* v - 2^31 as i32, then 2^31 back: both exact */
    return _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(INT32_MIN))), _mm256_set1_pd(0x1p31));
}

/* truncating conversion; out of range (2^31 for INT_MIN / -1, a zero
 * divisor's Inf or NaN) gives INT_MIN, for unsigned lanes 0. Unsigned:
 * truncated first, so that the shift by 2^31 is exact and its conversion
 * does not truncate a negative value upwards. */
INL __m128i pd_to_u32(bool is_signed, __m256d q)
{
    if (is_signed)
        return _mm256_cvttpd_epi32(q);
    __m256d whole = _mm256_round_pd(q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm_xor_si128(_mm256_cvttpd_epi32(_mm256_sub_pd(whole, _mm256_set1_pd(0x1p31))), _mm_set1_epi32(INT32_MIN));
}

/* The same for ui32 (is_signed false): operands and quotient below 2^32
 * (XLA: x / 0 = all bits set, x rem 0 = x). */
INL void int32_divrem8(bool rem, bool is_signed, const int32_t *a, const int32_t *b, int32_t *r)
{
    __m256i x = LOADI(a), y = LOADI(b);
    __m256d q0 = _mm256_div_pd(u32_to_pd(is_signed, _mm256_castsi256_si128(x)),
                               u32_to_pd(is_signed, _mm256_castsi256_si128(y)));
    __m256d q1 = _mm256_div_pd(u32_to_pd(is_signed, _mm256_extracti128_si256(x, 1)),
                               u32_to_pd(is_signed, _mm256_extracti128_si256(y, 1)));
    __m256i q = _mm256_set_m128i(pd_to_u32(is_signed, q1), pd_to_u32(is_signed, q0));
    __m256i zero = _mm256_cmpeq_epi32(y, _mm256_setzero_si256());
    __m256i v;
    if (rem) /* x - q*b mod 2^32: 0 for b = -1, INT_MIN included */
        v = _mm256_blendv_epi8(_mm256_sub_epi32(x, _mm256_mullo_epi32(q, y)), x, zero);
    else
        v = _mm256_or_si256(q, zero);
    STOREI(r, v);
}

#define BODY_I32_DIV(pa, pb, pr) int32_divrem8(false, true, pa, pb, pr)
#define BODY_I32_REM(pa, pb, pr) int32_divrem8(true, true, pa, pb, pr)
#define BODY_U32_DIV(pa, pb, pr) int32_divrem8(false, false, pa, pb, pr)
#define BODY_U32_REM(pa, pb, pr) int32_divrem8(true, false, pa, pb, pr)

AVX2 void kern_int32_divrem_avx2(bool rem, bool is_signed, const int32_t *a, const int32_t *b, int32_t *r,
                                 int64_t n)
{
    if (rem && is_signed)
        BLOCK_LOOP(4, a, b, r, n, BODY_I32_REM);
    else if (is_signed)
        BLOCK_LOOP(4, a, b, r, n, BODY_I32_DIV);
    else if (rem)
        BLOCK_LOOP(4, a, b, r, n, BODY_U32_REM);
    else
        BLOCK_LOOP(4, a, b, r, n, BODY_U32_DIV);
}

/* REF's power on eight 32-bit lanes, kern_int_pow_fast's steps (kern_int64.h,
 * where the proof is): at most 6 squarings, then the closed form of the
 * rest of the exponent, modulo 2^32. Signed: a negative exponent gives 0
 * unless the base is 1 or -1, whose powers need only |e|'s parity. */
INL __m256i pow_lanes(bool is_signed, __m256i x, __m256i e)
{
    const __m256i one = _mm256_set1_epi32(1), zero = _mm256_setzero_si256();
    __m256i neg = is_signed ? _mm256_srai_epi32(e, 31) : zero;
    __m256i unit = _mm256_or_si256(_mm256_cmpeq_epi32(x, one), _mm256_cmpeq_epi32(x, _mm256_set1_epi32(-1)));
    e = _mm256_sub_epi32(_mm256_xor_si256(e, neg), neg); /* |e| modulo 2^32 */
    __m256i acc = one, base = x;
    for (int k = 0; k < 6 && !_mm256_testz_si256(e, e); k++) {
        __m256 bit = _mm256_castsi256_ps(_mm256_slli_epi32(e, 31));
        acc = _mm256_mullo_epi32(acc, _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(one),
                                                                             _mm256_castsi256_ps(base), bit)));
        base = _mm256_mullo_epi32(base, base);
        e = _mm256_srli_epi32(e, 1);
    }
    /* odd base: 1 + x(n + x(C(n, 2) + x C(n, 3))); even base: n == 0 */
    __m256i odd = _mm256_cmpeq_epi32(_mm256_and_si256(x, one), one);
    __m256i d = _mm256_sub_epi32(base, one);
    __m256i c2 = _mm256_mullo_epi32(_mm256_srli_epi32(e, 1),
                                    _mm256_add_epi32(_mm256_sub_epi32(e, one), _mm256_and_si256(e, one)));
    __m256i c3 = _mm256_mullo_epi32(_mm256_mullo_epi32(c2, _mm256_sub_epi32(e, _mm256_set1_epi32(2))),
                                    _mm256_set1_epi32((int32_t)0xAAAAAAABu));
    __m256i h = _mm256_add_epi32(c2, _mm256_mullo_epi32(d, c3));
    h = _mm256_add_epi32(e, _mm256_mullo_epi32(d, h));
    __m256i f_odd = _mm256_add_epi32(one, _mm256_mullo_epi32(d, h));
    __m256i f_even = _mm256_and_si256(_mm256_cmpeq_epi32(e, zero), one);
    acc = _mm256_mullo_epi32(acc, _mm256_blendv_epi8(f_even, f_odd, odd));
    return _mm256_andnot_si256(_mm256_andnot_si256(unit, neg), acc);
}

/* Eight elements of 1, 2 or 4 bytes as 32-bit lanes, sign- or
 * zero-extended: the same value modulo 2^(8 bytes), and a negative
 * exponent stays negative */
INL __m256i widen8(bool is_signed, int bytes, const void *p)
{
    if (bytes == 1) {
        __m128i v = _mm_loadl_epi64(p);
        return is_signed ? _mm256_cvtepi8_epi32(v) : _mm256_cvtepu8_epi32(v);
    }
    if (bytes == 2) {
        __m128i v = _mm_loadu_si128(p);
        return is_signed ? _mm256_cvtepi16_epi32(v) : _mm256_cvtepu16_epi32(v);
    }
    return LOADI(p);
}

/* The low 1, 2 or 4 bytes of eight 32-bit lanes, stored */
INL void narrow8(int bytes, __m256i v, void *p)
{
    if (bytes == 4) {
        STOREI(p, v);
        return;
    }
    const __m256i low2 = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i low1 = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    __m256i packed = _mm256_shuffle_epi8(v, bytes == 2 ? low2 : low1);
    if (bytes == 2) /* qwords 0 and 2 */
        _mm_storeu_si128(p, _mm256_castsi256_si128(_mm256_permute4x64_epi64(packed, 0x08)));
    else /* dwords 0 and 4 */
        _mm_storel_epi64(p, _mm256_castsi256_si128(
                                _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1))));
}

/* XLA's division or remainder (rem) of eight integers of at most 16 bits
 * in 32-bit lanes (sign- or zero-extended, so |x|, |y| <= 2^16): binary32
 * division truncated. The quotient Q = x / y is exact when an integer;
 * otherwise the integer q + 1 beyond it (in magnitude) is at least 1/|y|
 * away, while fl(Q) is within 2^-24 |q + 1| of Q, and (|q| + 1) |y| <=
 * |x| + |y| <= 2^17 < 2^24 makes that less than 1/|y|: truncation gives
 * q. A zero divisor's Inf or NaN converts to INT_MIN, the OR with the
 * zero mask makes it all bits set (x / 0), the blend x (x rem 0); the
 * narrow minimum over -1 gives 2^(w-1), whose low w bits are the minimum
 * again, and remainder 0. */
INL __m256i divrem_small_lanes(bool rem, __m256i x, __m256i y)
{
    __m256i q = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(x), _mm256_cvtepi32_ps(y)));
    __m256i zero = _mm256_cmpeq_epi32(y, _mm256_setzero_si256());
    if (rem)
        return _mm256_blendv_epi8(_mm256_sub_epi32(x, _mm256_mullo_epi32(q, y)), x, zero);
    return _mm256_or_si256(q, zero);
}

INL __m256i div_lanes(bool is_signed, __m256i x, __m256i y)
{
    (void)is_signed;
    return divrem_small_lanes(false, x, y);
}

INL __m256i rem_lanes(bool is_signed, __m256i x, __m256i y)
{
    (void)is_signed;
    return divrem_small_lanes(true, x, y);
}

/* Eight elements of W bytes through the 32-bit lane operation OP */
#define NARROW_BODY(OP, W, SIGNED)                                                               \
    INL void OP##8_##W##_##SIGNED(const unsigned char *a, const unsigned char *b, unsigned char *r) \
    {                                                                                            \
        narrow8(W, OP##_lanes(SIGNED, widen8(SIGNED, W, a), widen8(SIGNED, W, b)), r);           \
    }
#define NARROW_BODIES(OP) NARROW_BODY(OP, 1, 0) NARROW_BODY(OP, 1, 1) NARROW_BODY(OP, 2, 0) NARROW_BODY(OP, 2, 1)
NARROW_BODIES(pow)
NARROW_BODY(pow, 4, 0)
NARROW_BODY(pow, 4, 1)
NARROW_BODIES(div)
NARROW_BODIES(rem)

/* BLOCK_LOOP's steps for eight elements of W bytes at a time */
#define NARROW_LOOP(OP, W, SIGNED)                                                               \
    do {                                                                                         \
        const unsigned char *a_ = a, *b_ = b;                                                    \
        unsigned char *r_ = r;                                                                   \
        int64_t i_ = 0;                                                                          \
        for (; i_ + 8 <= n; i_ += 8)                                                             \
            OP##8_##W##_##SIGNED(a_ + W * i_, b_ + W * i_, r_ + W * i_);                         \
        if (i_ < n) {                                                                            \
            size_t k_ = (size_t)(n - i_) * W;                                                    \
            _Alignas(32) unsigned char x_[32] = { 0 }, y_[32] = { 0 }, z_[32];                   \
            memcpy(x_, a_ + W * i_, k_);                                                         \
            memcpy(y_, b_ + W * i_, k_);                                                         \
            OP##8_##W##_##SIGNED(x_, y_, z_);                                                    \
            memcpy(r_ + W * i_, z_, k_);                                                         \
        }                                                                                        \
    } while (0)

AVX2 void kern_int_pow_avx2(bool is_signed, int bytes, const void *a, const void *b, void *r, int64_t n)
{
    switch (bytes * 2 + is_signed) {
    case 2: NARROW_LOOP(pow, 1, 0); break;
    case 3: NARROW_LOOP(pow, 1, 1); break;
    case 4: NARROW_LOOP(pow, 2, 0); break;
    case 5: NARROW_LOOP(pow, 2, 1); break;
    case 8: NARROW_LOOP(pow, 4, 0); break;
    case 9: NARROW_LOOP(pow, 4, 1); break;
    }
}

AVX2 void kern_small_int_divrem_avx2(bool rem, bool is_signed, int bytes, const void *a, const void *b, void *r,
                                     int64_t n)
{
    switch (bytes * 4 + is_signed * 2 + rem) {
    case 4: NARROW_LOOP(div, 1, 0); break;
    case 5: NARROW_LOOP(rem, 1, 0); break;
    case 6: NARROW_LOOP(div, 1, 1); break;
    case 7: NARROW_LOOP(rem, 1, 1); break;
    case 8: NARROW_LOOP(div, 2, 0); break;
    case 9: NARROW_LOOP(rem, 2, 0); break;
    case 10: NARROW_LOOP(div, 2, 1); break;
    case 11: NARROW_LOOP(rem, 2, 1); break;
    }
}


/* +, -, *, maximum, minimum and the bitwise ops of i32 / i64: two's
 * complement wrap-around, signed comparisons. AVX2 has no 64-bit low
 * multiply: lo*lo + ((hi*lo + lo*hi) << 32) modulo 2^64. */
INL __m256i mullo64(__m256i x, __m256i y)
{
    __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), y),
                                     _mm256_mul_epu32(x, _mm256_srli_epi64(y, 32)));
    return _mm256_add_epi64(_mm256_mul_epu32(x, y), _mm256_slli_epi64(cross, 32));
}

INL __m256i simple_int(kern_binop op, bool w64, __m256i x, __m256i y)
{
    switch (op) {
    case KB_ADD: return w64 ? _mm256_add_epi64(x, y) : _mm256_add_epi32(x, y);
    case KB_SUB: return w64 ? _mm256_sub_epi64(x, y) : _mm256_sub_epi32(x, y);
    case KB_MUL: return w64 ? mullo64(x, y) : _mm256_mullo_epi32(x, y);
    case KB_MAX:
        return w64 ? _mm256_blendv_epi8(x, y, _mm256_cmpgt_epi64(y, x)) : _mm256_max_epi32(x, y);
    case KB_MIN:
        return w64 ? _mm256_blendv_epi8(x, y, _mm256_cmpgt_epi64(x, y)) : _mm256_min_epi32(x, y);
    case KB_AND: return _mm256_and_si256(x, y);
    case KB_OR: return _mm256_or_si256(x, y);
    case KB_XOR:
    case KB_DIV: /* not simple: the callers pass only the ops above and XOR */
    case KB_REM:
    case KB_POW:
    case KB_ATAN2:
    case KB_COUNT: break;
    }
    return _mm256_xor_si256(x, y);
}

#define SI_ADD32(x, y, z) STOREI(z, simple_int(KB_ADD, false, LOADI(x), LOADI(y)))
#define SI_SUB32(x, y, z) STOREI(z, simple_int(KB_SUB, false, LOADI(x), LOADI(y)))
#define SI_MUL32(x, y, z) STOREI(z, simple_int(KB_MUL, false, LOADI(x), LOADI(y)))
#define SI_MAX32(x, y, z) STOREI(z, simple_int(KB_MAX, false, LOADI(x), LOADI(y)))
#define SI_MIN32(x, y, z) STOREI(z, simple_int(KB_MIN, false, LOADI(x), LOADI(y)))
#define SI_ADD64(x, y, z) STOREI(z, simple_int(KB_ADD, true, LOADI(x), LOADI(y)))
#define SI_SUB64(x, y, z) STOREI(z, simple_int(KB_SUB, true, LOADI(x), LOADI(y)))
#define SI_MUL64(x, y, z) STOREI(z, simple_int(KB_MUL, true, LOADI(x), LOADI(y)))
#define SI_MAX64(x, y, z) STOREI(z, simple_int(KB_MAX, true, LOADI(x), LOADI(y)))
#define SI_MIN64(x, y, z) STOREI(z, simple_int(KB_MIN, true, LOADI(x), LOADI(y)))
#define SI_AND(x, y, z) STOREI(z, simple_int(KB_AND, true, LOADI(x), LOADI(y)))
#define SI_OR(x, y, z) STOREI(z, simple_int(KB_OR, true, LOADI(x), LOADI(y)))
#define SI_XOR(x, y, z) STOREI(z, simple_int(KB_XOR, true, LOADI(x), LOADI(y)))

/* n elements of 4 (w64: 8) bytes, as 32-byte blocks of bytes (the tail is
 * whole elements) */
AVX2 void kern_int_simple_avx2(int op, bool w64, const void *a, const void *b, void *r, int64_t n)
{
    const unsigned char *pa = a, *pb = b;
    unsigned char *pr = r;
    int64_t bytes = n * (w64 ? 8 : 4);
    switch ((kern_binop)op) {
    case KB_ADD:
        if (w64)
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_ADD64);
        else
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_ADD32);
        break;
    case KB_SUB:
        if (w64)
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_SUB64);
        else
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_SUB32);
        break;
    case KB_MUL:
        if (w64)
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MUL64);
        else
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MUL32);
        break;
    case KB_MAX:
        if (w64)
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MAX64);
        else
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MAX32);
        break;
    case KB_MIN:
        if (w64)
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MIN64);
        else
            BLOCK_LOOP(1, pa, pb, pr, bytes, SI_MIN32);
        break;
    case KB_AND: BLOCK_LOOP(1, pa, pb, pr, bytes, SI_AND); break;
    case KB_OR: BLOCK_LOOP(1, pa, pb, pr, bytes, SI_OR); break;
    case KB_XOR: BLOCK_LOOP(1, pa, pb, pr, bytes, SI_XOR); break;
    case KB_DIV:
    case KB_REM:
    case KB_POW:
    case KB_ATAN2:
    case KB_COUNT: break;
    }
}

#else /* not x86: kern_binary_avx2_usable() is false, the loops are never called */

bool kern_binary_avx2_usable(void) { return false; }
void kern_half_arith_avx2(bool bf, fp_id f, fp_binop op, const uint16_t *a, const uint16_t *b,
                          uint16_t *r, int64_t n)
{
    (void)bf, (void)f, (void)op, (void)a, (void)b, (void)r, (void)n;
}
void kern_half_maxmin_avx2(bool bf, bool is_max, const uint16_t *a, const uint16_t *b, uint16_t *r,
                           int64_t n)
{
    (void)bf, (void)is_max, (void)a, (void)b, (void)r, (void)n;
}
void kern_f32_arith_avx2(fp_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    (void)op, (void)a, (void)b, (void)r, (void)n;
}
void kern_f64_arith_avx2(fp_binop op, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    (void)op, (void)a, (void)b, (void)r, (void)n;
}
void kern_f32_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    (void)is_max, (void)a, (void)b, (void)r, (void)n;
}
void kern_f64_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    (void)is_max, (void)a, (void)b, (void)r, (void)n;
}
void kern_c64_mul_avx2(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    (void)a, (void)b, (void)r, (void)n;
}
void kern_c128_mul_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    (void)a, (void)b, (void)r, (void)n;
}
void kern_c64_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n)
{
    (void)is_max, (void)a, (void)b, (void)r, (void)n;
}
void kern_c128_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n)
{
    (void)is_max, (void)a, (void)b, (void)r, (void)n;
}

void kern_int32_divrem_avx2(bool rem, bool is_signed, const int32_t *a, const int32_t *b, int32_t *r, int64_t n)
{
    (void)rem, (void)is_signed, (void)a, (void)b, (void)r, (void)n;
}
void kern_int_pow_avx2(bool is_signed, int bytes, const void *a, const void *b, void *r, int64_t n)
{
    (void)is_signed, (void)bytes, (void)a, (void)b, (void)r, (void)n;
}
void kern_small_int_divrem_avx2(bool rem, bool is_signed, int bytes, const void *a, const void *b, void *r,
                                int64_t n)
{
    (void)rem, (void)is_signed, (void)bytes, (void)a, (void)b, (void)r, (void)n;
}

void kern_int_simple_avx2(int op, bool w64, const void *a, const void *b, void *r, int64_t n)
{
    (void)op, (void)w64, (void)a, (void)b, (void)r, (void)n;
}

#endif
