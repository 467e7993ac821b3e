/* A small fixed-capacity arbitrary-precision unsigned integer for the exact
 * decimal <-> binary conversions (fpdecimal.c, fpprint.c). No heap: a value
 * lives on the stack (BN_LIMBS 32-bit limbs, 3584 bits).
 *
 * Capacity: the callers bound every intermediate value well below 2^3584:
 * printing needs at most N * 5^1074 with N < 2^64 (about 2560 bits) or
 * N * 2^1024; parsing needs at most 1000 decimal digits (3322 bits) or
 * 2^66 * 5^1360 (3224 bits); see the comments there. An operation whose
 * result would not fit sets `overflow` and leaves a truncated value; it never
 * writes out of bounds. */
#ifndef IRRUN_BIGNUM_H
#define IRRUN_BIGNUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BN_LIMBS = 112 };

typedef struct {
    unsigned n;    /* limbs in use; d[n - 1] != 0 unless n == 0 (value 0) */
    bool overflow; /* some result did not fit (a caller bug) */
    uint32_t d[BN_LIMBS]; /* little-endian limbs; only d[0 .. n) are valid */
} bignum;

void bn_set_u64(bignum *a, uint64_t v);
static inline bool bn_is_zero(const bignum *a) { return a->n == 0; }
/* Number of significant bits (0 for zero). */
unsigned bn_bitlen(const bignum *a);
/* a = a * m + add */
void bn_muladd_small(bignum *a, uint32_t m, uint32_t add);
static inline void bn_mul_small(bignum *a, uint32_t m) { bn_muladd_small(a, m, 0); }
/* a *= 5^k, a *= 10^k */
void bn_mul_pow5(bignum *a, unsigned k);
void bn_mul_pow10(bignum *a, unsigned k);
/* a <<= s */
void bn_shl(bignum *a, unsigned s);
/* a >>= s (floor); returns true when a nonzero bit was shifted out */
bool bn_shr(bignum *a, unsigned s);
/* a = floor(a / d), d != 0; returns the remainder */
uint32_t bn_div_small(bignum *a, uint32_t d);
/* a = floor(a / 5^k); returns true when the division was inexact */
bool bn_div_pow5(bignum *a, unsigned k);
/* -1, 0, 1 as a <, ==, > b */
int bn_cmp(const bignum *a, const bignum *b);
/* The 64 most significant bits of a nonzero a, left-aligned (bit 63 set);
 * *sticky is set when any bit below those is nonzero. 0 for a == 0. */
uint64_t bn_top64(const bignum *a, bool *sticky);
/* Low 64 bits of a (all of it when bn_bitlen(a) <= 64). */
uint64_t bn_low64(const bignum *a);
/* Decimal digits of a (most significant first, no leading zeros, "0" for
 * zero) into buf, NUL-terminated, at most cap - 1 digits; returns the number
 * of digits, or 0 when cap is too small. */
size_t bn_to_decimal(const bignum *a, char *buf, size_t cap);

/* 10^k for k = 0 .. 19. */
extern const uint64_t bn_pow10_u64[20];

#endif
