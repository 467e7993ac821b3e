/* ragged_dot (docs/chlo.md), as the pass's ConvertRaggedDotOp at stablehlo
 * 3c9301c11. Mode 1 (ragged non-contracting dimension m): per group i, the
 * lhs rows of the group (a mask from iota between the running start and
 * start + group_sizes[i]) times the rhs slice of group i, the products
 * added. Mode 2 (ragged contracting dimension k): per group the masked lhs
 * times the rhs, the g products concatenated along a new dimension 0.
 * Mode 3 (ragged batch dimension): a dot_general. */
#include <stdio.h>
#include <string.h>

#include "chlo/chlo_ops.h"

enum mode { NON_CONTRACTING, CONTRACTING, BATCH };

static bool fail(chlo_b *b, const ir_op *o, const char *msg)
{
    diag_error(b->src, o->loc, "'chlo.ragged_dot' %s", msg);
    b->failed = true;
    return false;
}

static bool has(const ir_ints *l, int64_t d)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == d)
            return true;
    return false;
}

static int index_of(const ir_ints *l, int64_t d)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == d)
            return i;
    return l->n;
}

static const char *text(const tensor_type *t, char *buf, int size)
{
    if (shape_format(t, buf, size) >= size)
        strcpy(buf + size - 4, "...");
    return buf;
}

/* The op's rules (checkRaggedDotConstraints and the result shape); the
 * dot_general rules (dimension ranges, matching sizes, element types) are
 * the checker's, on the dot_generals of the decomposition. */
static bool check(chlo_b *b, const ir_op *o, enum mode *mode)
{
    char msg[600], t1[200], t2[200];
    if (o->noperands != 3 || o->nresults != 1)
        return fail(b, o, "takes three operands (lhs, rhs, group_sizes) and has one result");
    for (int i = 0; i < 3; i++)
        if (!shape_is_tensor(&o->operand_types[i]) || shape_count(&o->operand_types[i]) < 0)
            return fail(b, o, "operands must be tensors of static shapes");
    const tensor_type *lhs = &o->operand_types[0], *rhs = &o->operand_types[1], *gs = &o->operand_types[2];
    const ir_dot *d = &o->a.ragged.dot;
    const ir_ints *ragged = &o->a.ragged.lhs_ragged, *group = &o->a.ragged.rhs_group;
    if (!et_is_int(gs->elem) || gs->rank < 1) {
        snprintf(msg, sizeof msg, "group_sizes must be an integer tensor of rank 1 or more, got %s",
                 text(gs, t1, (int)sizeof t1));
        return fail(b, o, msg);
    }
    if (ragged->n != 1)
        return fail(b, o, "needs exactly one lhs ragged dimension");
    int64_t rd = ragged->v[0];
    if (rd < 0 || rd >= lhs->rank)
        return fail(b, o, "lhs ragged dimension is out of range");
    *mode = has(&d->lhs_batch, rd) ? BATCH : has(&d->lhs_contract, rd) ? CONTRACTING : NON_CONTRACTING;
    /* group_sizes: [g] or [prefix..., g] */
    int64_t prefix[SHAPE_MAX_RANK];
    int np = 0;
    int nb = *mode == BATCH ? index_of(&d->lhs_batch, rd) : d->lhs_batch.n;
    for (int i = 0; i < nb; i++)
        prefix[np++] = lhs->dims[d->lhs_batch.v[i]];
    if (*mode == CONTRACTING)
        for (int i = 0; i < index_of(&d->lhs_contract, rd); i++)
            prefix[np++] = lhs->dims[d->lhs_contract.v[i]];
    if (*mode == NON_CONTRACTING)
        for (int64_t i = 0; i < rd; i++)
            if (!has(&d->lhs_batch, i) && !has(&d->lhs_contract, i))
                prefix[np++] = lhs->dims[i];
    bool gs_ok = gs->rank == 1 || gs->rank == np + 1;
    for (int i = 0; gs_ok && gs->rank > 1 && i < np; i++)
        gs_ok = gs->dims[i] == prefix[i];
    if (!gs_ok) {
        snprintf(msg, sizeof msg, "group_sizes has shape %s, which is neither [g] nor the lhs's batch and outer "
                 "dimensions followed by g", text(gs, t1, (int)sizeof t1));
        return fail(b, o, msg);
    }
    int64_t g = gs->dims[gs->rank - 1];
    for (int i = 0; i < group->n; i++)
        if (group->v[i] < 0 || group->v[i] >= rhs->rank || has(&d->rhs_batch, group->v[i]) ||
            has(&d->rhs_contract, group->v[i]))
            return fail(b, o, "rhs group dimension is out of range or also a batching or contracting dimension");
    if (*mode != NON_CONTRACTING && group->n != 0)
        return fail(b, o, "takes no rhs group dimension when the lhs ragged dimension is batching or contracting");
    if (*mode == NON_CONTRACTING) {
        if (group->n != 1)
            return fail(b, o, "needs exactly one rhs group dimension when the lhs ragged dimension is non-contracting");
        if (rhs->dims[group->v[0]] != g) {
            snprintf(msg, sizeof msg, "rhs group dimension has size %lld, group_sizes %lld groups",
                     (long long)rhs->dims[group->v[0]], (long long)g);
            return fail(b, o, msg);
        }
    }
    if (g == 0 && *mode != BATCH)
        return fail(b, o, "has no groups (its decomposition would have no dot_general)");
    for (int i = 0; i < d->lhs_batch.n + d->lhs_contract.n; i++) {
        int64_t v = i < d->lhs_batch.n ? d->lhs_batch.v[i] : d->lhs_contract.v[i - d->lhs_batch.n];
        if (v < 0 || v >= lhs->rank)
            return fail(b, o, "lhs batching or contracting dimension is out of range");
    }
    for (int i = 0; i < d->rhs_batch.n + d->rhs_contract.n; i++) {
        int64_t v = i < d->rhs_batch.n ? d->rhs_batch.v[i] : d->rhs_contract.v[i - d->rhs_batch.n];
        if (v < 0 || v >= rhs->rank)
            return fail(b, o, "rhs batching or contracting dimension is out of range");
    }
    /* the result: [g] in mode 2, the batch dimensions, lhs free, rhs free */
    tensor_type want = o->result_types[0];
    want.rank = 0;
    if (*mode == CONTRACTING)
        want.dims[want.rank++] = g;
    for (int i = 0; i < d->lhs_batch.n && want.rank < SHAPE_MAX_RANK; i++)
        want.dims[want.rank++] = lhs->dims[d->lhs_batch.v[i]];
    for (int i = 0; i < lhs->rank && want.rank < SHAPE_MAX_RANK; i++)
        if (!has(&d->lhs_batch, i) && !has(&d->lhs_contract, i))
            want.dims[want.rank++] = lhs->dims[i];
    for (int i = 0; i < rhs->rank && want.rank < SHAPE_MAX_RANK; i++)
        if (!has(&d->rhs_batch, i) && !has(&d->rhs_contract, i) && !has(group, i))
            want.dims[want.rank++] = rhs->dims[i];
    if (!shape_equal(&want, &o->result_types[0])) {
        snprintf(msg, sizeof msg, "result type %s should be %s", text(&o->result_types[0], t1, (int)sizeof t1),
                 text(&want, t2, (int)sizeof t2));
        return fail(b, o, msg);
    }
    /* the pass picks its lowering by ranks; a valid op agrees */
    int rr = o->result_types[0].rank;
    enum mode by_rank = lhs->rank < rhs->rank ? NON_CONTRACTING : lhs->rank < rr ? CONTRACTING : BATCH;
    if (by_rank != *mode)
        return fail(b, o, "has ranks that do not match the kind of its ragged dimension");
    return true;
}

