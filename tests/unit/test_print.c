/* The float printer against the shared vectors: MLIR's text for every
 * pattern of the small formats, bf16 and f16 (print/FMT.tsv), the "%.17g"
 * exact values (decode/FMT.tsv), the f32/f64 examples of SPEC.md 3.9 and
 * Appendix A.1, APFloat's to_string modes, and the hex spelling. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "types/fparith.h"
#include "types/fpdecimal.h"
#include "types/fpprint.h"
#include "vectors.h"
#include "util/xorshift.h"

static const fp_id vector_formats[] = {
    FP_F4E2M1FN, FP_F6E2M3FN, FP_F6E3M2FN, FP_F8E3M4, FP_F8E4M3, FP_F8E4M3FN,
    FP_F8E4M3FNUZ, FP_F8E4M3B11FNUZ, FP_F8E5M2, FP_F8E5M2FNUZ, FP_F8E8M0FNU,
    FP_BF16, FP_F16,
};
enum { N_FORMATS = sizeof vector_formats / sizeof vector_formats[0] };

/* Compares an expected and an actual text for one pattern; prints the case
 * and returns 1 when they differ. Every test below counts mismatches with
 * it. */
static int text_mismatch(const char *what, fp_id f, uint64_t pattern, const char *want, const char *got)
{
    if (strcmp(want, got) == 0)
        return 0;
    fprintf(stderr, "%s %s 0x%llX: want \"%s\" got \"%s\"\n", what, fp_fmt(f)->name,
            (unsigned long long)pattern, want, got);
    return 1;
}

/* a deliberately wrong expectation: its line in the log is no failure */
#define PLANTED "ok, the self-test's planted mismatch is reported:"

START_TEST(checker_detects_mismatch)
{
    /* a deliberately wrong expectation must be reported */
    ck_assert_int_eq(text_mismatch(PLANTED, FP_F16, 0x000F, "8.940700e-07",
                                   "8.940690e-07"),
                     1);
    ck_assert_int_eq(text_mismatch("self-test", FP_F16, 0x000F, "8.940690e-07", "8.940690e-07"), 0);
    /* and the printer's own output is what is compared */
    char buf[FP_PRINT_MAX];
    fp_print_mlir(FP_F16, 0x000F, buf);
    ck_assert_int_eq(text_mismatch(PLANTED, FP_F16, 0x000F, "8.940700e-07", buf), 1);
}
END_TEST

/* Runs `check` on every (pattern, text) line of DIR/FMT.tsv; returns the
 * number of mismatches and stores the number of lines. */
typedef size_t (*printer)(fp_id f, uint64_t bits, char *buf);

static int check_file(const char *dir, fp_id f, printer print, int *lines)
{
    char path[128], line[512];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    int bad = 0;
    *lines = 0;
    while (fgets(line, sizeof line, in)) {
        char *col[3];
        if (line[0] == '\n' || line[0] == '#')
            continue;
        /* (no ck_assert in loops: each one costs a write in CK_FORK=no) */
        if (vec_fields(line, col, 3) != 2) {
            fprintf(stderr, "%s: malformed line %d\n", path, *lines + 1);
            bad++;
            continue;
        }
        uint64_t b = vec_hex(col[0]);
        char buf[FP_PRINT_MAX];
        size_t n = print(f, b, buf);
        if (n != strlen(buf))
            bad += text_mismatch("length of", f, b, "(returned length)", buf);
        bad += text_mismatch(dir, f, b, col[1], buf);
        (*lines)++;
    }
    fclose(in);
    return bad;
}

START_TEST(print_every_pattern)
{
    fp_id f = vector_formats[_i];
    int lines;
    int bad = check_file("print", f, fp_print_mlir, &lines);
    ck_assert_int_eq(lines, 1 << fp_fmt(f)->bits);
    ck_assert_msg(bad == 0, "%s: %d of %d printed texts differ", fp_fmt(f)->name, bad, lines);
}
END_TEST

