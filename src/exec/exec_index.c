/* Indexing and data movement (SPEC.md 9.4.1-9.4.4): gather, scatter,
 * dynamic_slice, dynamic_update_slice. Index operands are read by
 * index_value (decision 25: an unsigned index is its unsigned value). */
#include <stdio.h>
#include <string.h>

#include "exec/exec.h"
#include "types/fptables.h"
#include "util/mem.h"

/* Signed types sign-extended, unsigned ones by value (saturated at
 * INT64_MAX, which clamps or misses exactly as the true value would). */
int64_t exec_index_value(const tensor *t, int64_t i)
{
    et_id e = t->type.elem;
    /* the index types of nearly every program, read directly */
    if (e == ET_I32)
        return ((const int32_t *)t->data)[i];
    if (e == ET_I64)
        return ((const int64_t *)t->data)[i];
    uint64_t bits = et_load_bits(e, (const unsigned char *)t->data + (size_t)i * tensor_elem_bytes(t));
    if (et_get(e)->kind == EK_SINT)
        return et_sign_extend(e, bits);
    return bits > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)bits;
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

static bool in_list(const ir_ints *l, int64_t x)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == x)
            return true;
    return false;
}

/* How a result (gather) or update (scatter) index `at` addresses the
 * operand, worked out once per op: for each dimension of `at`, the operand
 * dimension it moves along (a window dimension) or the indices dimension it
 * selects (a batch dimension). */
typedef struct {
    int rank;                          /* of `at` */
    int window_to[SHAPE_MAX_RANK];     /* operand dimension, or -1 for a batch dimension */
    int64_t index_step[SHAPE_MAX_RANK]; /* batch dimension: its stride in the indices */
    int64_t p_of[SHAPE_MAX_RANK];      /* batch dimension: its position among the indices' dimensions */
    int64_t vstride;                   /* stride of index_vector_dim in the indices (0: implicit) */
} index_plan;

static void plan_index(const ir_index_dims *d, const tensor *indices, int at_rank, int x_rank, index_plan *pl)
{
    int64_t is[SHAPE_MAX_RANK];
    shape_strides(&indices->type, is);
    int64_t v = d->index_vector_dim;
    int irank = indices->type.rank;
    pl->rank = at_rank;
    pl->vstride = v < irank ? is[v] : 0;
    int w = 0, k = 0, wd = 0;
    for (int i = 0; i < at_rank; i++) {
        if (in_list(&d->window, i)) {
            while (in_list(&d->collapsed, wd) || in_list(&d->operand_batch, wd))
                wd++;
            pl->window_to[i] = wd++;
            w++;
            continue;
        }
        if (k == v)
            k++;
        pl->window_to[i] = -1;
        pl->p_of[i] = k;
        pl->index_step[i] = is[k];
        k++;
    }
    (void)x_rank;
    (void)w;
}

/* The operand index that `at` addresses: the start read from the indices at
 * the batch coordinates of `at` (clamped for gather so that the whole slice
 * is inside: `slice` given; as read for scatter), the batching coordinates,
 * plus the window coordinates. */
static void operand_index(const ir_index_dims *d, const index_plan *pl, const tensor *indices, const int64_t *at,
                          const tensor_type *operand, const int64_t *slice, int64_t *idx)
{
    int64_t p[SHAPE_MAX_RANK], base = 0;
    for (int i = 0; i < operand->rank; i++)
        idx[i] = 0;
    for (int i = 0; i < pl->rank; i++)
        if (pl->window_to[i] < 0) {
            p[pl->p_of[i]] = at[i];
            base += at[i] * pl->index_step[i];
        }
    for (int j = 0; j < d->index_map.n; j++) {
        int64_t s = exec_index_value(indices, base + j * pl->vstride);
        int64_t dim = d->index_map.v[j];
        idx[dim] = slice ? clamp64(s, 0, operand->dims[dim] - slice[dim]) : s;
    }
    for (int j = 0; j < d->operand_batch.n; j++)
        idx[d->operand_batch.v[j]] = p[d->index_batch.v[j]];
    /* a scatter start may be any int64: saturate, it is out of range anyway */
    for (int i = 0; i < pl->rank; i++)
        if (pl->window_to[i] >= 0) {
            int64_t *x = &idx[pl->window_to[i]];
            if (__builtin_add_overflow(*x, at[i], x))
                *x = INT64_MAX;
        }
}

