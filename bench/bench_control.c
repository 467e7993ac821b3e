/* Control flow (SPEC.md 9.3): a while loop with a scalar counter, sort with
 * the native comparator and with a general comparator region, and the peak
 * memory of a loop that rewrites a 16 MiB tensor. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "sort/sort.h"
#include "util/mem.h"

static const char COUNTER[] =
    "func.func @main() -> tensor<i64> {\n"
    "  %%i0 = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %%one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %%n = stablehlo.constant dense<%d> : tensor<i64>\n"
    "  %%r = stablehlo.while(%%i = %%i0) : tensor<i64>\n"
    "  cond {\n"
    "    %%c = stablehlo.compare LT, %%i, %%n : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %%c : tensor<i1>\n"
    "  } do {\n"
    "    %%j = stablehlo.add %%i, %%one : tensor<i64>\n"
    "    stablehlo.return %%j : tensor<i64>\n"
    "  }\n"
    "  func.return %%r : tensor<i64>\n"
    "}\n";

static void bench_counter_loop(void)
{
    enum { N = 4000000 };
    char text[sizeof COUNTER + 32];
    int n = snprintf(text, sizeof text, COUNTER, N);
    double t = bench_run_program(text, (size_t)n, NULL);
    if (t < 0) {
        printf("while counter loop: program rejected or failed\n");
        return;
    }
    bench_report("while, scalar counter (4M iterations)", N, "iter", t, (size_t)N * 8);
}

/* A JAX scan: each iteration computes a row and writes it into the carried
 * result with dynamic_update_slice, which updates in place (IR_F_UPDATES)
 * instead of copying the whole result every iteration. */
static const char SCAN[] =
    "func.func @main() -> tensor<%dx%dxf32> {\n"
    "  %%x = stablehlo.iota dim = 1 : tensor<%dx%dxf32>\n"
    "  %%acc0 = stablehlo.constant dense<0.0> : tensor<%dx%dxf32>\n"
    "  %%h0 = stablehlo.constant dense<0.5> : tensor<1x%dxf32>\n"
    "  %%i0 = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %%one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %%n = stablehlo.constant dense<%d> : tensor<i32>\n"
    "  %%zero = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %%r:3 = stablehlo.while(%%i = %%i0, %%h = %%h0, %%acc = %%acc0) : tensor<i32>, tensor<1x%dxf32>, "
    "tensor<%dx%dxf32>\n"
    "  cond {\n"
    "    %%c = stablehlo.compare LT, %%i, %%n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %%c : tensor<i1>\n"
    "  } do {\n"
    "    %%row = stablehlo.dynamic_slice %%x, %%i, %%zero, sizes = [1, %d] : (tensor<%dx%dxf32>, tensor<i32>, "
    "tensor<i32>) -> tensor<1x%dxf32>\n"
    "    %%s = stablehlo.multiply %%row, %%h : tensor<1x%dxf32>\n"
    "    %%t = stablehlo.tanh %%s : tensor<1x%dxf32>\n"
    "    %%acc2 = stablehlo.dynamic_update_slice %%acc, %%t, %%i, %%zero : (tensor<%dx%dxf32>, tensor<1x%dxf32>, "
    "tensor<i32>, tensor<i32>) -> tensor<%dx%dxf32>\n"
    "    %%j = stablehlo.add %%i, %%one : tensor<i32>\n"
    "    stablehlo.return %%j, %%t, %%acc2 : tensor<i32>, tensor<1x%dxf32>, tensor<%dx%dxf32>\n"
    "  }\n"
    "  func.return %%r#2 : tensor<%dx%dxf32>\n"
    "}\n";

static void bench_scan_loop(void)
{
    enum { ROWS = 10000, COLS = 256 };
    char text[sizeof SCAN + 512];
    int n = snprintf(text, sizeof text, SCAN, ROWS, COLS, ROWS, COLS, ROWS, COLS, COLS, ROWS, COLS, ROWS, COLS,
                     COLS, ROWS, COLS, COLS, COLS, COLS, ROWS, COLS, COLS, ROWS, COLS, COLS, ROWS, COLS, ROWS, COLS);
    double t = bench_run_program(text, (size_t)n, NULL);
    if (t < 0) {
        printf("while scan: program rejected or failed\n");
        return;
    }
    bench_report("while, scan of 10000 rows into 10000x256 f32", ROWS, "iter", t, (size_t)ROWS * COLS * 4);
}

