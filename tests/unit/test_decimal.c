/* Decimal literals: every line of the shared decimal vectors (small formats,
 * bf16, f16, f32) and the SPEC.md A.2 / 3.5 cases in RNE; midpoints of every
 * format (exact, a hair above, a hair below) against the even/upper/lower
 * neighbour; the fast path against the exact path in every rounding mode;
 * syntax; huge exponents and digit counts; the big-integer helpers. */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "types/bignum.h"
#include "types/fpdecimal.h"
#include "types/fpprint.h"
#include "util/xorshift.h"
#include "vectors.h"

static const fp_id vector_formats[] = {
    FP_F4E2M1FN, FP_F6E2M3FN, FP_F6E3M2FN, FP_F8E3M4, FP_F8E4M3, FP_F8E4M3FN,
    FP_F8E4M3FNUZ, FP_F8E4M3B11FNUZ, FP_F8E5M2, FP_F8E5M2FNUZ, FP_F8E8M0FNU,
    FP_BF16, FP_F16, FP_F32,
};
enum { N_FORMATS = sizeof vector_formats / sizeof vector_formats[0] };

/* Compares an expected and an actual pattern for one literal; prints the
 * case and returns 1 when they differ. Every test below counts mismatches
 * with it. */
static int bits_mismatch(const char *what, fp_id f, const char *text, uint64_t want, uint64_t got)
{
    if (want == got)
        return 0;
    char w[FP_PRINT_MAX], g[FP_PRINT_MAX];
    fp_print_hex(fp_fmt(f)->bits, want, w);
    fp_print_hex(fp_fmt(f)->bits, got, g);
    fprintf(stderr, "%s %s \"%.200s%s\": want %s got %s\n", what, fp_fmt(f)->name, text,
            strlen(text) > 200 ? "..." : "", w, g);
    return 1;
}

/* a deliberately wrong expectation: its line in the log is no failure */
#define PLANTED "ok, the self-test's planted mismatch is reported:"

START_TEST(checker_detects_mismatch)
{
    ck_assert_int_eq(bits_mismatch(PLANTED, FP_F8E4M3, "1.0625", 0x39, 0x38), 1);
    ck_assert_int_eq(bits_mismatch("self-test", FP_F8E4M3, "1.0625", 0x38, 0x38), 0);
    /* a wrong expectation against the parser's real output */
    uint64_t got = 0;
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3, "1.0625", 6, FPR_RNE, 0, &got), 0);
    ck_assert_int_eq(bits_mismatch(PLANTED, FP_F8E4M3, "1.0625", 0x39, got), 1);
}
END_TEST

/* (no ck_assert in loops: each one costs a write in CK_FORK=no mode;
 * a rejected text gives a pattern no format has, so it shows as a mismatch) */
static uint64_t parse_rne(fp_id f, const char *text)
{
    uint64_t bits = UINT64_MAX;
    if (fp_from_decimal(f, text, strlen(text), FPR_RNE, 0, &bits) != 0) {
        fprintf(stderr, "rejected \"%.200s\"\n", text);
        return UINT64_MAX;
    }
    return bits;
}

