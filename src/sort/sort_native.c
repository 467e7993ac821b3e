/* The native sort path (SPEC.md 9.3.5): a comparator that is a single
 * compare of the first operand pair, run without the region. Each slice is
 * decoded once into (key, position) pairs whose keys compare with one C
 * operator exactly as kern_compare compares the elements; the pairs are then
 * sorted by the same algorithms as the general path (sort_algo.h), so the
 * same pairs are compared in the same order and the permutation is the one
 * sort_positions gives with that comparator, ties and NaNs included. Keys
 * travel with their positions, so comparisons read adjacent memory.
 *
 * Three key kinds cover every element type: int64 (integers, i1, and
 * totalOrder keys of floats), binary64 (float values: exact for every
 * format, NaN unordered, -0 = +0 as IEEE comparisons require) and a pair of
 * binary64 (complex, lexicographic). GT and GE become LT and LE on keys
 * mapped by an order-reversing bijection that keeps equality and
 * unorderedness: ~k for int64, -x for binary64 (NaN stays NaN, -0 = +0
 * stays), both parts negated for complex. So there are six instantiations:
 * three kinds times strict (LT) and non-strict (LE). */
#include "sort/sort.h"

#include <string.h>

#include "kernels/math/kern_ieee.h"
#include "types/fptables.h"
#include "util/mem.h"
#include "util/status.h"

typedef struct {
    int64_t k;
    int64_t pos;
} ikey;

typedef struct {
    double k;
    int64_t pos;
} dkey;

typedef struct {
    double re, im;
    int64_t pos;
} ckey;

#define SORT_CTX const void
#define SORT_ELEM ikey
#define SORT_LESS(cx, x, y, out) ((void)(cx), *(out) = (x).k < (y).k, 0)
#define SORT_NAME(id) ik_lt_##id
#include "sort/sort_algo.h"

#define SORT_CTX const void
#define SORT_ELEM ikey
#define SORT_LESS(cx, x, y, out) ((void)(cx), *(out) = (x).k <= (y).k, 0)
#define SORT_NAME(id) ik_le_##id
#include "sort/sort_algo.h"

#define SORT_CTX const void
#define SORT_ELEM dkey
#define SORT_LESS(cx, x, y, out) ((void)(cx), *(out) = (x).k < (y).k, 0)
#define SORT_NAME(id) dk_lt_##id
#include "sort/sort_algo.h"

#define SORT_CTX const void
#define SORT_ELEM dkey
#define SORT_LESS(cx, x, y, out) ((void)(cx), *(out) = (x).k <= (y).k, 0)
#define SORT_NAME(id) dk_le_##id
#include "sort/sort_algo.h"

/* kern_compare's complex orderings (SPEC.md section 8 item 8) */
#define SORT_CTX const void
#define SORT_ELEM ckey
#define SORT_LESS(cx, x, y, out) \
    ((void)(cx), *(out) = (x).re < (y).re || ((x).re == (y).re && (x).im < (y).im), 0)
#define SORT_NAME(id) ck_lt_##id
#include "sort/sort_algo.h"

#define SORT_CTX const void
#define SORT_ELEM ckey
#define SORT_LESS(cx, x, y, out) \
    ((void)(cx), *(out) = (x).re < (y).re || ((x).re == (y).re && (x).im <= (y).im), 0)
#define SORT_NAME(id) ck_le_##id
#include "sort/sort_algo.h"

bool sort_native_supports(kern_cmpdir dir)
{
    return dir == KC_LT || dir == KC_GT || dir == KC_LE || dir == KC_GE;
}

/* One loop per storage type: the element at p (memcpy: strided slices
 * need not be aligned for T), converted by EXPR of the loaded v. */
#define DECODE(E, T, EXPR)                                   \
    for (int64_t i = 0; i < n; i++, p += step) {             \
        T v;                                                 \
        memcpy(&v, p, sizeof v);                             \
        (E)[i].k = (EXPR);                                   \
        (E)[i].pos = i;                                      \
    }

/* Integers are stored sign- or zero-extended to their storage width
 * (types/etype.h), so the storage type gives the value, as in kern_compare.
 * Unsigned values keep their order as int64 with the top bit flipped. */
static void decode_ints(et_id t, const unsigned char *p, int64_t step, int64_t n, ikey *e)
{
    const uint64_t flip = UINT64_C(1) << 63;
    if (et_get(t)->kind == EK_SINT) {
        switch (et_get(t)->bytes) {
        case 1: DECODE(e, int8_t, v) break;
        case 2: DECODE(e, int16_t, v) break;
        case 4: DECODE(e, int32_t, v) break;
        default: DECODE(e, int64_t, v) break;
        }
    } else {
        switch (et_get(t)->bytes) {
        case 1: DECODE(e, uint8_t, (int64_t)v) break;
        case 2: DECODE(e, uint16_t, (int64_t)v) break;
        case 4: DECODE(e, uint32_t, (int64_t)v) break;
        default: DECODE(e, uint64_t, (int64_t)(v ^ flip)) break;
        }
    }
}

/* SPEC.md 4.25's totalOrder key, the formula of kern_compare's total_key:
 * -1 - magnitude for a set sign bit, else the magnitude; the FNUZ NaN
 * (0x80) above +Inf (section 8 item 7); for E8M0 (no sign) the pattern. */