/* The next index of `t` in row-major order, `step` elements on along the
 * innermost dimension (step = its size, or 1). */
static void next_index(const tensor_type *t, int64_t *at, int64_t step)
{
    int d = t->rank - 1;
    if (d < 0)
        return;
    at[d] += step;
    while (d > 0 && at[d] >= t->dims[d]) {
        at[d] = 0;
        at[--d]++;
    }
}

/* Whether the window dimensions are the trailing dimensions of the result
 * (gather) or update (scatter), the innermost one mapping to the input's
 * innermost dimension: then a whole innermost row is one contiguous run in
 * both, and row-major order is batch-major. */
static bool trailing_window(const ir_index_dims *d, int rank, const tensor_type *x)
{
    if (d->window.n == 0 || rank == 0 || d->window.v[d->window.n - 1] != rank - 1)
        return false;
    for (int i = 0; i < d->window.n; i++)
        if (d->window.v[i] != rank - d->window.n + i)
            return false;
    int last = x->rank - 1;
    return last >= 0 && !in_list(&d->collapsed, last) && !in_list(&d->operand_batch, last);
}

/* Whether every slice is one element and there is no batching, with each
 * index vector contiguous in the indices (`jnp.take` of scalars, `x[i]`
 * for an index array): result element u is then the operand element at
 * index vector u, clamped, as the result's offset dimensions all have size
 * 1 and do not change its row-major numbering. */
static bool point_gather(const ir_index_dims *d, const tensor *indices, const tensor_type *x)
{
    for (int k = 0; k < x->rank; k++)
        if (d->slice_sizes.v[k] != 1)
            return false;
    int irank = indices->type.rank;
    return d->operand_batch.n == 0 && (d->index_vector_dim == irank || d->index_vector_dim == irank - 1);
}

static void gather_points(const ir_index_dims *d, const tensor *indices, const tensor *x, const int64_t *xs,
                          tensor *r)
{
    int m = d->index_map.n;
    size_t es = tensor_elem_bytes(x);
    int64_t last[SHAPE_MAX_RANK], stride[SHAPE_MAX_RANK];
    for (int j = 0; j < m; j++) {
        last[j] = x->type.dims[d->index_map.v[j]] - 1;
        stride[j] = xs[d->index_map.v[j]];
    }
    unsigned char *out = r->data;
    const unsigned char *in = x->data;
    if (m == 1 && indices->type.elem == ET_I32) {
        /* the index type and shape of nearly every such gather */
        const int32_t *iv = indices->data;
        for (int64_t u = 0; u < r->count; u++)
            rt_copy_element(out + (size_t)u * es, in + (size_t)(clamp64(iv[u], 0, last[0]) * stride[0]) * es, es);
        return;
    }
    for (int64_t u = 0; u < r->count; u++) {
        int64_t off = 0;
        for (int j = 0; j < m; j++)
            off += clamp64(exec_index_value(indices, u * m + j), 0, last[j]) * stride[j];
        rt_copy_element(out + (size_t)u * es, in + (size_t)off * es, es);
    }
}

int exec_gather(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    const tensor *x = fr->slots[op->operands[0]], *indices = fr->slots[op->operands[1]];
    tensor *r = res[0];
    const ir_index_dims *d = &op->a.index;
    int64_t xs[SHAPE_MAX_RANK], at[SHAPE_MAX_RANK] = { 0 }, idx[SHAPE_MAX_RANK];
    index_plan pl;
    plan_index(d, indices, r->type.rank, x->type.rank, &pl);
    shape_strides(&x->type, xs);
    if (point_gather(d, indices, &x->type)) {
        gather_points(d, indices, x, xs, r);
        return 0;
    }
    size_t es = tensor_elem_bytes(x);
    /* a contiguous row per step when the window is trailing (the slice is
     * always inside: its start was clamped) */
    int64_t run = trailing_window(d, r->type.rank, &x->type) ? r->type.dims[r->type.rank - 1] : 1;
    for (int64_t i = 0; run > 0 && i < r->count; i += run, next_index(&r->type, at, run)) {
        operand_index(d, &pl, indices, at, &x->type, d->slice_sizes.v, idx);
        int64_t off = 0;
        for (int k = 0; k < x->type.rank; k++)
            off += idx[k] * xs[k];
        memcpy((unsigned char *)r->data + (size_t)i * es, (const unsigned char *)x->data + (size_t)off * es,
               (size_t)run * es);
    }
    return 0;
}

