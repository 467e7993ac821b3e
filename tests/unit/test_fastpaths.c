/* The fast paths of convert, iota, the layout ops and the row reduce
 * against definitions written out here or against the generic loops
 * (kern_generic.h), bit for bit: transposes and reverses of shapes that are
 * not multiples of any tile or block size, iota against the scalar
 * conversion of each index, reduces against a left fold one element at a
 * time, and conversions of integers and binary64 values placed just above,
 * on and below the rounding boundaries of every target format. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kern.h"
#include "kernels/kern_generic.h"
#include "util/isa.h"
#include "kernels/math/kern_ieee.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "util/xorshift.h"

#include "same_bits.h"
#include "kernels/reduce/kern_reduce.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void) { return xorshift64(&rng_state); }

static tensor *make(et_id t, int rank, const int64_t *dims)
{
    tensor_type ty = { t, rank, { 0 } };
    for (int d = 0; d < rank; d++)
        ty.dims[d] = dims[d];
    tensor *x = tensor_new(&ty);
    ck_assert_ptr_nonnull(x);
    return x;
}

static tensor *vec(et_id t, int64_t n) { return make(t, 1, &n); }

/* random bytes, then every element brought to its type's memory layout */
static void fill_random(tensor *x)
{
    for (size_t b = 0; b < x->nbytes; b++)
        ((unsigned char *)x->data)[b] = (unsigned char)rnd();
    kern_int_normalize(x->type.elem, x->data, x->count);
}


/* ---- transpose ------------------------------------------------------------ */

/* 2-D transposes of shapes around the micro tile sides (16, 8, 4, 2
 * elements) and the block side (512 bytes), against o[i][j] = x[j][i]. */
START_TEST(transpose_odd_shapes)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    static const int64_t shapes[][2] = { { 1, 1 },   { 2, 3 },    { 15, 17 },  { 16, 16 }, { 17, 33 },
                                         { 31, 64 }, { 100, 9 },  { 129, 70 }, { 7, 300 }, { 513, 35 },
                                         { 40, 1030 }, { 260, 257 } };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int64_t a = shapes[k][0], b = shapes[k][1];
        int64_t xd[2] = { a, b }, rd[2] = { b, a };
        tensor *x = make(t, 2, xd), *r = make(t, 2, rd);
        fill_random(x);
        memset(r->data, 0xA5, r->nbytes);
        static const int64_t perm[2] = { 1, 0 };
        ck_assert_int_eq(kern_transpose(NULL, x, perm, r), IRRUN_OK);
        for (int64_t i = 0; i < b; i++)
            for (int64_t j = 0; j < a; j++)
                if (memcmp((unsigned char *)r->data + (size_t)(i * a + j) * es,
                           (unsigned char *)x->data + (size_t)(j * b + i) * es, es))
                    ck_abort_msg("%s %lldx%lld: result [%lld][%lld] wrong", et_get(t)->name,
                                 (long long)a, (long long)b, (long long)i, (long long)j);
        tensor_release(x);
        tensor_release(r);
    }
}
END_TEST

/* Reverses of the inner dim, the outer dim and both, and broadcasts of a
 * row into every row and of a column along every row, on row lengths
 * around the 16-byte vector, against the index arithmetic. */
