/* The format core against the independent vectors: every pattern of every
 * small format decoded, converted to every format, every pair through the
 * four arithmetic ops, f32 roundings in every mode, ULP distances. */
#include <check.h>
#include <math.h>
#include <stdint.h>

#include "types/etype.h"
#include "types/fparith.h"
#include "types/fptables.h"
#include "types/fpprint.h"
#include "vectors.h"
#include "util/xorshift.h"

static const fp_id small_formats[] = {
    FP_F4E2M1FN, FP_F6E2M3FN, FP_F6E3M2FN, FP_F8E3M4, FP_F8E4M3, FP_F8E4M3FN,
    FP_F8E4M3FNUZ, FP_F8E4M3B11FNUZ, FP_F8E5M2, FP_F8E5M2FNUZ, FP_F8E8M0FNU,
};
enum { N_SMALL = sizeof small_formats / sizeof small_formats[0] };

/* Compares one expected and one actual pattern; prints the case when they
 * differ. Returns 1 on a mismatch so callers can count them. */
static int mismatch(const char *what, const char *fmt, const char *input, uint64_t want, uint64_t got)
{
    if (want == got)
        return 0;
    fprintf(stderr, "%s %s %s: want 0x%llX got 0x%llX\n", what, fmt, input,
            (unsigned long long)want, (unsigned long long)got);
    return 1;
}

START_TEST(mismatch_detects_difference)
{
    /* the checker used by every test below must be able to fail */
    ck_assert_int_eq(mismatch("self-test", "f8E4M3", "x", 0x38, 0x39), 1);
    ck_assert_int_eq(mismatch("self-test", "f8E4M3", "x", 0x38, 0x38), 0);
}
END_TEST

static int read_decimalish(const char *s, fp_id f, uint64_t *bits)
{
    /* decode vectors use "%.17g" of exact values, "nan", "inf", "-inf", "-0";
     * strtod is exact enough here: every small value has <= 17 significant
     * digits so strtod returns it exactly */
    double d = strtod(s, NULL);
    if (strcmp(s, "nan") == 0)
        return -1;
    *bits = fp_from_double(f, d, FPR_RNE);
    return 0;
}

