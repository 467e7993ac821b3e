/* The broadcasting binaries (docs/chlo.md): each operand whose shape is not
 * the result's broadcast to it (numpy's rule: dimensions aligned at the end,
 * or mapped by broadcast_dimensions for the operand of lower rank; a
 * dimension of 1 stretches), then the StableHLO op. */
#include <stdio.h>
#include <string.h>

#include "chlo/chlo_ops.h"

static const ir_op_kind hlo_of[IR_OP_COUNT] = {
    [IR_OP_CHLO_BROADCAST_ADD] = IR_OP_ADD,
    [IR_OP_CHLO_BROADCAST_SUB] = IR_OP_SUBTRACT,
    [IR_OP_CHLO_BROADCAST_MUL] = IR_OP_MULTIPLY,
    [IR_OP_CHLO_BROADCAST_DIV] = IR_OP_DIVIDE,
    [IR_OP_CHLO_BROADCAST_MAX] = IR_OP_MAXIMUM,
    [IR_OP_CHLO_BROADCAST_MIN] = IR_OP_MINIMUM,
    [IR_OP_CHLO_BROADCAST_REM] = IR_OP_REMAINDER,
    [IR_OP_CHLO_BROADCAST_POW] = IR_OP_POWER,
    [IR_OP_CHLO_BROADCAST_ATAN2] = IR_OP_ATAN2,
    [IR_OP_CHLO_BROADCAST_AND] = IR_OP_AND,
    [IR_OP_CHLO_BROADCAST_OR] = IR_OP_OR,
    [IR_OP_CHLO_BROADCAST_XOR] = IR_OP_XOR,
    [IR_OP_CHLO_BROADCAST_SHIFT_LEFT] = IR_OP_SHIFT_LEFT,
    [IR_OP_CHLO_BROADCAST_SHIFT_RIGHT_ARITHMETIC] = IR_OP_SHIFT_RIGHT_ARITHMETIC,
    [IR_OP_CHLO_BROADCAST_SHIFT_RIGHT_LOGICAL] = IR_OP_SHIFT_RIGHT_LOGICAL,
    [IR_OP_CHLO_BROADCAST_COMPARE] = IR_OP_COMPARE,
    [IR_OP_CHLO_BROADCAST_COMPLEX] = IR_OP_COMPLEX,
    [IR_OP_CHLO_BROADCAST_NEXT_AFTER] = IR_OP_CHLO_NEXT_AFTER,
    [IR_OP_CHLO_BROADCAST_POLYGAMMA] = IR_OP_CHLO_POLYGAMMA,
    [IR_OP_CHLO_BROADCAST_ZETA] = IR_OP_CHLO_ZETA,
};

static bool fail(chlo_b *b, const ir_op *o, const char *msg)
{
    diag_error(b->src, o->loc, "'%s' %s", ir_op_name(o->kind), msg);
    b->failed = true;
    return false;
}

/* The op's written result type is not `want`: a located error naming both. */
static bool wrong_result(chlo_b *b, const ir_op *o, const tensor_type *want)
{
    char msg[512], t1[200], t2[200];
    if (shape_format(&o->result_types[0], t1, (int)sizeof t1) >= (int)sizeof t1)
        strcpy(t1 + sizeof t1 - 4, "...");
    if (shape_format(want, t2, (int)sizeof t2) >= (int)sizeof t2)
        strcpy(t2 + sizeof t2 - 4, "...");
    snprintf(msg, sizeof msg, "result type %s should be %s", t1, t2);
    return fail(b, o, msg);
}

static unsigned elem_class(et_id e)
{
    switch (et_get(e)->kind) {
    case EK_BOOL: return IR_ELEM_BOOL;
    case EK_SINT: return IR_ELEM_SINT;
    case EK_UINT: return IR_ELEM_UINT;
    case EK_FLOAT: return IR_ELEM_FLOAT;
    case EK_COMPLEX: return IR_ELEM_COMPLEX;
    }
    return 0;
}

/* map[j]: the result dimension of operand dimension j. */
static bool operand_map(chlo_b *b, const ir_op *o, const tensor_type *t, int rank, int64_t *map)
{
    char msg[160];
    bool given = o->a.bcast.dims.n > 0 && t->rank < rank;
    if (given && o->a.bcast.dims.n != t->rank) {
        snprintf(msg, sizeof msg, "broadcast_dimensions has %d entries for an operand of rank %d", o->a.bcast.dims.n, t->rank);
        return fail(b, o, msg);
    }
    for (int j = 0; j < t->rank; j++) {
        map[j] = given ? o->a.bcast.dims.v[j] : rank - t->rank + j;
        if (map[j] < 0 || map[j] >= rank || (j > 0 && map[j] <= map[j - 1])) {
            snprintf(msg, sizeof msg, "broadcast_dimensions entry %lld is out of range or not increasing",
                     (long long)map[j]);
            return fail(b, o, msg);
        }
    }
    return true;
}

/* Result dimension *m meets operand dimension n (numpy's rule: a 1
 * stretches; a `?` of a kept op meets any size, the result taking the other
 * size unless that is 1). */
