#include "chlo/chlo_build.h"

#include <stdio.h>
#include <string.h>

void *chlo_alloc(chlo_b *b, size_t count, size_t size)
{
    if (b->oom)
        return NULL;
    void *p = arena_alloc(b->arena, count ? count : 1, size);
    if (!p)
        b->oom = true;
    return p;
}

static ir_op *append(chlo_b *b)
{
    if (b->oom)
        return NULL;
    if (b->nops == b->cap) {
        int cap = b->cap ? 2 * b->cap : 16;
        ir_op *ops = arena_grow(b->arena, b->ops, (size_t)b->cap, (size_t)cap, sizeof(ir_op));
        if (!ops) {
            b->oom = true;
            return NULL;
        }
        b->ops = ops;
        b->cap = cap;
    }
    ir_op *o = &b->ops[b->nops++];
    memset(o, 0, sizeof *o);
    return o;
}

bool chlo_fits(const tensor_type *a, const tensor_type *b)
{
    if (!shape_is_tensor(a) || !shape_is_tensor(b))
        return shape_equal(a, b);
    if (a->elem != b->elem || a->rank != b->rank)
        return false;
    for (int d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d] && !shape_dim_dynamic(a->dims[d]) && !shape_dim_dynamic(b->dims[d]))
            return false;
    return true;
}

const tensor_type *chlo_dynamic_type(const ir_op *o)
{
    for (int i = 0; i < o->noperands + o->nresults; i++) {
        const tensor_type *t = i < o->noperands ? &o->operand_types[i] : &o->result_types[i - o->noperands];
        if (!shape_is_static(t))
            return t;
    }
    return NULL;
}

void chlo_keep(chlo_b *b, const ir_op *o)
{
    ir_op *d = append(b);
    if (d)
        *d = *o;
}

/* "\x01c7": a leading control character, which no source name has. */
ir_use chlo_fresh(chlo_b *b)
{
    ir_use u = { "", -1, b->loc };
    char buf[24];
    int n = snprintf(buf, sizeof buf, "\x01" "c%u", (*b->counter)++);
    char *s = b->oom ? NULL : arena_strndup(b->arena, buf, (size_t)n);
    if (!s)
        b->oom = true;
    else
        u.name = s;
    return u;
}

ir_block *chlo_block(chlo_b *b, chlo_b *rb, int n, const tensor_type *t, chlo_v *args)
{
    *rb = (chlo_b){ .arena = b->arena, .loc = b->loc, .from = b->from, .counter = b->counter, .src = b->src };
    ir_block *blk = chlo_alloc(b, 1, sizeof *blk);
    tensor_type *at = chlo_alloc(b, (size_t)n, sizeof *at);
    ir_use *names = chlo_alloc(b, (size_t)n, sizeof *names);
    int *ids = chlo_alloc(b, (size_t)n, sizeof *ids);
    if (b->oom)
        return NULL;
    for (int i = 0; i < n; i++) {
        at[i] = t[i];
        names[i] = chlo_fresh(b);
        args[i] = (chlo_v){ names[i], t[i] };
    }
    blk->nargs = n;
    blk->arg_types = at;
    blk->arg_names = names;
    blk->args = ids;
    return b->oom ? NULL : blk;
}

bool chlo_block_end(chlo_b *b, chlo_b *rb, ir_block *blk, const chlo_v *ret, int nret)
{
    ir_op *r = chlo_op_n(rb, IR_OP_REGION_RETURN, ret, nret, NULL, 0, NULL);
    if (rb->oom || !r || !blk) {
        b->oom = true;
        return false;
    }
    r->ndefs = 0;
    blk->ops = rb->ops;
    blk->nops = rb->nops;
    return true;
}

chlo_v chlo_op(chlo_b *b, ir_op_kind k, const chlo_v *args, int n, const tensor_type *rt)
{
    chlo_v r = { { "", -1, b->loc }, *rt };
    ir_op *o = append(b);
    if (!o)
        return r;
    o->kind = k;
    o->loc = b->loc;
    o->from = b->from;
    o->noperands = n;
    o->uses = chlo_alloc(b, (size_t)n, sizeof(ir_use));
    o->operands = chlo_alloc(b, (size_t)n, sizeof(int));
    o->operand_types = chlo_alloc(b, (size_t)n, sizeof(tensor_type));
    o->nresults = 1;
    o->results = chlo_alloc(b, 1, sizeof(int));
    o->result_types = chlo_alloc(b, 1, sizeof(tensor_type));
    o->ndefs = 1;
    o->defs = chlo_alloc(b, 1, sizeof(ir_use));
    if (b->oom)
        return r;
    for (int i = 0; i < n; i++) {
        o->uses[i] = args[i].u;
        o->operand_types[i] = args[i].t;
    }
    o->result_types[0] = *rt;
    r.u = chlo_fresh(b);
    o->defs[0] = r.u;
    return r;
}