START_TEST(reverse_and_broadcast_rows)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    static const int64_t lens[] = { 1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 100 };
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        int64_t xd[2] = { 3, lens[k] };
        tensor *x = make(t, 2, xd), *r = make(t, 2, xd), *want = make(t, 2, xd);
        fill_random(x);
        for (int which = 1; which <= 3; which++) { /* bit 0: inner dim, bit 1: outer */
            int64_t dims[2];
            int nd = 0;
            if (which & 2)
                dims[nd++] = 0;
            if (which & 1)
                dims[nd++] = 1;
            for (int64_t i = 0; i < 3; i++)
                for (int64_t j = 0; j < xd[1]; j++) {
                    int64_t si = which & 2 ? 2 - i : i, sj = which & 1 ? xd[1] - 1 - j : j;
                    memcpy((unsigned char *)want->data + (size_t)(i * xd[1] + j) * es,
                           (unsigned char *)x->data + (size_t)(si * xd[1] + sj) * es, es);
                }
            memset(r->data, 0xA5, r->nbytes);
            ck_assert_int_eq(kern_reverse(NULL, x, dims, nd, r), IRRUN_OK);
            char what[96];
            snprintf(what, sizeof what, "%s reverse %d of 3x%lld", et_get(t)->name, which, (long long)xd[1]);
            same_bits(r, want, what);
        }
        /* the row x[0] into each of 3 rows, and x[0][i] along row i */
        tensor row = tensor_view(t, xd[1], x->data);
        for (int64_t dim = 0; dim < 2; dim++) {
            int64_t rd[2] = { dim ? 3 : xd[1], dim ? xd[1] : 3 };
            tensor *b = make(t, 2, rd), *bw = make(t, 2, rd);
            for (int64_t i = 0; i < rd[0]; i++)
                for (int64_t j = 0; j < rd[1]; j++)
                    memcpy((unsigned char *)bw->data + (size_t)(i * rd[1] + j) * es,
                           (unsigned char *)x->data + (size_t)(dim ? j : i) * es, es);
            memset(b->data, 0xA5, b->nbytes);
            ck_assert_int_eq(kern_broadcast(NULL, &row, &dim, b), IRRUN_OK);
            char what[96];
            snprintf(what, sizeof what, "%s broadcast into dim %lld, length %lld", et_get(t)->name,
                     (long long)dim, (long long)xd[1]);
            same_bits(b, bw, what);
            tensor_release(b);
            tensor_release(bw);
        }
        tensor_release(x);
        tensor_release(r);
        tensor_release(want);
    }
}
END_TEST

/* ---- reduce --------------------------------------------------------------- */

/* A part pattern that is often special: zeros of both signs, infinities,
 * NaNs with payloads (quiet and signaling), the largest finite, equal
 * neighbours (ties of complex maximum), else random bits or a modest
 * value. */
static uint64_t reduce_pattern(et_id p, uint64_t prev)
{
    const et_traits *tr = et_get(p);
    uint64_t r = rnd();
    if (tr->kind != EK_FLOAT)
        return r % 5 == 0 ? prev : (rnd() % 3 == 0 ? rnd() % 7 : rnd()) & et_value_mask(p);
    const fp_format *F = fp_fmt(tr->fmt);
    uint64_t sign = rnd() % 2 ? F->sign_mask : 0, allexp = ((UINT64_C(1) << F->ebits) - 1) << F->mbits;
    switch (r % 10) {
    case 0: return sign;
    case 1: return prev;
    case 2: return (allexp | (rnd() & ((UINT64_C(1) << F->mbits) - 1)) | sign) & F->mask; /* NaN or inf */
    case 3: return (F->max_bits | sign) & F->mask;
    case 4: return (rnd() & ((UINT64_C(1) << F->mbits) - 1)) | sign; /* subnormal */
    case 5:
    case 6: return rnd() & F->mask;
    default: return fp_from_double(tr->fmt, ((double)(rnd() % 64) - 32.0) / 8.0, FPR_RNE);
    }
}

/* Reduces of the trailing dims (and of the leading and a middle one) with
 * add, multiply, maximum and minimum, accumulator on either side, against
 * a left fold of one kern_binary element at a time, for numbers of result
 * elements around the interleaving width. */
