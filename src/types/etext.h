/* One element of any type as text, the way REF prints it (SPEC.md 3.2,
 * 3.9), and its bit pattern: shared by the result printer, check reports,
 * tensor files and comparison reports. */
#ifndef IRRUN_ETEXT_H
#define IRRUN_ETEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "types/etype.h"
#include "types/fpprint.h"

enum { ET_TEXT_MAX = 2 * 64 + 8 }; /* a complex element's text plus NUL */

/* Integers in decimal, i1 true/false, floats with MLIR's printer, complex
 * `[re, im]` (or `(re,im)` when `dense` is set, as inside dense<...>).
 * Returns the length. */
size_t et_value_text(et_id t, const void *elem, bool dense, char *buf);

/* For people: floats as the shortest decimals that read back to the same
 * bits (fp_print_shortest), complex `[re, im]`, other types as
 * et_value_text. Returns the length. */
size_t et_value_decimal(et_id t, const void *elem, char *buf);

/* For people, exactly: floats as their exact decimal values
 * (fp_print_exact), complex `[re, im]`, other types as et_value_text. buf
 * holds ET_EXACT_MAX bytes. Returns the length. */
enum { ET_EXACT_MAX = 2 * FP_EXACT_MAX + 8 };
size_t et_value_exact(et_id t, const void *elem, char *buf);

/* The value bits as "0x.."; complex as "0xRE,0xIM". Returns the length. */
size_t et_bits_text(et_id t, const void *elem, char *buf);

#endif