ir_op *chlo_op_n(chlo_b *b, ir_op_kind k, const chlo_v *args, int n, const tensor_type *rt, int nres, chlo_v *out)
{
    for (int r = 0; r < nres; r++)
        out[r] = (chlo_v){ { "", -1, b->loc }, rt[r] };
    ir_op *o = append(b);
    if (!o)
        return NULL;
    o->kind = k;
    o->loc = b->loc;
    o->from = b->from;
    o->noperands = n;
    o->uses = chlo_alloc(b, (size_t)n, sizeof(ir_use));
    o->operands = chlo_alloc(b, (size_t)n, sizeof(int));
    o->operand_types = chlo_alloc(b, (size_t)n, sizeof(tensor_type));
    o->nresults = nres;
    o->results = chlo_alloc(b, (size_t)nres, sizeof(int));
    o->result_types = chlo_alloc(b, (size_t)nres, sizeof(tensor_type));
    o->ndefs = 1;
    o->defs = chlo_alloc(b, 1, sizeof(ir_use));
    if (b->oom)
        return NULL;
    for (int i = 0; i < n; i++) {
        o->uses[i] = args[i].u;
        o->operand_types[i] = args[i].t;
    }
    ir_use g = chlo_fresh(b);
    g.result = nres;
    o->defs[0] = g;
    for (int r = 0; r < nres; r++) {
        o->result_types[r] = rt[r];
        out[r].u = g;
        out[r].u.result = r;
    }
    return b->oom ? NULL : o;
}

chlo_v chlo_un(chlo_b *b, ir_op_kind k, chlo_v x)
{
    return chlo_op(b, k, &x, 1, &x.t);
}

chlo_v chlo_bin(chlo_b *b, ir_op_kind k, chlo_v x, chlo_v y)
{
    chlo_v a[2] = { x, y };
    return chlo_op(b, k, a, 2, &x.t);
}

chlo_v chlo_cmp(chlo_b *b, ir_cmp_dir d, chlo_v x, chlo_v y)
{
    chlo_v a[2] = { x, y };
    tensor_type t = x.t;
    t.elem = ET_I1;
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_COMPARE, a, 2, &t);
    if (!b->oom) {
        b->ops[at].a.compare.dir = d;
        b->ops[at].a.compare.type = IR_CMPT_ABSENT;
    }
    return r;
}

chlo_v chlo_select(chlo_b *b, chlo_v p, chlo_v t, chlo_v f)
{
    chlo_v a[3] = { p, t, f };
    return chlo_op(b, IR_OP_SELECT, a, 3, &t.t);
}

chlo_v chlo_clamp(chlo_b *b, chlo_v lo, chlo_v x, chlo_v hi)
{
    chlo_v a[3] = { lo, x, hi };
    return chlo_op(b, IR_OP_CLAMP, a, 3, &x.t);
}

chlo_v chlo_convert(chlo_b *b, chlo_v x, et_id to)
{
    tensor_type t = x.t;
    t.elem = to;
    return chlo_op(b, IR_OP_CONVERT, &x, 1, &t);
}

static bool ints(chlo_b *b, ir_ints *out, int n, const int64_t *v)
{
    out->n = n;
    out->v = chlo_alloc(b, (size_t)n, sizeof(int64_t));
    if (!out->v)
        return false;
    if (n)
        memcpy(out->v, v, (size_t)n * sizeof(int64_t));
    return true;
}

chlo_v chlo_slice(chlo_b *b, chlo_v x, int dim, int64_t start, int64_t limit)
{
    int rank = x.t.rank;
    int64_t lo[SHAPE_MAX_RANK], hi[SHAPE_MAX_RANK], stride[SHAPE_MAX_RANK];
    for (int d = 0; d < rank; d++) {
        lo[d] = 0;
        hi[d] = x.t.dims[d];
        stride[d] = 1;
    }
    lo[dim] = start;
    hi[dim] = limit;
    tensor_type t = x.t;
    t.dims[dim] = limit - start;
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_SLICE, &x, 1, &t);
    if (b->oom)
        return r;
    ir_op *o = &b->ops[at];
    if (!ints(b, &o->a.slice.start, rank, lo) || !ints(b, &o->a.slice.limit, rank, hi) ||
        !ints(b, &o->a.slice.stride, rank, stride))
        b->oom = true;
    return r;
}

chlo_v chlo_broadcast_in_dim(chlo_b *b, chlo_v x, const tensor_type *t, const int64_t *dims)
{
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_BROADCAST_IN_DIM, &x, 1, t);
    if (!b->oom && !ints(b, &b->ops[at].a.dims, x.t.rank, dims))
        b->oom = true;
    return r;
}