/* How a scatter body combines: a binary kernel, a plain replacement, a
 * lane-safe body in lanes (ordered combining, rt_rounds: the
 * (target, update) pairs are gathered in update order, a block at a time)
 * or, for few updates, pinned, or any other body run per update. */
typedef struct {
    enum { COMBINE_KERNEL, COMBINE_REPLACE, COMBINE_LANES, COMBINE_PINNED, COMBINE_REGION } how;
    kern_binop bop;
    bool cur_left;
    const uint8_t *table; /* COMBINE_KERNEL on a float of at most 8 bits: bop's 64K-entry table */
    rt_rounds rounds;
    int64_t *target, *vindex, npairs; /* COMBINE_LANES: the pairs not yet applied */
    rt_pinned pinned;
    tensor **args, **rets; /* COMBINE_PINNED, COMBINE_REGION: 2N rank-0 arguments, N results */
} combiner;

static int flush_pairs(rt_ctx *c, rt_frame *fr, const ir_op *op, combiner *cb, tensor **res, tensor *const *upd)
{
    int rc = rt_rounds_run(c, fr, op, &cb->rounds, res, upd, cb->target, cb->vindex, cb->npairs);
    cb->npairs = 0;
    return rc;
}

/* Applies the updates upd[k][u + j] to res[k][t + j * step] for j in
 * [0, len), in order. */
static int combine(rt_ctx *c, rt_frame *fr, const ir_op *op, combiner *cb, tensor **res, tensor *const *upd, int64_t t,
                   int64_t step, int64_t u, int64_t len)
{
    int n = op->nresults;
    size_t es = tensor_elem_bytes(res[0]);
    unsigned char *cur = (unsigned char *)res[0]->data + (size_t)t * es;
    const unsigned char *val = (const unsigned char *)upd[0]->data + (size_t)u * es;
    if (cb->how == COMBINE_REPLACE) {
        if (step == 1)
            memcpy(cur, val, (size_t)len * es);
        for (int64_t j = 0; step != 1 && j < len; j++)
            memcpy(cur + (size_t)(j * step) * es, val + (size_t)j * es, es);
        return 0;
    }
    if (cb->how == COMBINE_KERNEL && cb->table) {
        for (int64_t j = 0; j < len; j++) {
            uint8_t *p = cur + j * step;
            *p = cb->cur_left ? cb->table[*p << 8 | val[j]] : cb->table[val[j] << 8 | *p];
        }
        return 0;
    }
    if (cb->how == COMBINE_KERNEL && step == 1) {
        tensor a = tensor_view(res[0]->type.elem, len, cur), b = tensor_view(res[0]->type.elem, len, (void *)val);
        return rt_status(c, op, cb->cur_left ? kern_binary(cb->bop, &a, &b, &a) : kern_binary(cb->bop, &b, &a, &a));
    }
    if (cb->how == COMBINE_KERNEL) {
        for (int64_t j = 0; j < len; j++) {
            tensor a = tensor_view(res[0]->type.elem, 1, cur + (size_t)(j * step) * es);
            tensor b = tensor_view(res[0]->type.elem, 1, (void *)(val + (size_t)j * es));
            irrun_status st = cb->cur_left ? kern_binary(cb->bop, &a, &b, &a) : kern_binary(cb->bop, &b, &a, &a);
            if (st != IRRUN_OK)
                return rt_status(c, op, st);
        }
        return 0;
    }
    int rc = 0;
    if (cb->how == COMBINE_LANES) {
        for (int64_t j = 0; j < len && rc == 0; j++) {
            if (cb->npairs == cb->rounds.cap)
                rc = flush_pairs(c, fr, op, cb, res, upd);
            cb->target[cb->npairs] = t + j * step;
            cb->vindex[cb->npairs++] = u + j;
        }
        return rc;
    }
    for (int64_t j = 0; j < len && rc == 0; j++) {
        int64_t tj = t + j * step, uj = u + j;
        for (int k = 0; k < n; k++) {
            size_t ek = tensor_elem_bytes(res[k]);
            memcpy(cb->args[k]->data, (unsigned char *)res[k]->data + (size_t)tj * ek, ek);
            memcpy(cb->args[n + k]->data, (unsigned char *)upd[k]->data + (size_t)uj * ek, ek);
        }
        rc = cb->how == COMBINE_PINNED ? rt_region_run_pinned(c, fr, &cb->pinned, cb->args, cb->rets)
                                       : rt_region_run(c, fr, &op->regions[0], cb->args, cb->rets);
        for (int k = 0; k < n; k++) {
            if (rc == 0) {
                size_t ek = tensor_elem_bytes(res[k]);
                memcpy((unsigned char *)res[k]->data + (size_t)tj * ek, cb->rets[k]->data, ek);
            }
            if (cb->how == COMBINE_REGION)
                tensor_release(cb->rets[k]);
            cb->rets[k] = NULL;
        }
    }
    return rc;
}

