/* reduce_precision (SPEC.md 9.5.2): REF's bit algorithm, verbatim, on
 * every float format (decision 36). It rounds the pattern to nearest even
 * at the kept mantissa bit, then sends exponents beyond the reduced range
 * to the Inf pattern and those at or below its subnormal range to zero: an
 * IEEE-style format without subnormals. For FN, FNUZ, E8M0 and f4/f6 the
 * same steps run on a layout they were not made for (all-ones exponents
 * are numbers there), which is what REF computes.
 *
 * Formats of at most 8 bits map through a 256-entry table of the scalar
 * definition; bf16, f16, f32 and f64 run one branch-free loop each, with
 * the steps that do not apply turned into no-ops by their constants. */
#include "kernels/kern_numerics.h"
#include "kernels/kern_splat.h"
#include "kernels/kern_split.h"
#include "types/fpformat.h"
#include "util/mem.h"

uint64_t kern_reduce_precision_scalar(fp_id f, uint64_t x, int32_t E, int32_t M)
{
    const fp_format *F = fp_fmt(f);
    unsigned W = F->bits, m = F->mbits, e = W - m - 1; /* E8M0: e = 7, its top bit acts as a sign */
    uint64_t in = x & F->mask;
    x = in;
    if ((uint32_t)M < m) {
        unsigned s = m - (unsigned)M;
        uint64_t last = (x >> s) & 1;
        x = (x + ((UINT64_C(1) << (s - 1)) - 1) + last) & ~((UINT64_C(1) << s) - 1);
    }
    uint64_t field = ((UINT64_C(1) << e) - 1) << m; /* the exponent field; alone, the +Inf pattern */
    if ((uint32_t)E < e) {
        uint64_t B = (UINT64_C(1) << (e - 1)) - 1, b = (UINT64_C(1) << (E - 1)) - 1;
        uint64_t X = x & field, sign = x & (UINT64_C(1) << (W - 1));
        if (X > (B + b) << m)
            x = sign | field;
        else if (X <= (B - b) << m)
            x = sign;
    }
    if (fp_is_nan(f, in)) /* M = 0: +Inf, or the format's NaN where there is no Inf */
        return M > 0 ? in : F->has_inf ? field : F->canon_nan;
    return x & F->mask;
}

irrun_status kern_reduce_precision_generic(const tensor *x, int32_t e, int32_t m, tensor *r)
{
    et_id t = x->type.elem;
    if (!et_is_float(t))
        return IRRUN_UNSUPPORTED;
    fp_id f = et_get(t)->fmt;
    size_t es = et_get(t)->bytes;
    const unsigned char *px = x->data;
    unsigned char *pr = r->data;
    for (int64_t i = 0; i < x->count; i++)
        et_store_bits(t, pr + (size_t)i * es,
                      kern_reduce_precision_scalar(f, et_load_bits(t, px + (size_t)i * es), e, m));
    return IRRUN_OK;
}

/* The constants of one (format, E, M) for the IEEE loops. Rounding with
 * s = 0, add = 0, one = 0 and keep = all ones changes nothing; a range
 * with hi = all ones and lo1 = 0 never fires. */
typedef struct {
    uint64_t add, one, keep; /* x := (x + add + ((x >> s) & one)) & keep */
    unsigned s;
    uint64_t field, signbit;  /* exponent field in place; the sign bit */
    uint64_t hi, lo1;         /* X > hi: Inf; X < lo1: zero */
    uint64_t inf;             /* the +Inf pattern, the NaN test's bound */
    bool nan_keeps;           /* M > 0: a NaN comes out unchanged, else +Inf */
} rp_consts;

static rp_consts rp_setup(fp_id f, int32_t E, int32_t M)
{
    const fp_format *F = fp_fmt(f);
    unsigned W = F->bits, m = F->mbits, e = W - m - 1;
    rp_consts k = { 0, 0, ~UINT64_C(0), 0, 0, 0, ~UINT64_C(0), 0, 0, M > 0 };
    if ((uint32_t)M < m) {
        k.s = m - (unsigned)M;
        k.add = (UINT64_C(1) << (k.s - 1)) - 1;
        k.one = 1;
        k.keep = ~((UINT64_C(1) << k.s) - 1);
    }
    k.field = ((UINT64_C(1) << e) - 1) << m;
    k.signbit = UINT64_C(1) << (W - 1);
    k.inf = k.field;
    if ((uint32_t)E < e) {
        uint64_t B = (UINT64_C(1) << (e - 1)) - 1, b = (UINT64_C(1) << (E - 1)) - 1;
        k.hi = (B + b) << m;
        k.lo1 = ((B - b) << m) + 1;
    }
    return k;
}