START_TEST(decode_every_pattern)
{
    int bad = 0, rows = 0;
    fp_id f = small_formats[_i];
    char path[128], line[256];
    snprintf(path, sizeof path, "decode/%s.tsv", fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    while (fgets(line, sizeof line, in)) {
        char *col[4];
        if (vec_fields(line, col, 4) < 2)
            continue;
        uint64_t pattern = vec_hex(col[0]);
        char got[FP_PRINT_MAX];
        rows++;
        fp_print_g17(f, pattern, got);
        if (strcmp(got, col[1]) != 0) {
            fprintf(stderr, "decode %s %s: want %s got %s\n", fp_fmt(f)->name, col[0], col[1], got);
            bad++;
        }
        /* encoding the decoded value gives the pattern back (NaN aside) */
        uint64_t back;
        if (read_decimalish(col[1], f, &back) == 0 && strcmp(col[1], "-0") != 0)
            bad += mismatch("re-encode", fp_fmt(f)->name, col[0], pattern, back);
    }
    fclose(in);
    ck_assert_int_eq(rows, 1 << fp_fmt(f)->bits);
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(convert_every_pattern)
{
    int bad = 0, rows = 0;
    fp_id f = small_formats[_i];
    char path[128], line[1024];
    snprintf(path, sizeof path, "convert/%s.tsv", fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    char *head[32];
    int targets[32], ncol = 0;
    char header[1024];
    ck_assert_ptr_nonnull(fgets(header, sizeof header, in));
    ncol = vec_fields(header, head, 32);
    for (int c = 1; c < ncol; c++) {
        targets[c] = fp_lookup(head[c], strlen(head[c]));
        ck_assert_int_ge(targets[c], 0);
    }
    while (fgets(line, sizeof line, in)) {
        char *col[32];
        int n = vec_fields(line, col, 32);
        if (n != ncol)
            continue;
        rows++;
        uint64_t src = vec_hex(col[0]);
        for (int c = 1; c < ncol; c++) {
            char what[64];
            snprintf(what, sizeof what, "convert %s ->", fp_fmt(f)->name);
            bad += mismatch(what, head[c], col[0], vec_hex(col[c]),
                            fp_convert((fp_id)targets[c], f, src));
        }
    }
    fclose(in);
    ck_assert_int_eq(rows, 1 << fp_fmt(f)->bits);
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(round_from_f32_all_modes)
{
    static const fp_round modes[] = { FPR_RNE, FPR_SATURATE, FPR_TRUNCATE };
    int bad = 0, rows = 0;
    fp_id f = small_formats[_i];
    char path[128], line[256];
    snprintf(path, sizeof path, "from_f32/%s.tsv", fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, in)); /* header */
    while (fgets(line, sizeof line, in)) {
        char *col[5];
        if (vec_fields(line, col, 5) != 4)
            continue;
        rows++;
        uint64_t x = vec_hex(col[0]);
        for (int m = 0; m < 3; m++) {
            fp_value v = fp_decode(FP_F32, x);
            bad += mismatch(fp_round_name(modes[m]), fp_fmt(f)->name, col[0], vec_hex(col[1 + m]),
                            fp_encode(f, &v, modes[m], 0));
        }
    }
    fclose(in);
    ck_assert_int_gt(rows, 100);
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(ulp_distances)
{
    int bad = 0, rows = 0;
    fp_id f = small_formats[_i];
    char path[128], line[256];
    snprintf(path, sizeof path, "ulp/%s.tsv", fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    while (fgets(line, sizeof line, in)) {
        char *col[4];
        if (vec_fields(line, col, 4) != 3)
            continue;
        rows++;
        uint64_t want = strcmp(col[2], "max") == 0 ? UINT64_MAX : strtoull(col[2], NULL, 10);
        char input[64];
        snprintf(input, sizeof input, "%s,%s", col[0], col[1]);
        bad += mismatch("ulp", fp_fmt(f)->name, input, want,
                        fp_ulp_distance(f, vec_hex(col[0]), vec_hex(col[1])));
    }
    fclose(in);
    ck_assert_int_gt(rows, 100);
    ck_assert_int_eq(bad, 0);
}
END_TEST

static const char *const op_names[] = { "add", "subtract", "multiply", "divide" };

START_TEST(arithmetic_all_pairs)
{
    fp_id f = small_formats[_i / 4];
    fp_binop op = (fp_binop)(_i % 4);
    char path[128];
    snprintf(path, sizeof path, "arith/%s/%s.txt", op_names[op], fp_fmt(f)->name);
    FILE *in = vec_open(path);
    ck_assert_ptr_nonnull(in);
    unsigned n = 1u << fp_fmt(f)->bits;
    const uint8_t *table = fp_table_binop(f, op);
    ck_assert_ptr_nonnull(table);
    int bad = 0;
    for (unsigned a = 0; a < n; a++) {
        for (unsigned b = 0; b < n; b++) {
            unsigned want;
            if (fscanf(in, "%x", &want) != 1) {
                bad++;
                break;
            }
            char input[32];
            snprintf(input, sizeof input, "%s 0x%02X 0x%02X", op_names[op], a, b);
            bad += mismatch("arith", fp_fmt(f)->name, input, want, fp_arith(f, op, a, b));
            bad += mismatch("table", fp_fmt(f)->name, input, want, table[a << 8 | b]);
            if (bad > 20)
                break;
        }
    }
    fclose(in);
    /* patterns wider than the format read as their low bits */
    for (unsigned a = 0; a < 256 && bad <= 20; a++)
        for (unsigned b = 0; b < 256; b++)
            if (table[a << 8 | b] != table[(a & (n - 1)) << 8 | (b & (n - 1))]) {
                fprintf(stderr, "table %s %s 0x%02X 0x%02X: not the entry of its low bits\n", fp_fmt(f)->name,
                        op_names[op], a, b);
                bad++;
                break;
            }
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(f32_table_matches_encoder)
{
    /* the 131072-entry fast path against the generic encoder on a sweep of
     * f32 patterns (every high half, several low halves) */
    fp_id f = small_formats[_i];
    const uint8_t *t = fp_table_from_f32(f, FPR_RNE);
    ck_assert_ptr_nonnull(t);
    static const uint32_t lows[] = { 0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF };
    int bad = 0;
    for (uint32_t hi = 0; hi < 65536 && bad < 10; hi++) {
        for (unsigned k = 0; k < 6; k++) {
            uint32_t x = hi << 16 | lows[k];
            fp_value v = fp_decode(FP_F32, x);
            bad += mismatch("f32 table", fp_fmt(f)->name, "", fp_encode(f, &v, FPR_RNE, 0),
                            fp_small_from_f32(t, x));
        }
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(f64_fast_path_matches_encoder)
{
    fp_id f = small_formats[_i];
    const uint8_t *t = fp_table_from_f32(f, FPR_RNE);
    ck_assert_ptr_nonnull(t);
    uint64_t x = 0x243F6A8885A308D3u;
    int bad = 0;
    for (int i = 0; i < 200000 && bad < 10; i++) {
        xorshift64(&x);
        /* bias exponents toward the small formats' ranges, keep some wild */
        uint64_t p = i % 4 ? (x & 0x800FFFFFFFFFFFFFu) | (uint64_t)(1023 - 140 + (x >> 52) % 170) << 52 : x;
        fp_value v = fp_decode(FP_F64, p);
        bad += mismatch("f64 fast path", fp_fmt(f)->name, "", fp_encode(f, &v, FPR_RNE, 0),
                        fp_small_from_f64(f, t, p, FPR_RNE));
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(spec_examples)
{
    /* SPEC.md 3.5 and A.3/A.4 */
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3FN, 464.0, FPR_RNE), 0x7E);
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3FN, 465.0, FPR_RNE), 0x7F);
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3FN, -1000.0, FPR_RNE), 0xFF);
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3FNUZ, -1000.0, FPR_RNE), 0x80);
    ck_assert_uint_eq(fp_from_double(FP_F8E5M2, 61440.0, FPR_RNE), 0x7C);
    ck_assert_uint_eq(fp_from_double(FP_F8E5M2, 61439.0, FPR_RNE), 0x7B);
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3B11FNUZ, 31.0, FPR_RNE), 0x80);
    ck_assert_uint_eq(fp_from_double(FP_F8E4M3FNUZ, -0.0, FPR_RNE), 0x00);
    ck_assert_uint_eq(fp_from_double(FP_F8E8M0FNU, -0.0, FPR_RNE), 0x00);
    ck_assert_uint_eq(fp_from_double(FP_F8E8M0FNU, 3.1415, FPR_RNE), 0x81);
    ck_assert_uint_eq(fp_from_double(FP_F6E2M3FN, 1000.0, FPR_RNE), 0x1F);
    ck_assert_uint_eq(fp_from_double(FP_F4E2M1FN, 1000.0, FPR_RNE), 0x7);
    ck_assert_uint_eq(fp_convert(FP_F16, FP_F32, 0x7FC00001), 0x7E00);
    ck_assert_uint_eq(fp_convert(FP_F16, FP_F32, 0x7F800001), 0x7E00);
    ck_assert_uint_eq(fp_convert(FP_F16, FP_F32, 0x7FFFFFFF), 0x7FFF);
    ck_assert_uint_eq(fp_convert(FP_F64, FP_F32, 0x7F800001), UINT64_C(0x7FF8000020000000));
    ck_assert_uint_eq(fp_convert(FP_F32, FP_F8E5M2, 0x7D), 0x7FE00000);
    ck_assert_uint_eq(fp_convert(FP_F32, FP_F8E4M3FN, 0xFF), 0xFFF00000);
    ck_assert_uint_eq(fp_convert(FP_F32, FP_F8E4M3FNUZ, 0x80), 0x7FC00000);
    ck_assert_uint_eq(fp_convert(FP_F8E4M3FN, FP_F8E4M3FNUZ, 0x80), 0xFF);
    ck_assert_uint_eq(fp_convert(FP_BF16, FP_F32, 0xFFC00000), 0xFFC0);
    /* A.4: APFloat NaN rules */
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_ADD, 0x7FC00001, 0xFFC00002), 0x7FC00001);
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_ADD, 0xFFC00002, 0x7FC00001), 0xFFC00002);
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_SUB, 0x3F800000, 0xFFC00002), 0xFFC00002);
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_MUL, 0x7F800003, 0x3F800000), 0x7FC00003);
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_ADD, 0x7F800000, 0xFF800000), 0x7FC00000);
    ck_assert_uint_eq(fp_arith(FP_F32, FPOP_ADD, 0x80000000, 0x80000000), 0x80000000);
    ck_assert_uint_eq(fp_arith(FP_F64, FPOP_MUL, 0, UINT64_C(0x7FF0000000000000)),
                      UINT64_C(0x7FF8000000000000));
    ck_assert_uint_eq(fp_arith(FP_F8E5M2, FPOP_ADD, 0x7C, 0xFC), 0x7E);
    ck_assert_uint_eq(fp_arith(FP_F8E4M3, FPOP_MUL, 0x78, 0x00), 0x7C);
    /* float -> int (3.6) */
    ck_assert_int_eq(fp_to_sint(FP_F64, fp_from_double(FP_F64, 300.0, FPR_RNE), 8), 127);
    ck_assert_int_eq(fp_to_sint(FP_F64, fp_from_double(FP_F64, -300.0, FPR_RNE), 8), -128);
    ck_assert_int_eq(fp_to_sint(FP_F64, fp_from_double(FP_F64, -9.0, FPR_RNE), 4), -8);
    ck_assert_int_eq(fp_to_sint(FP_F64, fp_from_double(FP_F64, NAN, FPR_RNE), 32), 0);
    ck_assert_uint_eq(fp_to_uint(FP_F64, fp_from_double(FP_F64, -1.5, FPR_RNE), 8), 0);
    ck_assert_uint_eq(fp_to_uint(FP_F64, fp_from_double(FP_F64, 255.9, FPR_RNE), 8), 255);
    ck_assert_uint_eq(fp_to_uint(FP_F64, fp_from_double(FP_F64, 1e30, FPR_RNE), 64), UINT64_MAX);
    /* int -> float */
    fp_value big = fp_from_uint(UINT64_MAX, false);
    ck_assert_uint_eq(fp_encode(FP_F32, &big, FPR_RNE, 0), 0x5F800000);
    fp_value odd = fp_from_uint(16777217, false);
    ck_assert_uint_eq(fp_encode(FP_F32, &odd, FPR_RNE, 0), 0x4B800000);
}
END_TEST

