/* Each op's result shapes from its refined operand types and known operand
 * values: the shape functions of SPEC.md's ops (REF's refinement infers them
 * through the ops' type inference, hlo::infer*), as far as a `?` of the
 * written result types needs them. want[k] starts as the written result type;
 * a dimension set here replaces a `?` (refine.c checks it against a written
 * static size). */
#include <string.h>

#include "check/check.h"
#include "chlo/chlo.h"
#include "refine/refine_internal.h"

static const char *name(const ir_op *o) { return o->from ? o->from : ir_op_name(o->kind); }

/* The element-wise ops: the result has the shape of the operands (a rank-0
 * predicate or bound of select and clamp aside); operands that refine to
 * different shapes are an error naming both. */
static bool elementwise(refiner *r, const ir_op *o, tensor_type *want)
{
    const tensor_type *shape = NULL;
    int at = 0;
    for (int i = 0; i < o->noperands; i++) {
        const tensor_type *t = &o->operand_types[i];
        if (!shape || t->rank > shape->rank) {
            shape = t;
            at = i;
        }
    }
    if (!shape)
        return true;
    for (int i = 0; i < o->noperands; i++) {
        const tensor_type *t = &o->operand_types[i];
        if (t->rank == 0 && shape->rank > 0 && (o->kind == IR_OP_SELECT || o->kind == IR_OP_CLAMP))
            continue;
        if (!shape_same_dims(t, shape))
            return refine_error(r, o->uses[i].loc,
                                "'%s' operand #%d refines to %s, which contradicts operand #%d's %s", name(o), i,
                                check_type_str(t), at, check_type_str(shape));
    }
    for (int k = 0; k < o->nresults; k++)
        if (want[k].rank == shape->rank)
            memcpy(want[k].dims, shape->dims, sizeof want[k].dims);
    return true;
}

static void bitcast(const ir_op *o, tensor_type *want)
{
    const tensor_type *a = &o->operand_types[0];
    for (int d = 0; d < a->rank && d < want->rank; d++)
        want->dims[d] = a->dims[d];
    if (want->rank < a->rank || want->rank > a->rank + 1)
        return;
    if (want->rank == a->rank + 1 && shape_dim_dynamic(want->dims[a->rank]))
        want->dims[a->rank] = (int64_t)(et_get(a->elem)->value_bits / et_get(want->elem)->value_bits);
}

static void broadcast(const ir_op *o, tensor_type *want)
{
    const tensor_type *a = &o->operand_types[0];
    for (int i = 0; i < a->rank && i < o->a.dims.n; i++) {
        int64_t d = o->a.dims.v[i];
        if (d >= 0 && d < want->rank && shape_dim_dynamic(want->dims[d]))
            want->dims[d] = a->dims[i];
    }
}

/* reshape: one `?` takes what the element count leaves */
static void reshape(const ir_op *o, tensor_type *want)
{
    int64_t n = shape_count(&o->operand_types[0]), rest = 1;
    int q = -1;
    for (int d = 0; d < want->rank; d++) {
        if (!shape_dim_dynamic(want->dims[d]))
            rest *= want->dims[d];
        else if (q >= 0)
            return;
        else
            q = d;
    }
    if (q >= 0 && rest > 0 && n >= 0 && n % rest == 0)
        want->dims[q] = n / rest;
}

static void reduce(const ir_op *o, tensor_type *want)
{
    const tensor_type *in = &o->operand_types[0];
    int rank = 0;
    int64_t dims[SHAPE_MAX_RANK];
    for (int d = 0; d < in->rank; d++) {
        bool reduced = false;
        for (int i = 0; i < o->a.reduce.dims.n; i++)
            reduced |= o->a.reduce.dims.v[i] == d;
        if (!reduced)
            dims[rank++] = in->dims[d];
    }
    for (int k = 0; k < o->nresults; k++)
        if (want[k].rank == rank)
            memcpy(want[k].dims, dims, (size_t)rank * sizeof *dims);
}

