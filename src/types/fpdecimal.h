/* Decimal text to an exact value, rounded once into a format (SPEC.md 3.8). */
#ifndef IRRUN_FPDECIMAL_H
#define IRRUN_FPDECIMAL_H

#include "fpformat.h"

/* Reads `[-]digits[.digits][(e|E)[+-]digits]` (at least one digit before or
 * after the point; "1e-3" and "1." are accepted, ".5" too) of any length into
 * a value that is exact up to its sticky bit (the 64 leading bits of the
 * magnitude and a sticky bit for anything below, whatever the number of
 * digits). Returns 0, or -1 when the text is not such a number. Zero digits
 * give FPC_ZERO with the sign. Exponents and digit counts of any size are
 * accepted without allocating: magnitudes of 10^331 or more or below 10^-360 come
 * back as the stand-ins 2^4000 and 2^-4000 (finite, sticky), which every
 * format rounds in every mode exactly as the true value (overflow, or
 * underflow far below the smallest quantum). */
int fp_decimal_value(const char *text, size_t len, fp_value *out);

/* The pattern of format `f` nearest to the decimal text under `mode`; one
 * rounding of the exact value, never a double rounding through binary64 (a
 * binary64 fast path is taken only where it provably gives the same pattern,
 * see fpdecimal.c). Returns 0 or -1 as above. */
int fp_from_decimal(fp_id f, const char *text, size_t len, fp_round mode,
                    uint64_t random, uint64_t *bits);

/* The pattern of format `f` nearest to (-1)^neg * digits * 10^exp10 under
 * `mode` (the same single rounding as fp_from_decimal, without the text);
 * used by the printer's round-trip test. */
uint64_t fp_from_decimal_digits(fp_id f, bool neg, uint64_t digits, int exp10, fp_round mode,
                                uint64_t random);

#endif