static bool meet(chlo_b *b, const ir_op *o, int64_t n, int64_t *m)
{
    char msg[160];
    if (n == 1 || n == *m || (shape_dim_dynamic(n) && *m != 1))
        return true;
    if (*m == 1 || shape_dim_dynamic(*m)) {
        *m = n;
        return true;
    }
    snprintf(msg, sizeof msg, "operand dimensions %lld and %lld do not broadcast", (long long)n, (long long)*m);
    return fail(b, o, msg);
}

/* A broadcasting binary's checks and its result type rr (r: its shape with
 * the operands' element type; map: each operand's dimensions in it). */
static bool binary_type(chlo_b *b, const ir_op *o, const chlo_v *x, bool dyn, tensor_type *r, tensor_type *rr,
                        int64_t (*map)[SHAPE_MAX_RANK])
{
    char msg[512];
    ir_op_kind k = hlo_of[o->kind];
    if (o->noperands != 2 || o->nresults != 1)
        return fail(b, o, "takes two operands and has one result");
    for (int i = 0; i < 2; i++)
        if (!shape_is_tensor(&x[i].t) || (!dyn && shape_count(&x[i].t) < 0))
            return fail(b, o, "operands must be tensors of a static shape");
    et_id e = x[0].t.elem;
    if (x[1].t.elem != e) {
        snprintf(msg, sizeof msg, "operands have element types %s and %s", et_get(e)->name, et_get(x[1].t.elem)->name);
        return fail(b, o, msg);
    }
    bool ok = k == IR_OP_COMPLEX      ? e == ET_F32 || e == ET_F64
              : k == IR_OP_CHLO_NEXT_AFTER || k == IR_OP_CHLO_POLYGAMMA || k == IR_OP_CHLO_ZETA
                  ? e == ET_F16 || e == ET_BF16 || e == ET_F32 || e == ET_F64 || e == ET_F8E4M3B11FNUZ ||
                        e == ET_F8E4M3FN || e == ET_F8E4M3FNUZ || e == ET_F8E5M2 || e == ET_F8E5M2FNUZ
              : k == IR_OP_COMPARE     ? true
                                       : (ir_op_get(k)->elems & elem_class(e)) != 0;
    if (!ok) {
        snprintf(msg, sizeof msg, "does not take element type %s (as '%s')", et_get(e)->name, ir_op_name(k));
        return fail(b, o, msg);
    }
    /* the result shape: numpy's rule */
    int rank = x[0].t.rank > x[1].t.rank ? x[0].t.rank : x[1].t.rank;
    *r = (tensor_type){ e, rank, { 0 } };
    for (int d = 0; d < rank; d++)
        r->dims[d] = 1;
    for (int i = 0; i < 2; i++) {
        if (!operand_map(b, o, &x[i].t, rank, map[i]))
            return false;
        for (int j = 0; j < x[i].t.rank; j++)
            if (!meet(b, o, x[i].t.dims[j], &r->dims[map[i][j]]))
                return false;
    }
    *rr = *r;
    rr->elem = k == IR_OP_COMPARE ? ET_I1 : k == IR_OP_COMPLEX ? (e == ET_F32 ? ET_C64 : ET_C128) : e;
    return true;
}

chlo_v chlo_broadcast(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    chlo_v dummy = x[0];
    ir_op_kind k = hlo_of[o->kind];
    tensor_type r, rr;
    int64_t map[2][SHAPE_MAX_RANK];
    if (!binary_type(b, o, x, false, &r, &rr, map))
        return dummy;
    if (!shape_equal(&rr, &o->result_types[0]))
        return wrong_result(b, o, &rr), dummy;
    chlo_v in[2];
    for (int i = 0; i < 2; i++) {
        in[i] = x[i];
        if (shape_equal(&x[i].t, &r))
            continue;
        int at = b->nops;
        in[i] = chlo_op(b, IR_OP_BROADCAST_IN_DIM, &x[i], 1, &r);
        if (b->oom)
            return dummy;
        ir_ints *d = &b->ops[at].a.dims;
        d->n = x[i].t.rank;
        d->v = chlo_alloc(b, (size_t)d->n, sizeof(int64_t));
        if (!d->v)
            return dummy;
        memcpy(d->v, map[i], (size_t)d->n * sizeof(int64_t));
    }
    if (k == IR_OP_COMPARE) {
        chlo_v c = chlo_cmp(b, o->a.bcast.dir, in[0], in[1]);
        if (!b->oom)
            b->ops[b->nops - 1].a.compare.type = o->a.bcast.type;
        return c;
    }
    if (k == IR_OP_COMPLEX)
        return chlo_op(b, IR_OP_COMPLEX, in, 2, &rr);
    if (k == IR_OP_CHLO_NEXT_AFTER)
        return chlo_next_after(b, o, in);
    if (k == IR_OP_CHLO_POLYGAMMA)
        return chlo_polygamma(b, o, in);
    if (k == IR_OP_CHLO_ZETA)
        return chlo_zeta(b, o, in);
    return chlo_bin(b, k, in[0], in[1]);
}

