#include "interp/kern_isa.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static bool detect(void)
{
    const char *forced = getenv("IRRUN_ISA");
    if (forced && strcmp(forced, "generic") == 0)
        return false;
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

/* Decided once per process: kernels ask on every call, region bodies run
 * kernels on single elements millions of times, and getenv scans the whole
 * environment. Threads racing on the first call compute the same answer. */
static atomic_int known = -1;

void kern_isa_recheck(void) { atomic_store_explicit(&known, -1, memory_order_relaxed); }

bool kern_isa_avx2(void)
{
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (v < 0) {
        v = detect();
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v != 0;
}
