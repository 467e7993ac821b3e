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
 * one takes the generic loop, kern_elem_binary per step. On AVX2 hosts the
 * small formats, bf16 and f16 run their REF chains in binary32 lanes
 * instead (ref_chains, kern_dot_avx2.c), and f32 accumulation a blocked
 * micro-kernel (docs/dot-accumulation.md, "Implementation notes"). Large
 * dots run in parts of rows on the run's threads (docs/threads.md). */
#include <float.h>
#include <math.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"
#include "kernels/dot/kern_dot_simd.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "kernels/math/kern_ieee.h"
#include "types/fptables.h"
#include "util/mem.h"

/* Multiply-adds per part when a dot is split over threads: parts are fixed
 * by the operands' shapes alone (never by the thread count), so the result
 * bits are the same for every --threads. */
enum { DOT_PART_MACS = 1 << 22 };

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
    kern_transpose(NULL, x, perm, t);
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

/* bf16 / f16: each step in binary32 (see kern_ieee.h), rounded into the
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

/* --- REF accumulation on threads and vector lanes ------------------- */

/* Rows of L per part: at least one, about DOT_PART_MACS multiply-adds. */
static int64_t rows_per_part(const pool *pl, dot_sizes s)
{
    if (pool_tiny_parts(pl))
        return 1;
    int64_t per_row = s.N * s.K > 0 ? s.N * s.K : 1;
    int64_t rows = DOT_PART_MACS / per_row;
    return rows < 1 ? 1 : rows;
}

typedef struct {
    ref_loop loop;
    et_id t;
    const unsigned char *L, *R;
    unsigned char *out;
    dot_sizes s;
    size_t es;
    int64_t rows, parts_per_batch;
} ref_job;

/* Part i: rows [m0, m0 + rows) of one batch, by the storage class's loop. */
static irrun_status ref_part(void *vj, int64_t i)
{
    const ref_job *j = vj;
    int64_t b = i / j->parts_per_batch, m0 = (i % j->parts_per_batch) * j->rows;
    dot_sizes sub = { 1, j->s.M - m0 < j->rows ? j->s.M - m0 : j->rows, j->s.N, j->s.K };
    const unsigned char *L = j->L + (size_t)((b * j->s.M + m0) * j->s.K) * j->es;
    const unsigned char *R = j->R + (size_t)(b * j->s.N * j->s.K) * j->es;
    unsigned char *out = j->out + (size_t)((b * j->s.M + m0) * j->s.N) * j->es;
    return j->loop(j->t, L, R, out, sub);
}

/* The chain parameters of a float format whose REF steps binary32 lanes can
 * compute (kern_dot_simd.h): formats of at most 8 bits with a sign and a
 * mantissa, bf16 and f16. */
static bool chain_format(et_id t, kern_chain_format *cf)
{
    const et_traits *tr = et_get(t);
    if (tr->storage != ES_FBYTE && tr->storage != ES_BF16 && tr->storage != ES_F16)
        return false;
    const fp_format *f = fp_fmt(tr->fmt);
    if (!f->has_sign || f->mbits == 0 || f->nan == FPN_E8M0)
        return false;
    /* A scaled C = 1.5 * 2^(e + S + 23 - mbits) is Inf from
     * e + S + 23 - mbits = 128 on, so S = 105 + mbits - limit makes C Inf
     * exactly from 2^limit: 2^(emax + 1) for a guarded format, whose top
     * binade then computes in the lanes; bf16's top binade is out of reach
     * of the scaling, so it is unguarded with the limit 2^111. */
    bool guarded = f->emax < 110;
    int limit = guarded ? f->emax + 1 : 111;
    int S = 105 + (int)f->mbits - limit;
    cf->scale = ldexpf(1.5f, 23 - (int)f->mbits);
    cf->emin = ldexpf(1.0f, f->emin + S);
    cf->up = ldexpf(1.0f, S);
    cf->down = ldexpf(1.0f, -S);
    cf->overflow = KERN_CHAIN_UNGUARDED;
    if (guarded) {
        switch (f->nan) {
        case FPN_IEEE: cf->overflow = f->has_inf ? KERN_CHAIN_OVF_INF : KERN_CHAIN_OVF_NAN; break;
        case FPN_FN:
        case FPN_FNUZ: cf->overflow = KERN_CHAIN_OVF_NAN; break;
        case FPN_NONE: cf->overflow = KERN_CHAIN_OVF_SAT; break;
        case FPN_E8M0: return false;
        }
    }
    cf->max = (float)ldexp(fp_to_double(tr->fmt, f->max_bits), S);
    cf->rel = ldexpf(1.0f, -(int)f->mbits - 1);
    cf->tiny = ldexpf(1.0f, f->emin - (int)f->mbits - 1 + S);
    cf->cap = ldexpf(1.0f, f->emax + S);
    cf->split = ldexpf(1.0f, 23 - (int)f->mbits) + 1.0f;
    return true;
}

