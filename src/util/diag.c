#include "diag.h"

#include <limits.h>
#include <string.h>

static void show_line(const diag_source *src, src_loc loc, FILE *out)
{
    /* INT_MAX: the lexer's count saturated there, the line is not known */
    if (!src->text || loc.line < 1 || loc.line == INT_MAX)
        return;
    const char *p = src->text, *end = src->text + src->len;
    for (int l = src->first_line > 1 ? src->first_line : 1; l < loc.line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return;
        p = nl + 1;
    }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
        eol = end;
    /* non-printable bytes are shown as '?' so garbage input cannot mess up a
     * terminal */
    for (const char *q = p; q < eol; q++) {
        unsigned char c = (unsigned char)*q;
        fputc(c == '\t' || (c >= 32 && c < 127) ? c : '?', out);
    }
    fputc('\n', out);
    for (int c = 1; c < loc.col; c++)
        fputc(p + c - 1 < eol && p[c - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

static void report(diag_source *src, src_loc loc, const char *kind, const char *fmt, va_list ap)
{
    FILE *out = src->out ? src->out : stderr;
    if (loc.line > 0)
        fprintf(out, "%s:%d:%d: %s: ", src->name, loc.line, loc.col, kind);
    else
        fprintf(out, "%s: %s: ", src->name, kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    show_line(src, loc, out);
}

void diag_verror(diag_source *src, src_loc loc, const char *fmt, va_list ap)
{
    src->errors++;
    report(src, loc, "error", fmt, ap);
}

void diag_error(diag_source *src, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(src, loc, fmt, ap);
    va_end(ap);
}

void diag_warning(diag_source *src, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(src, loc, "warning", fmt, ap);
    va_end(ap);
}

void diag_note(diag_source *src, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(src, loc, "note", fmt, ap);
    va_end(ap);
}
