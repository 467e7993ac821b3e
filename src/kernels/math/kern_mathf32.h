/* Fast f32 exponential, log, tanh, sine, cosine, tan, expm1, log1p and cbrt
 * with exactly the bits of the class-B definition (SPEC.md 4.0): the operand in binary64, glibc's binary64
 * function, one rounding into f32. kern_mathf32.c computes an approximation
 * y of the true value with a proven relative error far below f32's
 * resolution and keeps F(y), the rounding of y, only where every value
 * within a band of 2^-40 |y| around y rounds to the same f32: glibc's
 * result lies in that band, so it rounds to F(y) too. Operands where a
 * function is constant (log of a negative, sine of Inf, cbrt of 0, ...) get
 * the definition's result for one representative of their class. The other
 * lanes (about 2^-15 of them, NaNs, and sine, cosine and tan beyond 2^20)
 * are computed by the definition.
 * tools/verify_mathf32.c (`make verify-mathf32`) checks all 2^32 patterns. */
#ifndef IRRUN_KERN_MATHF32_H
#define IRRUN_KERN_MATHF32_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "types/fpformat.h"
#include "util/bitcast.h"

typedef enum {
    KM_EXP,
    KM_LOG,
    KM_TANH,
    KM_SIN,
    KM_COS,
    KM_TAN,
    KM_EXPM1,
    KM_LOG1P,
    KM_CBRT,
    KM_COUNT
} kern_mathf32_fn;

/* The vector paths; KMP_AVX2 runs only where isa_avx2() allows. */
typedef enum { KMP_GENERIC, KMP_AVX2, KMP_COUNT } kern_mathf32_path;

/* r[i] = the class-B result for the f32 pattern x[i], i < n (r may be x). */
void kern_f32_exp(const uint32_t *x, uint32_t *r, int64_t n);
void kern_f32_log(const uint32_t *x, uint32_t *r, int64_t n);
void kern_f32_tanh(const uint32_t *x, uint32_t *r, int64_t n);
void kern_f32_math(kern_mathf32_fn fn, const uint32_t *x, uint32_t *r, int64_t n);

/* glibc's binary64 function that defines fn */
double (*kern_f32_math_libm(kern_mathf32_fn fn))(double);

/* The same on a chosen path (for the tests and the verifier); returns the
 * number of elements that took the definition, or -1 when the host cannot
 * run the path. */
int64_t kern_f32_math_on(kern_mathf32_fn fn, kern_mathf32_path path, const uint32_t *x, uint32_t *r,
                         int64_t n);

/* The approximations y (signed, before the rounding) of a path; NaN where
 * the lane always takes the definition. For the verifier's error report. */
bool kern_f32_math_approx(kern_mathf32_fn fn, kern_mathf32_path path, const uint32_t *x, double *y,
                          int64_t n);

/* The definition of one element, as kern_unary.c's f32 loop computes every
 * class-B op: the library's binary64 result v; a NaN is converted by the
 * rules of SPEC.md 3.6 (fp_from_double), anything else rounded by the FPU. */
static inline uint32_t kern_f32_round_classb(double v)
{
    return v != v ? (uint32_t)fp_from_double(FP_F32, v, FPR_RNE) : f32_to_bits((float)v);
}

static inline uint32_t kern_f32_classb(double (*fn)(double), uint32_t x)
{
    return kern_f32_round_classb(fn((double)bits_to_f32(x)));
}

#endif
