/* Quantized programs as REF lowers them (docs/quantization.md), on one
 * thread: an i8 x i8 dot_general 1024^3 per tensor (issue 34's target 2e9
 * MAC/s) and uniform_quantize f32 -> i8 on 16M elements (target 5e8
 * elements/s). The operands are entry arguments built here (a quantized
 * argument is its storage integers), so only the run is timed: the op as
 * lowered (for the dot also the lowering's widening converts and
 * zero-point subtractions) and a slice of 4 elements of its result, which
 * is returned still quantized, so no copy of the whole result is timed.
 * The best of five runs; the CPU time of the run is printed too: on a
 * loaded machine the wall time counts the other processes' turns, the CPU
 * time only the run's own. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "core/tensor.h"

#define QA "!quant.uniform<i8:f32, 0.5:-3>"
#define QB "!quant.uniform<i8:f32, 0.25:4>"
#define QR "!quant.uniform<i32:f32, 0.125>"

static const char DOT[] =
    "func.func @main(%a: tensor<1024x1024x" QA ">, %b: tensor<1024x1024x" QB ">) -> tensor<1x4x" QR "> {\n"
    "  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x1024x" QA
    ">, tensor<1024x1024x" QB ">) -> tensor<1024x1024x" QR ">\n"
    "  %s = stablehlo.slice %d [0:1, 0:4] : (tensor<1024x1024x" QR ">) -> tensor<1x4x" QR ">\n"
    "  func.return %s : tensor<1x4x" QR ">\n"
    "}\n";

static const char QUANTIZE[] =
    "func.func @main(%x: tensor<16777216xf32>) -> tensor<4x" QA "> {\n"
    "  %q = stablehlo.uniform_quantize %x : (tensor<16777216xf32>) -> tensor<16777216x" QA ">\n"
    "  %s = stablehlo.slice %q [1000:1004] : (tensor<16777216x" QA ">) -> tensor<4x" QA ">\n"
    "  func.return %s : tensor<4x" QA ">\n"
    "}\n";

/* a xorshift stream: operands without a pattern the kernels could exploit */
static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static tensor *operand(et_id e, int rank, int64_t d0, int64_t d1, uint32_t seed)
{
    tensor_type ty = { e, rank, { d0, d1 } };
    tensor *t = tensor_new(&ty);
    for (int64_t i = 0; t && i < t->count; i++) {
        uint32_t r = next(&seed);
        if (e == ET_F32)
            ((float *)t->data)[i] = -100.0f + 200.0f * (float)(r >> 8) * (1.0f / 16777216.0f);
        else
            ((int8_t *)t->data)[i] = (int8_t)(r >> 24);
    }
    return t;
}

static void row(const char *name, const char *text, tensor **args, int nargs, double units, const char *unit,
                size_t bytes)
{
    double best = -1, cpu = -1;
    for (int rep = 0; rep < 5; rep++) {
        double c = 0, t = bench_run_program_args(text, strlen(text), args, nargs, 1, NULL, &c);
        if (t < 0) {
            printf("%s: program rejected or failed\n", name);
            return;
        }
        best = best < 0 || t < best ? t : best;
        cpu = cpu < 0 || c < cpu ? c : cpu;
    }
    bench_report(name, units, unit, best, bytes);
    printf("  (CPU time of the run: %.3g %s/s)\n", units / (cpu > 1e-9 ? cpu : 1e-9), unit);
}

void bench_quant(void)
{
    tensor *ab[2] = { operand(ET_I8, 2, 1024, 1024, 12345), operand(ET_I8, 2, 1024, 1024, 777) };
    if (ab[0] && ab[1])
        row("quantized i8 dot_general 1024^3 per tensor, 1 thread", DOT, ab, 2, 1024.0 * 1024 * 1024, "MAC",
            (size_t)2 * 1024 * 1024);
    tensor_release(ab[0]);
    tensor_release(ab[1]);
    tensor *x = operand(ET_F32, 1, 16777216, 0, 4321);
    if (x)
        row("uniform_quantize f32 -> i8, 16M elements, 1 thread", QUANTIZE, &x, 1, 16777216.0, "elem",
            (size_t)16777216 * 4);
    tensor_release(x);
}
