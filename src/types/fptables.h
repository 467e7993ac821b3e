/* Fast paths for formats of 8 bits or fewer, generated at first use from the
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
/* f32 pattern x -> pattern, indexed by (x >> 16) << 1 | ((x & 0xFFFF) != 0),
 * 131072 entries; exact because every small format keeps at most 7 mantissa
 * bits of an f32, so bits 15..0 only ever matter as a sticky bit. */
const uint8_t *fp_table_from_f32(fp_id f, fp_round mode);

static inline uint8_t fp_small_from_f32(const uint8_t *table, uint32_t x)
{
    return table[((x >> 16) << 1) | ((x & 0xFFFFu) != 0)];
}

/* Frees every table (for leak checkers at exit). */
void fp_tables_free(void);

#endif
