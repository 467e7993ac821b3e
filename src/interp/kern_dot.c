/* dot_general (SPEC.md 4.41) and its accumulation modes
 * (docs/dot-accumulation.md).
 *
 * Both operands are first packed by a transpose: lhs to [batch, lhs-free,
 * contracting] and rhs to [batch, rhs-free, contracting] (REF mode) or
 * [batch, contracting, rhs-free] (f32 accumulation), with the contracting
 * dims in the order the op lists them, so that k = 0, 1, ... enumerates the
 * contracting tuples in REF's lexicographic order and the result index
 * [batch, lhs-free, rhs-free] is row-major. Every result element is then an
 * independent fold over k, computed in k order. REF accumulation has a loop
 * per storage class of the result type (ref_loops below); a class without
 * one takes the generic loop, kern_elem_binary per step. */
#include "interp/kern.h"
#include "interp/kern_fscalar.h"
#include "interp/kern_generic.h"
#include "types/fptables.h"
#include "util/mem.h"

typedef struct {
    int64_t B, M, N, K;
} dot_sizes;

static bool in_list(const int64_t *l, int n, int64_t d)
{
    for (int i = 0; i < n; i++)
        if (l[i] == d)
            return true;
    return false;
}

/* perm = batch ++ free (ascending) ++ contracting (as listed), or with
 * contract_before_free the contracting dims before the free ones. Returns
 * the product of the free dims. */
static int64_t make_perm(const tensor *x, const int64_t *batch, const int64_t *contract, int nb,
                         int nc, bool contract_before_free, int64_t *perm)
{
    int at = 0;
    int64_t freecount = 1;
    int64_t freedims[SHAPE_MAX_RANK];
    int nf = 0;
    for (int d = 0; d < x->type.rank; d++)
        if (!in_list(batch, nb, d) && !in_list(contract, nc, d)) {
            freedims[nf++] = d;
            freecount *= x->type.dims[d];
        }
    for (int i = 0; i < nb; i++)
        perm[at++] = batch[i];
    if (!contract_before_free)
        for (int i = 0; i < nf; i++)
            perm[at++] = freedims[i];
    for (int i = 0; i < nc; i++)
        perm[at++] = contract[i];
    if (contract_before_free)
        for (int i = 0; i < nf; i++)
            perm[at++] = freedims[i];
    return freecount;
}

tensor *kern_relayout(const tensor *x, const int64_t *perm, et_id elem)
{
    bool same = elem == x->type.elem;
    tensor_type pt = x->type;
    for (int d = 0; d < x->type.rank; d++) {
        pt.dims[d] = x->type.dims[perm[d]];
        same &= perm[d] == d;
    }
    if (same)
        return tensor_retain((tensor *)x);
    tensor *t = tensor_new(&pt);
    if (!t)
        return NULL;
    kern_transpose(x, perm, t);
    if (elem == x->type.elem)
        return t;
    pt.elem = elem;
    tensor *c = tensor_new(&pt);
    if (c && kern_convert(t, c) != IRRUN_OK) {
        tensor_release(c);
        c = NULL;
    }
    tensor_release(t);
    return c;
}

/* --- REF accumulation ------------------------------------------------- */

/* The REF loops: L is [B, M, K] and R is [B, N, K], both of the result type
 * t, which is in the loop's storage class; out is [B, M, N]. */
typedef irrun_status (*ref_loop)(et_id t, const void *L, const void *R, void *out, dot_sizes s);

/* Small floats: a product lookup and a sum lookup per step. Eight result
 * elements of one lhs row advance together so that their independent
 * lookup chains overlap. */
