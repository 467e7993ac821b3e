/* compare (SPEC.md 4.25), select (4.26), clamp (4.27).
 *
 * compare has one loop per storage class (compare_loops below): integers
 * compare in their storage type, floats bring a chunk of each operand into
 * exact binary64 keys with a loader for the storage, TOTALORDER brings them
 * into int64 totalOrder keys (for any float format); then one loop per
 * direction runs over the keys. A class without a loop takes the generic
 * loop (kern_generic.h), fp_compare per element. */
#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "kernels/math/kern_ieee.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
#include "types/fptables.h"
#include "util/mem.h"

enum { CHUNK = 512 };

/* bitwise select by a lane mask of all ones or zeros */
#define VSEL(m, a, b) (((m) & (a)) | (~(m) & (b)))

#define CMP_LOOP(KA, KB, R, N, DIR)                                  \
    do {                                                             \
        switch (DIR) {                                               \
        case KC_EQ: for (int64_t j = 0; j < N; j++) R[j] = KA[j] == KB[j]; break; \
        case KC_NE: for (int64_t j = 0; j < N; j++) R[j] = KA[j] != KB[j]; break; \
        case KC_GE: for (int64_t j = 0; j < N; j++) R[j] = KA[j] >= KB[j]; break; \
        case KC_GT: for (int64_t j = 0; j < N; j++) R[j] = KA[j] > KB[j]; break;  \
        case KC_LE: for (int64_t j = 0; j < N; j++) R[j] = KA[j] <= KB[j]; break; \
        case KC_LT: for (int64_t j = 0; j < N; j++) R[j] = KA[j] < KB[j]; break;  \
        }                                                            \
    } while (0)

/* A fast loop: a and b hold n elements of type t, of the storage class the
 * loop was written for; r gets n booleans. */
typedef irrun_status (*compare_loop)(kern_cmpdir dir, et_id t, const void *a, const void *b,
                                     uint8_t *r, int64_t n);

/* Integers and booleans: the storage type holds the value (sub-byte values
 * are stored extended), so its own comparison is the value's. */
#define INT_COMPARE(NAME, T)                                                              \
    static irrun_status NAME(kern_cmpdir dir, et_id t, const void *va, const void *vb,    \
                             uint8_t *r, int64_t n)                                       \
    {                                                                                     \
        const T *a = va, *b = vb;                                                         \
        (void)t;                                                                          \
        CMP_LOOP(a, b, r, n, dir);                                                        \
        return IRRUN_OK;                                                                  \
    }

INT_COMPARE(cmp_u8, uint8_t)
INT_COMPARE(cmp_u16, uint16_t)
INT_COMPARE(cmp_u32, uint32_t)
INT_COMPARE(cmp_u64, uint64_t)
INT_COMPARE(cmp_i8, int8_t)
INT_COMPARE(cmp_i16, int16_t)
INT_COMPARE(cmp_i32, int32_t)
INT_COMPARE(cmp_i64, int64_t)

/* One loop per direction straight over the operands: X(j) and Y(j) are
 * element j's comparable values (exact binary64 values or order keys). */
#define CMP_DIRECT(X, Y, R, N, DIR)                                                 \
    do {                                                                            \
        switch (DIR) {                                                              \
        case KC_EQ: for (int64_t j = 0; j < N; j++) R[j] = X(j) == Y(j); break;     \
        case KC_NE: for (int64_t j = 0; j < N; j++) R[j] = X(j) != Y(j); break;     \
        case KC_GE: for (int64_t j = 0; j < N; j++) R[j] = X(j) >= Y(j); break;     \
        case KC_GT: for (int64_t j = 0; j < N; j++) R[j] = X(j) > Y(j); break;      \
        case KC_LE: for (int64_t j = 0; j < N; j++) R[j] = X(j) <= Y(j); break;     \
        case KC_LT: for (int64_t j = 0; j < N; j++) R[j] = X(j) < Y(j); break;      \
        }                                                                           \
    } while (0)

static irrun_status cmp_fbyte(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                              int64_t n)
{
    const double *small = fp_table_to_double(et_get(t)->fmt);
    if (!small)
        return IRRUN_NOMEM;
    const uint8_t *pa = a, *pb = b;
#define XA(j) small[pa[j]]
#define XB(j) small[pb[j]]
    CMP_DIRECT(XA, XB, r, n, dir);
#undef XA
#undef XB
    return IRRUN_OK;
}

/* bf16 and f16 by integer keys: the sign-magnitude pattern as a signed
 * magnitude (both zeros 0), which orders the non-NaN values as their
 * values; a NaN operand makes every direction but NE false. inf: the
 * infinity's pattern, above which a magnitude is a NaN. */
#define HKEY(h) ((h) & 0x8000u ? -(int32_t)((h) & 0x7FFFu) : (int32_t)(h))
#define HORD(j) (((a[j] & 0x7FFFu) <= inf) & ((b[j] & 0x7FFFu) <= inf))
#define HALF_SCALAR(OP, NEG)                                                           \
    for (int64_t j = done; j < n; j++)                                                 \
        r[j] = NEG(HORD(j) & (HKEY(a[j]) OP HKEY(b[j])));

/* The same sixteen at a time in vector extensions (int16 lanes, the masks
 * narrowed to bytes); returns how many it did. */
