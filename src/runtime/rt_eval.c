/* Evaluation of checked modules (SPEC.md 4.43, 4.44, 6.2): the entry
 * function, calls, and the run functions of the ops without bodies, each a
 * thin call of its whole-tensor kernel. The ops run through the region
 * executor (rt_region.c); ops with bodies have exec_*.c files of their own. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "runtime/rt.h"
#include "kernels/dot/kern_dot.h"
#include "parallel/grid.h"
#include "util/mem.h"

/* Runtime errors end the run with status 2; they are located and shown
 * with the source line and a caret, like parse errors. */
static void rt_report(ictx *c, src_loc loc, const char *fmt, va_list ap)
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

void count_check(ictx *c, const ir_op *op, bool ok)
{
    if (ok) {
        c->passed++;
        return;
    }
    if (c->failed < INTERP_FAILED_CHECKS_KEPT)
        c->failed_at[c->failed] = (interp_failed_check){ op->kind, op->loc };
    c->failed++;
}

int rt_error(ictx *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt_report(c, loc, fmt, ap);
    va_end(ap);
    return IRRUN_BAD_INPUT;
}

int rt_nomem(ictx *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt_report(c, loc, fmt, ap);
    va_end(ap);
    return IRRUN_NOMEM;
}

int kern_status(ictx *c, const ir_op *op, irrun_status rc)
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

kern_binop interp_binop_of(ir_op_kind k) { return (kern_binop)kernel_op[k]; }
kern_unop interp_unop_of(ir_op_kind k) { return (kern_unop)kernel_op[k]; }

static int run_dot(ictx *c, const ir_op *op, tensor **slots, tensor *r)
{
    const ir_dot *d = &op->a.dot;
    kern_dot_dims dd;
    memset(&dd, 0, sizeof dd);
    dd.nbatch = d->lhs_batch.n;
    dd.ncontract = d->lhs_contract.n;
    for (int i = 0; i < dd.nbatch; i++) {
        dd.lb[i] = d->lhs_batch.v[i];
        dd.rb[i] = d->rhs_batch.v[i];
    }
    for (int i = 0; i < dd.ncontract; i++) {
        dd.lc[i] = d->lhs_contract.v[i];
        dd.rc[i] = d->rhs_contract.v[i];
    }
    dd.mode = KACC_REF;
    dd.lprec = dd.rprec = FP_COUNT;
    switch (c->opt->dot_acc) {
    case DOT_ACC_F32:
    case DOT_ACC_F64:
        dd.mode = KACC_TYPE;
        dd.acc = c->opt->dot_acc == DOT_ACC_F32 ? FP_F32 : FP_F64;
        break;
    case DOT_ACC_ALGORITHM:
        if (d->has_algorithm) {
            dd.mode = KACC_TYPE;
            dd.acc = d->algorithm.accumulation;
            dd.lprec = d->algorithm.lhs_precision;
            dd.rprec = d->algorithm.rhs_precision;
        }
        break;
    case DOT_ACC_REF:
        break;
    }
    int64_t macs = r->count;
    for (int i = 0; i < dd.ncontract; i++)
        macs *= slots[op->operands[0]]->type.dims[dd.lc[i]];
    dd.pool = interp_pool(c, macs);
    return kern_status(c, op, kern_dot_general(slots[op->operands[0]], slots[op->operands[1]], &dd, r));
}

static int run_check(ictx *c, const ir_op *op, tensor **slots, tensor **res)
{
    const tensor *actual = slots[op->operands[0]];
    tensor *owned = NULL;
    const tensor *expected;
    if (op->kind == IR_OP_CHECK_EXPECT_EQ_CONST || op->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
        owned = interp_literal_tensor(&op->a.check.expected);
        if (!owned)
            return rt_nomem(c, op->loc, "out of memory");
        expected = owned;
    } else {
        expected = slots[op->operands[1]];
    }
    interp_check_ctx cc = { c->src && c->src->name ? c->src->name : "<input>", c->fname,
                            c->opt->strict_eq, c->err };
    if (c->proc)
        grid_output_lock(c->proc->g);
    bool ok = interp_run_check(&cc, op, actual, expected);
    if (c->proc)
        grid_output_unlock(c->proc->g);
    tensor_release(owned);
    count_check(c, op, ok);
    if (op->kind == IR_OP_CHECK_EQ && op->nresults == 1)
        *(uint8_t *)res[0]->data = ok;
    return 0;
}

/* ---- one function per op or family, reached through the op table ------- */
/* Each computes the results `res` (allocated by exec_op) from the operand
 * slots; 0 or the status of a located runtime error. */

#define IN(k) fr->slots[op->operands[k]]