START_TEST(decimal_vectors)
{
    fp_id f = vector_formats[_i];
    char path[128];
    static char line[8192];
    snprintf(path, sizeof path, "decimal/%s.tsv", fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    int bad = 0, lines = 0;
    while (fgets(line, sizeof line, in)) {
        char *col[3];
        if (line[0] == '\n' || line[0] == '#')
            continue;
        if (vec_fields(line, col, 3) != 2) {
            fprintf(stderr, "%s: malformed line %d\n", path, lines + 1);
            bad++;
            continue;
        }
        uint64_t want = vec_hex(col[1]);
        bad += bits_mismatch("vector", f, col[0], want, parse_rne(f, col[0]));
        /* the exact value rounds the same way through the encoder */
        fp_value v;
        if (fp_decimal_value(col[0], strlen(col[0]), &v) != 0)
            v.cls = FPC_NAN;
        bad += bits_mismatch("vector via fp_decimal_value", f, col[0], want, fp_encode(f, &v, FPR_RNE, 0));
        lines++;
    }
    fclose(in);
    ck_assert_int_gt(lines, 50);
    ck_assert_msg(bad == 0, "%s: %d mismatches in %d lines", fp_fmt(f)->name, bad, lines);
}
END_TEST

typedef struct {
    const char *text;
    fp_id f;
    uint64_t bits;
} dec_case;

/* SPEC.md A.2 and the examples of 3.5 / 3.8 */
static const dec_case spec_cases[] = {
    { "0.1", FP_F8E4M3FN, 0x1D },
    { "0.1", FP_F8E5M2, 0x2E },
    { "0.1", FP_F8E3M4, 0x06 },
    { "0.1", FP_F8E8M0FNU, 0x7C },
    { "0.1", FP_F8E4M3FNUZ, 0x25 },
    { "0.1", FP_F8E4M3B11FNUZ, 0x3D },
    { "0.1", FP_F4E2M1FN, 0x0 },
    { "0.1", FP_F6E2M3FN, 0x01 },
    { "0.1", FP_F6E3M2FN, 0x02 },
    { "3.1415", FP_F8E4M3, 0x45 },
    { "3.1415", FP_F8E5M2, 0x42 },
    { "3.1415", FP_F8E3M4, 0x49 },
    { "3.1415", FP_F8E8M0FNU, 0x81 },
    { "464.0", FP_F8E4M3FN, 0x7E },
    { "465.0", FP_F8E4M3FN, 0x7F },
    { "1000.0", FP_F8E4M3, 0x78 },
    { "1000.0", FP_F8E4M3FN, 0x7F },
    { "-1000.0", FP_F8E4M3FN, 0xFF },
    { "-1000.0", FP_F8E4M3FNUZ, 0x80 },
    { "-1000.0", FP_F8E4M3B11FNUZ, 0x80 },
    { "-1000.0", FP_F8E5M2FNUZ, 0xE8 }, /* in range: max is 57344 */
    { "-1000.0", FP_F8E5M2, 0xE4 },
    { "1000.0", FP_F8E5M2, 0x64 },
    { "248.0", FP_F8E4M3, 0x78 },
    { "247.9", FP_F8E4M3, 0x77 },
    { "61440.0", FP_F8E5M2, 0x7C },
    { "61439.0", FP_F8E5M2, 0x7B },
    { "31.0", FP_F8E4M3B11FNUZ, 0x80 },
    { "-0.0", FP_F8E4M3FNUZ, 0x00 },
    { "-0.0", FP_F8E8M0FNU, 0x00 },
    { "-0.0", FP_F8E4M3FN, 0x80 },
    { "-0.0", FP_F32, 0x80000000 },
    { "1000.0", FP_F6E2M3FN, 0x1F },
    { "1000.0", FP_F4E2M1FN, 0x7 },
    { "65520.0", FP_F16, 0x7C00 },
    { "65519.99", FP_F16, 0x7BFF },
    { "1.0e-8", FP_F16, 0x0000 },
    { "1.06250000000000000001", FP_F8E4M3, 0x39 },
    { "1.0625", FP_F8E4M3, 0x38 },
    { "1.00048828125000000000001", FP_F16, 0x3C01 },
    { "1.00048828125", FP_F16, 0x3C00 },
    { "1.0e39", FP_F32, 0x7F800000 },
    { "1.0e-400", FP_F32, 0x00000000 },
    { "1.0e400", FP_F8E4M3FN, 0x7F },
    { "1.0e400", FP_F64, UINT64_C(0x7FF0000000000000) },
    { "-1.0e400", FP_F4E2M1FN, 0xF },
    { "0.333333343", FP_F32, 0x3EAAAAAB },
    { "-2.609380e+00", FP_F32, 0xC0270015 },
    { "1.5", FP_BF16, 0x3FC0 },
    { "16777217", FP_F32, 0x4B800000 },
    { "16777217.000000000000000000001", FP_F32, 0x4B800001 },
    /* f64: correctly rounded where a naive double computation is not */
    { "0.1", FP_F64, UINT64_C(0x3FB999999999999A) },
    { "9007199254740993", FP_F64, UINT64_C(0x4340000000000000) },
    { "9007199254740993.0000000000000001", FP_F64, UINT64_C(0x4340000000000001) },
    { "2.2250738585072011e-308", FP_F64, UINT64_C(0x000FFFFFFFFFFFFF) },
    { "2.2250738585072012e-308", FP_F64, UINT64_C(0x0010000000000000) },
    { "4.9406564584124654e-324", FP_F64, UINT64_C(0x0000000000000001) },
    { "2.4703282292062327e-324", FP_F64, UINT64_C(0x0000000000000000) },
    { "2.4703282292062328e-324", FP_F64, UINT64_C(0x0000000000000001) },
    { "1.7976931348623157e308", FP_F64, UINT64_C(0x7FEFFFFFFFFFFFFF) },
    { "1.7976931348623158e308", FP_F64, UINT64_C(0x7FEFFFFFFFFFFFFF) },
    { "1.7976931348623159e308", FP_F64, UINT64_C(0x7FF0000000000000) },
    { "1e23", FP_F64, UINT64_C(0x44B52D02C7E14AF6) },
    { "1.401298464324817e-45", FP_F32, 0x00000001 },
    { "7.006492321624085e-46", FP_F32, 0x00000000 }, /* just below half of minS */
    { "7.006492321624086e-46", FP_F32, 0x00000001 },
    { "5.877471754111437539843682686111228389093e-39", FP_F8E8M0FNU, 0x00 },
    { "1e-50", FP_F8E8M0FNU, 0x00 },
    { "1.7014118346046923e38", FP_F8E8M0FNU, 0xFE },
    { "3.5e38", FP_F8E8M0FNU, 0xFF },
};

START_TEST(spec_examples)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof spec_cases / sizeof spec_cases[0]; i++)
        bad += bits_mismatch("spec", spec_cases[i].f, spec_cases[i].text, spec_cases[i].bits,
                             parse_rne(spec_cases[i].f, spec_cases[i].text));
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(other_modes)
{
    uint64_t b;
    /* truncate: toward zero, beyond max gives max */
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "0.1", 3, FPR_TRUNCATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0x1C); /* 0.09375 */
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "-1000", 5, FPR_TRUNCATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0xFE);
    ck_assert_int_eq(fp_from_decimal(FP_F32, "1.5", 3, FPR_TRUNCATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0x3FC00000);
    ck_assert_int_eq(fp_from_decimal(FP_F32, "0.1", 3, FPR_TRUNCATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0x3DCCCCCC);
    ck_assert_int_eq(fp_from_decimal(FP_F64, "0.1", 3, FPR_TRUNCATE, 0, &b), 0);
    ck_assert_uint_eq(b, UINT64_C(0x3FB9999999999999));
    /* saturate: overflow gives max */
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "1000", 4, FPR_SATURATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0x7E);
    ck_assert_int_eq(fp_from_decimal(FP_F8E5M2, "-1e99999", 8, FPR_SATURATE, 0, &b), 0);
    ck_assert_uint_eq(b, 0xFB);
    /* stochastic: 0.1 in f8E4M3FN lies 0.8 of the way from 0x1C (0.09375) to
     * 0x1D (0.1015625). The encoder compares the discarded bits of the
     * 64-bit significand (0xCCCC...CCC, 60 bits, then the sticky bit) as a
     * 64-bit fraction 0xCCCC...CC0 + sticky with the random integer. */
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "0.1", 3, FPR_STOCHASTIC, 0, &b), 0);
    ck_assert_uint_eq(b, 0x1D);
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "0.1", 3, FPR_STOCHASTIC, UINT64_MAX, &b), 0);
    ck_assert_uint_eq(b, 0x1C);
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "0.1", 3, FPR_STOCHASTIC, UINT64_C(0xCCCCCCCCCCCCCCC1), &b), 0);
    ck_assert_uint_eq(b, 0x1C);
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "0.1", 3, FPR_STOCHASTIC, UINT64_C(0xCCCCCCCCCCCCCCC0), &b), 0);
    ck_assert_uint_eq(b, 0x1D);
    ck_assert_int_eq(fp_from_decimal(FP_F8E4M3FN, "-0.1", 4, FPR_STOCHASTIC, UINT64_C(0xCCCCCCCCCCCCCCC0), &b), 0);
    ck_assert_uint_eq(b, 0x9D);
}
END_TEST