#define HALF_VEC(NAME, ATTR)                                                                     \
    static ATTR int64_t NAME(kern_cmpdir dir, int16_t inf, const uint16_t *a, const uint16_t *b, \
                             uint8_t *r, int64_t n)                                              \
    {                                                                                            \
        typedef int16_t vh __attribute__((vector_size(32)));                                     \
        typedef int8_t vb __attribute__((vector_size(16)));                                      \
        vh vinf, vmag, zero = { 0 };                                                             \
        vb one;                                                                                  \
        for (int j = 0; j < 16; j++) {                                                           \
            vinf[j] = inf;                                                                       \
            vmag[j] = 0x7FFF;                                                                    \
            one[j] = 1;                                                                          \
        }                                                                                        \
        int64_t i = 0;                                                                           \
        for (; i + 16 <= n; i += 16) {                                                           \
            vh x, y;                                                                             \
            memcpy(&x, a + i, sizeof x);                                                         \
            memcpy(&y, b + i, sizeof y);                                                         \
            vh mx = x & vmag, my = y & vmag;                                                     \
            vh ord = (mx <= vinf) & (my <= vinf);                                                \
            vh kx = VSEL(x < zero, zero - mx, mx), ky = VSEL(y < zero, zero - my, my);           \
            vh m = zero;                                                                         \
            switch (dir) {                                                                       \
            case KC_EQ: m = ord & (kx == ky); break;                                             \
            case KC_NE: m = ~(ord & (kx == ky)); break;                                          \
            case KC_GE: m = ord & (kx >= ky); break;                                             \
            case KC_GT: m = ord & (kx > ky); break;                                              \
            case KC_LE: m = ord & (kx <= ky); break;                                             \
            case KC_LT: m = ord & (kx < ky); break;                                              \
            }                                                                                    \
            vb out = __builtin_convertvector(m, vb) & one;                                       \
            memcpy(r + i, &out, sizeof out);                                                     \
        }                                                                                        \
        return i;                                                                                \
    }

HALF_VEC(half_vec_base, )
#if defined(__x86_64__) || defined(__i386__)
HALF_VEC(half_vec_avx2, __attribute__((target("avx2"))))
#endif

/* bf16 and f16 by integer keys: the sign-magnitude pattern as a signed
 * magnitude (both zeros 0), which orders the non-NaN values as their
 * values; a NaN operand makes every direction but NE false. inf: the
 * infinity's pattern, above which a magnitude is a NaN. */
static irrun_status half_compare(kern_cmpdir dir, uint32_t inf, const uint16_t *a, const uint16_t *b,
                                 uint8_t *r, int64_t n)
{
    int64_t done;
#if defined(__x86_64__) || defined(__i386__)
    if (isa_avx2())
        done = half_vec_avx2(dir, (int16_t)inf, a, b, r, n);
    else
#endif
        done = half_vec_base(dir, (int16_t)inf, a, b, r, n);
#define SAME(x) (x)
    switch (dir) {
    case KC_EQ: HALF_SCALAR(==, SAME) break;
    case KC_NE: HALF_SCALAR(==, !) break;
    case KC_GE: HALF_SCALAR(>=, SAME) break;
    case KC_GT: HALF_SCALAR(>, SAME) break;
    case KC_LE: HALF_SCALAR(<=, SAME) break;
    case KC_LT: HALF_SCALAR(<, SAME) break;
    }
#undef SAME
    return IRRUN_OK;
}
#undef HKEY
#undef HORD

static irrun_status cmp_bf16(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                             int64_t n)
{
    (void)t;
    return half_compare(dir, 0x7F80u, a, b, r, n);
}

static irrun_status cmp_f16(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                            int64_t n)
{
    (void)t;
    return half_compare(dir, 0x7C00u, a, b, r, n);
}

/* C's comparisons of binary32 and binary64 are IEEE's (NaN unordered,
 * -0 = +0), as are their values'; on AVX2 hosts 32 bytes at a time in
 * vector extensions (lane masks narrowed to bytes), the rest one by one. */
#define FLOAT_VEC(NAME, ATTR, FT)                                                                \
    static ATTR int64_t NAME(kern_cmpdir dir, const FT *a, const FT *b, uint8_t *r, int64_t n)   \
    {                                                                                            \
        enum { L = 32 / sizeof(FT) };                                                            \
        typedef FT vf __attribute__((vector_size(32)));                                          \
        typedef __typeof__((vf){ 0 } < (vf){ 0 }) vm;                                            \
        typedef int8_t vb __attribute__((vector_size(L)));                                       \
        vb one;                                                                                  \
        for (int j = 0; j < L; j++)                                                              \
            one[j] = 1;                                                                          \
        int64_t i = 0;                                                                           \
        for (; i + L <= n; i += L) {                                                             \
            vf x, y;                                                                             \
            memcpy(&x, a + i, sizeof x);                                                         \
            memcpy(&y, b + i, sizeof y);                                                         \
            vm m = x < y;                                                                        \
            switch (dir) {                                                                       \
            case KC_EQ: m = x == y; break;                                                       \
            case KC_NE: m = x != y; break;                                                       \
            case KC_GE: m = x >= y; break;                                                       \
            case KC_GT: m = x > y; break;                                                        \
            case KC_LE: m = x <= y; break;                                                       \
            case KC_LT: break;                                                                   \
            }                                                                                    \
            vb out = __builtin_convertvector(m, vb) & one;                                       \
            memcpy(r + i, &out, sizeof out);                                                     \
        }                                                                                        \
        return i;                                                                                \
    }

#if defined(__x86_64__) || defined(__i386__)
FLOAT_VEC(f32_vec_avx2, __attribute__((target("avx2"))), float)
FLOAT_VEC(f64_vec_avx2, __attribute__((target("avx2"))), double)
#define FLOAT_VEC_AVX2 1
#endif

static irrun_status cmp_f32(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                            int64_t n)
{
    const float *pa = a, *pb = b;
    (void)t;
    int64_t done = 0;
#ifdef FLOAT_VEC_AVX2
    if (isa_avx2())
        done = f32_vec_avx2(dir, pa, pb, r, n);
#endif
    pa += done;
    pb += done;
    r += done;
    n -= done;
#define XA(j) pa[j]
#define XB(j) pb[j]
    CMP_DIRECT(XA, XB, r, n, dir);
    return IRRUN_OK;
}

