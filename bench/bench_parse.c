/* Front-end speed: parse + check of ~10 MB of decimal dense literals and of
 * ~10 MB of hex blob literals, generated in memory (targets: 30 MB/s and
 * 100 MB/s). */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "check/check.h"
#include "ir/ir.h"
#include "util/mem.h"

enum { TARGET_BYTES = 10 * 1000 * 1000, ELEMS_PER_CONST = 4096 };

/* A function of constants of tensor<4096xf32>, as many as fit the target
 * size; decimal (MLIR-printed style) or hex blob bodies. */
static char *make_program(bool hex, size_t *len)
{
    size_t cap = TARGET_BYTES + (1 << 20), n = 0;
    char *buf = mem_alloc(cap);
    if (!buf)
        return NULL;
    n += (size_t)sprintf(buf + n, "func.func @bench() {\n");
    unsigned seed = 12345;
    for (int c = 0; n < TARGET_BYTES; c++) {
        n += (size_t)sprintf(buf + n, "  %%c%d = stablehlo.constant dense<%s", c, hex ? "\"0x" : "[");
        for (int i = 0; i < ELEMS_PER_CONST; i++) {
            seed = seed * 1103515245u + 12345u;
            if (hex) {
                n += (size_t)sprintf(buf + n, "%08X", seed & 0x7F7FFFFFu);
            } else {
                int mant = (int)(seed >> 8) % 9000000 + 1000000;
                int ex = (int)(seed % 20) - 10;
                n += (size_t)sprintf(buf + n, "%s%d.%06de%+03d", i ? ", " : "", mant / 1000000, mant % 1000000, ex);
            }
        }
        n += (size_t)sprintf(buf + n, "%s> : tensor<%dxf32>\n", hex ? "\"" : "]", ELEMS_PER_CONST);
    }
    n += (size_t)sprintf(buf + n, "  func.return\n}\n");
    *len = n;
    return buf;
}

static void run(const char *name, bool hex)
{
    size_t len;
    char *text = make_program(hex, &len);
    if (!text) {
        printf("%s: out of memory\n", name);
        return;
    }
    diag_source src = { .name = "bench", .text = text, .len = len };
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        double t = bench_now();
        ir_module *m = ir_parse(&src, 0, len, 1);
        int ok = m && check_module(m, &src) == 0;
        t = bench_now() - t;
        ir_module_free(m);
        if (!ok) {
            printf("%s: parse failed\n", name);
            mem_free(text);
            return;
        }
        if (t < best)
            best = t;
    }
    bench_report(name, (double)len / 1e6, "MB", best, len);
    mem_free(text);
}

void bench_parse(void)
{
    run("parse+check decimal f32 literals (10 MB)", false);
    run("parse+check hex blob f32 literals (10 MB)", true);
}