START_TEST(g17_every_pattern)
{
    fp_id f = vector_formats[_i];
    int lines;
    int bad = check_file("decode", f, fp_print_g17, &lines);
    ck_assert_int_eq(lines, 1 << fp_fmt(f)->bits);
    ck_assert_msg(bad == 0, "%s: %d of %d exact values differ", fp_fmt(f)->name, bad, lines);
}
END_TEST

typedef struct {
    fp_id f;
    uint64_t bits;
    const char *text;
} print_case;

/* SPEC.md 3.9 and Appendix A.1 */
static const print_case spec_cases[] = {
    { FP_F8E4M3FN, 0x00, "0.000000e+00" },
    { FP_F8E4M3FN, 0x80, "-0.000000e+00" },
    { FP_F8E4M3FN, 0x01, "1.953130e-03" },
    { FP_F8E4M3FN, 0x1D, "1.015630e-01" },
    { FP_F8E4M3FN, 0x7E, "4.480000e+02" },
    { FP_F8E4M3FN, 0x7F, "0x7F" },
    { FP_F8E4M3FN, 0xFF, "0xFF" },
    { FP_F8E4M3, 0x78, "0x78" },
    { FP_F8E4M3, 0xF8, "0xF8" },
    { FP_F8E4M3, 0x01, "1.953130e-03" },
    { FP_F8E4M3FNUZ, 0x01, "9.765620e-04" },
    { FP_F8E4M3FNUZ, 0x80, "0x80" },
    { FP_F8E4M3B11FNUZ, 0x01, "1.220700e-04" },
    { FP_F8E5M2, 0x01, "1.525880e-05" },
    { FP_F8E5M2, 0x7B, "5.734400e+04" },
    { FP_F8E5M2FNUZ, 0x01, "7.629390e-06" },
    { FP_F8E8M0FNU, 0x00, "5.877470e-39" },
    { FP_F8E8M0FNU, 0xFE, "1.701410e+38" },
    { FP_F8E8M0FNU, 0xFF, "0xFF" },
    { FP_F4E2M1FN, 0x7, "6.000000e+00" },
    { FP_F16, 0x000F, "8.940690e-07" },
    { FP_F16, 0x0001, "5.960460e-08" },
    { FP_F16, 0x7BFF, "6.550400e+04" },
    { FP_F16, 0x3C01, "1.000980e+00" },
    { FP_F16, 0x7C00, "0x7C00" },
    { FP_F16, 0x7E00, "0x7E00" },
    { FP_BF16, 0x3DCD, "1.000980e-01" },
    { FP_BF16, 0x0001, "9.183550e-41" },
    { FP_BF16, 0x7F7F, "3.389530e+38" },
    { FP_F32, 0x3DCCCCCD, "1.000000e-01" },
    { FP_F32, 0x3EAAAAAB, "0.333333343" },
    { FP_F32, 0x40490FDB, "3.14159274" },
    { FP_F32, 0x3AA1D132, "0.00123456703" },
    { FP_F32, 0x449A522B, "1234.56775" },
    { FP_F32, 0x4CEB79A3, "0x4CEB79A3" },
    { FP_F32, 0x4996B438, "0x4996B438" },
    { FP_F32, 0x51E5F4C9, "1.23456791E+11" }, /* the f32 nearest 1.2345679e11 */
    { FP_F32, 0x7F7FFFFF, "3.40282347E+38" },
    { FP_F32, 0x00000001, "1.401300e-45" },
    { FP_F32, 0x7FC00000, "0x7FC00000" },
    { FP_F32, 0xFFC00000, "0xFFC00000" },
    { FP_F32, 0x7F800000, "0x7F800000" },
    { FP_F32, 0xFF800000, "0xFF800000" },
    { FP_F32, 0x4C000000, "0x4C000000" },   /* 2^25 */
    { FP_F32, 0x4B189680, "1.000000e+07" }, /* 1e7 */
    { FP_F32, 0x34210FB0, "1.500000e-07" }, /* 1.5e-7 */
    { FP_F32, 0x3F800000, "1.000000e+00" },
    { FP_F32, 0xBF800000, "-1.000000e+00" },
    { FP_F32, 0x80000000, "-0.000000e+00" },
    { FP_F64, UINT64_C(0x3FD5555555555555), "0.33333333333333331" },
    { FP_F64, UINT64_C(0x3FD3333333333334), "0.30000000000000004" },
    { FP_F64, UINT64_C(0x44B52D02C7E14AF6), "9.9999999999999991E+22" }, /* 1e23 */
    { FP_F64, UINT64_C(0x4132D68700000000), "0x4132D68700000000" },
    { FP_F64, UINT64_C(0x0000000000000001), "4.940660e-324" },
    { FP_F64, UINT64_C(0x7FEFFFFFFFFFFFFF), "1.7976931348623157E+308" },
    { FP_F64, UINT64_C(0x3FB999999999999A), "1.000000e-01" },
    { FP_F64, UINT64_C(0x7FF8000000000000), "0x7FF8000000000000" },
    { FP_F64, UINT64_C(0xFFF0000000000000), "0xFFF0000000000000" },
};