int exec_binary(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_binary_on(interp_pool(c, res[0]->count), interp_binop_of(op->kind), IN(0), IN(1), res[0]));
}

int exec_unary(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_unary_on(interp_pool(c, res[0]->count), interp_unop_of(op->kind), IN(0), res[0]));
}

int exec_checkop(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return run_check(c, op, fr->slots, res);
}

int exec_constant(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    const ir_literal *lit = &op->a.constant;
    if (c->lanes || (lit->splat && !res[0]->splat)) {
        size_t es = tensor_elem_bytes(res[0]);
        for (int64_t i = 0; i < res[0]->count; i++)
            memcpy((unsigned char *)res[0]->data + (size_t)i * es, lit->data, es);
    }
    else if (lit->nbytes)
        memcpy(res[0]->data, lit->data, lit->nbytes < res[0]->nbytes ? lit->nbytes : res[0]->nbytes);
    return 0;
}

int exec_iota(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    return kern_status(c, op, kern_iota(op->a.iota_dim, res[0]));
}

int exec_convert(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_convert_on(interp_pool(c, res[0]->count), IN(0), res[0]));
}

int exec_bitcast(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_bitcast(IN(0), res[0]));
}

bool interp_compare_total(const ir_op *op, const tensor *lhs)
{
    return op->a.compare.type == IR_CMPT_TOTALORDER && et_is_float(lhs->type.elem);
}

int exec_compare(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_compare_on(interp_pool(c, res[0]->count), (kern_cmpdir)op->a.compare.dir,
                                              interp_compare_total(op, IN(0)), IN(0), IN(1), res[0]));
}

int exec_select(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_select_on(interp_pool(c, res[0]->count), IN(0), IN(1), IN(2), res[0]));
}

int exec_clamp(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_clamp_on(interp_pool(c, res[0]->count), IN(0), IN(1), IN(2), res[0]));
}

int exec_reshape(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_reshape(IN(0), res[0]));
}

int exec_transpose(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_transpose(interp_pool(c, res[0]->count), IN(0), op->a.dims.v, res[0]));
}

int exec_broadcast(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_broadcast(interp_pool(c, res[0]->count), IN(0), op->a.dims.v, res[0]));
}

int exec_concatenate(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const tensor **xs = mem_calloc((size_t)op->noperands, sizeof *xs);
    if (!xs)
        return rt_nomem(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        xs[i] = IN(i);
    pool *p = interp_pool(c, res[0]->count);
    int rc = kern_status(c, op, kern_concatenate(p, xs, op->noperands, op->a.concat_dim, res[0]));
    mem_free(xs);
    return rc;
}

int exec_slice(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    pool *p = interp_pool(c, res[0]->count);
    return kern_status(c, op, kern_slice(p, IN(0), op->a.slice.start.v, op->a.slice.stride.v, res[0]));
}

int exec_reverse(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return kern_status(c, op, kern_reverse(interp_pool(c, res[0]->count), IN(0), op->a.dims.v, op->a.dims.n, res[0]));
}

int exec_pad(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    pool *p = interp_pool(c, res[0]->count);
    return kern_status(c, op, kern_pad(p, IN(0), IN(1), op->a.pad.low.v, op->a.pad.interior.v, res[0]));
}

int exec_dot_general(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    return run_dot(c, op, fr->slots, res[0]);
}

/* f's index in the module, or -1 */
static int func_index(const ictx *c, const ir_func *f)
{
    ptrdiff_t i = f - c->m->funcs;
    return i >= 0 && i < c->m->nfuncs ? (int)i : -1;
}

/* A frame for f: the one its last activation left idle, else a new one. */
static bool frame_take(ictx *c, const ir_func *f, frame *fr)
{
    int i = func_index(c, f);
    if (i >= 0 && c->idle && c->idle[i].slots) {
        *fr = c->idle[i];
        c->idle[i].slots = NULL;
        return true;
    }
    return frame_open(fr, f);
}

/* Ends an activation: its slots emptied (small tensors kept as spares),
 * the frame kept idle for f's next call when f has none, else closed. */
static void frame_put(ictx *c, frame *fr)
{
    int i = func_index(c, fr->f);
    if (i >= 0 && !c->idle)
        c->idle = mem_calloc((size_t)c->m->nfuncs, sizeof *c->idle);
    if (i < 0 || !c->idle || c->idle[i].slots) {
        frame_close(fr);
        return;
    }
    for (int v = 0; v < fr->f->nvalues; v++)
        frame_release(fr, v);
    c->idle[i] = *fr;
}

void interp_frames_free(ictx *c)
{
    for (int i = 0; c->idle && i < c->m->nfuncs; i++)
        if (c->idle[i].slots)
            frame_close(&c->idle[i]);
    mem_free(c->idle);
    c->idle = NULL;
}

/* A frame for the callee: its body is a region run with the call's
 * operands as arguments. */
static int run_func(ictx *c, const ir_func *f, tensor *const *args, tensor **results)
{
    c->fname = f->name;
    frame fr;
    if (!frame_take(c, f, &fr))
        return rt_nomem(c, f->loc, "out of memory");
    int rc = region_run(c, &fr, &f->body, args, results);
    frame_put(c, &fr);
    if (rc) {
        for (int k = 0; k < f->nresults; k++) {
            tensor_release(results[k]);
            results[k] = NULL;
        }
    }
    return rc;
}

int eval_call(ictx *c, const ir_func *callee, tensor *const *args, tensor **results)
{
    const char *saved = c->fname;
    int rc = run_func(c, callee, args, results);
    c->fname = saved;
    return rc;
}

int exec_call(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const ir_func *callee = op->a.call.func;
    if (!callee || !callee->has_body)
        return rt_error(c, op->loc, "call to @%s, which has no body", op->a.call.name);
    tensor *argv[16] = { 0 }; /* zeroed: gcc cannot tell that the body reads only noperands of them */
    tensor **args = op->noperands <= 16 ? argv : mem_calloc((size_t)op->noperands, sizeof *args);
    if (!args)
        return rt_nomem(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        args[i] = IN(i);
    int rc = eval_call(c, callee, args, res);
    if (args != argv)
        mem_free(args);
    return rc;
}

int exec_custom_call(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    (void)res;
    return rt_error(c, op->loc, "unsupported custom call @%s",
                    op->a.custom_call.target ? op->a.custom_call.target : "?");
}

/* Terminators end their block in run_block and never get here; the checker
 * guarantees they are last. */
int exec_terminator(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    (void)fr;
    (void)res;
    return rt_error(c, op->loc, "'%s' in the middle of a block", ir_op_name(op->kind));
}

#undef IN

tensor *interp_literal_tensor(const ir_literal *lit)
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

const ir_func *interp_entry(const ir_module *m, const char *entry)
{
    if (entry)
        return ir_module_find(m, entry);
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, "main") == 0)
            return &m->funcs[i];
    return m->nfuncs == 1 ? &m->funcs[0] : NULL;
}