/* UT: the pattern's word; CT: the arithmetic's, wide enough that the
 * rounding carry of a finite pattern stays in it (NaN results are
 * replaced anyway). */
#define RP_LOOP(NAME, UT, CT)                                                          \
    static void NAME(const rp_consts *k, const void *vx, void *vr, int64_t n)         \
    {                                                                                  \
        const UT *x = vx;                                                              \
        UT *r = vr;                                                                    \
        const CT add = (CT)k->add, one = (CT)k->one, keep = (CT)k->keep;               \
        const CT field = (CT)k->field, signbit = (CT)k->signbit, hi = (CT)k->hi;       \
        const CT lo1 = (CT)k->lo1, inf = (CT)k->inf;                                   \
        const unsigned s = k->s;                                                       \
        const bool keeps = k->nan_keeps;                                               \
        for (int64_t i = 0; i < n; i++) {                                              \
            CT in = x[i];                                                              \
            CT v = (in + add + ((in >> s) & one)) & keep;                              \
            CT X = v & field, sign = v & signbit;                                      \
            v = X > hi ? (sign | field) : v;                                           \
            v = X < lo1 ? sign : v;                                                    \
            bool nan = (in & ~signbit) > inf;                                          \
            r[i] = (UT)(nan ? (keeps ? in : inf) : v);                                 \
        }                                                                              \
    }

RP_LOOP(rp_16, uint16_t, uint32_t)
RP_LOOP(rp_32, uint32_t, uint32_t)
RP_LOOP(rp_64, uint64_t, uint64_t)

/* Large bf16/f16 tensors: the loop run once on all 65536 patterns gives a
 * table, then one lookup per element. False when the table cannot be
 * allocated (the caller then runs the loop on the tensor). */
static bool rp_16_table(const rp_consts *k, const uint16_t *x, uint16_t *r, int64_t n)
{
    uint16_t *tab = mem_alloc(65536 * sizeof *tab);
    if (!tab)
        return false;
    for (uint32_t p = 0; p < 65536; p++)
        tab[p] = (uint16_t)p;
    rp_16(k, tab, tab, 65536);
    for (int64_t i = 0; i < n; i++)
        r[i] = tab[x[i]];
    mem_free(tab);
    return true;
}

typedef struct {
    int32_t e, m;
} precision_ctx;

static irrun_status precision_each(const void *ctx, const tensor *const *x, tensor *r)
{
    const precision_ctx *pc = ctx;
    return kern_reduce_precision(x[0], pc->e, pc->m, r);
}

irrun_status kern_reduce_precision_on(pool *p, const tensor *x, int32_t e, int32_t m, tensor *r)
{
    precision_ctx pc = { e, m };
    return kern_each_on(p, precision_each, &pc, &x, 1, r);
}

irrun_status kern_reduce_precision(const tensor *x, int32_t e, int32_t m, tensor *r)
{
    if (kern_any_splat(x, NULL, NULL, r)) {
        precision_ctx pc = { e, m };
        return kern_splat_each(precision_each, &pc, &x, 1, r);
    }
    et_id t = x->type.elem;
    const et_traits *tr = et_get(t);
    fp_id f = tr->fmt;
    int64_t n = x->count;
    switch (tr->storage) {
    case ES_FBYTE: {
        uint8_t tab[256];
        unsigned count = 1u << fp_fmt(f)->bits;
        for (unsigned p = 0; p < 256; p++)
            tab[p] = p < count ? (uint8_t)kern_reduce_precision_scalar(f, p, e, m) : 0;
        const uint8_t *px = x->data;
        uint8_t *pr = r->data;
        for (int64_t i = 0; i < n; i++)
            pr[i] = tab[px[i]];
        return IRRUN_OK;
    }
    case ES_BF16:
    case ES_F16:
    case ES_F32:
    case ES_F64: {
        rp_consts k = rp_setup(f, e, m);
        if (tr->storage == ES_F32)
            rp_32(&k, x->data, r->data, n);
        else if (tr->storage == ES_F64)
            rp_64(&k, x->data, r->data, n);
        else if (n <= 4 * 65536 || !rp_16_table(&k, x->data, r->data, n))
            rp_16(&k, x->data, r->data, n);
        return IRRUN_OK;
    }
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
    return kern_reduce_precision_generic(x, e, m, r);
}