static irrun_status cmp_f64(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                            int64_t n)
{
    const double *pa = a, *pb = b;
    (void)t;
    int64_t done = 0;
#ifdef FLOAT_VEC_AVX2
    if (isa_avx2())
        done = f64_vec_avx2(dir, pa, pb, r, n);
#endif
    pa += done;
    pb += done;
    r += done;
    n -= done;
    CMP_DIRECT(XA, XB, r, n, dir);
#undef XA
#undef XB
    return IRRUN_OK;
}

/* SPEC.md 4.25 totalOrder key: -1 - magnitude for a set sign bit, else the
 * magnitude; the FNUZ NaN 0x80 sorts above +Inf (section 8 item 7), E8M0
 * keys are the patterns. */
static int64_t total_key(const fp_format *F, uint64_t b)
{
    if (F->nan == FPN_FNUZ && b == F->sign_mask)
        return INT64_MAX;
    uint64_t mag = b & F->mask & ~F->sign_mask;
    if (b & F->sign_mask)
        return -1 - (int64_t)mag;
    return (int64_t)mag;
}

/* TOTALORDER, for every float type: the keys come from the format
 * descriptor alone. */
static irrun_status total_compare(kern_cmpdir dir, et_id t, const void *a, const void *b,
                                  uint8_t *r, int64_t n)
{
    const fp_format *F = fp_fmt(et_get(t)->fmt);
    size_t es = et_get(t)->bytes;
    for (int64_t i = 0; i < n; i += CHUNK) {
        int m = n - i < CHUNK ? (int)(n - i) : CHUNK;
        int64_t ka[CHUNK], kb[CHUNK];
        uint8_t *res = r + i;
        for (int j = 0; j < m; j++) {
            ka[j] = total_key(F, et_load_bits(t, (const unsigned char *)a + (i + j) * es));
            kb[j] = total_key(F, et_load_bits(t, (const unsigned char *)b + (i + j) * es));
        }
        CMP_LOOP(ka, kb, res, m, dir);
    }
    return IRRUN_OK;
}

/* Whether an outcome of a three-way comparison (-1, 0, 1; 2 unordered)
 * satisfies dir. */
static bool holds(kern_cmpdir dir, int c)
{
    switch (dir) {
    case KC_EQ: return c == 0;
    case KC_NE: return c != 0;
    case KC_GE: return c == 1 || c == 0;
    case KC_GT: return c == 1;
    case KC_LE: return c == -1 || c == 0;
    case KC_LT: return c == -1;
    }
    return false;
}

/* Complex (section 8 item 8): EQ/NE part-wise, the orderings lexicographic
 * (real parts strictly, then the imaginary parts). cr and ci are the parts'
 * three-way comparisons. */
static bool complex_holds(kern_cmpdir dir, int cr, int ci)
{
    switch (dir) {
    case KC_EQ: return cr == 0 && ci == 0;
    case KC_NE: return !(cr == 0 && ci == 0);
    case KC_GE:
    case KC_GT: return cr == 1 || (cr == 0 && holds(dir, ci));
    case KC_LE:
    case KC_LT: return cr == -1 || (cr == 0 && holds(dir, ci));
    }
    return false;
}

/* complex_holds per direction without branches: the parts' comparisons
 * are IEEE's (a NaN part is unordered). */
#define COMPLEX_LOOP(T)                                                                            \
    do {                                                                                           \
        const T *x = a, *y = b;                                                                    \
        switch (dir) {                                                                             \
        case KC_EQ:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = (x[2 * i] == y[2 * i]) & (x[2 * i + 1] == y[2 * i + 1]);                    \
            break;                                                                                 \
        case KC_NE:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = !((x[2 * i] == y[2 * i]) & (x[2 * i + 1] == y[2 * i + 1]));                 \
            break;                                                                                 \
        case KC_GE:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = (x[2 * i] > y[2 * i]) | ((x[2 * i] == y[2 * i]) & (x[2 * i + 1] >= y[2 * i + 1])); \
            break;                                                                                 \
        case KC_GT:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = (x[2 * i] > y[2 * i]) | ((x[2 * i] == y[2 * i]) & (x[2 * i + 1] > y[2 * i + 1])); \
            break;                                                                                 \
        case KC_LE:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = (x[2 * i] < y[2 * i]) | ((x[2 * i] == y[2 * i]) & (x[2 * i + 1] <= y[2 * i + 1])); \
            break;                                                                                 \
        case KC_LT:                                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                r[i] = (x[2 * i] < y[2 * i]) | ((x[2 * i] == y[2 * i]) & (x[2 * i + 1] < y[2 * i + 1])); \
            break;                                                                                 \
        }                                                                                          \
    } while (0)

static irrun_status complex_compare(kern_cmpdir dir, bool wide, const void *a, const void *b,
                                    uint8_t *r, int64_t n)
{
    if (wide)
        COMPLEX_LOOP(double);
    else
        COMPLEX_LOOP(float);
    return IRRUN_OK;
}

#if defined(__x86_64__) || defined(__i386__)
/* complex_holds on four complex<f32> elements: the parts' comparisons in
 * binary32 lanes; in each element's 64-bit lane the real part's mask is
 * the low half and the imaginary part's the high half, moved down by a
 * shift, so the low bit of (real strict) | (real equal & imaginary op) is
 * the answer (equality: both parts equal). */
