#include "interp/kern_isa.h"

#include <stdlib.h>
#include <string.h>

bool kern_isa_avx2(void)
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
