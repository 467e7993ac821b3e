/* The AVX2 loop of kern_quant.c, compiled for the baseline target with a
 * target attribute on its function; kern_quant.c calls it only when the
 * host has AVX2 (util/isa.h). Each lane computes what kern_quant.c's
 * portable loop computes (q_one), so the bits are the same:
 *  - vdivps and vaddps are the IEEE f32 divide and add, rounded to nearest
 *    even (the build has no contraction: -ffp-contract=off);
 *  - max(lo, v) then min(hi, v) with v second: vmaxps/vminps return their
 *    second operand when either is a NaN, so a NaN stays a NaN (and its
 *    result is 0 below); for numbers they are the clamp;
 *  - vroundps to nearest even is round_nearest_even;
 *  - vcvtps2dq is exact on the integers of [lo, hi]; its NaN lanes are set
 *    to 0 (convert's NaN -> integer) and 2^31 (f32(INT32_MAX), the top of
 *    i32 storage) to INT32_MAX (convert saturates);
 *  - the packs saturate, but every value already lies in the storage's
 *    range, so they only narrow. */
#include "kernels/quant/kern_quant.h"

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define ALWAYS_INLINE inline __attribute__((always_inline))

typedef struct {
    __m256 lo, hi, top;
} q_consts;

static ALWAYS_INLINE AVX2 __m256i q_lanes(const q_consts *c, const float *x, __m256 s, __m256 z)
{
    __m256 v = _mm256_add_ps(_mm256_div_ps(_mm256_loadu_ps(x), s), z);
    v = _mm256_min_ps(c->hi, _mm256_max_ps(c->lo, v));
    v = _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256i q = _mm256_cvtps_epi32(v);
    q = _mm256_and_si256(q, _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_ORD_Q)));
    __m256i big = _mm256_castps_si256(_mm256_cmp_ps(v, c->top, _CMP_GE_OQ));
    return _mm256_blendv_epi8(q, _mm256_set1_epi32(INT32_MAX), big);
}

/* lanes i .. i + 7 with their parameters: broadcast, or loaded (vary) */
static ALWAYS_INLINE AVX2 __m256i q_at(bool vary, const q_consts *c, const kern_qparam *p, const float *x,
                                       int64_t i)
{
    __m256 s = vary ? _mm256_loadu_ps(p->s + i) : _mm256_set1_ps(p->s[0]);
    __m256 z = vary ? _mm256_loadu_ps(p->z + i) : _mm256_set1_ps(p->z[0]);
    return q_lanes(c, x + i, s, z);
}

static ALWAYS_INLINE AVX2 int64_t q_loop(bool vary, const float *x, int64_t n, const kern_qparam *p, unsigned bytes,
                                         bool uns, void *out)
{
    q_consts c = { _mm256_set1_ps(p->lo), _mm256_set1_ps(p->hi), _mm256_set1_ps(2147483648.0f) };
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i v0 = q_at(vary, &c, p, x, i), v1 = q_at(vary, &c, p, x, i + 8);
        __m256i v2 = q_at(vary, &c, p, x, i + 16), v3 = q_at(vary, &c, p, x, i + 24);
        if (bytes == 4) {
            __m256i *o = (__m256i *)((int32_t *)out + i);
            _mm256_storeu_si256(o, v0);
            _mm256_storeu_si256(o + 1, v1);
            _mm256_storeu_si256(o + 2, v2);
            _mm256_storeu_si256(o + 3, v3);
        } else if (bytes == 2) {
            __m256i a = uns ? _mm256_packus_epi32(v0, v1) : _mm256_packs_epi32(v0, v1);
            __m256i b = uns ? _mm256_packus_epi32(v2, v3) : _mm256_packs_epi32(v2, v3);
            __m256i *o = (__m256i *)((int16_t *)out + i);
            _mm256_storeu_si256(o, _mm256_permute4x64_epi64(a, 0xD8));
            _mm256_storeu_si256(o + 1, _mm256_permute4x64_epi64(b, 0xD8));
        } else {
            __m256i a = _mm256_packs_epi32(v0, v1), b = _mm256_packs_epi32(v2, v3);
            __m256i w = uns ? _mm256_packus_epi16(a, b) : _mm256_packs_epi16(a, b);
            _mm256_storeu_si256((__m256i *)((int8_t *)out + i), _mm256_permutevar8x32_epi32(w, order));
        }
    }
    return i;
}

AVX2 int64_t kern_quantize_avx2(const float *x, int64_t n, const kern_qparam *p, unsigned bytes, bool uns, void *out)
{
    return p->vary ? q_loop(true, x, n, p, bytes, uns, out) : q_loop(false, x, n, p, bytes, uns, out);
}

#else

/* Never called: isa_avx2() is false on other hosts. */
int64_t kern_quantize_avx2(const float *x, int64_t n, const kern_qparam *p, unsigned bytes, bool uns, void *out)
{
    (void)x, (void)n, (void)p, (void)bytes, (void)uns, (void)out;
    return 0;
}

#endif
