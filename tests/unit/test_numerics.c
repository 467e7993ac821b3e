/* The numerics of SPEC.md 9.5.1 and 9.5.2 that are not arithmetic: bit
 * operations, complex parts and is_finite, reduce_precision.
 *
 * Every fast loop is held to its generic loop bit for bit on every element
 * type it accepts (exhaustive operands up to 8 bits for the binary bit ops
 * and up to 16 bits for the unary ones and reduce_precision, else special
 * patterns and random ones), and the scalar definitions to SPEC's examples.
 *
 * reduce_precision is also held to what SPEC 9.5.2 says it means, in
 * values rather than bits (rp_value_model below, computed in binary64 with
 * frexp/ldexp/nearbyint, nothing shared with the kernel), exhaustively on
 * every f16 and bf16 pattern and on 1M pseudo-random f32 patterns, for the
 * (exponent, mantissa) widths of every 8-bit format and a grid of others.
 *
 * The FP8 emulation identity. For F in f8E4M3, f8E5M2, f8E3M4 (IEEE-like:
 * Inf, NaN, subnormals, bias 2^(e-1) - 1), reduce_precision(x, e(F), m(F))
 * equals convert(convert(x, F), source) on every pattern x of f16 and bf16
 * and on the 1M f32 patterns, with two exceptions that SPEC states:
 *   - NaN: reduce_precision returns the input unchanged (payload, sign and
 *     signalling bit kept); the round trip through F quiets it and keeps
 *     only the payload bits F has. Both are NaN.
 *   - Magnitudes below F's smallest normal 2^(1 - bias(F)), when F has a
 *     narrower exponent than the source: reduce_precision has no
 *     subnormals. It rounds at m(F) bits as if the exponent were unbounded
 *     and then flushes everything below 2^(1 - bias(F)) to a zero of the
 *     input's sign, where F would hold a subnormal (SPEC 9.5.2: "e4m3
 *     flushes f8E4M3's subnormals 2^-9 ... 2^-7 * 1.75 to zero"). From
 *     f16 to f8E5M2 (the same exponent width) the range step is skipped
 *     and the pattern rounding lands on f8E5M2's subnormal grid, so there
 *     the identity holds on subnormals too.
 * Those cases are checked against SPEC's description instead (the value
 * model), and the test counts them.
 *
 * Why the identity does not hold for the other 8-bit formats, which are
 * therefore checked against the value model only: reduce_precision(x, e, m)
 * always emulates the IEEE-style format with bias 2^(e-1) - 1, Inf and no
 * subnormals. f8E4M3FN has no Inf and its all-ones exponent holds numbers
 * (max 448, not 240; 300 -> 288 in f8E4M3FN but +Inf here); the FNUZ
 * formats have biases 8, 11 and 16, not 7 and 15, and no Inf or -0;
 * f8E8M0FNU has no sign or mantissa and no zero (e8m0 here keeps a sign and
 * flushes to zero); f4E2M1FN and the f6 formats have no Inf or NaN and
 * saturate (e2m1 here overflows to Inf above 3, f4E2M1FN's max is 6). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern_numerics.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/bitcast.h"
#include "util/xorshift.h"

#include "same_bits.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *vec(et_id t, int64_t n)
{
    tensor_type ty = { t, 1, { n } };
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static void set(tensor *x, int64_t i, uint64_t re, uint64_t im)
{
    et_id t = x->type.elem, p = et_part(t);
    unsigned char *e = (unsigned char *)x->data + i * (int64_t)et_get(t)->bytes;
    et_store_bits(p, e, re);
    if (p != t)
        et_store_bits(p, e + et_get(p)->bytes, im);
}

static uint64_t get(const tensor *x, int64_t i)
{
    return et_load_bits(x->type.elem, (const unsigned char *)x->data + i * (int64_t)et_get(x->type.elem)->bytes);
}

/* Result tensors pre-filled differently, so that an unwritten byte fails. */
static void poison(tensor *fast, tensor *gen)
{
    memset(fast->data, 0xA5, fast->nbytes);
    memset(gen->data, 0x5A, gen->nbytes);
}


/* ---- bit operations ------------------------------------------------------ */

enum { MAXSPECIAL = 64 };

/* Integer patterns that matter to shifts and counts: 0, 1, the extremes,
 * alternating bits, and every amount around N. */
