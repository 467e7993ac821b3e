/* `ir-run info|table|encode|decode`: the format core on the command line,
 * for looking up ranges and bit patterns (as ml_dtypes.finfo is used). */
#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "io/tensor_io.h"
#include "types/etype.h"
#include "types/fparith.h"
#include "types/fpdecimal.h"
#include "types/fpprint.h"
#include "util/mem.h"

static irrun_status usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "ir-run %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return IRRUN_BAD_INPUT;
}

/* What each command takes, for `CMD --help`, `ir-run help CMD` and usage
 * errors alike. */
static const struct {
    const char *cmd, *text;
} formats_usage[] = {
    { "info", "usage: ir-run info FORMAT\n"
              "  range, precision and special encodings of a float format (as\n"
              "  ml_dtypes.finfo); FORMAT is an MLIR name (f8E4M3FN) or an ml_dtypes one\n"
              "  (float8_e4m3fn)\n" },
    { "table", "usage: ir-run table FORMAT\n"
               "  every bit pattern of a format of at most 8 bits and its value\n" },
    { "encode", "usage: ir-run encode FORMAT [--mode rne|saturate|stochastic|truncate] [--seed N] [--] VALUE...\n"
                "  decimal values (inf, -inf, nan too) to bit patterns, rounded once\n"
                "  (default rne; put '--' before negative values)\n" },
    { "decode", "usage: ir-run decode [--exact] FORMAT BITS...\n"
                "  bit patterns (0x.., decimal or 0..octal) to MLIR's text of the value;\n"
                "  --exact: to the exact decimal value instead (144, 0.3125; nan, inf, -0)\n" },
};

static const char *usage_text(const char *cmd)
{
    for (size_t i = 0; i < sizeof formats_usage / sizeof formats_usage[0]; i++)
        if (strcmp(formats_usage[i].cmd, cmd) == 0)
            return formats_usage[i].text;
    return "";
}

/* -h or --help before any `--`: the usage on stdout (a value never starts
 * with "-h") */
static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage_text(argv[0]), stdout);
            return true;
        }
    return false;
}

/* A usage error is one line: the synopsis (--help has the rest). */
static irrun_status usage(const char *cmd)
{
    const char *text = usage_text(cmd);
    fprintf(stderr, "ir-run %s: %.*s\n", cmd, (int)strcspn(text, "\n"), text);
    return IRRUN_BAD_INPUT;
}

/* The float format named by `name`: an element type spelling (tf32 too) or
 * the ml_dtypes name the .npy reader accepts; false after reporting an
 * unknown one. */
static bool parse_format(const char *cmd, const char *name, fp_id *out)
{
    int f = fp_lookup(name, strlen(name));
    int et = f < 0 ? io_npy_name_lookup(name) : -1;
    if (et >= 0 && et_get((et_id)et)->kind == EK_FLOAT)
        f = (int)et_get((et_id)et)->fmt;
    if (f < 0) {
        fprintf(stderr, "ir-run %s: unknown float format '%s' (known: ", cmd, name);
        for (int i = 0; i < FP_COUNT; i++)
            fprintf(stderr, "%s%s", i ? ", " : "", fp_fmt((fp_id)i)->name);
        fprintf(stderr, ")\n");
        return false;
    }
    *out = (fp_id)f;
    return true;
}

static void print_value_line(const char *label, fp_id f, uint64_t bits)
{
    char value[FP_PRINT_MAX], hex[FP_PRINT_MAX];
    fp_print_g17(f, bits, value);
    fp_print_hex(fp_fmt(f)->bits, bits, hex);
    printf("%-15s %s (%s)\n", label, value, hex);
}

