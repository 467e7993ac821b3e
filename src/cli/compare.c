/* `ir-run compare --type FMT [--shape AxB] EXPECTED ACTUAL [rule options]`:
 * backend validation of two tensor files (.npy, .bin, .yaml) with the ULP
 * report. Exit 0 when the rule holds, 1 when it does not, 2 when an input is
 * unusable or the command line is wrong. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmds_io.h"
#include "cli/exit.h"
#include "io/compare.h"
#include "cli/options.h"
#include "io/outfile.h"
#include "io/tensor_io.h"

static void compare_usage(FILE *out)
{
    fprintf(out,
            "usage: ir-run compare --type TYPE [--shape AxB] EXPECTED ACTUAL [options]\n"
            "  EXPECTED, ACTUAL   tensor files: .npy, .bin or .yaml (docs/tensor-files.md)\n"
            "  --type TYPE        element type (f8E4M3FN, bf16, i4, or ml_dtypes' float8_e4m3fn);\n"
            "                     decides how bytes read\n"
            "  --shape AxB        shape; required for .bin unless 1-D, checked for the others\n"
            "  --format F         npy|bin|yaml for both files, instead of the extensions\n"
            "  --max-ulp N        pass when every ULP distance is <= N (SPEC.md 3.11)\n"
            "  --atol X --rtol X  pass when |actual - expected| <= X + Y * |expected|\n"
            "  --nan any|exact    NaN matches any NaN, or only the same pattern\n"
            "  --signed-zero equal|distinct   -0 vs +0\n"
            "  --inf exact|saturate           Inf also matches max of the same sign\n"
            "  --report text|json|html   html: one page with plots (docs/tensor-files.md)\n"
            "  --report-file FILE write the report to FILE instead of standard output\n"
            "  --show N|all       differing elements listed (default 10); also --report-limit\n"
            "  --convert-exact    take a .npy of another float type when every value is exact\n"
            "  --reshape          take a .npy of another shape with as many elements\n"
            "  --sort index|worst the first by index, or the worst (NaN first, then by ULP)\n"
            "Without a tolerance the rule is exact: bit for bit (nan exact, signed zero\n"
            "distinct unless given). Exit 0 when the rule holds, 1 when not, 2 bad input.\n");
}

/* The report in its form to standard output or `file` (written whole or
 * not at all, never over one of the inputs). */
static irrun_status write_report(const io_report *rep, const char *form, const char *file, const char *const files[2])
{
    FILE *out = stdout;
    io_outfile of;
    io_inputs reads;
    io_inputs_init(&reads);
    io_error err;
    if (file) {
        irrun_status s = io_inputs_add(&reads, files[0]);
        if (s == IRRUN_OK)
            s = io_inputs_add(&reads, files[1]);
        if (s == IRRUN_OK)
            s = io_outfile_open(&of, file, &reads, &err);
        else
            snprintf(err.text, sizeof err.text, "out of memory");
        io_inputs_free(&reads);
        if (s != IRRUN_OK) {
            fprintf(stderr, "ir-run compare: --report-file: %s\n", err.text);
            return s;
        }
        out = of.f;
    }
    irrun_status s = IRRUN_OK;
    if (strcmp(form, "json") == 0) {
        io_report_json(rep, NULL, out);
        fputc('\n', out);
    } else if (strcmp(form, "html") == 0) {
        io_html h;
        char title[600];
        snprintf(title, sizeof title, "ir-run compare: %s vs %s", files[0], files[1]);
        if ((s = io_html_open(&h, out, title)) == IRRUN_OK) {
            io_html_add(&h, rep, files[1]);
            s = io_html_close(&h);
        }
    } else {
        io_report_text(rep, NULL, out);
    }
    if (file) {
        if (s != IRRUN_OK) {
            io_outfile_discard(&of);
            fprintf(stderr, "ir-run compare: --report-file: out of memory\n");
        } else if ((s = io_outfile_commit(&of, &err)) != IRRUN_OK) {
            fprintf(stderr, "ir-run compare: --report-file: %s\n", err.text);
        }
    }
    return s;
}