__attribute__((target("avx2"))) static int64_t c64_vec_avx2(kern_cmpdir dir, const float *a, const float *b,
                                                            uint8_t *r, int64_t n)
{
    typedef float vf __attribute__((vector_size(32)));
    typedef uint64_t vu __attribute__((vector_size(32)));
    typedef uint8_t vb __attribute__((vector_size(4)));
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        vf x, y;
        memcpy(&x, a + 2 * i, sizeof x);
        memcpy(&y, b + 2 * i, sizeof y);
        vu eq = (vu)(x == y), strict = (vu)(x < y), op = (vu)(x < y);
        switch (dir) {
        case KC_EQ:
        case KC_NE: strict = eq & ~eq; op = eq; break;
        case KC_GE: strict = (vu)(x > y); op = (vu)(x >= y); break;
        case KC_GT: strict = (vu)(x > y); op = strict; break;
        case KC_LE: op = (vu)(x <= y); break;
        case KC_LT: break;
        }
        vu holds = (strict | (eq & (op >> 32))) & 1;
        if (dir == KC_NE)
            holds ^= 1;
        vb out = __builtin_convertvector(holds, vb);
        memcpy(r + i, &out, sizeof out);
    }
    return i;
}
#define C64_VEC_AVX2 1
#endif

static irrun_status cmp_c64(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                            int64_t n)
{
    (void)t;
    int64_t done = 0;
#ifdef C64_VEC_AVX2
    if (isa_avx2())
        done = c64_vec_avx2(dir, a, b, r, n);
#endif
    return complex_compare(dir, false, (const float *)a + 2 * done, (const float *)b + 2 * done, r + done,
                           n - done);
}

static irrun_status cmp_c128(kern_cmpdir dir, et_id t, const void *a, const void *b, uint8_t *r,
                             int64_t n)
{
    (void)t;
    return complex_compare(dir, true, a, b, r, n);
}

static const compare_loop compare_loops[ES_COUNT] = {
    [ES_BOOL] = cmp_u8,
    [ES_S8] = cmp_i8,
    [ES_S16] = cmp_i16,
    [ES_S32] = cmp_i32,
    [ES_S64] = cmp_i64,
    [ES_U8] = cmp_u8,
    [ES_U16] = cmp_u16,
    [ES_U32] = cmp_u32,
    [ES_U64] = cmp_u64,
    [ES_FBYTE] = cmp_fbyte,
    [ES_BF16] = cmp_bf16,
    [ES_F16] = cmp_f16,
    [ES_F32] = cmp_f32,
    [ES_F64] = cmp_f64,
    [ES_C64] = cmp_c64,
    [ES_C128] = cmp_c128,
    [ES_FLOAT] = NULL,
};

typedef struct {
    kern_cmpdir dir;
    bool totalorder;
} compare_ctx;

static irrun_status compare_each(const void *ctx, const tensor *const *x, tensor *r)
{
    const compare_ctx *cc = ctx;
    return kern_compare(cc->dir, cc->totalorder, x[0], x[1], r);
}

irrun_status kern_compare_on(pool *p, kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                             tensor *r)
{
    compare_ctx cc = { dir, totalorder };
    const tensor *x[2] = { a, b };
    return kern_each_on(p, compare_each, &cc, x, 2, r);
}

irrun_status kern_compare(kern_cmpdir dir, bool totalorder, const tensor *a, const tensor *b,
                          tensor *r)
{
    if (kern_any_splat(a, b, NULL, r)) {
        compare_ctx cc = { dir, totalorder };
        const tensor *x[2] = { a, b };
        return kern_splat_each(compare_each, &cc, x, 2, r);
    }
    et_id t = a->type.elem;
    if (totalorder && et_is_float(t))
        return total_compare(dir, t, a->data, b->data, r->data, a->count);
    /* one f32 or f64 pair (a sort comparator, a loop condition): C's
     * comparisons are IEEE's (NaN unordered, -0 = +0), no loop set-up */
    if (a->count == 1 && (t == ET_F32 || t == ET_F64)) {
        double x = t == ET_F32 ? *(const float *)a->data : *(const double *)a->data;
        double y = t == ET_F32 ? *(const float *)b->data : *(const double *)b->data;
        bool v = false;
        switch (dir) {
        case KC_EQ: v = x == y; break;
        case KC_NE: v = x != y; break;
        case KC_GE: v = x >= y; break;
        case KC_GT: v = x > y; break;
        case KC_LE: v = x <= y; break;
        case KC_LT: v = x < y; break;
        }
        *(uint8_t *)r->data = v;
        return IRRUN_OK;
    }
    compare_loop loop = compare_loops[et_get(t)->storage];
    if (!loop)
        return kern_compare_generic(dir, totalorder, a, b, r);
    return loop(dir, t, a->data, b->data, r->data, a->count);
}

/* --- the generic loop --------------------------------------------------- */

/* Three-way comparison of two value-bit patterns of a non-complex type. */
static int elem_order(et_id t, bool totalorder, uint64_t x, uint64_t y)
{
    const et_traits *tr = et_get(t);
    switch (tr->kind) {
    case EK_BOOL:
    case EK_UINT:
        return x < y ? -1 : x > y;
    case EK_SINT: {
        int64_t sx = et_sign_extend(t, x), sy = et_sign_extend(t, y);
        return sx < sy ? -1 : sx > sy;
    }
    case EK_FLOAT:
    case EK_COMPLEX:
        break;
    }
    if (!totalorder)
        return fp_compare(tr->fmt, x, y);
    int64_t kx = total_key(fp_fmt(tr->fmt), x), ky = total_key(fp_fmt(tr->fmt), y);
    return kx < ky ? -1 : kx > ky;
}

