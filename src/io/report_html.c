/* The HTML report: one self-contained page (inline CSS and SVG, no script,
 * nothing fetched) with a summary table, and per comparison a histogram of
 * the ULP distances on a log scale, a heat map of the error over the first
 * two dimensions, the listed elements and the NaN, Inf and -0 tallies
 * (docs/tensor-files.md, "HTML reports"). */
#include "io/compare.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "util/mem.h"

/* `s` as HTML text (also fit for an attribute in double quotes) */
static void html_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static const char STYLE[] =
    "body{font:14px/1.4 sans-serif;margin:24px;color:#222;display:flex;flex-direction:column}\n"
    "h1{order:-2}#summary{order:-1}\n"
    "table{border-collapse:collapse;margin:8px 0}\n"
    "td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}\n"
    "th{background:#eee}td.l,th.l{text-align:left}\n"
    ".pass{color:#070;font-weight:bold}.fail{color:#b00;font-weight:bold}\n"
    "section{border-top:2px solid #888;margin-top:16px}\n"
    ".plots{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}\n"
    "svg text{font:11px sans-serif}\n"
    "code{font:12px monospace}\n";

bool io_html_file_name(const char *path)
{
    size_t n = strlen(path);
    return (n > 5 && strcasecmp(path + n - 5, ".html") == 0) || (n > 4 && strcasecmp(path + n - 4, ".htm") == 0);
}

irrun_status io_html_open(io_html *h, FILE *out, const char *title)
{
    memset(h, 0, sizeof *h);
    h->out = out;
    if (membuf_open(&h->rows) != 0)
        return IRRUN_NOMEM;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    html_text(out, title);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", STYLE);
    html_text(out, title);
    fputs("</h1>\n", out);
    return IRRUN_OK;
}

/* the label of log bucket k: "0", "1", "2-3", ..., "none" */
static void bucket_label(int k, char *buf, size_t size)
{
    if (k == IO_LOG_NONE)
        snprintf(buf, size, "none");
    else if (k <= 14)
        snprintf(buf, size, "%" PRIu64, k ? (uint64_t)1 << (k - 1) : 0);
    else if (k < 64)
        snprintf(buf, size, "2^%d", k - 1);
    else
        snprintf(buf, size, "2^63+");
}

/* bucket k's range as words, for the tooltip */
static void bucket_range(int k, char *buf, size_t size)
{
    if (k == IO_LOG_NONE)
        snprintf(buf, size, "no ULP distance (NaN or Inf against another value)");
    else if (k == 0)
        snprintf(buf, size, "ULP 0");
    else if (k == 64)
        snprintf(buf, size, "ULP 2^63 to 2^64-2");
    else
        snprintf(buf, size, "ULP %" PRIu64 " to %" PRIu64, (uint64_t)1 << (k - 1), ((uint64_t)1 << k) - 1);
}

/* The histogram: one bar per bucket from 0 up to the largest one used
 * (at least 2^3+), then "none" when some element has no distance; bar
 * heights on a log scale, log10(count + 1). */
static void histogram_svg(FILE *out, const io_report *rep)
{
    int last = 4;
    for (int k = 0; k < 65; k++)
        if (rep->log_hist[k])
            last = k > last ? k : last;
    int nbars = last + 1 + (rep->log_hist[IO_LOG_NONE] ? 1 : 0);
    int64_t most = 1;
    for (int k = 0; k < IO_LOG_BUCKETS; k++)
        most = rep->log_hist[k] > most ? rep->log_hist[k] : most;
    int decades = (int)ceil(log10((double)most)); /* ticks at 1, 10, ..., 10^decades */
    if (decades < 1)
        decades = 1;
    const int bw = 34, left = 48, top = 24, height = 180, bottom = 40;
    int width = left + nbars * bw + 12;
    fprintf(out,
            "<figure><svg class=\"hist\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "role=\"img\" aria-label=\"ULP histogram\">\n",
            width, top + height + bottom);
    fprintf(out, "<text x=\"%d\" y=\"14\">elements per ULP distance (log scale)</text>\n", left);
    /* a count n >= 1 stands log10(n) + 1 units high, of decades + 1 */
    for (int d = 0; d <= decades; d++) {
        int y = top + height - height * (d + 1) / (decades + 1);
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                     "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.0f</text>\n",
                left, y, width - 8, y, left - 4, y + 4, pow(10, d));
    }
    for (int b = 0; b < nbars; b++) {
        int k = b <= last ? b : IO_LOG_NONE;
        int64_t n = rep->log_hist[k];
        int hgt = n ? (int)lround(height * (log10((double)n) + 1) / (decades + 1)) : 0;
        int x = left + b * bw + 3;
        char label[24], range[80];
        bucket_label(k, label, sizeof label);
        bucket_range(k, range, sizeof range);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s: %" PRId64
                     " elements</title></rect>\n",
                x, top + height - hgt, bw - 6, hgt, k == IO_LOG_NONE ? "#8e24aa" : k == 0 ? "#3a8f3a" : "#3060c0",
                range, n);
        if (n)
            fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%" PRId64 "</text>\n", x + (bw - 6) / 2,
                    top + height - hgt - 3, n);
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x + (bw - 6) / 2,
                top + height + 14, label);
    }
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", left, top + height,
            width - 8, top + height);
    fprintf(out, "<text x=\"%d\" y=\"%d\">ULP distance (a bar from n holds n to 2n-1)</text>\n", left,
            top + height + 32);
    fputs("</svg></figure>\n", out);
}