/* Lists the patterns of one class as ranges: "0x79-0x7F, 0xF9-0xFF". */
static void print_class_patterns(fp_id f, fp_class cls)
{
    const fp_format *d = fp_fmt(f);
    if (d->bits > 16) {
        /* too many to list: describe the canonical ones */
        char hex[FP_PRINT_MAX];
        if (cls == FPC_NAN) {
            fp_print_hex(d->bits, d->canon_nan, hex);
            printf("exponent all ones, mantissa nonzero (default %s)", hex);
        } else {
            fp_print_hex(d->bits, d->max_bits + 1, hex);
            printf("%s", hex);
            fp_print_hex(d->bits, (d->max_bits + 1) | d->sign_mask, hex);
            printf(", %s", hex);
        }
        return;
    }
    uint64_t n = UINT64_C(1) << d->bits;
    int first = 1;
    for (uint64_t b = 0; b < n; b++) {
        if (fp_classify(f, b) != cls)
            continue;
        uint64_t e = b;
        while (e + 1 < n && fp_classify(f, e + 1) == cls)
            e++;
        char lo[FP_PRINT_MAX], hi[FP_PRINT_MAX];
        fp_print_hex(d->bits, b, lo);
        fp_print_hex(d->bits, e, hi);
        printf(first ? "%s" : ", %s", lo);
        if (e != b)
            printf("-%s", hi);
        first = 0;
        b = e;
    }
}

irrun_status cmd_info(int argc, char **argv)
{
    fp_id f;
    if (wants_help(argc, argv))
        return IRRUN_OK;
    if (argc != 2)
        return usage("info");
    if (!parse_format("info", argv[1], &f))
        return IRRUN_BAD_INPUT;
    const fp_format *d = fp_fmt(f);
    printf("%-15s %s\n", "format", d->name);
    printf("%-15s %u\n", "bits", d->bits);
    printf("%-15s %s\n", "sign", d->has_sign ? "yes" : "no (unsigned)");
    printf("%-15s %u\n", "exponent bits", d->ebits);
    printf("%-15s %u\n", "mantissa bits", d->mbits);
    printf("%-15s %d\n", "bias", d->bias);
    printf("%-15s %u\n", "precision", d->mbits + 1);
    print_value_line("max", f, d->max_bits);
    uint64_t min_normal = d->nan == FPN_E8M0 ? 0 : UINT64_C(1) << d->mbits;
    print_value_line("min normal", f, min_normal);
    if (d->mbits > 0)
        print_value_line("min subnormal", f, 1);
    else
        printf("%-15s none\n", "min subnormal");
    uint64_t one = fp_from_double(f, 1.0, FPR_RNE);
    /* exact: 1 and its successor are both small binary fractions */
    printf("%-15s %.17g\n", "epsilon", fp_to_double(f, fp_next_up(f, one)) - 1.0);
    printf("%-15s ", "inf");
    if (d->has_inf) {
        printf("yes: ");
        print_class_patterns(f, FPC_INF);
    } else {
        printf("no");
    }
    printf("\n%-15s ", "nan");
    if (d->nan != FPN_NONE) {
        printf("yes: ");
        print_class_patterns(f, FPC_NAN);
    } else {
        printf("no");
    }
    char hex[FP_PRINT_MAX];
    printf("\n%-15s ", "negative zero");
    if (d->has_negzero) {
        fp_print_hex(d->bits, d->sign_mask, hex);
        printf("yes: %s\n", hex);
    } else {
        printf("no\n");
    }
    fp_print_hex(d->bits, 0, hex);
    printf("%-15s %s\n", "zero", d->nan == FPN_E8M0 ? "none (0x00 is 2^-127)" : hex);
    return IRRUN_OK;
}

irrun_status cmd_table(int argc, char **argv)
{
    fp_id f;
    if (wants_help(argc, argv))
        return IRRUN_OK;
    if (argc != 2)
        return usage("table");
    if (!parse_format("table", argv[1], &f))
        return IRRUN_BAD_INPUT;
    if (fp_fmt(f)->bits > 8)
        return usage_error("table", "'%s' has more than 8 bits; tables are for formats of 8 bits or fewer", argv[1]);
    for (unsigned b = 0; b < (1u << fp_fmt(f)->bits); b++) {
        char value[FP_PRINT_MAX];
        fp_print_g17(f, b, value);
        printf("0x%02X\t%s\n", b, value);
    }
    return IRRUN_OK;
}

static int encode_one(fp_id f, const char *text, fp_round mode, uint64_t random, uint64_t *bits)
{
    const char *t = text;
    bool neg = false;
    if (*t == '-' || *t == '+') {
        neg = *t == '-';
        t++;
    }
    if (strcmp(t, "inf") == 0 || strcmp(t, "nan") == 0) {
        fp_value v = { strcmp(t, "inf") == 0 ? FPC_INF : FPC_NAN, neg, false, false, 0,
                       UINT64_C(1) << 63 };
        *bits = fp_encode(f, &v, mode, random);
        return 0;
    }
    return fp_from_decimal(f, text, strlen(text), mode, random, bits);
}