chlo_v chlo_like_bits(chlo_b *b, uint64_t bits, chlo_v x)
{
    const et_traits *tr = et_get(x.t.elem);
    int64_t count = shape_count(&x.t);
    unsigned char *data = chlo_alloc(b, tr->bytes, 1);
    int at = b->nops;
    chlo_v r = chlo_op(b, IR_OP_CONSTANT, NULL, 0, &x.t);
    if (b->oom)
        return r;
    if (tr->kind == EK_COMPLEX) {
        et_store_bits(tr->part, data, bits);
        et_store_bits(tr->part, data + tr->bytes / 2, 0);
    } else {
        et_store_bits(x.t.elem, data, bits);
    }
    ir_literal *l = &b->ops[at].a.constant;
    l->type = x.t;
    l->count = count;
    l->splat = count >= 2;
    l->nbytes = count == 0 ? 0 : tr->bytes;
    l->data = data;
    l->loc = b->loc;
    return r;
}

chlo_v chlo_like(chlo_b *b, double v, chlo_v x)
{
    const et_traits *tr = et_get(x.t.elem);
    uint64_t bits = 0;
    switch (tr->kind) {
    case EK_BOOL:
        bits = v != 0;
        break;
    case EK_SINT:
    case EK_UINT:
        bits = (uint64_t)(int64_t)v & et_value_mask(x.t.elem);
        break;
    case EK_FLOAT:
    case EK_COMPLEX:
        bits = fp_from_double(tr->fmt, v, FPR_RNE);
        break;
    }
    return chlo_like_bits(b, bits, x);
}

chlo_v chlo_poly(chlo_b *b, chlo_v x, const double *c, int n)
{
    if (n == 0)
        return chlo_like(b, 0.0, x);
    chlo_v p = chlo_like(b, c[0], x);
    for (int i = 1; i < n; i++) {
        p = chlo_mul(b, p, x);
        p = chlo_add(b, p, chlo_like(b, c[i], x));
    }
    return p;
}

bool chlo_define(chlo_b *b, chlo_v res, const ir_op *o)
{
    ir_op *last = b->nops ? &b->ops[b->nops - 1] : NULL;
    if (!last || last->ndefs != 1 || last->defs[0].name != res.u.name) {
        (void)chlo_convert(b, res, res.t.elem);
        if (b->oom)
            return false;
        last = &b->ops[b->nops - 1];
    }
    last->ndefs = o->ndefs;
    last->defs = o->defs;
    return true;
}

typedef struct {
    const chlo_pass *p;
    ir_arena *arena;
    diag_source *src;
    unsigned counter;
    bool oom;
} pass_run;

static bool run_block(pass_run *r, ir_block *blk)
{
    if (r->p->enter)
        r->p->enter(blk);
    bool any = false;
    for (int i = 0; i < blk->nops; i++) {
        ir_op *o = &blk->ops[i];
        for (int k = 0; k < o->nregions; k++)
            if (!run_block(r, &o->regions[k]))
                return false;
        any = any || r->p->pick(o);
    }
    if (!any)
        return true;
    chlo_b b = { .arena = r->arena, .counter = &r->counter, .src = r->src };
    for (int i = 0; i < blk->nops; i++) {
        ir_op *o = &blk->ops[i];
        bool ok = true;
        if (!r->p->pick(o))
            chlo_keep(&b, o);
        else
            ok = r->p->rewrite(r->p->ctx, &b, o);
        if (!ok || b.oom) {
            r->oom = b.oom;
            return false;
        }
    }
    blk->ops = b.ops;
    blk->nops = b.nops;
    return true;
}

int chlo_run_pass(ir_module *m, diag_source *src, const chlo_pass *p)
{
    pass_run r = { .p = p, .arena = m->arena, .src = src };
    for (int f = 0; f < m->nfuncs; f++) {
        if (!m->funcs[f].has_body)
            continue;
        if (!run_block(&r, &m->funcs[f].body)) {
            if (r.oom)
                diag_error(src, m->funcs[f].loc, "out of memory");
            return -1;
        }
    }
    return 0;
}

static bool narrow_float(et_id e)
{
    return et_get(e)->kind == EK_FLOAT && et_get(e)->value_bits < 32;
}

chlo_v chlo_in_f32(chlo_b *b, chlo_v x, chlo_v (*f)(chlo_b *, chlo_v))
{
    et_id e = x.t.elem;
    if (!narrow_float(e))
        return f(b, x);
    return chlo_convert(b, f(b, chlo_convert(b, x, ET_F32)), e);
}

chlo_v chlo_in_f32_2(chlo_b *b, const chlo_v *x, chlo_v (*f)(chlo_b *, chlo_v, chlo_v))
{
    et_id e = x[0].t.elem;
    if (!narrow_float(e))
        return f(b, x[0], x[1]);
    chlo_v r = f(b, chlo_convert(b, x[0], ET_F32), chlo_convert(b, x[1], ET_F32));
    return chlo_convert(b, r, e);
}