/* every entry of l in [0, rank): the rules that check it wait for the
 * refined op, so its attributes are read with care until then */
static bool in_range(const ir_ints *l, int rank)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] < 0 || l->v[i] >= rank)
            return false;
    return true;
}

static bool listed(const ir_ints *l, int64_t d)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == d)
            return true;
    return false;
}

static void dot_general(const ir_op *o, const ir_dot *dn, tensor_type *want)
{
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1];
    int rank = 0;
    int64_t dims[SHAPE_MAX_RANK];
    if (!in_range(&dn->lhs_batch, a->rank) || dn->lhs_batch.n > SHAPE_MAX_RANK)
        return;
    for (int i = 0; i < dn->lhs_batch.n; i++)
        dims[rank++] = a->dims[dn->lhs_batch.v[i]];
    for (int d = 0; d < a->rank; d++)
        if (!listed(&dn->lhs_batch, d) && !listed(&dn->lhs_contract, d) && rank < SHAPE_MAX_RANK)
            dims[rank++] = a->dims[d];
    for (int d = 0; d < b->rank; d++)
        if (!listed(&dn->rhs_batch, d) && !listed(&dn->rhs_contract, d) && rank < SHAPE_MAX_RANK)
            dims[rank++] = b->dims[d];
    if (want->rank == rank)
        memcpy(want->dims, dims, (size_t)rank * sizeof *dims);
}

static void dot(const ir_op *o, tensor_type *want)
{
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1];
    int rank = 0;
    int64_t dims[2];
    if (a->rank == 2)
        dims[rank++] = a->dims[0];
    if (b->rank == 2)
        dims[rank++] = b->dims[1];
    if (want->rank == rank)
        memcpy(want->dims, dims, (size_t)rank * sizeof *dims);
}

/* gather (SPEC 9.4.1): the batch dimensions of the indices, the offset
 * dimensions from the slice sizes */
static void gather(const ir_op *o, const ir_ints *sizes, tensor_type *want)
{
    const ir_index_dims *d = &o->a.index;
    const tensor_type *idx = &o->operand_types[1];
    int64_t batch[SHAPE_MAX_RANK], offs[SHAPE_MAX_RANK];
    int nb = 0, no = 0;
    for (int i = 0; i < idx->rank; i++)
        if (i != d->index_vector_dim)
            batch[nb++] = idx->dims[i];
    for (int i = 0; i < sizes->n && no < SHAPE_MAX_RANK; i++)
        if (!listed(&d->collapsed, i) && !listed(&d->operand_batch, i))
            offs[no++] = sizes->v[i];
    if (want->rank != nb + no || no != d->window.n || !in_range(&d->window, want->rank))
        return;
    int bi = 0, oi = 0;
    for (int r = 0; r < want->rank; r++) {
        bool off = listed(&d->window, r);
        if ((off && oi == no) || (!off && bi == nb))
            return;
        want->dims[r] = off ? offs[oi++] : batch[bi++];
    }
}

static bool window(const ir_op *o, const ir_window *w, const tensor_type *x, tensor_type *want)
{
    for (int d = 0; d < x->rank && d < want->rank; d++) {
        int64_t pad, count;
        int64_t wd = d < w->dims.n ? w->dims.v[d] : 1, st = d < w->strides.n ? w->strides.v[d] : 1;
        int64_t bd = d < w->base_dilations.n ? w->base_dilations.v[d] : 1;
        int64_t wdl = d < w->window_dilations.n ? w->window_dilations.v[d] : 1;
        int64_t lo = d < w->low.n ? w->low.v[d] : 0, hi = d < w->high.n ? w->high.v[d] : 0;
        if (st <= 0 || bd <= 0 || wdl <= 0 || !shape_window_count(x->dims[d], bd, lo, hi, wd, wdl, st, &pad, &count))
            return false;
        want->dims[d] = count;
    }
    (void)o;
    return true;
}

