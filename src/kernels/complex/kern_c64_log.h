/* Fast complex<f32> log and log_plus_one with exactly the bits of its class-B definition
 * (SPEC.md 4.0, 9.5.1): the parts converted to binary64, glibc's clog on
 * complex double, each part rounded once into f32. kern_c64_log.c says why
 * each lane it keeps is exact; the other lanes are computed by the
 * definition. tools/verify_complexf32.c (`make verify-complexf32`) checks
 * billions of operands on every path. */
#ifndef IRRUN_KERN_C64_LOG_H
#define IRRUN_KERN_C64_LOG_H

#include <stdint.h>

#include "kernels/math/kern_mathf32.h"

/* Element i of a complex<f32> array is the f32 patterns x[2i] (real part)
 * and x[2i + 1] (imaginary part). r may be x. */
void kern_c64_log(const uint32_t *x, uint32_t *r, int64_t n);
/* log_plus_one (SPEC.md 9.5.1): clog of (x + 1, y + 0) in binary64 */
void kern_c64_log_plus_one(const uint32_t *x, uint32_t *r, int64_t n);

/* The same on a chosen path (kern_mathf32.h's paths, for the tests and the
 * verifier); returns the number of elements that took the definition, or
 * -1 when the host cannot run the path. */
int64_t kern_c64_log_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);
int64_t kern_c64_log_plus_one_on(kern_mathf32_path path, const uint32_t *x, uint32_t *r, int64_t n);

/* The definition of one element (r[0], r[1] from x[0], x[1]). */
void kern_c64_log_definition(const uint32_t *x, uint32_t *r);
void kern_c64_log_plus_one_definition(const uint32_t *x, uint32_t *r);

#endif