irrun_status kern_compare_generic(kern_cmpdir dir, bool totalorder, const tensor *a,
                                  const tensor *b, tensor *r)
{
    et_id t = a->type.elem, p = et_part(t);
    size_t es = et_get(t)->bytes, h = et_get(p)->bytes;
    const unsigned char *pa = a->data, *pb = b->data;
    uint8_t *out = r->data;
    for (int64_t i = 0; i < a->count; i++) {
        const unsigned char *x = pa + i * es, *y = pb + i * es;
        if (p == t) {
            out[i] = holds(dir, elem_order(t, totalorder, et_load_bits(t, x), et_load_bits(t, y)));
        } else {
            /* complex: totalOrder does not apply; parts compare by value */
            int cr = elem_order(p, false, et_load_bits(p, x), et_load_bits(p, y));
            int ci = elem_order(p, false, et_load_bits(p, x + h), et_load_bits(p, y + h));
            out[i] = complex_holds(dir, cr, ci);
        }
    }
    return IRRUN_OK;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* select of 8-byte elements, four at a time: the predicate bytes (0 or 1)
 * widened and negated into lane masks. Past the caches (big) the result
 * goes out by streaming stores, which skip reading the destination's lines
 * first: a third of the traffic of this memory-bound loop. */
__attribute__((target("avx2"))) static void select8_avx2(const uint8_t *pred, const uint64_t *x,
                                                         const uint64_t *y, uint64_t *o, int64_t n, bool big)
{
    int64_t i = 0;
    if (big)
        for (; i < n && ((uintptr_t)(o + i) & 31) != 0; i++)
            o[i] = pred[i] ? x[i] : y[i];
    const __m256i zero = _mm256_setzero_si256();
    for (; i + 4 <= n; i += 4) {
        int32_t p4;
        memcpy(&p4, pred + i, 4);
        __m256i m = _mm256_sub_epi64(zero, _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(p4)));
        __m256i v = _mm256_blendv_epi8(_mm256_loadu_si256((const __m256i *)(y + i)),
                                       _mm256_loadu_si256((const __m256i *)(x + i)), m);
        if (big)
            _mm256_stream_si256((__m256i *)(o + i), v);
        else
            _mm256_storeu_si256((__m256i *)(o + i), v);
    }
    if (big)
        _mm_sfence();
    for (; i < n; i++)
        o[i] = pred[i] ? x[i] : y[i];
}
#define SELECT_AVX2 1
#endif

static irrun_status select_each(const void *ctx, const tensor *const *x, tensor *r)
{
    (void)ctx;
    return kern_select(x[0], x[1], x[2], r);
}

irrun_status kern_select_on(pool *threads, const tensor *p, const tensor *t, const tensor *f, tensor *r)
{
    const tensor *x[3] = { p, t, f };
    return kern_each_on(threads, select_each, NULL, x, 3, r);
}

irrun_status kern_select(const tensor *p, const tensor *t, const tensor *f, tensor *r)
{
    if (kern_any_splat(p, t, f, r)) {
        const tensor *x[3] = { p, t, f };
        return kern_splat_each(select_each, NULL, x, 3, r);
    }
    const uint8_t *pred = p->data;
    bool scalar = p->type.rank == 0;
    size_t es = tensor_elem_bytes(t);
    int64_t n = r->count;
    if (scalar) {
        memcpy(r->data, pred[0] ? t->data : f->data, r->nbytes);
        return IRRUN_OK;
    }
    switch (es) {
#define SEL(T)                                                                    \
    {                                                                             \
        const T *x = t->data, *y = f->data;                                       \
        T *o = r->data;                                                           \
        /* by mask, not by branch: predicates are often random */                 \
        for (int64_t i = 0; i < n; i++) {                                         \
            T m = (T)0 - (T)pred[i];                                              \
            o[i] = (T)((x[i] & m) | (y[i] & (T)~m));                              \
        }                                                                         \
        return IRRUN_OK;                                                                 \
    }
    case 1: SEL(uint8_t)
    case 2: SEL(uint16_t)
    case 4: SEL(uint32_t)
    case 8:
#ifdef SELECT_AVX2
        if (isa_avx2()) {
            select8_avx2(pred, t->data, f->data, r->data, n, r->nbytes >= ((size_t)32 << 20));
            return IRRUN_OK;
        }
#endif
        SEL(uint64_t)
#undef SEL
    case 16: { /* complex<f64>: both words by the same mask */
        const uint64_t *x = t->data, *y = f->data;
        uint64_t *o = r->data;
        for (int64_t i = 0; i < n; i++) {
            uint64_t m = (uint64_t)0 - (uint64_t)pred[i];
            o[2 * i] = (x[2 * i] & m) | (y[2 * i] & ~m);
            o[2 * i + 1] = (x[2 * i + 1] & m) | (y[2 * i + 1] & ~m);
        }
        return IRRUN_OK;
    }
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy((unsigned char *)r->data + i * es,
                   (const unsigned char *)(pred[i] ? t->data : f->data) + i * es, es);
        return IRRUN_OK;
    }
}

/* A rank-0 bound as a splat of x's type (or the bound itself). */
static tensor *splat_bound(const tensor *bound, const tensor *x, bool *owned)
{
    *owned = false;
    if (bound->type.rank != 0 || x->count < 2)
        return (tensor *)bound;
    tensor *t = tensor_new_splat(&x->type);
    if (!t)
        return NULL;
    memcpy(tensor_at(t, 0), bound->data, tensor_elem_bytes(x));
    *owned = true;
    return t;
}

/* minimum(maximum(x, min), max) on one chunk: x keeps NaN priority, then
 * min, then max */
static irrun_status clamp_each(const void *ctx, const tensor *const *x, tensor *r)
{
    (void)ctx;
    irrun_status rc = kern_binary(KB_MAX, x[1], x[0], r);
    return rc == IRRUN_OK ? kern_binary(KB_MIN, r, x[2], r) : rc;
}

/* Clamp between rank-0 bounds lo, hi of the storage word UT, by order
 * keys KT: maximum(x, lo) then minimum(., hi) as kern_binary computes them
 * (a tie keeps the left operand, which has the same bits). For floats the
 * key is the sign-magnitude pattern made two's complement (-0 just below
 * +0, as maximum/minimum order them, SPEC.md 4.11); a NaN x is quieted (the
 * caller takes NaN bounds elsewhere). */
