/* convolution (SPEC.md 9.5.3) as patch rows fed to dot_general's loops.
 *
 * REF's definition pads and dilates lhs, then, for every output element,
 * folds products in a fixed order: kernel spatial positions t in row-major
 * order (spatial dimension 0 slowest), input features c innermost. That is
 * a dot over k = t * Cg + c. So a group's result is a matrix product of
 *   L [M, K]: one row per output position (n, q), the "patch": for each t
 *             the Cg input features at the input position q * stride +
 *             u(t) * rhs_dilation (u = t, or reversed), or the padding value
 *             where that position is a border or a dilation hole;
 *   W [Og, K]: one row per output feature o: kernel[t, c, o];
 * and out [M, Og] lands in the result at (n, g * Og + o, q) whatever the
 * output layout (decision 40: SPEC's placement, not REF's).
 *
 * The padded lhs is never built: patch rows are gathered from lhs in the
 * layout [N, s_0, ..., s_{S-1}, C], where the input features of one
 * position are contiguous, and the padding is decided per (row, t) segment
 * from the window arithmetic. Rows are gathered in chunks of a bounded size,
 * so memory stays proportional to the operands whatever the padding.
 *
 * REF accumulation runs the loops of kern_dot.c on rows converted to the
 * result type (convR of SPEC 9.5.3 step 3). The accumulate-in-type mode
 * (docs/dot-accumulation.md) works on the operands' exact values: binary32
 * when both operand types fit in it (every format but f64), where one
 * binary32 multiply is the exact product rounded once and the blocked loop
 * below keeps each output's k order; binary64 otherwise. */
#include <string.h>

#include "kernels/dot/kern_dot.h"
#include "kernels/dot/kern_dot_simd.h"
#include "kernels/kern.h"
#include "kernels/math/kern_ieee.h"
#include "types/fptables.h"
#include "util/isa.h"
#include "util/mem.h"

/* Bytes of patch rows gathered at once: a chunk stays in L2 while the
 * loops sweep the kernel over it. */
enum { CHUNK_BYTES = 256 * 1024 };

typedef struct {
    int S;
    int64_t groups;      /* max(feature_groups, batch_groups): one of them is 1 */
    int64_t Nout, Cg, Og; /* per group: batch, input features, output features */
    int64_t T, K, Q, M;   /* kernel positions, dot length, output positions, rows */
    int64_t tdims[SHAPE_MAX_RANK], qdims[SHAPE_MAX_RANK];
    int64_t in_size[SHAPE_MAX_RANK];
    /* X = lhs as [N, s_0, ..., s_{S-1}, C]: element strides */
    int64_t xn, xs[SHAPE_MAX_RANK];
    /* per spatial dimension: extent of the dilated input, and for each
     * kernel position t_j the offset u_j * rhs_dilation_j, so that a =
     * q_j * stride_j + off[j][t_j] is the position in the padded input and
     * a - low_j the one in the dilated input. The checker proved a < the
     * padded size, so a never overflows; a - low_j is compared unsigned. */
    int64_t ext[SHAPE_MAX_RANK];
    int64_t *off[SHAPE_MAX_RANK];
    /* result element strides of the batch, feature and spatial dimensions */
    int64_t rb, rf, rs[SHAPE_MAX_RANK];
} plan;

static void plan_free(plan *p)
{
    for (int j = 0; j < p->S; j++)
        mem_free(p->off[j]);
}