/* convolution (SPEC 9.5.3) with the padding low[j], high[j] */
static void convolution(const ir_op *o, const int64_t *low, const int64_t *high, tensor_type *want)
{
    const ir_conv *c = &o->a.conv;
    const tensor_type *x = &o->operand_types[0], *k = &o->operand_types[1];
    int n = c->in_spatial.n;
    if (want->rank != x->rank || c->batch_groups <= 0 || c->in_batch < 0 || c->in_batch >= x->rank ||
        c->kernel_out < 0 || c->kernel_out >= k->rank || c->out_batch < 0 || c->out_batch >= want->rank ||
        c->out_feature < 0 || c->out_feature >= want->rank || !in_range(&c->in_spatial, x->rank) ||
        !in_range(&c->kernel_spatial, k->rank) || !in_range(&c->out_spatial, want->rank) ||
        c->kernel_spatial.n != n || c->out_spatial.n != n)
        return;
    want->dims[c->out_batch] = x->dims[c->in_batch] / c->batch_groups;
    want->dims[c->out_feature] = k->dims[c->kernel_out];
    for (int j = 0; j < c->in_spatial.n; j++) {
        int64_t pad, count;
        int64_t st = j < c->strides.n ? c->strides.v[j] : 1, ld = j < c->lhs_dilation.n ? c->lhs_dilation.v[j] : 1;
        int64_t rd = j < c->rhs_dilation.n ? c->rhs_dilation.v[j] : 1;
        if (st <= 0 || ld <= 0 || rd <= 0 ||
            !shape_window_count(x->dims[c->in_spatial.v[j]], ld, low[j], high[j], k->dims[c->kernel_spatial.v[j]], rd,
                                st, &pad, &count))
            return;
        want->dims[c->out_spatial.v[j]] = count;
    }
}

/* A dynamic op still dynamic: refine.c made it static when its shape
 * operands were known, so they are not; a result left with a `?` is an
 * error (REF's refinement leaves the op dynamic, and its interpreter stops
 * at a dynamic result type). */
static bool unknown_shape(refiner *r, const ir_op *o, const tensor_type *want)
{
    if (shape_is_static(want))
        return true;
    return refine_error(r, o->loc,
                        "'%s' shape operands are not constants after refinement, so its result %s stays dynamic "
                        "(REF's refinement leaves it so and its interpreter refuses it)",
                        name(o), check_type_str(want));
}

