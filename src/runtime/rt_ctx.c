/* The run's context and the services every op uses: located run-time
 * errors, check verdicts, the run's thread pool, literals as tensors, the
 * kernel op of an op (rt.h). */
#include <stdarg.h>
#include <string.h>

#include "runtime/rt.h"
#include "parallel/grid.h"
#include "util/mem.h"

/* Runtime errors end the run with status 2; they are located and shown
 * with the source line and a caret, like parse errors. */
static void rt_report(rt_ctx *c, src_loc loc, const char *fmt, va_list ap)
{
    if (c->proc) /* one report at a time from the processes of a grid */
        grid_output_lock(c->proc->g);
    if (c->src) {
        diag_source at = *c->src;
        at.out = c->err;
        diag_verror(&at, loc, fmt, ap);
    } else {
        fprintf(c->err, "<input>:%d:%d: error: ", loc.line, loc.col);
        vfprintf(c->err, fmt, ap);
        fputc('\n', c->err);
    }
    if (c->proc)
        grid_output_unlock(c->proc->g);
}

void rt_count_check(rt_ctx *c, const ir_op *op, bool ok)
{
    if (ok) {
        c->passed++;
        return;
    }
    if (c->failed < RT_FAILED_CHECKS_KEPT)
        c->failed_at[c->failed] = (rt_failed_check){ op->kind, op->loc };
    c->failed++;
}

int rt_error(rt_ctx *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt_report(c, loc, fmt, ap);
    va_end(ap);
    return IRRUN_BAD_INPUT;
}

int rt_nomem(rt_ctx *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt_report(c, loc, fmt, ap);
    va_end(ap);
    return IRRUN_NOMEM;
}

int rt_status(rt_ctx *c, const ir_op *op, irrun_status rc)
{
    if (rc == IRRUN_OK)
        return 0;
    if (rc == IRRUN_NOMEM)
        return rt_nomem(c, op->loc, "out of memory while executing '%s'", ir_op_name(op->kind));
    rt_error(c, op->loc, "'%s' is not supported for this element type", ir_op_name(op->kind));
    return IRRUN_UNSUPPORTED;
}

/* The kernel op of every op, from the op table's kernel column (expanded
 * here, where the kernel names exist): a KB_x for the BINARY family, a KU_x
 * for the UNARY family, K_NONE for the others. */
enum { K_NONE = -1 };
static const int kernel_op[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = (int)(kernel),
#include "ir/ops.def"
#undef OP
};

kern_binop rt_binop_of(ir_op_kind k) { return (kern_binop)kernel_op[k]; }
kern_unop rt_unop_of(ir_op_kind k) { return (kern_unop)kernel_op[k]; }

bool rt_compare_total(const ir_op *op, const tensor *lhs)
{
    return op->a.compare.type == IR_CMPT_TOTALORDER && et_is_float(lhs->type.elem);
}

pool *rt_pool(rt_ctx *c, int64_t work)
{
    if (work < RT_POOL_MIN_WORK && !c->tiny_parts)
        return NULL;
    if (!c->pool_tried) {
        c->pool_tried = true;
        c->pool = pool_new(c->opt->threads > 0 ? c->opt->threads : pool_default_threads());
    }
    return c->pool;
}

tensor *rt_literal_tensor(const ir_literal *lit)
{
    tensor *t = tensor_new(&lit->type);
    if (t && lit->splat) {
        for (int64_t i = 0; i < t->count; i++)
            memcpy(tensor_at(t, i), lit->data, lit->nbytes);
    } else if (t && lit->nbytes) {
        memcpy(t->data, lit->data, lit->nbytes < t->nbytes ? lit->nbytes : t->nbytes);
    }
    return t;
}