static chlo_v dot(chlo_b *b, const ir_op *o, chlo_v lhs, chlo_v rhs, const tensor_type *rt, const ir_ints *rhs_batch,
                  const ir_ints *rhs_contract)
{
    chlo_v in[2] = { lhs, rhs };
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_DOT_GENERAL, in, 2, rt);
    if (b->oom)
        return r;
    ir_dot *d = &b->ops[at].a.dot;
    *d = o->a.ragged.dot;
    d->rhs_batch = *rhs_batch;
    d->rhs_contract = *rhs_contract;
    return r;
}

/* group_sizes[..., i] as i64 of the batch shape (slice, reshape, convert). */
static chlo_v group_size(chlo_b *b, chlo_v gs, int64_t i)
{
    int last = gs.t.rank - 1;
    chlo_v s = chlo_slice(b, gs, last, i, i + 1);
    tensor_type bt = gs.t;
    bt.rank = last;
    chlo_v r = chlo_op(b, IR_OP_RESHAPE, &s, 1, &bt);
    return gs.t.elem == ET_I64 ? r : chlo_convert(b, r, ET_I64);
}

/* lhs where start <= iota < limit along the ragged dimension, else 0. */
static chlo_v mask(chlo_b *b, chlo_v lhs, chlo_v zero, chlo_v start, chlo_v limit, chlo_v iota)
{
    tensor_type t = lhs.t;
    t.elem = ET_I64;
    int64_t dims[SHAPE_MAX_RANK];
    for (int i = 0; i < SHAPE_MAX_RANK; i++)
        dims[i] = i;
    chlo_v sb = chlo_broadcast_in_dim(b, start, &t, dims);
    chlo_v lb = chlo_broadcast_in_dim(b, limit, &t, dims);
    chlo_v ib = chlo_broadcast_in_dim(b, iota, &t, dims);
    chlo_v ge = chlo_cmp(b, IR_CMP_GE, ib, sb);
    chlo_v lt = chlo_cmp(b, IR_CMP_LT, ib, lb);
    return chlo_select(b, chlo_bin(b, IR_OP_AND, ge, lt), lhs, zero);
}