static int int_specials(et_id t, uint64_t *out)
{
    unsigned n = et_get(t)->value_bits;
    uint64_t mask = et_value_mask(t), top = UINT64_C(1) << (n - 1);
    uint64_t base[] = { 0, 1, 2, 3, 7, mask, mask - 1, top, top + 1, top - 1, UINT64_C(0x5555555555555555),
                        UINT64_C(0xAAAAAAAAAAAAAAAA), n - 1, n, n + 1, 2 * n, 63, 64, 65, 127, 128, 200,
                        (uint64_t)-(int64_t)n, (uint64_t)-56 };
    int k = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
        out[k++] = base[i] & mask;
    return k;
}

static int64_t bit_pairs(et_id t, tensor **pa, tensor **pb)
{
    unsigned bits = et_get(t)->value_bits;
    if (bits <= 8) {
        int64_t v = INT64_C(1) << bits, n = v * v;
        *pa = vec(t, n);
        *pb = vec(t, n);
        for (int64_t i = 0; i < n; i++) {
            set(*pa, i, (uint64_t)(i / v), 0);
            set(*pb, i, (uint64_t)(i % v), 0);
        }
        return n;
    }
    uint64_t sp[MAXSPECIAL];
    int ns = int_specials(t, sp);
    int64_t n = (int64_t)ns * ns + 20000;
    *pa = vec(t, n);
    *pb = vec(t, n);
    int64_t i = 0;
    for (int x = 0; x < ns; x++)
        for (int y = 0; y < ns; y++, i++) {
            set(*pa, i, sp[x], 0);
            set(*pb, i, sp[y], 0);
        }
    for (; i < n; i++) {
        set(*pa, i, rnd(), 0);
        /* amounts mostly in range, so the shifted bits are seen */
        set(*pb, i, i % 4 ? rnd() % (bits + 2) : rnd(), 0);
    }
    return n;
}

START_TEST(bits_fast_is_generic)
{
    et_id t = (et_id)_i;
    if (!et_is_int(t)) {
        tensor *x = vec(t, 4), *r = vec(t, 4);
        ck_assert_int_eq(kern_bits(KBIT_SHL, x, x, r), IRRUN_UNSUPPORTED);
        ck_assert_int_eq(kern_bits(KBIT_POPCNT, x, NULL, r), IRRUN_UNSUPPORTED);
        tensor_release(x);
        tensor_release(r);
        return;
    }
    tensor *a, *b;
    int64_t n = bit_pairs(t, &a, &b);
    /* the second pass on a count that is not a multiple of 8: the byte
     * loops do eight lanes per word and finish element by element */
    for (int pass = 0; pass < 2; pass++) {
        int64_t m = pass ? n - 5 : n;
        tensor *x = a, *y = b;
        if (pass) {
            x = vec(t, m);
            y = vec(t, m);
            memcpy(x->data, (unsigned char *)a->data + 5 * et_get(t)->bytes, x->nbytes);
            memcpy(y->data, (unsigned char *)b->data + 5 * et_get(t)->bytes, y->nbytes);
        }
        tensor *r1 = vec(t, m), *r2 = vec(t, m);
        for (int op = 0; op < KBIT_COUNT; op++) {
            const tensor *rhs = kern_bitop_is_unary((kern_bitop)op) ? NULL : y;
            char what[96];
            snprintf(what, sizeof what, "%s bitop %d, %lld elements", et_get(t)->name, op, (long long)m);
            poison(r1, r2);
            ck_assert_int_eq(kern_bits((kern_bitop)op, x, rhs, r1), IRRUN_OK);
            ck_assert_int_eq(kern_bits_generic((kern_bitop)op, x, rhs, r2), IRRUN_OK);
            same_bits(r1, r2, what);
        }
        tensor_release(r1);
        tensor_release(r2);
        if (pass) {
            tensor_release(x);
            tensor_release(y);
        }
    }
    tensor_release(a);
    tensor_release(b);
}
END_TEST

/* The op through the fast kernel on one element (values as the type's
 * signed or unsigned numbers). */
static int64_t bit1(et_id t, kern_bitop op, int64_t a, int64_t b)
{
    tensor *x = vec(t, 1), *y = vec(t, 1), *r = vec(t, 1);
    set(x, 0, (uint64_t)a, 0);
    set(y, 0, (uint64_t)b, 0);
    ck_assert_int_eq(kern_bits(op, x, kern_bitop_is_unary(op) ? NULL : y, r), IRRUN_OK);
    int64_t v = et_sign_extend(t, get(r, 0));
    tensor_release(x);
    tensor_release(y);
    tensor_release(r);
    return v;
}

