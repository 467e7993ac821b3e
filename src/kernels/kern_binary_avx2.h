/* The AVX2 variants of the binary element-wise loops (kern_binary_avx2.c),
 * beside the portable loops of kern_binary.c they replace. */
#ifndef IRRUN_KERN_BINARY_AVX2_H
#define IRRUN_KERN_BINARY_AVX2_H

#include <stdbool.h>
#include <stdint.h>

#include "types/fparith.h"
#include "types/fpformat.h"

/* The AVX2 (+FMA, +F16C) loops of kern_binary_avx2.c: the same bits as
 * kern_binary.c's portable loops, which they replace when isa_avx2()
 * holds and the host has F16C (kern_binary_avx2_usable). Each runs over n
 * elements; r may be a or b, not a partial overlap. */
bool kern_binary_avx2_usable(void);
/* +, -, *, / and rem of bf16 (bf) / f16 patterns of format f */
void kern_half_arith_avx2(bool bf, fp_id f, fp_binop op, const uint16_t *a, const uint16_t *b,
                          uint16_t *r, int64_t n);
/* maximum / minimum of bf16 / f16 patterns */
void kern_half_maxmin_avx2(bool bf, bool is_max, const uint16_t *a, const uint16_t *b, uint16_t *r,
                           int64_t n);
/* +, -, *, /, rem on f32 / f64 patterns (c64 / c128 +, - run these on
 * their parts) */
void kern_f32_arith_avx2(fp_binop op, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_f64_arith_avx2(fp_binop op, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);
void kern_f32_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_f64_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);
/* complex product and REF's maximum / minimum; n complex elements (2n
 * parts) */
void kern_c64_mul_avx2(const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_c128_mul_avx2(const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);
void kern_c64_maxmin_avx2(bool is_max, const uint32_t *a, const uint32_t *b, uint32_t *r, int64_t n);
void kern_c128_maxmin_avx2(bool is_max, const uint64_t *a, const uint64_t *b, uint64_t *r, int64_t n);
/* XLA's division / remainder (rem) of i32 or ui32, and REF's power of
 * signed or unsigned integers of 1, 2 or 4 bytes (kern_int_pow_fast's
 * bits; 64-bit: kern_int64.h) */
void kern_int32_divrem_avx2(bool rem, bool is_signed, const int32_t *a, const int32_t *b, int32_t *r, int64_t n);
void kern_int_pow_avx2(bool is_signed, int bytes, const void *a, const void *b, void *r, int64_t n);
/* XLA's division / remainder (rem) of signed or unsigned integers of 1 or
 * 2 bytes */
void kern_small_int_divrem_avx2(bool rem, bool is_signed, int bytes, const void *a, const void *b, void *r,
                                int64_t n);
/* +, -, *, maximum, minimum and the bitwise ops (op: a kern_binop) of
 * signed 32- / 64-bit integers */
void kern_int_simple_avx2(int op, bool w64, const void *a, const void *b, void *r, int64_t n);

#endif