START_TEST(syntax)
{
    static const char *const good[] = {
        "1", "1.", ".5", "-.5", "0", "-0", "1e5", "1E5", "1e+5", "1e-5", "-1.5e-3", "00012.34000",
        "1.e3", "0.000", "1e0000000000000000000000000000000000000001",
    };
    static const char *const bad[] = {
        "", "-", ".", "+1.0", "--1", "1e", "1e+", "e5", ".e5", "inf", "nan", "-inf", "1.0x",
        "1 ", " 1", "1..0", "1e5.0", "0x10", "1,5", "1e--5", "١",
    };
    fp_value v;
    uint64_t b;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_msg(fp_decimal_value(good[i], strlen(good[i]), &v) == 0, "rejected \"%s\"", good[i]);
        ck_assert_msg(fp_from_decimal(FP_F16, good[i], strlen(good[i]), FPR_RNE, 0, &b) == 0,
                      "rejected \"%s\"", good[i]);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(fp_decimal_value(bad[i], strlen(bad[i]), &v) == -1, "accepted \"%s\"", bad[i]);
        ck_assert_msg(fp_from_decimal(FP_F16, bad[i], strlen(bad[i]), FPR_RNE, 0, &b) == -1,
                      "accepted \"%s\"", bad[i]);
    }
    /* the length bounds the text: no NUL needed, trailing bytes ignored */
    ck_assert_int_eq(fp_from_decimal(FP_F16, "1.5xyz", 3, FPR_RNE, 0, &b), 0);
    ck_assert_uint_eq(b, 0x3E00);
}
END_TEST