/* The keys: a deterministic pseudo-random f32 permutation-like sequence. */
static const char SORT[] =
    "func.func @main() -> tensor<%dxf32> {\n"
    "  %%i = stablehlo.iota dim = 0 : tensor<%dxi32>\n"
    "  %%m = stablehlo.constant dense<1103515245> : tensor<%dxi32>\n"
    "  %%h = stablehlo.multiply %%i, %%m : tensor<%dxi32>\n"
    "  %%x = stablehlo.convert %%h : (tensor<%dxi32>) -> tensor<%dxf32>\n"
    "  %%s = \"stablehlo.sort\"(%%x) ({\n"
    "  ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n"
    "%s"
    "  }) {dimension = 0 : i64, is_stable = %s} : (tensor<%dxf32>) -> tensor<%dxf32>\n"
    "  func.return %%s : tensor<%dxf32>\n"
    "}\n";

static const char NATIVE_BODY[] =
    "    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n";
/* the same order, but not a single compare: runs the region per call */
static const char GENERAL_BODY[] =
    "    %na = stablehlo.negate %a : tensor<f32>\n"
    "    %nb = stablehlo.negate %b : tensor<f32>\n"
    "    %p = stablehlo.compare GT, %na, %nb, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n";

typedef struct {
    const float *keys;
    int64_t calls;
} counting;

static int count_less(void *ctx, int64_t p, int64_t q, bool *out)
{
    counting *c = ctx;
    c->calls++;
    *out = c->keys[p] < c->keys[q];
    return 0;
}

/* The comparator calls the engine makes on those keys (the same sequence
 * whatever runs the comparator). */
static int64_t comparator_calls(int n, bool stable)
{
    float *keys = mem_alloc((size_t)n * sizeof *keys);
    int64_t *perm = mem_alloc((size_t)n * sizeof *perm);
    counting c = { keys, 0 };
    if (keys && perm) {
        for (int i = 0; i < n; i++) {
            keys[i] = (float)(int32_t)((uint32_t)i * 1103515245u);
            perm[i] = i;
        }
        if (sort_positions(perm, n, stable, count_less, &c, NULL) != 0)
            c.calls = -1;
    }
    mem_free(keys);
    mem_free(perm);
    return c.calls;
}

static void bench_sort(int n, const char *body, bool stable, const char *name, bool per_call)
{
    size_t len = sizeof SORT + 512 + 400;
    char *text = mem_alloc(len);
    if (!text)
        return;
    int k = snprintf(text, len, SORT, n, n, n, n, n, n, body, stable ? "true" : "false", n, n, n);
    double t = k > 0 && (size_t)k < len ? bench_run_program(text, (size_t)k, NULL) : -1;
    mem_free(text);
    if (t < 0) {
        printf("%s: program rejected or failed\n", name);
        return;
    }
    if (per_call) {
        int64_t calls = comparator_calls(n, stable);
        bench_report(name, (double)calls, "call", t, (size_t)n * 4);
    } else {
        printf("%-44s %10.3f s for %d elements\n", name, t, n);
        bench_report(name, n, "elem", t, (size_t)n * 4);
    }
}

static const char REWRITE[] =
    "func.func @main() -> tensor<%dxf32> {\n"
    "  %%x0 = stablehlo.iota dim = 0 : tensor<%dxf32>\n"
    "  %%i0 = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %%one = stablehlo.constant dense<1> : tensor<i64>\n"
    "  %%n = stablehlo.constant dense<%d> : tensor<i64>\n"
    "  %%r:2 = stablehlo.while(%%i = %%i0, %%x = %%x0) : tensor<i64>, tensor<%dxf32>\n"
    "  cond {\n"
    "    %%c = stablehlo.compare LT, %%i, %%n : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %%c : tensor<i1>\n"
    "  } do {\n"
    "    %%j = stablehlo.add %%i, %%one : tensor<i64>\n"
    "    %%y = stablehlo.add %%x, %%x : tensor<%dxf32>\n"
    "    stablehlo.return %%j, %%y : tensor<i64>, tensor<%dxf32>\n"
    "  }\n"
    "  func.return %%r#1 : tensor<%dxf32>\n"
    "}\n";