/* SPEC 9.5.1's examples and vector 10/11 of 9.A. */
START_TEST(bits_spec_examples)
{
    ck_assert_int_eq(bit1(ET_I8, KBIT_SHL, 1, 8), 0);
    ck_assert_int_eq(bit1(ET_I8, KBIT_SHL, -1, 7), -128);
    ck_assert_int_eq(bit1(ET_I8, KBIT_SHRL, -1, 9), 0);
    ck_assert_int_eq(bit1(ET_I8, KBIT_SHRA, -128, -56), -1); /* -56 is the amount 200 */
    ck_assert_int_eq(bit1(ET_I8, KBIT_SHRL, -1, 1), 127);
    ck_assert_int_eq(bit1(ET_UI8, KBIT_SHRA, 200, 8), 255);
    ck_assert_int_eq(bit1(ET_UI8, KBIT_SHRA, 200, 1), 228);
    ck_assert_int_eq(bit1(ET_I4, KBIT_POPCNT, -1, 0), 4);
    ck_assert_int_eq(bit1(ET_I64, KBIT_CLZ, 0, 0), 64);
    ck_assert_int_eq(bit1(ET_I64, KBIT_CLZ, 1, 0), 63);
    ck_assert_int_eq(bit1(ET_I64, KBIT_CLZ, 128, 0), 56);
    ck_assert_int_eq(bit1(ET_I64, KBIT_CLZ, -1, 0), 0);
    /* counts are taken modulo 2^N like any result: 2 does not fit i2 */
    ck_assert_int_eq(bit1(ET_I2, KBIT_POPCNT, -1, 0), -2);
    ck_assert_int_eq(bit1(ET_I2, KBIT_CLZ, 0, 0), -2);
    ck_assert_int_eq(bit1(ET_UI2, KBIT_CLZ, 0, 0), 2);
    /* a negative amount is a large unsigned one */
    ck_assert_int_eq(bit1(ET_I32, KBIT_SHL, 1, -1), 0);
    ck_assert_int_eq(bit1(ET_I32, KBIT_SHRA, INT32_MIN, -1), -1);
    ck_assert_int_eq(bit1(ET_I64, KBIT_SHL, 1, 63), INT64_MIN);
    ck_assert_int_eq(bit1(ET_I64, KBIT_SHRA, INT64_MIN, 63), -1);
    ck_assert_int_eq(bit1(ET_I64, KBIT_SHRL, INT64_MIN, 63), 1);
    ck_assert_int_eq(bit1(ET_I64, KBIT_SHRL, -1, 64), 0);
    ck_assert_int_eq(bit1(ET_UI64, KBIT_SHRA, INT64_MIN, 64), -1); /* all ones */
    ck_assert_int_eq(bit1(ET_I16, KBIT_POPCNT, -1, 0), 16);
    ck_assert_int_eq(bit1(ET_UI32, KBIT_CLZ, 1, 0), 31);
    /* i4 amounts: 7 is in range, 8 (pattern of -8) and beyond are not */
    ck_assert_int_eq(bit1(ET_I4, KBIT_SHL, 1, 3), -8);
    ck_assert_int_eq(bit1(ET_I4, KBIT_SHRA, -8, 3), -1);
    ck_assert_int_eq(bit1(ET_I4, KBIT_SHRA, 7, -8), 0);
    ck_assert_int_eq(bit1(ET_UI4, KBIT_SHRA, 8, 3), 15);
}
END_TEST

/* ---- complex parts and is_finite ----------------------------------------- */

static int float_specials(et_id t, uint64_t *out)
{
    fp_id f = et_get(t)->fmt;
    const fp_format *F = fp_fmt(f);
    uint64_t base[] = { 0, 1, (UINT64_C(1) << F->mbits) - 1, UINT64_C(1) << F->mbits, F->max_bits, F->canon_nan,
                        fp_from_double(f, 1.0, FPR_RNE), fp_from_double(f, 0.1, FPR_RNE) };
    int n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        out[n++] = base[i] & F->mask;
        out[n++] = (base[i] | F->sign_mask) & F->mask;
    }
    if (F->nan == FPN_IEEE) {
        uint64_t e = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
        out[n++] = e;
        out[n++] = e | F->sign_mask;
        out[n++] = e | 1;
        out[n++] = e | 3 | F->sign_mask;
    }
    return n;
}