static int64_t total_key(const fp_format *F, uint64_t b)
{
    if (F->nan == FPN_FNUZ && b == F->sign_mask)
        return INT64_MAX;
    uint64_t mag = b & F->mask & ~F->sign_mask;
    return (b & F->sign_mask) ? -1 - (int64_t)mag : (int64_t)mag;
}

static void decode_total(fp_id f, const unsigned char *p, int64_t step, int64_t n, ikey *e)
{
    const fp_format *F = fp_fmt(f);
    switch (F->bits <= 8 ? 1 : F->bits / 8) {
    case 1: DECODE(e, uint8_t, total_key(F, v & F->mask)) break;
    case 2: DECODE(e, uint16_t, total_key(F, v)) break;
    case 4: DECODE(e, uint32_t, total_key(F, v)) break;
    default: DECODE(e, uint64_t, total_key(F, v)) break;
    }
}

/* Exact binary64 values; `small` is the 256-entry table of a format of 8
 * bits or fewer. */
static void decode_floats(fp_id f, const double *small, const unsigned char *p, int64_t step, int64_t n,
                          dkey *e)
{
    switch (f) {
    case FP_F64: DECODE(e, double, v) break;
    case FP_F32: DECODE(e, float, (double)v) break;
    case FP_BF16: DECODE(e, uint16_t, kern_bf16_to_f64(v)) break;
    case FP_F16: DECODE(e, uint16_t, kern_f16_to_f64(v)) break;
    default: DECODE(e, uint8_t, small[v]) break;
    }
}

static void decode_complex(bool wide, const unsigned char *p, int64_t step, int64_t n, ckey *e)
{
    for (int64_t i = 0; i < n; i++, p += step) {
        if (wide) {
            memcpy(&e[i].re, p, 8);
            memcpy(&e[i].im, p + 8, 8);
        } else {
            float re, im;
            memcpy(&re, p, 4);
            memcpy(&im, p + 4, 4);
            e[i].re = re;
            e[i].im = im;
        }
        e[i].pos = i;
    }
}

/* Runs instantiation NAME over the n decoded elements E (their buffer, for
 * the stable sort, right after them) and writes the positions out. */
#define SORT_KEYS(NAME, E)                                                                 \
    do {                                                                                   \
        rc = stable ? NAME##_stable(NULL, (E), n, (E) + n) : NAME##_unstable(NULL, (E), n); \
        for (int64_t j = 0; j < n; j++)                                                    \
            perm[j] = (E)[j].pos;                                                          \
    } while (0)

int sort_native(const sort_key_cmp *cmp, const void *base, int64_t stride, int64_t n, bool stable,
                int64_t *perm, sort_work *w)
{
    if (!sort_native_supports(cmp->dir))
        return IRRUN_UNSUPPORTED;
    if (n <= 1) {
        if (n == 1)
            perm[0] = 0;
        return IRRUN_OK;
    }
    const et_traits *tr = et_get(cmp->type);
    bool strict = cmp->dir == KC_LT || cmp->dir == KC_GT;
    bool reverse = cmp->dir == KC_GT || cmp->dir == KC_GE;
    enum { INT_KEYS, FLOAT_KEYS, COMPLEX_KEYS } kind =
        tr->kind == EK_COMPLEX                 ? COMPLEX_KEYS
        : tr->kind == EK_FLOAT && !cmp->totalorder ? FLOAT_KEYS
                                               : INT_KEYS;
    size_t esize = kind == INT_KEYS ? sizeof(ikey) : kind == FLOAT_KEYS ? sizeof(dkey) : sizeof(ckey);
    uint64_t count = (uint64_t)n + (stable ? (uint64_t)(n / 2 + (n & 1)) : 0);
    if (count > SIZE_MAX / esize)
        return IRRUN_NOMEM;
    const double *small = NULL;
    if (kind == FLOAT_KEYS && tr->bytes == 1 && !(small = fp_table_to_double(tr->fmt)))
        return IRRUN_NOMEM;
    sort_work local = SORT_WORK_INIT, *use = w ? w : &local;
    void *mem = sort_work_get(use, (size_t)count * esize);
    if (!mem)
        return IRRUN_NOMEM;
    const unsigned char *p = base;
    int64_t step = stride * (int64_t)tr->bytes;
    int rc = IRRUN_OK;
    if (kind == INT_KEYS) {
        ikey *e = mem;
        if (tr->kind == EK_FLOAT)
            decode_total(tr->fmt, p, step, n, e);
        else
            decode_ints(cmp->type, p, step, n, e);
        for (int64_t i = 0; reverse && i < n; i++)
            e[i].k = ~e[i].k;
        if (strict)
            SORT_KEYS(ik_lt, e);
        else
            SORT_KEYS(ik_le, e);
    } else if (kind == FLOAT_KEYS) {
        dkey *e = mem;
        decode_floats(tr->fmt, small, p, step, n, e);
        for (int64_t i = 0; reverse && i < n; i++)
            e[i].k = -e[i].k;
        if (strict)
            SORT_KEYS(dk_lt, e);
        else
            SORT_KEYS(dk_le, e);
    } else {
        ckey *e = mem;
        decode_complex(cmp->type == ET_C128, p, step, n, e);
        for (int64_t i = 0; reverse && i < n; i++) {
            e[i].re = -e[i].re;
            e[i].im = -e[i].im;
        }
        if (strict)
            SORT_KEYS(ck_lt, e);
        else
            SORT_KEYS(ck_le, e);
    }
    sort_work_free(&local);
    return rc;
}
