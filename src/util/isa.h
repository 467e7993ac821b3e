/* The host's vector instruction set, chosen at run time (docs/threads.md,
 * "Vector paths"). Every vectorised kernel has a portable C loop that gives
 * the same bits; IRRUN_ISA=generic in the environment forces the portable
 * loops, so that tests run both. */
#ifndef IRRUN_ISA_H
#define IRRUN_ISA_H

#include <stdbool.h>

/* AVX2 with FMA is present and not turned off by IRRUN_ISA=generic. */
bool isa_avx2(void);

/* isa_avx2() holds and the host has F16C too. */
bool isa_avx2_f16c(void);

/* Reads IRRUN_ISA again at the next isa_avx2 (the answer is kept per
 * process): for tests that change it within one process. */
void isa_recheck(void);

#endif