static bool plan_make(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, const tensor *r, plan *p)
{
    memset(p, 0, sizeof *p);
    int S = p->S = cd->nspatial;
    p->groups = cd->feature_groups > cd->batch_groups ? cd->feature_groups : cd->batch_groups;
    p->Nout = r->type.dims[cd->out_batch];
    p->Cg = rhs->type.dims[cd->kernel_in];
    p->Og = rhs->type.dims[cd->kernel_out] / p->groups;
    p->T = p->Q = 1;
    for (int j = 0; j < S; j++) {
        p->tdims[j] = rhs->type.dims[cd->kernel_spatial[j]];
        p->qdims[j] = r->type.dims[cd->out_spatial[j]];
        p->in_size[j] = lhs->type.dims[cd->in_spatial[j]];
        p->T *= p->tdims[j];
        p->Q *= p->qdims[j];
    }
    p->K = p->T * p->Cg;
    p->M = p->Nout * p->Q;
    int64_t s = lhs->type.dims[cd->in_feature];
    for (int j = S - 1; j >= 0; j--) {
        p->xs[j] = s;
        s *= p->in_size[j];
    }
    p->xn = s;
    int64_t rst[SHAPE_MAX_RANK] = { 0 };
    shape_strides(&r->type, rst);
    p->rb = rst[cd->out_batch];
    p->rf = rst[cd->out_feature];
    for (int j = 0; j < S; j++) {
        p->rs[j] = rst[cd->out_spatial[j]];
        int64_t n = p->in_size[j];
        p->ext[j] = n == 0 ? 0 : (n - 1) * cd->lhs_dilation[j] + 1;
        p->off[j] = mem_alloc((size_t)p->tdims[j] * sizeof(int64_t));
        if (!p->off[j]) {
            plan_free(p);
            return false;
        }
        for (int64_t t = 0; t < p->tdims[j]; t++) {
            int64_t u = cd->reversal[j] ? p->tdims[j] - 1 - t : t;
            p->off[j][t] = u * cd->rhs_dilation[j];
        }
    }
    return true;
}

/* The output position (n, q) of row m. */
static int64_t row_coords(const plan *p, int64_t m, int64_t *q)
{
    for (int j = p->S - 1; j >= 0; j--) {
        q[j] = m % p->qdims[j];
        m /= p->qdims[j];
    }
    return m;
}

/* Patch rows [m0, m0 + mc) of group g into L (row length ld elements):
 * X is lhs as [N, s..., C] in the element type of L (es bytes), pad one
 * element of it. */
static void gather_rows(const plan *p, const kern_conv_dims *cd, const unsigned char *X, const unsigned char *pad,
                        size_t es, int64_t g, int64_t m0, int64_t mc, unsigned char *L, int64_t ld)
{
    int S = p->S;
    int64_t nb = cd->batch_groups > 1 ? g * p->Nout : 0;
    int64_t fo = cd->feature_groups > 1 ? g * p->Cg : 0;
    size_t seg = (size_t)p->Cg * es;
    bool zero_pad = true;
    for (size_t b = 0; b < es; b++)
        zero_pad &= pad[b] == 0;
    for (int64_t i = 0; i < mc; i++) {
        int64_t q[SHAPE_MAX_RANK], base[SHAPE_MAX_RANK], t[SHAPE_MAX_RANK];
        int64_t n = row_coords(p, m0 + i, q);
        for (int j = 0; j < S; j++) {
            base[j] = q[j] * cd->strides[j];
            t[j] = 0;
        }
        const unsigned char *xrow = X + (size_t)((nb + n) * p->xn + fo) * es;
        unsigned char *dst = L + (size_t)(i * ld) * es;
        for (int64_t tl = 0; tl < p->T; tl++, dst += seg) {
            int64_t src = 0;
            bool inside = true;
            for (int j = 0; j < S && inside; j++) {
                int64_t a = base[j] + p->off[j][t[j]], low = cd->low[j];
                uint64_t o = (uint64_t)a - (uint64_t)low, dil = (uint64_t)cd->lhs_dilation[j];
                inside = a >= low && o < (uint64_t)p->ext[j] && (dil == 1 || o % dil == 0);
                if (inside)
                    src += (int64_t)(dil == 1 ? o : o / dil) * p->xs[j];
            }
            if (inside)
                memcpy(dst, xrow + (size_t)src * es, seg);
            else if (zero_pad)
                memset(dst, 0, seg);
            else
                for (int64_t c = 0; c < p->Cg; c++)
                    memcpy(dst + (size_t)c * es, pad, es);
            for (int j = S - 1; j >= 0 && ++t[j] == p->tdims[j]; j--)
                t[j] = 0;
        }
    }
}

/* Where row m's output feature g * Og lands in the result (elements). */
static int64_t result_at(const plan *p, int64_t m, int64_t g)
{
    int64_t q[SHAPE_MAX_RANK];
    int64_t at = row_coords(p, m, q) * p->rb + g * p->Og * p->rf;
    for (int j = 0; j < p->S; j++)
        at += q[j] * p->rs[j];
    return at;
}


