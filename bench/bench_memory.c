/* Peak memory of a chain of element-wise ops on 16 MiB tensors: each value
 * must be freed after its last use, so the peak stays under twice the
 * largest live set plus 16 MiB (issue 4). Measured with the allocator's own
 * byte accounting, which sees every tensor. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "util/mem.h"

enum { ELEMS = 4 << 20, CHAIN = 24 };

/* The add of a 4M-element i32 iota and a splat constant: the constant is
 * one element in the module and at run time, the add writes over the iota
 * (issue 16: peak below 40 MiB; 16 MiB is the one live tensor). */
static void splat_add(void)
{
    char text[512];
    int n = snprintf(text, sizeof text,
                     "func.func @main() -> tensor<%dxi32> {\n"
                     "  %%i = stablehlo.iota dim = 0 : tensor<%dxi32>\n"
                     "  %%c = stablehlo.constant dense<7> : tensor<%dxi32>\n"
                     "  %%r = stablehlo.add %%i, %%c : tensor<%dxi32>\n"
                     "  func.return %%r : tensor<%dxi32>\n}\n",
                     ELEMS, ELEMS, ELEMS, ELEMS, ELEMS);
    size_t peak_bytes = 0;
    double t = bench_run_program(text, (size_t)n, &peak_bytes);
    if (t < 0) {
        printf("memory splat add: program rejected or failed\n");
        return;
    }
    double peak = (double)peak_bytes / (1024.0 * 1024.0);
    printf("%-44s peak %.1f MiB (parse included), target below 40 MiB: %s\n",
           "memory: iota + splat constant, 4M i32", peak, peak < 40 ? "ok" : "ABOVE TARGET");
}

void bench_memory(void)
{
    splat_add();
    char *text = mem_alloc(64 * CHAIN + 512);
    if (!text)
        return;
    size_t n = (size_t)sprintf(text, "func.func @main() -> tensor<%dxf32> {\n"
                                     "  %%v0 = stablehlo.iota dim = 0 : tensor<%dxf32>\n", ELEMS, ELEMS);
    static const char *const ops[] = { "add", "multiply", "subtract", "maximum" };
    for (int i = 1; i <= CHAIN; i++)
        n += (size_t)sprintf(text + n, "  %%v%d = stablehlo.%s %%v%d, %%v%d : tensor<%dxf32>\n", i,
                             ops[i % 4], i - 1, i - 1, ELEMS);
    n += (size_t)sprintf(text + n, "  func.return %%v%d : tensor<%dxf32>\n}\n", CHAIN, ELEMS);
    size_t peak_bytes = 0;
    double t = bench_run_program(text, n, &peak_bytes);
    if (t < 0) {
        printf("memory chain: program rejected or failed\n");
        mem_free(text);
        return;
    }
    double mib = 1024.0 * 1024.0;
    double tensor_mib = (double)ELEMS * 4 / mib;
    double peak = (double)peak_bytes / mib;
    /* at each op the live set is the operand and the result */
    double live = 2 * tensor_mib, bound = 2 * live + 16;
    printf("%-44s peak %.1f MiB, largest live set %.1f MiB, bound %.1f MiB: %s\n",
           "memory: chain of 24 ops on 16 MiB f32", peak, live, bound, peak <= bound ? "ok" : "ABOVE BOUND");
    bench_report("chain of 24 f32 element-wise ops (4M elem each)", (double)ELEMS * CHAIN, "elem", t,
                 (size_t)ELEMS * 4 * CHAIN);
    mem_free(text);
}
