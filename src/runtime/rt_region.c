/* The region executor: runs a block of ops (a function body or the body of
 * an op) in a frame of value slots, dispatching each op through the op
 * table's exec column, per invocation or in lanes (rt.h). */
#include <string.h>

#include "runtime/rt.h"
#include "util/mem.h"

bool rt_frame_open(rt_frame *fr, const ir_func *f)
{
    size_t n = (size_t)(f->nvalues ? f->nvalues : 1);
    fr->f = f;
    fr->slots = mem_calloc(n, sizeof *fr->slots);
    fr->spare = mem_calloc(n, sizeof *fr->spare);
    if (fr->slots && fr->spare)
        return true;
    rt_frame_close(fr);
    return false;
}

void rt_frame_close(rt_frame *fr)
{
    for (int v = 0; v < fr->f->nvalues; v++) {
        tensor_release(fr->slots ? fr->slots[v] : NULL);
        tensor_release(fr->spare ? fr->spare[v] : NULL);
    }
    mem_free(fr->slots);
    mem_free(fr->spare);
    fr->slots = fr->spare = NULL;
}

void rt_frame_release(rt_frame *fr, int value)
{
    tensor *t = fr->slots[value];
    if (!t)
        return;
    fr->slots[value] = NULL;
    if (t->refs == 1 && !t->borrowed && t->nbytes <= RT_SPARE_MAX_BYTES && shape_is_tensor(&t->type) &&
        !fr->spare[value]) {
        fr->spare[value] = t;
        return;
    }
    tensor_release(t);
}

void rt_region_give_back(rt_frame *fr, const ir_block *body, int k, tensor *t)
{
    const ir_op *ret = &body->ops[body->nops - 1];
    int v = ret->operands[k];
    if (t && t->refs == 1 && !t->borrowed && !fr->spare[v] && t->nbytes <= RT_SPARE_MAX_BYTES &&
        shape_is_tensor(&t->type)) {
        fr->spare[v] = t;
        return;
    }
    tensor_release(t);
}

/* Whether the op's kernel writes every element of its results: the
 * element-wise and layout kernels do; other exec functions may count on
 * results that start zeroed. */
static bool writes_every_element(const ir_op *op)
{
    const ir_op_info *info = ir_op_get(op->kind);
    return (info->flags & IR_F_ELEMENTWISE) || info->family == IR_KF_LAYOUT;
}

/* A result tensor of type t for value v, a splat or stored in full: its
 * spare when it has one of that type and kind, else a new one; zeroed as
 * from tensor_new unless the op writes every element (zeroing a large
 * result first is a pass over its memory: glibc's calloc clears a reused
 * block). A splat spare serves only a splat result: its data is one
 * element. */
static tensor *result_tensor(rt_frame *fr, const ir_op *op, int v, const tensor_type *t, bool splat)
{
    tensor *s = fr->spare[v];
    bool full = writes_every_element(op);
    if (s && s->splat == (splat && shape_count(t) >= 2) && s->type.elem == t->elem && s->type.rank == t->rank &&
        (t->rank == 0 || memcmp(s->type.dims, t->dims, (size_t)t->rank * sizeof t->dims[0]) == 0)) {
        fr->spare[v] = NULL;
        if (!full)
            memset(s->data, 0, s->nbytes);
        return s;
    }
    if (splat)
        return tensor_new_splat(t);
    return full ? tensor_new_unset(t) : tensor_new(t);
}

static tensor_type lane_type(et_id elem, int64_t lanes)
{
    tensor_type t = { .elem = elem, .rank = 1, .dims = { lanes } };
    return t;
}

/* Ops that make their results themselves: calls return the callee's values,
 * control flow the values its regions return, the structure ops share
 * their operands'. */
static bool makes_own_results(ir_op_kind k)
{
    ir_kernel_family f = ir_op_get(k)->family;
    return f == IR_KF_CALL || f == IR_KF_CONTROL || f == IR_KF_STRUCTURE;
}

bool rt_constant_borrows(const rt_ctx *c, const rt_frame *fr, const ir_op *op)
{
    if (c->lanes || (op->kind != IR_OP_CONSTANT && op->kind != IR_OP_SDY_CONSTANT))
        return false;
    const ir_literal *lit = &op->a.constant;
    const tensor_type *t = &fr->f->values[op->results[0]].type;
    int64_t n = shape_count(t);
    return !lit->splat && lit->nbytes > RT_SPARE_MAX_BYTES && shape_is_tensor(t) && n == lit->count &&
           lit->nbytes == (size_t)n * et_get(t->elem)->bytes;
}

