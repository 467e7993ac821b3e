/* The definition of each complex op on one element: what the generic loops
 * compute for every complex type, and what the fast complex<f32> kernels of
 * this folder compute for the lanes they do not keep (and are checked
 * against, tools/verify_complexf32.c). Parts are bit patterns of the part
 * format; results are rounded into it part by part (SPEC.md 3.6, 4.0). */
#ifndef IRRUN_KERN_COMPLEX_DEF_H
#define IRRUN_KERN_COMPLEX_DEF_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kernels/math/kern_ops.h"
#include "types/etype.h"
#include "types/fpformat.h"

/* re + i im as a C complex value, without the arithmetic that re + I * im
 * would do on infinities and NaNs. */
static inline double _Complex kern_cmake(double re, double im)
{
    double p[2] = { re, im };
    double _Complex z;
    memcpy(&z, p, sizeof z);
    return z;
}

/* C99 division (ar + i ai) / (br + i bi) in binary64: what GCC and Clang
 * call libgcc's __divdc3 for. */
void kern_cdiv(double ar, double ai, double br, double bi, double *rr, double *ri);

/* REF's cube root of a + ib in binary64, before any rounding (SPEC.md
 * 9.5.1's "Complex cbrt (REF)", not cpow(z, 1/3)). */
void kern_cbrt_ref(double a, double b, double *re, double *im);

/* A unary op on the complex element (xr, xi) of part format f; abs sets
 * only *rr (its result has the part type). quick: f32 parts that are not
 * NaN rounded by the conversion instruction (the same bits; the fast loops
 * use it, the generic loop does not). */
void kern_complex_unary_def(fp_id f, kern_unop op, uint64_t xr, uint64_t xi, uint64_t *rr, uint64_t *ri,
                            bool quick);
/* The same on one complex<f32> element (x[0], x[1]) -> (r[0], r[1]). */
void kern_c64_unary_def(kern_unop op, const uint32_t *x, uint32_t *r);

/* A binary op on complex elements of f64 parts (wide) or f32 parts, by the
 * steps the fast loops take (class-A arithmetic on the FPU, APFloat's NaN
 * rules); false for an op complex types do not have. */
bool kern_complex_binary_def(kern_binop op, bool wide, uint64_t ar, uint64_t ai, uint64_t br, uint64_t bi,
                             uint64_t *rr, uint64_t *ri);
/* The same on one complex<f32> element of a and b into r. */
void kern_c64_binary_def(kern_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r);
/* The same steps with fp_arith on the part format of complex type t, one
 * element at pa, pb into pr: the generic loop's. */
void kern_complex_binary_elem(et_id t, kern_binop op, const void *pa, const void *pb, void *pr);

#endif
