#define _POSIX_C_SOURCE 200809L
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

int main(void)
{
    printf("ratio = time of the kernel / time of memcpy of the same input bytes, same run\n");
    bench_formats();
    bench_parse();
    bench_interp();
    bench_reduce();
    bench_control();
    bench_index();
    bench_numerics();
    bench_math();
    bench_conv();
    bench_collective();
    bench_memory();
    return 0;
}
