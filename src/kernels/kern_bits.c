/* Integer bit operations (SPEC.md 9.5.1): shift_left,
 * shift_right_arithmetic, shift_right_logical, popcnt, count_leading_zeros,
 * on the N-bit pattern of every integer type (N = 2 ... 64).
 *
 * The loops work on the storage word (8 to 64 bits) and only ever look at
 * its low N bits, so one loop per storage width serves every N it holds;
 * sub-byte results are brought back to their memory layout (sign- or
 * zero-extended in the byte) by one pass afterwards. Byte-sized unary ops
 * map through a 256-entry table built from the scalar definition. */
#include <string.h>

#include "kernels/kern_int64.h"
#include "util/isa.h"
#include "kernels/math/kern_ieee.h"
#include "kernels/kern_numerics.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"

uint64_t kern_bits_scalar(et_id t, kern_bitop op, uint64_t a, uint64_t b)
{
    unsigned n = et_get(t)->value_bits;
    uint64_t mask = et_value_mask(t);
    a &= mask;
    b &= mask; /* the amount is the rhs pattern read as unsigned */
    bool neg = (a >> (n - 1)) & 1;
    switch (op) {
    case KBIT_SHL:
        return b >= n ? 0 : (a << b) & mask;
    case KBIT_SHRL:
        return b >= n ? 0 : a >> b;
    case KBIT_SHRA:
        if (b >= n)
            return neg ? mask : 0;
        return (a >> b) | (neg ? mask & ~(mask >> b) : 0);
    case KBIT_POPCNT: {
        uint64_t c = 0;
        for (; a; a &= a - 1)
            c++;
        return c & mask; /* i2: popcnt(-1) = 2 wraps to -2 */
    }
    case KBIT_CLZ: {
        uint64_t c = n;
        for (; a; a >>= 1)
            c--;
        return c & mask;
    }
    case KBIT_COUNT:
        break;
    }
    return 0;
}

irrun_status kern_bits_generic(kern_bitop op, const tensor *a, const tensor *b, tensor *r)
{
    et_id t = a->type.elem;
    if (!et_is_int(t))
        return IRRUN_UNSUPPORTED;
    size_t es = et_get(t)->bytes;
    const unsigned char *pa = a->data, *pb = b ? b->data : NULL;
    unsigned char *pr = r->data;
    for (int64_t i = 0; i < a->count; i++) {
        uint64_t x = et_load_bits(t, pa + (size_t)i * es);
        uint64_t y = pb ? et_load_bits(t, pb + (size_t)i * es) : 0;
        et_store_bits(t, pr + (size_t)i * es, kern_bits_scalar(t, op, x, y));
    }
    return IRRUN_OK;
}

/* Counting without a builtin: the SWAR sums are plain integer operations,
 * the same on every compiler, and vectorise. */
static inline uint64_t pop64(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (x * UINT64_C(0x0101010101010101)) >> 56;
}

/* A fast loop: n elements of a storage word, N value bits; b is NULL for
 * the unary ops. Leaves bits above N for the normalising pass. */
typedef void (*bits_loop)(kern_bitop op, const void *a, const void *b, void *r, int64_t n, unsigned N);

/* UT: the storage word; CT: the word the arithmetic runs in (at least
 * unsigned int, so no promotion to a signed int can overflow). Shift
 * counts are below N <= W wherever a shift is evaluated. */
