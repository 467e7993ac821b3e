/* irrun_compare and its report: io_compare's rules and report (the ones of
 * ir-run compare, --expect and ir-run test) in the public structures. */
#include "api/api_internal.h"
#include "api/api_rule.h"

#include <errno.h>
#include <stdlib.h>
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

static void diff_out(const io_report *x, const io_diff *d, irrun_difference *o)
{
    int64_t index[SHAPE_MAX_RANK];
    io_diff_index(x, d, index);
    memcpy(o->index, index, sizeof o->index);
    o->flat_index = d->flat_index;
    o->ulp_undefined = d->ulp_undefined;
    io_diff_texts(x, d, o->expected_bits, o->actual_bits, o->expected_value, o->actual_value);
    o->ulp = d->ulp;
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
    r->max_ulp = x->has_max_ulp ? x->max_ulp : UINT64_MAX;
    r->max_ulp_undefined = x->has_max_ulp ? NULL : "no element has a ULP distance";
    memcpy(r->histogram, x->histogram, sizeof r->histogram);
    r->nan_mismatches = x->nan_mismatches;
    r->inf_mismatches = x->inf_mismatches;
    r->negzero_mismatches = x->negzero_mismatches;
    r->nfirst = (int)(x->nshown < IRRUN_REPORT_FIRST ? x->nshown : IRRUN_REPORT_FIRST);
    for (int k = 0; k < r->nfirst; k++)
        diff_out(x, &x->shown[k], &r->first[k]);
    if ((r->has_max_abs_error = x->abs_error.has)) {
        r->max_abs_error = x->abs_error.value;
        diff_out(x, &x->abs_error.where, &r->max_abs_error_at);
    }
    if ((r->has_max_rel_error = x->rel_error.has)) {
        r->max_rel_error = x->rel_error.value;
        diff_out(x, &x->rel_error.where, &r->max_rel_error_at);
    }
}

/* An element's bytes from its bits text ("0x3A", complex "(0x..,0x..)");
 * false when the text is not one. */
static bool bits_in(et_id elem, const char *text, unsigned char *out)
{
    et_id part = et_part(elem);
    int parts = et_get(elem)->kind == EK_COMPLEX ? 2 : 1;
    size_t pb = et_get(part)->bytes;
    const char *p = text;
    if (parts == 2 && *p++ != '(')
        return false;
    for (int k = 0; k < parts; k++) {
        if (k && *p++ != ',')
            return false;
        if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
            return false;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(p + 2, &end, 16);
        if (end == p + 2 || errno)
            return false;
        et_store_bits(part, out + (size_t)k * pb, (uint64_t)v);
        p = end;
    }
    return parts == 1 ? *p == '\0' : p[0] == ')' && p[1] == '\0';
}

static bool diff_in(et_id elem, const irrun_difference *d, io_diff *o)
{
    memset(o, 0, sizeof *o);
    o->flat_index = d->flat_index;
    o->ulp_undefined = d->ulp_undefined;
    o->ulp = d->ulp;
    /* the caller's strings may lack their terminator */
    char e[IRRUN_ELEMENT_TEXT + 1], a[IRRUN_ELEMENT_TEXT + 1];
    snprintf(e, sizeof e, "%.*s", IRRUN_ELEMENT_TEXT, d->expected_bits);
    snprintf(a, sizeof a, "%.*s", IRRUN_ELEMENT_TEXT, d->actual_bits);
    return bits_in(elem, e, o->expected) && bits_in(elem, a, o->actual);
}

/* The report back in io_compare's form, for its printers; false for a
 * report that no comparison could have made. x->shown is x's own (a
 * caller-supplied array of IRRUN_REPORT_FIRST). */
static bool report_in(const irrun_report *r, io_report *x, io_diff *shown)
{
    memset(x, 0, sizeof *x);
    int elem = r->type.element_type ? et_lookup(r->type.element_type, strlen(r->type.element_type)) : -1;
    if (elem < 0 || r->type.rank < 0 || r->type.rank > IRRUN_MAX_RANK || r->nfirst < 0 ||
        r->nfirst > IRRUN_REPORT_FIRST)
        return false;
    x->type.elem = (et_id)elem;
    x->type.rank = r->type.rank;
    memcpy(x->type.dims, r->type.dims, sizeof r->type.dims);
    x->rule = api_rule_to_io(&r->rule);
    x->compared = r->compared;
    x->differing = r->differing;
    x->has_max_ulp = !r->max_ulp_undefined;
    x->max_ulp = r->max_ulp;
    memcpy(x->histogram, r->histogram, sizeof x->histogram);
    x->nan_mismatches = r->nan_mismatches;
    x->inf_mismatches = r->inf_mismatches;
    x->negzero_mismatches = r->negzero_mismatches;
    x->show = (io_show){ IO_REPORT_FIRST, false, false };
    x->shown = shown;
    x->nshown = x->cap = r->nfirst;
    for (int k = 0; k < r->nfirst; k++)
        if (!diff_in(x->type.elem, &r->first[k], &shown[k]))
            return false;
    if ((x->abs_error.has = r->has_max_abs_error != 0)) {
        x->abs_error.value = r->max_abs_error;
        if (!diff_in(x->type.elem, &r->max_abs_error_at, &x->abs_error.where))
            return false;
    }
    if ((x->rel_error.has = r->has_max_rel_error != 0)) {
        x->rel_error.value = r->max_rel_error;
        if (!diff_in(x->type.elem, &r->max_rel_error_at, &x->rel_error.where))
            return false;
    }
    return true;
}

