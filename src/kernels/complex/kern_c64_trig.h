/* Fast complex<f32> sine, cosine, tanh and tan with exactly the bits of their
 * class-B definitions (SPEC.md 4.0, 9.5.1): the parts converted to binary64,
 * glibc's csin, ccos, ctanh or ctan on complex double, each part rounded once
 * into f32. kern_c64_trig.c says why each lane it keeps is exact; the other
 * lanes are computed by the definition. tools/verify_complexf32.c checks them
 * on every path. */
#ifndef IRRUN_KERN_C64_TRIG_H
#define IRRUN_KERN_C64_TRIG_H

#include <stdint.h>

#include "kernels/math/kern_mathf32.h"

/* Element i of a complex<f32> array is the f32 patterns x[2i] (real part)
 * and x[2i + 1] (imaginary part). r may be x. */
void kern_c64_sin(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_cos(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_tanh(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_tan(const uint32_t *x, uint32_t *r, int64_t n);

/* The same on a chosen path (for the tests and the verifier); returns the
 * number of elements that took the definition, or -1 when the host cannot
 * run the path. */
int64_t kern_c64_sin_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_cos_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_tanh_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_tan_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);

/* The definitions of one element (r[0], r[1] from x[0], x[1]). */
void kern_c64_sin_definition(const uint32_t *x, uint32_t *r);
void kern_c64_cos_definition(const uint32_t *x, uint32_t *r);
void kern_c64_tanh_definition(const uint32_t *x, uint32_t *r);
void kern_c64_tan_definition(const uint32_t *x, uint32_t *r);

#endif