#define BITS_LOOP(W, UT, CT, ST, CLZ)                                                                      \
    static void bits_##W(kern_bitop op, const void *va, const void *vb, void *vr, int64_t n, unsigned N) \
    {                                                                                                      \
        const UT *a = va, *b = vb;                                                                         \
        UT *r = vr;                                                                                        \
        const CT mask = N >= W ? (CT)(UT)~(UT)0 : (((CT)1 << N) - 1);                                      \
        switch (op) {                                                                                      \
        case KBIT_SHL:                                                                                     \
            for (int64_t i = 0; i < n; i++) {                                                              \
                CT s = (CT)b[i] & mask;                                                                    \
                r[i] = s >= N ? 0 : (UT)((CT)a[i] << s);                                                   \
            }                                                                                              \
            return;                                                                                        \
        case KBIT_SHRL:                                                                                    \
            for (int64_t i = 0; i < n; i++) {                                                              \
                CT u = (CT)a[i] & mask, s = (CT)b[i] & mask;                                               \
                r[i] = s >= N ? 0 : (UT)(u >> s);                                                          \
            }                                                                                              \
            return;                                                                                        \
        case KBIT_SHRA:                                                                                    \
            /* an amount >= N shifts by N - 1: every bit a copy of the top one */                          \
            if (N == W) { /* the storage word's own arithmetic shift (signed >> is arithmetic here) */     \
                for (int64_t i = 0; i < n; i++) {                                                          \
                    UT s = b[i];                                                                           \
                    r[i] = (UT)((ST)a[i] >> (s >= N ? N - 1 : s));                                          \
                }                                                                                          \
                return;                                                                                    \
            }                                                                                              \
            for (int64_t i = 0; i < n; i++) {                                                              \
                CT u = (CT)a[i] & mask, s = (CT)b[i] & mask;                                               \
                CT fill = ((CT)0 - (u >> (N - 1))) & mask;                                                 \
                CT sh = s >= N ? (CT)(N - 1) : s;                                                          \
                r[i] = (UT)((u >> sh) | (fill & ~(mask >> sh)));                                           \
            }                                                                                              \
            return;                                                                                        \
        case KBIT_POPCNT:                                                                                  \
            for (int64_t i = 0; i < n; i++)                                                                \
                r[i] = (UT)pop64((CT)a[i] & mask);                                                         \
            return;                                                                                        \
        case KBIT_CLZ:                                                                                     \
            /* the builtin counts in CT's width, undefined for 0 */                                        \
            for (int64_t i = 0; i < n; i++) {                                                              \
                CT u = (CT)a[i] & mask;                                                                    \
                r[i] = (UT)(u ? (unsigned)CLZ(u) - (8 * sizeof(CT) - N) : N);                              \
            }                                                                                              \
            return;                                                                                        \
        case KBIT_COUNT:                                                                                   \
            return;                                                                                        \
        }                                                                                                  \
    }

BITS_LOOP(8, uint8_t, uint32_t, int8_t, __builtin_clz)
BITS_LOOP(16, uint16_t, uint32_t, int16_t, __builtin_clz)
BITS_LOOP(32, uint32_t, uint32_t, int32_t, __builtin_clz)
BITS_LOOP(64, uint64_t, uint64_t, int64_t, __builtin_clzll)

/* Byte shifts eight lanes at a time in a 64-bit word: x86-64's baseline
 * vector units have no per-element shift counts, so a shift by the lane's
 * own amount s < N is done as shifts by 1, 2, 4 selected by the bits of s,
 * and lanes with s >= N are fixed up by mask (N = 2, 4, 8 is a power of two,
 * so s >= N means a bit at or above log2(N) is set). Results come out
 * normalised (sign- or zero-extended from N bits). */
#define LANES(b) (UINT64_C(0x0101010101010101) * (uint64_t)(uint8_t)(b))

static inline uint64_t lane_nonzero(uint64_t t) /* 0xFF in every lane where t's lane is not 0 */
{
    uint64_t h = (((t & LANES(0x7F)) + LANES(0x7F)) | t) & LANES(0x80);
    return (h >> 7) * 0xFF;
}

/* One loop per op, the three steps unrolled: a step k whose bit can only be
 * set in lanes with s >= N (k >= log2(N)) is harmless, those lanes are
 * overwritten at the end. */