START_TEST(stochastic_rounding_is_unbiased_and_deterministic)
{
    /* 1.0625 lies a quarter of the way from 1.0 (0x38) to 1.125 (0x39) in
     * f8E4M3... exactly halfway is 1.0625; use 1.03125 = one quarter */
    fp_value v = fp_decode(FP_F32, 0x3F840000); /* 1.03125 */
    int up = 0;
    int bad = 0;
    for (uint64_t i = 0; i < 100000; i++) {
        uint64_t r = fp_encode(FP_F8E4M3, &v, FPR_STOCHASTIC, fp_random(7, i));
        bad += r != 0x38 && r != 0x39;
        up += r == 0x39;
        bad += r != fp_encode(FP_F8E4M3, &v, FPR_STOCHASTIC, fp_random(7, i));
    }
    ck_assert_int_eq(bad, 0);
    ck_assert_int_gt(up, 24000);
    ck_assert_int_lt(up, 26000);
    /* exact values never move */
    fp_value one = fp_decode(FP_F32, 0x3F800000);
    for (uint64_t i = 0; i < 1000; i++)
        bad += fp_encode(FP_F8E4M3, &one, FPR_STOCHASTIC, fp_random(1, i)) != 0x38;
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(next_up_down_walk_every_pattern)
{
    fp_id f = small_formats[_i];
    unsigned n = 1u << fp_fmt(f)->bits;
    int bad = 0;
    for (unsigned a = 0; a < n; a++) {
        if (fp_is_nan(f, a) || fp_classify(f, a) == FPC_INF)
            continue;
        uint64_t u = fp_next_up(f, a);
        if (u != a && fp_classify(f, u) != FPC_NAN && fp_classify(f, u) != FPC_INF) {
            bad += fp_compare(f, a, u) != -1;
            bad += fp_ulp_distance(f, a, u) > 2;
        }
        uint64_t d = fp_next_down(f, a);
        if (d != a && !fp_is_nan(f, d))
            bad += fp_compare(f, d, a) != -1;
    }
    ck_assert_int_eq(bad, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("formats");
    TCase *tc = tcase_create("vectors");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, mismatch_detects_difference);
    tcase_add_loop_test(tc, decode_every_pattern, 0, N_SMALL);
    tcase_add_loop_test(tc, convert_every_pattern, 0, N_SMALL);
    tcase_add_loop_test(tc, round_from_f32_all_modes, 0, N_SMALL);
    tcase_add_loop_test(tc, ulp_distances, 0, N_SMALL);
    tcase_add_loop_test(tc, arithmetic_all_pairs, 0, N_SMALL * 4);
    tcase_add_loop_test(tc, f32_table_matches_encoder, 0, N_SMALL);
    tcase_add_loop_test(tc, next_up_down_walk_every_pattern, 0, N_SMALL);
    tcase_add_loop_test(tc, f64_fast_path_matches_encoder, 0, N_SMALL);
    tcase_add_test(tc, spec_examples);
    tcase_add_test(tc, stochastic_rounding_is_unbiased_and_deterministic);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
