#include "util/isa.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

enum { ISA_AVX2 = 1, ISA_F16C = 2 };

static int detect(void)
{
    const char *forced = getenv("IRRUN_ISA");
    if (forced && strcmp(forced, "generic") == 0)
        return 0;
#if defined(__x86_64__) || defined(__i386__)
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")))
        return 0;
    /* CPUID leaf 1, ECX bit 29: clang's __builtin_cpu_supports does not
     * know "f16c" */
    unsigned a, b, c, d;
    return ISA_AVX2 | (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C) ? ISA_F16C : 0);
#else
    return 0;
#endif
}

/* Decided once per process: kernels ask on every call, region bodies run
 * kernels on single elements millions of times, getenv scans the whole
 * environment, and CPUID traps to the hypervisor in a virtual machine
 * (about 2 us each, measured: it made a scalar while loop 10x slower).
 * Threads racing on the first call compute the same answer. */
static atomic_int known = -1;

static int isa(void)
{
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (v < 0) {
        v = detect();
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v;
}

void isa_recheck(void) { atomic_store_explicit(&known, -1, memory_order_relaxed); }

bool isa_avx2(void) { return (isa() & ISA_AVX2) != 0; }

bool isa_avx2_f16c(void) { return (isa() & ISA_F16C) != 0; }
