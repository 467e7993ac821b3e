/* The AVX2 loops of kern_dot_simd.h. Compiled for the baseline target like
 * every file; only these functions are built for AVX2 and FMA
 * (target attributes), and kern_dot.c calls them only when the host has
 * both (isa.c). */
#include "kernels/dot/kern_dot_simd.h"

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

/* One REF step on eight result elements: the product rounded into the
 * format, added to the accumulator, the sum rounded (kern_dot_simd.h). */
#define CHAIN_STEP(acc, x, ptr)                                                                  \
    do {                                                                                         \
        __m256 p_ = _mm256_mul_ps((x), _mm256_loadu_ps(ptr));                                   \
        __m256 cp_ = _mm256_mul_ps(_mm256_max_ps(_mm256_and_ps(p_, expmask), emin), scale);     \
        __m256 s_ = _mm256_add_ps((acc), _mm256_sub_ps(_mm256_add_ps(p_, cp_), cp_));            \
        __m256 cs_ = _mm256_mul_ps(_mm256_and_ps(s_, expmask), scale);                           \
        (acc) = _mm256_sub_ps(_mm256_add_ps(s_, cs_), cs_);                                      \
    } while (0)

static inline __attribute__((always_inline)) AVX2 uint64_t nan_lanes(__m256 v, int at)
{
    return (uint64_t)_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) << at;
}

AVX2 void kern_chains_avx2(const kern_chain_format *f, const float *L, int64_t M, int64_t K, const float *P,
                           float *out, uint64_t *bad)
{
    const __m256 expmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7F800000));
    const __m256 scale = _mm256_set1_ps(f->scale);
    const __m256 emin = _mm256_set1_ps(f->emin);
    for (int64_t m = 0; m < M; m++) {
        const float *l = L + m * K, *p = P;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
        for (int64_t k = 0; k < K; k++, p += KERN_CHAIN_PANEL) {
            __m256 x = _mm256_broadcast_ss(l + k);
            CHAIN_STEP(a0, x, p);
            CHAIN_STEP(a1, x, p + 8);
            CHAIN_STEP(a2, x, p + 16);
            CHAIN_STEP(a3, x, p + 24);
            CHAIN_STEP(a4, x, p + 32);
            CHAIN_STEP(a5, x, p + 40);
            CHAIN_STEP(a6, x, p + 48);
            CHAIN_STEP(a7, x, p + 56);
        }
        float *o = out + m * KERN_CHAIN_PANEL;
        _mm256_storeu_ps(o, a0);
        _mm256_storeu_ps(o + 8, a1);
        _mm256_storeu_ps(o + 16, a2);
        _mm256_storeu_ps(o + 24, a3);
        _mm256_storeu_ps(o + 32, a4);
        _mm256_storeu_ps(o + 40, a5);
        _mm256_storeu_ps(o + 48, a6);
        _mm256_storeu_ps(o + 56, a7);
        bad[m] = nan_lanes(a0, 0) | nan_lanes(a1, 8) | nan_lanes(a2, 16) | nan_lanes(a3, 24) | nan_lanes(a4, 32) |
                 nan_lanes(a5, 40) | nan_lanes(a6, 48) | nan_lanes(a7, 56);
    }
}

/* One product added to accumulator c: fused, or a multiply then an add. */
#define ACC_STEP(fused, c, a, b) ((c) = (fused) ? _mm256_fmadd_ps((a), (b), (c)) : _mm256_add_ps((c), _mm256_mul_ps((a), (b))))

/* Row r of six: its broadcast element and its two accumulators. */
#define ACC_ROW(r)                                                                               \
    do {                                                                                         \
        __m256 a_ = _mm256_broadcast_ss(A + (r) * lda + k);                                     \
        ACC_STEP(fused, c##r##0, a_, b0);                                                        \
        ACC_STEP(fused, c##r##1, a_, b1);                                                        \
    } while (0)

#define ACC_STORE(r)                                                                             \
    do {                                                                                         \
        _mm256_storeu_ps(out + (r) * KERN_ACC_PANEL, c##r##0);                                   \
        _mm256_storeu_ps(out + (r) * KERN_ACC_PANEL + 8, c##r##1);                               \
    } while (0)

/* Six rows of A against a 16-column panel: twelve accumulators of eight
 * lanes (enough independent sums to cover the add latency on both FMA
 * pipes), each output summing its products in k order. */
static inline __attribute__((always_inline)) AVX2 void acc_six_rows(bool fused, const float *A, int64_t lda,
                                                                    int64_t K, const float *P, float *out)
{
    __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
    __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
    for (int64_t k = 0; k < K; k++, P += KERN_ACC_PANEL) {
        __m256 b0 = _mm256_loadu_ps(P), b1 = _mm256_loadu_ps(P + 8);
        ACC_ROW(0);
        ACC_ROW(1);
        ACC_ROW(2);
        ACC_ROW(3);
        ACC_ROW(4);
        ACC_ROW(5);
    }
    ACC_STORE(0);
    ACC_STORE(1);
    ACC_STORE(2);
    ACC_STORE(3);
    ACC_STORE(4);
    ACC_STORE(5);
}

/* One row (the rows past the last multiple of six). */
static inline __attribute__((always_inline)) AVX2 void acc_one_row(bool fused, const float *A, int64_t K,
                                                                   const float *P, float *out)
{
    __m256 c00 = _mm256_setzero_ps(), c01 = c00;
    const int64_t lda = 0;
    for (int64_t k = 0; k < K; k++, P += KERN_ACC_PANEL) {
        __m256 b0 = _mm256_loadu_ps(P), b1 = _mm256_loadu_ps(P + 8);
        ACC_ROW(0);
    }
    ACC_STORE(0);
}

AVX2 void kern_acc_f32_avx2(const float *A, int64_t lda, int64_t M, int64_t K, const float *P, float *out, bool fused)
{
    int64_t m = 0;
    for (; m + 6 <= M; m += 6, A += 6 * lda, out += 6 * KERN_ACC_PANEL) {
        if (fused)
            acc_six_rows(true, A, lda, K, P, out);
        else
            acc_six_rows(false, A, lda, K, P, out);
    }
    for (; m < M; m++, A += lda, out += KERN_ACC_PANEL) {
        if (fused)
            acc_one_row(true, A, K, P, out);
        else
            acc_one_row(false, A, K, P, out);
    }
}

#else

/* Never called: isa_avx2() is false on other hosts. */
void kern_chains_avx2(const kern_chain_format *f, const float *L, int64_t M, int64_t K, const float *P,
                      float *out, uint64_t *bad)
{
    (void)f, (void)L, (void)M, (void)K, (void)P, (void)out, (void)bad;
}

void kern_acc_f32_avx2(const float *A, int64_t lda, int64_t M, int64_t K, const float *P, float *out, bool fused)
{
    (void)A, (void)lda, (void)M, (void)K, (void)P, (void)out, (void)fused;
}

#endif
