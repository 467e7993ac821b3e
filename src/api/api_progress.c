/* irrun_progress_describe: what a progress watcher shows about the op a
 * run is at, from a signal handler (so no stdio and no allocation). */
#include "api/api_internal.h"

#include "ir/ir.h"

static size_t put_text(char *buf, size_t at, size_t size, const char *s)
{
    while (*s && at + 1 < size)
        buf[at++] = *s++;
    return at;
}

static size_t put_number(char *buf, size_t at, size_t size, unsigned long v)
{
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n && at + 1 < size)
        buf[at++] = digits[--n];
    return at;
}

size_t irrun_progress_describe(const irrun_progress *p, char *buf, size_t size)
{
    const ir_op *op = p ? (const ir_op *)p->op : NULL;
    if (!buf || size == 0)
        return 0;
    buf[0] = '\0';
    if (!op)
        return 0;
    size_t at = put_number(buf, 0, size, (unsigned long)op->loc.line);
    at = put_text(buf, at, size, ":");
    at = put_number(buf, at, size, (unsigned long)op->loc.col);
    at = put_text(buf, at, size, ": ");
    at = put_text(buf, at, size, ir_op_name(op->kind));
    buf[at] = '\0';
    return at;
}