static void bench_loop_memory(void)
{
    enum { ELEMS = 4 << 20, ITERS = 1000 };
    char text[sizeof REWRITE + 128];
    int n = snprintf(text, sizeof text, REWRITE, ELEMS, ELEMS, ITERS, ELEMS, ELEMS, ELEMS, ELEMS);
    size_t peak = 0;
    double t = bench_run_program(text, (size_t)n, &peak);
    if (t < 0) {
        printf("while memory: program rejected or failed\n");
        return;
    }
    double mib = 1024.0 * 1024.0, live = ELEMS * 4.0 / mib, bound = 2 * live + 16;
    printf("%-44s peak %.1f MiB, live set %.1f MiB, bound %.1f MiB: %s\n", "memory: while rewriting 16 MiB 1000x",
           (double)peak / mib, live, bound, (double)peak / mib <= bound ? "ok" : "ABOVE BOUND");
    /* per iteration, so the memcpy it is compared with is one of 16 MiB */
    bench_report("while body x + x on 16 MiB f32, per iteration", ELEMS, "elem", t / ITERS, (size_t)ELEMS * 4);
}

/* A loop that scatters one update per iteration through a general body:
 * the per-op cost of ordered combining on tiny inputs (its scratch is
 * sized by the updates, not by its block). */
static const char SCATTER_LOOP[] =
    "func.func @main() -> tensor<64xf32> {\n"
    "  %x0 = stablehlo.constant dense<0.0> : tensor<64xf32>\n"
    "  %i0 = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %n = stablehlo.constant dense<100000> : tensor<i32>\n"
    "  %m = stablehlo.constant dense<64> : tensor<i32>\n"
    "  %u = stablehlo.constant dense<1.5> : tensor<1xf32>\n"
    "  %r:2 = stablehlo.while(%i = %i0, %x = %x0) : tensor<i32>, tensor<64xf32>\n"
    "  cond {\n"
    "    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %k = stablehlo.remainder %i, %m : tensor<i32>\n"
    "    %idx = stablehlo.reshape %k : (tensor<i32>) -> tensor<1x1xi32>\n"
    "    %y = \"stablehlo.scatter\"(%x, %idx, %u) ({\n"
    "    ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
    "      %mx = stablehlo.maximum %a, %b : tensor<f32>\n"
    "      %s = stablehlo.add %mx, %b : tensor<f32>\n"
    "      stablehlo.return %s : tensor<f32>\n"
    "    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], "
    "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<64xf32>, tensor<1x1xi32>, tensor<1xf32>) "
    "-> tensor<64xf32>\n"
    "    %j = stablehlo.add %i, %one : tensor<i32>\n"
    "    stablehlo.return %j, %y : tensor<i32>, tensor<64xf32>\n"
    "  }\n"
    "  func.return %r#1 : tensor<64xf32>\n"
    "}\n";

static void bench_scatter_loop(void)
{
    double t = bench_run_program(SCATTER_LOOP, sizeof SCATTER_LOOP - 1, NULL);
    if (t < 0) {
        printf("while scatter: program rejected or failed\n");
        return;
    }
    bench_report("while, a general-body scatter of 1 update", 100000, "iter", t, 64 * 4);
}

void bench_control(void)
{
    bench_counter_loop();
    bench_scan_loop();
    bench_scatter_loop();
    bench_sort(1 << 20, NATIVE_BODY, false, "sort 1M f32, native comparator", false);
    bench_sort(1 << 20, NATIVE_BODY, true, "sort 1M f32 stable, native comparator", false);
    bench_sort(1 << 16, GENERAL_BODY, false, "sort 64K f32, comparator region", true);
    bench_loop_memory();
}
