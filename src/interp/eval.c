/* Evaluation of checked modules (SPEC.md 4.40, 4.43, 4.44, 6.2): call
 * frames of value slots, ops dispatched to the whole-tensor kernels, reduce
 * bodies evaluated per step, tensors released after their last use. */
#include <stdarg.h>
#include <string.h>

#include "interp/interp_internal.h"
#include "interp/kern.h"
#include "util/mem.h"

/* Deep enough for any real program, shallow enough that the C stack (a few
 * hundred bytes per level) never overflows. */
enum { CALL_DEPTH_MAX = 1000 };

typedef struct {
    const ir_module *m;
    diag_source *src;
    const interp_options *opt;
    FILE *err;
    int depth;
    int passed, failed;
    const char *fname; /* function being run, for check reports */
    int64_t lanes;     /* > 0 while a reduce body runs on every result element at once */
} ictx;

/* Runtime errors end the run with status 2; they are located and shown
 * with the source line and a caret, like parse errors. */
static int rt_error(ictx *c, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (c->src) {
        diag_source at = *c->src;
        at.out = c->err;
        diag_verror(&at, loc, fmt, ap);
    } else {
        fprintf(c->err, "<input>:%d:%d: error: ", loc.line, loc.col);
        vfprintf(c->err, fmt, ap);
        fputc('\n', c->err);
    }
    va_end(ap);
    return 2;
}

static int kern_status(ictx *c, const ir_op *op, irrun_status rc)
{
    if (rc == IRRUN_OK)
        return 0;
    if (rc == IRRUN_NOMEM)
        return rt_error(c, op->loc, "out of memory while executing '%s'", ir_op_name(op->kind));
    return rt_error(c, op->loc, "'%s' is not supported for this element type", ir_op_name(op->kind));
}

static void release_slot(tensor **slots, int v)
{
    tensor_release(slots[v]);
    slots[v] = NULL;
}

static int run_block(ictx *c, const ir_func *f, const ir_block *blk, tensor **slots, tensor **rets);
static int run_func(ictx *c, const ir_func *f, tensor *const *args, tensor **results);

/* The kernel op of every op, from the op table's kernel column (expanded
 * here, where the kernel names exist): a KB_x for the BINARY family, a KU_x
 * for the UNARY family, K_NONE for the others. */
enum { K_NONE = -1 };
static const int kernel_op[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, regions, check, exec, kernel, flags) [IR_OP_##e] = (int)(kernel),
#include "ir/ops.def"
#undef OP
};

static kern_binop binop_of(ir_op_kind k) { return (kern_binop)kernel_op[k]; }
static kern_unop unop_of(ir_op_kind k) { return (kern_unop)kernel_op[k]; }

/* A reduce body that is `return op(arg_acc, arg_elem)` (either order). */
static bool simple_body(const ir_block *body, kern_binop *op, bool *acc_left)
{
    if (body->nargs != 2 || body->nops != 2)
        return false;
    const ir_op *b = &body->ops[0], *ret = &body->ops[1];
    if (!ir_op_is_binary(b->kind) || b->noperands != 2 || b->nresults != 1)
        return false;
    if (ret->kind != IR_OP_REGION_RETURN || ret->noperands != 1 || ret->operands[0] != b->results[0])
        return false;
    int x = b->operands[0], y = b->operands[1];
    if (x == body->args[0] && y == body->args[1])
        *acc_left = true;
    else if (x == body->args[1] && y == body->args[0])
        *acc_left = false;
    else
        return false;
    *op = binop_of(b->kind);
    return true;
}

/* Lanes. The folds of different result elements are independent and every
 * step of each runs the same body, so a body made only of element-wise ops
 * on rank-0 values can run once per fold step on all result elements at
 * once: value v of the body becomes a tensor<L x T> whose element i is what
 * v would be in the fold of result element i. An element-wise kernel on L
 * elements computes exactly what it computes on each alone, so the bits are
 * those of the per-element evaluation (reduce_general), at the cost of R
 * body runs instead of R x L. */