static char *message_of(const char *text)
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
        s = io_compare(e, a, &x, NULL, &rep, why, sizeof why);
        if (s == IRRUN_OK || s == IRRUN_CHECK_FAILED)
            report_out(&rep, report);
        io_report_free(&rep);
    }
    tensor_release(e);
    tensor_release(a);
    if (s != IRRUN_OK && s != IRRUN_CHECK_FAILED && msg)
        *msg = message_of(why);
    return s;
}

/* One pair of compare_document: compared and written to `out` */
static irrun_status document_entry(const irrun_tensor *expected, const irrun_tensor *actual, const irrun_rule *rule,
                                   const char *label, int form, const io_show *show, int k, FILE *out, io_html *page,
                                   char *why, size_t why_size)
{
    irrun_status s = IRRUN_BAD_INPUT;
    tensor *e = api_tensor_from(expected, false, "expected", &s, why, why_size);
    tensor *a = e ? api_tensor_from(actual, false, "actual", &s, why, why_size) : NULL;
    if (a) {
        io_rule x = api_rule_to_io(rule);
        io_report rep;
        s = io_compare(e, a, &x, show, &rep, why, why_size);
        if (s == IRRUN_OK || s == IRRUN_CHECK_FAILED) {
            if (form == 0) {
                io_report_text(&rep, label, out);
            } else if (form == 1) {
                membuf keys;
                if (membuf_open(&keys) != 0) {
                    s = IRRUN_NOMEM;
                } else {
                    fputs("\"label\": ", keys.f);
                    io_json_string(keys.f, label);
                    fputs(", ", keys.f);
                    char *extra = membuf_take(&keys);
                    if (!extra) {
                        s = IRRUN_NOMEM;
                    } else {
                        fputs(k ? ",\n" : "", out);
                        io_report_json(&rep, extra, out);
                        mem_free(extra);
                    }
                }
            } else {
                io_html_add(page, &rep, label);
            }
        }
        io_report_free(&rep);
    }
    tensor_release(e);
    tensor_release(a);
    if (s == IRRUN_NOMEM)
        snprintf(why, why_size, "out of memory");
    return s;
}

irrun_status irrun_compare_document(int n, const irrun_tensor *expected, const irrun_tensor *actual,
                                    const irrun_rule *rules, const char *const *labels, const char *form,
                                    long limit, int worst, const char *title, char **document, char **message)
{
    char why[320] = "";
    if (document)
        *document = NULL;
    if (message)
        *message = NULL;
    int f = !form ? -1 : strcmp(form, "text") == 0 ? 0 : strcmp(form, "json") == 0 ? 1 : strcmp(form, "html") == 0 ? 2 : -1;
    irrun_status s = IRRUN_OK;
    if (f < 0 || n < 0 || (n && (!expected || !actual)) || !document) {
        snprintf(why, sizeof why, "%s", f < 0 ? "form must be text, json or html" : "bad arguments");
        s = IRRUN_BAD_INPUT;
    }
    membuf b;
    io_html page;
    if (s == IRRUN_OK && membuf_open(&b) != 0)
        s = IRRUN_NOMEM;
    else if (s == IRRUN_OK && f == 2 && io_html_open(&page, b.f, title ? title : "ir-run report") != IRRUN_OK) {
        mem_free(membuf_take(&b));
        s = IRRUN_NOMEM;
    }
    if (s != IRRUN_OK) {
        if (s == IRRUN_NOMEM)
            snprintf(why, sizeof why, "out of memory");
        if (message)
            *message = message_of(why);
        return s;
    }
    if (f == 1)
        fputs("{\"reports\": [\n", b.f);
    io_show show = { limit < 0 ? IO_SHOW_ALL : limit, worst != 0, f == 2 };
    irrun_status all = IRRUN_OK;
    for (int k = 0; k < n && all != IRRUN_BAD_INPUT && all != IRRUN_NOMEM; k++) {
        char label[32];
        snprintf(label, sizeof label, "result %d", k);
        const char *name = labels && labels[k] ? labels[k] : label;
        irrun_status c = document_entry(&expected[k], &actual[k], rules ? &rules[k] : NULL, name, f, &show, k, b.f,
                                        &page, why, sizeof why);
        all = c == IRRUN_OK ? all : c;
        if (c != IRRUN_OK && c != IRRUN_CHECK_FAILED) {
            char said[sizeof why];
            if (snprintf(said, sizeof said, "%s: %s", name, why) >= 0)
                memcpy(why, said, sizeof why);
        }
    }
    if (f == 1)
        fputs(n ? "\n]}\n" : "]}\n", b.f);
    irrun_status closed = f == 2 ? io_html_close(&page) : IRRUN_OK;
    char *text = membuf_take(&b);
    if (!text || closed != IRRUN_OK) {
        mem_free(text);
        all = IRRUN_NOMEM;
        snprintf(why, sizeof why, "out of memory");
    }
    if (all != IRRUN_OK && all != IRRUN_CHECK_FAILED) {
        mem_free(text);
        if (message)
            *message = message_of(why);
        return all;
    }
    *document = text;
    return all;
}

static char *print_report(const irrun_report *r, const char *label, bool json)
{
    io_report x;
    io_diff shown[IRRUN_REPORT_FIRST];
    membuf b;
    if (!r || !report_in(r, &x, shown) || membuf_open(&b) != 0)
        return NULL;
    if (json) {
        io_report_json(&x, NULL, b.f);
        fputc('\n', b.f);
    } else {
        io_report_text(&x, label, b.f);
    }
    return membuf_take(&b);
}

char *irrun_report_text(const irrun_report *r, const char *label) { return print_report(r, label, false); }
char *irrun_report_json(const irrun_report *r) { return print_report(r, NULL, true); }
