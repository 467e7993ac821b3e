/* scan (docs/chlo.md), as the pass's ConvertScanOp at stablehlo 3c9301c11:
 * a stablehlo.while over the scan dimension whose body slices one position
 * of each input (dynamic_slice, reshape), runs the scan's body (its ops
 * copied under fresh names: the body is isolated from above) and writes its
 * outputs into the results (reshape, dynamic_update_slice). */
#include <stdio.h>
#include <string.h>

#include "chlo/chlo_ops.h"

static bool fail(chlo_b *b, src_loc loc, const char *fmt, const char *x, const char *y)
{
    char msg[600];
    snprintf(msg, sizeof msg, fmt, x, y);
    diag_error(b->src, loc, "'chlo.scan' %s", msg);
    b->failed = true;
    return false;
}

static const char *text(const tensor_type *t, char *buf, int size)
{
    if (shape_format(t, buf, size) >= size)
        strcpy(buf + size - 4, "...");
    return buf;
}

/* t without dimension d, or with a dimension of size n inserted at d. */
static tensor_type drop_dim(const tensor_type *t, int d)
{
    tensor_type r = *t;
    r.rank = t->rank - 1;
    for (int i = d; i < r.rank; i++)
        r.dims[i] = t->dims[i + 1];
    return r;
}

static tensor_type insert_dim(const tensor_type *t, int d, int64_t n)
{
    tensor_type r = *t;
    r.rank = t->rank + 1;
    for (int i = r.rank - 1; i > d; i--)
        r.dims[i] = t->dims[i - 1];
    r.dims[d] = n;
    return r;
}

static bool same_type(chlo_b *b, const ir_op *o, const char *what, int i, const tensor_type *got,
                      const tensor_type *want)
{
    char t1[200], t2[200], w[64];
    if (shape_equal(got, want))
        return true;
    snprintf(w, sizeof w, "%s #%d has type %%s, should be %%s", what, i);
    return fail(b, o->loc, w, text(got, t1, (int)sizeof t1), text(want, t2, (int)sizeof t2));
}

/* The op's rules (the verifier and type inference of ScanOp): returns the
 * length of the scan dimension, or -1 after an error. */
static int64_t check(chlo_b *b, const ir_op *o)
{
    int nin = o->a.scan.ninputs, ncarry = o->noperands - nin, nout = o->a.scan.noutputs;
    int64_t dim = o->a.scan.dimension, n = -1;
    char t1[200], num[32];
    if (nin == 0 && nout == 0)
        return fail(b, o->loc, "needs inputs or outputs%s%s", "", ""), -1;
    if (dim < 0)
        return fail(b, o->loc, "dimension must not be negative%s%s", "", ""), -1;
    for (int i = 0; i < o->noperands; i++)
        if (!shape_is_tensor(&o->operand_types[i]) || shape_count(&o->operand_types[i]) < 0)
            return fail(b, o->loc, "operand must be a tensor of a static shape, got %s%s",
                        text(&o->operand_types[i], t1, (int)sizeof t1), ""), -1;
    for (int i = 0; i < o->nresults; i++)
        if (!shape_is_tensor(&o->result_types[i]) || shape_count(&o->result_types[i]) < 0)
            return fail(b, o->loc, "result must be a tensor of a static shape, got %s%s",
                        text(&o->result_types[i], t1, (int)sizeof t1), ""), -1;
    for (int i = 0; i < nin; i++) {
        const tensor_type *t = &o->operand_types[i];
        snprintf(num, sizeof num, "%d", i);
        if (dim >= t->rank)
            return fail(b, o->loc, "dimension is out of bounds for input #%s of type %s", num,
                        text(t, t1, (int)sizeof t1)), -1;
        if (n >= 0 && t->dims[dim] != n)
            return fail(b, o->loc, "input #%s has another length along the scan dimension than input #0 (%s)", num,
                        text(t, t1, (int)sizeof t1)), -1;
        n = t->dims[dim];
    }
    const ir_block *body = &o->regions[0];
    if (body->nargs != o->noperands) {
        snprintf(num, sizeof num, "%d", o->noperands);
        return fail(b, o->loc, "body takes %s arguments (one per input and init)%s", num, ""), -1;
    }
    for (int i = 0; i < o->noperands; i++) {
        tensor_type want = i < nin ? drop_dim(&o->operand_types[i], (int)dim) : o->operand_types[i];
        if (!same_type(b, o, "body argument", i, &body->arg_types[i], &want))
            return -1;
    }
    const ir_op *ret = body->nops ? &body->ops[body->nops - 1] : NULL;
    if (!ret || ret->kind != IR_OP_REGION_RETURN || ret->noperands != nout + ncarry) {
        snprintf(num, sizeof num, "%d", nout + ncarry);
        return fail(b, o->loc, "body must end in a stablehlo.return of %s values (its outputs, then its carries)%s",
                    num, ""), -1;
    }
    if (nin == 0) {
        if (dim >= o->result_types[0].rank)
            return fail(b, o->loc, "dimension is out of bounds for result #0 of type %s%s",
                        text(&o->result_types[0], t1, (int)sizeof t1), ""), -1;
        n = o->result_types[0].dims[dim];
    }
    if (n == 0)
        return fail(b, o->loc, "scan dimension has length 0 (the decomposition's dynamic_slice of size 1 there "
                    "would be invalid)%s%s", "", ""), -1;
    for (int i = 0; i < nout; i++) {
        const tensor_type *t = &ret->operand_types[i];
        if (dim > t->rank)
            return fail(b, o->loc, "dimension is out of bounds for the body's output of type %s%s",
                        text(t, t1, (int)sizeof t1), ""), -1;
        tensor_type want = insert_dim(t, (int)dim, n);
        if (!same_type(b, o, "result", i, &o->result_types[i], &want))
            return -1;
    }
    for (int j = 0; j < ncarry; j++) {
        const tensor_type *init = &o->operand_types[nin + j];
        if (!same_type(b, o, "body result (carry)", nout + j, &ret->operand_types[nout + j], init) ||
            !same_type(b, o, "result", nout + j, &o->result_types[nout + j], init))
            return -1;
    }
    return n;
}