/* The padding element: the zero bits of lhs's type (+0, 0, false, (+0, +0);
 * f8E8M0FNU's 0x00 = 2^-127) converted into elem. */
static bool pad_value(et_id lhs_elem, et_id elem, unsigned char *out)
{
    tensor_type zt = { .elem = lhs_elem, .rank = 0 }, et = { .elem = elem, .rank = 0 };
    tensor *z = tensor_new(&zt), *v = z ? tensor_new(&et) : NULL;
    bool ok = v && kern_convert(z, v) == IRRUN_OK;
    if (ok)
        memcpy(out, v->data, et_get(elem)->bytes);
    tensor_release(z);
    tensor_release(v);
    return ok;
}

/* lhs as [N, s..., C] and the kernel as [O, t..., Cg] (REF: rows of W) or
 * [t..., Cg, O] (accumulate-in-type: columns), both in elem. */
static bool operands(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, et_id elem, bool kernel_rows,
                     tensor **X, tensor **W)
{
    int64_t lp[SHAPE_MAX_RANK], kp[SHAPE_MAX_RANK];
    int S = cd->nspatial, at = 0;
    lp[0] = cd->in_batch;
    for (int j = 0; j < S; j++)
        lp[1 + j] = cd->in_spatial[j];
    lp[S + 1] = cd->in_feature;
    if (kernel_rows)
        kp[at++] = cd->kernel_out;
    for (int j = 0; j < S; j++)
        kp[at++] = cd->kernel_spatial[j];
    kp[at++] = cd->kernel_in;
    if (!kernel_rows)
        kp[at++] = cd->kernel_out;
    *X = kern_relayout(lhs, lp, elem);
    *W = *X ? kern_relayout(rhs, kp, elem) : NULL;
    return *W != NULL;
}

/* Rows per chunk: a multiple of `align`, at least one block. */
static int64_t chunk_rows(const plan *p, size_t es, int64_t align)
{
    int64_t mc = CHUNK_BYTES / ((int64_t)es * p->K);
    mc -= mc % align;
    if (mc < align)
        mc = align;
    return mc;
}

/* --- REF accumulation ------------------------------------------------- */

/* One part of a convolution on a run's threads: chunk c of the patch rows
 * of group g. Chunks are fixed by the shapes (chunk_rows), never by the
 * thread count, and every result element is computed the same way in any
 * of them, so the bits do not depend on the threads. */
typedef struct {
    const plan *p;
    const kern_conv_dims *cd;
    const tensor *X, *W;
    unsigned char pad[16];
    int64_t mc, chunks;
    tensor *r;
} conv_job;

static irrun_status conv_ref_part(void *vj, int64_t part)
{
    const conv_job *j = vj;
    const plan *p = j->p;
    et_id rt = j->r->type.elem;
    size_t es = et_get(rt)->bytes;
    int64_t g = part / j->chunks, m0 = (part % j->chunks) * j->mc;
    int64_t rows = p->M - m0 < j->mc ? p->M - m0 : j->mc;
    unsigned char *L = mem_alloc((size_t)(rows * p->K) * es);
    unsigned char *out = mem_alloc((size_t)(rows * p->Og) * es + 1);
    irrun_status rc = IRRUN_NOMEM;
    if (L && out) {
        const unsigned char *Wg = (const unsigned char *)j->W->data + (size_t)(g * p->Og * p->K) * es;
        gather_rows(p, j->cd, j->X->data, j->pad, es, g, m0, rows, L, p->K);
        rc = kern_dot_rows(rt, L, Wg, out, rows, p->Og, p->K);
        for (int64_t i = 0; i < rows && rc == IRRUN_OK; i++) {
            unsigned char *dst = (unsigned char *)j->r->data + (size_t)result_at(p, m0 + i, g) * es;
            const unsigned char *src = out + (size_t)(i * p->Og) * es;
            if (p->rf == 1)
                memcpy(dst, src, (size_t)p->Og * es);
            else
                for (int64_t o = 0; o < p->Og; o++)
                    memcpy(dst + (size_t)(o * p->rf) * es, src + (size_t)o * es, es);
        }
    }
    mem_free(L);
    mem_free(out);
    return rc;
}

