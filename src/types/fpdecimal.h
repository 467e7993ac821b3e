/* Decimal text to an exact value, rounded once into a format (SPEC.md 3.8). */
#ifndef IRRUN_FPDECIMAL_H
#define IRRUN_FPDECIMAL_H

#include "fpformat.h"

/* Reads `[-]digits[.digits][(e|E)[+-]digits]` (at least one digit before or
 * after the point; "1e-3" and "1." are accepted, ".5" too) of any length into
 * a value that is exact up to its sticky bit. Returns 0, or -1 when the text is
 * not such a number. Exponents of any size are accepted (they saturate to
 * zero or infinity far outside every format's range). */
int fp_decimal_value(const char *text, size_t len, fp_value *out);

/* The pattern of format `f` nearest to the decimal text under `mode`; one
 * rounding, never through binary64. Returns 0 or -1 as above. */
int fp_from_decimal(fp_id f, const char *text, size_t len, fp_round mode,
                    uint64_t random, uint64_t *bits);

#endif
