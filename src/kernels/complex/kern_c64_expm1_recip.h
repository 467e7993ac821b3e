/* Fast complex<f32> exponential_minus_one, logistic and rsqrt with exactly
 * the bits of their definitions (SPEC.md 9.5.1, 4.18, 4.14; kern_unary.c's
 * complex_elem_q): the unary ops whose definitions take further steps after
 * glibc's cexp or csqrt (a subtraction of 1, class-A sums and a C99
 * division, a C99 division). kern_c64_expm1_recip.c says why each lane it keeps
 * is exact; the other lanes are computed by the definition.
 * tools/verify_complexf32.c checks them with the other complex<f32>
 * kernels. */
#ifndef IRRUN_KERN_C64_EXPM1_RECIP_H
#define IRRUN_KERN_C64_EXPM1_RECIP_H

#include <stdint.h>

#include "kernels/math/kern_mathf32.h"

/* Element i of a complex<f32> array is the f32 patterns x[2i] (real part)
 * and x[2i + 1] (imaginary part). r may be x. */
void kern_c64_expm1(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_logistic(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_rsqrt(const uint32_t *x, uint32_t *r, int64_t n);

/* The same on a chosen path (kern_mathf32.h's paths, for the tests and the
 * verifier); returns the number of elements that took the definition, or
 * -1 when the host cannot run the path. */
int64_t kern_c64_expm1_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_logistic_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_rsqrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);

/* The definitions of one element (r[0], r[1] from x[0], x[1]) */
void kern_c64_expm1_definition(const uint32_t *x, uint32_t *r);
void kern_c64_logistic_definition(const uint32_t *x, uint32_t *r);
void kern_c64_rsqrt_definition(const uint32_t *x, uint32_t *r);

#endif