/* binary32 values of n elements of type t (a chain format, or f32 for the
 * binary32 accumulation) times scale, a power of two (exact); byte_values:
 * the format's table of values when its elements are one byte. */
static void decode_f32(et_id t, const void *src, int64_t n, const float *byte_values, float scale, float *dst)
{
    switch (et_get(t)->storage) {
    case ES_FBYTE:
        for (int64_t i = 0; i < n; i++)
            dst[i] = byte_values[((const uint8_t *)src)[i]] * scale;
        return;
    case ES_BF16:
        if (isa_avx2()) {
            kern_widen_bf16_avx2(src, n, scale, dst);
            return;
        }
        for (int64_t i = 0; i < n; i++)
            dst[i] = kern_bf16_to_f32(((const uint16_t *)src)[i]) * scale;
        return;
    case ES_F16:
        for (int64_t i = 0; i < n; i++)
            dst[i] = kern_f16_to_f32(((const uint16_t *)src)[i]) * scale;
        return;
    case ES_F32:
        memcpy(dst, src, (size_t)n * sizeof *dst);
        for (int64_t i = 0; scale != 1.0f && i < n; i++)
            dst[i] *= scale;
        return;
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_F64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        return;
    }
}

/* Rows of a part of the vector chains: a panel of R and this many rows of
 * L stay in L2 while the rows are swept over it. PACK_K: steps of a strip
 * when R is cut into panels. */
enum { CHAIN_ROWS = 32, PACK_K = 64 };

typedef struct {
    kern_chain_format cf;
    et_id t;
    dot_sizes s;
    const unsigned char *L, *R; /* packed operands, for lanes redone */
    bool r_kn;                  /* R is [B, K, N] (else [B, N, K]) */
    const float *Lf, *panels;   /* L in binary32, R as panels [B][P][K][64] */
    const float *row_max, *panel_max; /* the largest |value| of each row of L, each panel (NaN for a NaN) */
    const float *row_min, *panel_min; /* the smallest nonzero |value| of each (Inf for none) */
    int64_t npanels, rows, parts_per_batch; /* rows per part: CHAIN_ROWS (1 under the test hook) */
    const uint8_t *mul, *add, *from_f32; /* small formats */
    const float *byte_values;            /* small formats: each pattern's value */
    unsigned char *out;
} chain_job;

/* Steps of a redone chain between checks for a NaN, which ends it. */
enum { CHAIN_BLOCK_REDO = 16 };

/* Column n of batch b of R, K contiguous elements: in R itself when it is
 * [B, N, K], else gathered into col (K elements of the type). */
static const unsigned char *chain_column(const chain_job *j, int64_t b, int64_t n, unsigned char *col)
{
    size_t es = et_get(j->t)->bytes;
    int64_t K = j->s.K, N = j->s.N;
    if (!j->r_kn)
        return j->R + (size_t)((b * N + n) * K) * es;
    const unsigned char *from = j->R + (size_t)(b * K * N + n) * es;
    if (es == 1)
        for (int64_t k = 0; k < K; k++)
            col[k] = from[k * N];
    else
        for (int64_t k = 0; k < K; k++)
            ((uint16_t *)(void *)col)[k] = ((const uint16_t *)(const void *)from)[k * N];
    return col;
}

/* The REF chain of one result element (row m of batch b against a column of
 * R), scalar: the definition's steps as table lookups (small formats) or as
 * ref_half_lanes does them. */
static uint64_t chain_redo(const chain_job *j, int64_t b, int64_t m, const unsigned char *column)
{
    int64_t K = j->s.K;
    if (et_get(j->t)->storage == ES_FBYTE) {
        const uint8_t *l = j->L + (b * j->s.M + m) * K, *r = column;
        unsigned a = 0;
        for (int64_t k0 = 0; k0 < K; k0 += CHAIN_BLOCK_REDO) {
            int64_t k1 = K - k0 < CHAIN_BLOCK_REDO ? K : k0 + CHAIN_BLOCK_REDO;
            for (int64_t k = k0; k < k1; k++)
                a = j->add[a << 8 | j->mul[(unsigned)l[k] << 8 | r[k]]];
            /* a quiet NaN on the left is the sum whatever is added */
            if (j->byte_values[a] != j->byte_values[a] && j->add[a << 8] == a)
                break;
        }
        return a;
    }
    bool bf = et_get(j->t)->storage == ES_BF16;
    const uint16_t *l = (const uint16_t *)j->L + (b * j->s.M + m) * K;
    const uint16_t *r = (const uint16_t *)(const void *)column;
    uint16_t o;
    if (bf)
        ref_half_lanes(true, et_get(j->t)->fmt, l, r, K, 1, &o);
    else
        ref_half_lanes(false, et_get(j->t)->fmt, l, r, K, 1, &o);
    return o;
}

/* The pattern of a binary32 value the chains left: a value of the format
 * or the NaN or Inf of its overflow rule, never -0 (REF's sum starts at
 * +0, and a sum of two values of the format that is zero is +0). */