/* An operand of an element-wise kernel op that dies at this op and is held
 * only by its slot (and its own, not borrowed) can take the result: the kernels compute element i from
 * the operands' elements i before writing it, so writing over an operand
 * is safe (clamp, select and compare are left out: their kernels are not
 * single passes over one type). NULL when there is none. */
static tensor *donor(const rt_frame *fr, const ir_op *op, const tensor_type *t)
{
    ir_kernel_family fam = ir_op_get(op->kind)->family;
    if (fam != IR_KF_BINARY && fam != IR_KF_UNARY)
        return NULL;
    for (int i = 0; i < op->ndead; i++) {
        tensor *x = fr->slots[op->dead[i]];
        if (!x || x->refs != 1 || x->borrowed || x->splat || x->type.elem != t->elem || !shape_same_dims(&x->type, t))
            continue;
        for (int k = 0; k < op->noperands; k++)
            if (op->operands[k] == op->dead[i])
                return x;
    }
    return NULL;
}

/* Operand k of an IR_F_UPDATES op (scatter, dynamic_update_slice) that
 * dies at the op, is held only by its slot (and not borrowed) and is read through no other
 * operand can be result k: the op then writes only the elements it
 * replaces, instead of copying the whole operand first. NULL when it
 * cannot. */
static tensor *updated_operand(const rt_frame *fr, const ir_op *op, int k, const tensor_type *t)
{
    int v = op->operands[k];
    tensor *x = fr->slots[v];
    if (!x || x->refs != 1 || x->borrowed || x->splat || x->type.elem != t->elem || !shape_same_dims(&x->type, t))
        return NULL;
    for (int j = 0; j < op->noperands; j++)
        if (j != k && op->operands[j] == v)
            return NULL;
    for (int i = 0; i < op->ndead; i++)
        if (op->dead[i] == v)
            return x;
    return NULL;
}

/* Whether an op's one result is a splat (core/tensor.h): a splat constant;
 * an element-wise op whose operands are all splats or single elements;
 * a reshape, transpose, slice, reverse or broadcast_in_dim of a splat or of
 * a single element. Never in lanes (lane tensors are rank 1 per lane). */
static bool splat_result(const rt_ctx *c, const rt_frame *fr, const ir_op *op)
{
    if (c->lanes || op->nresults != 1)
        return false;
    if (op->kind == IR_OP_CONSTANT || op->kind == IR_OP_SDY_CONSTANT)
        return op->a.constant.splat;
    unsigned flags = ir_op_get(op->kind)->flags;
    if (!(flags & IR_F_SPLATS))
        return false;
    int n = op->noperands;
    if (!(flags & IR_F_ELEMENTWISE)) {
        if (op->kind != IR_OP_RESHAPE && op->kind != IR_OP_TRANSPOSE && op->kind != IR_OP_SLICE &&
            op->kind != IR_OP_REVERSE && op->kind != IR_OP_BROADCAST_IN_DIM)
            return false;
        n = 1;
    }
    for (int k = 0; k < n; k++) {
        const tensor *x = fr->slots[op->operands[k]];
        if (!x || !shape_is_tensor(&x->type) || (!x->splat && x->count != 1))
            return false;
    }
    return true;
}

/* An op that does not take splats gets its splat operands stored in full,
 * in their slots, so that later readers find them stored too. */
static int densify_operands(rt_ctx *c, rt_frame *fr, const ir_op *op)
{
    if (ir_op_get(op->kind)->flags & IR_F_SPLATS)
        return 0;
    for (int k = 0; k < op->noperands; k++)
        if (!tensor_densify(&fr->slots[op->operands[k]]))
            return rt_nomem(c, op->loc, "out of memory storing a splat operand of '%s'", ir_op_name(op->kind));
    return 0;
}

/* Allocates the results with their types (lane-widened in lanes), runs the
 * op and stores the results in their slots. */
