/* Arithmetic inside a format with the reference's (APFloat's) results:
 * exact operation, one rounding, APFloat's NaN and signed-zero rules
 * (SPEC.md 3.7, class A of 4.0). */
#ifndef IRRUN_FPARITH_H
#define IRRUN_FPARITH_H

#include "fpformat.h"

typedef enum { FPOP_ADD, FPOP_SUB, FPOP_MUL, FPOP_DIV, FPOP_REM, FPOP_COUNT } fp_binop;

uint64_t fp_arith(fp_id f, fp_binop op, uint64_t a, uint64_t b);

/* An operand of fp_arith read once: a table of every pair of a small
 * format reads each of its patterns once, not twice per pair. */
typedef struct {
    bool nan;
    uint64_t quiet; /* fp_quiet of the pattern, when nan */
    double value;   /* exact, when not nan */
} fp_operand;

void fp_operand_of(fp_id f, uint64_t a, fp_operand *out);
/* fp_arith on operands read by fp_operand_of: the same bits. */
uint64_t fp_arith_operands(fp_id f, fp_binop op, const fp_operand *a, const fp_operand *b);

/* a made quiet: NaN with the quiet bit set (IEEE), the format's only NaN
 * otherwise; other values unchanged. */
uint64_t fp_quiet(fp_id f, uint64_t a);

/* ULP distance by the reference's definition (SPEC.md 3.11);
 * UINT64_MAX for the "one non-finite" case. */
uint64_t fp_ulp_distance(fp_id f, uint64_t a, uint64_t b);

/* Neighbours in value order; NaN stays NaN, the largest finite steps to Inf
 * where there is one (else stays), and likewise downwards. */
uint64_t fp_next_up(fp_id f, uint64_t a);
uint64_t fp_next_down(fp_id f, uint64_t a);

/* IEEE comparison: -1 less, 0 equal, 1 greater, 2 unordered (a NaN). */
int fp_compare(fp_id f, uint64_t a, uint64_t b);

/* Float to integer as the reference converts (truncate toward zero,
 * saturate, NaN -> 0; SPEC.md 3.6). `bits` is the target width. */
int64_t fp_to_sint(fp_id f, uint64_t a, unsigned bits);
uint64_t fp_to_uint(fp_id f, uint64_t a, unsigned bits);

#endif