/* broadcast_select(pred, on_true, on_false): the three aligned at the end
 * (numpy's rule, no broadcast_dimensions); a rank-0 pred stays as it is
 * (stablehlo.select takes it), the others broadcast to the result. */
/* broadcast_select's checks and its result type r. */
static bool select_type(chlo_b *b, const ir_op *o, const chlo_v *x, bool dyn, tensor_type *r)
{
    char msg[512];
    if (o->noperands != 3 || o->nresults != 1)
        return fail(b, o, "takes three operands and has one result");
    int rank = 0;
    for (int i = 0; i < 3; i++) {
        if (!shape_is_tensor(&x[i].t) || (!dyn && shape_count(&x[i].t) < 0))
            return fail(b, o, "operands must be tensors of a static shape");
        if (x[i].t.rank > rank)
            rank = x[i].t.rank;
    }
    if (x[0].t.elem != ET_I1)
        return fail(b, o, "pred must be of i1");
    if (x[1].t.elem != x[2].t.elem) {
        snprintf(msg, sizeof msg, "on_true and on_false have element types %s and %s", et_get(x[1].t.elem)->name,
                 et_get(x[2].t.elem)->name);
        return fail(b, o, msg);
    }
    *r = (tensor_type){ x[1].t.elem, rank, { 0 } };
    for (int d = 0; d < rank; d++)
        r->dims[d] = 1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < x[i].t.rank; j++)
            if (!meet(b, o, x[i].t.dims[j], &r->dims[rank - x[i].t.rank + j]))
                return false;
    return true;
}

/* The result type of a broadcasting op from its operands' types (select's
 * included); false after an error (b->failed). */
static bool broadcast_type(chlo_b *b, const ir_op *o, const chlo_v *x, bool dyn, tensor_type *rr)
{
    tensor_type r;
    int64_t map[2][SHAPE_MAX_RANK];
    if (o->kind == IR_OP_CHLO_BROADCAST_SELECT)
        return select_type(b, o, x, dyn, rr);
    return binary_type(b, o, x, dyn, &r, rr, map);
}

chlo_v chlo_broadcast_defer(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    tensor_type rr;
    if (broadcast_type(b, o, x, true, &rr) && !chlo_fits(&o->result_types[0], &rr))
        wrong_result(b, o, &rr);
    return x[0];
}

bool chlo_broadcast_shape(const ir_op *o, tensor_type *want, diag_source *src)
{
    chlo_v x[3];
    chlo_b b = { .from = ir_op_name(o->kind), .src = src };
    for (int i = 0; i < o->noperands && i < 3; i++)
        x[i].t = o->operand_types[i];
    tensor_type rr;
    if (!broadcast_type(&b, o, x, true, &rr))
        return false;
    if (rr.rank == want->rank) /* else the expansion says so */
        memcpy(want->dims, rr.dims, sizeof want->dims);
    return true;
}

chlo_v chlo_broadcast_select(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    chlo_v dummy = x[0];
    tensor_type r;
    if (!select_type(b, o, x, false, &r))
        return dummy;
    int rank = r.rank;
    if (!shape_equal(&r, &o->result_types[0]))
        return wrong_result(b, o, &r), dummy;
    chlo_v in[3];
    for (int i = 0; i < 3; i++) {
        in[i] = x[i];
        tensor_type want = r;
        want.elem = x[i].t.elem;
        if ((i == 0 && x[0].t.rank == 0) || shape_equal(&x[i].t, &want))
            continue;
        int at = b->nops;
        in[i] = chlo_op(b, IR_OP_BROADCAST_IN_DIM, &x[i], 1, &want);
        if (b->oom)
            return dummy;
        ir_ints *d = &b->ops[at].a.dims;
        d->n = x[i].t.rank;
        d->v = chlo_alloc(b, (size_t)d->n, sizeof(int64_t));
        if (!d->v)
            return dummy;
        for (int j = 0; j < d->n; j++)
            d->v[j] = rank - x[i].t.rank + j;
    }
    return chlo_select(b, in[0], in[1], in[2]);
}

/* chlo.constant: the stablehlo.constant of its value. */
chlo_v chlo_constant(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    (void)x;
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_CONSTANT, NULL, 0, &o->result_types[0]);
    if (!b->oom)
        b->ops[at].a.constant = o->a.constant;
    return r;
}

/* chlo.constant_like on a static shape: a stablehlo.constant of the result
 * type holding the value (the pass's DenseElementsAttr splat). */
chlo_v chlo_constant_like(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    tensor_type want = x[0].t;
    want.elem = o->result_types[0].elem;
    if (o->noperands != 1 || o->nresults != 1) {
        fail(b, o, "takes one operand and has one result");
        return x[0];
    }
    if (!shape_is_tensor(&x[0].t) || shape_count(&x[0].t) < 0) {
        fail(b, o, "operand must be a tensor of a static shape");
        return x[0];
    }
    if (!shape_equal(&want, &o->result_types[0])) {
        fail(b, o, "result must have the operand's shape");
        return x[0];
    }
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_CONSTANT, NULL, 0, &o->result_types[0]);
    if (!b->oom)
        b->ops[at].a.constant = o->a.constant;
    return r;
}