static int run_op(rt_ctx *c, rt_frame *fr, const ir_op *op)
{
    int dense_rc = densify_operands(c, fr, op);
    if (dense_rc)
        return dense_rc;
    tensor *res[8];
    tensor **resv = op->nresults <= 8 ? res : mem_calloc((size_t)op->nresults, sizeof *resv);
    if (!resv)
        return rt_nomem(c, op->loc, "out of memory");
    for (int k = 0; k < op->nresults && resv == res; k++)
        res[k] = NULL;
    int rc = 0;
    if (!makes_own_results(op->kind) && !rt_constant_borrows(c, fr, op)) {
        for (int k = 0; k < op->nresults && rc == 0; k++) {
            const tensor_type *t = &fr->f->values[op->results[k]].type;
            tensor_type lanes;
            if (c->lanes) {
                lanes = lane_type(t->elem, c->lanes);
                t = &lanes;
            }
            bool splat = splat_result(c, fr, op);
            tensor *d = c->lanes || splat                                   ? NULL
                        : ir_op_get(op->kind)->flags & IR_F_UPDATES ? updated_operand(fr, op, k, t)
                        : op->nresults == 1                         ? donor(fr, op, t)
                                                                    : NULL;
            resv[k] = d ? tensor_retain(d) : result_tensor(fr, op, op->results[k], t, splat);
            if (!resv[k])
                rc = rt_nomem(c, op->loc, "out of memory allocating the result of '%s'", ir_op_name(op->kind));
        }
    }
    if (rc == 0) {
        const ir_op *outer = c->at;
        c->at = op;
        rc = c->exec[op->kind](c, fr, op, resv);
        c->at = outer;
    }
    for (int k = 0; k < op->nresults; k++) {
        if (rc == 0) {
            rt_frame_release(fr, op->results[k]);
            fr->slots[op->results[k]] = resv[k];
        } else {
            tensor_release(resv[k]);
        }
    }
    if (resv != res)
        mem_free(resv);
    return rc;
}

static void release_dead(rt_frame *fr, const ir_op *op)
{
    for (int i = 0; i < op->ndead; i++)
        rt_frame_release(fr, op->dead[i]);
}

static int run_block(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor **results);

int rt_region_run(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor *const *args, tensor **results)
{
    /* the arguments' slots are empty: every run releases them at its end */
    for (int a = 0; a < body->nargs; a++)
        fr->slots[body->args[a]] = tensor_retain(args[a]);
    return run_block(c, fr, body, results);
}

int rt_region_run_moving(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor **args, tensor **results)
{
    for (int a = 0; a < body->nargs; a++) {
        fr->slots[body->args[a]] = args[a];
        args[a] = NULL;
    }
    return run_block(c, fr, body, results);
}

/* The error for a block that would nest deeper than RT_NEST_DEPTH_MAX, at the
 * op that runs it (never NULL there: the entry function is at depth 0). */
static int too_deep(rt_ctx *c)
{
    const ir_op *op = c->at;
    if (op && op->kind == IR_OP_CALL)
        return rt_error(c, op->loc, "calls and regions nested more than %d deep (the limit) calling @%s",
                        RT_NEST_DEPTH_MAX, op->a.call.name);
    return rt_error(c, op ? op->loc : (src_loc){ 0 }, "calls and regions nested more than %d deep (the limit) in '%s'",
                    RT_NEST_DEPTH_MAX, op ? ir_op_name(op->kind) : "?");
}

/* Runs the ops of a block whose arguments are bound. Every function body
 * and region counts one level of RT_NEST_DEPTH_MAX while it runs: the C
 * stack grows by a few frames per level whatever op opened it. */
static int run_block(rt_ctx *c, rt_frame *fr, const ir_block *body, tensor **results)
{
    for (int a = 0; a < body->ndead_args; a++)
        rt_frame_release(fr, body->dead_args[a]);
    bool entered = c->depth < RT_NEST_DEPTH_MAX;
    int rc = entered ? 0 : too_deep(c);
    c->depth += entered;
    for (int i = 0; i < body->nops && rc == 0; i++) {
        const ir_op *op = &body->ops[i];
        if (ir_op_get(op->kind)->flags & IR_F_TERMINATOR) {
            for (int k = 0; k < op->noperands; k++)
                results[k] = tensor_retain(fr->slots[op->operands[k]]);
            release_dead(fr, op);
            break;
        }
        if (c->opt->watch) {
            c->opt->watch->op = op;
            c->opt->watch->started++;
        }
        rc = run_op(c, fr, op);
        if (c->opt->watch && c->opt->watch->shown)
            c->opt->watch->erase();
        if (rc == 0)
            release_dead(fr, op);
    }
    for (int a = 0; a < body->nargs; a++)
        rt_frame_release(fr, body->args[a]);
    c->depth -= entered;
    return rc;
}

