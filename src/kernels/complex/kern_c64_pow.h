/* Fast complex<f32> cube root and power with exactly the bits of their
 * definitions: the cube root by SPEC.md 9.5.1's "Complex cbrt (REF)" (in
 * binary64 on the parts (a, b): theta = atan2(b, a) / 3, rho =
 * pow(pow(a, 2) + pow(b, 2), 1.0 / 6.0), (rho cos theta, rho sin theta)),
 * the power by class B (glibc's cpow on the parts converted to binary64);
 * each part rounded once into f32. kern_c64_pow.c says why each lane it
 * keeps is exact; the other lanes are computed by the definition.
 * tools/verify_complexf32.c checks billions of operands on every path. */
#ifndef IRRUN_KERN_C64_POW_H
#define IRRUN_KERN_C64_POW_H

#include <stdint.h>

#include "kernels/math/kern_mathf32.h"

/* Element i of a complex<f32> array is the f32 patterns x[2i] (real part)
 * and x[2i + 1] (imaginary part); kern_c64_pow raises a[i] to the power
 * b[i]. r may be an operand. */
void kern_c64_cbrt(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_pow(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);

/* The same on a chosen path (kern_mathf32.h's paths, for the tests and the
 * verifier); returns the number of elements that took the definition, or
 * -1 when the host cannot run the path. */
int64_t kern_c64_cbrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_pow_on(kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);


/* The definition of one complex<f32> element. */
void kern_c64_cbrt_definition(const uint32_t *x, uint32_t *r);
void kern_c64_pow_definition(const uint32_t *a, const uint32_t *b, uint32_t *r);

#endif