START_TEST(spec_examples)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof spec_cases / sizeof spec_cases[0]; i++) {
        char buf[FP_PRINT_MAX];
        fp_print_mlir(spec_cases[i].f, spec_cases[i].bits, buf);
        bad += text_mismatch("spec", spec_cases[i].f, spec_cases[i].bits, spec_cases[i].text, buf);
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

typedef struct {
    fp_id f;
    uint64_t bits;
    unsigned precision;
    bool scientific;
    const char *text;
} to_string_case;

static const to_string_case to_string_cases[] = {
    /* padding-3 mode (SD) and its notation choices */
    { FP_F32, 0x3DCCCCCD, 0, false, "0.100000001" },
    { FP_F32, 0x4C000000, 0, false, "33554432" },
    { FP_F32, 0x42C80000, 0, false, "100" },
    { FP_F32, 0x4E6E6B28, 0, false, "1.0E+9" },      /* t > 3: scientific, ".0" */
    { FP_F32, 0x3888509C, 0, false, "6.50000002E-5" }, /* msd < -3 */
    { FP_F32, 0x3A83126F, 0, false, "0.00100000005" },
    { FP_F32, 0x3F800000, 0, false, "1" },
    { FP_F32, 0x80000000, 0, false, "-0" },
    { FP_F32, 0xC0490FDB, 0, false, "-3.14159274" },
    { FP_F64, UINT64_C(0x3FD5555555555555), 0, false, "0.33333333333333331" },
    { FP_F16, 0x3C01, 0, false, "1.001" }, /* 100097|... rounds up to 1001 */
    /* scientific (S6) and other precisions */
    { FP_F32, 0x00000000, 6, true, "0.000000e+00" },
    { FP_F32, 0x00000000, 1, true, "0.0e+00" },
    { FP_F32, 0x3F800000, 1, true, "1.0e+00" },
    { FP_F32, 0x3F800000, 3, true, "1.000e+00" },
    { FP_F32, 0x40490FDB, 3, true, "3.140e+00" },
    { FP_F32, 0x40490FDB, 9, true, "3.141592740e+00" },
    { FP_F32, 0x41200000, 6, true, "1.000000e+01" },
    { FP_F32, 0x411F5C29, 2, true, "1.00e+01" }, /* 9.96: carry out of the top */
    { FP_F32, 0x4479FFFF, 2, true, "9.90e+02" }, /* 999.99994: pre-truncated to 99 */
    { FP_F32, 0x7F800000, 6, true, "+Inf" },
    { FP_F32, 0x7FC00000, 6, true, "NaN" },
    /* the pre-truncation quirk: truncated, not rounded */
    { FP_F16, 0x000F, 6, true, "8.940690e-07" },
    { FP_F8E4M3FNUZ, 0x01, 6, true, "9.765620e-04" },
    { FP_F8E4M3, 0x01, 6, true, "1.953130e-03" },
    { FP_F64, UINT64_C(0x0000000000000001), 17, false, "4.9406564584124654E-324" },
};

START_TEST(to_string_modes)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof to_string_cases / sizeof to_string_cases[0]; i++) {
        const to_string_case *c = &to_string_cases[i];
        char buf[FP_PRINT_MAX];
        size_t n = fp_to_string(c->f, c->bits, c->precision, c->scientific, buf);
        ck_assert_uint_eq(n, strlen(buf));
        bad += text_mismatch(c->scientific ? "to_string sci" : "to_string pad3", c->f, c->bits, c->text, buf);
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* The printed text of every finite f32 in a sample reads back as the same
 * pattern (the printer's purpose), and fits the buffer. */
START_TEST(f32_f64_round_trip)
{
    uint64_t x = 0x9E3779B97F4A7C15u;
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        xorshift64(&x);
        fp_id f = i & 1 ? FP_F64 : FP_F32;
        uint64_t b = f == FP_F32 ? (x >> 32) : x;
        fp_class c = fp_classify(f, b);
        if (c == FPC_NAN || c == FPC_INF)
            continue;
        char buf[FP_PRINT_MAX];
        size_t n = fp_print_mlir(f, b, buf);
        uint64_t back = ~b;
        if (buf[0] == '0' && buf[1] == 'x')
            back = strtoull(buf + 2, NULL, 16);
        else if (fp_from_decimal(f, buf, n, FPR_RNE, 0, &back) != 0)
            back = ~b;
        if (back != b || n != strlen(buf) || n >= FP_PRINT_MAX) {
            char want[FP_PRINT_MAX];
            fp_print_hex(fp_fmt(f)->bits, b, want);
            bad += text_mismatch("round trip", f, b, want, buf);
        }
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* Significant digits of a shortest text ("1.5e-07" -> 2, "450" -> 2,
 * "0.0078125" -> 5) and the power of ten of its first digit. */
static int significant_digits(const char *s, int *lead)
{
    int n = 0, point = -1, first = -1, pos = 0, trailing_zeros = 0;
    const char *p = s;
    for (; *p && *p != 'e'; p++) {
        if (*p == '.') {
            point = pos;
            continue;
        }
        if (*p < '0' || *p > '9')
            continue;
        if (first < 0 && *p != '0')
            first = pos;
        if (first >= 0) {
            n++;
            trailing_zeros = *p == '0' ? trailing_zeros + 1 : 0;
        }
        pos++;
    }
    if (point < 0)
        point = pos;
    *lead = point - first - 1 + (*p == 'e' ? atoi(p + 1) : 0);
    return point == pos ? n - trailing_zeros : n; /* "450": the zero only places */
}

/* --print-format=decimal: every finite pattern of the small formats, bf16
 * and f16 reads back from its text, and no decimal with one digit fewer
 * does (candidates found in binary64, read with the exact reader) */
START_TEST(shortest_every_pattern)
{
    fp_id f = vector_formats[_i];
    const fp_format *d = fp_fmt(f);
    int bad = 0;
    for (uint64_t b = 0; b < (UINT64_C(1) << d->bits); b++) {
        char buf[FP_PRINT_MAX];
        size_t n = fp_print_shortest(f, b, buf);
        fp_class c = fp_classify(f, b);
        if (c != FPC_FINITE) {
            const char *want = c == FPC_NAN ? ((b & d->sign_mask) ? "-nan" : "nan")
                               : c == FPC_INF ? ((b & d->sign_mask) ? "-inf" : "inf")
                                              : ((b & d->sign_mask) ? "-0" : "0");
            bad += text_mismatch("shortest special", f, b, want, buf);
            continue;
        }
        uint64_t back = ~b;
        if (fp_from_decimal(f, buf, n, FPR_RNE, 0, &back) != 0 || back != b) {
            bad += text_mismatch("shortest round trip", f, b, "(reads back)", buf);
            continue;
        }
        int lead, digits = significant_digits(buf, &lead);
        if (digits <= 1)
            continue;
        double v = fabs(fp_to_double(f, b));
        int q = lead - (digits - 2); /* the last place of digits-1 digits */
        double scaled = v / pow(10.0, q);
        uint64_t base = (uint64_t)floor(scaled);
        for (uint64_t k = base ? base - 1 : 0; k <= base + 2; k++)
            if (k > 0 && fp_from_decimal_digits(f, (b & d->sign_mask) != 0, k, q, FPR_RNE, 0) == b) {
                char shorter[64];
                snprintf(shorter, sizeof shorter, "%llue%d", (unsigned long long)k, q);
                bad += text_mismatch("shortest not shortest", f, b, shorter, buf);
            }
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(shortest_examples)
{
    static const struct {
        fp_id f;
        double v;
        const char *want;
    } cases[] = {
        { FP_F32, 0.1, "0.1" }, { FP_F32, 1e-7, "1e-07" }, { FP_F32, 123456789, "123456790" },
        { FP_F64, 1e20, "1e+20" }, { FP_F64, 1e15, "1000000000000000" }, { FP_F64, 1e16, "1e+16" },
        { FP_F64, 0.0001, "0.0001" }, { FP_F64, 0.00001, "1e-05" }, { FP_F64, -1.5, "-1.5" },
        { FP_F64, 5e-324, "5e-324" }, { FP_F64, 1.7976931348623157e308, "1.7976931348623157e+308" },
        { FP_F8E4M3FN, 448, "450" }, { FP_F16, 65504, "65500" }, { FP_BF16, 3.14159, "3.14" },
    };
    int bad = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char buf[FP_PRINT_MAX];
        uint64_t b = fp_from_double(cases[k].f, cases[k].v, FPR_RNE);
        fp_print_shortest(cases[k].f, b, buf);
        bad += text_mismatch("shortest", cases[k].f, b, cases[k].want, buf);
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(hex_spelling)
{
    char buf[FP_PRINT_MAX];
    int bad = 0;
    fp_print_hex(4, 0x7, buf);
    bad += text_mismatch("hex", FP_F4E2M1FN, 0x7, "0x07", buf);
    fp_print_hex(6, 0x3F, buf);
    bad += text_mismatch("hex", FP_F6E2M3FN, 0x3F, "0x3F", buf);
    fp_print_hex(8, 0x0A, buf);
    bad += text_mismatch("hex", FP_F8E4M3, 0x0A, "0x0A", buf);
    fp_print_hex(16, 0x3C00, buf);
    bad += text_mismatch("hex", FP_F16, 0x3C00, "0x3C00", buf);
    fp_print_hex(16, 0x1, buf);
    bad += text_mismatch("hex", FP_F16, 0x1, "0x0001", buf);
    fp_print_hex(32, 0x7FC00000, buf);
    bad += text_mismatch("hex", FP_F32, 0x7FC00000, "0x7FC00000", buf);
    fp_print_hex(64, UINT64_C(0xFFF0000000000001), buf);
    bad += text_mismatch("hex", FP_F64, 0, "0xFFF0000000000001", buf);
    fp_print_hex(19, 0x7FFFF, buf);
    bad += text_mismatch("hex", FP_TF32, 0x7FFFF, "0x7FFFF", buf);
    ck_assert_int_eq(bad, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("print");
    TCase *tc = tcase_create("vectors");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, checker_detects_mismatch);
    tcase_add_loop_test(tc, print_every_pattern, 0, N_FORMATS);
    tcase_add_loop_test(tc, g17_every_pattern, 0, N_FORMATS);
    tcase_add_test(tc, spec_examples);
    tcase_add_test(tc, to_string_modes);
    tcase_add_test(tc, f32_f64_round_trip);
    tcase_add_test(tc, hex_spelling);
    tcase_add_loop_test(tc, shortest_every_pattern, 0, N_FORMATS);
    tcase_add_test(tc, shortest_examples);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