START_TEST(reduce_rows_are_folds)
{
    et_id t = (et_id)_i, p = et_part(t);
    size_t es = et_get(t)->bytes;
    static const kern_binop ops[] = { KB_ADD, KB_MUL, KB_MAX, KB_MIN };
    static const int64_t shapes[][3] = { { 1, 1, 5 }, { 7, 3, 3 }, { 8, 1, 33 }, { 19, 2, 20 }, { 2, 17, 7 } };
    for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {
        const int64_t *d = shapes[sh];
        tensor *x = make(t, 3, d);
        uint64_t prev_re = 0, prev_im = 0;
        for (int64_t i = 0; i < x->count; i++) {
            unsigned char *e = (unsigned char *)x->data + (size_t)i * es;
            prev_re = reduce_pattern(p, prev_re);
            prev_im = reduce_pattern(p, prev_im);
            et_store_bits(p, e, prev_re);
            if (p != t)
                et_store_bits(p, e + et_get(p)->bytes, prev_im);
        }
        static const int64_t red[][2] = { { 2, -1 }, { 1, 2 }, { 0, -1 }, { 1, -1 } };
        for (size_t rk = 0; rk < sizeof red / sizeof red[0]; rk++) {
            int nd = red[rk][1] < 0 ? 1 : 2;
            bool reduced[3] = { false, false, false };
            for (int k = 0; k < nd; k++)
                reduced[red[rk][k]] = true;
            int64_t rd[3], rr = 0;
            for (int k = 0; k < 3; k++)
                if (!reduced[k])
                    rd[rr++] = d[k];
            for (size_t oi = 0; oi < sizeof ops / sizeof ops[0]; oi++)
                for (int left = 0; left < 2; left++) {
                    tensor *init = make(t, 0, NULL), *r = make(t, rr, rd), *want = make(t, rr, rd);
                    et_store_bits(p, init->data, reduce_pattern(p, 0));
                    if (p != t)
                        et_store_bits(p, (unsigned char *)init->data + et_get(p)->bytes, reduce_pattern(p, 0));
                    memset(r->data, 0xA5, r->nbytes);
                    irrun_status st = kern_reduce_binop(NULL, ops[oi], left, x, init, red[rk], nd, r);
                    if (st == IRRUN_UNSUPPORTED) { /* the op does not apply to the type */
                        tensor_release(init);
                        tensor_release(r);
                        tensor_release(want);
                        continue;
                    }
                    ck_assert_int_eq(st, IRRUN_OK);
                    /* the fold: result element o over the reduced coordinates in
                     * row-major order */
                    int64_t i3[3];
                    for (int64_t o = 0; o < want->count; o++) {
                        unsigned char *acc = (unsigned char *)want->data + (size_t)o * es;
                        memcpy(acc, init->data, es);
                        tensor av = tensor_view(t, 1, acc);
                        for (i3[0] = 0; i3[0] < d[0]; i3[0]++)
                            for (i3[1] = 0; i3[1] < d[1]; i3[1]++)
                                for (i3[2] = 0; i3[2] < d[2]; i3[2]++) {
                                    int64_t ko = 0; /* the kept coordinates' result index */
                                    for (int k = 0; k < 3; k++)
                                        if (!reduced[k])
                                            ko = ko * d[k] + i3[k];
                                    if (ko != o)
                                        continue;
                                    int64_t xi = (i3[0] * d[1] + i3[1]) * d[2] + i3[2];
                                    tensor xv = tensor_view(t, 1, (unsigned char *)x->data + (size_t)xi * es);
                                    ck_assert_int_eq(left ? kern_binary(ops[oi], &av, &xv, &av)
                                                          : kern_binary(ops[oi], &xv, &av, &av), IRRUN_OK);
                                }
                    }
                    char what[128];
                    snprintf(what, sizeof what, "%s reduce op %d acc_left %d shape %lldx%lldx%lld dims %lld,%lld",
                             et_get(t)->name, (int)ops[oi], left, (long long)d[0], (long long)d[1],
                             (long long)d[2], (long long)red[rk][0], (long long)red[rk][1]);
                    same_bits(r, want, what);
                    tensor_release(init);
                    tensor_release(r);
                    tensor_release(want);
                }
        }
        tensor_release(x);
    }
}
END_TEST