static irrun_status conv_ref(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, const plan *p,
                             tensor *r)
{
    et_id rt = r->type.elem;
    size_t es = et_get(rt)->bytes;
    conv_job j = { p, cd, NULL, NULL, { 0 }, pool_tiny_parts(cd->pool) ? 1 : chunk_rows(p, es, 8), 0, r };
    if (j.mc > p->M)
        j.mc = p->M;
    j.chunks = (p->M + j.mc - 1) / j.mc;
    tensor *X = NULL, *W = NULL;
    irrun_status rc = IRRUN_NOMEM;
    if (pad_value(lhs->type.elem, rt, j.pad) && operands(lhs, rhs, cd, rt, true, &X, &W)) {
        j.X = X;
        j.W = W;
        rc = pool_run(cd->pool, p->groups * j.chunks, conv_ref_part, &j);
    }
    tensor_release(X);
    tensor_release(W);
    return rc;
}

/* --- accumulate-in-type mode ------------------------------------------ */

/* The accumulated value rounded into the result, as dot_general's
 * store_result: a NaN becomes the result's conversion of the positive quiet
 * NaN (hardware NaNs carry no meaningful sign or payload). */
static void store_value(tensor *r, int64_t at, double v)
{
    fp_id f = et_get(r->type.elem)->fmt;
    if (v != v)
        v = bits_to_f64(UINT64_C(0x7FF8000000000000));
    uint64_t b = kern_round_into(f, v);
    size_t es = tensor_elem_bytes(r);
    memcpy((unsigned char *)r->data + (size_t)at * es, &b, es);
}

typedef float v4f __attribute__((vector_size(16)));

/* out[i][n] = sum over k in order of L[i][k] * W[k][n], binary32, for four
 * rows of L (row length K) and all of W's ld columns (a multiple of 8):
 * eight accumulators of four lanes, one add per product, so every output
 * still sums its products one after the other in k order. */
static void block4_f32(const float *L, const float *W, float *out, int64_t K, int64_t ld)
{
    const float *l0 = L, *l1 = L + K, *l2 = L + 2 * K, *l3 = L + 3 * K;
    for (int64_t n = 0; n < ld; n += 8) {
        v4f a00 = { 0 }, a01 = { 0 }, a10 = { 0 }, a11 = { 0 };
        v4f a20 = { 0 }, a21 = { 0 }, a30 = { 0 }, a31 = { 0 };
        const float *w = W + n;
        for (int64_t k = 0; k < K; k++, w += ld) {
            v4f b0, b1;
            memcpy(&b0, w, sizeof b0);
            memcpy(&b1, w + 4, sizeof b1);
            v4f x0 = { l0[k], l0[k], l0[k], l0[k] }, x1 = { l1[k], l1[k], l1[k], l1[k] };
            v4f x2 = { l2[k], l2[k], l2[k], l2[k] }, x3 = { l3[k], l3[k], l3[k], l3[k] };
            a00 = a00 + x0 * b0;
            a01 = a01 + x0 * b1;
            a10 = a10 + x1 * b0;
            a11 = a11 + x1 * b1;
            a20 = a20 + x2 * b0;
            a21 = a21 + x2 * b1;
            a30 = a30 + x3 * b0;
            a31 = a31 + x3 * b1;
        }
        memcpy(out + n, &a00, sizeof a00);
        memcpy(out + n + 4, &a01, sizeof a01);
        memcpy(out + ld + n, &a10, sizeof a10);
        memcpy(out + ld + n + 4, &a11, sizeof a11);
        memcpy(out + 2 * ld + n, &a20, sizeof a20);
        memcpy(out + 2 * ld + n + 4, &a21, sizeof a21);
        memcpy(out + 3 * ld + n, &a30, sizeof a30);
        memcpy(out + 3 * ld + n + 4, &a31, sizeof a31);
    }
}

static double round_acc(fp_id a, double v)
{
    if (a == FP_F64 || v != v)
        return v;
    if (a == FP_F32)
        return (double)(float)v;
    return fp_to_double(a, fp_from_double(a, v, FPR_RNE));
}