static irrun_status ref_small(et_id t, const void *vL, const void *vR, void *vout, dot_sizes s)
{
    const uint8_t *L = vL, *R = vR;
    uint8_t *out = vout;
    const uint8_t *mul = fp_table_binop(et_get(t)->fmt, FPOP_MUL);
    const uint8_t *add = fp_table_binop(et_get(t)->fmt, FPOP_ADD);
    if (!mul || !add)
        return IRRUN_NOMEM;
    int64_t K = s.K;
    for (int64_t b = 0; b < s.B; b++) {
        for (int64_t m = 0; m < s.M; m++) {
            const uint8_t *lrow = L + (b * s.M + m) * K;
            uint8_t *orow = out + (b * s.M + m) * s.N;
            int64_t n = 0;
            for (; n + 8 <= s.N; n += 8) {
                const uint8_t *r0 = R + (b * s.N + n) * K;
                unsigned a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
                for (int64_t k = 0; k < K; k++) {
                    const uint8_t *mr = mul + ((unsigned)lrow[k] << 8);
                    a0 = add[a0 << 8 | mr[r0[k]]];
                    a1 = add[a1 << 8 | mr[r0[K + k]]];
                    a2 = add[a2 << 8 | mr[r0[2 * K + k]]];
                    a3 = add[a3 << 8 | mr[r0[3 * K + k]]];
                    a4 = add[a4 << 8 | mr[r0[4 * K + k]]];
                    a5 = add[a5 << 8 | mr[r0[5 * K + k]]];
                    a6 = add[a6 << 8 | mr[r0[6 * K + k]]];
                    a7 = add[a7 << 8 | mr[r0[7 * K + k]]];
                }
                orow[n] = (uint8_t)a0;
                orow[n + 1] = (uint8_t)a1;
                orow[n + 2] = (uint8_t)a2;
                orow[n + 3] = (uint8_t)a3;
                orow[n + 4] = (uint8_t)a4;
                orow[n + 5] = (uint8_t)a5;
                orow[n + 6] = (uint8_t)a6;
                orow[n + 7] = (uint8_t)a7;
            }
            for (; n < s.N; n++) {
                const uint8_t *rr = R + (b * s.N + n) * K;
                unsigned a = 0;
                for (int64_t k = 0; k < K; k++)
                    a = add[a << 8 | mul[(unsigned)lrow[k] << 8 | rr[k]]];
                orow[n] = (uint8_t)a;
            }
        }
    }
    return IRRUN_OK;
}

/* One result element computed step by step with fp_arith: the definition,
 * used when the fast loops meet a NaN. */
static uint64_t ref_slow_elem(fp_id f, const void *lrow, const void *rrow, int64_t K, unsigned es)
{
    uint64_t acc = 0;
    for (int64_t k = 0; k < K; k++) {
        uint64_t x = 0, y = 0;
        memcpy(&x, (const unsigned char *)lrow + k * es, es);
        memcpy(&y, (const unsigned char *)rrow + k * es, es);
        acc = fp_arith(f, FPOP_ADD, acc, fp_arith(f, FPOP_MUL, x, y));
    }
    return acc;
}

/* Runs the statements after `s` once per result element, with lk/rk the
 * offsets of its K contracted operand elements (operands laid out [B, M, K]
 * and [B, N, K]) and `at` its index in the [B, M, N] result. */
#define FOR_EACH_RESULT(s, ...)                                                            \
    for (int64_t b_ = 0; b_ < (s).B; b_++)                                                 \
        for (int64_t m_ = 0; m_ < (s).M; m_++)                                             \
            for (int64_t n_ = 0; n_ < (s).N; n_++) {                                       \
                int64_t lk = (b_ * (s).M + m_) * (s).K, rk = (b_ * (s).N + n_) * (s).K;     \
                int64_t at = (b_ * (s).M + m_) * (s).N + n_;                               \
                __VA_ARGS__                                                                \
            }

/* f32 / f64: the FPU's multiply and add are exactly one rounding each
 * (no contraction: -ffp-contract=off); NaN results are redone slowly. */
#define DEFINE_REF_NATIVE(name, T, UT, to_bits, fmt)                                       \
    static irrun_status name(et_id t, const void *vL, const void *vR, void *vout, dot_sizes s) \
    {                                                                                      \
        const T *L = vL, *R = vR;                                                          \
        UT *out = vout;                                                                    \
        (void)t;                                                                           \
        FOR_EACH_RESULT(s, {                                                               \
            const T *lrow = L + lk, *rrow = R + rk;                                        \
            T acc = 0;                                                                     \
            for (int64_t k = 0; k < s.K; k++)                                              \
                acc = acc + lrow[k] * rrow[k];                                             \
            out[at] = acc == acc ? to_bits(acc)                                            \
                                 : (UT)ref_slow_elem(fmt, lrow, rrow, s.K, (unsigned)sizeof(T)); \
        })                                                                                 \
        return IRRUN_OK;                                                                   \
    }