/* Every pattern where a part has at most 16 bits, else specials and random
 * patterns (complex: specials against each other). */
static tensor *float_values(et_id t)
{
    et_id p = et_part(t);
    unsigned bits = et_get(p)->value_bits;
    if (p == t && bits <= 16) {
        int64_t n = INT64_C(1) << bits;
        tensor *x = vec(t, n);
        for (int64_t i = 0; i < n; i++)
            set(x, i, (uint64_t)i, 0);
        return x;
    }
    uint64_t sp[MAXSPECIAL];
    int ns = float_specials(p, sp);
    int64_t n = (int64_t)ns * ns + 30000;
    tensor *x = vec(t, n);
    int64_t i = 0;
    for (int a = 0; a < ns; a++)
        for (int b = 0; b < ns; b++, i++)
            set(x, i, sp[a], sp[b]);
    for (; i < n; i++)
        set(x, i, rnd() & et_value_mask(p), rnd() & et_value_mask(p));
    return x;
}

START_TEST(parts_fast_is_generic)
{
    et_id t = (et_id)_i;
    et_kind k = et_get(t)->kind;
    if (k != EK_FLOAT && k != EK_COMPLEX)
        return;
    tensor *x = float_values(t);
    int64_t n = x->count;
    for (int op = 0; op < KP_COUNT; op++) {
        if ((op == KP_IS_FINITE || op == KP_COMPLEX) && k != EK_FLOAT)
            continue;
        if (op == KP_COMPLEX && t != ET_F32 && t != ET_F64)
            continue;
        et_id rt = op == KP_IS_FINITE ? ET_I1 : op == KP_COMPLEX ? (t == ET_F32 ? ET_C64 : ET_C128) : et_part(t);
        tensor *y = NULL;
        if (op == KP_COMPLEX) { /* the operand against itself reversed */
            y = vec(t, n);
            for (int64_t i = 0; i < n; i++)
                set(y, i, get(x, n - 1 - i), 0);
        }
        tensor *r1 = vec(rt, n), *r2 = vec(rt, n);
        char what[96];
        snprintf(what, sizeof what, "%s partop %d", et_get(t)->name, op);
        poison(r1, r2);
        ck_assert_int_eq(kern_parts((kern_partop)op, x, y, r1), IRRUN_OK);
        ck_assert_int_eq(kern_parts_generic((kern_partop)op, x, y, r2), IRRUN_OK);
        same_bits(r1, r2, what);
        tensor_release(r1);
        tensor_release(r2);
        tensor_release(y);
    }
    tensor_release(x);
}
END_TEST

/* How many of a small format's patterns is_finite accepts (SPEC 9.5.1 and
 * the NaN/Inf counts of 3.4). */
START_TEST(is_finite_counts)
{
    static const struct { et_id t; int finite; } want[] = {
        { ET_F4E2M1FN, 16 },      { ET_F6E2M3FN, 64 },      { ET_F6E3M2FN, 64 },   { ET_F8E3M4, 256 - 32 },
        { ET_F8E4M3, 256 - 16 },  { ET_F8E4M3FN, 254 },     { ET_F8E4M3FNUZ, 255 }, { ET_F8E4M3B11FNUZ, 255 },
        { ET_F8E5M2, 256 - 8 },   { ET_F8E5M2FNUZ, 255 },   { ET_F8E8M0FNU, 255 },  { ET_BF16, 65536 - 2 * 128 },
        { ET_F16, 65536 - 2 * 1024 },
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        tensor *x = float_values(want[k].t), *r = vec(ET_I1, x->count);
        ck_assert_int_eq(kern_parts(KP_IS_FINITE, x, NULL, r), IRRUN_OK);
        int count = 0;
        for (int64_t i = 0; i < r->count; i++)
            count += ((uint8_t *)r->data)[i];
        ck_assert_msg(count == want[k].finite, "%s: %d finite patterns, want %d", et_get(want[k].t)->name, count,
                      want[k].finite);
        tensor_release(x);
        tensor_release(r);
    }
}
END_TEST

/* ---- reduce_precision ---------------------------------------------------- */