/* Group g's kernel columns as [K, ld] (columns past Og are zero). */
static void kernel_columns(const plan *p, const unsigned char *W, size_t es, int64_t g, unsigned char *Wg, int64_t ld)
{
    int64_t O = p->Og * p->groups;
    memset(Wg, 0, (size_t)(p->K * ld) * es);
    for (int64_t k = 0; k < p->K; k++)
        memcpy(Wg + (size_t)(k * ld) * es, W + (size_t)(k * O + g * p->Og) * es, (size_t)p->Og * es);
}

typedef struct {
    const plan *p;
    const kern_conv_dims *cd;
    const tensor *X;
    const unsigned char *Wcols; /* every group's kernel columns [K, ld] */
    const float *panels;        /* vector loop: every group's [npanels][K][16], else NULL */
    int64_t npanels;
    const uint8_t *from_f32;    /* the result's rounding table when it is one byte */
    bool fused;                 /* every product is exact in binary32 */
    unsigned char pad[8];
    bool f32;
    size_t es;
    int64_t ld, mc, chunks;
    tensor *r;
} typed_job;

/* Chunk c of group g in the accumulate-in-type mode. */
static irrun_status conv_typed_part(void *vj, int64_t part)
{
    const typed_job *j = vj;
    const plan *p = j->p;
    int64_t g = part / j->chunks, m0 = (part % j->chunks) * j->mc, ld = j->ld;
    int64_t rows = p->M - m0 < j->mc ? p->M - m0 : j->mc;
    /* the binary32 blocks run over whole groups of four rows */
    int64_t padded = (rows + 3) / 4 * 4;
    unsigned char *L = mem_calloc((size_t)(padded * p->K), j->es);
    double *out = mem_alloc((size_t)(padded * ld) * sizeof(double));
    if (!L || !out) {
        mem_free(L);
        mem_free(out);
        return IRRUN_NOMEM;
    }
    const unsigned char *Wg = j->Wcols + (size_t)(g * p->K * ld) * j->es;
    gather_rows(p, j->cd, j->X->data, j->pad, j->es, g, m0, rows, L, p->K);
    if (j->panels) {
        /* dot_general's binary32 micro-kernel: the same k order and, fused
         * only where every product is exact, the same roundings as
         * block4_f32 below */
        float *o32 = (float *)out;
        for (int64_t q = 0; q < j->npanels; q++) {
            kern_acc_f32_avx2((const float *)L, p->K, rows, p->K, j->panels + (g * j->npanels + q) * p->K * KERN_ACC_PANEL,
                              o32, j->fused);
            int64_t o0 = q * KERN_ACC_PANEL, cols = p->Og - o0 < KERN_ACC_PANEL ? p->Og - o0 : KERN_ACC_PANEL;
            for (int64_t i = 0; i < rows; i++)
                kern_store_f32_run(j->r, result_at(p, m0 + i, g) + o0 * p->rf, p->rf, o32 + i * KERN_ACC_PANEL, cols,
                                   j->from_f32);
        }
    } else if (j->f32) {
        float *o32 = (float *)out;
        /* rows past `rows` in the last block are zero patches: computed,
         * never stored */
        for (int64_t i = 0; i < rows; i += 4)
            block4_f32((const float *)L + i * p->K, (const float *)Wg, o32 + i * ld, p->K, ld);
        for (int64_t i = 0; i < rows; i++)
            kern_store_f32_run(j->r, result_at(p, m0 + i, g), p->rf, o32 + i * ld, p->Og, j->from_f32);
    } else {
        const double *Ld = (const double *)L, *Wd = (const double *)Wg;
        for (int64_t i = 0; i < rows; i++) {
            double *acc = out + i * ld;
            for (int64_t o = 0; o < p->Og; o++)
                acc[o] = 0.0;
            for (int64_t k = 0; k < p->K; k++) {
                double a = Ld[i * p->K + k];
                const double *w = Wd + k * ld;
                for (int64_t o = 0; o < p->Og; o++)
                    acc[o] = round_acc(j->cd->acc, acc[o] + round_acc(j->cd->acc, a * w[o]));
            }
            int64_t at = result_at(p, m0 + i, g);
            for (int64_t o = 0; o < p->Og; o++)
                store_value(j->r, at + o * p->rf, acc[o]);
        }
    }
    mem_free(L);
    mem_free(out);
    return IRRUN_OK;
}