/* ---- convert -------------------------------------------------------------- */

/* kern_convert against the generic loop, x into every type. */
static void convert_into_all(const tensor *x, const char *label)
{
    for (int to = 0; to < ET_COUNT; to++) {
        tensor *r1 = vec((et_id)to, x->count), *r2 = vec((et_id)to, x->count);
        memset(r1->data, 0xA5, r1->nbytes);
        memset(r2->data, 0x5A, r2->nbytes);
        ck_assert_int_eq(kern_convert(x, r1), IRRUN_OK);
        ck_assert_int_eq(kern_convert_generic(x, r2), IRRUN_OK);
        char what[128];
        snprintf(what, sizeof what, "%s %s -> %s", label, et_get(x->type.elem)->name, et_get((et_id)to)->name);
        same_bits(r1, r2, what);
        tensor_release(r1);
        tensor_release(r2);
    }
}

/* 16-bit sources long enough to be converted through a table of their
 * 65536 patterns: every pattern, twice and a bit, into every type. */
START_TEST(convert_16bit_sources_by_table)
{
    static const et_id srcs[] = { ET_BF16, ET_F16, ET_I16, ET_UI16 };
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        int64_t n = (INT64_C(1) << 17) + 37;
        tensor *x = vec(srcs[k], n);
        uint16_t *p = x->data;
        for (int64_t i = 0; i < n; i++)
            p[i] = (uint16_t)(i * 40503u + 11);
        convert_into_all(x, "table");
        tensor_release(x);
    }
}
END_TEST

/* Integers placed at and around the rounding boundaries of formats of 1 to
 * 12, 24 and 53 significant bits at every magnitude (ties, one off a tie,
 * one ulp off, sticky bits far below), both signs, from i32, ui32, i64 and
 * ui64 into every type: a conversion that rounds twice fails here. */
START_TEST(convert_integers_at_rounding_boundaries)
{
    static const et_id srcs[] = { ET_I64, ET_UI64, ET_I32, ET_UI32 };
    static const int precs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 24, 53 };
    int64_t cap = 64 * 14 * 4 * 9 * 2, n = 0;
    uint64_t *v = malloc((size_t)cap * sizeof *v);
    ck_assert_ptr_nonnull(v);
    for (int k = 1; k < 64; k++)
        for (size_t pi = 0; pi < sizeof precs / sizeof precs[0]; pi++) {
            int sh = k - precs[pi] + 1; /* the ulp at 2^k with that precision */
            if (sh < 1)
                continue;
            uint64_t ulp = UINT64_C(1) << sh, half = ulp >> 1;
            for (uint64_t q = 0; q < 4; q++) {
                uint64_t base = (UINT64_C(1) << k) + q * ulp;
                uint64_t d[] = { 0, 1, half, half - 1, half + 1, ulp - 1, (uint64_t)0 - 1,
                                 half + (rnd() & (half - 1)), rnd() & (ulp - 1) };
                for (size_t di = 0; di < sizeof d / sizeof d[0]; di++) {
                    v[n++] = base + d[di];
                    v[n++] = (uint64_t)0 - (base + d[di]);
                }
            }
        }
    ck_assert_int_le(n, cap);
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        tensor *x = vec(srcs[k], n);
        for (int64_t i = 0; i < n; i++)
            et_store_bits(srcs[k], (unsigned char *)x->data + (size_t)i * et_get(srcs[k])->bytes,
                          v[i] & et_value_mask(srcs[k]));
        convert_into_all(x, "boundaries");
        tensor_release(x);
    }
    free(v);
}
END_TEST

/* Binary64 and binary32 values at, just off and one ulp off the halfway
 * points of formats of 1 to 12 and 24 significant bits, over every
 * exponent from below f32's subnormals to beyond f16's and the small
 * formats' ranges, both signs, into every type (also as complex parts). */