/* ---- the body under fresh names */

typedef struct {
    const char **from, **to;
    int n, cap;
} renames;

static bool rename_add(chlo_b *b, renames *r, const char *from, const char *to)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 16;
        const char **f = arena_grow(b->arena, r->from, (size_t)r->cap, (size_t)cap, sizeof *f);
        const char **t = f ? arena_grow(b->arena, r->to, (size_t)r->cap, (size_t)cap, sizeof *t) : NULL;
        if (!f || !t) {
            b->oom = true;
            return false;
        }
        r->from = f;
        r->to = t;
        r->cap = cap;
    }
    r->from[r->n] = from;
    r->to[r->n++] = to;
    return true;
}

static const char *rename_of(const renames *r, const char *name)
{
    for (int i = r->n - 1; i >= 0; i--)
        if (strcmp(r->from[i], name) == 0)
            return r->to[i];
    return NULL;
}

/* Fresh names for every value defined in blk's ops and in their regions. */
static bool collect(chlo_b *b, renames *r, const ir_block *blk, bool args)
{
    for (int i = 0; args && i < blk->nargs; i++)
        if (!rename_add(b, r, blk->arg_names[i].name, chlo_fresh(b).name))
            return false;
    for (int k = 0; k < blk->nops; k++) {
        const ir_op *o = &blk->ops[k];
        for (int d = 0; d < o->ndefs; d++)
            if (!rename_add(b, r, o->defs[d].name, chlo_fresh(b).name))
                return false;
        for (int g = 0; g < o->nregions; g++)
            if (!collect(b, r, &o->regions[g], true))
                return false;
    }
    return !b->oom;
}

static bool copy_uses(chlo_b *b, const renames *r, int n, const ir_use *from, ir_use **to)
{
    ir_use *u = chlo_alloc(b, (size_t)n, sizeof *u);
    if (!u)
        return false;
    for (int i = 0; i < n; i++) {
        u[i] = from[i];
        const char *name = rename_of(r, from[i].name);
        if (!name) {
            char w[300];
            snprintf(w, sizeof w, "'%%%s'", from[i].name);
            return fail(b, from[i].loc, "body uses %s, which it does not define (the body is isolated from above)%s",
                        w, "");
        }
        u[i].name = name;
    }
    *to = u;
    return true;
}

static bool copy_block(chlo_b *b, const renames *r, const ir_block *from, ir_block *to);

/* o with its names renamed, its regions copied (its other fields are the
 * original's: the original is dropped with the chlo op). */
static bool copy_op(chlo_b *b, const renames *r, const ir_op *from, ir_op *to)
{
    *to = *from;
    if (!copy_uses(b, r, from->noperands, from->uses, &to->uses) ||
        !copy_uses(b, r, from->ndefs, from->defs, &to->defs))
        return false;
    if (from->nregions) {
        to->regions = chlo_alloc(b, (size_t)from->nregions, sizeof(ir_block));
        if (!to->regions)
            return false;
        for (int g = 0; g < from->nregions; g++)
            if (!copy_block(b, r, &from->regions[g], &to->regions[g]))
                return false;
    }
    return true;
}