bool rt_region_binop_body(const ir_block *body, kern_binop *op, bool *acc_left)
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
    *op = rt_binop_of(b->kind);
    return true;
}

/* No effects in body or below (rt_region_pure's first half); marks in
 * inside[] the values body and its nested regions define. */
static bool effect_free(const ir_block *body, bool *inside)
{
    for (int b = 0; b < body->nargs; b++)
        inside[body->args[b]] = true;
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        if (ir_op_get(o->kind)->flags & (IR_F_SIDE_EFFECTS | IR_F_CHECK))
            return false;
        if (o->kind == IR_OP_CALL || o->kind == IR_OP_COMPOSITE || o->kind == IR_OP_CUSTOM_CALL)
            return false;
        for (int r = 0; r < o->nregions; r++)
            if (!effect_free(&o->regions[r], inside))
                return false;
        for (int r = 0; r < o->nresults; r++)
            inside[o->results[r]] = true;
    }
    return true;
}

/* Every operand in body or below is one of the values marked inside[]. */
static bool reads_only_inside(const ir_block *body, const bool *inside)
{
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        for (int a = 0; a < o->noperands; a++)
            if (!inside[o->operands[a]])
                return false;
        for (int r = 0; r < o->nregions; r++)
            if (!reads_only_inside(&o->regions[r], inside))
                return false;
    }
    return true;
}

bool rt_region_pure(const ir_func *f, const ir_block *body)
{
    /* out of memory: not known to be pure, which is always safe */
    bool *inside = mem_calloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *inside);
    bool pure = inside && effect_free(body, inside) && reads_only_inside(body, inside);
    mem_free(inside);
    return pure;
}

