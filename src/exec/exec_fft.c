/* stablehlo.fft (SPEC.md 9.5.4): the naive O(N^2) sums of REF in binary64,
 * term by term, since that order decides the bits (an FFT algorithm rounds
 * differently). f32 types (REF refuses them): the operand converted exactly
 * to binary64, the same algorithm, each output part rounded once to f32
 * (decision 37). Odd-length IRFFT uses the full Hermitian extension
 * (decision 38). */
#include <math.h>
#include <string.h>

#include "exec/exec.h"
#include "kernels/complex/kern_complex_def.h"
#include "kernels/math/kern_ieee_arith.h"
#include "kernels/math/kern_ieee.h"
#include "util/mem.h"

typedef struct {
    double re, im;
} cplx;

/* 4.6: four rounded products, a rounded difference and sum */
static cplx cmul(cplx a, cplx b)
{
    double ac = a.re * b.re, bd = a.im * b.im, ad = a.re * b.im, bc = a.im * b.re;
    return (cplx){ ac - bd, ad + bc };
}

static void conj_all(cplx *t, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        t[i].im = -t[i].im;
}

/* fft1d along dimension d of a row-major array of `dims` (rank dims):
 * src and dst may not overlap; dst has the same shape except that only
 * the first `keep` indices along d are written (keep <= dims[d]). */
static void fft1d(const cplx *src, cplx *dst, const int64_t *dims, int rank, int d, int64_t keep)
{
    int64_t N = dims[d], inner = 1, outer = 1;
    for (int i = d + 1; i < rank; i++)
        inner *= dims[i];
    for (int i = 0; i < d; i++)
        outer *= dims[i];
    /* SPEC's phase: (((-2 * pi) * n) * k) / N, left to right, unreduced */
    const double pi = 3.141592653589793115997963468544185161590576171875;
    for (int64_t o = 0; o < outer; o++)
        for (int64_t i = 0; i < inner; i++) {
            const cplx *s = src + o * N * inner + i;
            cplx *t = dst + o * keep * inner + i;
            for (int64_t k = 0; k < keep; k++) {
                cplx x = { +0.0, +0.0 };
                for (int64_t n = 0; n < N; n++) {
                    double phi = (((-2.0 * pi) * (double)n) * (double)k) / (double)N;
                    cplx w = { cos(phi), sin(phi) };
                    cplx p = cmul(s[n * inner], w);
                    x.re = x.re + p.re;
                    x.im = x.im + p.im;
                }
                t[k * inner] = x;
            }
        }
}

static int64_t count_of(const int64_t *dims, int rank)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        n *= dims[i];
    return n;
}

/* The operand as binary64 complex values (reals get a +0 imaginary part). */
static void load(const tensor *x, cplx *t)
{
    et_id e = x->type.elem;
    bool complex = e == ET_C64 || e == ET_C128, single = e == ET_C64 || e == ET_F32;
    size_t es = tensor_elem_bytes(x);
    for (int64_t i = 0; i < x->count; i++) {
        const unsigned char *p = (const unsigned char *)x->data + (size_t)i * es;
        if (single) {
            float v[2] = { 0.0f, 0.0f };
            memcpy(v, p, es);
            t[i] = (cplx){ v[0], complex ? v[1] : +0.0 };
        } else {
            double v[2] = { 0.0, 0.0 };
            memcpy(v, p, es);
            t[i] = (cplx){ v[0], complex ? v[1] : +0.0 };
        }
    }
}

/* Each part rounded once into the result's part format. */
static void store(const cplx *t, tensor *r)
{
    et_id e = r->type.elem;
    bool complex = e == ET_C64 || e == ET_C128;
    fp_id f = et_get(et_part(e))->fmt;
    size_t pb = et_get(et_part(e))->bytes;
    for (int64_t i = 0; i < r->count; i++) {
        unsigned char *p = (unsigned char *)r->data + (size_t)i * tensor_elem_bytes(r);
        uint64_t re = f == FP_F64 ? 0 : kern_round_into(f, t[i].re), im = f == FP_F64 ? 0 : kern_round_into(f, t[i].im);
        if (f == FP_F64) {
            memcpy(p, &t[i].re, 8);
            if (complex)
                memcpy(p + 8, &t[i].im, 8);
        } else {
            uint32_t a = (uint32_t)re, b = (uint32_t)im;
            memcpy(p, &a, pb);
            if (complex)
                memcpy(p + pb, &b, pb);
        }
    }
}

int exec_fft(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *x = fr->slots[op->operands[0]];
    tensor *r = res[0];
    int rank = x->type.rank, L = op->a.fft.length.n;
    int64_t dims[SHAPE_MAX_RANK];
    for (int i = 0; i < rank; i++)
        dims[i] = x->type.dims[i];
    /* the working arrays hold the larger of the operand and result shapes
     * (IRFFT extends the last dimension) */
    int64_t cap = x->count > r->count ? x->count : r->count;
    cplx *a = mem_calloc((size_t)(cap ? cap : 1), sizeof *a), *b = mem_calloc((size_t)(cap ? cap : 1), sizeof *b);
    if (!a || !b) {
        mem_free(a);
        mem_free(b);
        return rt_nomem(c, op->loc, "out of memory in 'stablehlo.fft'");
    }
    load(x, a);
    int last = rank - 1;
    switch (op->a.fft.type) {
    case IR_FFT:
        for (int d = last; d > last - L; d--) {
            fft1d(a, b, dims, rank, d, dims[d]);
            cplx *t = a;
            a = b;
            b = t;
        }
        break;
    case IR_IFFT:
        for (int d = rank - L; d <= last; d++) {
            int64_t n = count_of(dims, rank);
            conj_all(a, n);
            fft1d(a, b, dims, rank, d, dims[d]);
            conj_all(b, n);
            for (int64_t i = 0; i < n; i++) {
                double qr, qi;
                kern_cdiv(b[i].re, b[i].im, (double)dims[d], +0.0, &qr, &qi);
                a[i] = (cplx){ qr, qi };
            }
        }
        break;
    case IR_RFFT: {
        int64_t half = r->type.dims[last];
        fft1d(a, b, dims, rank, last, half);
        dims[last] = half;
        cplx *t = a;
        a = b;
        b = t;
        for (int d = last - 1; d > last - L; d--) {
            fft1d(a, b, dims, rank, d, dims[d]);
            t = a;
            a = b;
            b = t;
        }
        break;
    }
    case IR_IRFFT: {
        for (int d = rank - L; d < last; d++) {
            int64_t n = count_of(dims, rank);
            conj_all(a, n);
            fft1d(a, b, dims, rank, d, dims[d]);
            conj_all(b, n);
            cplx *t = a;
            a = b;
            b = t;
        }
        /* the Hermitian extension along the last dimension, into b */
        int64_t M = dims[last], n = r->type.dims[last], rows = count_of(dims, rank) / (M ? M : 1);
        for (int64_t row = 0; row < rows; row++)
            for (int64_t k = 0; k < n; k++)
                b[row * n + k] = k < M ? a[row * M + k]
                                       : (cplx){ a[row * M + (n - k)].re, -a[row * M + (n - k)].im };
        dims[last] = n;
        int64_t total = count_of(dims, rank);
        conj_all(b, total);
        fft1d(b, a, dims, rank, last, n);
        double scale = 1.0;
        for (int i = 0; i < L; i++)
            scale *= (double)op->a.fft.length.v[i];
        for (int64_t i = 0; i < total; i++)
            a[i] = (cplx){ a[i].re / scale, +0.0 };
        break;
    }
    }
    store(a, r);
    mem_free(a);
    mem_free(b);
    return 0;
}
