/* Integer bit operations (SPEC.md 9.5.1): shift_left,
 * shift_right_arithmetic, shift_right_logical, popcnt, count_leading_zeros,
 * on the N-bit pattern of every integer type (N = 2 ... 64).
 *
 * The loops work on the storage word (8 to 64 bits) and only ever look at
 * its low N bits, so one loop per storage width serves every N it holds;
 * sub-byte results are brought back to their memory layout (sign- or
 * zero-extended in the byte) by one pass afterwards. Byte-sized unary ops
 * map through a 256-entry table built from the scalar definition. */
#include "interp/kern_num.h"
#include "interp/kern_numerics.h"

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

/* Every bit below the highest set one set too: its popcount is the bit
 * length. */
static inline uint64_t smear64(uint64_t x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return x;
}

/* A fast loop: n elements of a storage word, N value bits; b is NULL for
 * the unary ops. Leaves bits above N for the normalising pass. */
typedef void (*bits_loop)(kern_bitop op, const void *a, const void *b, void *r, int64_t n, unsigned N);

/* UT: the storage word; CT: the word the arithmetic runs in (at least
 * unsigned int, so no promotion to a signed int can overflow). Shift
 * counts are below N <= W wherever a shift is evaluated. */
#define BITS_LOOP(W, UT, CT)                                                                               \
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
            for (int64_t i = 0; i < n; i++)                                                                \
                r[i] = (UT)(N - pop64(smear64((CT)a[i] & mask)));                                          \
            return;                                                                                        \
        case KBIT_COUNT:                                                                                   \
            return;                                                                                        \
        }                                                                                                  \
    }

BITS_LOOP(8, uint8_t, uint32_t)
BITS_LOOP(16, uint16_t, uint32_t)
BITS_LOOP(32, uint32_t, uint32_t)
BITS_LOOP(64, uint64_t, uint64_t)

static const bits_loop bits_loops[ES_COUNT] = {
    [ES_S8] = bits_8,   [ES_U8] = bits_8,   [ES_S16] = bits_16, [ES_U16] = bits_16,
    [ES_S32] = bits_32, [ES_U32] = bits_32, [ES_S64] = bits_64, [ES_U64] = bits_64,
};

irrun_status kern_bits(kern_bitop op, const tensor *a, const tensor *b, tensor *r)
{
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
    loop(op, a->data, b ? b->data : NULL, r->data, a->count, tr->value_bits);
    kern_int_normalize(t, r->data, r->count);
    return IRRUN_OK;
}