/* A grid of (E, M) for a format: every width up to one past its own, and
 * some far beyond (the steps then do nothing). */
static int rp_grid(fp_id f, int32_t (*em)[2])
{
    const fp_format *F = fp_fmt(f);
    int e = (int)(F->bits - F->mbits - 1), m = (int)F->mbits, n = 0;
    static const int32_t wide_e[] = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 1000 };
    static const int32_t wide_m[] = { 0, 1, 2, 3, 4, 7, 9, 10, 11, 22, 23, 24, 51, 52, 53, 1000 };
    if (F->bits <= 16) {
        for (int32_t E = 1; E <= e + 1; E++)
            for (int32_t M = 0; M <= m + 1; M++) {
                em[n][0] = E;
                em[n++][1] = M;
            }
        em[n][0] = INT32_MAX;
        em[n++][1] = INT32_MAX;
        return n;
    }
    for (size_t i = 0; i < sizeof wide_e / sizeof wide_e[0]; i++)
        for (size_t j = 0; j < sizeof wide_m / sizeof wide_m[0]; j++) {
            em[n][0] = wide_e[i];
            em[n++][1] = wide_m[j];
        }
    return n;
}

START_TEST(rp_fast_is_generic)
{
    et_id t = (et_id)_i;
    if (!et_is_float(t)) {
        tensor *x = vec(t, 2), *r = vec(t, 2);
        ck_assert_int_eq(kern_reduce_precision(x, 5, 2, r), IRRUN_UNSUPPORTED);
        tensor_release(x);
        tensor_release(r);
        return;
    }
    fp_id f = et_get(t)->fmt;
    int32_t em[256][2];
    int ng = rp_grid(f, em);
    /* 16-bit formats twice: large tensors go through a table of the loop */
    for (int pass = 0; pass < (et_get(t)->bytes == 2 ? 2 : 1); pass++) {
        tensor *x = float_values(t);
        if (pass) {
            tensor *big = vec(t, 300001);
            for (int64_t i = 0; i < big->count; i++)
                set(big, i, (uint64_t)(i * 40503) & 0xFFFF, 0);
            tensor_release(x);
            x = big;
        }
        tensor *r1 = vec(t, x->count), *r2 = vec(t, x->count);
        for (int g = 0; g < ng; g++) {
            char what[96];
            snprintf(what, sizeof what, "%s reduce_precision e%dm%d, %lld elements", et_get(t)->name, em[g][0],
                     em[g][1], (long long)x->count);
            poison(r1, r2);
            ck_assert_int_eq(kern_reduce_precision(x, em[g][0], em[g][1], r1), IRRUN_OK);
            ck_assert_int_eq(kern_reduce_precision_generic(x, em[g][0], em[g][1], r2), IRRUN_OK);
            same_bits(r1, r2, what);
        }
        tensor_release(x);
        tensor_release(r1);
        tensor_release(r2);
    }
}
END_TEST

static uint32_t rp_f32(float v, int32_t E, int32_t M)
{
    tensor *x = vec(ET_F32, 1), *r = vec(ET_F32, 1);
    memcpy(x->data, &v, 4);
    ck_assert_int_eq(kern_reduce_precision(x, E, M, r), IRRUN_OK);
    uint32_t b;
    memcpy(&b, r->data, 4);
    tensor_release(x);
    tensor_release(r);
    return b;
}

static uint32_t f32b(float v) { return f32_to_bits(v); }