/* One element per update (no window, or windows of size 1, whose
 * coordinates are all 0 and do not change the row-major numbering; no
 * batching), its index vector contiguous in the indices (the
 * `x.at[i].add(v)` of scalars), combined by a table or replaced: update
 * u's target is read straight from index vector u. The operand
 * dimensions the index does not name are at coordinate 0, inside only
 * when the operand is not empty: an empty operand (a dimension of size 0
 * anywhere) takes the general path, which skips every update. */
static bool point_updates(const ir_index_dims *d, const tensor *x, const tensor *indices, const tensor *upd,
                          const combiner *cb, int n)
{
    int irank = indices->type.rank;
    for (int i = 0; i < d->window.n; i++)
        if (upd->type.dims[d->window.v[i]] != 1)
            return false;
    return n == 1 && x->count > 0 && d->operand_batch.n == 0 &&
           (d->index_vector_dim == irank || d->index_vector_dim == irank - 1) &&
           (cb->how == COMBINE_REPLACE || (cb->how == COMBINE_KERNEL && cb->table));
}

static int scatter_points(const ir_index_dims *d, const tensor *indices, const combiner *cb, tensor *r,
                          const tensor *upd, const int64_t *xs)
{
    int m = d->index_map.n;
    size_t es = tensor_elem_bytes(r);
    unsigned char *out = r->data;
    const unsigned char *val = upd->data;
    for (int64_t u = 0; u < upd->count; u++) {
        int64_t t = 0;
        bool inside = true;
        for (int j = 0; j < m && inside; j++) {
            int64_t s = exec_index_value(indices, u * m + j), dim = d->index_map.v[j];
            inside = s >= 0 && s < r->type.dims[dim];
            t += inside ? s * xs[dim] : 0;
        }
        if (!inside)
            continue;
        if (cb->how == COMBINE_REPLACE)
            memcpy(out + (size_t)t * es, val + (size_t)u * es, es);
        else
            out[t] = cb->cur_left ? cb->table[out[t] << 8 | val[u]] : cb->table[val[u] << 8 | out[t]];
    }
    return 0;
}

/* Updates applied in the row-major order of their index; an element whose
 * target is outside the input is skipped alone (decision 32). */
