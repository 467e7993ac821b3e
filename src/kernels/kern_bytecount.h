/* The number of ones in every byte of an AVX2 vector, by a lookup of each
 * nibble: the step popcnt and count_leading_zeros share for lanes of 16,
 * 32 (kern_bits.c) and 64 bits (kern_int64.c), each summing the bytes of
 * its own lane. x86 hosts only; callers are compiled for AVX2. */
#ifndef IRRUN_KERN_BYTECOUNT_H
#define IRRUN_KERN_BYTECOUNT_H

#include <immintrin.h>

static inline __attribute__((always_inline, target("avx2"))) __m256i kern_byte_counts(__m256i x)
{
    const __m256i nib = _mm256_set1_epi8(0x0F);
    const __m256i counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3,
                                            1, 2, 2, 3, 2, 3, 3, 4);
    __m256i lo = _mm256_shuffle_epi8(counts, _mm256_and_si256(x, nib));
    __m256i hi = _mm256_shuffle_epi8(counts, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib));
    return _mm256_add_epi8(lo, hi);
}

#endif
