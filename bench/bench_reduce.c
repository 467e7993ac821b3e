/* The general reduce (SPEC.md 4.40): a two-input argmax body, the shape JAX
 * emits for argmax, run through the whole interpreter. Across many result
 * elements the body runs once per fold step on all of them (lanes); a full
 * reduction to one element runs the body once per input element. */
#include <stdio.h>

#include "bench.h"

static const char ARGMAX[] =
    "func.func @main() -> (tensor<%dxf32>, tensor<%dxi32>) {\n"
    "  %%i = stablehlo.iota dim = %d : tensor<%dx%dxi32>\n"
    "  %%m = stablehlo.multiply %%i, %%i : tensor<%dx%dxi32>\n"
    "  %%p = stablehlo.constant dense<997> : tensor<%dx%dxi32>\n"
    "  %%q = stablehlo.remainder %%m, %%p : tensor<%dx%dxi32>\n"
    "  %%x = stablehlo.convert %%q : (tensor<%dx%dxi32>) -> tensor<%dx%dxf32>\n"
    "  %%v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
    "  %%k0 = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %%v, %%k = stablehlo.reduce(%%x init: %%v0), (%%i init: %%k0) across dimensions = [1]\n"
    "    : (tensor<%dx%dxf32>, tensor<%dx%dxi32>, tensor<f32>, tensor<i32>) -> (tensor<%dxf32>, tensor<%dxi32>)\n"
    "   reducer(%%a: tensor<f32>, %%b: tensor<f32>) (%%ai: tensor<i32>, %%bi: tensor<i32>) {\n"
    "    %%gt = stablehlo.compare GT, %%a, %%b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    %%eq = stablehlo.compare EQ, %%a, %%b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    %%lt = stablehlo.compare LT, %%ai, %%bi : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    %%tie = stablehlo.and %%eq, %%lt : tensor<i1>\n"
    "    %%pick = stablehlo.or %%gt, %%tie : tensor<i1>\n"
    "    %%nv = stablehlo.select %%pick, %%a, %%b : tensor<i1>, tensor<f32>\n"
    "    %%ni = stablehlo.select %%pick, %%ai, %%bi : tensor<i1>, tensor<i32>\n"
    "    stablehlo.return %%nv, %%ni : tensor<f32>, tensor<i32>\n"
    "  }\n"
    "  func.return %%v, %%k : tensor<%dxf32>, tensor<%dxi32>\n"
    "}\n";

static void bench_argmax(int rows, int cols, const char *name)
{
    char text[sizeof ARGMAX + 400];
    int n = snprintf(text, sizeof text, ARGMAX, rows, rows, 1, rows, cols, rows, cols, rows, cols, rows,
                     cols, rows, cols, rows, cols, rows, cols, rows, cols, rows, rows, rows, rows);
    double t = n > 0 && (size_t)n < sizeof text ? bench_run_program(text, (size_t)n, NULL) : -1;
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    /* the time includes building the operands (iota, multiply, ...), a few
     * whole-tensor ops, so this is a lower bound of the reduce's own rate */
    bench_report(name, (double)rows * cols, "step", t, (size_t)rows * cols * 8);
}

void bench_reduce(void)
{
    bench_argmax(1024, 1024, "reduce argmax body, 1024 rows of 1024");
    bench_argmax(1, 1 << 20, "reduce argmax body, 1 row of 1M");
}
