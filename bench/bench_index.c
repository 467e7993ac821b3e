/* Gather and scatter (SPEC.md 9.4) on f8E4M3FN: the JAX shapes of
 * `x.at[i].add(rows)` (whole rows per index) and of scalar updates (one
 * element per index, many repeated), with an add, a replace and a general
 * body, and the gather of rows. */
#include <stdio.h>

#include "bench.h"
#include "util/mem.h"

static const char SCATTER[] =
    "func.func @main() -> tensor<%dx%dxf8E4M3FN> {\n"
    "  %%x = stablehlo.constant dense<1.0> : tensor<%dx%dxf8E4M3FN>\n"
    "  %%k = stablehlo.iota dim = 0 : tensor<%dx1xi32>\n"
    "  %%m = stablehlo.constant dense<%d> : tensor<%dx1xi32>\n"
    "  %%p = stablehlo.constant dense<7919> : tensor<%dx1xi32>\n"
    "  %%q = stablehlo.multiply %%k, %%p : tensor<%dx1xi32>\n"
    "  %%i = stablehlo.remainder %%q, %%m : tensor<%dx1xi32>\n"
    "  %%u = stablehlo.constant dense<0.5> : tensor<%dx%dxf8E4M3FN>\n"
    "  %%r = \"stablehlo.scatter\"(%%x, %%i, %%u) ({\n"
    "  ^bb0(%%a: tensor<f8E4M3FN>, %%b: tensor<f8E4M3FN>):\n"
    "%s"
    "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
    "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<%dx%dxf8E4M3FN>, tensor<%dx1xi32>, "
    "tensor<%dx%dxf8E4M3FN>) -> tensor<%dx%dxf8E4M3FN>\n"
    "  func.return %%r : tensor<%dx%dxf8E4M3FN>\n"
    "}\n";

static const char ADD[] = "    %s = stablehlo.add %a, %b : tensor<f8E4M3FN>\n    stablehlo.return %s : tensor<f8E4M3FN>\n";
static const char REPLACE[] = "    stablehlo.return %b : tensor<f8E4M3FN>\n";
static const char GENERAL[] = "    %mx = stablehlo.maximum %a, %b : tensor<f8E4M3FN>\n"
                              "    %s = stablehlo.add %mx, %b : tensor<f8E4M3FN>\n"
                              "    stablehlo.return %s : tensor<f8E4M3FN>\n";

/* rows x cols input; nidx updates of `width` elements each */
static void bench_scatter(int rows, int cols, int nidx, const char *body, const char *name)
{
    size_t len = sizeof SCATTER + 1024;
    char *text = mem_alloc(len);
    if (!text)
        return;
    int w = cols;
    int n = snprintf(text, len, SCATTER, rows, cols, rows, cols, nidx, rows, nidx, nidx, nidx, nidx, nidx, w, body,
                     rows, cols, nidx, nidx, w, rows, cols, rows, cols);
    double t = n > 0 && (size_t)n < len ? bench_run_program(text, (size_t)n, NULL) : -1;
    mem_free(text);
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    /* includes building the operands: a lower bound of the scatter's rate */
    bench_report(name, (double)nidx * w, "upd", t, (size_t)nidx * w);
}

static const char GATHER[] =
    "func.func @main() -> tensor<%dx%dxf8E4M3FN> {\n"
    "  %%x = stablehlo.constant dense<1.0> : tensor<%dx%dxf8E4M3FN>\n"
    "  %%k = stablehlo.iota dim = 0 : tensor<%dx1xi32>\n"
    "  %%p = stablehlo.constant dense<7919> : tensor<%dx1xi32>\n"
    "  %%m = stablehlo.constant dense<%d> : tensor<%dx1xi32>\n"
    "  %%q = stablehlo.multiply %%k, %%p : tensor<%dx1xi32>\n"
    "  %%i = stablehlo.remainder %%q, %%m : tensor<%dx1xi32>\n"
    "  %%r = \"stablehlo.gather\"(%%x, %%i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], "
    "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, %d>} : "
    "(tensor<%dx%dxf8E4M3FN>, tensor<%dx1xi32>) -> tensor<%dx%dxf8E4M3FN>\n"
    "  func.return %%r : tensor<%dx%dxf8E4M3FN>\n"
    "}\n";

static void bench_gather(int rows, int cols, int nidx, const char *name)
{
    char text[sizeof GATHER + 512];
    int n = snprintf(text, sizeof text, GATHER, nidx, cols, rows, cols, nidx, nidx, rows, nidx, nidx, nidx, cols,
                     rows, cols, nidx, nidx, cols, nidx, cols);
    double t = n > 0 && (size_t)n < sizeof text ? bench_run_program(text, (size_t)n, NULL) : -1;
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    bench_report(name, (double)nidx * cols, "elem", t, (size_t)nidx * cols);
}

