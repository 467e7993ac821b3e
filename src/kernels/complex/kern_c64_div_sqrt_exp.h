/* Fast complex<f32> division, square root and exponential with exactly the bits of their
 * class-B definitions (SPEC.md 4.7, 4.13, 4.15): the parts converted to binary64,
 * C99 division (libgcc's __divdc3), glibc's csqrt or cexp on complex double, each
 * part rounded once into f32. kern_c64_div_sqrt_exp.c says why each lane it keeps
 * is exact; the other lanes are computed by the definition.
 * tools/verify_complexf32.c (`make verify-complexf32`) checks billions of
 * operands on every path. */
#ifndef IRRUN_KERN_C64_DIV_SQRT_EXP_H
#define IRRUN_KERN_C64_DIV_SQRT_EXP_H

#include <stdint.h>

#include "kernels/math/kern_ops.h"
#include "kernels/math/kern_mathf32.h"

/* Element i of a complex<f32> array is the f32 patterns x[2i] (real part)
 * and x[2i + 1] (imaginary part). r may be an operand. */
void kern_c64_div(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_c64_sqrt(const uint32_t *x, uint32_t *r, int64_t n);
void kern_c64_exp(const uint32_t *x, uint32_t *r, int64_t n);

/* SPEC.md 9.5.1's complex atan2(y[i], x[i]) (kern_binary.c's part_catan2
 * steps; its square root and division by the loops above, its log by
 * kern_c64_log.h's). r may be y or x. */
void kern_c64_atan2(const uint32_t *y, const uint32_t *x, uint32_t *r, int64_t n);

/* The same on a chosen path (kern_mathf32.h's paths, for the tests and the
 * verifier); returns the number of elements that took the definition, or
 * -1 when the host cannot run the path. */
int64_t kern_c64_div_on(kern_mathf32_path path, const uint32_t *a, const uint32_t *b, uint32_t *r,
                        int64_t n);
int64_t kern_c64_sqrt_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_exp_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
/* complex atan2 on a path: returns the number of its square roots,
 * divisions and logs that took their definitions */
int64_t kern_c64_atan2_on(kern_mathf32_path path, const uint32_t *y, const uint32_t *x, uint32_t *r,
                          int64_t n);


/* The definitions of one element (r[0], r[1] from a[0], a[1] ...). */
void kern_c64_div_definition(const uint32_t *a, const uint32_t *b, uint32_t *r);
void kern_c64_sqrt_definition(const uint32_t *x, uint32_t *r);
void kern_c64_exp_definition(const uint32_t *x, uint32_t *r);
void kern_c64_atan2_definition(const uint32_t *y, const uint32_t *x, uint32_t *r);

#endif