#define CLAMP_LOOP(NAME, UT, KT, KEY, ISNAN, QBIT)                     \
    static void NAME(const UT *x, UT lo, UT hi, UT *r, int64_t n)     \
    {                                                                  \
        const KT klo = KEY(lo), khi = KEY(hi);                         \
        for (int64_t i = 0; i < n; i++) {                              \
            UT b = x[i];                                               \
            KT k = KEY(b);                                             \
            UT t = k < klo ? lo : b;                                   \
            KT kt = k < klo ? klo : k;                                 \
            UT v = khi < kt ? hi : t;                                  \
            r[i] = ISNAN(b) ? (UT)(b | QBIT) : v;                      \
        }                                                              \
    }

#define KEY_ID(b) (b)
#define KEY_S16(b) ((int16_t)(b))
#define KEY_S32(b) ((int32_t)(b))
#define KEY_S64(b) ((int64_t)(b))
#define KEY_F16(b) ((int32_t)(int16_t)(b) ^ (((int32_t)(int16_t)(b) >> 15) & 0x7FFF))
#define KEY_F32(b) ((int32_t)(b) ^ (((int32_t)(b) >> 31) & INT32_MAX))
#define KEY_F64(b) ((int64_t)(b) ^ (((int64_t)(b) >> 63) & INT64_MAX))
#define NAN_NONE(b) 0
#define NAN_BF16(b) (((b) & 0x7FFFu) > 0x7F80u)
#define NAN_F16(b) (((b) & 0x7FFFu) > 0x7C00u)
#define NAN_F32(b) (((b) & 0x7FFFFFFFu) > 0x7F800000u)
#define NAN_F64(b) (((b) & ~(UINT64_C(1) << 63)) > UINT64_C(0x7FF0000000000000))

CLAMP_LOOP(clamp_u16, uint16_t, uint16_t, KEY_ID, NAN_NONE, 0)
CLAMP_LOOP(clamp_u32, uint32_t, uint32_t, KEY_ID, NAN_NONE, 0)
CLAMP_LOOP(clamp_u64, uint64_t, uint64_t, KEY_ID, NAN_NONE, 0)
CLAMP_LOOP(clamp_s16, uint16_t, int16_t, KEY_S16, NAN_NONE, 0)
CLAMP_LOOP(clamp_s32, uint32_t, int32_t, KEY_S32, NAN_NONE, 0)
CLAMP_LOOP(clamp_s64, uint64_t, int64_t, KEY_S64, NAN_NONE, 0)
CLAMP_LOOP(clamp_bf16, uint16_t, int32_t, KEY_F16, NAN_BF16, 0x40u)
CLAMP_LOOP(clamp_f16, uint16_t, int32_t, KEY_F16, NAN_F16, 0x200u)
CLAMP_LOOP(clamp_f32, uint32_t, int32_t, KEY_F32, NAN_F32, 0x400000u)
CLAMP_LOOP(clamp_f64, uint64_t, int64_t, KEY_F64, NAN_F64, UINT64_C(0x8000000000000))

/* The same on 32 bytes at a time in vector extensions (GCC and clang), a
 * copy built for AVX2 and one for the baseline; the scalar loop does the
 * tail. Comparison results are lane masks of all ones, so the ternaries
 * become bitwise selects. */
/* kmax: every lane the largest positive key */
#define VKEY_F(V, b, kmax) ((V)(b) ^ (((V)(b) >> (8 * sizeof((b)[0]) - 1)) & (kmax)))

#define CLAMP_VEC(NAME, ATTR, UT, KT, VKEY, ISFLOAT, ABS, INF, QBIT)                 \
    static ATTR int64_t NAME(const UT *x, UT lo, UT hi, UT *r, int64_t n)           \
    {                                                                               \
        typedef UT vu __attribute__((vector_size(32)));                             \
        typedef KT vk __attribute__((vector_size(32)));                             \
        enum { L = 32 / sizeof(UT) };                           \
        vu vlo, vhi, vabs, vinf, vq;                                                \
        vk kmax;                                                                    \
        for (int j = 0; j < L; j++) {                                               \
            kmax[j] = (KT)((UT)~(UT)0 >> 1);                                        \
            vlo[j] = lo;                                                            \
            vhi[j] = hi;                                                            \
            vabs[j] = (UT)(ABS);                                                    \
            vinf[j] = (UT)(INF);                                                    \
            vq[j] = (UT)(QBIT);                                                     \
        }                                                                           \
        const vk klo = VKEY(vk, vlo, kmax), khi = VKEY(vk, vhi, kmax);                          \
        int64_t i = 0;                                                              \
        for (; i + L <= n; i += L) {                                                \
            vu b;                                                                   \
            memcpy(&b, x + i, sizeof b);                                            \
            vk k = VKEY(vk, b, kmax);                                                     \
            vu m = (vu)(k < klo);                                                   \
            vu t = VSEL(m, vlo, b);                                                 \
            vk kt = (vk)VSEL(m, (vu)klo, (vu)k);                                    \
            m = (vu)(khi < kt);                                                     \
            t = VSEL(m, vhi, t);                                                    \
            if (ISFLOAT) {                                                          \
                typedef __typeof__(k < k) vs;                                       \
                m = (vu)((vs)(b & vabs) > (vs)vinf);                                \
                t = VSEL(m, b | vq, t);                                             \
            }                                                                       \
            memcpy(r + i, &t, sizeof t);                                            \
        }                                                                           \
        return i;                                                                   \
    }

#define VKEY_U(V, b, kmax) ((void)(kmax), (V)(b))