static bool copy_block(chlo_b *b, const renames *r, const ir_block *from, ir_block *to)
{
    *to = *from;
    to->ops = chlo_alloc(b, (size_t)from->nops, sizeof(ir_op));
    if (!to->ops || !copy_uses(b, r, from->nargs, from->arg_names, &to->arg_names))
        return false;
    for (int k = 0; k < from->nops; k++)
        if (!copy_op(b, r, &from->ops[k], &to->ops[k]))
            return false;
    return true;
}

/* ---- the decomposition */

static chlo_v scalar_i64(chlo_b *b, int64_t v)
{
    chlo_v like = { .t = { .elem = ET_I64 } };
    return chlo_like_bits(b, (uint64_t)v, like);
}

static chlo_v reshape(chlo_b *b, chlo_v x, const tensor_type *t)
{
    return chlo_op(b, IR_OP_RESHAPE, &x, 1, t);
}

/* One position of an input along dim: dynamic_slice of size 1 there (the
 * other starts a zero of its own), reshaped without that dimension. */
static chlo_v slice_at(chlo_b *b, chlo_v in, int dim, chlo_v pos)
{
    int rank = in.t.rank;
    chlo_v zero = scalar_i64(b, 0);
    chlo_v args[SHAPE_MAX_RANK + 1];
    args[0] = in;
    for (int d = 0; d < rank; d++)
        args[1 + d] = d == dim ? pos : zero;
    tensor_type st = in.t;
    st.dims[dim] = 1;
    int at = b->nops;
    chlo_v s = chlo_op(b, IR_OP_DYNAMIC_SLICE, args, rank + 1, &st);
    ir_ints *sizes = b->oom ? NULL : &b->ops[at].a.slice_sizes;
    if (sizes && (sizes->v = chlo_alloc(b, (size_t)rank, sizeof(int64_t)))) {
        sizes->n = rank;
        memcpy(sizes->v, st.dims, (size_t)rank * sizeof(int64_t));
    }
    tensor_type rt = drop_dim(&in.t, dim);
    return reshape(b, s, &rt);
}

/* The output with the body's element written at pos along dim. */
static chlo_v update_at(chlo_b *b, chlo_v out, chlo_v elem, int dim, chlo_v pos)
{
    tensor_type et = out.t;
    et.dims[dim] = 1;
    chlo_v e = reshape(b, elem, &et);
    chlo_v zero = scalar_i64(b, 0);
    chlo_v args[SHAPE_MAX_RANK + 2];
    args[0] = out;
    args[1] = e;
    for (int d = 0; d < out.t.rank; d++)
        args[2 + d] = d == dim ? pos : zero;
    return chlo_op(b, IR_OP_DYNAMIC_UPDATE_SLICE, args, out.t.rank + 2, &out.t);
}

/* The while's body: (index, carries, outputs) -> (index + 1, the body's
 * carries, the outputs updated at the position). */
static ir_block *while_body(chlo_b *b, const ir_op *o, int nw, const tensor_type *wt, chlo_v n)
{
    int nin = o->a.scan.ninputs, nout = o->a.scan.noutputs, ncarry = o->noperands - nin;
    int dim = (int)o->a.scan.dimension;
    const ir_block *body = &o->regions[0];
    chlo_v *args = chlo_alloc(b, (size_t)nw, sizeof *args);
    chlo_v *ret = chlo_alloc(b, (size_t)nw, sizeof *ret);
    chlo_b rb;
    ir_block *blk = args && ret ? chlo_block(b, &rb, nw, wt, args) : NULL;
    if (!blk)
        return NULL;
    chlo_v index = args[0], pos = index;
    if (o->a.scan.is_reverse) {
        chlo_v one = scalar_i64(&rb, 1);
        pos = chlo_sub(&rb, chlo_sub(&rb, n, one), index);
    }
    renames r = { 0 };
    for (int i = 0; i < nin; i++) {
        chlo_v in = { o->uses[i], o->operand_types[i] };
        chlo_v s = slice_at(&rb, in, dim, pos);
        if (rb.oom || !rename_add(b, &r, body->arg_names[i].name, s.u.name))
            return NULL;
    }
    for (int j = 0; j < ncarry; j++)
        if (!rename_add(b, &r, body->arg_names[nin + j].name, args[1 + j].u.name))
            return NULL;
    if (!collect(b, &r, body, false))
        return NULL;
    for (int k = 0; k + 1 < body->nops; k++) {
        ir_op copy;
        if (!copy_op(b, &r, &body->ops[k], &copy))
            return NULL;
        chlo_keep(&rb, &copy);
    }
    const ir_op *term = &body->ops[body->nops - 1];
    ir_use *vals;
    if (!copy_uses(b, &r, term->noperands, term->uses, &vals))
        return NULL;
    for (int i = 0; i < nout; i++) {
        chlo_v cur = args[1 + ncarry + i], elem = { vals[i], term->operand_types[i] };
        ret[1 + ncarry + i] = update_at(&rb, cur, elem, dim, pos);
    }
    for (int j = 0; j < ncarry; j++)
        ret[1 + j] = (chlo_v){ vals[nout + j], term->operand_types[nout + j] };
    ret[0] = chlo_add(&rb, index, scalar_i64(&rb, 1));
    return chlo_block_end(b, &rb, blk, ret, nw) ? blk : NULL;
}