/* SPEC 9.5.2's table (9.A vector 13) and its e5m0 NaN example. */
START_TEST(rp_spec_table)
{
    static const struct { float in; float e4m3, e5m2; } rows[] = {
        { 1.0625f, 1.0f, 1.0f },         { 1.1875f, 1.25f, 1.25f },        { -3.3f, -3.25f, -3.5f },
        { 240.0f, 240.0f, 256.0f },      { 247.0f, 240.0f, 256.0f },       { 248.0f, INFINITY, 256.0f },
        { 300.0f, INFINITY, 320.0f },    { 448.0f, INFINITY, 448.0f },     { 57344.0f, INFINITY, 57344.0f },
        { 61439.0f, INFINITY, 57344.0f }, { 61440.0f, INFINITY, INFINITY }, { 0x1p-6f, 0x1p-6f, 0x1p-6f },
        { 0x1p-7f, 0.0f, 0x1p-7f },      { 0x1p-9f, 0.0f, 0x1p-9f },       { 0x1p-15f, 0.0f, 0.0f },
        { -0.0f, -0.0f, -0.0f },         { INFINITY, INFINITY, INFINITY }, { -INFINITY, -INFINITY, -INFINITY },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ck_assert_msg(rp_f32(rows[i].in, 4, 3) == f32b(rows[i].e4m3), "e4m3 of %a", (double)rows[i].in);
        ck_assert_msg(rp_f32(rows[i].in, 5, 2) == f32b(rows[i].e5m2), "e5m2 of %a", (double)rows[i].in);
    }
    ck_assert_uint_eq(rp_f32(bits_to_f32(0x3DCCCCCD), 4, 3), 0x3DD00000); /* 0.1 */
    ck_assert_uint_eq(rp_f32(bits_to_f32(0x3DCCCCCD), 5, 2), 0x3DC00000);
    ck_assert_uint_eq(rp_f32(bits_to_f32(0x3C780000), 4, 3), f32b(0x1p-6f)); /* carries into the smallest normal */
    ck_assert_uint_eq(rp_f32(bits_to_f32(0xFFC00001), 4, 3), 0xFFC00001);    /* NaN unchanged */
    ck_assert_uint_eq(rp_f32(bits_to_f32(0xFFC00001), 5, 2), 0xFFC00001);
    ck_assert_uint_eq(rp_f32(bits_to_f32(0x00000001), 4, 3), 0);
    ck_assert_uint_eq(rp_f32(bits_to_f32(0x00000001), 5, 2), 0);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F64, UINT64_C(0x7FFFFFFFFFFFFFFF), 5, 0),
                      UINT64_C(0x7FF0000000000000));
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F64, UINT64_C(0xFFF0000000000001), 5, 0),
                      UINT64_C(0x7FF0000000000000)); /* positive whatever the NaN's sign */
    /* e11m52 on bf16 and other widths beyond the format: the identity */
    for (uint64_t p = 0; p < 65536; p++)
        if (kern_reduce_precision_scalar(FP_BF16, p, 11, 52) != p)
            ck_abort_msg("bf16 e11m52 changes 0x%llx", (unsigned long long)p);
    /* decision 36, worked by hand from SPEC's steps: f8E4M3FN 0x7D (416)
     * at 2 mantissa bits ties to 0x7C (384); 0xFE (-448) at 2 bits stays;
     * f4E2M1FN 0xF (-6) at 0 bits carries out of the 4 bits: +0; E8M0 0xFE
     * with e5 has "exponent" 0x7E > 63 + 15 and bit 7 as "sign": 0xFF (its
     * NaN); E8M0's NaN with M = 0 is the format's NaN (no Inf) */
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E4M3FN, 0x7D, 4, 2), 0x7C);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E4M3FN, 0xFE, 4, 2), 0xFE);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F4E2M1FN, 0xF, 2, 0), 0x0);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E8M0FNU, 0xFE, 5, 0), 0xFF);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E8M0FNU, 0xFF, 8, 0), 0xFF);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E4M3FN, 0xFF, 4, 0), 0x7F);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E4M3FNUZ, 0x80, 2, 0), 0x80);
    ck_assert_uint_eq(kern_reduce_precision_scalar(FP_F8E4M3FN, 0x7F, 4, 1), 0x7F);
}
END_TEST

/* v rounded to p significant bits, exponent unbounded, ties to even: exact
 * in binary64 for the f16/bf16/f32 values used here. */
static double round_bits(double v, int p)
{
    int k;
    double f = frexp(v, &k); /* v = f * 2^k, f in [0.5, 1) */
    return ldexp(nearbyint(ldexp(f, p)), k - p);
}

/* v (positive, a normal of S) rounded to M mantissa bits the way SPEC's
 * pattern rounding does: ties to an even last kept bit, which for M = 0
 * is the lowest bit of the exponent field (a tie between 2^k and 2^(k+1)
 * goes to the one whose biased exponent is even), not the significand's. */
static double round_mantissa(double v, int M, int bias)
{
    if (M > 0)
        return round_bits(v, M + 1);
    int k = ilogb(v);
    double lo = ldexp(1.0, k), hi = ldexp(1.0, k + 1), mid = 1.5 * lo;
    if (v != mid)
        return v < mid ? lo : hi;
    return ((k + bias) & 1) ? hi : lo;
}