DEFINE_REF_NATIVE(ref_f32, float, uint32_t, f32_to_bits, FP_F32)
DEFINE_REF_NATIVE(ref_f64, double, uint64_t, f64_to_bits, FP_F64)

/* bf16 / f16: each step in binary32 (see kern_num.h), rounded into the
 * format. Each step depends on the previous one, so HALF_LANES result
 * elements of a row run side by side to overlap their latencies. */
enum { HALF_LANES = 8 };

static inline float half_to_f32(bool bf, uint16_t h)
{
    return bf ? kern_bf16_to_f32(h) : kern_f16_to_f32(h);
}

static inline uint16_t f32_to_half(bool bf, float x)
{
    return bf ? kern_f32_to_bf16(x) : kern_f32_to_f16(x);
}

/* Result elements [n0, n0 + lanes) of row (b, m); a lane that meets a NaN is
 * redone by the definition. */
static inline void ref_half_lanes(bool bf, fp_id f, const uint16_t *lrow, const uint16_t *R0,
                                  int64_t K, int lanes, uint16_t *o)
{
    uint16_t acc[HALF_LANES] = { 0 };
    bool nan[HALF_LANES] = { false };
    for (int64_t k = 0; k < K; k++) {
        float x = half_to_f32(bf, lrow[k]);
        for (int j = 0; j < lanes; j++) {
            float p = x * half_to_f32(bf, R0[j * K + k]);
            float sum = half_to_f32(bf, acc[j]) + half_to_f32(bf, f32_to_half(bf, p));
            nan[j] |= p != p || sum != sum;
            acc[j] = f32_to_half(bf, sum);
        }
    }
    for (int j = 0; j < lanes; j++)
        o[j] = nan[j] ? (uint16_t)ref_slow_elem(f, lrow, R0 + j * K, K, 2) : acc[j];
}

static void ref_half(bool bf, fp_id f, const uint16_t *L, const uint16_t *R, uint16_t *out,
                     dot_sizes s)
{
    for (int64_t b = 0; b < s.B; b++)
        for (int64_t m = 0; m < s.M; m++) {
            const uint16_t *lrow = L + (b * s.M + m) * s.K;
            uint16_t *orow = out + (b * s.M + m) * s.N;
            for (int64_t n = 0; n < s.N; n += HALF_LANES) {
                int lanes = s.N - n < HALF_LANES ? (int)(s.N - n) : HALF_LANES;
                const uint16_t *R0 = R + (b * s.N + n) * s.K;
                /* constant flags, so that each gets its own loop */
                if (bf)
                    ref_half_lanes(true, f, lrow, R0, s.K, lanes, orow + n);
                else
                    ref_half_lanes(false, f, lrow, R0, s.K, lanes, orow + n);
            }
        }
}

static irrun_status ref_bf16(et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    ref_half(true, et_get(t)->fmt, L, R, out, s);
    return IRRUN_OK;
}

static irrun_status ref_f16(et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    ref_half(false, et_get(t)->fmt, L, R, out, s);
    return IRRUN_OK;
}

/* Integers: the sum mod 2^64 truncated to N bits equals the sum mod 2^N. */
#define REF_INT(NAME, T)                                                                   \
    static irrun_status NAME(et_id t, const void *vL, const void *vR, void *vout, dot_sizes s) \
    {                                                                                      \
        const T *L = vL, *R = vR;                                                          \
        T *out = vout;                                                                     \
        FOR_EACH_RESULT(s, {                                                               \
            const T *lrow = L + lk, *rrow = R + rk;                                        \
            uint64_t acc = 0;                                                              \
            for (int64_t k = 0; k < s.K; k++)                                              \
                acc += (uint64_t)(int64_t)lrow[k] * (uint64_t)(int64_t)rrow[k];            \
            out[at] = (T)acc;                                                              \
        })                                                                                 \
        kern_int_normalize(t, out, s.B * s.M * s.N);                                       \
        return IRRUN_OK;                                                                   \
    }

