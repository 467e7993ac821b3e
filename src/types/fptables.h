/* Fast paths for formats of 8 bits or fewer (and whole-format unary tables of
 * the 16-bit ones), generated at first use from the
 * generic decoder, encoder and arithmetic (never typed in). Each getter
 * returns NULL only when memory runs out. */
#ifndef IRRUN_FPTABLES_H
#define IRRUN_FPTABLES_H

#include "fparith.h"

/* pattern -> f32 pattern (the conversion of SPEC.md 3.6), 256 entries. */
const uint32_t *fp_table_to_f32(fp_id f);
/* pattern -> binary64 value, 256 entries. */
const double *fp_table_to_double(fp_id f);
/* result of a op b at [a << 8 | b], 65536 entries. */
const uint8_t *fp_table_binop(fp_id f, fp_binop op);
/* The same for a binary function that is not class-A arithmetic (the
 * class-B math of SPEC.md 9.5.1: pow, atan2), computed by fn on patterns of
 * f. `slot` (< FP_TABLE_FN_SLOTS) is the caller's name for fn: the first
 * call with a slot builds the table, later calls share it, so a caller must
 * pass the same fn with the same slot every time. */
enum { FP_TABLE_FN_SLOTS = 4 };
typedef uint64_t (*fp_table_fn)(fp_id f, uint64_t a, uint64_t b);
const uint8_t *fp_table_binary_fn(fp_id f, unsigned slot, fp_table_fn fn);
/* The result of a unary function fn on each pattern of a 16-bit format
 * (bf16, f16): 65536 entries, NULL for other formats. `slot` (<
 * FP_TABLE_UNARY16_SLOTS) names fn as for fp_table_binary_fn. */
enum { FP_TABLE_UNARY16_SLOTS = 2 };
typedef uint64_t (*fp_table_unary_fn)(fp_id f, uint64_t x);
const uint16_t *fp_table_unary16(fp_id f, unsigned slot, fp_table_unary_fn fn);
/* f32 pattern x -> pattern, indexed by (x >> 16) << 1 | ((x & 0xFFFF) != 0),
 * 131072 entries; exact because every small format keeps at most 7 mantissa
 * bits of an f32, so bits 15..0 only ever matter as a sticky bit. */
const uint8_t *fp_table_from_f32(fp_id f, fp_round mode);

static inline uint8_t fp_small_from_f32(const uint8_t *table, uint32_t x)
{
    return table[((x >> 16) << 1) | ((x & 0xFFFFu) != 0)];
}

/* The same rounding from a binary64 pattern: values inside f32's normal
 * range map onto the f32 table (the bits below f32's 7th mantissa bit only
 * ever act as a sticky bit); the rest (tiny, huge, Inf, NaN) take the
 * generic encoder. */
uint8_t fp_small_from_f64_slow(fp_id f, uint64_t x, fp_round mode);
static inline uint8_t fp_small_from_f64(fp_id f, const uint8_t *table, uint64_t x, fp_round mode)
{
    uint64_t e = (x >> 52) & 0x7FF;
    if (e - 897 < 253) {
        uint32_t hi = (uint32_t)(x >> 63) << 15 | (uint32_t)(e - 896) << 7 | (uint32_t)((x >> 45) & 0x7F);
        return table[hi << 1 | ((x & ((UINT64_C(1) << 45) - 1)) != 0)];
    }
    return fp_small_from_f64_slow(f, x, mode);
}

/* Frees every table (for leak checkers at exit). */
void fp_tables_free(void);

#endif