/* v (positive) on S's grid with M mantissa bits: S's exponent range and
 * subnormals, quantum 2^(max(floor(log2 v), emin) - M). */
static double round_grid(double v, int M, int emin, int bias)
{
    int k = ilogb(v);
    if (k >= emin)
        return round_mantissa(v, M, bias);
    return ldexp(nearbyint(ldexp(v, M - emin)), emin - M);
}

/* SPEC 9.5.2 in values, for an IEEE source format S: round to M mantissa
 * bits; with a narrower exponent (E < e(S)), values whose rounding reaches
 * 2^(b+1) (b = 2^(E-1) - 1) become Inf and those below 2^(1-b) (S's
 * subnormals included) a zero of the input's sign; with E >= e(S) the
 * rounding is on S's own grid (subnormals kept) and overflows to Inf past
 * S's range. NaN: unchanged, or +Inf for M = 0. */
static uint64_t rp_value_model(fp_id s, uint64_t x, int32_t E, int32_t M)
{
    const fp_format *S = fp_fmt(s);
    uint64_t inf = ((UINT64_C(1) << S->ebits) - 1) << S->mbits;
    fp_class c = fp_classify(s, x);
    if (c == FPC_NAN)
        return M > 0 ? x : inf;
    if (c == FPC_INF || c == FPC_ZERO || (E >= (int32_t)S->ebits && M >= (int32_t)S->mbits))
        return x;
    double v = fp_to_double(s, x);
    uint64_t sign = v < 0 ? S->sign_mask : 0;
    v = fabs(v);
    double r;
    if (E < (int32_t)S->ebits) {
        int b = (1 << (E - 1)) - 1;
        if (v < ldexp(1.0, S->emin))
            return sign;
        r = M >= (int32_t)S->mbits ? v : round_mantissa(v, M, S->bias);
        if (r >= ldexp(1.0, b + 1))
            return sign | inf;
        if (r < ldexp(1.0, 1 - b))
            return sign;
    } else {
        r = round_grid(v, M, S->emin, S->bias);
        if (r >= ldexp(1.0, S->emax + 1))
            return sign | inf;
    }
    return sign | fp_from_double(s, r, FPR_RNE); /* r is exact in S */
}

/* Source patterns: every f16 / bf16 pattern, or 1M f32 ones (uniform bits
 * half of the time, else exponents near the 8-bit formats' ranges with
 * short mantissas, so ties and boundaries occur). */
static tensor *rp_sources(et_id t)
{
    if (t != ET_F32)
        return float_values(t);
    int64_t n = 1000000;
    tensor *x = vec(t, n);
    uint32_t *p = x->data;
    for (int64_t i = 0; i < n; i++) {
        uint64_t r = rnd();
        if (i % 2) {
            p[i] = (uint32_t)r;
        } else {
            uint32_t e = (uint32_t)(127 - 24 + (int)((r >> 32) % 48));
            uint32_t m = (uint32_t)r & 0x7FFFFF;
            if (i % 4 == 0)
                m &= ~((1u << (23 - (int)((r >> 40) % 8))) - 1);
            p[i] = (uint32_t)((r >> 63) << 31) | e << 23 | m;
        }
    }
    return x;
}

START_TEST(rp_matches_value_model)
{
    static const et_id sources[] = { ET_F16, ET_BF16, ET_F32 };
    et_id t = sources[_i];
    fp_id s = et_get(t)->fmt;
    tensor *x = rp_sources(t), *r = vec(t, x->count);
    int32_t em[64][2];
    int n = 0;
    for (fp_id f = 0; f < FP_BF16; f++) { /* every 8-bit and smaller format's widths */
        em[n][0] = (int32_t)(fp_fmt(f)->bits - fp_fmt(f)->mbits - 1);
        em[n++][1] = (int32_t)fp_fmt(f)->mbits;
    }
    static const int32_t more[][2] = { { 1, 0 }, { 1, 5 }, { 2, 0 }, { 3, 0 }, { 5, 0 }, { 5, 10 }, { 8, 7 },
                                       { 8, 0 }, { 6, 9 }, { 7, 3 }, { 8, 23 }, { 11, 52 }, { 4, 12 } };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        em[n][0] = more[i][0];
        em[n++][1] = more[i][1];
    }
    for (int g = 0; g < n; g++) {
        ck_assert_int_eq(kern_reduce_precision(x, em[g][0], em[g][1], r), IRRUN_OK);
        for (int64_t i = 0; i < x->count; i++) {
            uint64_t in = get(x, i), got = get(r, i), want = rp_value_model(s, in, em[g][0], em[g][1]);
            if (got != want) /* (ck_assert costs a system call per call: not in hot loops) */
                ck_abort_msg("%s e%dm%d of 0x%llx: 0x%llx, SPEC in values 0x%llx", et_get(t)->name, em[g][0],
                             em[g][1], (unsigned long long)in, (unsigned long long)got, (unsigned long long)want);
        }
    }
    tensor_release(x);
    tensor_release(r);
}
END_TEST

