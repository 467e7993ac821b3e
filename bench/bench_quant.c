/* Quantized programs as REF lowers them (docs/quantization.md), on one
 * thread: an i8 x i8 dot_general 1024^3 per tensor (issue 34's target 2e9
 * MAC/s) and uniform_quantize f32 -> i8 on 16M elements (target 5e8
 * elements/s). Each figure is the program's time minus that of the same
 * program without the quantized op (the inputs' iota and bitcasts). */
#include <stdio.h>

#include "bench.h"

static const char DOT[] =
    "func.func @main() -> tensor<1x4xi32> {\n"
    "  %%i = stablehlo.iota dim = 0 : tensor<1024x1024xi8>\n"
    "  %%j = stablehlo.iota dim = 1 : tensor<1024x1024xi8>\n"
    "  %%a = stablehlo.bitcast_convert %%i : (tensor<1024x1024xi8>) -> tensor<1024x1024x!quant.uniform<i8:f32, 0.5:-3>>\n"
    "  %%b = stablehlo.bitcast_convert %%j : (tensor<1024x1024xi8>) -> tensor<1024x1024x!quant.uniform<i8:f32, 0.25:4>>\n"
    "%s"
    "  %%s = stablehlo.slice %%r [0:1, 0:4] : (tensor<1024x1024xi32>) -> tensor<1x4xi32>\n"
    "  func.return %%s : tensor<1x4xi32>\n"
    "}\n";
static const char DOT_OP[] =
    "  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x1024x!quant.uniform<i8:f32, "
    "0.5:-3>>, tensor<1024x1024x!quant.uniform<i8:f32, 0.25:4>>) -> tensor<1024x1024x!quant.uniform<i32:f32, 0.125>>\n"
    "  %r = stablehlo.bitcast_convert %d : (tensor<1024x1024x!quant.uniform<i32:f32, 0.125>>) -> tensor<1024x1024xi32>\n";
static const char DOT_NONE[] =
    "  %r = stablehlo.convert %i : (tensor<1024x1024xi8>) -> tensor<1024x1024xi32>\n";

static const char QUANTIZE[] =
    "func.func @main() -> tensor<4xi8> {\n"
    "  %%i = stablehlo.iota dim = 0 : tensor<16777216xf32>\n"
    "  %%c = stablehlo.constant dense<1.0e-5> : tensor<16777216xf32>\n"
    "  %%x = stablehlo.multiply %%i, %%c : tensor<16777216xf32>\n"
    "%s"
    "  %%s = stablehlo.slice %%r [1000:1004] : (tensor<16777216xi8>) -> tensor<4xi8>\n"
    "  func.return %%s : tensor<4xi8>\n"
    "}\n";
static const char QUANTIZE_OP[] =
    "  %q = stablehlo.uniform_quantize %x : (tensor<16777216xf32>) -> tensor<16777216x!quant.uniform<i8:f32, 0.5:-3>>\n"
    "  %r = stablehlo.bitcast_convert %q : (tensor<16777216x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<16777216xi8>\n";
static const char QUANTIZE_NONE[] =
    "  %r = stablehlo.convert %x : (tensor<16777216xf32>) -> tensor<16777216xi8>\n";

/* Best of three runs of the program `form` with `op` in it; -1 on failure. */
static double best_run(const char *form, const char *op)
{
    char text[4096];
    int n = snprintf(text, sizeof text, form, op);
    double best = -1;
    for (int rep = 0; rep < 3 && n > 0 && (size_t)n < sizeof text; rep++) {
        double t = bench_run_program_on(text, (size_t)n, NULL, 1);
        if (t < 0)
            return -1;
        best = best < 0 || t < best ? t : best;
    }
    return best;
}

static void row(const char *name, const char *form, const char *op, const char *none, double units,
                const char *unit, size_t bytes)
{
    double with = best_run(form, op), without = best_run(form, none);
    if (with < 0 || without < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    double t = with - without;
    bench_report(name, units, unit, t > 1e-6 ? t : 1e-6, bytes);
}

void bench_quant(void)
{
    row("quantized i8 dot_general 1024^3 per tensor, 1 thread", DOT, DOT_OP, DOT_NONE, 1024.0 * 1024 * 1024, "MAC",
        (size_t)2 * 1024 * 1024);
    row("uniform_quantize f32 -> i8, 16M elements, 1 thread", QUANTIZE, QUANTIZE_OP, QUANTIZE_NONE, 16777216.0,
        "elem", (size_t)16777216 * 4);
}