static const char POOL[] =
    "func.func @main() -> tensor<1x127x127x64xf8E4M3FN> {\n"
    "  %%x = stablehlo.constant dense<1.0> : tensor<1x256x256x64xf8E4M3FN>\n"
    "  %%z = stablehlo.constant dense<%s> : tensor<f8E4M3FN>\n"
    "  %%r = \"stablehlo.reduce_window\"(%%x, %%z) ({\n"
    "  ^bb0(%%a: tensor<f8E4M3FN>, %%b: tensor<f8E4M3FN>):\n"
    "    %%m = stablehlo.%s %%a, %%b : tensor<f8E4M3FN>\n"
    "    stablehlo.return %%m : tensor<f8E4M3FN>\n"
    "  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>} : "
    "(tensor<1x256x256x64xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<1x127x127x64xf8E4M3FN>\n"
    "  func.return %%r : tensor<1x127x127x64xf8E4M3FN>\n"
    "}\n";

static void bench_pool(const char *op, const char *init, const char *name)
{
    char text[sizeof POOL + 64];
    int n = snprintf(text, sizeof text, POOL, init, op);
    double t = n > 0 && (size_t)n < sizeof text ? bench_run_program(text, (size_t)n, NULL) : -1;
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    double windows = 127.0 * 127 * 64;
    bench_report(name, windows * 9, "win-elem", t, (size_t)windows * 9);
}

/* The max-pool gradient JAX writes: the select body GE, the scatter body
 * add, 2x2 windows of stride 2; the operand varies so selections differ. */
static const char SELECT_SCATTER[] =
    "func.func @main() -> tensor<1x256x256x64xf32> {\n"
    "  %%i = stablehlo.iota dim = 2 : tensor<1x256x256x64xf32>\n"
    "  %%j = stablehlo.iota dim = 3 : tensor<1x256x256x64xf32>\n"
    "  %%x = stablehlo.%s %%i, %%j : tensor<1x256x256x64xf32>\n"
    "  %%s = stablehlo.constant dense<1.0> : tensor<1x128x128x64xf32>\n"
    "  %%z = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %%r = \"stablehlo.select_and_scatter\"(%%x, %%s, %%z) ({\n"
    "  ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n"
    "    %%c = stablehlo.compare GE, %%a, %%b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    stablehlo.return %%c : tensor<i1>\n"
    "  }, {\n"
    "  ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n"
    "    %%m = stablehlo.add %%a, %%b : tensor<f32>\n"
    "    stablehlo.return %%m : tensor<f32>\n"
    "  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : "
    "(tensor<1x256x256x64xf32>, tensor<1x128x128x64xf32>, tensor<f32>) -> tensor<1x256x256x64xf32>\n"
    "  func.return %%r : tensor<1x256x256x64xf32>\n"
    "}\n";

static void bench_select_and_scatter(const char *mix, const char *name)
{
    char text[sizeof SELECT_SCATTER + 64];
    int n = snprintf(text, sizeof text, SELECT_SCATTER, mix);
    double t = n > 0 && (size_t)n < sizeof text ? bench_run_program(text, (size_t)n, NULL) : -1;
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    double elems = 256.0 * 256 * 64;
    bench_report(name, elems, "win-elem", t, (size_t)elems * 4);
}

void bench_index(void)
{
    bench_pool("maximum", "-448.0", "reduce_window max 3x3/2, 1x256x256x64 f8");
    bench_pool("add", "0.0", "reduce_window add 3x3/2, 1x256x256x64 f8");
    bench_select_and_scatter("subtract", "select_and_scatter GE/add 2x2/2, 1x256x256x64 f32");
    bench_gather(1024, 1024, 1024, "gather, 1024 rows of 1024 f8");
    bench_gather(4096, 1, 1 << 20, "gather, 1M scalars from 4096 f8");
    bench_scatter(1024, 1024, 1024, ADD, "scatter add, 1024 rows of 1024 f8");
    bench_scatter(1024, 1024, 1024, REPLACE, "scatter replace, 1024 rows of 1024 f8");
    bench_scatter(1024, 1024, 1024, GENERAL, "scatter general body, 1024 rows of 1024 f8");
    bench_scatter(4096, 1, 1 << 20, ADD, "scatter add, 1M scalar updates into 4096 f8");
    bench_scatter(4096, 1, 1 << 20, GENERAL, "scatter general, 1M scalar updates f8");
}