/* A returned value as REF prints it (SPEC.md 9.3.7, decision 29): a tensor
 * in the result format, a token as its type; a tuple as its type and ` (`,
 * a `,` line between elements and `)`, while the elements themselves go to
 * `err` (REF dumps them there). */
static int print_result(const tensor *t, const interp_options *opt, FILE *out, FILE *err)
{
    char type[512];
    switch (shape_kind_of(&t->type)) {
    case SHAPE_TENSOR:
        return opt->print_decimal || opt->print_exact ? interp_print_tensor_decimal(t, opt->print_exact, out)
                                  : interp_print_tensor(t, opt->print_dense, opt->hex_threshold, out);
    case SHAPE_TOKEN: fputs("!stablehlo.token\n", out); return ferror(out) ? -1 : 0;
    case SHAPE_TUPLE: break;
    }
    shape_format(&t->type, type, sizeof type);
    fprintf(out, "%s (\n", type);
    int n = shape_tuple_size(&t->type);
    for (int i = 0; i < n; i++) {
        if (print_result(tensor_parts(t)[i], opt, err, err) != 0)
            return -1;
        if (i + 1 < n)
            fputs(",\n", out);
    }
    fputs("\n)\n", out);
    return ferror(out) ? -1 : 0;
}

/* After "no entry": what there is to choose from, and how (at most 20
 * names: a module of thousands would drown the error) */
static void note_functions(ictx *c)
{
    const ir_module *m = c->m;
    fputs("note: the module's functions: ", c->err);
    for (int i = 0; i < m->nfuncs && i < 20; i++)
        fprintf(c->err, "%s@%s", i ? ", " : "", m->funcs[i].name);
    if (m->nfuncs > 20)
        fprintf(c->err, ", ... (%d in all)", m->nfuncs);
    fputs("; choose one with --entry NAME\n", c->err);
}

/* interp_entry, with the reference's errors when there is none. */
static const ir_func *entry_function(ictx *c, int *rc)
{
    const ir_module *m = c->m;
    src_loc top = { 1, 1 };
    const ir_func *f = interp_entry(m, c->opt->entry);
    *rc = 0;
    if (!f && c->opt->entry)
        *rc = rt_error(c, top, "entry function @%s not found", c->opt->entry);
    else if (!f && m->nfuncs > 1)
        *rc = rt_error(c, m->funcs[0].loc, "module must have entry func with name main");
    if (!f && m->nfuncs > 0)
        note_functions(c);
    return f;
}