#define SWAR_SHIFT(NAME, STEP)                                                                       \
    static void NAME(const uint8_t *a, const uint8_t *b, uint8_t *r, int64_t n, unsigned N, bool sgn) \
    {                                                                                                \
        const uint8_t m8 = (uint8_t)(N >= 8 ? 0xFF : (1u << N) - 1);                                 \
        const uint64_t mask = LANES(m8), low = LANES(1), above = LANES(m8 & ~(N - 1));               \
        const uint64_t sign_ext = sgn && N < 8 ? LANES(~m8) : 0;                                     \
        for (int64_t i = 0; i + 8 <= n; i += 8) {                                                    \
            uint64_t x, s;                                                                           \
            memcpy(&x, a + i, 8);                                                                    \
            memcpy(&s, b + i, 8);                                                                    \
            x &= mask;                                                                               \
            s &= mask;                                                                               \
            uint64_t big = lane_nonzero(s & above);                                                  \
            uint64_t fill = ((x >> (N - 1)) & low) * m8, sel, y;                                     \
            (void)fill;                                                                              \
            sel = (s & low) * 0xFF;                                                                  \
            y = STEP(1);                                                                             \
            x = (y & sel) | (x & ~sel);                                                              \
            sel = ((s >> 1) & low) * 0xFF;                                                           \
            y = STEP(2);                                                                             \
            x = (y & sel) | (x & ~sel);                                                              \
            sel = ((s >> 2) & low) * 0xFF;                                                           \
            y = STEP(4);                                                                             \
            x = (y & sel) | (x & ~sel);                                                              \
            x = (x & ~big) | (BIG_FILL & big);                                                       \
            x |= ((x >> (N - 1)) & low) * 0xFF & sign_ext; /* copy bit N-1 above N */                 \
            memcpy(r + i, &x, 8);                                                                    \
        }                                                                                            \
    }

#define SHL_STEP(d) ((x << (d)) & LANES(m8 & (m8 << (d))))
#define SHRL_STEP(d) ((x >> (d)) & LANES(m8 >> (d)))
#define SHRA_STEP(d) (SHRL_STEP(d) | (fill & LANES(m8 & ~(m8 >> (d)))))
#define BIG_FILL 0
SWAR_SHIFT(shl_swar8, SHL_STEP)
SWAR_SHIFT(shrl_swar8, SHRL_STEP)
#undef BIG_FILL
#define BIG_FILL fill
SWAR_SHIFT(shra_swar8, SHRA_STEP)
#undef BIG_FILL

static const bits_loop bits_loops[ES_COUNT] = {
    [ES_S8] = bits_8,   [ES_U8] = bits_8,   [ES_S16] = bits_16, [ES_U16] = bits_16,
    [ES_S32] = bits_32, [ES_U32] = bits_32, [ES_S64] = bits_64, [ES_U64] = bits_64,
};

#if defined(__x86_64__) || defined(__i386__)
/* The popcnt instruction, which every AVX2 host has (it came with
 * SSE4.2); kern_bits calls these only where isa_avx2. */
#define BITS_POPCNT 1
__attribute__((target("popcnt"))) static void popcnt_hw32(const uint32_t *a, uint32_t *r, int64_t n, uint32_t mask)
{
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint32_t)__builtin_popcount(a[i] & mask);
}

__attribute__((target("popcnt"))) static void popcnt_hw64(const uint64_t *a, uint64_t *r, int64_t n, uint64_t mask)
{
    for (int64_t i = 0; i < n; i++)
        r[i] = (uint64_t)__builtin_popcountll(a[i] & mask);
}

#include <immintrin.h>

#include "kernels/kern_bytecount.h"

#define BITS_AVX2 __attribute__((target("avx2")))
#define BITS_AVX2_INLINE static inline __attribute__((always_inline, target("avx2")))

/* popcnt of 16-bit lanes: the two bytes' counts summed */
BITS_AVX2_INLINE __m256i popcnt16(__m256i x) { return _mm256_maddubs_epi16(kern_byte_counts(x), _mm256_set1_epi8(1)); }

/* count_leading_zeros of 16- or 32-bit lanes: the ones of the complement
 * of x with its leading one smeared down to bit 0 (16 or 32 for x = 0) */
BITS_AVX2_INLINE __m256i clz16(__m256i x)
{
    for (int d = 1; d < 16; d *= 2)
        x = _mm256_or_si256(x, _mm256_srli_epi16(x, d));
    return popcnt16(_mm256_xor_si256(x, _mm256_set1_epi8(-1)));
}

BITS_AVX2_INLINE __m256i clz32(__m256i x)
{
    for (int d = 1; d < 32; d *= 2)
        x = _mm256_or_si256(x, _mm256_srli_epi32(x, d));
    return _mm256_madd_epi16(popcnt16(_mm256_xor_si256(x, _mm256_set1_epi8(-1))), _mm256_set1_epi16(1));
}

/* popcnt or count_leading_zeros of the whole vectors of n 16- or 32-bit
 * words (N = 16 or 32: the storage word is the pattern); returns how many
 * words it did, the rest for the portable loop */
