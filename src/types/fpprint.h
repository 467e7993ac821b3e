/* Float patterns as text, the way MLIR prints them (SPEC.md 3.9). */
#ifndef IRRUN_FPPRINT_H
#define IRRUN_FPPRINT_H

#include "fpformat.h"

enum { FP_PRINT_MAX = 64 }; /* enough for any format's text plus NUL */

/* MLIR's float printer: NaN/Inf (and large integral values) in hex, else the
 * 6-digit scientific text when it round-trips, else the shortest-ish
 * `Pdefault` text. Writes a NUL-terminated string; returns its length. */
size_t fp_print_mlir(fp_id f, uint64_t bits, char *buf);

/* APFloat's toString(value, precision, padding) for a finite pattern:
 * scientific == true is the zero-padded "%.{P}e"-like form, false is the
 * padding-3 form with truncated zeros. Precision 0 means the format's
 * Pdefault (as in APFloat); precisions above 40 are treated as 40 so that the
 * text fits FP_PRINT_MAX. NaN and Inf give APFloat's "NaN", "+Inf", "-Inf". */
size_t fp_to_string(fp_id f, uint64_t bits, unsigned precision, bool scientific, char *buf);

/* The exact value in C's "%.17g" style, with "nan", "inf", "-inf", "-0", "0"
 * as in ../shared/testdata/decode. */
size_t fp_print_g17(fp_id f, uint64_t bits, char *buf);

/* For people: a decimal with the fewest significant digits that reads back
 * (round to nearest even) as the same pattern, the nearest such one,
 * laid out as Python's repr does ("0.1", "1.5e-07", "1e+20"; 448 in
 * f8E4M3FN is "450"); "nan", "-nan", "inf", "-inf", "0", "-0" spelled out. */
size_t fp_print_shortest(fp_id f, uint64_t bits, char *buf);

/* For people, exactly: the decimal value of the pattern, every
 * significant digit (a binary fraction has a finite decimal expansion: 144
 * and 0.3125 in f8E4M3FN, 0.1 in f32 is 0.100000001490116119384765625),
 * laid out and with the special values spelled as fp_print_shortest. The
 * longest (f64 subnormals) has 767 significant digits: the buffer must hold
 * FP_EXACT_MAX bytes. */
enum { FP_EXACT_MAX = 800 };
size_t fp_print_exact(fp_id f, uint64_t bits, char *buf);

/* The layout of both: significant digits d[0 .. nd) (none for zero) times
 * 10^exp10, a '-' first when neg, as Python's repr lays out a float
 * ("0.3125", "144", "1.5e-07", "1e+20": an exponent when the first digit's
 * power of ten is below -4 or above 15). NUL-terminated; returns the
 * length. */
size_t fp_layout_decimal(bool neg, const char *digits, size_t nd, int exp10, char *buf);
/* "nan", "-nan", "inf", "-inf", "0", "-0" for a value that is no finite
 * nonzero number (returns the length), else 0 and nothing written. */
size_t fp_print_special(const fp_value *v, char *buf);

/* The pattern as "0x" plus uppercase hex digits, width = ceil(bits / 4),
 * at least 2 digits. */
size_t fp_print_hex(unsigned value_bits, uint64_t bits, char *buf);

#endif
