#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "util/mem.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_memcpy_seconds(size_t bytes)
{
    char *a = mem_alloc(bytes), *b = mem_alloc(bytes);
    double best = 1e30;
    if (!a || !b) {
        mem_free(a);
        mem_free(b);
        return 0;
    }
    memset(a, 1, bytes);
    memset(b, 2, bytes);
    for (int r = 0; r < 5; r++) {
        double t = bench_now();
        memcpy(b, a, bytes);
        t = bench_now() - t;
        /* read the copy so the compiler keeps it */
        if (b[bytes / 2] != 1)
            abort();
        if (t < best)
            best = t;
    }
    mem_free(a);
    mem_free(b);
    return best;
}

void bench_report(const char *name, double units, const char *unit, double seconds, size_t bytes)
{
    double copy = bench_memcpy_seconds(bytes);
    printf("%-44s %10.3g %s/s   memcpy(%zu B) ratio %.2fx\n", name, units / seconds, unit, bytes,
           copy > 0 ? seconds / copy : 0.0);
    fflush(stdout);
}

/* `bench [SECTION...]` runs the named sections only (make bench: all). */
int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*run)(void);
    } sections[] = {
        { "formats", bench_formats }, { "parse", bench_parse },     { "interp", bench_interp },
        { "reduce", bench_reduce },   { "control", bench_control }, { "index", bench_index },
        { "numerics", bench_numerics }, { "math", bench_math },     { "conv", bench_conv },
        { "dot", bench_dot },         { "collective", bench_collective }, { "memory", bench_memory },
        { "table", bench_table },     { "quant", bench_quant },     { "chlo", bench_chlo },
        { "models", bench_models },   { "libm", bench_math_libm }, /* issue 38 */
    };
    printf("ratio = time of the kernel / time of memcpy of the same input bytes, same run\n");
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        bool wanted = argc < 2;
        for (int a = 1; a < argc && !wanted; a++)
            wanted = strcmp(argv[a], sections[s].name) == 0;
        if (wanted)
            sections[s].run();
    }
    return 0;
}
