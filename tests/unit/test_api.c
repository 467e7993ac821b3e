/* The public API (include/irrun.h) as a program embedding it uses it:
 * loading with located diagnostics returned, signatures, runs with results,
 * check counts and messages handed back (nothing on stderr), input
 * validation, comparison reports, float info, and two modules run in two
 * threads at once while one module is also shared by two threads. */
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "irrun.h"
#include "types/fptables.h"
#include "util/mem.h"

static irrun_module *load(const char *text)
{
    irrun_module *m;
    char *diag;
    irrun_status s = irrun_module_load_text(text, strlen(text), "prog.mlir", &m, &diag);
    ck_assert_msg(s == IRRUN_OK, "load failed: %s", diag);
    ck_assert_str_eq(diag, "");
    irrun_string_free(diag);
    return m;
}

static irrun_tensor tensor1(const char *type, int64_t n, const void *data, size_t nbytes)
{
    irrun_tensor t = { .element_type = type, .rank = 1, .dims = { n }, .data = data, .nbytes = nbytes };
    return t;
}

/* stderr into a temporary file while `fn` runs: what landed there */
static long stderr_bytes_during(void (*fn)(void))
{
    fflush(stderr);
    int saved = dup(2);
    FILE *tmp = tmpfile();
    ck_assert_ptr_nonnull(tmp);
    dup2(fileno(tmp), 2);
    fn();
    fflush(stderr);
    long n = lseek(2, 0, SEEK_END);
    dup2(saved, 2);
    close(saved);
    fclose(tmp);
    return n;
}

START_TEST(version_matches_header)
{
    ck_assert_int_eq(irrun_version(), IRRUN_VERSION);
    ck_assert_str_eq(irrun_version_string(), IRRUN_VERSION_STRING);
    ck_assert_int_eq(IRRUN_VERSION, IRRUN_VERSION_MAJOR * 10000 + IRRUN_VERSION_MINOR * 100 + IRRUN_VERSION_PATCH);
    ck_assert_str_eq(irrun_status_name(IRRUN_CHECK_FAILED), "check failed");
}
END_TEST