START_TEST(exact_values)
{
    fp_value v;
    ck_assert_int_eq(fp_decimal_value("-0.000e7", 8, &v), 0);
    ck_assert_int_eq(v.cls, FPC_ZERO);
    ck_assert(v.neg);
    ck_assert_int_eq(fp_decimal_value("0000", 4, &v), 0);
    ck_assert_int_eq(v.cls, FPC_ZERO);
    ck_assert(!v.neg);
    ck_assert_int_eq(fp_decimal_value("0e99999999999999999", 19, &v), 0);
    ck_assert_int_eq(v.cls, FPC_ZERO);
    ck_assert_int_eq(fp_decimal_value("1.5", 3, &v), 0);
    ck_assert_int_eq(v.cls, FPC_FINITE);
    ck_assert_uint_eq(v.sig, UINT64_C(0xC000000000000000));
    ck_assert_int_eq(v.exp, 0);
    ck_assert(!v.sticky);
    ck_assert_int_eq(fp_decimal_value("-0.1", 4, &v), 0);
    ck_assert(v.neg);
    ck_assert_uint_eq(v.sig, UINT64_C(0xCCCCCCCCCCCCCCCC));
    ck_assert_int_eq(v.exp, -4);
    ck_assert(v.sticky);
    /* 2^64 - 1 and 2^64 + 1: all 64 bits, then the sticky bit */
    ck_assert_int_eq(fp_decimal_value("18446744073709551615", 20, &v), 0);
    ck_assert_uint_eq(v.sig, UINT64_MAX);
    ck_assert_int_eq(v.exp, 63);
    ck_assert(!v.sticky);
    ck_assert_int_eq(fp_decimal_value("18446744073709551617", 20, &v), 0);
    ck_assert_uint_eq(v.sig, UINT64_C(0x8000000000000000));
    ck_assert_int_eq(v.exp, 64);
    ck_assert(v.sticky);
    /* 2^-1074 exactly */
    char text[1200];
    bignum x;
    bn_set_u64(&x, 1);
    bn_mul_pow5(&x, 1074);
    size_t n = bn_to_decimal(&x, text, sizeof text);
    ck_assert_uint_gt(n, 0);
    snprintf(text + n, sizeof text - n, "e-1074");
    ck_assert_int_eq(fp_decimal_value(text, strlen(text), &v), 0);
    ck_assert_uint_eq(v.sig, UINT64_C(0x8000000000000000));
    ck_assert_int_eq(v.exp, -1074);
    ck_assert(!v.sticky);
}
END_TEST