static tensor_type lane_type(et_id elem, int64_t lanes)
{
    tensor_type t = { elem, 1, { lanes } };
    return t;
}

static void fill_lanes(tensor *t, const void *elem)
{
    size_t es = tensor_elem_bytes(t);
    for (int64_t i = 0; i < t->count; i++)
        memcpy((unsigned char *)t->data + (size_t)i * es, elem, es);
}

/* One fold step: binds the accumulators and, for each input, the elements
 * from element `at` (one rank-0 element, or one per lane) to the body's
 * arguments, runs the body and takes its results as the new accumulators. */
static int fold_step(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **acc,
                     tensor *const *xp, int64_t at, tensor **rets)
{
    const ir_block *body = &op->regions[0];
    int N = op->noperands / 2;
    for (int k = 0; k < N; k++) {
        tensor_type et = { xp[k]->type.elem, 0, { 0 } };
        if (c->lanes)
            et = lane_type(et.elem, c->lanes);
        tensor *e = tensor_new(&et);
        if (!e)
            return rt_error(c, op->loc, "out of memory in reduce");
        memcpy(e->data, (unsigned char *)xp[k]->data + (size_t)at * tensor_elem_bytes(e), e->nbytes);
        release_slot(slots, body->args[k]);
        release_slot(slots, body->args[N + k]);
        slots[body->args[k]] = acc[k];
        acc[k] = NULL;
        slots[body->args[N + k]] = e;
    }
    for (int a = 0; a < body->ndead_args; a++)
        release_slot(slots, body->dead_args[a]);
    int rc = run_block(c, f, body, slots, rets);
    for (int a = 0; a < body->nargs; a++)
        release_slot(slots, body->args[a]);
    for (int k = 0; k < N; k++) {
        acc[k] = rets[k];
        rets[k] = NULL;
    }
    return rc;
}

/* Each input transposed so that the elements of a fold step are adjacent:
 * reduced dimensions last (one fold's elements in a row) or first (one step
 * of every fold in a row). Returns the fold length R, or -1 out of memory. */
static int64_t fold_inputs(const ir_op *op, tensor **slots, bool reduced_first, tensor **xp)
{
    const ir_ints *dims = &op->a.reduce.dims;
    const tensor *in0 = slots[op->operands[0]];
    int64_t R = 1;
    for (int i = 0; i < dims->n; i++)
        R *= in0->type.dims[dims->v[i]];
    for (int k = 0; k < op->noperands / 2; k++) {
        xp[k] = kern_reduce_permuted(slots[op->operands[k]], dims->v, dims->n, reduced_first);
        if (!xp[k])
            return -1;
    }
    return R;
}

/* The general reduce: the body runs once per input element, on rank-0
 * tensors, in each result element's row-major fold order. */
static int reduce_general(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    int N = op->noperands / 2;
    tensor **xp = mem_calloc((size_t)N, sizeof *xp);
    tensor **acc = mem_calloc((size_t)N, sizeof *acc);
    tensor **rets = mem_calloc((size_t)N, sizeof *rets);
    int rc = 0;
    int64_t R = xp && acc && rets ? fold_inputs(op, slots, false, xp) : -1;
    if (R < 0)
        rc = rt_error(c, op->loc, "out of memory in reduce");
    int64_t outputs = rc == 0 ? res[0]->count : 0;
    for (int64_t i = 0; i < outputs && rc == 0; i++) {
        for (int k = 0; k < N; k++)
            acc[k] = tensor_retain(slots[op->operands[N + k]]);
        for (int64_t j = 0; j < R && rc == 0; j++)
            rc = fold_step(c, f, op, slots, acc, xp, i * R + j, rets);
        for (int k = 0; k < N; k++) {
            if (rc == 0 && acc[k])
                memcpy((unsigned char *)res[k]->data + i * (int64_t)tensor_elem_bytes(res[k]),
                       acc[k]->data, tensor_elem_bytes(res[k]));
            tensor_release(acc[k]);
            acc[k] = NULL;
        }
    }
    for (int k = 0; xp && k < N; k++)
        tensor_release(xp[k]);
    mem_free(xp);
    mem_free(acc);
    mem_free(rets);
    return rc;
}