REF_INT(ref_i8, int8_t)
REF_INT(ref_i16, int16_t)
REF_INT(ref_i32, int32_t)
REF_INT(ref_i64, int64_t)

static irrun_status ref_bool(et_id t, const void *vL, const void *vR, void *vout, dot_sizes s)
{
    const uint8_t *L = vL, *R = vR;
    uint8_t *out = vout;
    (void)t;
    FOR_EACH_RESULT(s, {
        const uint8_t *lrow = L + lk, *rrow = R + rk;
        uint8_t acc = 0;
        for (int64_t k = 0; k < s.K; k++)
            acc |= lrow[k] & rrow[k];
        out[at] = acc;
    })
    return IRRUN_OK;
}

static uint64_t c_arith(bool wide, fp_binop op, uint64_t a, uint64_t b)
{
    return wide ? kern_f64_arith(op, a, b) : kern_f32_arith(op, (uint32_t)a, (uint32_t)b);
}

static uint64_t c_part(bool wide, const void *base, int64_t i)
{
    return wide ? ((const uint64_t *)base)[i] : ((const uint32_t *)base)[i];
}

static void ref_complex(bool wide, const void *L, const void *R, void *out, dot_sizes s)
{
    FOR_EACH_RESULT(s, {
        int64_t li = lk, ri = rk;
        uint64_t ar = 0, ai = 0;
        for (int64_t k = 0; k < s.K; k++) {
            uint64_t xr = c_part(wide, L, 2 * (li + k)), xi = c_part(wide, L, 2 * (li + k) + 1);
            uint64_t yr = c_part(wide, R, 2 * (ri + k)), yi = c_part(wide, R, 2 * (ri + k) + 1);
            uint64_t pr = c_arith(wide, FPOP_SUB, c_arith(wide, FPOP_MUL, xr, yr),
                                  c_arith(wide, FPOP_MUL, xi, yi));
            uint64_t pi = c_arith(wide, FPOP_ADD, c_arith(wide, FPOP_MUL, xr, yi),
                                  c_arith(wide, FPOP_MUL, xi, yr));
            ar = c_arith(wide, FPOP_ADD, ar, pr);
            ai = c_arith(wide, FPOP_ADD, ai, pi);
        }
        if (wide) {
            ((uint64_t *)out)[2 * at] = ar;
            ((uint64_t *)out)[2 * at + 1] = ai;
        } else {
            ((uint32_t *)out)[2 * at] = (uint32_t)ar;
            ((uint32_t *)out)[2 * at + 1] = (uint32_t)ai;
        }
    })
}

static irrun_status ref_c64(et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    (void)t;
    ref_complex(false, L, R, out, s);
    return IRRUN_OK;
}

static irrun_status ref_c128(et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    (void)t;
    ref_complex(true, L, R, out, s);
    return IRRUN_OK;
}

/* Unsigned types share the signed loops: products and sums mod 2^N do not
 * depend on how the storage is read. */
static const ref_loop ref_loops[ES_COUNT] = {
    [ES_BOOL] = ref_bool,
    [ES_S8] = ref_i8,
    [ES_S16] = ref_i16,
    [ES_S32] = ref_i32,
    [ES_S64] = ref_i64,
    [ES_U8] = ref_i8,
    [ES_U16] = ref_i16,
    [ES_U32] = ref_i32,
    [ES_U64] = ref_i64,
    [ES_FBYTE] = ref_small,
    [ES_BF16] = ref_bf16,
    [ES_F16] = ref_f16,
    [ES_F32] = ref_f32,
    [ES_F64] = ref_f64,
    [ES_C64] = ref_c64,
    [ES_C128] = ref_c128,
    [ES_FLOAT] = NULL,
};

/* The definition: acc = acc + l * r per step, each an element op of the
 * result type, from a zero pattern. */