BITS_AVX2 static int64_t unary_words_avx2(kern_bitop op, size_t bytes, const void *a, void *r, int64_t n)
{
    const unsigned char *pa = a;
    unsigned char *pr = r;
    int64_t per = 32 / (int64_t)bytes, i = 0;
    for (; i + per <= n; i += per) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(pa + i * (int64_t)bytes)), y;
        if (bytes == 2)
            y = op == KBIT_POPCNT ? popcnt16(x) : clz16(x);
        else
            y = clz32(x);
        _mm256_storeu_si256((__m256i *)(void *)(pr + i * (int64_t)bytes), y);
    }
    return i;
}
#endif

static irrun_status bits_each(const void *ctx, const tensor *const *x, tensor *r)
{
    kern_bitop op = *(const kern_bitop *)ctx;
    return kern_bits(op, x[0], kern_bitop_is_unary(op) ? NULL : x[1], r);
}

irrun_status kern_bits_on(pool *p, kern_bitop op, const tensor *a, const tensor *b, tensor *r)
{
    const tensor *x[2] = { a, b };
    return kern_each_on(p, bits_each, &op, x, b ? 2 : 1, r);
}

irrun_status kern_bits(kern_bitop op, const tensor *a, const tensor *b, tensor *r)
{
    if (kern_any_splat(a, b, NULL, r)) {
        const tensor *x[2] = { a, b };
        return kern_splat_each(bits_each, &op, x, b ? 2 : 1, r);
    }
    et_id t = a->type.elem;
    const et_traits *tr = et_get(t);
    bits_loop loop = bits_loops[tr->storage];
    if (!loop)
        return kern_bits_generic(op, a, b, r);
    if (tr->bytes == 1 && kern_bitop_is_unary(op)) {
        /* every stored byte of the type, normalised result included */
        uint8_t tab[256];
        for (unsigned p = 0; p < 256; p++)
            et_store_bits(t, &tab[p], kern_bits_scalar(t, op, p, 0));
        const uint8_t *x = a->data;
        uint8_t *y = r->data;
        for (int64_t i = 0; i < a->count; i++)
            y[i] = tab[x[i]];
        return IRRUN_OK;
    }
#ifdef BITS_POPCNT
    if (op == KBIT_POPCNT && tr->bytes >= 4 && isa_avx2()) {
        if (tr->bytes == 4)
            popcnt_hw32(a->data, r->data, a->count, (uint32_t)et_value_mask(t));
        else
            popcnt_hw64(a->data, r->data, a->count, et_value_mask(t));
        return IRRUN_OK;
    }
#endif
    int64_t done = 0;
#ifdef BITS_POPCNT
    /* 16- and 32-bit words hold N = 16 or 32 bits, nothing to normalise */
    if ((op == KBIT_POPCNT || op == KBIT_CLZ) && (tr->bytes == 2 || tr->bytes == 4) && isa_avx2())
        done = unary_words_avx2(op, tr->bytes, a->data, r->data, a->count);
#endif
    /* 64-bit words hold N = 64 bits: nothing to normalise */
    if (tr->bytes == 8 && op == KBIT_SHRA && kern_64_shra_avx2(a->data, b->data, r->data, a->count))
        return IRRUN_OK;
    if (tr->bytes == 8 && op == KBIT_CLZ && kern_64_clz_avx2(a->data, r->data, a->count))
        return IRRUN_OK;
    if (tr->bytes == 1) {
        bool sgn = tr->kind == EK_SINT;
        if (op == KBIT_SHL)
            shl_swar8(a->data, b->data, r->data, a->count, tr->value_bits, sgn);
        else if (op == KBIT_SHRL)
            shrl_swar8(a->data, b->data, r->data, a->count, tr->value_bits, sgn);
        else
            shra_swar8(a->data, b->data, r->data, a->count, tr->value_bits, sgn);
        done = a->count & ~(int64_t)7;
    }
    const unsigned char *pa = a->data, *pb = b ? b->data : NULL;
    unsigned char *pr = r->data;
    size_t es = tr->bytes;
    loop(op, pa + done * es, pb ? pb + done * es : NULL, pr + done * es, a->count - done, tr->value_bits);
    kern_int_normalize(t, pr + done * es, r->count - done);
    return IRRUN_OK;
}