static bool lane_safe_body(const ir_func *f, const ir_block *body)
{
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        ir_op_kind k = o->kind;
        bool elementwise = (ir_op_get(k)->flags & IR_F_LANES) != 0;
        if (k == IR_OP_REGION_RETURN)
            continue;
        if (!elementwise)
            return false;
        for (int r = 0; r < o->nresults; r++)
            if (f->values[o->results[r]].type.rank != 0)
                return false;
        for (int a = 0; a < o->noperands; a++)
            if (f->values[o->operands[a]].type.rank != 0)
                return false;
    }
    return true;
}

static tensor *lanes_of(const tensor *scalar, int64_t lanes)
{
    tensor_type t = lane_type(scalar->type.elem, lanes);
    tensor *v = tensor_new(&t);
    if (v)
        fill_lanes(v, scalar->data);
    return v;
}

/* Values the body reads from the enclosing function, each listed once. */
static int captured_values(const ir_block *body, int *out)
{
    int n = 0;
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        for (int a = 0; a < o->noperands; a++) {
            int v = o->operands[a];
            bool inside = false;
            for (int b = 0; b < body->nargs && !inside; b++)
                inside = body->args[b] == v;
            for (int p = 0; p < i && !inside; p++)
                for (int r = 0; r < body->ops[p].nresults && !inside; r++)
                    inside = body->ops[p].results[r] == v;
            for (int q = 0; q < n && !inside; q++)
                inside = out[q] == v;
            if (!inside)
                out[n++] = v;
        }
    }
    return n;
}

static int reduce_lanes(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    int N = op->noperands / 2;
    const ir_block *body = &op->regions[0];
    int64_t L = res[0]->count, R = 0;
    if (L == 0)
        return 0;
    int nops = 0;
    for (int i = 0; i < body->nops; i++)
        nops += body->ops[i].noperands;
    tensor **xp = mem_calloc((size_t)N, sizeof *xp);
    tensor **acc = mem_calloc((size_t)N, sizeof *acc);
    tensor **rets = mem_calloc((size_t)N, sizeof *rets);
    int *cap = mem_calloc((size_t)nops + 1, sizeof *cap);
    tensor **saved = mem_calloc((size_t)nops + 1, sizeof *saved);
    int rc = 0, ncap = 0;
    if (!xp || !acc || !rets || !cap || !saved)
        rc = rt_error(c, op->loc, "out of memory in reduce");
    for (int k = 0; k < N && rc == 0; k++) {
        acc[k] = lanes_of(slots[op->operands[N + k]], L);
        if (!acc[k])
            rc = rt_error(c, op->loc, "out of memory in reduce");
    }
    if (rc == 0 && (R = fold_inputs(op, slots, true, xp)) < 0)
        rc = rt_error(c, op->loc, "out of memory in reduce");
    /* after reading the operands, which the body may capture too */
    if (rc == 0)
        ncap = captured_values(body, cap);
    for (int q = 0; q < ncap && rc == 0; q++) {
        tensor *wide = lanes_of(slots[cap[q]], L);
        if (!wide) {
            rc = rt_error(c, op->loc, "out of memory in reduce");
            break;
        }
        saved[q] = slots[cap[q]];
        slots[cap[q]] = wide;
    }
    c->lanes = L;
    for (int64_t j = 0; j < R && rc == 0; j++)
        rc = fold_step(c, f, op, slots, acc, xp, j * L, rets);
    c->lanes = 0;
    for (int k = 0; rc == 0 && k < N; k++)
        memcpy(res[k]->data, acc[k]->data, res[k]->nbytes);
    for (int q = 0; q < ncap; q++) {
        if (saved[q]) {
            tensor_release(slots[cap[q]]);
            slots[cap[q]] = saved[q];
        }
    }
    for (int k = 0; k < N; k++) {
        tensor_release(xp ? xp[k] : NULL);
        tensor_release(acc ? acc[k] : NULL);
    }
    mem_free(xp);
    mem_free(acc);
    mem_free(rets);
    mem_free(cap);
    mem_free(saved);
    return rc;
}