irrun_status cmd_compare(int argc, char **argv)
{
    const char *cmd = "compare";
    io_rule rule = { 0 };
    io_show show = { IO_REPORT_FIRST, false, false };
    io_read_opts read_opts = { false, false };
    const char *type_name = NULL, *shape_text = NULL, *report = "text", *format = NULL, *report_file = NULL;
    bool sort_given = false, report_given = false;
    const char *files[2];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int r;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            compare_usage(stdout);
            return IRRUN_OK;
        }
        if ((r = cli_rule_option(cmd, argc, argv, &i, &rule, NULL)) != 0 ||
            (r = cli_show_option(cmd, argc, argv, &i, &show)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            sort_given |= r == 2;
            continue;
        }
        if (strcmp(a, "--convert-exact") == 0 || strcmp(a, "-convert-exact") == 0) {
            read_opts.convert_exact = true;
        } else if (strcmp(a, "--reshape") == 0 || strcmp(a, "-reshape") == 0) {
            read_opts.reshape = true;
        } else if ((r = cli_opt_value(cmd, "--type", argc, argv, &i, &v)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            type_name = v;
        } else if ((r = cli_opt_value(cmd, "--shape", argc, argv, &i, &v)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            shape_text = v;
        } else if ((r = cli_opt_value(cmd, "--report", argc, argv, &i, &v)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            report = v;
            report_given = true;
        } else if ((r = cli_opt_value(cmd, "--report-file", argc, argv, &i, &v)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            report_file = v;
        } else if ((r = cli_opt_value(cmd, "--format", argc, argv, &i, &v)) != 0) {
            if (r < 0)
                return IRRUN_BAD_INPUT;
            format = v;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "ir-run compare: unknown option '%s'\n", a);
            compare_usage(stderr);
            return IRRUN_BAD_INPUT;
        } else if (nfiles < 2) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "ir-run compare: more than two files given ('%s')\n", a);
            return IRRUN_BAD_INPUT;
        }
    }
    if (!type_name || nfiles != 2) {
        fprintf(stderr, "ir-run compare: %s\n",
                !type_name ? "--type is required" : "give the EXPECTED and ACTUAL files");
        compare_usage(stderr);
        return IRRUN_BAD_INPUT;
    }
    io_expect expect = { .rank = -1 };
    int t = et_lookup(type_name, strlen(type_name));
    if (t < 0) /* the ml_dtypes name a .npy header carries */
        t = io_npy_name_lookup(type_name);
    if (t < 0) {
        fprintf(stderr, "ir-run compare: unknown element type '%s' (known: %s)\n", type_name,
                et_known_names());
        return IRRUN_BAD_INPUT;
    }
    expect.elem = (et_id)t;
    if (shape_text && io_parse_shape(shape_text, &expect) != IRRUN_OK) {
        fprintf(stderr, "ir-run compare: bad --shape '%s' (expected e.g. 2x3, or scalar)\n",
                shape_text);
        return IRRUN_BAD_INPUT;
    }
    if (!report_given && report_file && io_html_file_name(report_file))
        report = "html"; /* x.html: a page unless --report says otherwise */
    bool html = strcmp(report, "html") == 0;
    if (strcmp(report, "text") != 0 && strcmp(report, "json") != 0 && !html) {
        fprintf(stderr, "ir-run compare: bad --report '%s' (text, json or html)\n", report);
        return IRRUN_BAD_INPUT;
    }
    if (report_file && !*report_file) {
        fprintf(stderr, "ir-run compare: --report-file needs a file name\n");
        return IRRUN_BAD_INPUT;
    }
    if (html) { /* the page shows the heat map and the worst elements */
        show.heat = true;
        show.worst |= !sort_given;
    }
    io_format fmt = IO_FMT_UNKNOWN;
    if (format && (fmt = io_format_lookup(format)) == IO_FMT_UNKNOWN) {
        fprintf(stderr, "ir-run compare: bad --format '%s' (npy, bin or yaml)\n", format);
        return IRRUN_BAD_INPUT;
    }
    io_error err;
    tensor *e = io_read_file_opts(files[0], fmt, &expect, &read_opts, &err);
    if (!e) {
        fprintf(stderr, "%s\n", err.text);
        return IRRUN_BAD_INPUT;
    }
    /* the actual file must have the expected file's shape */
    io_expect want = e->type;
    tensor *a = io_read_file_opts(files[1], fmt, &want, &read_opts, &err);
    if (!a) {
        fprintf(stderr, "%s\n", err.text);
        tensor_release(e);
        return IRRUN_BAD_INPUT;
    }
    /* io_compare itself, not irrun_compare: the public report lists at
     * most the first 10 elements, --show and --sort ask for more */
    io_report rep;
    char why[320];
    irrun_status rc = io_compare(e, a, &rule, &show, &rep, why, sizeof why);
    if (rc != IRRUN_OK && rc != IRRUN_CHECK_FAILED)
        fprintf(stderr, "ir-run compare: %s\n", why);
    else
        rc = cli_worse(rc, write_report(&rep, report, report_file, files));
    io_report_free(&rep);
    tensor_release(e);
    tensor_release(a);
    if (fflush(stdout) != 0)
        return cli_worse(rc, IRRUN_BAD_INPUT);
    return rc;
}