/* Far outside every range, very long texts: fast and saturating. */
START_TEST(huge_inputs)
{
    int bad = 0;
    static const dec_case cases[] = {
        { "1e99999", FP_F32, 0x7F800000 },
        { "-1e99999", FP_F32, 0xFF800000 },
        { "1e-99999", FP_F32, 0x00000000 },
        { "-1e-99999", FP_F32, 0x80000000 },
        { "1e999999999999999999999999999999", FP_F64, UINT64_C(0x7FF0000000000000) },
        { "1e-999999999999999999999999999999", FP_F64, 0 },
        { "1e99999", FP_F8E4M3FNUZ, 0x80 },
        { "1e99999", FP_F6E3M2FN, 0x1F },
        { "1e-99999", FP_F8E8M0FNU, 0x00 },
        { "0.0000000000000000000000000000000000000000000000001e99999", FP_F16, 0x7C00 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad += bits_mismatch("huge", cases[i].f, cases[i].text, cases[i].bits, parse_rne(cases[i].f, cases[i].text));

    /* 100000 digits: "1" then zeros then "1" at the end (a hair above 1) */
    enum { LONG = 100000 };
    static char buf[LONG + 16];
    buf[0] = '1';
    buf[1] = '.';
    memset(buf + 2, '0', LONG);
    buf[LONG + 2] = '1';
    buf[LONG + 3] = '\0';
    bad += bits_mismatch("long", FP_F16, "1.000...0001", 0x3C00, parse_rne(FP_F16, buf));
    /* the midpoint of f16 1 and 1+2^-10 plus a digit 100000 places later */
    memcpy(buf, "1.00048828125", 13);
    bad += bits_mismatch("long", FP_F16, "1.00048828125000...0001", 0x3C01, parse_rne(FP_F16, buf));
    /* and the same minus a hair: ...124999...9 */
    memcpy(buf, "1.00048828124", 13);
    memset(buf + 13, '9', LONG - 11);
    bad += bits_mismatch("long", FP_F16, "1.00048828124999...9", 0x3C00, parse_rne(FP_F16, buf));
    /* a long integer part: 10^(LONG-1) overflows */
    memset(buf, '0', LONG);
    buf[0] = '1';
    buf[LONG] = '\0';
    bad += bits_mismatch("long", FP_F32, "1000...0", 0x7F800000, parse_rne(FP_F32, buf));
    /* many leading zeros then digits: 10^-(LONG-10) underflows */
    memset(buf, '0', LONG);
    buf[1] = '.';
    memcpy(buf + LONG - 10, "1234567891", 10);
    bad += bits_mismatch("long", FP_F32, "0.000...01234567891", 0x0, parse_rne(FP_F32, buf));
    /* ... unless the exponent brings it back: x 10^(LONG-10) = 12.34567891 */
    snprintf(buf + LONG, 16, "e%d", LONG - 10);
    bad += bits_mismatch("long", FP_F32, "0.000...01234567891e99988", 0x414587E7, parse_rne(FP_F32, buf));
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* midpoints of every format */

/* The exact decimal of the binary64 d (> 0) as "DIGITSe-K". */
static void exact_decimal(double d, char *out, size_t cap)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    int be = (int)(b >> 52);
    uint64_t m = b & ((UINT64_C(1) << 52) - 1);
    int e = be ? be - 1075 : -1074;
    if (be)
        m |= UINT64_C(1) << 52;
    bignum x;
    bn_set_u64(&x, m);
    int k = 0;
    if (e >= 0) {
        bn_shl(&x, (unsigned)e);
    } else {
        bn_mul_pow5(&x, (unsigned)-e);
        k = -e;
    }
    size_t n = bn_to_decimal(&x, out, cap - 16);
    if (n == 0)
        ck_abort_msg("exact_decimal: buffer too small");
    snprintf(out + n, 16, "e-%d", k);
}

/* Texts a hair above and below "DIGITSe-K": "DIGITS1e-(K+1)" and
 * "(DIGITS-1)9e-(K+1)". */
static void hair_texts(const char *exact, char *above, char *below, size_t cap)
{
    const char *e = strchr(exact, 'e');
    size_t nd = (size_t)(e - exact);
    int k = atoi(e + 2);
    if (nd + 20 >= cap)
        ck_abort_msg("hair_texts: buffer too small");
    memcpy(above, exact, nd);
    snprintf(above + nd, cap - nd, "1e-%d", k + 1);
    memcpy(below, exact, nd);
    /* subtract one from the digits (the digits are > 0) */
    size_t i = nd;
    while (below[i - 1] == '0') {
        below[i - 1] = '9';
        i--;
    }
    below[i - 1]--;
    snprintf(below + nd, cap - nd, "9e-%d", k + 1);
}

/* 15-significant-digit texts at or just below (truncated) and just above
 * (truncated plus one unit) the exact decimal, short enough for the fast
 * path; returns true when the low one is exact (only zeros dropped). */
static bool short_texts(double d, char *lo, char *hi, size_t cap)
{
    char full[1200];
    exact_decimal(d, full, sizeof full);
    const char *e = strchr(full, 'e');
    size_t nd = (size_t)(e - full);
    int k = atoi(e + 2);
    size_t keep = nd < 15 ? nd : 15;
    uint64_t D = 0;
    for (size_t i = 0; i < keep; i++)
        D = D * 10 + (uint64_t)(full[i] - '0');
    bool exact = true;
    for (size_t i = keep; i < nd; i++)
        exact = exact && full[i] == '0';
    int ex = (int)(nd - keep) - k;
    snprintf(lo, cap, "%llue%d", (unsigned long long)D, ex);
    snprintf(hi, cap, "%llue%d", (unsigned long long)(D + 1), ex);
    return exact;
}

static const fp_round all_modes[] = { FPR_RNE, FPR_SATURATE, FPR_TRUNCATE, FPR_STOCHASTIC };

/* fp_from_decimal (fast path where it applies) == the exact value through
 * fp_encode, in every mode. */
static int check_consistent(fp_id f, const char *text, uint64_t random)
{
    fp_value v;
    if (fp_decimal_value(text, strlen(text), &v) != 0) {
        fprintf(stderr, "rejected \"%.200s\"\n", text);
        return 1;
    }
    int bad = 0;
    for (size_t m = 0; m < sizeof all_modes / sizeof all_modes[0]; m++) {
        uint64_t got = UINT64_MAX;
        if (fp_from_decimal(f, text, strlen(text), all_modes[m], random, &got) != 0)
            got = UINT64_MAX;
        bad += bits_mismatch(fp_round_name(all_modes[m]), f, text, fp_encode(f, &v, all_modes[m], random), got);
    }
    return bad;
}

static const fp_id midpoint_formats[] = {
    FP_F4E2M1FN, FP_F6E2M3FN, FP_F6E3M2FN, FP_F8E3M4, FP_F8E4M3, FP_F8E4M3FN,
    FP_F8E4M3FNUZ, FP_F8E4M3B11FNUZ, FP_F8E5M2, FP_F8E5M2FNUZ, FP_F8E8M0FNU,
    FP_BF16, FP_F16, FP_F32, FP_TF32,
};
enum { N_MID = sizeof midpoint_formats / sizeof midpoint_formats[0] };

START_TEST(midpoints)
{
    fp_id f = midpoint_formats[_i];
    const fp_format *F = fp_fmt(f);
    uint64_t seed = 0x12345678u + (uint64_t)_i;
    /* consecutive positive finite magnitudes a, a + 1 (all of them for
     * 8 bits, a sample for wider formats) */
    uint64_t count = F->max_bits; /* pairs (a, a+1) with a + 1 <= max */
    uint64_t step = count > 4096 ? count / 4096 : 1;
    int bad = 0, n = 0;
    for (uint64_t a = 0; a < F->max_bits; a += step) {
        uint64_t pa = a, pb = a + 1;
        if (step > 1) { /* jitter the sample */
            pa = a + xorshift64(&seed) % step;
            if (pa >= F->max_bits)
                continue;
            pb = pa + 1;
        }
        if (fp_classify(f, pa) != FPC_FINITE && fp_classify(f, pa) != FPC_ZERO)
            continue;
        if (fp_classify(f, pb) != FPC_FINITE)
            continue;
        double va = fp_to_double(f, pa), vb = fp_to_double(f, pb);
        double mid = (va + vb) / 2; /* exact: p + 1 <= 25 bits */
        /* the tie goes to the even pattern; E8M0's significands are all 1,
         * its "even" neighbour is the upper one (2 x the lower) */
        uint64_t even = F->nan == FPN_E8M0 ? pb : (pa & 1) ? pb : pa;
        char exact[1200], above[1200], below[1200], lo[64], hi[64];
        exact_decimal(mid, exact, sizeof exact);
        hair_texts(exact, above, below, sizeof above);
        bool lo_exact = short_texts(mid, lo, hi, sizeof lo);
        for (int neg = 0; neg <= (F->has_sign ? 1 : 0); neg++) {
            uint64_t s = neg ? F->sign_mask : 0;
            char t[1300];
            /* FNUZ: pattern 0x80 is NaN, so -0 is +0 */
            uint64_t sa = (pa == 0 && !F->has_negzero) ? 0 : pa | s;
            struct {
                const char *text;
                uint64_t want;
            } c[5] = {
                { exact, even | ((even == pa) ? (sa & F->sign_mask) : s) },
                { above, pb | s },
                { below, sa },
                { lo, lo_exact ? even | ((even == pa) ? (sa & F->sign_mask) : s) : sa },
                { hi, pb | s },
            };
            for (int j = 0; j < 5; j++) {
                snprintf(t, sizeof t, "%s%s", neg ? "-" : "", c[j].text);
                bad += bits_mismatch("midpoint", f, t, c[j].want, parse_rne(f, t));
                bad += check_consistent(f, t, xorshift64(&seed));
                n++;
            }
        }
    }
    ck_assert_int_gt(n, 10);
    ck_assert_msg(bad == 0, "%s: %d mismatches in %d midpoint texts", F->name, bad, n);
}
END_TEST

/* Short random literals: the binary64 fast path against the exact path, in
 * every format and mode (including f64 and exact powers of ten). */
START_TEST(fast_path_matches_exact)
{
    uint64_t seed = 0xDEADBEEFCAFEu;
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t r = xorshift64(&seed);
        unsigned nd = 1 + (unsigned)(r % 17);
        uint64_t D = xorshift64(&seed) % UINT64_C(100000000000000000);
        uint64_t lim = 1;
        for (unsigned j = 0; j < nd; j++)
            lim *= 10;
        D %= lim;
        int E = (int)((r >> 8) % 100) - 60;
        char t[64];
        snprintf(t, sizeof t, "%s%llue%d", (r >> 20) & 1 ? "-" : "", (unsigned long long)D, E);
        fp_id f = (fp_id)((r >> 24) % FP_COUNT);
        bad += check_consistent(f, t, xorshift64(&seed));
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* f64 against the C library's correctly rounding strtod (glibc) on short
 * and long literals. */
START_TEST(f64_against_strtod)
{
    uint64_t seed = 42;
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t r = xorshift64(&seed);
        char t[128];
        int nd = 1 + (int)(r % 25);
        int p = 0;
        for (int j = 0; j < nd; j++)
            t[p++] = (char)('0' + xorshift64(&seed) % 10);
        t[p] = '\0';
        snprintf(t + p, sizeof t - (size_t)p, "e%d", (int)((r >> 16) % 700) - 350);
        double d = strtod(t, NULL);
        uint64_t want;
        memcpy(&want, &d, sizeof want);
        bad += bits_mismatch("strtod", FP_F64, t, want, parse_rne(FP_F64, t));
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* big integers */

static void check_decimal(const bignum *x, const char *want)
{
    char buf[1200];
    size_t n = bn_to_decimal(x, buf, sizeof buf);
    ck_assert_uint_eq(n, strlen(want));
    ck_assert_str_eq(buf, want);
}

START_TEST(bignum_ops)
{
    bignum x, y;
    bn_set_u64(&x, 0);
    check_decimal(&x, "0");
    ck_assert_uint_eq(bn_bitlen(&x), 0);
    bn_set_u64(&x, 1);
    bn_shl(&x, 100);
    check_decimal(&x, "1267650600228229401496703205376");
    ck_assert_uint_eq(bn_bitlen(&x), 101);
    bool st;
    ck_assert_uint_eq(bn_top64(&x, &st), UINT64_C(1) << 63);
    ck_assert(!st);
    bn_muladd_small(&x, 1, 1); /* 2^100 + 1 */
    ck_assert_uint_eq(bn_top64(&x, &st), UINT64_C(1) << 63);
    ck_assert(st);
    ck_assert(bn_shr(&x, 1));   /* loses the 1 */
    ck_assert(!bn_shr(&x, 98)); /* 2^99 >> 98 = 2 */
    ck_assert_uint_eq(bn_low64(&x), 2);
    ck_assert(bn_shr(&x, 5));
    ck_assert(bn_is_zero(&x));

    bn_set_u64(&x, 7);
    bn_mul_pow10(&x, 30);
    check_decimal(&x, "7000000000000000000000000000000");
    bn_set_u64(&x, 3);
    bn_mul_pow5(&x, 40);
    check_decimal(&x, "27284841053187847137451171875");
    y = x;
    ck_assert_int_eq(bn_cmp(&x, &y), 0);
    ck_assert(!bn_div_pow5(&x, 40));
    ck_assert_uint_eq(bn_low64(&x), 3);
    ck_assert_int_eq(bn_cmp(&x, &y), -1);
    ck_assert_int_eq(bn_cmp(&y, &x), 1);
    bn_muladd_small(&y, 1, 1);
    ck_assert(bn_div_pow5(&y, 40));
    ck_assert_uint_eq(bn_low64(&y), 3);
    ck_assert_uint_eq(bn_div_small(&y, 2), 1);
    ck_assert_uint_eq(bn_low64(&y), 1);

    /* shifts across limb boundaries agree with multiplication */
    for (unsigned s = 0; s < 100; s++) {
        bn_set_u64(&x, UINT64_C(0xFEDCBA9876543210));
        bn_shl(&x, s);
        bn_set_u64(&y, UINT64_C(0xFEDCBA9876543210));
        for (unsigned j = 0; j < s; j++)
            bn_mul_small(&y, 2);
        ck_assert_int_eq(bn_cmp(&x, &y), 0);
        ck_assert_uint_eq(bn_bitlen(&x), 64 + s);
        ck_assert_uint_eq(bn_top64(&x, &st), UINT64_C(0xFEDCBA9876543210));
        ck_assert(!st);
        ck_assert(!bn_shr(&x, s));
        ck_assert_uint_eq(bn_low64(&x), UINT64_C(0xFEDCBA9876543210));
    }
    /* capacity: flagged, never out of bounds */
    bn_set_u64(&x, 1);
    bn_shl(&x, BN_LIMBS * 32 + 5);
    ck_assert(x.overflow);
    bn_set_u64(&x, 1);
    bn_shl(&x, BN_LIMBS * 32 - 1);
    ck_assert(!x.overflow);
    bn_mul_small(&x, 2);
    ck_assert(x.overflow);
    /* small buffers are refused */
    bn_set_u64(&x, 123456);
    char small[4];
    ck_assert_uint_eq(bn_to_decimal(&x, small, sizeof small), 0);
}
END_TEST

/* Prints the parser's throughput on typical literals (not asserted: timing
 * varies with the machine and the sanitizers). */
START_TEST(throughput)
{
    static const char *const lits[] = {
        "-2.609380e+00", "0.333333343", "1.5", "3.14159274", "-1.000000e-01", "6.550400e+04",
        "1.23456791E+11", "0.00123456703", "1234.56775", "-7.629390e-06",
    };
    size_t bytes = 0;
    uint64_t sink = 0, b;
    clock_t t0 = clock();
    for (int rep = 0; rep < 100000; rep++) {
        for (size_t i = 0; i < sizeof lits / sizeof lits[0]; i++) {
            size_t n = strlen(lits[i]);
            fp_from_decimal(i & 1 ? FP_F32 : FP_BF16, lits[i], n, FPR_RNE, 0, &b);
            sink += b;
            bytes += n + 2; /* and a separator */
        }
    }
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    fprintf(stderr, "decimal parser: %.1f MB/s (%llx)\n", s > 0 ? bytes / s / 1e6 : 0.0, (unsigned long long)(sink & 1));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("decimal");
    TCase *tc = tcase_create("vectors");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, checker_detects_mismatch);
    tcase_add_loop_test(tc, decimal_vectors, 0, N_FORMATS);
    tcase_add_test(tc, spec_examples);
    tcase_add_test(tc, other_modes);
    tcase_add_test(tc, syntax);
    tcase_add_test(tc, exact_values);
    tcase_add_test(tc, huge_inputs);
    tcase_add_loop_test(tc, midpoints, 0, N_MID);
    tcase_add_test(tc, fast_path_matches_exact);
    tcase_add_test(tc, f64_against_strtod);
    tcase_add_test(tc, bignum_ops);
    tcase_add_test(tc, throughput);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
