/* convolution (SPEC.md 9.5.3) on f8E4M3FN: a 3x3 layer of a CNN, 1x64x64x64
 * NHWC input, 3x3x64x64 HWIO kernel, stride 1, padding 1 (1x64x64x64
 * output, 151M multiply-adds), with REF's per-step rounding and with
 * --dot-accumulation=f32; beside it, dot_general of the same [4096 x 576] x
 * [576 x 64] shape with REF's rounding, the figure the convolution is held
 * to. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "kernels/dot/kern_dot.h"
#include "kernels/kern.h"

enum { H = 64, W = 64, C = 64, O = 64, KH = 3, KW = 3 };

/* Patterns 0x20-0x37 (1/64 .. 15/16), some negative: sums stay finite and
 * the rounding tables see varied input. */
static void fill(tensor *x, unsigned mul, bool signs)
{
    for (int64_t i = 0; i < x->count; i++)
        ((uint8_t *)x->data)[i] = (uint8_t)(0x20 + (i * mul) % 24) | (uint8_t)(signs ? (i & 4) << 5 : 0);
}

static void report(const char *what, double macs, double t, size_t bytes, double target)
{
    bench_report(what, macs, "MAC", t, bytes);
    if (target > 0 && macs / t < target)
        printf("  (below the target of %.1e MAC/s)\n", target);
}

static double best_of(int reps, irrun_status (*run)(void *), void *arg)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = bench_now();
        if (run(arg) != IRRUN_OK)
            return -1;
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

typedef struct {
    const tensor *a, *b;
    tensor *r;
    const kern_conv_dims *cd;
    const kern_dot_dims *dd;
} job;

static irrun_status run_conv(void *p)
{
    job *j = p;
    return kern_convolution(j->a, j->b, j->cd, j->r);
}

static irrun_status run_dot(void *p)
{
    job *j = p;
    return kern_dot_general(j->a, j->b, j->dd, j->r);
}

void bench_conv(void)
{
    tensor_type lt = { ET_F8E4M3FN, 4, { 1, H, W, C } }, kt = { ET_F8E4M3FN, 4, { KH, KW, C, O } };
    tensor_type ot = { ET_F8E4M3FN, 4, { 1, H, W, O } };
    tensor *x = tensor_new(&lt), *k = tensor_new(&kt), *r = tensor_new(&ot);
    tensor_type at = { ET_F8E4M3FN, 2, { H * W, KH * KW * C } }, bt = { ET_F8E4M3FN, 2, { KH * KW * C, O } };
    tensor_type dt = { ET_F8E4M3FN, 2, { H * W, O } };
    tensor *a = tensor_new(&at), *b = tensor_new(&bt), *d = tensor_new(&dt);
    if (!x || !k || !r || !a || !b || !d)
        goto out;
    fill(x, 7, true);
    fill(k, 11, false);
    fill(a, 7, true);
    fill(b, 11, false);
    kern_conv_dims cd;
    memset(&cd, 0, sizeof cd);
    cd.nspatial = 2;
    cd.in_batch = 0;
    cd.in_spatial[0] = 1;
    cd.in_spatial[1] = 2;
    cd.in_feature = 3;
    cd.kernel_spatial[0] = 0;
    cd.kernel_spatial[1] = 1;
    cd.kernel_in = 2;
    cd.kernel_out = 3;
    cd.out_batch = 0;
    cd.out_spatial[0] = 1;
    cd.out_spatial[1] = 2;
    cd.out_feature = 3;
    for (int j = 0; j < 2; j++) {
        cd.strides[j] = cd.lhs_dilation[j] = cd.rhs_dilation[j] = 1;
        cd.low[j] = 1;
    }
    cd.feature_groups = cd.batch_groups = 1;
    double macs = (double)H * W * O * KH * KW * C;
    size_t bytes = (size_t)(x->nbytes + k->nbytes + r->nbytes);
    job j = { x, k, r, &cd, NULL };
    cd.mode = KACC_REF;
    double t = best_of(3, run_conv, &j);
    if (t > 0)
        report("convolution f8E4M3FN 3x3x64x64, REF", macs, t, bytes, 0);
    cd.mode = KACC_TYPE;
    cd.acc = FP_F32;
    t = best_of(3, run_conv, &j);
    if (t > 0)
        report("convolution f8E4M3FN 3x3x64x64, f32 acc", macs, t, bytes, 2e9);
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.ncontract = 1;
    dd.lc[0] = 1;
    dd.rc[0] = 0;
    dd.mode = KACC_REF;
    dd.lprec = dd.rprec = FP_COUNT;
    job jd = { a, b, d, NULL, &dd };
    t = best_of(3, run_dot, &jd);
    if (t > 0)
        report("dot_general f8E4M3FN 4096x576x64, REF", macs, t, (size_t)(a->nbytes + b->nbytes + d->nbytes), 0);
out:
    tensor_release(x);
    tensor_release(k);
    tensor_release(r);
    tensor_release(a);
    tensor_release(b);
    tensor_release(d);
}
