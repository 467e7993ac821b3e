/* The interpreter dialect and check.expect_serialized_eq (SPEC.md
 * 9.3.10-9.3.12, decisions 24, 27, 28, 31): output and probe files, in
 * execution order, wherever the ops are written (a loop body prints once per
 * iteration). They never run in lanes: none has IR_F_LANES. */
#include "exec/exec.h"
#include "parallel/grid.h"
#include "runtime/rt_check.h"
#include "runtime/rt_print.h"

#define IN(k) fr->slots[op->operands[k]]

/* `PREFIX` + the tensor in REF's result format (6.3), flushed at once so
 * that it lands before anything the run writes later, on any stream
 * (decision 28). The prefix is the MLIR name the checker computed
 * (src/check/check_names.c). --print-format does not apply: REF's print
 * always writes the tensor format. */
int exec_print(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)res;
    FILE *out = c->opt->out ? c->opt->out : stdout;
    if (c->proc) /* one print at a time from the processes of a grid (SPEC 9.3.10) */
        grid_output_lock(c->proc->g);
    fputs(op->a.print.prefix ? op->a.print.prefix : "", out);
    irrun_status s = rt_print_tensor(IN(0), false, c->opt->hex_threshold, out);
    int flushed = fflush(out);
    if (c->proc)
        grid_output_unlock(c->proc->g);
    if (s != IRRUN_OK || flushed != 0)
        return rt_error(c, op->loc, "error writing the output of 'interpreter.print'");
    return 0;
}

/* A failure of the probe store, located at the op, with the store's own
 * status: out of memory, an element type REF cannot write, or a file. */
static int store_error(rt_ctx *c, const ir_op *op, irrun_status s, const char *msg)
{
    if (s == IRRUN_NOMEM)
        return rt_nomem(c, op->loc, "'%s': %s", ir_op_name(op->kind), msg);
    rt_error(c, op->loc, "'%s' (probe_id \"%s\"): %s", ir_op_name(op->kind), op->a.probe.id, msg);
    return s == IRRUN_UNSUPPORTED ? IRRUN_UNSUPPORTED : IRRUN_BAD_INPUT;
}

/* The store, reset before the run's first probe or lookup: a chunk sees
 * only its own records (decision 31; REF resets at every chunk's start,
 * which differs only for chunks that neither probe nor look up). */
static int store_ready(rt_ctx *c, const ir_op *op, const rt_probe_store **out)
{
    const rt_probe_store *ps = c->opt->probes;
    *out = ps;
    if (!ps)
        return rt_error(c, op->loc, "'%s' needs a directory for the probe files (--probe-output-dir)",
                        ir_op_name(op->kind));
    if (c->probes_reset)
        return 0;
    char msg[RT_PROBE_MSG];
    irrun_status s = ps->reset(ps->ctx, msg);
    if (s != IRRUN_OK)
        return store_error(c, op, s, msg);
    c->probes_reset = true;
    return 0;
}

/* The result is the operand itself; the side effect is probe number K of
 * the run (from 1). */
int exec_probe(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const rt_probe_store *ps;
    int rc = store_ready(c, op, &ps);
    if (rc)
        return rc;
    char msg[RT_PROBE_MSG];
    irrun_status s = ps->write(ps->ctx, op->a.probe.id, c->probes + 1, IN(0), msg);
    if (s != IRRUN_OK)
        return store_error(c, op, s, msg);
    c->probes++;
    res[0] = tensor_retain(IN(0));
    return 0;
}

/* The program's value is the expected one and the probe file's the actual
 * one (REF's operand is `expected`); values compare as check.expect_eq
 * (5.1, --strict-eq included). A lookup that finds nothing to compare is a
 * failed check, as in REF (9.3.12). */
int exec_serialized_eq(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)res;
    const rt_probe_store *ps;
    int rc = store_ready(c, op, &ps);
    if (rc)
        return rc;
    char msg[RT_PROBE_MSG];
    tensor *actual = NULL;
    irrun_status s = ps->read(ps->ctx, op->a.probe.id, op->a.probe.iteration, &IN(0)->type, &actual, msg);
    if (s != IRRUN_OK && s != IRRUN_CHECK_FAILED)
        return store_error(c, op, s, msg);
    rt_check_ctx cc = { c->src && c->src->name ? c->src->name : "<input>", c->fname, c->opt->strict_eq,
                            c->err };
    bool ok = false;
    if (s == IRRUN_CHECK_FAILED)
        rt_check_failed(&cc, op, msg);
    else
        ok = rt_run_check(&cc, op, actual, IN(0));
    tensor_release(actual);
    rt_count_check(c, op, ok);
    return 0;
}

#undef IN