int exec_scatter(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int n = op->nresults;
    const tensor *indices = fr->slots[op->operands[n]];
    tensor *upd_local[4];
    tensor **upd = n <= 4 ? upd_local : mem_calloc((size_t)n, sizeof *upd);
    if (!upd)
        return rt_nomem(c, op->loc, "out of memory in 'stablehlo.scatter'");
    for (int k = 0; k < n; k++)
        upd[k] = fr->slots[op->operands[n + 1 + k]];
    const ir_index_dims *d = &op->a.index;
    const ir_block *body = &op->regions[0];
    for (int k = 0; k < n; k++)
        if (res[k]->data != fr->slots[op->operands[k]]->data) /* else the evaluator gave the input (IR_F_UPDATES) */
            memcpy(res[k]->data, fr->slots[op->operands[k]]->data, res[k]->nbytes);
    combiner cb = { .how = COMBINE_REGION };
    int rc = 0;
    if (n == 1 && rt_region_binop_body(body, &cb.bop, &cb.cur_left)) {
        cb.how = COMBINE_KERNEL;
    } else if (n == 1 && body->nops == 1 && body->ops[0].operands[0] == body->args[1]) {
        cb.how = COMBINE_REPLACE;
    } else if (rt_rounds_pay(c, upd[0]->count) && rt_region_lane_safe(fr->f, body)) {
        int64_t cap = rt_rounds_block(c, upd[0]->count);
        cb.how = COMBINE_LANES;
        rc = rt_rounds_open(&cb.rounds, body, n, true, res, cap);
        cb.target = mem_alloc((size_t)cap * sizeof *cb.target);
        cb.vindex = mem_alloc((size_t)cap * sizeof *cb.vindex);
        if (rc || !cb.target || !cb.vindex)
            rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.scatter'");
    } else {
        cb.args = mem_calloc((size_t)(3 * n), sizeof *cb.args);
        cb.rets = cb.args ? cb.args + 2 * n : NULL;
        for (int k = 0; k < 2 * n && cb.args && rc == 0; k++) {
            tensor_type t = { .elem = res[k % n]->type.elem };
            if (!(cb.args[k] = tensor_new(&t)))
                rc = IRRUN_NOMEM;
        }
        if (!cb.args)
            rc = IRRUN_NOMEM;
        if (rc == 0 && rt_region_lane_safe(fr->f, body)) {
            cb.how = COMBINE_PINNED;
            rc = rt_region_pin(fr, body, &cb.pinned);
        }
        if (rc == IRRUN_NOMEM)
            rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.scatter'");
    }
    if (cb.how == COMBINE_KERNEL) {
        const et_traits *tr = et_get(res[0]->type.elem);
        fp_binop fo = cb.bop == KB_ADD ? FPOP_ADD : cb.bop == KB_SUB ? FPOP_SUB : cb.bop == KB_MUL ? FPOP_MUL : FPOP_COUNT;
        if (tr->kind == EK_FLOAT && tr->bytes == 1 && fo != FPOP_COUNT && !(cb.table = fp_table_binop(tr->fmt, fo)))
            rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.scatter'");
    }
    const tensor_type *in = &res[0]->type, *ut = &upd[0]->type;
    int64_t xs[SHAPE_MAX_RANK], at[SHAPE_MAX_RANK] = { 0 }, idx[SHAPE_MAX_RANK];
    shape_strides(in, xs);
    if (rc == 0 && point_updates(d, res[0], indices, upd[0], &cb, n)) {
        rc = scatter_points(d, indices, &cb, res[0], upd[0], xs);
        goto done;
    }
    index_plan pl;
    plan_index(d, indices, ut->rank, in->rank, &pl);
    /* a row of the update at a time when the window is trailing: the row's
     * part inside the input is one strided run, applied in order */
    bool rows = trailing_window(d, ut->rank, in);
    int64_t len = rows ? ut->dims[ut->rank - 1] : 1;
    int last = in->rank - 1;
    for (int64_t u = 0; len > 0 && u < upd[0]->count && rc == 0; u += len, next_index(ut, at, len)) {
        operand_index(d, &pl, indices, at, in, NULL, idx);
        int64_t t = 0, lo = 0, hi = len;
        bool inside = true;
        for (int k = 0; k < in->rank && inside; k++) {
            if (rows && k == last) {
                /* the part [lo, hi) of the row inside the input (no
                 * negation or subtraction that could overflow) */
                inside = idx[k] > -len && idx[k] < in->dims[k];
                lo = inside && idx[k] < 0 ? -idx[k] : 0;
                hi = inside && in->dims[k] - idx[k] < len ? in->dims[k] - idx[k] : len;
            } else {
                inside = idx[k] >= 0 && idx[k] < in->dims[k];
            }
            if (inside)
                t += idx[k] * xs[k];
        }
        if (inside)
            rc = combine(c, fr, op, &cb, res, upd, t + lo * (rows ? xs[last] : 0), rows ? xs[last] : 1, u + lo,
                         hi - lo);
    }
    if (rc == 0 && cb.how == COMBINE_LANES)
        rc = flush_pairs(c, fr, op, &cb, res, upd);
done:
    if (cb.how == COMBINE_LANES) {
        rt_rounds_close(&cb.rounds);
        mem_free(cb.target);
        mem_free(cb.vindex);
    }
    if (cb.how == COMBINE_PINNED)
        rt_region_unpin(fr, &cb.pinned);
    for (int k = 0; cb.args && k < 2 * n; k++)
        tensor_release(cb.args[k]);
    mem_free(cb.args);
    if (upd != upd_local)
        mem_free(upd);
    return rc;
}