bool rt_region_lane_safe(const ir_func *f, const ir_block *body)
{
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        unsigned flags = ir_op_get(o->kind)->flags;
        if (flags & IR_F_TERMINATOR)
            continue;
        if (!(flags & IR_F_LANES))
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

int rt_region_pin(rt_frame *fr, const ir_block *body, rt_pinned *p)
{
    p->body = body;
    for (int i = 0; i < body->nops; i++) {
        const ir_op *o = &body->ops[i];
        for (int r = 0; r < o->nresults && !(ir_op_get(o->kind)->flags & IR_F_TERMINATOR); r++) {
            int v = o->results[r];
            tensor *t = tensor_new(&fr->f->values[v].type);
            if (!t) {
                rt_region_unpin(fr, p);
                return IRRUN_NOMEM;
            }
            rt_frame_release(fr, v);
            fr->slots[v] = t;
        }
    }
    return 0;
}

/* The op table's family column, one byte per op: read per op of a pinned
 * run, where a look into the wider ir_op_table row cost a tenth of a small
 * body's instructions. */
static const unsigned char op_family[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = IR_KF_##family,
#include "ir/ops.def"
#undef OP
};

/* One op of a pinned body. Its values are rank 0: never splats, never
 * worth a thread, so the element-wise families call their kernel's
 * whole-tensor entry straight, without the exec function's pool and
 * splitting layers (a third of a small body's time). A status other than
 * OK goes back through the exec function, which reports it at the op. */
static int run_pinned_op(rt_ctx *c, rt_frame *fr, const ir_op *op)
{
    rt_exec_fn run = c->exec[op->kind];
    tensor **res = &fr->slots[op->results[0]];
    /* every family below has an operand; a constant has none */
    const tensor *x = op->noperands ? fr->slots[op->operands[0]] : NULL;
    irrun_status st;
    if (!x)
        return run(c, fr, op, res);
    ir_kernel_family fam = (ir_kernel_family)op_family[op->kind];
    if (fam == IR_KF_BINARY)
        st = kern_binary(rt_binop_of(op->kind), x, fr->slots[op->operands[1]], *res);
    else if (fam == IR_KF_COMPARE)
        st = kern_compare((kern_cmpdir)op->a.compare.dir, rt_compare_total(op, x), x, fr->slots[op->operands[1]],
                          *res);
    else if (fam == IR_KF_SELECT)
        st = kern_select(x, fr->slots[op->operands[1]], fr->slots[op->operands[2]], *res);
    else if (fam == IR_KF_UNARY)
        st = kern_unary(rt_unop_of(op->kind), x, *res);
    else if (op->kind == IR_OP_CONVERT)
        st = kern_convert(x, *res);
    else
        return run(c, fr, op, res);
    return st == IRRUN_OK ? 0 : run(c, fr, op, res);
}

int rt_region_run_pinned(rt_ctx *c, rt_frame *fr, const rt_pinned *p, tensor *const *args, tensor **results)
{
    const ir_block *body = p->body;
    for (int a = 0; a < body->nargs; a++)
        fr->slots[body->args[a]] = args[a];
    int rc = 0;
    /* the checker made the terminator the last op; IR_F_LANES ops have one
     * result */
    const ir_op *op = body->ops, *ret = &body->ops[body->nops - 1];
    for (; op < ret && rc == 0; op++)
        rc = run_pinned_op(c, fr, op);
    for (int k = 0; rc == 0 && k < ret->noperands; k++)
        results[k] = fr->slots[ret->operands[k]];
    for (int a = 0; a < body->nargs; a++)
        fr->slots[body->args[a]] = NULL;
    return rc;
}

void rt_region_unpin(rt_frame *fr, rt_pinned *p)
{
    const ir_block *body = p->body;
    for (int i = 0; body && i < body->nops; i++)
        for (int r = 0; r < body->ops[i].nresults; r++) {
            tensor_release(fr->slots[body->ops[i].results[r]]);
            fr->slots[body->ops[i].results[r]] = NULL;
        }
    p->body = NULL;
}

tensor *rt_region_lane_splat(const tensor *scalar, int64_t lanes)
{
    tensor_type t = lane_type(scalar->type.elem, lanes);
    tensor *v = tensor_new(&t);
    if (!v)
        return NULL;
    size_t es = tensor_elem_bytes(v);
    for (int64_t i = 0; i < lanes; i++)
        memcpy((unsigned char *)v->data + (size_t)i * es, scalar->data, es);
    return v;
}

tensor *rt_region_lane_tensor(et_id elem, int64_t lanes)
{
    tensor_type t = lane_type(elem, lanes);
    return tensor_new(&t);
}

int rt_region_run_lanes(rt_ctx *c, rt_frame *fr, const ir_op *op, const ir_block *body, tensor **args, int64_t lanes,
                     tensor **results)
{
    for (int k = 0; k < body->nargs; k++) {
        tensor *t = args[k];
        t->type.dims[0] = t->count = lanes;
        t->nbytes = (size_t)lanes * tensor_elem_bytes(t);
    }
    rt_lanes st = { 0, NULL, NULL };
    int rc = rt_region_lanes_enter(c, fr, op, body, lanes, &st);
    if (rc == 0) {
        rc = rt_region_run(c, fr, body, args, results);
        rt_region_lanes_leave(c, fr, &st);
    }
    return rc;
}

/* Values the body reads from outside it, each listed once. */
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

int rt_region_lanes_enter(rt_ctx *c, rt_frame *fr, const ir_op *op, const ir_block *body, int64_t lanes,
                       rt_lanes *st)
{
    int nuses = 0;
    for (int i = 0; i < body->nops; i++)
        nuses += body->ops[i].noperands;
    st->n = 0;
    st->values = mem_calloc((size_t)nuses + 1, sizeof *st->values);
    st->saved = mem_calloc((size_t)nuses + 1, sizeof *st->saved);
    if (!st->values || !st->saved) {
        rt_region_lanes_leave(c, fr, st);
        return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
    }
    int n = captured_values(body, st->values);
    for (int q = 0; q < n; q++) {
        tensor *wide = rt_region_lane_splat(fr->slots[st->values[q]], lanes);
        if (!wide) {
            rt_region_lanes_leave(c, fr, st);
            return rt_nomem(c, op->loc, "out of memory in '%s'", ir_op_name(op->kind));
        }
        st->saved[q] = fr->slots[st->values[q]];
        fr->slots[st->values[q]] = wide;
        st->n = q + 1;
    }
    c->lanes = lanes;
    return 0;
}

void rt_region_lanes_leave(rt_ctx *c, rt_frame *fr, rt_lanes *st)
{
    c->lanes = 0;
    for (int q = 0; q < st->n; q++) {
        tensor_release(fr->slots[st->values[q]]);
        fr->slots[st->values[q]] = st->saved[q];
    }
    mem_free(st->values);
    mem_free(st->saved);
    st->values = NULL;
    st->saved = NULL;
    st->n = 0;
}
