/* The definition of each unary op on one pattern of a float format: what
 * every float loop of kern_unary.c follows, the table builder for formats
 * of 16 bits or fewer, the generic loop and the fast class-B libraries of
 * this folder (kern_recip.c) fall back on. */
#ifndef IRRUN_KERN_FLOAT_DEF_H
#define IRRUN_KERN_FLOAT_DEF_H

#include <stdint.h>

#include "kernels/math/kern_ops.h"
#include "types/fpformat.h"

/* op on the pattern x of format f (a float op: kern_unop_applies); x itself
 * for an op floats do not have. */
uint64_t kern_float_unary_def(fp_id f, kern_unop op, uint64_t x);

/* glibc's binary64 function of a class-B op (sqrt, exp, log, tanh, sin,
 * cos, tan, cbrt, expm1, log1p; rsqrt as two roundings, 1 / sqrt(x), as
 * REF), NULL for the other ops. */
typedef double (*kern_mathfn)(double);
kern_mathfn kern_float_libm(kern_unop op);

#endif