START_TEST(convert_floats_at_rounding_boundaries)
{
    static const et_id srcs[] = { ET_F64, ET_F32, ET_C128, ET_C64 };
    static const int precs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 24 };
    int64_t cap = 320 * 13 * 3 * 7 * 2, n = 0;
    double *v = malloc((size_t)cap * sizeof *v);
    ck_assert_ptr_nonnull(v);
    for (int e = -160; e <= 140; e++)
        for (size_t pi = 0; pi < sizeof precs / sizeof precs[0]; pi++)
            for (int q = 0; q < 3; q++) {
                int p = precs[pi];
                double base = ldexp(1.0 + q * ldexp(1.0, 1 - p), e), half = ldexp(1.0, e - p);
                double t = base + half; /* exact in binary64 for p <= 24 */
                double d[] = { base, t, nextafter(t, 0), nextafter(t, INFINITY), t + ldexp(half, -30),
                               t - ldexp(half, -30), nextafter(base, 0) };
                for (size_t di = 0; di < sizeof d / sizeof d[0]; di++) {
                    v[n++] = d[di];
                    v[n++] = -d[di];
                }
            }
    ck_assert_int_le(n, cap);
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        et_id t = srcs[k], p = et_part(t);
        tensor *x = vec(t, n);
        for (int64_t i = 0; i < n; i++) {
            unsigned char *e = (unsigned char *)x->data + (size_t)i * et_get(t)->bytes;
            uint64_t re = fp_from_double(et_get(p)->fmt, v[i], FPR_RNE);
            /* (into f32 the values of up to 24 bits stay exact; the
             * binary64 neighbours round to them) */
            et_store_bits(p, e, re);
            if (p != t)
                et_store_bits(p, e + et_get(p)->bytes, fp_from_double(et_get(p)->fmt, v[(i + 1) % n], FPR_RNE));
        }
        convert_into_all(x, "boundaries");
        tensor_release(x);
    }
    free(v);
}
END_TEST

/* f64, f32, complex<f32> and complex<f64> sources of random bit patterns (every exponent: NaNs with
 * payloads, subnormals, overflow), the specials, and values at the f16 and
 * bf16 overflow and subnormal edges, at lengths that leave every tail of
 * the vector loops, into every type; on the host's vector paths and on the
 * portable loops (IRRUN_ISA=generic). */
START_TEST(convert_float_bit_patterns)
{
    static const et_id srcs[] = { ET_F64, ET_F32, ET_C64, ET_C128 };
    static const int64_t lens[] = { 1, 3, 4, 7, 9, 255, 256, 257, 1031, 4099 };
    const double edge[] = { 65504.0, 65519.99, 65520.0, 65536.0, 0x1p-14, 0x1p-24, 0x1p-25, 0x1.8p-25,
                            0x1p-26, 0x1.fffffep127, 0x1.ffp127, 0x1p-126, 0x1p-133, 0x1p-134,
                            0x1.8p-134, 0x1p-149, 0x1p-1074, 0x1p1023, INFINITY, NAN, 0.0 };
    const char *saved = getenv("IRRUN_ISA");
    for (int isa = 0; isa < 2; isa++) {
        if (isa)
            setenv("IRRUN_ISA", "generic", 1);
        isa_recheck();
        for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++)
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                int64_t n = lens[li];
                tensor *x = vec(srcs[k], n);
                et_id p = et_part(srcs[k]);
                for (int64_t i = 0; i < 2 * n; i++) { /* (re, im of complex) */
                    if (p == srcs[k] && i >= n)
                        break;
                    uint64_t r = rnd(), b;
                    fp_id f = et_get(p)->fmt;
                    double e = (r & 64 ? -1 : 1) * edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
                    double m = ldexp((double)((r >> 20) % 4096), (int)((r >> 8) % 80) - 40);
                    switch (r % 4) {
                    case 0: b = fp_from_double(f, e, FPR_RNE); break;
                    case 1: b = fp_from_double(f, m, FPR_RNE); break;
                    default: b = rnd(); break;
                    }
                    et_store_bits(p, (unsigned char *)x->data + (size_t)i * et_get(p)->bytes,
                                  b & et_value_mask(p));
                }
                convert_into_all(x, isa ? "bits generic" : "bits");
                tensor_release(x);
            }
    }
    if (saved)
        setenv("IRRUN_ISA", saved, 1);
    else
        unsetenv("IRRUN_ISA");
    isa_recheck();
}
END_TEST