static uint64_t chain_encode(const chain_job *j, float v)
{
    switch (et_get(j->t)->storage) {
    case ES_BF16:
        return kern_f32_to_bf16(v);
    case ES_F16:
        return kern_f32_to_f16(v);
    case ES_FBYTE:
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_F32:
    case ES_F64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
    return fp_small_from_f32(j->from_f32, f32_to_bits(v));
}

static void store_bits(unsigned char *o, int64_t c, size_t es, uint64_t bits)
{
    if (es == 1)
        o[c] = (uint8_t)bits;
    else
        ((uint16_t *)(void *)o)[c] = (uint16_t)bits;
}

static irrun_status chain_part(void *vj, int64_t i)
{
    const chain_job *j = vj;
    int64_t b = i / j->parts_per_batch, m0 = (i % j->parts_per_batch) * j->rows;
    int64_t rows = j->s.M - m0 < j->rows ? j->s.M - m0 : j->rows, K = j->s.K;
    size_t es = et_get(j->t)->bytes;
    float vals[CHAIN_ROWS * KERN_CHAIN_PANEL];
    uint64_t bad[CHAIN_ROWS];
    unsigned char *col = NULL; /* a column of [B, K, N] for lanes redone, made on the first */
    for (int64_t p = 0; p < j->npanels; p++) {
        const float *panel = j->panels + (b * j->npanels + p) * K * KERN_CHAIN_PANEL;
        kern_chain_bounds bounds = { j->row_max + b * j->s.M + m0, j->row_min + b * j->s.M + m0,
                                     j->panel_max[b * j->npanels + p], j->panel_min[b * j->npanels + p] };
        kern_chains_avx2(&j->cf, j->Lf + (b * j->s.M + m0) * K, &bounds, rows, K, panel, vals, bad);
        int64_t n0 = p * KERN_CHAIN_PANEL;
        int64_t cols = j->s.N - n0 < KERN_CHAIN_PANEL ? j->s.N - n0 : KERN_CHAIN_PANEL;
        uint64_t any_bad = 0;
        for (int64_t r = 0; r < rows; r++) {
            unsigned char *o = j->out + (size_t)((b * j->s.M + m0 + r) * j->s.N + n0) * es;
            any_bad |= bad[r];
            for (int64_t c = 0; c < cols; c++)
                if (!(bad[r] >> c & 1))
                    store_bits(o, c, es, chain_encode(j, vals[r * KERN_CHAIN_PANEL + c] * j->cf.down));
        }
        /* lanes redone column by column: a column of [B, K, N] is gathered
         * once for all the part's rows */
        for (int64_t c = 0; c < cols && any_bad; c++) {
            if (!(any_bad >> c & 1))
                continue;
            if (j->r_kn && !col && !(col = mem_alloc((size_t)K * es)))
                return IRRUN_NOMEM;
            const unsigned char *column = chain_column(j, b, n0 + c, col);
            for (int64_t r = 0; r < rows; r++)
                if (bad[r] >> c & 1)
                    store_bits(j->out + (size_t)((b * j->s.M + m0 + r) * j->s.N + n0) * es, c, es,
                               chain_redo(j, b, m0 + r, column));
        }
    }
    mem_free(col);
    return IRRUN_OK;
}

/* REF accumulation of a chain format in AVX2 lanes: L decoded to binary32,
 * R (r_kn: [B, K, N], else [B, N, K]) to panels of 64 columns [K][64]
 * (columns past N are zero), then parts of CHAIN_ROWS rows of one batch. */
static irrun_status ref_chains(pool *pl, et_id t, const kern_chain_format *cf, const void *L, const void *R,
                               bool r_kn, void *out, dot_sizes s)
{
    int64_t rows = pool_tiny_parts(pl) ? 1 : CHAIN_ROWS;
    chain_job j = { .cf = *cf,
                    .t = t,
                    .s = s,
                    .L = L,
                    .R = R,
                    .r_kn = r_kn,
                    .npanels = (s.N + KERN_CHAIN_PANEL - 1) / KERN_CHAIN_PANEL,
                    .rows = rows,
                    .parts_per_batch = (s.M + rows - 1) / rows,
                    .out = out };
    fp_id f = et_get(t)->fmt;
    const float *byte_values = NULL;
    if (et_get(t)->storage == ES_FBYTE) {
        j.mul = fp_table_binop(f, FPOP_MUL);
        j.add = fp_table_binop(f, FPOP_ADD);
        j.from_f32 = fp_table_from_f32(f, FPR_RNE);
        byte_values = (const float *)fp_table_to_f32(f);
        j.byte_values = byte_values;
        if (!j.mul || !j.add || !j.from_f32 || !byte_values)
            return IRRUN_NOMEM;
    }
    size_t nl = (size_t)(s.B * s.M * s.K);
    size_t np = (size_t)(s.B * j.npanels * s.K * KERN_CHAIN_PANEL);
    float *Lf = mem_alloc(nl * sizeof *Lf), *panels = mem_calloc(np, sizeof *panels);
    float *col = mem_alloc(PACK_K * sizeof *col);
    float *panel_max = mem_calloc((size_t)(s.B * j.npanels), sizeof *panel_max);
    float *row_max = mem_calloc((size_t)(s.B * s.M), sizeof *row_max);
    float *panel_min = mem_alloc((size_t)(s.B * j.npanels) * sizeof *panel_min);
    float *row_min = mem_alloc((size_t)(s.B * s.M) * sizeof *row_min);
    irrun_status rc = IRRUN_NOMEM;
    if (Lf && panels && col && panel_max && row_max && panel_min && row_min) {
        size_t es = et_get(t)->bytes;
        decode_f32(t, L, (int64_t)nl, byte_values, 1.0f, Lf);
        for (int64_t i = 0; i < s.B * s.M; i++)
            kern_magnitudes_avx2(Lf + i * s.K, s.K, &row_max[i], &row_min[i]);
        /* a panel's columns in strips of PACK_K steps, so that the rows of
         * the panel being written stay in L1 */
        for (int64_t b = 0; b < s.B; b++)
            for (int64_t p = 0; p < j.npanels; p++) {
                float *panel = panels + (b * j.npanels + p) * s.K * KERN_CHAIN_PANEL;
                float *pm = &panel_max[b * j.npanels + p], *pmin = &panel_min[b * j.npanels + p];
                *pmin = INFINITY;
                int64_t n0 = p * KERN_CHAIN_PANEL;
                int64_t cols = s.N - n0 < KERN_CHAIN_PANEL ? s.N - n0 : KERN_CHAIN_PANEL;
                for (int64_t k0 = 0; k0 < s.K; k0 += PACK_K) {
                    int64_t kn = s.K - k0 < PACK_K ? s.K - k0 : PACK_K;
                    for (int64_t k = k0; r_kn && k < k0 + kn; k++) { /* a panel row is a piece of R's row */
                        decode_f32(t, (const unsigned char *)R + (size_t)((b * s.K + k) * s.N + n0) * es, cols,
                                   byte_values, cf->up, panel + k * KERN_CHAIN_PANEL);
                    }
                    for (int64_t c = 0; !r_kn && c < cols; c++) {
                        decode_f32(t, (const unsigned char *)R + (size_t)((b * s.N + n0 + c) * s.K + k0) * es, kn,
                                   byte_values, cf->up, col);
                        for (int64_t k = 0; k < kn; k++)
                            panel[(k0 + k) * KERN_CHAIN_PANEL + c] = col[k];
                    }
                    /* the strip's columns past N are zeros, which change neither */
                    float most, least;
                    kern_magnitudes_avx2(panel + k0 * KERN_CHAIN_PANEL, kn * KERN_CHAIN_PANEL, &most, &least);
                    if (*pm == *pm && !(most <= *pm))
                        *pm = most; /* larger, or a NaN, which stays */
                    *pmin = least < *pmin ? least : *pmin;
                }
            }
        j.row_max = row_max;
        j.row_min = row_min;
        j.panel_min = panel_min;
        j.Lf = Lf;
        j.panels = panels;
        j.panel_max = panel_max;
        rc = pool_run(pl, s.B * j.parts_per_batch, chain_part, &j);
    }
    mem_free(Lf);
    mem_free(panels);
    mem_free(col);
    mem_free(panel_max);
    mem_free(row_max);
    mem_free(panel_min);
    mem_free(row_min);
    return rc;
}

/* --- integers in 16-bit lanes ----------------------------------------
 *
 * An integer result of N <= 32 bits is the sum mod 2^N of the products
 * (REF_INT above), so any order of the adds gives it, and so does the sum
 * mod 2^32 cut to N bits. Each operand is read as a signed integer of its
 * storage width, congruent to its value mod 2^width (>= 2^N). When every
 * one lies in [-2^15, 2^15) (always for 8- and 16-bit storage; checked for
 * 32-bit), vpmaddwd computes l0 * r0 + l1 * r1 for pairs of them: each
 * product lies in (-2^30, 2^30], their sum in (-2^31, 2^31], and the one
 * sum out of the i32 range, 2^31 from four -2^15, comes out as -2^31,
 * which is 2^31 mod 2^32; vpaddd adds mod 2^32. So the lanes hold the sum
 * mod 2^32 exactly, whatever the K and the order. The quantized
 * dot_general's lowering (docs/quantization.md) gives this kernel i32
 * operands that are i8 or i16 storage minus a zero point. */

static bool int16_class(et_storage st)
{
    return st == ES_S8 || st == ES_U8 || st == ES_S16 || st == ES_U16 || st == ES_S32 || st == ES_U32;
}

/* x[i] of storage class st (int16_class), as a signed integer of its width */
static int32_t signed_at(et_storage st, const void *x, int64_t i)
{
    if (st == ES_S8 || st == ES_U8)
        return ((const int8_t *)x)[i];
    if (st == ES_S16 || st == ES_U16)
        return ((const int16_t *)x)[i];
    return ((const int32_t *)x)[i];
}

static void store_low(et_storage st, void *out, int64_t i, int32_t v)
{
    if (st == ES_S8 || st == ES_U8)
        ((uint8_t *)out)[i] = (uint8_t)(uint32_t)v;
    else if (st == ES_S16 || st == ES_U16)
        ((uint16_t *)out)[i] = (uint16_t)(uint32_t)v;
    else
        ((uint32_t *)out)[i] = (uint32_t)v;
}

/* Whether every element of x[0..n) of class st fits in 16 bits signed */
static bool fits_i16(et_storage st, const void *x, int64_t n)
{
    if (st != ES_S32 && st != ES_U32)
        return true;
    const int32_t *v = x;
    int32_t lo = 0, hi = 0;
    for (int64_t i = 0; i < n; i++) {
        lo = v[i] < lo ? v[i] : lo;
        hi = v[i] > hi ? v[i] : hi;
    }
    return lo >= INT16_MIN && hi <= INT16_MAX;
}

typedef struct {
    et_storage st;
    const int16_t *L, *P; /* [B][M][Kp]; [B][npanels][Kp / 2][8][2] */
    void *out;
    dot_sizes s;
    int64_t Kp, npanels, rows, parts_per_batch;
} i16_job;

static irrun_status i16_part(void *vj, int64_t i)
{
    const i16_job *j = vj;
    int64_t b = i / j->parts_per_batch, m0 = (i % j->parts_per_batch) * j->rows;
    int64_t rows = j->s.M - m0 < j->rows ? j->s.M - m0 : j->rows, ldo = j->npanels * KERN_I16_PANEL;
    int32_t *acc = mem_alloc((size_t)(rows * ldo) * sizeof *acc);
    if (!acc)
        return IRRUN_NOMEM;
    kern_dot_i16_avx2(j->L + (b * j->s.M + m0) * j->Kp, j->Kp, rows, j->Kp, j->P + b * j->npanels * j->Kp * 8,
                      j->npanels, acc, ldo);
    for (int64_t m = 0; m < rows; m++)
        for (int64_t n = 0; n < j->s.N; n++)
            store_low(j->st, j->out, (b * j->s.M + m0 + m) * j->s.N + n, acc[m * ldo + n]);
    mem_free(acc);
    return IRRUN_OK;
}

/* The REF loop of an integer type t on AVX2 lanes, or IRRUN_UNSUPPORTED
 * when t or the operands' values do not allow it (the caller then runs
 * the storage class's loop, which gives the same bits). */
static irrun_status ref_int16(pool *pl, et_id t, const void *L, const void *R, void *out, dot_sizes s)
{
    et_storage st = et_get(t)->storage;
    if (!int16_class(st) || et_get(t)->value_bits > 32 || !fits_i16(st, L, s.B * s.M * s.K) ||
        !fits_i16(st, R, s.B * s.N * s.K))
        return IRRUN_UNSUPPORTED;
    int64_t Kp = (s.K + 1) / 2 * 2, npanels = (s.N + KERN_I16_PANEL - 1) / KERN_I16_PANEL;
    int16_t *Lp = mem_calloc((size_t)(s.B * s.M * Kp), sizeof *Lp);
    int16_t *Pp = Lp ? mem_calloc((size_t)(s.B * npanels * Kp * KERN_I16_PANEL), sizeof *Pp) : NULL;
    irrun_status rc = IRRUN_NOMEM;
    if (Pp) {
        for (int64_t bm = 0; bm < s.B * s.M; bm++)
            for (int64_t k = 0; k < s.K; k++)
                Lp[bm * Kp + k] = (int16_t)signed_at(st, L, bm * s.K + k);
        for (int64_t b = 0; b < s.B; b++)
            for (int64_t n = 0; n < s.N; n++) {
                int16_t *col = Pp + ((b * npanels + n / KERN_I16_PANEL) * Kp) * KERN_I16_PANEL +
                               (n % KERN_I16_PANEL) * 2;
                const int64_t from = (b * s.N + n) * s.K;
                for (int64_t k = 0; k < s.K; k++)
                    col[(k / 2) * 2 * KERN_I16_PANEL + k % 2] = (int16_t)signed_at(st, R, from + k);
            }
        /* at least 32 rows a part (each part streams the whole of P) */
        int64_t rows = rows_per_part(pl, s);
        rows = pool_tiny_parts(pl) ? rows : rows < 32 ? 32 : rows / 4 * 4;
        i16_job j = { st, Lp, Pp, out, s, Kp, npanels, rows, (s.M + rows - 1) / rows };
        rc = pool_run(pl, s.B * j.parts_per_batch, i16_part, &j);
        if (rc == IRRUN_OK)
            kern_int_normalize(t, out, s.B * s.M * s.N);
    }
    mem_free(Lp);
    mem_free(Pp);
    return rc;
}

/* REF accumulation on packed operands (L [B, M, K], R [B, N, K], both of
 * type t): the vector chains when the host and the format allow, else the
 * storage class's loop (or the generic one) over parts of rows. */
static irrun_status ref_dot(pool *pl, et_id t, bool generic, const void *L, const void *R, void *out,
                            dot_sizes s)
{
    kern_chain_format cf;
    if (!generic && isa_avx2()) {
        irrun_status rc = ref_int16(pl, t, L, R, out, s);
        if (rc != IRRUN_UNSUPPORTED)
            return rc;
    }
    if (!generic && isa_avx2() && chain_format(t, &cf))
        return ref_chains(pl, t, &cf, L, R, false, out, s);
    ref_loop loop = generic ? NULL : ref_loops[et_get(t)->storage];
    int64_t rows = rows_per_part(pl, s);
    ref_job j = { loop ? loop : ref_generic, t, L, R, out, s, et_get(t)->bytes, rows, (s.M + rows - 1) / rows };
    return pool_run(pl, s.B * j.parts_per_batch, ref_part, &j);
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

/* The binary32 accumulator of result element i rounded into the result:
 * store_result's rules, without its binary64 detour where the result type
 * has a direct rounding. */
void kern_store_f32(tensor *r, int64_t i, float v, const uint8_t *from_f32)
{
    if (v != v) {
        store_result(r, i, v);
        return;
    }
    switch (et_get(r->type.elem)->storage) {
    case ES_F32:
        ((uint32_t *)r->data)[i] = f32_to_bits(v);
        return;
    case ES_BF16:
        ((uint16_t *)r->data)[i] = kern_f32_to_bf16(v);
        return;
    case ES_F16:
        ((uint16_t *)r->data)[i] = kern_f32_to_f16(v);
        return;
    case ES_FBYTE:
        ((uint8_t *)r->data)[i] = fp_small_from_f32(from_f32, f32_to_bits(v));
        return;
    case ES_BOOL:
    case ES_S8:
    case ES_S16:
    case ES_S32:
    case ES_S64:
    case ES_U8:
    case ES_U16:
    case ES_U32:
    case ES_U64:
    case ES_F64:
    case ES_C64:
    case ES_C128:
    case ES_FLOAT:
    case ES_COUNT:
        break;
    }
    store_result(r, i, v);
}

void kern_store_f32_run(tensor *r, int64_t at, int64_t stride, const float *v, int64_t n, const uint8_t *from_f32)
{
    et_storage st = et_get(r->type.elem)->storage;
    if (st == ES_BF16) { /* the common case in a loop of its own */
        uint16_t *d = (uint16_t *)r->data + at;
        for (int64_t k = 0; k < n; k++) {
            if (v[k] != v[k])
                kern_store_f32(r, at + k * stride, v[k], from_f32);
            else
                d[k * stride] = kern_f32_to_bf16(v[k]);
        }
        return;
    }
    for (int64_t k = 0; k < n; k++)
        kern_store_f32(r, at + k * stride, v[k], from_f32);
}

/* Whether every product of a value of format a (after its precision
 * rounding) and one of format b is exact in binary32: significands of at
 * most 24 bits together, products no finer than binary32's smallest
 * subnormal and below its overflow. A fused multiply-add then equals the
 * multiply and the add (docs/dot-accumulation.md). */
bool kern_products_exact_in_f32(fp_id a, fp_id b)
{
    const fp_format *fa = fp_fmt(a), *fb = fp_fmt(b);
    return kern_significands_fit_f32(a, b) && fa->emin - (int)fa->mbits + fb->emin - (int)fb->mbits >= -149 &&
           fa->emax + fb->emax + 2 <= 128;
}

bool kern_significands_fit_f32(fp_id a, fp_id b)
{
    return fp_fmt(a)->mbits + fp_fmt(b)->mbits + 2 <= 24;
}

/* The smallest nonzero and the largest finite |v[i]| (0 and 0 when there
 * is none). */
static void finite_range(const float *v, int64_t n, float *lo, float *hi)
{
    if (isa_avx2()) {
        kern_finite_range_avx2(v, n, lo, hi);
        return;
    }
    float l = FLT_MAX, h = 0;
    for (int64_t i = 0; i < n; i++) {
        float x = fabsf(v[i]);
        bool counted = x > 0 && x <= FLT_MAX; /* not zero, Inf or NaN */
        l = counted && x < l ? x : l;
        h = counted && x > h ? x : h;
    }
    *lo = h > 0 ? l : 0;
    *hi = h;
}

bool kern_products_normal_f32(const float *a, int64_t na, const float *b, int64_t nb)
{
    float alo, ahi, blo, bhi;
    finite_range(a, na, &alo, &ahi);
    finite_range(b, nb, &blo, &bhi);
    if (ahi == 0 || bhi == 0)
        return true; /* every product is a zero, an Inf or a NaN */
    return (double)ahi * bhi < 0x1p127 && (double)alo * blo >= 0x1p-126;
}

/* Rows of a part of the binary32 accumulation (a multiple of the 6-row
 * micro-kernel). */
enum { ACC_ROWS = 48 };

typedef struct {
    const float *L;      /* [B, M, K] */
    const float *R;      /* [B, K, N] (portable loop) */
    const float *panels; /* [B][P][K][16] (vector loop), else NULL */
    int64_t npanels, rows, parts_per_batch; /* rows per part: ACC_ROWS (7 under the test hook) */
    bool fused;
    const uint8_t *from_f32;
    tensor *r;
    dot_sizes s;
} acc_job;

/* acc[n] += x * row[n], one rounding each (the buffers never overlap:
 * restrict lets the compiler use vector lanes). */
static void axpy_f32(float *restrict acc, float x, const float *restrict row, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        acc[i] = acc[i] + x * row[i];
}

/* Rows [m0, m0 + rows) of one batch: the panels through the vector
 * micro-kernel, or the portable i-k-j loop (the inner loop runs over the
 * free dim n, while each output still sums its products in k order). */
static irrun_status acc_part(void *vj, int64_t i)
{
    const acc_job *j = vj;
    dot_sizes s = j->s;
    int64_t b = i / j->parts_per_batch, m0 = (i % j->parts_per_batch) * j->rows;
    int64_t rows = s.M - m0 < j->rows ? s.M - m0 : j->rows;
    if (j->panels) {
        float out[ACC_ROWS * KERN_ACC_PANEL];
        for (int64_t p = 0; p < j->npanels; p++) {
            kern_acc_f32_avx2(j->L + (b * s.M + m0) * s.K, s.K, rows, s.K,
                              j->panels + (b * j->npanels + p) * s.K * KERN_ACC_PANEL, out, j->fused);
            int64_t n0 = p * KERN_ACC_PANEL, cols = s.N - n0 < KERN_ACC_PANEL ? s.N - n0 : KERN_ACC_PANEL;
            for (int64_t rr = 0; rr < rows; rr++)
                kern_store_f32_run(j->r, (b * s.M + m0 + rr) * s.N + n0, 1, out + rr * KERN_ACC_PANEL, cols, j->from_f32);
        }
        return IRRUN_OK;
    }
    float *acc = mem_alloc((size_t)(s.N ? s.N : 1) * sizeof *acc);
    if (!acc)
        return IRRUN_NOMEM;
    for (int64_t m = m0; m < m0 + rows; m++) {
        const float *lrow = j->L + (b * s.M + m) * s.K;
        for (int64_t n = 0; n < s.N; n++)
            acc[n] = 0.0f;
        for (int64_t k = 0; k < s.K; k++)
            axpy_f32(acc, lrow[k], j->R + (b * s.K + k) * s.N, s.N);
        for (int64_t n = 0; n < s.N; n++)
            kern_store_f32(j->r, (b * s.M + m) * s.N + n, acc[n], j->from_f32);
    }
    mem_free(acc);
    return IRRUN_OK;
}

/* The values of a float tensor whose format (after rounding to `prec`;
 * FP_COUNT: as is) binary32 holds exactly, as binary32: directly for the
 * storage classes with a decoder, else through decode_values. false when
 * out of memory. */
/* Whether decode_f32 reads x's elements (as they are) directly. */
static bool direct_decode(const tensor *x, fp_id prec)
{
    const et_traits *tr = et_get(x->type.elem);
    return (prec == FP_COUNT || prec == tr->fmt) && (tr->storage == ES_FBYTE || tr->storage == ES_BF16 ||
                                                     tr->storage == ES_F16 || tr->storage == ES_F32);
}

static bool decode_floats(const tensor *x, fp_id prec, float *dst)
{
    const et_traits *tr = et_get(x->type.elem);
    if (direct_decode(x, prec)) {
        const float *bytes = tr->storage == ES_FBYTE ? (const float *)fp_table_to_f32(tr->fmt) : NULL;
        if (tr->storage == ES_FBYTE && !bytes)
            return false;
        decode_f32(x->type.elem, x->data, x->count, bytes, 1.0f, dst);
        return true;
    }
    double *d = decode_values(x, prec);
    if (!d)
        return false;
    for (int64_t i = 0; i < x->count; i++)
        dst[i] = (float)d[i];
    mem_free(d);
    return true;
}

/* acc in f32: values exact in f32, so the f32 multiply is the exact product
 * rounded once; L is [B, M, K] and R [B, K, N], rounded to lprec / rprec.
 * fused_ok: every product is exact in f32. */
static irrun_status acc_f32(pool *pl, const tensor *Lt, const tensor *Rt, fp_id lprec, fp_id rprec, tensor *r,
                            dot_sizes s, bool fused_ok, bool sig_fit)
{
    size_t nl = (size_t)(s.B * s.M * s.K), nr = (size_t)(s.B * s.K * s.N);
    bool vector = isa_avx2();
    int64_t rows = pool_tiny_parts(pl) ? 7 : ACC_ROWS;
    acc_job j = { NULL, NULL, NULL, (s.N + KERN_ACC_PANEL - 1) / KERN_ACC_PANEL, rows, (s.M + rows - 1) / rows,
                  fused_ok, NULL, r, s };
    size_t np = vector ? (size_t)(s.B * j.npanels * s.K * KERN_ACC_PANEL) : 0;
    /* R goes straight into the panels when its elements decode directly */
    bool rows_into_panels = vector && direct_decode(Rt, rprec);
    const et_traits *rtr = et_get(Rt->type.elem);
    const float *rbytes = rows_into_panels && rtr->storage == ES_FBYTE ? (const float *)fp_table_to_f32(rtr->fmt) : NULL;
    float *L = mem_alloc((nl ? nl : 1) * sizeof *L);
    float *R = mem_alloc(((rows_into_panels ? (size_t)s.N : nr) + 1) * sizeof *R);
    float *panels = vector ? mem_alloc((np ? np : 1) * sizeof *panels) : NULL;
    irrun_status rc = IRRUN_NOMEM;
    if (et_get(r->type.elem)->storage == ES_FBYTE &&
        !(j.from_f32 = fp_table_from_f32(et_get(r->type.elem)->fmt, FPR_RNE)))
        goto done;
    if (rows_into_panels && rtr->storage == ES_FBYTE && !rbytes)
        goto done;
    if (L && R && (panels || !vector) && decode_floats(Lt, lprec, L) &&
        (rows_into_panels || decode_floats(Rt, rprec, R))) {
        j.L = L;
        j.R = R;
        /* row k of R (N values; decoded here when it goes straight into the
         * panels) cut into the panels, the columns past N zero */
        for (int64_t b = 0; vector && b < s.B; b++)
            for (int64_t k = 0; k < s.K; k++) {
                const float *row = R + (rows_into_panels ? 0 : (b * s.K + k) * s.N);
                if (rows_into_panels)
                    decode_f32(Rt->type.elem, (const unsigned char *)Rt->data + (size_t)((b * s.K + k) * s.N) * rtr->bytes,
                               s.N, rbytes, 1.0f, R);
                for (int64_t p = 0; p < j.npanels; p++) {
                    int64_t n0 = p * KERN_ACC_PANEL;
                    int64_t cols = s.N - n0 < KERN_ACC_PANEL ? s.N - n0 : KERN_ACC_PANEL;
                    float *dst = panels + ((b * j.npanels + p) * s.K + k) * KERN_ACC_PANEL;
                    memcpy(dst, row + n0, (size_t)cols * sizeof *R);
                    memset(dst + cols, 0, (size_t)(KERN_ACC_PANEL - cols) * sizeof *R);
                }
            }
        j.panels = vector ? panels : NULL;
        /* the operands' values may keep every product exact where their
         * formats do not (bf16: between the over- and underflow) */
        if (vector && !j.fused && sig_fit)
            j.fused = kern_products_normal_f32(L, (int64_t)nl, panels, (int64_t)np);
        rc = pool_run(pl, s.B * j.parts_per_batch, acc_part, &j);
    }
done:
    mem_free(L);
    mem_free(R);
    mem_free(panels);
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
        /* the vector chains read R as [B, K, N], its rows the panels' rows:
         * the usual [K, N] weights are then used as they are */
        kern_chain_format cf;
        bool chains = !generic && isa_avx2() && chain_format(rt, &cf);
        if (chains)
            make_perm(b, dd->rb, dd->rc, dd->nbatch, dd->ncontract, true, rperm);
        tensor *L = kern_relayout(a, lperm, rt);
        tensor *R = L ? kern_relayout(b, rperm, rt) : NULL;
        if (R && chains)
            rc = ref_chains(dd->pool, rt, &cf, L->data, R->data, true, r->data, s);
        else if (R)
            rc = ref_dot(dd->pool, rt, generic, L->data, R->data, r->data, s);
        tensor_release(L);
        tensor_release(R);
        return rc;
    }
    tensor *L = kern_relayout(a, lperm, a->type.elem);
    tensor *R = L ? kern_relayout(b, rperm, b->type.elem) : NULL;
    fp_id af = et_get(a->type.elem)->fmt, bf = et_get(b->type.elem)->fmt;
    if (R && dd->acc == FP_F32 && exact_in_f32(af, dd->lprec) && exact_in_f32(bf, dd->rprec)) {
        fp_id lf = dd->lprec != FP_COUNT ? dd->lprec : af, rf = dd->rprec != FP_COUNT ? dd->rprec : bf;
        rc = acc_f32(dd->pool, L, R, dd->lprec, dd->rprec, r, s, kern_products_exact_in_f32(lf, rf),
                    kern_significands_fit_f32(lf, rf));
    } else if (R) {
        double *Ld = decode_values(L, dd->lprec);
        double *Rd = Ld ? decode_values(R, dd->rprec) : NULL;
        if (Rd) {
            acc_generic(dd->acc, Ld, Rd, r, s);
            rc = IRRUN_OK;
        }
        mem_free(Ld);
        mem_free(Rd);
    }
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
    return ref_dot(NULL, t, false, L, R, out, s);
}