/* The clamped start of a slice of `size` in each dimension, from the
 * start operands first .. first + rank - 1. */
static void slice_start(rt_frame *fr, const ir_op *op, int first, const tensor_type *x, const int64_t *size,
                        int64_t *start)
{
    for (int d = 0; d < x->rank; d++)
        start[d] = clamp64(exec_index_value(fr->slots[op->operands[first + d]], 0), 0, x->dims[d] - size[d]);
}

int exec_dynamic_slice(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *x = fr->slots[op->operands[0]];
    int64_t start[SHAPE_MAX_RANK], one[SHAPE_MAX_RANK];
    slice_start(fr, op, 1, &x->type, op->a.slice_sizes.v, start);
    for (int d = 0; d < x->type.rank; d++)
        one[d] = 1;
    return rt_status(c, op, kern_slice(rt_pool(c, res[0]->count), x, start, one, res[0]));
}

int exec_dynamic_update_slice(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *x = fr->slots[op->operands[0]], *u = fr->slots[op->operands[1]];
    int64_t start[SHAPE_MAX_RANK];
    slice_start(fr, op, 2, &x->type, u->type.dims, start);
    if (res[0]->data != x->data) /* else the evaluator gave the operand (IR_F_UPDATES) */
        memcpy(res[0]->data, x->data, res[0]->nbytes);
    return rt_status(c, op, kern_update_slice(rt_pool(c, u->count), u, start, res[0]));
}

/* ---- dynamic ops with static result types (SPEC.md 9.4.8) ------------- */

/* Decision 34: a shape operand must say what the result type says; the
 * error shows both. */
static int shape_agrees(rt_ctx *c, const ir_op *op, const tensor *shape, const tensor_type *t)
{
    char got[SHAPE_MAX_RANK * 22 + 4], want[SHAPE_MAX_RANK * 22 + 64];
    bool same = true;
    int n = 0;
    for (int d = 0; d < t->rank; d++) {
        int64_t v = exec_index_value(shape, d);
        same = same && v == t->dims[d];
        n += snprintf(got + n, sizeof got - (size_t)n, d ? ", %lld" : "%lld", (long long)v);
    }
    if (same)
        return 0;
    shape_format(t, want, (int)sizeof want);
    return rt_error(c, op->loc, "'%s' shape operand is [%s] but the result type is %s", ir_op_name(op->kind), got, want);
}

int exec_dynamic_iota(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = shape_agrees(c, op, fr->slots[op->operands[0]], &res[0]->type);
    return rc ? rc : rt_status(c, op, kern_iota(op->a.iota_dim, res[0]));
}

int exec_dynamic_broadcast_in_dim(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = shape_agrees(c, op, fr->slots[op->operands[1]], &res[0]->type);
    if (rc)
        return rc;
    return rt_status(c, op,
                       kern_broadcast(rt_pool(c, res[0]->count), fr->slots[op->operands[0]], op->a.dims.v, res[0]));
}

int exec_dynamic_reshape(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    int rc = shape_agrees(c, op, fr->slots[op->operands[1]], &res[0]->type);
    return rc ? rc : rt_status(c, op, kern_reshape(fr->slots[op->operands[0]], res[0]));
}

/* pad with amounts read at run time; the shape they give must be the
 * declared one (decision 34), interior padding must not be negative */