static irrun_status ref_generic(et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    size_t es = et_get(t)->bytes;
    const unsigned char *l = L, *r = R;
    FOR_EACH_RESULT(s, {
        unsigned char acc[16] = { 0 }, prod[16];
        for (int64_t k = 0; k < s.K; k++) {
            kern_elem_binary(t, KB_MUL, l + (lk + k) * es, r + (rk + k) * es, prod);
            kern_elem_binary(t, KB_ADD, acc, prod, acc);
        }
        memcpy((unsigned char *)out + at * es, acc, es);
    })
    return IRRUN_OK;
}

/* --- accumulate-in-type mode ------------------------------------------ */

/* Exact binary64 values of a float tensor, each first rounded to `prec`
 * (FP_COUNT: kept as is). */
static double *decode_values(const tensor *x, fp_id prec)
{
    fp_id f = et_get(x->type.elem)->fmt;
    double *v = mem_alloc((size_t)(x->count ? x->count : 1) * sizeof *v);
    if (!v)
        return NULL;
    unsigned es = (unsigned)tensor_elem_bytes(x);
    const double *small = es == 1 ? fp_table_to_double(f) : NULL;
    if (es == 1 && !small) {
        mem_free(v);
        return NULL;
    }
    for (int64_t i = 0; i < x->count; i++) {
        uint64_t b = 0;
        memcpy(&b, (const unsigned char *)x->data + i * es, es);
        double d = small ? small[b] : fp_to_double(f, b);
        if (prec != FP_COUNT && prec != f)
            d = fp_to_double(prec, fp_from_double(prec, d, FPR_RNE));
        v[i] = d;
    }
    return v;
}

/* The accumulated binary64 value rounded into the result (a NaN becomes the
 * result's conversion of the positive quiet NaN: hardware NaNs carry no
 * meaningful sign or payload). */
static void store_result(tensor *r, int64_t i, double v)
{
    fp_id f = et_get(r->type.elem)->fmt;
    if (v != v)
        v = bits_to_f64(UINT64_C(0x7FF8000000000000));
    uint64_t b = f == FP_F64 ? f64_to_bits(v) : fp_from_double(f, v, FPR_RNE);
    memcpy((unsigned char *)r->data + i * (int64_t)tensor_elem_bytes(r), &b,
           tensor_elem_bytes(r));
}

/* acc in f32: values exact in f32, so the f32 multiply is the exact product
 * rounded once; rhs is [B, K, N] so the inner loop runs over the free dim n
 * (vectorisable) while each output still sums its products in k order. */
static irrun_status acc_f32(const double *Ld, const double *Rd, tensor *r, dot_sizes s)
{
    size_t nl = (size_t)(s.B * s.M * s.K), nr = (size_t)(s.B * s.K * s.N);
    float *L = mem_alloc((nl ? nl : 1) * sizeof *L);
    float *R = mem_alloc((nr ? nr : 1) * sizeof *R);
    float *acc = mem_alloc((size_t)(s.N ? s.N : 1) * sizeof *acc);
    irrun_status rc = IRRUN_NOMEM;
    if (L && R && acc) {
        for (size_t i = 0; i < nl; i++)
            L[i] = (float)Ld[i];
        for (size_t i = 0; i < nr; i++)
            R[i] = (float)Rd[i];
        for (int64_t b = 0; b < s.B; b++)
            for (int64_t m = 0; m < s.M; m++) {
                const float *lrow = L + (b * s.M + m) * s.K;
                for (int64_t n = 0; n < s.N; n++)
                    acc[n] = 0.0f;
                for (int64_t k = 0; k < s.K; k++) {
                    float a = lrow[k];
                    const float *rrow = R + (b * s.K + k) * s.N;
                    for (int64_t n = 0; n < s.N; n++)
                        acc[n] = acc[n] + a * rrow[n];
                }
                for (int64_t n = 0; n < s.N; n++)
                    store_result(r, (b * s.M + m) * s.N + n, acc[n]);
            }
        rc = IRRUN_OK;
    }
    mem_free(L);
    mem_free(R);
    mem_free(acc);
    return rc;
}

static double round_acc(fp_id a, double v)
{
    if (a == FP_F64 || v != v)
        return v;
    if (a == FP_F32)
        return (double)(float)v;
    return fp_to_double(a, fp_from_double(a, v, FPR_RNE));
}