static int exec_reduce(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    kern_binop bop;
    bool acc_left;
    if (op->noperands == 2 && simple_body(&op->regions[0], &bop, &acc_left))
        return kern_status(c, op,
                           kern_reduce_binop(bop, acc_left, slots[op->operands[0]],
                                             slots[op->operands[1]], op->a.reduce.dims.v,
                                             op->a.reduce.dims.n, res[0]));
    if (c->lanes == 0 && lane_safe_body(f, &op->regions[0]))
        return reduce_lanes(c, f, op, slots, res);
    return reduce_general(c, f, op, slots, res);
}

static int exec_dot(ictx *c, const ir_op *op, tensor **slots, tensor *r)
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
    return kern_status(c, op, kern_dot_general(slots[op->operands[0]], slots[op->operands[1]], &dd, r));
}

static int exec_check(ictx *c, const ir_op *op, tensor **slots, tensor **res)
{
    const tensor *actual = slots[op->operands[0]];
    tensor *owned = NULL;
    const tensor *expected;
    if (op->kind == IR_OP_CHECK_EXPECT_EQ_CONST || op->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
        owned = interp_literal_tensor(&op->a.check.expected);
        if (!owned)
            return rt_error(c, op->loc, "out of memory");
        expected = owned;
    } else {
        expected = slots[op->operands[1]];
    }
    interp_check_ctx cc = { c->src && c->src->name ? c->src->name : "<input>", c->fname,
                            c->opt->strict_eq, c->err };
    bool ok = interp_run_check(&cc, op, actual, expected);
    tensor_release(owned);
    if (ok)
        c->passed++;
    else
        c->failed++;
    if (op->kind == IR_OP_CHECK_EQ && op->nresults == 1)
        *(uint8_t *)res[0]->data = ok;
    return 0;
}

/* ---- one function per op or family, reached through the op table ------- */
/* Each computes the results `res` (allocated by exec_op) from the operand
 * slots; 0 or the status of a located runtime error. */

#define IN(k) slots[op->operands[k]]

static int exec_binary(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_binary(binop_of(op->kind), IN(0), IN(1), res[0]));
}

static int exec_unary(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_unary(unop_of(op->kind), IN(0), res[0]));
}

static int exec_checkop(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return exec_check(c, op, slots, res);
}

static int exec_constant(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    (void)slots;
    if (c->lanes)
        fill_lanes(res[0], op->a.constant.data);
    else if (op->a.constant.nbytes)
        memcpy(res[0]->data, op->a.constant.data,
               op->a.constant.nbytes < res[0]->nbytes ? op->a.constant.nbytes : res[0]->nbytes);
    return 0;
}

static int exec_iota(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    (void)slots;
    return kern_status(c, op, kern_iota(op->a.iota_dim, res[0]));
}

static int exec_convert(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_convert(IN(0), res[0]));
}

static int exec_bitcast(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_bitcast(IN(0), res[0]));
}

static int exec_compare(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    bool total = op->a.compare.type == IR_CMPT_TOTALORDER && et_is_float(IN(0)->type.elem);
    return kern_status(c, op, kern_compare((kern_cmpdir)op->a.compare.dir, total, IN(0), IN(1), res[0]));
}

static int exec_select(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_select(IN(0), IN(1), IN(2), res[0]));
}

static int exec_clamp(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_clamp(IN(0), IN(1), IN(2), res[0]));
}

static int exec_reshape(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_reshape(IN(0), res[0]));
}

static int exec_transpose(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_transpose(IN(0), op->a.dims.v, res[0]));
}

static int exec_broadcast(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_broadcast(IN(0), op->a.dims.v, res[0]));
}