/* The colour at t from 0 to 1: white, through yellow, to red. */
static void scale_colour(double t, char buf[8])
{
    int r, g, b;
    if (t <= 0.5) { /* white to yellow */
        r = 255;
        g = 255;
        b = (int)lround(255 * (1 - 2 * t));
    } else { /* yellow to red */
        r = 255 - (int)lround(55 * (2 * t - 1));
        g = (int)lround(255 * (2 - 2 * t));
        b = 0;
    }
    snprintf(buf, 8, "#%02x%02x%02x", r, g, b);
}

/* A cell's colour: white for ULP 0, to red at the largest distance of the
 * map (log scale), purple for no distance. */
static void heat_colour(uint64_t ulp, uint64_t top, char buf[8])
{
    if (ulp == UINT64_MAX)
        memcpy(buf, "#8e24aa", 8);
    else
        scale_colour(top ? log2((double)ulp + 1) / log2((double)top + 1) : 0, buf);
}

static void heat_svg(FILE *out, const io_report *rep)
{
    const io_heat *h = &rep->heat;
    uint64_t top = 0;
    bool none = false;
    for (int c = 0; c < h->rows * h->cols; c++) {
        if (h->max_ulp[c] == UINT64_MAX)
            none = true;
        else if (h->max_ulp[c] > top)
            top = h->max_ulp[c];
    }
    int cell = 400 / (h->rows > h->cols ? h->rows : h->cols);
    cell = cell > 24 ? 24 : cell < 4 ? 4 : cell;
    const int left = 40, topm = 36;
    int w = left + h->cols * cell + 110, hh = topm + h->rows * cell + 30;
    fprintf(out,
            "<figure><svg class=\"heat\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "role=\"img\" aria-label=\"heat map\">\n",
            w, hh < topm + 150 ? topm + 150 : hh);
    fprintf(out, "<text x=\"%d\" y=\"14\">max ULP distance over dims 0 (down) and 1 (across)%s</text>\n", left,
            h->inner > 1 ? ", the others folded" : "");
    fprintf(out, "<text x=\"%d\" y=\"30\">%d x %d cells of %" PRId64 " x %" PRId64 "</text>\n", left, h->rows,
            h->cols, h->dim0, h->dim1);
    for (int i = 0; i < h->rows; i++) {
        int64_t r0 = (i * h->dim0 + h->rows - 1) / h->rows, r1 = ((i + 1) * h->dim0 + h->rows - 1) / h->rows - 1;
        for (int j = 0; j < h->cols; j++) {
            int64_t c0 = (j * h->dim1 + h->cols - 1) / h->cols, c1 = ((j + 1) * h->dim1 + h->cols - 1) / h->cols - 1;
            int c = i * h->cols + j;
            char col[8];
            heat_colour(h->max_ulp[c], top, col);
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"%s>", left + j * cell,
                    topm + i * cell, cell, cell, col, h->differing[c] ? " stroke=\"#000\"" : " stroke=\"#ddd\"");
            if (h->max_ulp[c] || h->differing[c]) {
                fprintf(out, "<title>[%" PRId64 "-%" PRId64 ", %" PRId64 "-%" PRId64 "]: ", r0, r1, c0, c1);
                if (h->max_ulp[c] == UINT64_MAX)
                    fputs("an element without a ULP distance", out);
                else
                    fprintf(out, "max ULP %" PRIu64, h->max_ulp[c]);
                fprintf(out, ", %" PRId64 " of %" PRId64 " differ</title>", h->differing[c], h->count[c]);
            }
            fputs("</rect>\n", out);
        }
    }
    /* the legend: the scale from 0 to the largest distance */
    int lx = left + h->cols * cell + 16;
    for (int s = 0; s <= 10; s++) {
        char col[8];
        scale_colour(top ? (10 - s) / 10.0 : 0, col);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" fill=\"%s\" stroke=\"#999\"/>\n", lx,
                topm + s * 10, col);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\">%" PRIu64 "</text>\n", lx + 18, topm + 9, top);
    fprintf(out, "<text x=\"%d\" y=\"%d\">0</text>\n", lx + 18, topm + 109);
    if (none)
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" fill=\"#8e24aa\"/>"
                     "<text x=\"%d\" y=\"%d\">none</text>\n",
                lx, topm + 120, lx + 18, topm + 129);
    fprintf(out, "<text x=\"%d\" y=\"%d\">outlined: differs</text>\n", left, hh - 8);
    fputs("</svg></figure>\n", out);
}