chlo_v chlo_scan(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    chlo_v dummy = x[0];
    int64_t len = check(b, o);
    if (len < 0)
        return dummy;
    int nin = o->a.scan.ninputs, nout = o->a.scan.noutputs, ncarry = o->noperands - nin;
    int dim = (int)o->a.scan.dimension;
    /* the length: get_dimension_size of input #0 (a constant from result #0
     * without inputs), as i64 */
    chlo_v n;
    if (nin > 0) {
        chlo_v in = { o->uses[0], o->operand_types[0] };
        tensor_type it = { .elem = ET_I32 };
        int at = b->nops;
        n = chlo_op(b, IR_OP_GET_DIMENSION_SIZE, &in, 1, &it);
        if (!b->oom)
            b->ops[at].a.dimension = dim;
    } else {
        chlo_v like = { .t = { .elem = ET_I32 } };
        n = chlo_like_bits(b, (uint64_t)len, like);
    }
    n = chlo_convert(b, n, ET_I64);
    /* the while's values: index, carries, outputs (zeros) */
    int nw = 1 + ncarry + nout;
    chlo_v *init = chlo_alloc(b, (size_t)nw, sizeof *init);
    tensor_type *wt = chlo_alloc(b, (size_t)nw, sizeof *wt);
    if (!init || !wt)
        return dummy;
    init[0] = scalar_i64(b, 0);
    for (int j = 0; j < ncarry; j++)
        init[1 + j] = (chlo_v){ o->uses[nin + j], o->operand_types[nin + j] };
    for (int i = 0; i < nout; i++) {
        chlo_v like = { .t = { .elem = o->result_types[i].elem } };
        init[1 + ncarry + i] = chlo_broadcast_in_dim(b, chlo_like(b, 0.0, like), &o->result_types[i], NULL);
    }
    for (int k = 0; k < nw; k++)
        wt[k] = init[k].t;
    /* cond: index < n */
    chlo_v *cargs = chlo_alloc(b, (size_t)nw, sizeof *cargs);
    chlo_b cb;
    ir_block *cond = cargs ? chlo_block(b, &cb, nw, wt, cargs) : NULL;
    if (!cond)
        return dummy;
    chlo_v lt = chlo_cmp(&cb, IR_CMP_LT, cargs[0], n);
    if (!chlo_block_end(b, &cb, cond, &lt, 1))
        return dummy;
    ir_block *body = while_body(b, o, nw, wt, n);
    chlo_v *w = chlo_alloc(b, (size_t)nw, sizeof *w);
    ir_block *regions = chlo_alloc(b, 2, sizeof *regions);
    if (!body || !w || !regions)
        return dummy;
    regions[0] = *cond;
    regions[1] = *body;
    ir_op *wop = chlo_op_n(b, IR_OP_WHILE, init, nw, wt, nw, w);
    if (!wop)
        return dummy;
    wop->nregions = 2;
    wop->regions = regions;
    if (o->nresults == 0)
        return w[0];
    /* the results in the op's order (outputs, carries) under its names */
    chlo_v *res = chlo_alloc(b, (size_t)o->nresults, sizeof *res);
    tensor_type *rt = chlo_alloc(b, (size_t)o->nresults, sizeof *rt);
    chlo_v *out = chlo_alloc(b, (size_t)o->nresults, sizeof *out);
    if (!res || !rt || !out)
        return dummy;
    for (int i = 0; i < nout; i++)
        res[i] = w[1 + ncarry + i];
    for (int j = 0; j < ncarry; j++)
        res[nout + j] = w[1 + j];
    for (int k = 0; k < o->nresults; k++)
        rt[k] = res[k].t;
    chlo_op_n(b, IR_OP_OPTIMIZATION_BARRIER, res, o->nresults, rt, o->nresults, out);
    return out[0];
}