static irrun_status conv_typed(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, const plan *p,
                               tensor *r)
{
    /* binary32 holds every operand value exactly unless an operand is f64 */
    bool f32 = cd->acc == FP_F32 && lhs->type.elem != ET_F64 && rhs->type.elem != ET_F64;
    et_id wt = f32 ? ET_F32 : ET_F64;
    typed_job j = { p, cd, NULL, NULL, NULL, 0, NULL, false, { 0 }, f32, f32 ? sizeof(float) : sizeof(double), 0, 0, 0, r };
    j.ld = f32 ? (p->Og + 7) / 8 * 8 : p->Og;
    bool vector = f32 && isa_avx2();
    j.npanels = (p->Og + KERN_ACC_PANEL - 1) / KERN_ACC_PANEL;
    j.fused = kern_products_exact_in_f32(et_get(lhs->type.elem)->fmt, et_get(rhs->type.elem)->fmt);
    j.mc = pool_tiny_parts(cd->pool) ? 4 : chunk_rows(p, j.es, 4);
    if (j.mc > (p->M + 3) / 4 * 4)
        j.mc = (p->M + 3) / 4 * 4;
    j.chunks = (p->M + j.mc - 1) / j.mc;
    tensor *X = NULL, *W = NULL;
    unsigned char *Wcols = mem_alloc((size_t)(p->groups * p->K * j.ld) * j.es + 1);
    float *panels = vector ? mem_calloc((size_t)(p->groups * j.npanels * p->K * KERN_ACC_PANEL) + 1, sizeof *panels)
                           : NULL;
    irrun_status rc = IRRUN_NOMEM;
    bool ok = Wcols && (panels || !vector);
    if (ok && f32 && et_get(r->type.elem)->storage == ES_FBYTE)
        ok = (j.from_f32 = fp_table_from_f32(et_get(r->type.elem)->fmt, FPR_RNE)) != NULL;
    if (ok && pad_value(lhs->type.elem, wt, j.pad) && operands(lhs, rhs, cd, wt, false, &X, &W)) {
        for (int64_t g = 0; g < p->groups; g++) {
            unsigned char *Wg = Wcols + (size_t)(g * p->K * j.ld) * j.es;
            kernel_columns(p, W->data, j.es, g, Wg, j.ld);
            for (int64_t q = 0; vector && q < j.npanels; q++) {
                int64_t o0 = q * KERN_ACC_PANEL, cols = p->Og - o0 < KERN_ACC_PANEL ? p->Og - o0 : KERN_ACC_PANEL;
                float *panel = panels + (g * j.npanels + q) * p->K * KERN_ACC_PANEL;
                for (int64_t k = 0; k < p->K; k++)
                    memcpy(panel + k * KERN_ACC_PANEL, (const float *)Wg + k * j.ld + o0, (size_t)cols * sizeof *panel);
            }
        }
        j.X = X;
        j.Wcols = Wcols;
        j.panels = vector ? panels : NULL;
        /* as dot_general: the values may keep every product exact */
        if (vector && !j.fused && kern_significands_fit_f32(et_get(lhs->type.elem)->fmt, et_get(rhs->type.elem)->fmt))
            j.fused = kern_products_normal_f32(X->data, X->count, panels, p->groups * j.npanels * p->K * KERN_ACC_PANEL);
        rc = pool_run(cd->pool, p->groups * j.chunks, conv_typed_part, &j);
    }
    tensor_release(X);
    tensor_release(W);
    mem_free(Wcols);
    mem_free(panels);
    return rc;
}

irrun_status kern_convolution(const tensor *lhs, const tensor *rhs, const kern_conv_dims *cd, tensor *r)
{
    if (r->count == 0)
        return IRRUN_OK;
    plan p;
    if (!plan_make(lhs, rhs, cd, r, &p))
        return IRRUN_NOMEM;
    irrun_status rc = IRRUN_OK;
    if (p.K == 0) {
        memset(r->data, 0, r->nbytes); /* no products: every element is the zero of R */
    } else if (cd->mode == KACC_TYPE && et_is_float(lhs->type.elem) && et_is_float(rhs->type.elem) &&
               et_is_float(r->type.elem)) {
        rc = conv_typed(lhs, rhs, cd, &p, r);
    } else {
        rc = conv_ref(lhs, rhs, cd, &p, r);
    }
    plan_free(&p);
    return rc;
}