/* The identity of the header comment, with its two exceptions counted. */
START_TEST(rp_emulates_ieee_f8)
{
    static const et_id sources[] = { ET_F16, ET_BF16, ET_F32 };
    static const fp_id targets[] = { FP_F8E4M3, FP_F8E5M2, FP_F8E3M4 };
    et_id t = sources[_i];
    fp_id s = et_get(t)->fmt;
    tensor *x = rp_sources(t), *r = vec(t, x->count);
    for (size_t k = 0; k < sizeof targets / sizeof targets[0]; k++) {
        fp_id f = targets[k];
        const fp_format *F = fp_fmt(f);
        int32_t E = (int32_t)F->ebits, M = (int32_t)F->mbits;
        ck_assert_int_eq(kern_reduce_precision(x, E, M, r), IRRUN_OK);
        int64_t same = 0, nans = 0, flushed = 0;
        for (int64_t i = 0; i < x->count; i++) {
            uint64_t in = get(x, i), got = get(r, i);
            uint64_t trip = fp_convert(s, f, fp_convert(f, s, in));
            if (fp_is_nan(s, in)) {
                if (!fp_is_nan(s, trip) || got != in)
                    ck_abort_msg("%s NaN 0x%llx gives 0x%llx", et_get(t)->name, (unsigned long long)in,
                                 (unsigned long long)got);
                nans++;
                continue;
            }
            double v = fabs(fp_to_double(s, in));
            if (E < (int32_t)fp_fmt(s)->ebits && v < ldexp(1.0, F->emin) && got != trip) {
                /* no subnormals: SPEC's value (rounded at M bits, then
                 * flushed below F's smallest normal) */
                uint64_t mag = got & ~fp_fmt(s)->sign_mask;
                if (got != rp_value_model(s, in, E, M) || (mag != 0 && fp_to_double(s, mag) != ldexp(1.0, F->emin)))
                    ck_abort_msg("%s -> %s: 0x%llx below the normals gives 0x%llx", et_get(t)->name, F->name,
                                 (unsigned long long)in, (unsigned long long)got);
                flushed++;
                continue;
            }
            if (got != trip)
                ck_abort_msg("%s -> %s: 0x%llx gives 0x%llx, round trip 0x%llx", et_get(t)->name, F->name,
                             (unsigned long long)in, (unsigned long long)got, (unsigned long long)trip);
            same++;
        }
        printf("reduce_precision e%dm%d on %lld %s patterns: %lld equal convert(convert(x, %s)), "
               "%lld NaN kept, %lld below %s's normals flushed or rounded to its smallest normal\n",
               E, M, (long long)x->count, et_get(t)->name, (long long)same, F->name, (long long)nans,
               (long long)flushed, F->name);
        ck_assert_int_gt(same, x->count / 2);
        if (t == ET_F16 && f == FP_F8E5M2)
            ck_assert_int_eq(flushed, 0); /* same exponent width: subnormals agree */
    }
    tensor_release(x);
    tensor_release(r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("numerics");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, bits_fast_is_generic, 0, ET_COUNT);
    tcase_add_test(tc, bits_spec_examples);
    tcase_add_loop_test(tc, parts_fast_is_generic, 0, ET_COUNT);
    tcase_add_test(tc, is_finite_counts);
    tcase_add_loop_test(tc, rp_fast_is_generic, 0, ET_COUNT);
    tcase_add_test(tc, rp_spec_table);
    tcase_add_loop_test(tc, rp_matches_value_model, 0, 3);
    tcase_add_loop_test(tc, rp_emulates_ieee_f8, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    fp_tables_free();
    return failed ? 1 : 0;
}