/* the largest error: "0.25 at [1, 2]", or "none" */
static void figure_cell(FILE *out, const io_report *rep, const io_error_figure *f)
{
    if (!f->has) {
        fputs("<td>none</td>", out);
        return;
    }
    char v[40], idx[SHAPE_MAX_RANK * 22 + 4];
    io_shortest(f->value, v, sizeof v);
    io_index_text(rep, &f->where, idx, sizeof idx);
    fprintf(out, "<td>%s at %s</td>", v, idx);
}

/* The summary figures as table cells, the same for the summary row and the
 * section's own table. */
static void figure_cells(FILE *out, const io_report *rep)
{
    char type[SHAPE_MAX_RANK * 21 + 64], rule[160];
    shape_format(&rep->type, type, (int)sizeof type);
    io_rule_describe(&rep->rule, rule, sizeof rule);
    fputs("<td class=\"l\"><code>", out);
    html_text(out, type);
    fputs("</code></td><td class=\"l\">", out);
    html_text(out, rule);
    fprintf(out, "</td><td>%" PRId64 "</td><td>%" PRId64 "</td><td>", rep->compared, rep->differing);
    if (rep->has_max_ulp)
        fprintf(out, "%" PRIu64, rep->max_ulp);
    else
        fputs("none", out);
    fputs("</td>", out);
    figure_cell(out, rep, &rep->abs_error);
    figure_cell(out, rep, &rep->rel_error);
    fprintf(out, "<td>%" PRId64 "</td><td>%" PRId64 "</td><td>%" PRId64 "</td><td class=\"%s\">%s</td>",
            rep->nan_mismatches, rep->inf_mismatches, rep->negzero_mismatches, rep->differing ? "fail" : "pass",
            rep->differing ? "FAIL" : "PASS");
}

static const char HEAD[] = "<th class=\"l\">type</th><th class=\"l\">rule</th><th>compared</th><th>differing</th>"
                           "<th>max ULP</th><th>max abs error</th><th>max rel error</th><th>NaN</th><th>Inf</th>"
                           "<th>-0</th><th>result</th>";

static void elements_table(FILE *out, const io_report *rep)
{
    if (!rep->nshown)
        return;
    fprintf(out, "<h3>%s %" PRId64 " of %" PRId64 " differing elements</h3>\n", rep->show.worst ? "worst" : "first",
            rep->nshown, rep->differing);
    fputs("<table class=\"elements\"><tr><th>index</th><th>expected</th><th>bits</th><th>actual</th><th>bits</th>"
          "<th>ULP</th></tr>\n",
          out);
    for (int64_t k = 0; k < rep->nshown; k++) {
        io_diff_words w;
        io_diff_describe(rep, &rep->shown[k], &w);
        fprintf(out, "<tr><td class=\"l\">%s</td><td>", w.index);
        html_text(out, w.expected_value);
        fprintf(out, "</td><td><code>%s</code></td><td>", w.expected_bits);
        html_text(out, w.actual_value);
        fprintf(out, "</td><td><code>%s</code></td><td>%s</td></tr>\n", w.actual_bits, w.ulp);
    }
    fputs("</table>\n", out);
}

void io_html_add(io_html *h, const io_report *rep, const char *label)
{
    FILE *out = h->out;
    int n = h->count++;
    h->failed += rep->differing != 0;
    fprintf(out, "<section id=\"out%d\">\n<h2>", n);
    html_text(out, label);
    fputs("</h2>\n<table><tr>", out);
    fputs(HEAD, out);
    fputs("</tr>\n<tr>", out);
    figure_cells(out, rep);
    fputs("</tr></table>\n<div class=\"plots\">\n", out);
    histogram_svg(out, rep);
    if (rep->heat.max_ulp)
        heat_svg(out, rep);
    fputs("</div>\n", out);
    elements_table(out, rep);
    fputs("</section>\n", out);
    if (h->rows.f) {
        fprintf(h->rows.f, "<tr><td class=\"l\"><a href=\"#out%d\">", n);
        html_text(h->rows.f, label);
        fputs("</a></td>", h->rows.f);
        figure_cells(h->rows.f, rep);
        fputs("</tr>\n", h->rows.f);
    }
}

irrun_status io_html_close(io_html *h)
{
    char *rows = membuf_take(&h->rows);
    FILE *out = h->out;
    fprintf(out, "<div id=\"summary\">\n<p>%d comparison%s, %d failed</p>\n<table><tr><th class=\"l\">output</th>%s</tr>\n",
            h->count, h->count == 1 ? "" : "s", h->failed, HEAD);
    if (rows)
        fputs(rows, out);
    fputs("</table>\n</div>\n</body>\n</html>\n", out);
    mem_free(rows);
    return rows ? IRRUN_OK : IRRUN_NOMEM;
}