static int exec_concatenate(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    const tensor **xs = mem_calloc((size_t)op->noperands, sizeof *xs);
    if (!xs)
        return rt_error(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        xs[i] = IN(i);
    int rc = kern_status(c, op, kern_concatenate(xs, op->noperands, op->a.concat_dim, res[0]));
    mem_free(xs);
    return rc;
}

static int exec_slice(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_slice(IN(0), op->a.slice.start.v, op->a.slice.stride.v, res[0]));
}

static int exec_reverse(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_reverse(IN(0), op->a.dims.v, op->a.dims.n, res[0]));
}

static int exec_pad(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return kern_status(c, op, kern_pad(IN(0), IN(1), op->a.pad.low.v, op->a.pad.interior.v, res[0]));
}

static int exec_dot_general(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    return exec_dot(c, op, slots, res[0]);
}

static int exec_call(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    const ir_func *callee = op->a.call.func;
    if (!callee || !callee->has_body)
        return rt_error(c, op->loc, "call to @%s, which has no body", op->a.call.name);
    tensor *argv[16];
    tensor **args = op->noperands <= 16 ? argv : mem_calloc((size_t)op->noperands, sizeof *args);
    if (!args)
        return rt_error(c, op->loc, "out of memory");
    for (int i = 0; i < op->noperands; i++)
        args[i] = IN(i);
    int rc;
    if (c->depth >= CALL_DEPTH_MAX) {
        rc = rt_error(c, op->loc, "call depth limit (%d) exceeded calling @%s", CALL_DEPTH_MAX, callee->name);
    } else {
        const char *saved = c->fname;
        c->depth++;
        rc = run_func(c, callee, args, res);
        c->depth--;
        c->fname = saved;
    }
    if (args != argv)
        mem_free(args);
    return rc;
}

static int exec_custom_call(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    (void)slots;
    (void)res;
    return rt_error(c, op->loc, "unsupported custom call @%s",
                    op->a.custom_call.target ? op->a.custom_call.target : "?");
}

/* Terminators end their block in run_block and never get here; the checker
 * guarantees they are last. */
static int exec_terminator(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res)
{
    (void)f;
    (void)slots;
    (void)res;
    return rt_error(c, op->loc, "'%s' in the middle of a block", ir_op_name(op->kind));
}

#undef IN

/* How each op runs, from the op table's exec column. */
typedef int (*op_exec)(ictx *c, const ir_func *f, const ir_op *op, tensor **slots, tensor **res);
static const op_exec exec_of[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, regions, check, exec, kernel, flags) [IR_OP_##e] = exec_##exec,
#include "ir/ops.def"
#undef OP
};

static int exec_op(ictx *c, const ir_func *f, const ir_op *op, tensor **slots)
{
    tensor *res[8] = { NULL };
    tensor **resv = op->nresults <= 8 ? res : mem_calloc((size_t)op->nresults, sizeof *resv);
    if (!resv)
        return rt_error(c, op->loc, "out of memory");
    int rc = 0;
    if (op->kind != IR_OP_CALL) {
        for (int k = 0; k < op->nresults && rc == 0; k++) {
            const tensor_type *t = &f->values[op->results[k]].type;
            tensor_type lanes;
            if (c->lanes) {
                lanes = lane_type(t->elem, c->lanes);
                t = &lanes;
            }
            resv[k] = tensor_new(t);
            if (!resv[k])
                rc = rt_error(c, op->loc, "out of memory allocating the result of '%s'",
                              ir_op_name(op->kind));
        }
    }
    if (rc == 0)
        rc = exec_of[op->kind](c, f, op, slots, resv);
    for (int k = 0; k < op->nresults; k++) {
        if (rc == 0) {
            release_slot(slots, op->results[k]);
            slots[op->results[k]] = resv[k];
        } else {
            tensor_release(resv[k]);
        }
    }
    if (resv != res)
        mem_free(resv);
    return rc;
}

static void release_dead(const ir_op *op, tensor **slots)
{
    for (int i = 0; i < op->ndead; i++)
        release_slot(slots, op->dead[i]);
}