static void load_bad_program(void)
{
    const char *text = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                       "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n"
                       "  return %0 : tensor<2xf32>\n}\n";
    irrun_module *m = (irrun_module *)1;
    char *diag;
    ck_assert_int_eq(irrun_module_load_text(text, strlen(text), "bad.mlir", &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_msg(strncmp(diag, "bad.mlir:2:", 11) == 0 && strstr(diag, ": error: ") && strstr(diag, "%b") &&
                      strstr(diag, "^\n"),
                  "diagnostics: %s", diag);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_file("/nonexistent/x.mlir", &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_nonnull(strstr(diag, "/nonexistent/x.mlir"));
    irrun_string_free(diag);
}

START_TEST(diagnostics_returned_not_printed)
{
    ck_assert_int_eq(stderr_bytes_during(load_bad_program), 0);
}
END_TEST

START_TEST(functions_and_signatures)
{
    irrun_module *m = load("func.func private @helper(%x: tensor<f32>) -> tensor<f32> {\n"
                           "  return %x : tensor<f32>\n}\n"
                           "func.func @main(%a: tensor<2x3xf8E4M3FN>, %t: !stablehlo.token) -> "
                           "(tensor<2x3xf8E4M3FN>, !stablehlo.token) {\n"
                           "  return %a, %t : tensor<2x3xf8E4M3FN>, !stablehlo.token\n}\n");
    ck_assert_int_eq(irrun_function_count(m), 2);
    const irrun_function *h = irrun_function_at(m, 0), *f = irrun_function_at(m, 1);
    ck_assert_ptr_null(irrun_function_at(m, 2));
    ck_assert_str_eq(h->name, "helper");
    ck_assert_int_eq(h->is_public, 0);
    ck_assert_str_eq(h->signature, "(tensor<f32>) -> tensor<f32>");
    ck_assert_str_eq(f->name, "main");
    ck_assert_ptr_eq(irrun_function_find(m, NULL), f);
    ck_assert_ptr_eq(irrun_function_find(m, "helper"), h);
    ck_assert_ptr_null(irrun_function_find(m, "nope"));
    ck_assert_str_eq(f->signature, "(tensor<2x3xf8E4M3FN>, !stablehlo.token) -> (tensor<2x3xf8E4M3FN>, "
                                   "!stablehlo.token)");
    ck_assert_int_eq(f->nargs, 2);
    ck_assert_int_eq(f->args[0].kind, IRRUN_TYPE_TENSOR);
    ck_assert_str_eq(f->args[0].element_type, "f8E4M3FN");
    ck_assert_int_eq(f->args[0].rank, 2);
    ck_assert_int_eq(f->args[0].dims[1], 3);
    ck_assert_int_eq(f->args[1].kind, IRRUN_TYPE_TOKEN);
    ck_assert_ptr_null(f->args[1].element_type);
    irrun_module_free(m);
}
END_TEST

static const char *add_program = "func.func @main(%a: tensor<4xf8E4M3FN>, %b: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {\n"
                                 "  %0 = stablehlo.add %a, %b : tensor<4xf8E4M3FN>\n"
                                 "  \"interpreter.print\"(%0) : (tensor<4xf8E4M3FN>) -> ()\n"
                                 "  return %0 : tensor<4xf8E4M3FN>\n}\n";

static void run_and_fail(void)
{
    irrun_module *m = load(add_program);
    /* 1 + 1 = 2, 448 + 448 overflows to NaN (no Inf in f8E4M3FN), 0.5 + -0.5 = 0 */
    const uint8_t a[4] = { 0x38, 0x7E, 0x30, 0x00 }, b[4] = { 0x38, 0x7E, 0xB0, 0x80 };
    irrun_tensor in[2] = { tensor1("f8E4M3FN", 4, a, 4), tensor1("f8E4M3FN", 4, b, 4) };
    irrun_results r;
    ck_assert_int_eq(irrun_run(m, NULL, in, 2, &r), IRRUN_OK);
    ck_assert_int_eq(r.nresults, 1);
    ck_assert_str_eq(r.results[0].element_type, "f8E4M3FN");
    ck_assert_int_eq(r.results[0].rank, 1);
    ck_assert_int_eq((int)r.results[0].nbytes, 4);
    const uint8_t *out = r.results[0].data;
    ck_assert_int_eq(out[0], 0x40);
    ck_assert_int_eq(out[1], 0x7F);
    ck_assert_int_eq(out[2], 0x00);
    ck_assert_int_eq(out[3], 0x00);
    ck_assert_msg(strstr(r.output, "tensor<4xf8E4M3FN>") != NULL, "output: %s", r.output);
    ck_assert_str_eq(r.messages, "");
    irrun_results_free(&r);

    /* wrong shape: a run-time error located at the function, no results */
    irrun_tensor wrong[2] = { tensor1("f8E4M3FN", 3, a, 3), tensor1("f8E4M3FN", 4, b, 4) };
    ck_assert_int_eq(irrun_run(m, NULL, wrong, 2, &r), IRRUN_BAD_INPUT);
    ck_assert_int_eq(r.nresults, 0);
    ck_assert_msg(strstr(r.messages, "prog.mlir:1:") && strstr(r.messages, "tensor<3xf8E4M3FN>"), "%s",
                  r.messages);
    irrun_results_free(&r);

    /* bytes that do not fit the element type or the shape */
    const uint8_t nibble[4] = { 0x01, 0x0F, 0x10, 0x00 };
    irrun_tensor bad[2] = { tensor1("f4E2M1FN", 4, nibble, 4), tensor1("f8E4M3FN", 4, b, 4) };
    ck_assert_int_eq(irrun_run(m, NULL, bad, 2, &r), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(r.messages, "input 0: element 2 is the byte 0x10"), "%s", r.messages);
    irrun_results_free(&r);
    bad[0] = tensor1("f8E4M3FN", 4, a, 3);
    ck_assert_int_eq(irrun_run(m, NULL, bad, 2, &r), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(r.messages, "input 0: 3 bytes given"), "%s", r.messages);
    irrun_results_free(&r);
    bad[0] = tensor1("f9", 4, a, 4);
    ck_assert_int_eq(irrun_run(m, NULL, bad, 2, &r), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(r.messages, "unknown element type 'f9'"), "%s", r.messages);
    irrun_results_free(&r);

    irrun_run_options o;
    irrun_run_options_init(&o);
    o.entry = "absent";
    ck_assert_int_eq(irrun_run(m, &o, in, 2, &r), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(r.messages, "entry function @absent not found"), "%s", r.messages);
    irrun_results_free(&r);
    irrun_module_free(m);
}

START_TEST(run_results_and_messages)
{
    ck_assert_int_eq(stderr_bytes_during(run_and_fail), 0);
}
END_TEST

START_TEST(checks_and_dot_accumulation)
{
    /* twenty ones summed in f8E4M3: the reference's per-step rounding stops
     * at 16, f32 accumulation reaches 20 (examples/quickstart.mlir) */
    irrun_module *m = load("func.func @main(%a: tensor<20xf8E4M3>) -> tensor<f8E4M3> {\n"
                           "  %0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] :"
                           " (tensor<20xf8E4M3>, tensor<20xf8E4M3>) -> tensor<f8E4M3>\n"
                           "  check.expect_eq_const %0, dense<16.0> : tensor<f8E4M3>\n"
                           "  return %0 : tensor<f8E4M3>\n}\n");
    uint8_t ones[20];
    memset(ones, 0x38, sizeof ones);
    irrun_tensor in = tensor1("f8E4M3", 20, ones, 20);
    irrun_results r;
    ck_assert_int_eq(irrun_run(m, NULL, &in, 1, &r), IRRUN_OK);
    ck_assert_int_eq(r.checks_passed, 1);
    ck_assert_int_eq(((const uint8_t *)r.results[0].data)[0], 0x58); /* 16 */
    irrun_results_free(&r);
    irrun_run_options o;
    irrun_run_options_init(&o);
    o.dot_accumulation = IRRUN_DOT_F32;
    ck_assert_int_eq(irrun_run(m, &o, &in, 1, &r), IRRUN_CHECK_FAILED);
    ck_assert_int_eq(r.checks_failed, 1);
    ck_assert_int_eq(r.nresults, 1);
    ck_assert_int_eq(((const uint8_t *)r.results[0].data)[0], 0x5A); /* 20 */
    ck_assert_msg(strstr(r.messages, "prog.mlir:3:"), "%s", r.messages);
    irrun_results_free(&r);
    irrun_module_free(m);
}
END_TEST

/* A dynamic entry (docs/shape-polymorphism.md): one module run at two
 * shapes, each refined from the inputs; the refined printout; an input that
 * contradicts a static dimension. */
START_TEST(dynamic_shapes_refined)
{
    irrun_module *m = load("func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {\n"
                           "  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>\n"
                           "  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>\n"
                           "  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>\n"
                           "  %y = stablehlo.add %x, %i : tensor<?xi32>\n"
                           "  func.return %y : tensor<?xi32>\n}\n");
    const irrun_function *f = irrun_function_find(m, NULL);
    ck_assert_int_eq(f->args[0].dims[0], -1);
    const int32_t three[3] = { 10, 20, 30 }, five[5] = { 1, 1, 1, 1, 1 };
    irrun_run_options o;
    irrun_run_options_init(&o);
    o.results = IRRUN_RESULTS_RETURN;
    irrun_results r;
    irrun_tensor in = tensor1("i32", 3, three, sizeof three);
    ck_assert_int_eq(irrun_run(m, &o, &in, 1, &r), IRRUN_OK);
    ck_assert_int_eq(r.results[0].dims[0], 3);
    const int32_t *y = r.results[0].data;
    ck_assert(y[0] == 10 && y[1] == 21 && y[2] == 32);
    irrun_results_free(&r);
    in = tensor1("i32", 5, five, sizeof five);
    ck_assert_int_eq(irrun_run(m, &o, &in, 1, &r), IRRUN_OK);
    ck_assert_int_eq(r.results[0].dims[0], 5);
    ck_assert_int_eq(((const int32_t *)r.results[0].data)[4], 5);
    irrun_results_free(&r);
    char *text, *said;
    ck_assert_int_eq(irrun_module_print_refined(m, NULL, &in, 1, &text, &said), IRRUN_OK);
    ck_assert_msg(strstr(text, "stablehlo.iota dim = 0 : tensor<5xi32>") != NULL, "%s", text);
    irrun_string_free(text);
    irrun_string_free(said);
    irrun_module_free(m);

    m = load("func.func @main(%x: tensor<?x2xi32>) -> tensor<?x2xi32> {\n  func.return %x : tensor<?x2xi32>\n}\n");
    irrun_tensor wrong = { .element_type = "i32", .rank = 2, .dims = { 1, 3 }, .data = three, .nbytes = sizeof three };
    ck_assert_int_eq(irrun_run(m, &o, &wrong, 1, &r), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(r.messages, "prog.mlir:1:") && strstr(r.messages, "tensor<?x2xi32>->tensor<1x3xi32>"), "%s",
                  r.messages);
    irrun_results_free(&r);
    ck_assert_int_eq(irrun_module_print_refined(m, NULL, &wrong, 1, &text, &said), IRRUN_BAD_INPUT);
    ck_assert(text == NULL && strstr(said, "dimension 1 is 2, the input's is 3") != NULL);
    irrun_string_free(said);
    irrun_module_free(m);
}
END_TEST

START_TEST(compare_report)
{
    const uint8_t e[6] = { 0x38, 0x40, 0x44, 0x7F, 0x00, 0x80 }, a[6] = { 0x38, 0x41, 0x46, 0x7F, 0x80, 0x80 };
    irrun_tensor te = { .element_type = "f8E4M3FN", .rank = 2, .dims = { 2, 3 }, .data = e, .nbytes = 6 };
    irrun_tensor ta = te;
    ta.data = a;
    irrun_report rep;
    char *msg;
    ck_assert_int_eq(irrun_compare(&te, &ta, NULL, &rep, &msg), IRRUN_CHECK_FAILED);
    ck_assert_ptr_null(msg);
    ck_assert_int_eq(rep.passed, 0);
    ck_assert_int_eq(rep.compared, 6);
    ck_assert_int_eq(rep.differing, 3);
    ck_assert_int_eq((int)rep.max_ulp, 2);
    ck_assert_int_eq(rep.histogram[0], 4); /* +0 vs -0 is ULP 0, but differs under exact */
    ck_assert_int_eq(rep.histogram[1], 1);
    ck_assert_int_eq(rep.histogram[2], 1);
    ck_assert_int_eq(rep.negzero_mismatches, 1);
    ck_assert_int_eq(rep.nfirst, 3);
    ck_assert_int_eq(rep.first[1].flat_index, 2);
    ck_assert_int_eq(rep.first[1].index[0], 0);
    ck_assert_int_eq(rep.first[1].index[1], 2);
    ck_assert_str_eq(rep.first[1].expected_bits, "0x44");
    ck_assert_str_eq(rep.first[1].actual_bits, "0x46");
    ck_assert_int_eq(rep.first[2].flat_index, 4);
    ck_assert_int_eq(rep.first[2].index[0], 1);
    /* |3.5 - 3| = 0.5 is the largest absolute and 0.5 / 3 the largest
     * relative error (2.25 vs 2: 0.25 and 0.125), both at [0, 2] */
    ck_assert(rep.has_max_abs_error && rep.max_abs_error == 0.5);
    ck_assert(rep.has_max_rel_error && rep.max_rel_error == 0.5 / 3);
    ck_assert_int_eq(rep.max_abs_error_at.flat_index, 2);
    ck_assert_str_eq(rep.max_rel_error_at.actual_bits, "0x46");
    char *text = irrun_report_text(&rep, "lbl"), *json = irrun_report_json(&rep);
    ck_assert_msg(strncmp(text, "lbl: tensor<2x3xf8E4M3FN> (rule: exact): 6 compared, 3 differing\n", 60) == 0,
                  "%s", text);
    ck_assert_msg(strstr(text, "  max absolute error: 0.5 at [0, 2] (expected 3.000000e+00, actual 3.500000e+00)\n") &&
                      strstr(text, "  max relative error: 0.16666666666666666 at [0, 2]"), "%s", text);
    ck_assert_msg(strstr(json, "\"max_ulp\": 2") && strstr(json, "\"passed\": false"), "%s", json);
    ck_assert_msg(strstr(json, "\"max_abs_error\": {\"value\": 0.5, \"flat_index\": 2"), "%s", json);
    irrun_string_free(text);
    irrun_string_free(json);

    irrun_rule rule = { .has_max_ulp = 2, .max_ulp = 2, .signed_zero = IRRUN_ZERO_EQUAL };
    rule.has_max_ulp = 1;
    ck_assert_int_eq(irrun_compare(&te, &ta, &rule, &rep, NULL), IRRUN_OK);
    ck_assert_int_eq(rep.passed, 1);
    ck_assert_int_eq(rep.rule.signed_zero, IRRUN_ZERO_EQUAL);

    ta.dims[1] = 2;
    ta.dims[0] = 3;
    ck_assert_int_eq(irrun_compare(&te, &ta, NULL, &rep, &msg), IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(msg, "tensor<3x2xf8E4M3FN>") != NULL, "%s", msg);
    irrun_string_free(msg);
}
END_TEST

/* irrun_compare_document: compare_report's pair (3 of 6 differ, max ULP 2:
 * [0, 1] 1 ULP, [0, 2] 2 ULP, [1, 1] -0 against +0) with an equal pair, as
 * one JSON document, one page and one text; the worst listed first. */
START_TEST(compare_document)
{
    const uint8_t e[6] = { 0x38, 0x40, 0x44, 0x7F, 0x00, 0x80 }, a[6] = { 0x38, 0x41, 0x46, 0x7F, 0x80, 0x80 };
    irrun_tensor te[2] = { { .element_type = "f8E4M3FN", .rank = 2, .dims = { 2, 3 }, .data = e, .nbytes = 6 } };
    te[1] = te[0];
    irrun_tensor ta[2] = { te[0], te[0] };
    ta[0].data = a;
    const char *labels[2] = { "out0", "same" };
    char *doc, *msg;
    ck_assert_int_eq(irrun_compare_document(2, te, ta, NULL, labels, "json", 1, 1, NULL, &doc, &msg),
                     IRRUN_CHECK_FAILED);
    ck_assert_ptr_null(msg);
    ck_assert_msg(strncmp(doc, "{\"reports\": [\n{\"label\": \"out0\", \"type\": \"tensor<2x3xf8E4M3FN>\"", 60) == 0,
                  "%s", doc);
    /* one element listed, the worst: [0, 2] at 2 ULP */
    ck_assert_msg(strstr(doc, "\"order\": \"worst\", \"elements\": [{\"flat_index\": 2,") != NULL, "%s", doc);
    ck_assert_msg(strstr(doc, "{\"label\": \"same\", \"type\": \"tensor<2x3xf8E4M3FN>\", \"rule\": \"exact\", "
                              "\"passed\": true") != NULL, "%s", doc);
    irrun_string_free(doc);
    ck_assert_int_eq(irrun_compare_document(1, te, ta, NULL, NULL, "html", -1, 0, "a <b>", &doc, &msg),
                     IRRUN_CHECK_FAILED);
    ck_assert_msg(strstr(doc, "<title>a &lt;b&gt;</title>") && strstr(doc, "<h2>result 0</h2>") &&
                      strstr(doc, "first 3 of 3 differing elements") && strstr(doc, "class=\"heat\"") &&
                      strstr(doc, "ULP 2 to 3: 1 elements"),
                  "%s", doc);
    irrun_string_free(doc);
    ck_assert_int_eq(irrun_compare_document(1, te + 1, ta + 1, NULL, labels + 1, "text", 10, 0, NULL, &doc, &msg),
                     IRRUN_OK);
    ck_assert_msg(strncmp(doc, "same: tensor<2x3xf8E4M3FN> (rule: exact): 6 compared, 0 differing\n", 60) == 0, "%s",
                  doc);
    irrun_string_free(doc);
    ck_assert_int_eq(irrun_compare_document(1, te, ta, NULL, NULL, "pdf", 10, 0, NULL, &doc, &msg), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(doc);
    ck_assert_msg(strstr(msg, "text, json or html") != NULL, "%s", msg);
    irrun_string_free(msg);
    ta[0].dims[0] = 3;
    ta[0].dims[1] = 2;
    ck_assert_int_eq(irrun_compare_document(1, te, ta, NULL, labels, "json", 10, 0, NULL, &doc, &msg),
                     IRRUN_BAD_INPUT);
    ck_assert_ptr_null(doc);
    ck_assert_msg(strncmp(msg, "out0: expected tensor<2x3xf8E4M3FN> but got tensor<3x2xf8E4M3FN>", 50) == 0, "%s",
                  msg);
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_compare_document(0, NULL, NULL, NULL, NULL, "json", 10, 0, NULL, &doc, &msg), IRRUN_OK);
    ck_assert_str_eq(doc, "{\"reports\": [\n]}\n");
    irrun_string_free(doc);
}
END_TEST

/* A run's options are checked as the command line checks its own: a grid
 * dimension out of 1..1024 (0: none), a grid of more than 1024 processes,
 * an enum value that is none of its names, a negative thread count. A
 * dimension given alone makes a grid of one row or column. */
static const char *grid_program = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                                  "  return %a : tensor<2xf32>\n}\n";

static irrun_status run_with(const irrun_module *m, const irrun_run_options *o, irrun_results *r)
{
    static const float x[2] = { 1, 2 };
    irrun_tensor in = tensor1("f32", 2, x, sizeof x);
    return irrun_run(m, o, &in, 1, r);
}

START_TEST(run_options_checked)
{
    irrun_module *m = load(grid_program);
    static const struct {
        int replicas, partitions;
        const char *said; /* NULL: runs, on replicas * partitions processes */
    } grids[] = {
        { 3, 0, NULL },
        { 0, 3, NULL },
        { 2, -2, "error: partitions needs an integer from 1 to 1024 (or 0: no grid), got -2\n" },
        { 1, -1, "error: partitions needs an integer from 1 to 1024 (or 0: no grid), got -1\n" },
        { -1, 0, "error: replicas needs an integer from 1 to 1024 (or 0: no grid), got -1\n" },
        { 2, INT_MAX, "error: partitions needs an integer from 1 to 1024 (or 0: no grid), got 2147483647\n" },
        { INT_MIN, 1, "error: replicas needs an integer from 1 to 1024 (or 0: no grid), got -2147483648\n" },
        { 2, 3, NULL },
        { 32, 33, "error: a grid of replicas x partitions (32 x 33) has more than 1024 processes\n" },
        { 33, 33, "error: a grid of replicas x partitions (33 x 33) has more than 1024 processes\n" },
        { 1025, 0, "error: replicas needs an integer from 1 to 1024 (or 0: no grid), got 1025\n" },
    };
    for (size_t k = 0; k < sizeof grids / sizeof grids[0]; k++) {
        irrun_run_options o;
        irrun_run_options_init(&o);
        o.replicas = grids[k].replicas;
        o.partitions = grids[k].partitions;
        irrun_results r;
        irrun_status s = run_with(m, &o, &r);
        if (grids[k].said) {
            ck_assert_msg(s == IRRUN_BAD_INPUT, "%d x %d: %s", o.replicas, o.partitions, irrun_status_name(s));
            ck_assert_str_eq(r.messages, grids[k].said);
            ck_assert_int_eq(r.nresults, 0);
        } else {
            ck_assert_msg(s == IRRUN_OK, "%d x %d: %s", o.replicas, o.partitions, r.messages);
            int procs = (o.replicas ? o.replicas : 1) * (o.partitions ? o.partitions : 1);
            ck_assert_int_eq(r.nresults, procs);
        }
        irrun_results_free(&r);
    }
    static const struct {
        int field, value;
        const char *said;
    } fields[] = {
        { 0, 99, "error: unknown dot_accumulation mode 99 (IRRUN_DOT_REF, _ALGORITHM, _F32 or _F64)\n" },
        { 0, -1, "error: unknown dot_accumulation mode -1 (IRRUN_DOT_REF, _ALGORITHM, _F32 or _F64)\n" },
        { 1, 99, "error: unknown print_format 99 (IRRUN_PRINT_REF, _DENSE, _DECIMAL or _EXACT)\n" },
        { 2, 99, "error: unknown results mode 99 (IRRUN_RESULTS_RETURN, _PRINT or _BOTH)\n" },
        { 3, -5, "error: threads needs a thread count from 1 to 1024 (or 0: the default), got -5\n" },
        { 3, 1025, "error: threads needs a thread count from 1 to 1024 (or 0: the default), got 1025\n" },
        { 4, -1, "error: -1 keep_files given without an array of them\n" },
        { 4, 2, "error: 2 keep_files given without an array of them\n" },
    };
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        irrun_run_options o;
        irrun_run_options_init(&o);
        switch (fields[k].field) {
        case 0: o.dot_accumulation = (irrun_dot_accumulation)fields[k].value; break;
        case 1: o.print_format = (irrun_print_format)fields[k].value; break;
        case 2: o.results = (irrun_results_mode)fields[k].value; break;
        case 3: o.threads = fields[k].value; break;
        case 4: o.nkeep_files = fields[k].value; break;
        }
        irrun_results r;
        ck_assert_int_eq(run_with(m, &o, &r), IRRUN_BAD_INPUT);
        ck_assert_str_eq(r.messages, fields[k].said);
        irrun_results_free(&r);
    }
    irrun_run_options o;
    irrun_run_options_init(&o);
    o.threads = 1024;
    irrun_results r;
    ck_assert_int_eq(run_with(m, &o, &r), IRRUN_OK);
    irrun_results_free(&r);
    irrun_module_free(m);
}
END_TEST

/* A NULL where a call needs a pointer is IRRUN_BAD_INPUT, never a crash
 * (each of these crashed before; Check runs every test in a child, so a
 * crash fails it). */
START_TEST(null_pointers_refused)
{
    const char *text = grid_program;
    irrun_module *m = NULL;
    char *diag = NULL;
    ck_assert_int_eq(irrun_module_load_text(text, strlen(text), "p", NULL, &diag), IRRUN_BAD_INPUT);
    ck_assert_str_eq(diag, "error: the module's out-parameter is NULL\n");
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_text(text, strlen(text), "p", NULL, NULL), IRRUN_BAD_INPUT);
    ck_assert_int_eq(irrun_module_load_chunk(text, strlen(text), 3, "p", NULL, &diag), IRRUN_BAD_INPUT);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_text(NULL, 5, "p", &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_str_eq(diag, "error: the text is NULL\n");
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_file(NULL, &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_str_eq(diag, "error: the path is NULL\n");
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_file("examples/quickstart.mlir", NULL, &diag), IRRUN_BAD_INPUT);
    irrun_string_free(diag);

    m = load(text);
    ck_assert_int_eq(irrun_module_print(m, NULL), IRRUN_BAD_INPUT);
    static const float x[2] = { 1, 2 };
    irrun_tensor in = tensor1("f32", 2, x, sizeof x);
    ck_assert_int_eq(irrun_run(m, NULL, &in, 1, NULL), IRRUN_BAD_INPUT);
    irrun_run_options_init(NULL);
    irrun_module_free(m);

    irrun_tensor t;
    char *msg = NULL;
    ck_assert_int_eq(irrun_tensor_read_file(NULL, "f32", &t, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "the path is NULL");
    ck_assert_ptr_null(t.data);
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_tensor_read_file("examples/validation/lhs.npy", "f8E4M3FN", NULL, &msg),
                     IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "the tensor's out-parameter is NULL");
    irrun_string_free(msg);

    const char *lits = "dense<[1.5, -2.0]> : tensor<2xf32>";
    irrun_tensor *ts = NULL;
    int n = 0;
    ck_assert_int_eq(irrun_tensors_parse(lits, strlen(lits), NULL, &ts, NULL, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(ts);
    ck_assert_str_eq(diag, "error: the count's out-parameter is NULL\n");
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_tensors_parse(lits, strlen(lits), NULL, NULL, &n, NULL), IRRUN_BAD_INPUT);

    irrun_report rep;
    ck_assert_int_eq(irrun_compare(NULL, NULL, NULL, &rep, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "expected is NULL");
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_compare(&in, NULL, NULL, &rep, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "actual is NULL");
    irrun_string_free(msg);
    /* no report wanted: only the status */
    ck_assert_int_eq(irrun_compare(&in, &in, NULL, NULL, &msg), IRRUN_OK);
    ck_assert_ptr_null(msg);
    static const float y[2] = { 1, 3 };
    irrun_tensor other = tensor1("f32", 2, y, sizeof y);
    ck_assert_int_eq(irrun_compare(&in, &other, NULL, NULL, NULL), IRRUN_CHECK_FAILED);

    ck_assert_int_eq(irrun_float_info_get("f32", NULL), IRRUN_BAD_INPUT);
}
END_TEST

/* Values to elements and back, with the bits worked out by hand from the
 * formats' definitions: f8E4M3FN has bias 7, 3 mantissa bits, max 448
 * (0 1111 110) and only S1111111 as NaN; bf16 is the top half of f32. */
START_TEST(encode_and_decode_values)
{
    static const double v[] = {
        1.0,     /* 0 0111 000 */
        448.0,   /* 0 1111 110 */
        0.1,     /* 1.6 * 2^-4: mantissa 4.8/8 rounds to 5/8: 0 0011 101 (0.1015625) */
        -2.5,    /* 1 1000 010 */
        1.0625,  /* halfway between 1 (0x38) and 1.125 (0x39): even 0x38 */
        1.1875,  /* halfway between 1.125 (0x39) and 1.25 (0x3A): even 0x3A */
        460.0,   /* below 464, the midpoint above 448: 448 */
        500.0,   /* past 464: NaN (no Inf) */
        -1e9,    /* NaN, sign kept */
        0.00390625,   /* 2^-8: subnormal (steps of 2^-9 below 2^-6): 0 0000 010 */
        0.0009765625, /* 2^-10: halfway from 0 to 2^-9: even, +0 */
    };
    enum { N = sizeof v / sizeof v[0] };
    static const uint8_t rne[N] = { 0x38, 0x7E, 0x1D, 0xC2, 0x38, 0x3A, 0x7E, 0x7F, 0xFF, 0x02, 0x00 };
    static const uint8_t sat[N] = { 0x38, 0x7E, 0x1D, 0xC2, 0x38, 0x3A, 0x7E, 0x7E, 0xFE, 0x02, 0x00 };
    static const uint8_t rtz[N] = { 0x38, 0x7E, 0x1C, 0xC2, 0x38, 0x39, 0x7E, 0x7E, 0xFE, 0x02, 0x00 };
    uint8_t out[N];
    char *msg = (char *)"unset";
    ck_assert_int_eq(irrun_encode_values("f8E4M3FN", v, N, IRRUN_ROUND_NEAREST_EVEN, 0, out, N, &msg), IRRUN_OK);
    ck_assert_ptr_null(msg);
    for (int k = 0; k < N; k++)
        ck_assert_msg(out[k] == rne[k], "rne %g: 0x%02X, not 0x%02X", v[k], out[k], rne[k]);
    ck_assert_int_eq(irrun_encode_values("f8E4M3FN", v, N, IRRUN_ROUND_SATURATE, 0, out, N, NULL), IRRUN_OK);
    for (int k = 0; k < N; k++)
        ck_assert_msg(out[k] == sat[k], "saturate %g: 0x%02X, not 0x%02X", v[k], out[k], sat[k]);
    ck_assert_int_eq(irrun_encode_values("f8E4M3FN", v, N, IRRUN_ROUND_TOWARD_ZERO, 0, out, N, NULL), IRRUN_OK);
    for (int k = 0; k < N; k++)
        ck_assert_msg(out[k] == rtz[k], "toward zero %g: 0x%02X, not 0x%02X", v[k], out[k], rtz[k]);
    /* stochastic: 1.0625 is 0x38 or 0x39, the same for the same seed */
    double ties[64];
    uint8_t s1[64], s2[64];
    for (int k = 0; k < 64; k++)
        ties[k] = 1.0625;
    ck_assert_int_eq(irrun_encode_values("f8E4M3FN", ties, 64, IRRUN_ROUND_STOCHASTIC, 7, s1, 64, NULL), IRRUN_OK);
    ck_assert_int_eq(irrun_encode_values("f8E4M3FN", ties, 64, IRRUN_ROUND_STOCHASTIC, 7, s2, 64, NULL), IRRUN_OK);
    int up = 0;
    for (int k = 0; k < 64; k++) {
        ck_assert(s1[k] == 0x38 || s1[k] == 0x39);
        up += s1[k] == 0x39;
    }
    ck_assert_mem_eq(s1, s2, 64);
    ck_assert(up > 0 && up < 64);

    double back[N];
    ck_assert_int_eq(irrun_decode_values("f8E4M3FN", rne, N, back, N, &msg), IRRUN_OK);
    ck_assert_ptr_null(msg);
    static const double exact[N] = { 1.0, 448.0, 0.1015625, -2.5, 1.0, 1.25, 448.0, NAN, -NAN, 0.00390625, 0.0 };
    for (int k = 0; k < N; k++)
        ck_assert_msg(isnan(exact[k]) ? isnan(back[k]) && !signbit(back[k]) == !signbit(exact[k]) : back[k] == exact[k],
                      "0x%02X decodes to %g", rne[k], back[k]);

    /* two bytes per bf16 element, little-endian: 1.0 0x3F80, 0.1 0x3DCD (the
     * f32 0x3DCCCCCD rounded up), -3 0xC040; f16 65520 is halfway from the
     * max 65504 (0x7BFF) to 65536: even, so Inf 0x7C00 */
    static const double b[3] = { 1.0, 0.1, -3.0 };
    uint8_t bb[6];
    ck_assert_int_eq(irrun_encode_values("bf16", b, 3, IRRUN_ROUND_NEAREST_EVEN, 0, bb, 6, NULL), IRRUN_OK);
    static const uint8_t bf[6] = { 0x80, 0x3F, 0xCD, 0x3D, 0x40, 0xC0 };
    ck_assert_mem_eq(bb, bf, 6);
    static const double h = 65520.0;
    uint8_t hb[2];
    ck_assert_int_eq(irrun_encode_values("f16", &h, 1, IRRUN_ROUND_NEAREST_EVEN, 0, hb, 2, NULL), IRRUN_OK);
    ck_assert_int_eq(hb[0] | hb[1] << 8, 0x7C00);
    /* f4E2M1FN: 2.5 is halfway from 2 (0 10 0) to 3 (0 10 1), even 0x4;
     * 5 halfway from 4 (0 11 0) to 6 (0 11 1), even 0x6; -6 is 0xF */
    static const double f4[3] = { 2.5, 5.0, -6.0 };
    uint8_t f4b[3];
    ck_assert_int_eq(irrun_encode_values("f4E2M1FN", f4, 3, IRRUN_ROUND_NEAREST_EVEN, 0, f4b, 3, NULL), IRRUN_OK);
    ck_assert_int_eq(f4b[0], 0x4);
    ck_assert_int_eq(f4b[1], 0x6);
    ck_assert_int_eq(f4b[2], 0xF);

    /* refused, with a message */
    ck_assert_int_eq(irrun_encode_values("i8", v, 1, IRRUN_ROUND_NEAREST_EVEN, 0, out, 1, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "'i8' is not a float element type");
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_encode_values("bf16", v, 2, IRRUN_ROUND_NEAREST_EVEN, 0, out, 2, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "bf16: 2 bytes given for 2 elements");
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_encode_values("f32", v, 1, (irrun_rounding)9, 0, out, 4, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "f32: rounding mode 9 is not an irrun_rounding");
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_encode_values("f32", NULL, 1, IRRUN_ROUND_NEAREST_EVEN, 0, out, 4, NULL), IRRUN_BAD_INPUT);
    ck_assert_int_eq(irrun_encode_values(NULL, v, 1, IRRUN_ROUND_NEAREST_EVEN, 0, out, 4, NULL), IRRUN_BAD_INPUT);
    ck_assert_int_eq(irrun_encode_values("f64", v, SIZE_MAX / 4, IRRUN_ROUND_NEAREST_EVEN, 0, out, 8, NULL),
                     IRRUN_BAD_INPUT);
    ck_assert_int_eq(irrun_encode_values("f32", NULL, 0, IRRUN_ROUND_NEAREST_EVEN, 0, NULL, 0, NULL), IRRUN_OK);
    static const uint8_t nibbles[3] = { 0x01, 0x0F, 0x10 };
    ck_assert_int_eq(irrun_decode_values("f4E2M1FN", nibbles, 3, back, 3, &msg), IRRUN_BAD_INPUT);
    ck_assert_str_eq(msg, "f4E2M1FN: element 2 is the byte 0x10, outside the format");
    irrun_string_free(msg);
    ck_assert_int_eq(irrun_decode_values("f8E4M3FN", rne, 2, NULL, 2, NULL), IRRUN_BAD_INPUT);
}
END_TEST

START_TEST(float_info)
{
    irrun_float_info i;
    ck_assert_int_eq(irrun_float_info_get("f8E4M3FN", &i), IRRUN_OK);
    ck_assert_int_eq(i.bits, 8);
    ck_assert_int_eq(i.exponent_bits, 4);
    ck_assert_int_eq(i.mantissa_bits, 3);
    ck_assert_int_eq(i.bias, 7);
    ck_assert_int_eq(i.has_inf, 0);
    ck_assert_int_eq(i.has_nan, 1);
    ck_assert(i.max == 448.0 && i.min_normal == 0x1p-6 && i.min_subnormal == 0x1p-9 && i.epsilon == 0.125);
    ck_assert_int_eq(irrun_float_info_get("f8E8M0FNU", &i), IRRUN_OK);
    ck_assert(isnan(i.min_subnormal) && i.min_normal == 0x1p-127 && i.is_signed == 0);
    ck_assert_int_eq(irrun_float_info_get("i8", &i), IRRUN_BAD_INPUT);
    ck_assert_int_eq((int)irrun_element_size("complex<f32>"), 8);
    ck_assert_int_eq((int)irrun_element_size("i4"), 1);
    ck_assert_int_eq((int)irrun_element_size("f33"), 0);
}
END_TEST

/* ---- threads ----------------------------------------------------------------- */

enum { THREAD_N = 300, THREAD_RUNS = 40 };

/* Element-wise ops on 300 elements of two 8-bit formats (their lookup tables
 * are built lazily, by whichever thread comes first), a convert and a
 * reduction to f32. */
static const char *thread_programs[2] = {
    "func.func @main(%a: tensor<300xf8E5M2>, %b: tensor<300xf8E5M2>) -> (tensor<300xf8E5M2>, tensor<f32>) {\n"
    "  %0 = stablehlo.multiply %a, %b : tensor<300xf8E5M2>\n"
    "  %1 = stablehlo.add %0, %a : tensor<300xf8E5M2>\n"
    "  %2 = stablehlo.convert %1 : (tensor<300xf8E5M2>) -> tensor<300xf32>\n"
    "  %3 = stablehlo.dot_general %2, %2, contracting_dims = [0] x [0] :"
    " (tensor<300xf32>, tensor<300xf32>) -> tensor<f32>\n"
    "  return %1, %3 : tensor<300xf8E5M2>, tensor<f32>\n}\n",
    "func.func @main(%a: tensor<300xf8E4M3FN>, %b: tensor<300xf8E4M3FN>) -> (tensor<300xf8E4M3FN>, tensor<f32>) {\n"
    "  %cst = stablehlo.constant dense<0.0> : tensor<f32>\n"
    "  %0 = stablehlo.subtract %a, %b : tensor<300xf8E4M3FN>\n"
    "  %1 = stablehlo.divide %0, %b : tensor<300xf8E4M3FN>\n"
    "  %2 = stablehlo.convert %1 : (tensor<300xf8E4M3FN>) -> tensor<300xf32>\n"
    "  %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0] :"
    " (tensor<300xf32>, tensor<f32>) -> tensor<f32>\n"
    "  return %1, %3 : tensor<300xf8E4M3FN>, tensor<f32>\n}\n",
};

typedef struct {
    const irrun_module *module;
    const char *type;
    uint8_t a[THREAD_N], b[THREAD_N];
    uint8_t first[THREAD_N]; /* the thread's first result */
    uint32_t first_sum;
    int failures;            /* runs that failed or differed from the first */
} thread_job;

static int run_job_once(const thread_job *j, uint8_t *got, uint32_t *sum)
{
    irrun_tensor in[2] = { tensor1(j->type, THREAD_N, j->a, THREAD_N), tensor1(j->type, THREAD_N, j->b, THREAD_N) };
    irrun_results r;
    irrun_status s = irrun_run(j->module, NULL, in, 2, &r);
    int ok = s == IRRUN_OK && r.nresults == 2 && r.results[0].nbytes == THREAD_N;
    if (ok) {
        memcpy(got, r.results[0].data, THREAD_N);
        memcpy(sum, r.results[1].data, 4);
    }
    irrun_results_free(&r);
    return ok;
}

static void *thread_main(void *arg)
{
    thread_job *j = arg;
    if (!run_job_once(j, j->first, &j->first_sum))
        j->failures++;
    for (int k = 1; k < THREAD_RUNS; k++) {
        uint8_t got[THREAD_N];
        uint32_t sum;
        if (!run_job_once(j, got, &sum) || memcmp(got, j->first, THREAD_N) != 0 || sum != j->first_sum)
            j->failures++;
    }
    return NULL;
}

static void fill_job(thread_job *j, const irrun_module *m, const char *type, unsigned seed)
{
    memset(j, 0, sizeof *j);
    j->module = m;
    j->type = type;
    for (int i = 0; i < THREAD_N; i++) {
        seed = seed * 1103515245u + 12345u;
        j->a[i] = (uint8_t)(seed >> 16);
        j->b[i] = (uint8_t)(seed >> 8) | 0x08; /* no zero divisors */
    }
}

START_TEST(two_modules_two_threads)
{
    static const char *types[2] = { "f8E5M2", "f8E4M3FN" };
    /* no lookup table left from earlier tests: the threads build them, racing */
    fp_tables_free();
    irrun_module *m[2];
    for (int k = 0; k < 2; k++) {
        char *diag;
        const char *p = thread_programs[k];
        ck_assert_int_eq(irrun_module_load_text(p, strlen(p), types[k], &m[k], &diag), IRRUN_OK);
        irrun_string_free(diag);
    }
    /* jobs 0 and 1 run a module each; jobs 2 and 3 share module 0 with job 0 */
    thread_job jobs[4];
    fill_job(&jobs[0], m[0], types[0], 1);
    fill_job(&jobs[1], m[1], types[1], 2);
    fill_job(&jobs[2], m[0], types[0], 3);
    fill_job(&jobs[3], m[0], types[0], 4);
    pthread_t th[4];
    for (int k = 0; k < 4; k++)
        ck_assert_int_eq(pthread_create(&th[k], NULL, thread_main, &jobs[k]), 0);
    for (int k = 0; k < 4; k++)
        ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    /* what each job gives when it runs alone */
    for (int k = 0; k < 4; k++) {
        uint8_t want[THREAD_N];
        uint32_t want_sum;
        ck_assert_msg(jobs[k].failures == 0, "job %d: %d runs failed or differed", k, jobs[k].failures);
        ck_assert(run_job_once(&jobs[k], want, &want_sum));
        ck_assert_msg(memcmp(want, jobs[k].first, THREAD_N) == 0 && want_sum == jobs[k].first_sum,
                      "job %d: the threaded result is not the lone one", k);
    }
    irrun_module_free(m[0]);
    irrun_module_free(m[1]);
}
END_TEST

/* Modules loaded in four threads at once: the parser keeps nothing
 * process-wide (the lexer's out-of-memory recovery once remembered flex's
 * buffer struct in a global, written by every load: a data race under
 * `make check TSAN=1`). */
static void *load_loop(void *arg)
{
    const char *p = arg;
    intptr_t bad = 0;
    for (int k = 0; k < 20; k++) {
        irrun_module *m = NULL;
        char *diag = NULL;
        if (irrun_module_load_text(p, strlen(p), "load", &m, &diag) != IRRUN_OK)
            bad++;
        irrun_string_free(diag);
        irrun_module_free(m);
    }
    return (void *)bad;
}

START_TEST(modules_loaded_in_threads)
{
    pthread_t th[4];
    for (int k = 0; k < 4; k++)
        ck_assert_int_eq(pthread_create(&th[k], NULL, load_loop, (void *)thread_programs[k % 2]), 0);
    for (int k = 0; k < 4; k++) {
        void *bad;
        ck_assert_int_eq(pthread_join(th[k], &bad), 0);
        ck_assert_msg(bad == NULL, "thread %d: %ld loads failed", k, (long)(intptr_t)bad);
    }
}
END_TEST

/* ---- since 0.2: what the command line's run goes through ---------------- */

START_TEST(chunk_locations_are_the_files)
{
    /* lines 10.. of a file: the error is on the chunk's 3rd line */
    const char *chunk = "func.func @main() -> tensor<2xf32> {\n"
                        "  %c = stablehlo.constant dense<1.0> : tensor<2xf32>\n"
                        "  %d = stablehlo.bogus %c : tensor<2xf32>\n"
                        "  func.return %c : tensor<2xf32>\n"
                        "}\n";
    irrun_module *m;
    char *diag;
    ck_assert_int_eq(irrun_module_load_chunk(chunk, strlen(chunk), 10, "suite.mlir", &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(diag, "suite.mlir:12:") != NULL, "%s", diag);
    ck_assert_msg(strstr(diag, "stablehlo.bogus %c") != NULL, "the quoted line: %s", diag);
    irrun_string_free(diag);
    /* five lines from INT_MAX - 5 on: the last is INT_MAX - 1 (the error on INT_MAX - 3);
     * from INT_MAX - 4 on, the text's five line breaks would pass INT_MAX */
    ck_assert_int_eq(irrun_module_load_chunk(chunk, strlen(chunk), INT_MAX - 5, "big.mlir", &m, &diag),
                     IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(diag, "big.mlir:2147483644:") != NULL, "%s", diag);
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_chunk(chunk, strlen(chunk), INT_MAX - 4, "big.mlir", &m, &diag),
                     IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_str_eq(diag, "error: first_line 2147483643: the text's 5 more lines would be numbered past 2147483647\n");
    irrun_string_free(diag);
    ck_assert_int_eq(irrun_module_load_chunk(chunk, strlen(chunk) - 1, INT_MAX - 4, "big.mlir", &m, &diag),
                     IRRUN_BAD_INPUT);
    ck_assert_msg(strstr(diag, "big.mlir:2147483645:") != NULL, "without the last line break: %s", diag);
    irrun_string_free(diag);
}
END_TEST

START_TEST(chunk_at_the_last_line_number)
{
    /* a one-line chunk said to start at line INT_MAX: the message keeps
     * its line (it lost it when the count wrapped) */
    const char *chunk = "func.func @main() { x }";
    irrun_module *m;
    char *diag;
    ck_assert_int_eq(irrun_module_load_chunk(chunk, strlen(chunk), INT_MAX, "c.mlir", &m, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(diag, "c.mlir:2147483647:21: error: unknown op 'x'") != NULL, "%s", diag);
    irrun_string_free(diag);
}
END_TEST

START_TEST(argument_names_from_locations)
{
    /* JAX's names: loc("x") on an argument, or a #loc alias defined after
     * its use; a file location and no location name nothing */
    const char *text = "func.func @main(%a: tensor<f32> loc(\"x\"), %b: tensor<f32> loc(#loc1),\n"
                       "    %c: tensor<f32> loc(\"f.py\":1:2), %d: tensor<f32>) {\n"
                       "  func.return\n"
                       "}\n"
                       "#loc1 = loc(\"y\"(#loc2))\n"
                       "#loc2 = loc(unknown)\n";
    irrun_module *m = load(text);
    const irrun_function *f = irrun_function_find(m, NULL);
    ck_assert_ptr_nonnull(f);
    ck_assert_str_eq(irrun_function_arg_name(m, f, 0), "x");
    ck_assert_str_eq(irrun_function_arg_name(m, f, 1), "y");
    ck_assert_ptr_null(irrun_function_arg_name(m, f, 2));
    ck_assert_ptr_null(irrun_function_arg_name(m, f, 3));
    ck_assert_ptr_null(irrun_function_arg_name(m, f, 4));
    ck_assert_ptr_null(irrun_function_arg_name(m, f, -1));
    ck_assert_ptr_null(irrun_function_arg_name(NULL, f, 0));
    irrun_module_free(m);
}
END_TEST

START_TEST(run_to_streams_and_print_formats)
{
    irrun_module *m = load(add_program);
    const uint8_t a[4] = { 0x38, 0x7E, 0x30, 0x00 }, b[4] = { 0x38, 0x00, 0xB0, 0x80 };
    irrun_tensor in[2] = { tensor1("f8E4M3FN", 4, a, 4), tensor1("f8E4M3FN", 4, b, 4) };
    FILE *out = tmpfile();
    ck_assert_ptr_nonnull(out);
    irrun_run_options o;
    irrun_run_options_init(&o);
    ck_assert_int_eq(o.hex_threshold, 100);
    o.output = out;
    o.results = IRRUN_RESULTS_PRINT;
    irrun_results r;
    ck_assert_int_eq(irrun_run(m, &o, in, 2, &r), IRRUN_OK);
    ck_assert_int_eq(r.nresults, 0); /* printed, not handed back */
    ck_assert_str_eq(r.output, "");
    irrun_results_free(&r);
    o.results = IRRUN_RESULTS_BOTH;
    o.print_format = IRRUN_PRINT_DECIMAL;
    ck_assert_int_eq(irrun_run(m, &o, in, 2, &r), IRRUN_OK);
    ck_assert_int_eq(r.nresults, 1);
    irrun_results_free(&r);
    char text[512] = { 0 };
    rewind(out);
    size_t n = fread(text, 1, sizeof text - 1, out);
    fclose(out);
    /* 1 + 1, 448 + 0, 0.5 + -0.5, 0 + -0 */
    ck_assert_msg(n > 0 && strstr(text, "tensor<4xf8E4M3FN>") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[2.000000e+00, 4.480000e+02, 0.000000e+00, 0.000000e+00]") != NULL, "%s", text);
    /* the shortest decimal that reads back to 448's bits */
    ck_assert_msg(strstr(text, "[2, 450, 0, 0]") != NULL, "%s", text);
    irrun_module_free(m);
}
END_TEST

START_TEST(literals_parse)
{
    const char *text = "[dense<[1.5, -2.0]> : tensor<2xf32>, dense<7> : tensor<3xi8>]";
    irrun_tensor *ts;
    int n;
    char *diag;
    ck_assert_int_eq(irrun_tensors_parse(text, strlen(text), "<args>", &ts, &n, &diag), IRRUN_OK);
    ck_assert_str_eq(diag, "");
    irrun_string_free(diag);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(ts[0].element_type, "f32");
    const float want0[2] = { 1.5f, -2.0f };
    ck_assert_uint_eq(ts[0].nbytes, 8);
    ck_assert_int_eq(memcmp(ts[0].data, want0, 8), 0);
    const int8_t want1[3] = { 7, 7, 7 }; /* a splat comes back stored in full */
    ck_assert_uint_eq(ts[1].nbytes, 3);
    ck_assert_int_eq(memcmp(ts[1].data, want1, 3), 0);
    irrun_tensors_free(ts, n);
    const char *bad = "dense<[1, 2]> : tensor<3xi8>";
    ck_assert_int_eq(irrun_tensors_parse(bad, strlen(bad), "<args>", &ts, &n, &diag), IRRUN_BAD_INPUT);
    ck_assert_ptr_null(ts);
    ck_assert_msg(strstr(diag, "<args>:1:") != NULL, "%s", diag);
    irrun_string_free(diag);
}
END_TEST

START_TEST(module_print_reads_back)
{
    irrun_module *m = load(add_program), *again;
    char *ir, *diag;
    ck_assert_int_eq(irrun_module_print(m, &ir), IRRUN_OK);
    ck_assert_msg(strstr(ir, "stablehlo.add") != NULL || strstr(ir, "\"stablehlo.add\"") != NULL, "%s", ir);
    ck_assert_int_eq(irrun_module_load_text(ir, strlen(ir), "printed", &again, &diag), IRRUN_OK);
    ck_assert_int_eq(irrun_function_count(again), 1);
    irrun_string_free(ir);
    irrun_string_free(diag);
    irrun_module_free(again);
    irrun_module_free(m);
}
END_TEST

START_TEST(progress_names_the_op)
{
    irrun_module *m = load(add_program);
    const uint8_t a[4] = { 0 };
    irrun_tensor in[2] = { tensor1("f8E4M3FN", 4, a, 4), tensor1("f8E4M3FN", 4, a, 4) };
    irrun_progress p = { 0 };
    char where[100];
    ck_assert_uint_eq(irrun_progress_describe(&p, where, sizeof where), 0);
    irrun_run_options o;
    irrun_run_options_init(&o);
    o.progress = &p;
    irrun_results r;
    ck_assert_int_eq(irrun_run(m, &o, in, 2, &r), IRRUN_OK);
    irrun_results_free(&r);
    ck_assert_uint_ge(p.started, 2);
    /* the last op it started: the print on line 3 */
    ck_assert_uint_gt(irrun_progress_describe(&p, where, sizeof where), 0);
    ck_assert_str_eq(where, "3:3: interpreter.print");
    ck_assert_uint_eq(irrun_progress_describe(&p, where, 4), 3); /* cut to fit */
    irrun_module_free(m);
}
END_TEST

START_TEST(probes_into_a_directory)
{
    const char *prog = "func.func @main() -> tensor<2xi32> {\n"
                       "  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n"
                       "  %p = interpreter.probe %c, probe_id = \"c\" : tensor<2xi32>\n"
                       "  func.return %p : tensor<2xi32>\n"
                       "}\n";
    irrun_module *m = load(prog);
    char dir[] = "/tmp/irrun_probesXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    irrun_run_options o;
    irrun_run_options_init(&o);
    irrun_results r;
    ck_assert_int_ne(irrun_run(m, &o, NULL, 0, &r), IRRUN_OK); /* no directory: an error */
    irrun_results_free(&r);
    o.probe_dir = dir;
    ck_assert_int_eq(irrun_run(m, &o, NULL, 0, &r), IRRUN_OK);
    irrun_results_free(&r);
    char path[200];
    snprintf(path, sizeof path, "%s/index.csv", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[200] = { 0 };
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    fclose(f);
    ck_assert_msg(strncmp(line, "c,", 2) == 0, "%s", line);
    remove(path);
    snprintf(path, sizeof path, "%s/probe1.npy", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/probe0.npy", dir);
    remove(path);
    rmdir(dir);
    irrun_module_free(m);
}
END_TEST

/* Aligned inputs whose every byte pattern is a value are used in place:
 * never written (the negate's operand dies at it, which would let an owned
 * buffer be reused), and a result that is an input is a copy that outlives
 * the caller's bytes. An unaligned input is copied, with the same results. */
START_TEST(inputs_used_in_place_stay_unchanged)
{
    irrun_module *m = load("func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> "
                           "(tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {\n"
                           "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
                           "  %1 = stablehlo.add %b, %b : tensor<4xf32>\n"
                           "  return %0, %b, %1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>\n}\n");
    static alignas(64) float a[4] = { 1.5f, -2.0f, 0.0f, 3.0f };
    static alignas(64) float b[5];
    const float b_values[4] = { 0.25f, 4.0f, -1.0f, 8.0f };
    for (int shift = 0; shift < 2; shift++) {
        float *bp = b + shift; /* shift 1: 4-byte aligned only, so copied */
        memcpy(bp, b_values, sizeof b_values);
        irrun_tensor in[2] = { tensor1("f32", 4, a, sizeof a), tensor1("f32", 4, bp, sizeof b_values) };
        irrun_results r;
        ck_assert_int_eq(irrun_run(m, NULL, in, 2, &r), IRRUN_OK);
        ck_assert_int_eq(r.nresults, 3);
        ck_assert(a[0] == 1.5f && a[1] == -2.0f && a[2] == 0.0f && a[3] == 3.0f);
        ck_assert(memcmp(bp, b_values, sizeof b_values) == 0);
        ck_assert_ptr_ne(r.results[1].data, bp);
        memset(bp, 0xFF, sizeof b_values); /* the caller's bytes change after the call */
        ck_assert(memcmp(r.results[1].data, b_values, sizeof b_values) == 0);
        const float *neg = r.results[0].data, *sum = r.results[2].data;
        ck_assert(neg[0] == -1.5f && neg[1] == 2.0f && neg[3] == -3.0f && signbit(neg[2]));
        ck_assert(sum[0] == 0.5f && sum[1] == 8.0f && sum[2] == -2.0f && sum[3] == 16.0f);
        irrun_results_free(&r);
    }
    irrun_module_free(m);
}
END_TEST

/* Constants of more than a spare's 256 bytes are the module's literal used
 * in place, borrowed by each run (docs/bytecode.md, "Large tensors"):
 * never written, though each of %d, %e and %w's state dies at an op that
 * could take an owned buffer over (an element-wise donor, the operand a
 * dynamic_update_slice updates in place, a while loop's moved state); a
 * constant returned as it is comes back as a copy; and the same module
 * run again, in four threads at once and through a refined (dynamic)
 * entry gives the same results. K = 80 f32 elements (320 bytes), c[i] = i. */
enum { K = 80, SHARED_RUNS = 20 };

static char *shared_constant_program(bool dynamic)
{
    static char text[8192];
    char lit[1024];
    size_t n = 0;
    for (int i = 0; i < K; i++)
        n += (size_t)snprintf(lit + n, sizeof lit - n, "%s%d.0", i ? ", " : "", i);
    const char *xt = dynamic ? "tensor<?xf32>" : "tensor<80xf32>";
    snprintf(text, sizeof text,
             "func.func @main(%%x: %s) -> (tensor<80xf32>, tensor<80xf32>, tensor<80xf32>, tensor<80xf32>, "
             "tensor<80xf32>) {\n"
             "  %%c = stablehlo.constant dense<[%s]> : tensor<80xf32>\n"
             "  %%d = stablehlo.constant dense<[%s]> : tensor<80xf32>\n"
             "  %%e = stablehlo.constant dense<[%s]> : tensor<80xf32>\n"
             "  %%w = stablehlo.constant dense<[%s]> : tensor<80xf32>\n"
             "  %%xs = stablehlo.reshape %%x : (%s) -> tensor<80xf32>\n"
             "  %%s = stablehlo.add %%c, %%c : tensor<80xf32>\n"
             "  %%a = stablehlo.add %%d, %%xs : tensor<80xf32>\n"
             "  %%u1 = stablehlo.constant dense<-1.0> : tensor<2xf32>\n"
             "  %%i1 = stablehlo.constant dense<3> : tensor<i32>\n"
             "  %%u = stablehlo.dynamic_update_slice %%e, %%u1, %%i1 : (tensor<80xf32>, tensor<2xf32>, tensor<i32>) "
             "-> tensor<80xf32>\n"
             "  %%z = stablehlo.constant dense<0> : tensor<i32>\n"
             "  %%r:2 = stablehlo.while(%%i = %%z, %%v = %%w) : tensor<i32>, tensor<80xf32>\n"
             "    cond {\n"
             "      %%three = stablehlo.constant dense<3> : tensor<i32>\n"
             "      %%lt = stablehlo.compare LT, %%i, %%three : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
             "      stablehlo.return %%lt : tensor<i1>\n"
             "    } do {\n"
             "      %%one = stablehlo.constant dense<1> : tensor<i32>\n"
             "      %%j = stablehlo.add %%i, %%one : tensor<i32>\n"
             "      %%v2 = stablehlo.add %%v, %%v : tensor<80xf32>\n"
             "      stablehlo.return %%j, %%v2 : tensor<i32>, tensor<80xf32>\n"
             "    }\n"
             "  return %%c, %%s, %%a, %%u, %%r#1 : tensor<80xf32>, tensor<80xf32>, tensor<80xf32>, tensor<80xf32>, "
             "tensor<80xf32>\n}\n",
             xt, lit, lit, lit, lit, xt);
    return text;
}

/* One run on x[i] = 0.5 + i: c = i, s = 2i, a = i + x[i], u = i but -1 at
 * 3 and 4, r = 8i (doubled three times). 1 when all of them are. */
static int shared_constant_run(const irrun_module *m)
{
    float x[K]; /* (each thread its own: the runs share only the module) */
    for (int i = 0; i < K; i++)
        x[i] = 0.5f + (float)i;
    irrun_tensor in = tensor1("f32", K, x, sizeof x);
    irrun_results r;
    if (irrun_run(m, NULL, &in, 1, &r) != IRRUN_OK || r.nresults != 5) {
        irrun_results_free(&r);
        return 0;
    }
    int ok = 1;
    for (int k = 0; k < 5; k++)
        ok &= r.results[k].nbytes == sizeof x;
    for (int i = 0; ok && i < K; i++) {
        float f = (float)i;
        float want[5] = { f, 2 * f, f + x[i], i == 3 || i == 4 ? -1.0f : f, 8 * f };
        for (int k = 0; k < 5; k++)
            ok &= ((const float *)r.results[k].data)[i] == want[k];
    }
    irrun_results_free(&r);
    return ok;
}

static void *shared_constant_loop(void *arg)
{
    intptr_t bad = 0;
    for (int k = 0; k < SHARED_RUNS; k++)
        bad += !shared_constant_run(arg);
    return (void *)bad;
}

START_TEST(constants_used_in_place_stay_unchanged)
{
    for (int dynamic = 0; dynamic < 2; dynamic++) {
        irrun_module *m = load(shared_constant_program(dynamic));
        ck_assert(shared_constant_run(m));
        ck_assert(shared_constant_run(m));
        pthread_t th[4];
        for (int k = 0; k < 4; k++)
            ck_assert_int_eq(pthread_create(&th[k], NULL, shared_constant_loop, m), 0);
        for (int k = 0; k < 4; k++) {
            void *bad;
            ck_assert_int_eq(pthread_join(th[k], &bad), 0);
            ck_assert_msg(bad == NULL, "dynamic %d, thread %d: %ld runs failed or differed", dynamic, k,
                          (long)(intptr_t)bad);
        }
        ck_assert(shared_constant_run(m));
        irrun_module_free(m);
    }
}
END_TEST

START_TEST(nothing_leaks)
{
    run_and_fail(); /* builds the lookup tables it needs, which stay */
    size_t before = mem_bytes_in_use();
    run_and_fail();
    load_bad_program();
    ck_assert_uint_eq(mem_bytes_in_use(), before);
}
END_TEST

/* Every API call once, statuses unchecked, everything freed. */
static void exercise_api(void)
{
    irrun_module *m = NULL;
    char *diag = NULL;
    if (irrun_module_load_text(add_program, strlen(add_program), "p", &m, &diag) == IRRUN_OK) {
        const uint8_t a[4] = { 0x38, 0x7E, 0x30, 0x00 };
        static alignas(64) uint8_t in_place[4] = { 0x38, 0x7E, 0x30, 0x00 };
        irrun_tensor in[2] = { tensor1("f8E4M3FN", 4, a, 4), tensor1("f8E4M3FN", 4, in_place, 4) };
        irrun_results r;
        irrun_run(m, NULL, in, 2, &r);
        irrun_results_free(&r);
        in[1].nbytes = 3;
        irrun_run(m, NULL, in, 2, &r);
        irrun_results_free(&r);
    }
    irrun_string_free(diag);
    irrun_module_free(m);
    irrun_tensor golden, backend;
    char *msg = NULL;
    irrun_tensor_read_file("examples/validation/reference_out.npy", "f8E4M3FN", &golden, &msg);
    irrun_string_free(msg);
    irrun_tensor_read_file("examples/validation/backend_out.npy", "f8E4M3FN", &backend, &msg);
    irrun_string_free(msg);
    irrun_report rep;
    if (irrun_compare(&golden, &backend, NULL, &rep, &msg) == IRRUN_CHECK_FAILED) {
        irrun_string_free(irrun_report_text(&rep, "x"));
        irrun_string_free(irrun_report_json(&rep));
    }
    irrun_string_free(msg);
    irrun_tensor_free(&golden);
    irrun_tensor_free(&backend);
    const char *lits = "[dense<[1.5, -2.0]> : tensor<2xf32>, dense<7> : tensor<3xi8>]";
    irrun_tensor *ts = NULL;
    int n = 0;
    if (irrun_tensors_parse(lits, strlen(lits), "a", &ts, &n, &diag) == IRRUN_OK)
        irrun_tensors_free(ts, n);
    irrun_string_free(diag);
    if (irrun_module_load_chunk(add_program, strlen(add_program), 5, "c", &m, &diag) == IRRUN_OK) {
        char *ir = NULL;
        irrun_module_print(m, &ir);
        irrun_string_free(ir);
    }
    irrun_string_free(diag);
    irrun_module_free(m);
}

START_TEST(allocation_failures)
{
    exercise_api(); /* the lookup tables it needs now exist and stay */
    unsigned long first = mem_alloc_count();
    exercise_api();
    unsigned long total = mem_alloc_count() - first;
    ck_assert_uint_gt(total, 20);
    for (unsigned long n = 1; n <= total; n++) {
        size_t before = mem_bytes_in_use();
        mem_fail_at(n);
        exercise_api();
        mem_fail_at(0);
        ck_assert_msg(mem_bytes_in_use() == before, "allocation %lu of %lu failing leaks %zu bytes", n, total,
                      mem_bytes_in_use() - before);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, chunk_at_the_last_line_number);
    tcase_add_test(tc, argument_names_from_locations);
    tcase_add_test(tc, diagnostics_returned_not_printed);
    tcase_add_test(tc, functions_and_signatures);
    tcase_add_test(tc, run_results_and_messages);
    tcase_add_test(tc, checks_and_dot_accumulation);
    tcase_add_test(tc, compare_report);
    tcase_add_test(tc, compare_document);
    tcase_add_test(tc, float_info);
    tcase_add_test(tc, run_options_checked);
    tcase_add_test(tc, null_pointers_refused);
    tcase_add_test(tc, encode_and_decode_values);
    tcase_add_test(tc, two_modules_two_threads);
    tcase_add_test(tc, modules_loaded_in_threads);
    tcase_add_test(tc, chunk_locations_are_the_files);
    tcase_add_test(tc, run_to_streams_and_print_formats);
    tcase_add_test(tc, literals_parse);
    tcase_add_test(tc, module_print_reads_back);
    tcase_add_test(tc, progress_names_the_op);
    tcase_add_test(tc, probes_into_a_directory);
    tcase_add_test(tc, inputs_used_in_place_stay_unchanged);
    tcase_add_test(tc, constants_used_in_place_stay_unchanged);
    tcase_add_test(tc, dynamic_shapes_refined);
    tcase_add_test(tc, nothing_leaks);
    tcase_add_test(tc, allocation_failures);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    fp_tables_free(); /* the process's lookup tables: valgrind sees nothing left */
    return failed ? 1 : 0;
}