chlo_v chlo_ragged_dot(chlo_b *b, const ir_op *o, const chlo_v *x)
{
    enum mode mode = NON_CONTRACTING; /* set by check; gcc -O1 cannot see it (TSAN=1 build) */
    chlo_v dummy = x[0];
    if (!check(b, o, &mode))
        return dummy;
    const ir_dot *d = &o->a.ragged.dot;
    const tensor_type *rt = &o->result_types[0];
    if (mode == BATCH)
        return dot(b, o, x[0], x[1], rt, &d->rhs_batch, &d->rhs_contract);
    chlo_v lhs = x[0], rhs = x[1], gs = x[2];
    int rd = (int)o->a.ragged.lhs_ragged.v[0];
    int64_t g = gs.t.dims[gs.t.rank - 1];
    tensor_type st = gs.t;
    st.rank = gs.t.rank - 1;
    st.elem = ET_I64;
    chlo_v start = chlo_like(b, 0.0, (chlo_v){ .t = st });
    tensor_type it = lhs.t;
    it.elem = ET_I64;
    for (int i = 0; i < it.rank; i++)
        it.dims[i] = i == rd ? lhs.t.dims[i] : 1;
    int at = b->nops;
    chlo_v iota = chlo_op(b, IR_OP_IOTA, NULL, 0, &it);
    if (b->oom)
        return dummy;
    b->ops[at].a.iota_dim = rd;
    chlo_v zero = chlo_like(b, 0.0, lhs);
    if (mode == NON_CONTRACTING) {
        /* the rhs dimensions after the group dimension move down by one */
        int64_t gd = o->a.ragged.rhs_group.v[0];
        ir_ints rb = { d->rhs_batch.n, chlo_alloc(b, (size_t)d->rhs_batch.n, sizeof(int64_t)) };
        ir_ints rc = { d->rhs_contract.n, chlo_alloc(b, (size_t)d->rhs_contract.n, sizeof(int64_t)) };
        if (!rb.v || !rc.v)
            return dummy;
        for (int i = 0; i < rb.n; i++)
            rb.v[i] = d->rhs_batch.v[i] - (d->rhs_batch.v[i] > gd);
        for (int i = 0; i < rc.n; i++)
            rc.v[i] = d->rhs_contract.v[i] - (d->rhs_contract.v[i] > gd);
        tensor_type rs = rhs.t;
        rs.rank = rhs.t.rank - 1;
        for (int i = (int)gd; i < rs.rank; i++)
            rs.dims[i] = rhs.t.dims[i + 1];
        chlo_v out = dummy;
        for (int64_t i = 0; i < g; i++) {
            chlo_v limit = chlo_add(b, start, group_size(b, gs, i));
            chlo_v masked = mask(b, lhs, zero, start, limit, iota);
            chlo_v r = chlo_slice(b, rhs, (int)gd, i, i + 1);
            r = chlo_op(b, IR_OP_RESHAPE, &r, 1, &rs);
            chlo_v p = dot(b, o, masked, r, rt, &rb, &rc);
            out = i == 0 ? p : chlo_add(b, out, p);
            start = limit;
        }
        return out;
    }
    /* CONTRACTING: g products of the result's shape without its first
     * dimension, each reshaped to [1, ...], concatenated along 0 */
    chlo_v *parts = chlo_alloc(b, (size_t)g, sizeof *parts);
    if (!parts)
        return dummy;
    tensor_type pt = *rt, ut = *rt;
    pt.rank = rt->rank - 1;
    for (int i = 0; i < pt.rank; i++)
        pt.dims[i] = rt->dims[i + 1];
    ut.dims[0] = 1;
    for (int64_t i = 0; i < g; i++) {
        chlo_v limit = chlo_add(b, start, group_size(b, gs, i));
        chlo_v masked = mask(b, lhs, zero, start, limit, iota);
        parts[i] = dot(b, o, masked, rhs, &pt, &d->rhs_batch, &d->rhs_contract);
        start = limit;
    }
    for (int64_t i = 0; i < g; i++)
        parts[i] = chlo_op(b, IR_OP_RESHAPE, &parts[i], 1, &ut);
    at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_CONCATENATE, parts, (int)g, rt);
    if (!b->oom)
        b->ops[at].a.concat_dim = 0;
    return r;
}