int exec_dynamic_pad(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *x = fr->slots[op->operands[0]];
    int64_t lo[SHAPE_MAX_RANK], hi[SHAPE_MAX_RANK], in[SHAPE_MAX_RANK];
    tensor_type t = x->type;
    for (int d = 0; d < t.rank; d++) {
        lo[d] = exec_index_value(fr->slots[op->operands[2]], d);
        hi[d] = exec_index_value(fr->slots[op->operands[3]], d);
        in[d] = exec_index_value(fr->slots[op->operands[4]], d);
        /* the static pad's rule (shape_pad_size): amounts that pass it
         * are small enough for kern_pad's arithmetic */
        shape_pad_verdict v = shape_pad_size(x->type.dims[d], lo[d], hi[d], in[d], &t.dims[d]);
        if (v == SHAPE_PAD_INTERIOR_NEGATIVE)
            return rt_error(c, op->loc, "'stablehlo.dynamic_pad' interior padding %lld of dimension %d is negative",
                            (long long)in[d], d);
        if (v != SHAPE_PAD_OK)
            return rt_error(c, op->loc, "'stablehlo.dynamic_pad' amounts %lld, %lld, %lld give dimension %d a "
                            "size out of range (each amount at most 2^40 in magnitude, the size not negative)",
                            (long long)lo[d], (long long)hi[d], (long long)in[d], d);
    }
    if (!shape_equal(&t, &res[0]->type)) {
        char got[256], want[256];
        shape_format(&t, got, (int)sizeof got);
        shape_format(&res[0]->type, want, (int)sizeof want);
        return rt_error(c, op->loc, "'stablehlo.dynamic_pad' amounts give %s but the result type is %s", got, want);
    }
    return rt_status(c, op, kern_pad(rt_pool(c, res[0]->count), x, fr->slots[op->operands[1]], lo, in, res[0]));
}

/* Decision 35: slice with run-time start, limit and strides, each checked
 * by the static slice's rule (shape_slice_count). */
int exec_real_dynamic_slice(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *x = fr->slots[op->operands[0]];
    int64_t start[SHAPE_MAX_RANK], stride[SHAPE_MAX_RANK];
    for (int d = 0; d < x->type.rank; d++) {
        int64_t s = exec_index_value(fr->slots[op->operands[1]], d), l = exec_index_value(fr->slots[op->operands[2]], d);
        int64_t k = exec_index_value(fr->slots[op->operands[3]], d), count;
        if (!shape_slice_count(x->type.dims[d], s, l, k, &count) || count != res[0]->type.dims[d])
            return rt_error(c, op->loc,
                            "'stablehlo.real_dynamic_slice' dimension %d: start %lld, limit %lld, stride %lld do not "
                            "give %lld elements of %lld",
                            d, (long long)s, (long long)l, (long long)k, (long long)res[0]->type.dims[d],
                            (long long)x->type.dims[d]);
        start[d] = s;
        stride[d] = k;
    }
    return rt_status(c, op, kern_slice(rt_pool(c, res[0]->count), x, start, stride, res[0]));
}

/* gather with the slice sizes of operand 2, which must be those the
 * checker derived from the result type (decision 34) */
int exec_dynamic_gather(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *sizes = fr->slots[op->operands[2]];
    const ir_ints *want = &op->a.index.slice_sizes;
    for (int i = 0; i < want->n; i++)
        if (exec_index_value(sizes, i) != want->v[i]) {
            char got[SHAPE_MAX_RANK * 22 + 4], exp[SHAPE_MAX_RANK * 22 + 4];
            int g = 0, e = 0;
            for (int k = 0; k < want->n; k++) {
                g += snprintf(got + g, sizeof got - (size_t)g, k ? ", %lld" : "%lld", (long long)exec_index_value(sizes, k));
                e += snprintf(exp + e, sizeof exp - (size_t)e, k ? ", %lld" : "%lld", (long long)want->v[k]);
            }
            return rt_error(c, op->loc, "'stablehlo.dynamic_gather' slice sizes operand is [%s] but the result type "
                            "needs [%s]", got, exp);
        }
    return exec_gather(c, fr, op, res);
}