bool refine_infer(refiner *r, ir_op *o, tensor_type *want)
{
    ir_op_kind k = o->kind;
    ir_kernel_family fam = ir_op_get(k)->family;
    const tensor_type *a = o->noperands > 0 ? &o->operand_types[0] : NULL;
    int shaped = o->deferred ? chlo_result_shapes(o, want, r->src) : 0; /* a chlo op kept with `?` types */
    if (shaped != 0)
        return shaped > 0 || (r->failed = true, false);
    if (k == IR_OP_BITCAST_CONVERT) {
        bitcast(o, want);
    } else if (k == IR_OP_RESHAPE) {
        reshape(o, want);
    } else if (fam == IR_KF_CONVERT || fam == IR_KF_UNARY || fam == IR_KF_BINARY || fam == IR_KF_COMPARE ||
               fam == IR_KF_SELECT || fam == IR_KF_CLAMP || fam == IR_KF_BITS || fam == IR_KF_PARTS ||
               fam == IR_KF_PRECISION || k == IR_OP_MAP) {
        return elementwise(r, o, want);
    } else if (k == IR_OP_BROADCAST_IN_DIM) {
        broadcast(o, want);
    } else if (k == IR_OP_TRANSPOSE) {
        for (int d = 0; d < want->rank && d < o->a.dims.n; d++)
            if (o->a.dims.v[d] >= 0 && o->a.dims.v[d] < a->rank)
                want->dims[d] = a->dims[o->a.dims.v[d]];
    } else if (k == IR_OP_REVERSE || k == IR_OP_SELECT_AND_SCATTER || k == IR_OP_DYNAMIC_UPDATE_SLICE ||
               k == IR_OP_CHOLESKY || k == IR_OP_OPTIMIZATION_BARRIER || k == IR_OP_SORT || k == IR_OP_SCATTER) {
        /* result k has operand k's shape (the scatter inputs come first) */
        for (int i = 0; i < o->nresults && i < o->noperands; i++)
            if (want[i].rank == o->operand_types[i].rank)
                memcpy(want[i].dims, o->operand_types[i].dims, sizeof want[i].dims);
    } else if (k == IR_OP_TRIANGULAR_SOLVE) {
        want->rank = o->operand_types[1].rank;
        memcpy(want->dims, o->operand_types[1].dims, sizeof want->dims);
    } else if (k == IR_OP_CONCATENATE) {
        if (want->rank == a->rank && o->a.concat_dim >= 0 && o->a.concat_dim < a->rank) {
            memcpy(want->dims, a->dims, sizeof want->dims);
            want->dims[o->a.concat_dim] = 0;
            for (int i = 0; i < o->noperands; i++)
                want->dims[o->a.concat_dim] += o->operand_types[i].dims[o->a.concat_dim];
        }
    } else if (k == IR_OP_SLICE) {
        const ir_ints *s = &o->a.slice.start, *l = &o->a.slice.limit, *t = &o->a.slice.stride;
        for (int d = 0; d < a->rank && d < want->rank && d < s->n && d < l->n && d < t->n; d++)
            if (!shape_slice_count(a->dims[d], s->v[d], l->v[d], t->v[d], &want->dims[d]))
                return refine_error(r, o->loc, "'%s' dimension %d of %s cannot be sliced from %lld to %lld",
                                    name(o), d, check_type_str(a), (long long)s->v[d], (long long)l->v[d]);
    } else if (k == IR_OP_PAD) {
        for (int d = 0; d < a->rank && d < want->rank && d < o->a.pad.low.n && d < o->a.pad.high.n &&
                        d < o->a.pad.interior.n; d++)
            if (shape_pad_size(a->dims[d], o->a.pad.low.v[d], o->a.pad.high.v[d], o->a.pad.interior.v[d],
                               &want->dims[d]) != SHAPE_PAD_OK)
                return refine_error(r, o->loc, "'%s' cannot pad dimension %d of %s", name(o), d,
                                    check_type_str(a));
    } else if (k == IR_OP_REDUCE) {
        reduce(o, want);
    } else if (k == IR_OP_REDUCE_WINDOW) {
        for (int i = 0; i < o->nresults; i++)
            if (want[i].rank == a->rank && !window(o, &o->a.window, a, &want[i]))
                return refine_error(r, o->loc, "'%s' window does not fit %s", name(o), check_type_str(a));
    } else if (k == IR_OP_DOT_GENERAL) {
        dot_general(o, &o->a.dot, want);
    } else if (k == IR_OP_DOT) {
        dot(o, want);
    } else if (k == IR_OP_GATHER) {
        gather(o, &o->a.index.slice_sizes, want);
    } else if (k == IR_OP_CONVOLUTION) {
        convolution(o, o->a.conv.low.v, o->a.conv.high.v, want);
    } else if (k == IR_OP_GET_DIMENSION_SIZE) {
        return true;
    } else if (k == IR_OP_DYNAMIC_BROADCAST_IN_DIM || k == IR_OP_DYNAMIC_RESHAPE || k == IR_OP_DYNAMIC_IOTA ||
               k == IR_OP_DYNAMIC_PAD || k == IR_OP_REAL_DYNAMIC_SLICE || k == IR_OP_DYNAMIC_GATHER ||
               k == IR_OP_DYNAMIC_CONV || k == IR_OP_RNG) {
        return unknown_shape(r, o, want);
    }
    /* any other op: its written result types (a `?` there is reported) */
    return true;
}