static void acc_generic(fp_id a, const double *L, const double *R, tensor *r, dot_sizes s)
{
    for (int64_t b = 0; b < s.B; b++)
        for (int64_t m = 0; m < s.M; m++)
            for (int64_t n = 0; n < s.N; n++) {
                double acc = 0.0;
                for (int64_t k = 0; k < s.K; k++)
                    acc = round_acc(a, acc + round_acc(a, L[(b * s.M + m) * s.K + k] *
                                                              R[(b * s.K + k) * s.N + n]));
                store_result(r, (b * s.M + m) * s.N + n, acc);
            }
}

static bool exact_in_f32(fp_id operand, fp_id prec)
{
    fp_id f = prec != FP_COUNT ? prec : operand;
    return f != FP_F64;
}

static irrun_status dot_general(const tensor *a, const tensor *b, const kern_dot_dims *dd,
                                tensor *r, bool generic)
{
    et_id rt = r->type.elem;
    bool typed = dd->mode == KACC_TYPE && et_is_float(a->type.elem) &&
                 et_is_float(b->type.elem) && et_is_float(rt);
    int64_t lperm[SHAPE_MAX_RANK], rperm[SHAPE_MAX_RANK];
    dot_sizes s = { 1, 1, 1, 1 };
    for (int i = 0; i < dd->nbatch; i++)
        s.B *= a->type.dims[dd->lb[i]];
    for (int i = 0; i < dd->ncontract; i++)
        s.K *= a->type.dims[dd->lc[i]];
    s.M = make_perm(a, dd->lb, dd->lc, dd->nbatch, dd->ncontract, false, lperm);
    s.N = make_perm(b, dd->rb, dd->rc, dd->nbatch, dd->ncontract, typed, rperm);
    if (r->count == 0)
        return IRRUN_OK;
    if (s.K == 0) {
        memset(r->data, 0, r->nbytes); /* zero of R (section 8 item 10) */
        return IRRUN_OK;
    }
    irrun_status rc = IRRUN_NOMEM;
    if (!typed) {
        tensor *L = kern_relayout(a, lperm, rt);
        tensor *R = L ? kern_relayout(b, rperm, rt) : NULL;
        ref_loop loop = generic ? NULL : ref_loops[et_get(rt)->storage];
        if (R)
            rc = (loop ? loop : ref_generic)(rt, L->data, R->data, r->data, s);
        tensor_release(L);
        tensor_release(R);
        return rc;
    }
    tensor *L = kern_relayout(a, lperm, a->type.elem);
    tensor *R = L ? kern_relayout(b, rperm, b->type.elem) : NULL;
    double *Ld = R ? decode_values(L, dd->lprec) : NULL;
    double *Rd = Ld ? decode_values(R, dd->rprec) : NULL;
    if (Rd) {
        fp_id af = et_get(a->type.elem)->fmt, bf = et_get(b->type.elem)->fmt;
        if (dd->acc == FP_F32 && exact_in_f32(af, dd->lprec) && exact_in_f32(bf, dd->rprec))
            rc = acc_f32(Ld, Rd, r, s);
        else {
            acc_generic(dd->acc, Ld, Rd, r, s);
            rc = IRRUN_OK;
        }
    }
    mem_free(Ld);
    mem_free(Rd);
    tensor_release(L);
    tensor_release(R);
    return rc;
}

irrun_status kern_dot_general(const tensor *a, const tensor *b, const kern_dot_dims *dd, tensor *r)
{
    return dot_general(a, b, dd, r, false);
}

irrun_status kern_dot_general_generic(const tensor *a, const tensor *b, const kern_dot_dims *dd,
                                      tensor *r)
{
    return dot_general(a, b, dd, r, true);
}

irrun_status kern_dot_rows(et_id t, const void *L, const void *R, void *out, int64_t M, int64_t N, int64_t K)
{
    dot_sizes s = { 1, M, N, K };
    ref_loop loop = ref_loops[et_get(t)->storage];
    return (loop ? loop : ref_generic)(t, L, R, out, s);
}