static int run_block(ictx *c, const ir_func *f, const ir_block *blk, tensor **slots, tensor **rets)
{
    for (int i = 0; i < blk->nops; i++) {
        const ir_op *op = &blk->ops[i];
        if (op->kind == IR_OP_RETURN || op->kind == IR_OP_REGION_RETURN) {
            for (int k = 0; k < op->noperands; k++)
                rets[k] = tensor_retain(slots[op->operands[k]]);
            release_dead(op, slots);
            return 0;
        }
        int rc = exec_op(c, f, op, slots);
        if (rc)
            return rc;
        release_dead(op, slots);
    }
    return 0;
}

static int run_func(ictx *c, const ir_func *f, tensor *const *args, tensor **results)
{
    c->fname = f->name;
    tensor **slots = mem_calloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *slots);
    if (!slots)
        return rt_error(c, f->loc, "out of memory");
    for (int i = 0; i < f->body.nargs; i++)
        slots[f->body.args[i]] = tensor_retain(args[i]);
    for (int i = 0; i < f->body.ndead_args; i++)
        release_slot(slots, f->body.dead_args[i]);
    int rc = run_block(c, f, &f->body, slots, results);
    for (int v = 0; v < f->nvalues; v++)
        tensor_release(slots[v]);
    mem_free(slots);
    if (rc) {
        for (int k = 0; k < f->nresults; k++) {
            tensor_release(results[k]);
            results[k] = NULL;
        }
    }
    return rc;
}

tensor *interp_literal_tensor(const ir_literal *lit)
{
    tensor *t = tensor_new(&lit->type);
    if (t && lit->nbytes)
        memcpy(t->data, lit->data, lit->nbytes < t->nbytes ? lit->nbytes : t->nbytes);
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
    return f;
}

int interp_run_module(const ir_module *m, diag_source *src, const interp_options *opt,
                      bool keep_results, interp_outcome *outcome)
{
    ictx c = { m, src, opt, opt->err ? opt->err : stderr, 0, 0, 0, NULL, 0 };
    if (outcome)
        memset(outcome, 0, sizeof *outcome);
    int rc;
    const ir_func *f = entry_function(&c, &rc);
    if (!f)
        return rc;
    if (!f->has_body)
        return rt_error(&c, f->loc, "entry function @%s has no body", f->name);
    if (f->nargs != opt->nargs)
        return rt_error(&c, f->loc,
                        "incorrect number of arguments specified, provided %d inputs but function "
                        "expected %d",
                        opt->nargs, f->nargs);
    for (int i = 0; i < f->nargs; i++) {
        if (!shape_equal(&opt->args[i]->type, &f->arg_types[i])) {
            char want[256], got[256];
            shape_format(&f->arg_types[i], want, sizeof want);
            shape_format(&opt->args[i]->type, got, sizeof got);
            return rt_error(&c, f->loc, "argument %d of @%s has type %s, but %s was provided", i,
                            f->name, want, got);
        }
    }
    tensor **results = mem_calloc((size_t)(f->nresults ? f->nresults : 1), sizeof *results);
    if (!results)
        return rt_error(&c, f->loc, "out of memory");
    rc = run_func(&c, f, opt->args, results);
    if (rc == 0 && !keep_results) {
        for (int k = 0; k < f->nresults; k++)
            if (interp_print_tensor(results[k], opt->print_dense, opt->hex_threshold,
                                    opt->out ? opt->out : stdout) != 0)
                rc = rt_error(&c, f->loc, "error writing results");
    }
    if (outcome) {
        outcome->checks_passed = c.passed;
        outcome->checks_failed = c.failed;
    }
    if (rc == 0 && keep_results && outcome) {
        outcome->results = results;
        outcome->nresults = f->nresults;
    } else {
        for (int k = 0; k < f->nresults; k++)
            tensor_release(results[k]);
        mem_free(results);
    }
    if (rc)
        return rc;
    return c.failed ? 1 : 0;
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
