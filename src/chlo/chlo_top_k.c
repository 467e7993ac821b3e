/* top_k (docs/chlo.md): iota along the last dimension, a stable sort of
 * (operand, iota) by the operand descending (GT, TOTALORDER on floats), the
 * first k of each row of both. */
#include <string.h>

#include "chlo/chlo_ops.h"

static bool fail(chlo_b *b, const ir_op *o, const char *what)
{
    diag_error(b->src, o->loc, "'chlo.top_k' %s", what);
    b->failed = true;
    return false;
}

/* Its types (with `dyn`: a `?` fits any size, k checked against a static
 * last dimension only); *kk: k. */
static bool check(chlo_b *b, const ir_op *o, bool dyn, int64_t *kk)
{
    char msg[512], t1[200], t2[200];
    if (o->noperands != 1 || o->nresults != 2)
        return fail(b, o, "takes one operand and has two results");
    const tensor_type *t = &o->operand_types[0];
    if (!shape_is_tensor(t) || t->rank < 1 || (!dyn && shape_count(t) < 0))
        return fail(b, o, "operand must be a tensor of rank 1 or more and a static shape");
    if (et_get(t->elem)->kind == EK_COMPLEX) {
        snprintf(msg, sizeof msg, "does not take element type %s (it compares with GT)", et_get(t->elem)->name);
        return fail(b, o, msg);
    }
    if (!o->a.top_k.largest)
        return fail(b, o, "with largest = false is not supported (the pass at stablehlo 840c41ceb has no such attribute)");
    int64_t k = o->a.top_k.k, last = t->dims[t->rank - 1];
    if (k < 0)
        return fail(b, o, "k must not be negative");
    if (k > last && !shape_dim_dynamic(last)) {
        snprintf(msg, sizeof msg, "k = %lld exceeds the last dimension, %lld", (long long)k, (long long)last);
        return fail(b, o, msg);
    }
    tensor_type v = *t, i = *t;
    v.dims[t->rank - 1] = i.dims[t->rank - 1] = k;
    i.elem = ET_I32;
    const tensor_type *want[2] = { &v, &i };
    for (int r = 0; r < 2; r++)
        if (!(dyn ? chlo_fits(&o->result_types[r], want[r]) : shape_equal(&o->result_types[r], want[r]))) {
            if (shape_format(&o->result_types[r], t1, (int)sizeof t1) >= (int)sizeof t1)
                strcpy(t1 + sizeof t1 - 4, "...");
            if (shape_format(want[r], t2, (int)sizeof t2) >= (int)sizeof t2)
                strcpy(t2 + sizeof t2 - 4, "...");
            snprintf(msg, sizeof msg, "result #%d has type %s, should be %s", r, t1, t2);
            return fail(b, o, msg);
        }
    *kk = k;
    return true;
}

/* The comparator: ^bb0(%a, %b, %i, %j): compare GT %a, %b; return. */
static ir_block *comparator(chlo_b *b, et_id e)
{
    tensor_type at[4] = { { .elem = e }, { .elem = e }, { .elem = ET_I32 }, { .elem = ET_I32 } };
    chlo_v args[4];
    chlo_b rb;
    ir_block *blk = chlo_block(b, &rb, 4, at, args);
    if (!blk)
        return NULL;
    chlo_v gt = chlo_cmp(&rb, IR_CMP_GT, args[0], args[1]);
    if (!rb.oom && et_get(e)->kind == EK_FLOAT)
        rb.ops[rb.nops - 1].a.compare.type = IR_CMPT_TOTALORDER;
    return chlo_block_end(b, &rb, blk, &gt, 1) ? blk : NULL;
}

chlo_v chlo_top_k(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    int64_t k = 0;
    chlo_v dummy = x[0];
    if (!check(b, o, false, &k))
        return dummy;
    chlo_v v = x[0];
    int last = v.t.rank - 1;
    tensor_type it = v.t;
    it.elem = ET_I32;
    int at = b->nops;
    chlo_v iota = chlo_op(b, IR_OP_IOTA, NULL, 0, &it);
    if (b->oom)
        return dummy;
    b->ops[at].a.iota_dim = last;
    ir_block *cmp = comparator(b, v.t.elem);
    chlo_v in[2] = { v, iota }, sorted[2];
    tensor_type rt[2] = { v.t, it };
    ir_op *s = chlo_op_n(b, IR_OP_SORT, in, 2, rt, 2, sorted);
    if (!s || !cmp)
        return dummy;
    s->a.sort.dimension = last;
    s->a.sort.is_stable = true;
    s->nregions = 1;
    s->regions = cmp;
    chlo_v res[2] = { chlo_slice(b, sorted[0], last, 0, k), chlo_slice(b, sorted[1], last, 0, k) };
    /* the two results under the chlo op's names: a barrier passes them on */
    tensor_type bt[2] = { res[0].t, res[1].t };
    chlo_v out[2];
    chlo_op_n(b, IR_OP_OPTIMIZATION_BARRIER, res, 2, bt, 2, out);
    return out[0];
}

chlo_v chlo_top_k_defer(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    int64_t k;
    check(b, o, true, &k);
    return x[0];
}