/* i32, ui32, i64 and ui64 sources of random patterns, small values, and
 * values around powers of two and the rounding boundaries of formats of 1
 * to 12 significant bits, at lengths that leave every tail of the vector
 * loops (and stay below the clamped table's lengths for the narrow
 * formats), into every type; on the host's vector paths and on the
 * portable loops (IRRUN_ISA=generic). */
START_TEST(convert_integer_bit_patterns)
{
    static const et_id srcs[] = { ET_I32, ET_UI32, ET_I64, ET_UI64 };
    static const int64_t lens[] = { 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 33, 63, 255, 256, 257, 1031, 4095 };
    const char *saved = getenv("IRRUN_ISA");
    for (int isa = 0; isa < 2; isa++) {
        if (isa)
            setenv("IRRUN_ISA", "generic", 1);
        isa_recheck();
        for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++)
            for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                int64_t n = lens[li];
                tensor *x = vec(srcs[k], n);
                for (int64_t i = 0; i < n; i++) {
                    uint64_t r = rnd(), v;
                    int e = (int)((r >> 8) % 64), p = 1 + (int)((r >> 16) % 12), sh = e - p > 0 ? e - p : 0;
                    uint64_t base = (UINT64_C(1) << e) + (rnd() & ((UINT64_C(1) << e) - 1) & ~((UINT64_C(1) << sh) - 1));
                    uint64_t half = sh ? UINT64_C(1) << (sh - 1) : 0;
                    /* a sticky bit alone, often among bits 11..0 (which a 64-bit value of
                     * 2^53 or more keeps in a binary64 only as a sticky bit) */
                    uint64_t lone = UINT64_C(1) << (r >> 24) % (sh > 12 ? 12 : sh ? sh : 1);
                    switch (r % 8) {
                    case 0: v = (uint64_t)((int64_t)(r >> 8) % 1000 - 500); break;
                    case 1: v = base + half + (r >> 20) % 3 - 1; break;
                    case 2: v = (uint64_t)0 - (base + half + (r >> 20) % 3 - 1); break;
                    case 3: v = base + (half ? rnd() % (2 * half) : 0); break;
                    case 4: v = base + half + lone; break;
                    case 5: v = (uint64_t)0 - (base + half + lone); break;
                    default: v = rnd(); break;
                    }
                    et_store_bits(srcs[k], (unsigned char *)x->data + (size_t)i * et_get(srcs[k])->bytes,
                                  v & et_value_mask(srcs[k]));
                }
                convert_into_all(x, isa ? "int bits generic" : "int bits");
                tensor_release(x);
            }
    }
    if (saved)
        setenv("IRRUN_ISA", saved, 1);
    else
        unsetenv("IRRUN_ISA");
    isa_recheck();
}
END_TEST

/* Wide integer sources long enough for the clamped table of formats below
 * 2^16 (f16, the small formats): values around 0 and around the clamp of
 * every format, and extremes, into every type. */
