/* irrun_progress_describe: what a progress watcher shows about the op a
 * run is at, from a signal handler (so no stdio and no allocation). */
#include "api/api_internal.h"

#include "ir/ir.h"
#include "util/text.h"

size_t irrun_progress_describe(const irrun_progress *p, char *buf, size_t size)
{
    const ir_op *op = p ? (const ir_op *)p->op : NULL;
    if (!buf || size == 0)
        return 0;
    buf[0] = '\0';
    if (!op)
        return 0;
    size_t at = text_append_number(buf, 0, size, (unsigned long)op->loc.line);
    at = text_append(buf, at, size, ":");
    at = text_append_number(buf, at, size, (unsigned long)op->loc.col);
    at = text_append(buf, at, size, ": ");
    at = text_append(buf, at, size, ir_op_name(op->kind));
    buf[at] = '\0';
    return at;
}
