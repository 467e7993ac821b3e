/* irrun_compare and its report: io_compare's rules and report (the ones of
 * ir-run compare, --expect and ir-run test) in the public structures. */
#include "api/api_internal.h"
#include "api/api_rule.h"

#include <string.h>

#include "io/compare.h"
#include "util/mem.h"
#include "util/membuf.h"

_Static_assert((int)IRRUN_HISTOGRAM_BUCKETS == (int)IO_HIST_BUCKETS, "one histogram");
_Static_assert((int)IRRUN_REPORT_FIRST == (int)IO_REPORT_FIRST, "one count of first differences");
_Static_assert((int)IRRUN_ELEMENT_TEXT >= (int)IO_ELEM_TEXT_MAX, "element texts fit");

const char *irrun_histogram_label(int bucket)
{
    return bucket >= 0 && bucket < IRRUN_HISTOGRAM_BUCKETS ? io_hist_labels[bucket] : NULL;
}

static void report_out(const io_report *x, irrun_report *r)
{
    memset(r, 0, sizeof *r);
    r->type.element_type = et_get(x->type.elem)->name;
    r->type.rank = x->type.rank;
    memcpy(r->type.dims, x->type.dims, sizeof r->type.dims);
    r->rule = api_rule_from_io(&x->rule);
    r->passed = x->differing == 0;
    r->compared = x->compared;
    r->differing = x->differing;
    r->max_ulp = x->max_ulp;
    r->max_ulp_undefined = x->max_ulp_undefined;
    memcpy(r->histogram, x->histogram, sizeof r->histogram);
    r->nan_mismatches = x->nan_mismatches;
    r->inf_mismatches = x->inf_mismatches;
    r->negzero_mismatches = x->negzero_mismatches;
    r->nfirst = x->nfirst;
    for (int k = 0; k < x->nfirst; k++) {
        const io_diff *d = &x->first[k];
        irrun_difference *o = &r->first[k];
        memcpy(o->index, d->index, sizeof o->index);
        o->flat_index = d->flat_index;
        o->ulp_undefined = d->ulp_undefined;
        memcpy(o->expected_bits, d->expected_bits, sizeof d->expected_bits);
        memcpy(o->actual_bits, d->actual_bits, sizeof d->actual_bits);
        memcpy(o->expected_value, d->expected_value, sizeof d->expected_value);
        memcpy(o->actual_value, d->actual_value, sizeof d->actual_value);
        o->ulp = d->ulp;
    }
}

/* The report back in io_compare's form, for its printers; false for a
 * report that no comparison could have made. */
static bool report_in(const irrun_report *r, io_report *x)
{
    memset(x, 0, sizeof *x);
    int elem = r->type.element_type ? et_lookup(r->type.element_type, strlen(r->type.element_type)) : -1;
    if (elem < 0 || r->type.rank < 0 || r->type.rank > IRRUN_MAX_RANK || r->nfirst < 0 ||
        r->nfirst > IRRUN_REPORT_FIRST)
        return false;
    x->type.elem = (et_id)elem;
    x->type.rank = r->type.rank;
    memcpy(x->type.dims, r->type.dims, sizeof x->type.dims);
    x->rule = api_rule_to_io(&r->rule);
    x->compared = r->compared;
    x->differing = r->differing;
    x->max_ulp = r->max_ulp;
    x->max_ulp_undefined = r->max_ulp_undefined;
    memcpy(x->histogram, r->histogram, sizeof x->histogram);
    x->nan_mismatches = r->nan_mismatches;
    x->inf_mismatches = r->inf_mismatches;
    x->negzero_mismatches = r->negzero_mismatches;
    x->nfirst = r->nfirst;
    for (int k = 0; k < r->nfirst; k++) {
        const irrun_difference *d = &r->first[k];
        io_diff *o = &x->first[k];
        memcpy(o->index, d->index, sizeof o->index);
        o->flat_index = d->flat_index;
        o->ulp_undefined = d->ulp_undefined;
        /* the caller's strings may lack their terminator */
        snprintf(o->expected_bits, sizeof o->expected_bits, "%.*s", (int)sizeof o->expected_bits - 1,
                 d->expected_bits);
        snprintf(o->actual_bits, sizeof o->actual_bits, "%.*s", (int)sizeof o->actual_bits - 1, d->actual_bits);
        snprintf(o->expected_value, sizeof o->expected_value, "%.*s", (int)sizeof o->expected_value - 1,
                 d->expected_value);
        snprintf(o->actual_value, sizeof o->actual_value, "%.*s", (int)sizeof o->actual_value - 1,
                 d->actual_value);
        o->ulp = d->ulp;
    }
    return true;
}

static char *message(const char *text)
{
    return mem_strndup(text, strlen(text));
}

irrun_status irrun_compare(const irrun_tensor *expected, const irrun_tensor *actual, const irrun_rule *rule,
                           irrun_report *report, char **msg)
{
    char why[320];
    irrun_status s = IRRUN_BAD_INPUT;
    irrun_report unused; /* a caller who wants only the status may pass NULL */
    if (!report)
        report = &unused;
    memset(report, 0, sizeof *report);
    if (msg)
        *msg = NULL;
    tensor *e = NULL, *a = NULL;
    if (!expected || !actual)
        snprintf(why, sizeof why, "%s is NULL", !expected ? "expected" : "actual");
    else if ((e = api_tensor_from(expected, false, "expected", &s, why, sizeof why)))
        a = api_tensor_from(actual, false, "actual", &s, why, sizeof why);
    if (a) {
        io_rule x = api_rule_to_io(rule);
        io_report rep;
        s = io_compare(e, a, &x, &rep, why, sizeof why);
        if (s == IRRUN_OK || s == IRRUN_CHECK_FAILED)
            report_out(&rep, report);
    }
    tensor_release(e);
    tensor_release(a);
    if (s != IRRUN_OK && s != IRRUN_CHECK_FAILED && msg)
        *msg = message(why);
    return s;
}

static char *print_report(const irrun_report *r, const char *label, bool json)
{
    io_report x;
    membuf b;
    if (!r || !report_in(r, &x) || membuf_open(&b) != 0)
        return NULL;
    if (json)
        io_report_json(&x, b.f);
    else
        io_report_text(&x, label, b.f);
    return membuf_take(&b);
}

char *irrun_report_text(const irrun_report *r, const char *label) { return print_report(r, label, false); }
char *irrun_report_json(const irrun_report *r) { return print_report(r, NULL, true); }