START_TEST(convert_wide_integers_by_clamped_table)
{
    static const et_id srcs[] = { ET_I32, ET_UI32, ET_I64, ET_UI64 };
    const char *saved = getenv("IRRUN_ISA");
    for (size_t k = 0; k < 2 * sizeof srcs / sizeof srcs[0]; k++) {
        if (k == sizeof srcs / sizeof srcs[0]) /* then on the portable loops (i32 and ui32 take the table there) */
            setenv("IRRUN_ISA", "generic", 1);
        isa_recheck();
        et_id src = srcs[k % (sizeof srcs / sizeof srcs[0])];
        int64_t n = 8 * 65536 + 5;
        tensor *x = vec(src, n);
        for (int64_t i = 0; i < n; i++) {
            uint64_t r = rnd(), v;
            switch (r % 4) {
            case 0: v = (uint64_t)((int64_t)(r >> 8) % 140000 - 70000); break;
            case 1: v = (uint64_t)((int64_t)1 << (r >> 8) % 17) + (r >> 16) % 5 - 2; break;
            case 2: v = (uint64_t)0 - ((uint64_t)1 << (r >> 8) % 17) + (r >> 16) % 5 - 2; break;
            default: v = rnd(); break;
            }
            et_store_bits(src, (unsigned char *)x->data + (size_t)i * et_get(src)->bytes,
                          v & et_value_mask(src));
        }
        convert_into_all(x, "clamped");
        tensor_release(x);
    }
    if (saved)
        setenv("IRRUN_ISA", saved, 1);
    else
        unsetenv("IRRUN_ISA");
    isa_recheck();
}
END_TEST

/* ---- iota ----------------------------------------------------------------- */

/* Long iotas (f16 overflows at 65520, bf16 has runs of 1024 equal values
 * at 2^17) against the generic conversion of each index, and 2-D iotas
 * along either dimension against the definition. */
START_TEST(iota_is_converted_index)
{
    et_id t = (et_id)_i;
    size_t es = et_get(t)->bytes;
    int64_t n = 150001;
    tensor *idx = vec(ET_I64, n), *r = vec(t, n), *want = vec(t, n);
    for (int64_t i = 0; i < n; i++)
        ((int64_t *)idx->data)[i] = i;
    memset(r->data, 0xA5, r->nbytes);
    ck_assert_int_eq(kern_iota(0, r), IRRUN_OK);
    ck_assert_int_eq(kern_convert_generic(idx, want), IRRUN_OK);
    char what[64];
    snprintf(what, sizeof what, "%s iota", et_get(t)->name);
    same_bits(r, want, what);
    for (int64_t dim = 0; dim < 2; dim++) {
        int64_t d[2] = { 3, 70 };
        tensor *r2 = make(t, 2, d);
        memset(r2->data, 0xA5, r2->nbytes);
        ck_assert_int_eq(kern_iota(dim, r2), IRRUN_OK);
        for (int64_t i = 0; i < 3; i++)
            for (int64_t j = 0; j < 70; j++)
                if (memcmp((unsigned char *)r2->data + (size_t)(i * 70 + j) * es,
                           (unsigned char *)want->data + (size_t)(dim ? j : i) * es, es))
                    ck_abort_msg("%s iota along %lld: [%lld][%lld] wrong", et_get(t)->name, (long long)dim,
                                 (long long)i, (long long)j);
        tensor_release(r2);
    }
    tensor_release(idx);
    tensor_release(r);
    tensor_release(want);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fast paths");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, transpose_odd_shapes, 0, ET_COUNT);
    tcase_add_loop_test(tc, reverse_and_broadcast_rows, 0, ET_COUNT);
    tcase_add_loop_test(tc, reduce_rows_are_folds, 0, ET_COUNT);
    tcase_add_test(tc, convert_16bit_sources_by_table);
    tcase_add_test(tc, convert_integers_at_rounding_boundaries);
    tcase_add_test(tc, convert_floats_at_rounding_boundaries);
    tcase_add_test(tc, convert_wide_integers_by_clamped_table);
    tcase_add_test(tc, convert_float_bit_patterns);
    tcase_add_test(tc, convert_integer_bit_patterns);
    tcase_add_loop_test(tc, iota_is_converted_index, 0, ET_COUNT);
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