#define CLAMP_VECS(ATTR, SUF)                                                                        \
    CLAMP_VEC(vclamp_u16##SUF, ATTR, uint16_t, uint16_t, VKEY_U, 0, 0, 0, 0)                         \
    CLAMP_VEC(vclamp_u32##SUF, ATTR, uint32_t, uint32_t, VKEY_U, 0, 0, 0, 0)                         \
    CLAMP_VEC(vclamp_u64##SUF, ATTR, uint64_t, uint64_t, VKEY_U, 0, 0, 0, 0)                         \
    CLAMP_VEC(vclamp_s16##SUF, ATTR, uint16_t, int16_t, VKEY_U, 0, 0, 0, 0)                          \
    CLAMP_VEC(vclamp_s32##SUF, ATTR, uint32_t, int32_t, VKEY_U, 0, 0, 0, 0)                          \
    CLAMP_VEC(vclamp_s64##SUF, ATTR, uint64_t, int64_t, VKEY_U, 0, 0, 0, 0)                          \
    CLAMP_VEC(vclamp_bf16##SUF, ATTR, uint16_t, int16_t, VKEY_F, 1, 0x7FFF, 0x7F80, 0x40)          \
    CLAMP_VEC(vclamp_f16##SUF, ATTR, uint16_t, int16_t, VKEY_F, 1, 0x7FFF, 0x7C00, 0x200)          \
    CLAMP_VEC(vclamp_f32##SUF, ATTR, uint32_t, int32_t, VKEY_F, 1, 0x7FFFFFFF, 0x7F800000, 0x400000) \
    CLAMP_VEC(vclamp_f64##SUF, ATTR, uint64_t, int64_t, VKEY_F, 1, ~(UINT64_C(1) << 63),           \
              UINT64_C(0x7FF0000000000000), UINT64_C(0x8000000000000))

/* complex<f32> four elements at a time: the part comparisons in binary32
 * lanes, then each element's choice in its 64-bit lane (the real part's
 * mask is the low half, moved up by a shift). */
#define CLAMP_C64_VEC(NAME, ATTR)                                                              \
    static ATTR int64_t NAME(const uint32_t *x, const uint32_t *lo, const uint32_t *hi,        \
                             uint32_t *r, int64_t n)                                           \
    {                                                                                          \
        typedef float vf __attribute__((vector_size(32)));                                     \
        typedef uint64_t vu __attribute__((vector_size(32)));                                  \
        typedef int64_t vs __attribute__((vector_size(32)));                                   \
        vu ulo, uhi;                                                                           \
        for (int j = 0; j < 4; j++) {                                                          \
            ulo[j] = lo[0] | (uint64_t)lo[1] << 32;                                            \
            uhi[j] = hi[0] | (uint64_t)hi[1] << 32;                                            \
        }                                                                                      \
        const vf flo = (vf)ulo, fhi = (vf)uhi;                                                 \
        const vs zero = { 0, 0, 0, 0 };                                                        \
        int64_t i = 0;                                                                         \
        for (; i + 4 <= n; i += 4) {                                                           \
            vu b;                                                                              \
            memcpy(&b, x + 2 * i, sizeof b);                                                   \
            vu eq = (vu)((vf)b == flo), gt = (vu)((vf)b > flo);                                \
            vu eq_re = (vu)((vs)(eq << 32) < zero), gt_re = (vu)((vs)(gt << 32) < zero);       \
            vu keep = VSEL(eq_re, (vu)((vs)gt < zero), gt_re);                                 \
            vu t = VSEL(keep, b, ulo);                                                         \
            eq = (vu)((vf)t == fhi);                                                           \
            vu lt = (vu)((vf)t < fhi);                                                         \
            eq_re = (vu)((vs)(eq << 32) < zero);                                               \
            vu lt_re = (vu)((vs)(lt << 32) < zero);                                            \
            keep = VSEL(eq_re, (vu)((vs)lt < zero), lt_re);                                    \
            t = VSEL(keep, t, uhi);                                                            \
            memcpy(r + 2 * i, &t, sizeof t);                                                   \
        }                                                                                      \
        return i;                                                                              \
    }

CLAMP_C64_VEC(vclamp_c64_base, )
#if defined(__x86_64__) || defined(__i386__)
CLAMP_C64_VEC(vclamp_c64_avx2, __attribute__((target("avx2"))))
#endif

CLAMP_VECS(, _base)
#if defined(__x86_64__) || defined(__i386__)
#define CMP_AVX2 1
CLAMP_VECS(__attribute__((target("avx2"))), _avx2)
#endif

/* complex<f32>: kern_binary's order (real parts, the imaginary parts on
 * equal real parts; a false comparison, NaN included, takes the right
 * operand). */
static void clamp_c64(const uint32_t *x, const uint32_t *lo, const uint32_t *hi, uint32_t *r, int64_t n)
{
    const float lr = bits_to_f32(lo[0]), li = bits_to_f32(lo[1]);
    const float hr = bits_to_f32(hi[0]), hi_ = bits_to_f32(hi[1]);
    for (int64_t i = 0; i < n; i++) {
        float xr = bits_to_f32(x[2 * i]), xi = bits_to_f32(x[2 * i + 1]);
        bool keep = xr == lr ? xi > li : xr > lr;
        uint32_t br = keep ? x[2 * i] : lo[0], bi = keep ? x[2 * i + 1] : lo[1];
        float tr = bits_to_f32(br), ti = bits_to_f32(bi);
        keep = tr == hr ? ti < hi_ : tr < hr;
        r[2 * i] = keep ? br : hi[0];
        r[2 * i + 1] = keep ? bi : hi[1];
    }
}

static irrun_status clamp_generic_path(const tensor *mn, const tensor *x, const tensor *mx, tensor *r);

/* Bounds of rank 0 on a dense x of at least two elements: one pass; 1-byte
 * types map through the table of the general path on every value of the
 * type. IRRUN_UNSUPPORTED where the general path has to run. */
static irrun_status clamp_scalar_bounds(const tensor *mn, const tensor *x, const tensor *mx, tensor *r)
{
    et_id t = x->type.elem;
    const et_traits *tr = et_get(t);
    int64_t n = x->count;
    if (tr->bytes == 1) {
        if (n < 512 || tr->value_bits > 8)
            return IRRUN_UNSUPPORTED;
        tensor_type vt = { t, 1, { INT64_C(1) << tr->value_bits } };
        tensor *v = tensor_new(&vt), *cv = tensor_new(&vt);
        irrun_status rc = IRRUN_NOMEM;
        if (v && cv) {
            for (int64_t p = 0; p < v->count; p++)
                et_store_bits(t, (unsigned char *)v->data + p, (uint64_t)p);
            rc = clamp_generic_path(mn, v, mx, cv);
        }
        if (rc == IRRUN_OK) {
            uint8_t tab[256] = { 0 };
            for (int64_t p = 0; p < v->count; p++)
                tab[((const uint8_t *)v->data)[p]] = ((const uint8_t *)cv->data)[p];
            const uint8_t *px = x->data;
            uint8_t *pr = r->data;
            for (int64_t i = 0; i < n; i++)
                pr[i] = tab[px[i]];
        }
        tensor_release(v);
        tensor_release(cv);
        return rc;
    }
    uint64_t lo = 0, hi = 0;
    memcpy(&lo, mn->data, tr->bytes > 8 ? 8 : tr->bytes);
    memcpy(&hi, mx->data, tr->bytes > 8 ? 8 : tr->bytes);
    if (tr->kind == EK_FLOAT && (fp_is_nan(tr->fmt, lo) || fp_is_nan(tr->fmt, hi)))
        return IRRUN_UNSUPPORTED;
    bool avx2 = false;
#ifdef CMP_AVX2
    avx2 = isa_avx2();
#endif
    int64_t done = 0;
#ifdef CMP_AVX2
#define CLAMP_RUN(SUF, UT)                                                                   \
    done = avx2 ? vclamp_##SUF##_avx2(x->data, (UT)lo, (UT)hi, r->data, n)                  \
                : vclamp_##SUF##_base(x->data, (UT)lo, (UT)hi, r->data, n);                  \
    clamp_##SUF((const UT *)x->data + done, (UT)lo, (UT)hi, (UT *)r->data + done, n - done); \
    return IRRUN_OK;
#else
#define CLAMP_RUN(SUF, UT)                                                                   \
    done = vclamp_##SUF##_base(x->data, (UT)lo, (UT)hi, r->data, n);                         \
    clamp_##SUF((const UT *)x->data + done, (UT)lo, (UT)hi, (UT *)r->data + done, n - done); \
    return IRRUN_OK;
#endif
    (void)avx2;
    switch (tr->storage) {
    case ES_S16: CLAMP_RUN(s16, uint16_t)
    case ES_S32: CLAMP_RUN(s32, uint32_t)
    case ES_S64: CLAMP_RUN(s64, uint64_t)
    case ES_U16: CLAMP_RUN(u16, uint16_t)
    case ES_U32: CLAMP_RUN(u32, uint32_t)
    case ES_U64: CLAMP_RUN(u64, uint64_t)
    case ES_BF16: CLAMP_RUN(bf16, uint16_t)
    case ES_F16: CLAMP_RUN(f16, uint16_t)
    case ES_F32: CLAMP_RUN(f32, uint32_t)
    case ES_F64: CLAMP_RUN(f64, uint64_t)
#undef CLAMP_RUN
    case ES_C64:
#ifdef CMP_AVX2
        if (avx2)
            done = vclamp_c64_avx2(x->data, mn->data, mx->data, r->data, n);
        else
#endif
            done = vclamp_c64_base(x->data, mn->data, mx->data, r->data, n);
        clamp_c64((const uint32_t *)x->data + 2 * done, mn->data, mx->data, (uint32_t *)r->data + 2 * done, n - done);
        return IRRUN_OK;
    case ES_BOOL:
    case ES_S8:
    case ES_U8:
    case ES_FBYTE:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT: break;
    }
    return IRRUN_UNSUPPORTED;
}

static irrun_status clamp_whole(const void *ctx, const tensor *const *x, tensor *r)
{
    (void)ctx;
    return kern_clamp(x[0], x[1], x[2], r);
}

irrun_status kern_clamp_on(pool *p, const tensor *mn, const tensor *x, const tensor *mx, tensor *r)
{
    const tensor *ops[3] = { mn, x, mx };
    return kern_each_on(p, clamp_whole, NULL, ops, 3, r);
}

irrun_status kern_clamp(const tensor *mn, const tensor *x, const tensor *mx, tensor *r)
{
    if (mn->type.rank == 0 && mx->type.rank == 0 && x->count >= 2 && !kern_any_splat(x, mn, mx, r)) {
        irrun_status rc = clamp_scalar_bounds(mn, x, mx, r);
        if (rc != IRRUN_UNSUPPORTED)
            return rc;
    }
    return clamp_generic_path(mn, x, mx, r);
}

static irrun_status clamp_generic_path(const tensor *mn, const tensor *x, const tensor *mx, tensor *r)
{

    bool own_lo, own_hi;
    tensor *lo = splat_bound(mn, x, &own_lo);
    tensor *hi = lo ? splat_bound(mx, x, &own_hi) : NULL;
    irrun_status rc = IRRUN_NOMEM;
    if (hi) {
        /* a chunk at a time, both passes while the chunk is in the cache */
        const tensor *ops[3] = { lo, x, hi };
        if (x->count == 0)
            rc = IRRUN_OK;
        else if (x->count == 1) /* bounds of one element: rank 0 or x's shape */
            rc = clamp_each(NULL, ops, r);
        else
            rc = kern_splat_each(clamp_each, NULL, ops, 3, r);
    }
    if (own_lo)
        tensor_release(lo);
    if (hi && own_hi)
        tensor_release(hi);
    return rc;
}