irrun_status cmd_encode(int argc, char **argv)
{
    if (wants_help(argc, argv))
        return IRRUN_OK;
    if (argc < 2)
        return usage("encode");
    fp_id f;
    if (!parse_format("encode", argv[1], &f))
        return IRRUN_BAD_INPUT;
    fp_round mode = FPR_RNE;
    uint64_t seed = 0;
    int i = 2;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || (a[1] >= '0' && a[1] <= '9') || a[1] == '.' || strcmp(a, "-inf") == 0 ||
            strcmp(a, "-nan") == 0)
            break;
        const char *val = NULL;
        size_t n = strcspn(a, "=");
        if (a[n] == '=')
            val = a + n + 1;
        else if (i + 1 < argc && (strcmp(a, "--mode") == 0 || strcmp(a, "--seed") == 0))
            val = argv[++i];
        if (strncmp(a, "--mode", n) == 0 && n == 6 && val) {
            int m = fp_round_lookup(val);
            if (m < 0)
                return usage_error("encode", "unknown rounding mode '%s' (known: rne, saturate, stochastic, truncate)", val);
            mode = (fp_round)m;
        } else if (strncmp(a, "--seed", n) == 0 && n == 6 && val) {
            char *end;
            errno = 0;
            seed = strtoull(val, &end, 0);
            if (errno || *end || !*val || val[0] == '-')
                return usage_error("encode", "bad seed '%s' (expected an unsigned integer)", val);
        } else {
            return usage_error("encode", "unknown option '%s'", a);
        }
    }
    if (i >= argc)
        return usage_error("encode", "no VALUE given%s", "");
    /* validate everything before printing anything, so a bad value gives one
     * error line and no partial output */
    int first = i;
    uint64_t *out = mem_calloc((size_t)(argc - first), sizeof *out);
    if (!out) {
        usage_error("encode", "out of memory%s", "");
        return IRRUN_NOMEM;
    }
    for (; i < argc; i++) {
        if (encode_one(f, argv[i], mode, fp_random(seed, (uint64_t)(i - first)), &out[i - first]) < 0) {
            mem_free(out);
            return usage_error("encode", "'%s' is not a decimal number, inf, -inf or nan", argv[i]);
        }
    }
    for (i = first; i < argc; i++) {
        char hex[FP_PRINT_MAX];
        fp_print_hex(fp_fmt(f)->bits, out[i - first], hex);
        puts(hex);
    }
    mem_free(out);
    return IRRUN_OK;
}

irrun_status cmd_decode(int argc, char **argv)
{
    if (wants_help(argc, argv))
        return IRRUN_OK;
    /* --exact, wherever it is (a pattern never starts with '-') */
    bool exact = false;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--exact") == 0)
            exact = true;
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
    if (argc < 3)
        return usage("decode");
    fp_id f;
    if (!parse_format("decode", argv[1], &f))
        return IRRUN_BAD_INPUT;
    const fp_format *d = fp_fmt(f);
    uint64_t *patterns = mem_calloc((size_t)argc, sizeof *patterns);
    if (!patterns) {
        usage_error("decode", "out of memory%s", "");
        return IRRUN_NOMEM;
    }
    for (int i = 2; i < argc; i++) {
        char *end;
        errno = 0;
        uint64_t b = strtoull(argv[i], &end, 0);
        if (errno || *end || !argv[i][0] || argv[i][0] == '-' || (b & ~d->mask)) {
            mem_free(patterns);
            fprintf(stderr, "ir-run decode: '%s' is not a %u-bit pattern of %s\n", argv[i], d->bits, d->name);
            return IRRUN_BAD_INPUT;
        }
        patterns[i] = b;
    }
    for (int i = 2; i < argc; i++) {
        char text[FP_EXACT_MAX];
        if (exact)
            fp_print_exact(f, patterns[i], text);
        else
            fp_print_mlir(f, patterns[i], text);
        puts(text);
    }
    mem_free(patterns);
    return IRRUN_OK;
}