pool *interp_pool(ictx *c, int64_t work)
{
    if (work < INTERP_POOL_MIN_WORK && !c->tiny_parts)
        return NULL;
    if (!c->pool_tried) {
        c->pool_tried = true;
        c->pool = pool_new(c->opt->threads > 0 ? c->opt->threads : pool_default_threads());
    }
    return c->pool;
}

static irrun_status run_module(ictx *c, bool keep_results, interp_outcome *outcome);

/* The pool lives as long as the run: freed whatever way the run ends. */
irrun_status interp_run_module(const ir_module *m, diag_source *src, const interp_options *opt,
                      bool keep_results, interp_outcome *outcome)
{
    ictx c = { .m = m, .src = src, .opt = opt, .err = opt->err ? opt->err : stderr, .tiny_parts = pool_tiny_parts_asked() };
    irrun_status rc = run_module(&c, keep_results, outcome);
    interp_frames_free(&c);
    pool_free(c.pool);
    return rc;
}

static irrun_status run_module(ictx *c, bool keep_results, interp_outcome *outcome)
{
    const interp_options *opt = c->opt;
    if (outcome)
        memset(outcome, 0, sizeof *outcome);
    int rc;
    const ir_func *f = entry_function(c, &rc);
    if (!f)
        return rc;
    if (!f->has_body)
        return rt_error(c, f->loc, "entry function @%s has no body", f->name);
    if (f->nargs != opt->nargs)
        return rt_error(c, f->loc,
                        "incorrect number of arguments specified, provided %d inputs but function "
                        "expected %d",
                        opt->nargs, f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        if (!shape_equal(&opt->args[i]->type, &f->arg_types[i])) {
            char want[256], got[256];
            shape_format(&f->arg_types[i], want, sizeof want);
            shape_format(&opt->args[i]->type, got, sizeof got);
            return rt_error(c, f->loc, "argument %d of @%s has type %s, but %s was provided", i,
                            f->name, want, got);
        }
    }
    /* with --replicas/--partitions every process returns f's results */
    int copies = opt->replicas > 0 ? opt->replicas * opt->partitions : 1;
    int nresults = f->nresults * copies;
    tensor **results = mem_calloc((size_t)(nresults ? nresults : 1), sizeof *results);
    if (!results)
        return rt_nomem(c, f->loc, "out of memory");
    for (int k = 0; k < f->nresults; k++)
        if (!shape_is_tensor(&f->result_types[k]) && (keep_results || opt->print_dense)) {
            char t[256];
            shape_format(&f->result_types[k], t, sizeof t);
            mem_free(results);
            return rt_error(c, f->loc, "result #%d of @%s is %s: only tensors can be %s", k, f->name, t,
                            keep_results ? "written to files or compared" : "printed as dense<...>");
        }
    rc = opt->replicas > 0 ? interp_run_grid_entry(c, f, opt->args, results) : run_func(c, f, opt->args, results);
    /* the results leave the interpreter stored in full */
    for (int k = 0; rc == 0 && k < nresults; k++)
        if (!tensor_densify(&results[k]))
            rc = rt_nomem(c, f->loc, "out of memory storing the results");
    if (rc == 0 && !keep_results) {
        /* the first failed write ends the printing: one message, with why */
        for (int k = 0; k < nresults && rc == 0; k++) {
            errno = 0;
            if (print_result(results[k], opt, opt->out ? opt->out : stdout, c->err) != 0) {
                int e = errno;
                rc = rt_error(c, f->loc, "error writing results: %s", e ? strerror(e) : "write error");
            }
        }
    }
    if (outcome) {
        outcome->checks_passed = c->passed;
        outcome->checks_failed = c->failed;
        outcome->nfailed = c->failed < INTERP_FAILED_CHECKS_KEPT ? c->failed : INTERP_FAILED_CHECKS_KEPT;
        memcpy(outcome->failed, c->failed_at, sizeof c->failed_at);
    }
    if (rc == 0 && keep_results && outcome) {
        outcome->results = results;
        outcome->nresults = nresults;
    } else {
        for (int k = 0; k < nresults; k++)
            tensor_release(results[k]);
        mem_free(results);
    }
    if (rc)
        return rc;
    return c->failed ? IRRUN_CHECK_FAILED : IRRUN_OK;
}

void interp_outcome_free(interp_outcome *o)
{
    if (!o)
        return;
    for (int k = 0; k < o->nresults; k++)
        tensor_release(o->results[k]);
    mem_free(o->results);
    o->results = NULL;
    o->nresults = 0;
}
