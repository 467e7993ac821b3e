/* reduce_window (SPEC.md 9.4.6): the inputs padded with their init values
 * (borders and base-dilation holes), then every result element folds its
 * window in row-major order starting from init. All result elements take
 * the same window step at once: step w reads the strided view of the
 * padded input at offset w for every result element, so a one-op body is
 * one kernel call per window position and a lane-safe body one region run
 * per position; other bodies run per element. */
#include <string.h>

#include "interp/eval_internal.h"
#include "util/mem.h"


/* input padded by `low`/`high` with holes of base_dilations - 1 filled
 * with init; the input itself (retained) when there is no padding. */
static tensor *padded_input(const ir_window *w, tensor *x, const tensor *init)
{
    bool plain = true;
    tensor_type t = x->type;
    int64_t interior[SHAPE_MAX_RANK];
    for (int d = 0; d < t.rank; d++) {
        interior[d] = w->base_dilations.v[d] - 1;
        plain = plain && interior[d] == 0 && w->low.v[d] == 0 && w->high.v[d] == 0;
        int64_t n = t.dims[d];
        t.dims[d] = w->low.v[d] + (n == 0 ? 0 : (n - 1) * w->base_dilations.v[d] + 1) + w->high.v[d];
    }
    if (plain)
        return tensor_retain(x);
    tensor *p = tensor_new(&t);
    if (p && kern_pad(NULL, x, init, w->low.v, interior, p) != IRRUN_OK) {
        tensor_release(p);
        p = NULL;
    }
    return p;
}

/* The next window offset in row-major order; false after the last. */
static bool next_offset(const ir_ints *dims, int64_t *at)
{
    for (int d = dims->n - 1; d >= 0; d--) {
        if (++at[d] < dims->v[d])
            return true;
        at[d] = 0;
    }
    return false;
}

typedef struct {
    int N;
    tensor **x;      /* padded inputs */
    int64_t lane_stride[SHAPE_MAX_RANK]; /* per result dimension, in the padded input */
    int64_t xs[SHAPE_MAX_RANK];
} window_state;

/* Offset in the padded input of window position `at` for result element 0. */
static int64_t window_offset(const ir_window *w, const window_state *s, const int64_t *at)
{
    int64_t off = 0;
    for (int d = 0; d < w->dims.n; d++)
        off += at[d] * w->window_dilations.v[d] * s->xs[d];
    return off;
}

/* Every result element's element at window position `at`, as a tensor of
 * `lanes` elements (rank 1) for input k. */
static tensor *window_step(pool *p, const window_state *s, int k, const tensor_type *result, int64_t off)
{
    tensor_type t = *result;
    t.elem = s->x[k]->type.elem;
    tensor *e = tensor_new_unset(&t); /* the strided copy writes every element */
    if (e && kern_strided_copy_on(p, s->x[k], off, s->lane_stride, e) != IRRUN_OK) {
        tensor_release(e);
        e = NULL;
    }
    if (!e)
        return NULL;
    e->type.rank = 1;
    e->type.dims[0] = e->count;
    return e;
}

/* One window step: the body on args = (accumulators, elements), its
 * results becoming the accumulators; the elements are released either way
 * (rc: the status so far, the body runs only when it is 0). */
static int fold_step(ictx *c, frame *fr, const ir_op *op, int N, tensor **args, tensor **rets, int rc)
{
    if (rc == 0)
        rc = region_run(c, fr, &op->regions[0], args, rets);
    for (int k = 0; k < N; k++) {
        tensor_release(args[N + k]);
        args[N + k] = NULL;
        if (rc == 0) {
            tensor_release(args[k]);
            args[k] = rets[k];
            rets[k] = NULL;
        }
    }
    return rc;
}

static int fold_lanes(ictx *c, frame *fr, const ir_op *op, window_state *s, tensor **res)
{
    const ir_window *w = &op->a.window;
    int N = s->N;
    int64_t L = res[0]->count;
    tensor **args = mem_calloc((size_t)(3 * N), sizeof *args), **rets = args ? args + 2 * N : NULL;
    int rc = args ? 0 : IRRUN_NOMEM;
    for (int k = 0; k < N && rc == 0; k++)
        if (!(args[k] = region_lane_splat(fr->slots[op->operands[N + k]], L)))
            rc = IRRUN_NOMEM;
    region_lanes st = { 0, NULL, NULL };
    if (rc == 0)
        rc = region_lanes_enter(c, fr, op, &op->regions[0], L, &st);
    else
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    int64_t at[SHAPE_MAX_RANK] = { 0 };
    bool more = rc == 0;
    while (more && rc == 0) {
        int64_t off = window_offset(w, s, at);
        for (int k = 0; k < N && rc == 0; k++)
            if (!(args[N + k] = window_step(interp_pool(c, L), s, k, &res[0]->type, off)))
                rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
        rc = fold_step(c, fr, op, N, args, rets, rc);
        more = next_offset(&w->dims, at);
    }
    if (st.values)
        region_lanes_leave(c, fr, &st);
    for (int k = 0; k < N && rc == 0; k++)
        memcpy(res[k]->data, args[k]->data, res[k]->nbytes);
    for (int k = 0; args && k < 2 * N; k++)
        tensor_release(args[k]);
    mem_free(args);
    return rc;
}

/* One kernel call per window position: acc := op(acc, step). */
static int fold_kernel(ictx *c, const ir_op *op, window_state *s, kern_binop bop, bool acc_left, tensor **res)
{
    const ir_window *w = &op->a.window;
    int64_t at[SHAPE_MAX_RANK] = { 0 };
    irrun_status st = IRRUN_OK;
    bool more = true;
    /* each position is a copy and an element-wise kernel over every result
     * element: both split over the run's threads when large */
    pool *p = interp_pool(c, res[0]->count);
    while (more && st == IRRUN_OK) {
        tensor *e = window_step(p, s, 0, &res[0]->type, window_offset(w, s, at));
        if (!e)
            return rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
        e->type = res[0]->type;
        st = acc_left ? kern_binary_on(p, bop, res[0], e, res[0]) : kern_binary_on(p, bop, e, res[0], res[0]);
        tensor_release(e);
        more = next_offset(&w->dims, at);
    }
    return kern_status(c, op, st);
}

/* Any other body: per result element, per window position, on rank-0
 * tensors. */
static int fold_general(ictx *c, frame *fr, const ir_op *op, window_state *s, tensor **res)
{
    const ir_window *w = &op->a.window;
    int N = s->N;
    tensor **args = mem_calloc((size_t)(3 * N), sizeof *args), **rets = args ? args + 2 * N : NULL;
    int rc = args ? 0 : rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    int64_t rs[SHAPE_MAX_RANK], ri[SHAPE_MAX_RANK];
    shape_strides(&res[0]->type, rs);
    for (int64_t r = 0; r < res[0]->count && rc == 0; r++) {
        shape_unravel(&res[0]->type, r, ri);
        int64_t base = 0;
        for (int d = 0; d < res[0]->type.rank; d++)
            base += ri[d] * s->lane_stride[d];
        for (int k = 0; k < N; k++)
            args[k] = tensor_retain(fr->slots[op->operands[N + k]]);
        int64_t at[SHAPE_MAX_RANK] = { 0 };
        bool more = true;
        while (more && rc == 0) {
            int64_t q = base + window_offset(w, s, at);
            for (int k = 0; k < N && rc == 0; k++) {
                tensor_type t = { .elem = s->x[k]->type.elem };
                if (!(args[N + k] = tensor_new(&t)))
                    rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
                else
                    memcpy(args[N + k]->data, (unsigned char *)s->x[k]->data + (size_t)q * args[N + k]->nbytes,
                           args[N + k]->nbytes);
            }
            rc = fold_step(c, fr, op, N, args, rets, rc);
            more = next_offset(&w->dims, at);
        }
        for (int k = 0; k < N; k++) {
            if (rc == 0)
                memcpy((unsigned char *)res[k]->data + (size_t)r * args[k]->nbytes, args[k]->data, args[k]->nbytes);
            tensor_release(args[k]);
            args[k] = NULL;
        }
    }
    mem_free(args);
    return rc;
}

int exec_reduce_window(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const ir_window *w = &op->a.window;
    window_state s = { .N = op->noperands / 2 };
    int N = s.N;
    if (res[0]->count == 0)
        return 0;
    s.x = mem_calloc((size_t)N, sizeof *s.x);
    int rc = s.x ? 0 : IRRUN_NOMEM;
    for (int k = 0; k < N && rc == 0; k++)
        if (!(s.x[k] = padded_input(w, fr->slots[op->operands[k]], fr->slots[op->operands[N + k]])))
            rc = IRRUN_NOMEM;
    if (rc) {
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    } else {
        shape_strides(&s.x[0]->type, s.xs);
        for (int d = 0; d < res[0]->type.rank; d++)
            s.lane_stride[d] = w->strides.v[d] * s.xs[d];
        kern_binop bop;
        bool acc_left;
        if (N == 1 && region_binop_body(&op->regions[0], &bop, &acc_left)) {
            const tensor *init = fr->slots[op->operands[1]];
            kern_fill_elements(res[0]->data, res[0]->count, init->data, tensor_elem_bytes(init));
            rc = fold_kernel(c, op, &s, bop, acc_left, res);
        } else if (c->lanes == 0 && region_lane_safe(fr->f, &op->regions[0])) {
            rc = fold_lanes(c, fr, op, &s, res);
        } else {
            rc = fold_general(c, fr, op, &s, res);
        }
    }
    for (int k = 0; s.x && k < N; k++)
        tensor_release(s.x[k]);
    mem_free(s.x);
    return rc;
}

/* A body of two rank-0 arguments of one element type and one rank-0
 * result, run pinned when it is lane-safe, else as a region. */
typedef struct {
    const ir_block *body;
    region_pinned pinned; /* .body set: pinned */
    tensor *args[2];
} scalar_fn;

static int scalar_fn_open(frame *fr, const ir_block *body, et_id elem, scalar_fn *f)
{
    tensor_type t = { .elem = elem };
    f->body = body;
    f->pinned.body = NULL;
    f->args[0] = tensor_new(&t);
    f->args[1] = tensor_new(&t);
    if (!f->args[0] || !f->args[1])
        return IRRUN_NOMEM;
    return region_lane_safe(fr->f, body) ? region_pin(fr, body, &f->pinned) : 0;
}

static void scalar_fn_close(frame *fr, scalar_fn *f)
{
    region_unpin(fr, &f->pinned);
    tensor_release(f->args[0]);
    tensor_release(f->args[1]);
}

/* out := body(a, b) (the result's bytes) */
static int scalar_fn_call(ictx *c, frame *fr, scalar_fn *f, const void *a, const void *b, void *out)
{
    size_t es = f->args[0]->nbytes;
    memcpy(f->args[0]->data, a, es);
    memcpy(f->args[1]->data, b, es);
    tensor *r = NULL;
    int rc = f->pinned.body ? region_run_pinned(c, fr, &f->pinned, f->args, &r)
                            : region_run(c, fr, f->body, f->args, &r);
    if (rc == 0)
        memcpy(out, r->data, r->nbytes);
    if (!f->pinned.body)
        tensor_release(r);
    return rc;
}

/* select_and_scatter with lane-safe bodies: the source elements in blocks
 * (region_rounds_block), in row-major order. A block's selections run the select
 * body once per window position, on every lane that has a selection and a
 * candidate there; its scatters are ordered combining (region_rounds):
 * each selected position takes the block's selections of it in source
 * order, as REF does. */
typedef struct {
    const tensor *x, *src, *init;
    tensor *r;
    size_t es;
    int64_t xs[SHAPE_MAX_RANK];
    int64_t *chosen, *cand; /* per lane */
    int64_t *start;         /* per lane: the window origin's rank coordinates */
    int64_t *base;          /* per lane: its offset, or -1 when the window leaves the operand */
    tensor *a, *b;          /* lane arguments */
    region_rounds rounds;
} sas_state;

/* Runs `body` in n lanes on (a, b); *out is the lane result. */
static int sas_run(ictx *c, frame *fr, const ir_op *op, const ir_block *body, sas_state *s, int64_t n,
                   tensor **out)
{
    tensor *args[2] = { s->a, s->b };
    return region_run_lanes(c, fr, op, body, args, n, out);
}

static int sas_select(ictx *c, frame *fr, const ir_op *op, sas_state *s, int64_t n)
{
    const ir_window *w = &op->a.window;
    int rank = s->x->type.rank;
    const unsigned char *x = s->x->data;
    unsigned char *a = s->a->data, *b = s->b->data;
    int64_t at[SHAPE_MAX_RANK] = { 0 };
    int rc = 0;
    bool more = true;
    while (more && rc == 0) {
        int64_t live = 0;
        int64_t at_off = 0;
        for (int d = 0; d < rank; d++)
            at_off += at[d] * s->xs[d];
        for (int64_t l = 0; l < n; l++) {
            int64_t q = s->base[l] + at_off;
            s->cand[l] = -1;
            if (s->base[l] < 0) {
                const int64_t *st = &s->start[l * rank];
                bool inside = true;
                q = 0;
                for (int d = 0; d < rank && inside; d++) {
                    int64_t qd = st[d] + at[d];
                    inside = qd >= 0 && qd < s->x->type.dims[d];
                    q += qd * s->xs[d];
                }
                if (!inside)
                    continue;
            }
            if (s->chosen[l] < 0) {
                /* select(x[q], x[q]) keeps q either way */
                s->chosen[l] = q;
                continue;
            }
            s->cand[l] = q;
            copy_element(a + (size_t)l * s->es, x + (size_t)s->chosen[l] * s->es, s->es);
            copy_element(b + (size_t)l * s->es, x + (size_t)q * s->es, s->es);
            live++;
        }
        if (live) {
            tensor *keep = NULL;
            rc = sas_run(c, fr, op, &op->regions[0], s, n, &keep);
            for (int64_t l = 0; rc == 0 && l < n; l++)
                if (s->cand[l] >= 0 && !((const uint8_t *)keep->data)[l])
                    s->chosen[l] = s->cand[l];
            tensor_release(keep);
        }
        more = next_offset(&w->dims, at);
    }
    return rc;
}

/* The block's lanes [0, n) (sources s0...): tmp := scatter(init, source),
 * then res[sel] := scatter(tmp, res[sel]) in source order. */
static int sas_scatter(ictx *c, frame *fr, const ir_op *op, sas_state *s, int64_t s0, int64_t n)
{
    size_t es = s->es;
    unsigned char *a = s->a->data, *b = s->b->data;
    for (int64_t l = 0; l < n; l++) {
        copy_element(a + (size_t)l * es, s->init->data, es);
        copy_element(b + (size_t)l * es, (const unsigned char *)s->src->data + (size_t)(s0 + l) * es, es);
    }
    tensor *tmp = NULL;
    int rc = sas_run(c, fr, op, &op->regions[1], s, n, &tmp);
    /* the selections, in source order; cand: each one's lane in tmp */
    int64_t m = 0;
    for (int64_t l = 0; rc == 0 && l < n; l++)
        if (s->chosen[l] >= 0) {
            s->chosen[m] = s->chosen[l];
            s->cand[m++] = l;
        }
    if (rc == 0)
        rc = region_rounds_run(c, fr, op, &s->rounds, &s->r, &tmp, s->chosen, s->cand, m);
    tensor_release(tmp);
    return rc;
}

static int sas_lanes(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const ir_window *w = &op->a.window;
    sas_state s = { .x = fr->slots[op->operands[0]], .src = fr->slots[op->operands[1]],
                    .init = fr->slots[op->operands[2]], .r = res[0] };
    int rank = s.x->type.rank;
    int64_t L = s.src->count, B = region_rounds_block(c, L);
    s.es = tensor_elem_bytes(s.x);
    shape_strides(&s.x->type, s.xs);
    s.chosen = mem_alloc((size_t)B * sizeof *s.chosen);
    s.cand = mem_alloc((size_t)B * sizeof *s.cand);
    s.start = mem_alloc((size_t)B * (size_t)(rank ? rank : 1) * sizeof *s.start);
    s.base = mem_alloc((size_t)B * sizeof *s.base);
    s.a = region_lane_tensor(s.x->type.elem, B);
    s.b = region_lane_tensor(s.x->type.elem, B);
    int rc = region_rounds_open(&s.rounds, &op->regions[1], 1, false, &s.r, B);
    if (rc || !s.chosen || !s.cand || !s.start || !s.base || !s.a || !s.b)
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.select_and_scatter'");
    /* the source index of each lane, counted forwards */
    int64_t si[SHAPE_MAX_RANK];
    ir_ints src_dims = { .n = rank, .v = (int64_t *)s.src->type.dims }; /* read only */
    for (int64_t s0 = 0; s0 < L && rc == 0; s0 += B) {
        int64_t n = L - s0 < B ? L - s0 : B;
        shape_unravel(&s.src->type, s0, si);
        for (int64_t l = 0; l < n; l++, next_offset(&src_dims, si)) {
            s.base[l] = 0;
            for (int d = 0; d < rank; d++) {
                int64_t o = si[d] * w->strides.v[d] - w->low.v[d];
                s.start[l * rank + d] = o;
                if (o < 0 || o + w->dims.v[d] > s.x->type.dims[d])
                    s.base[l] = -1;
                else if (s.base[l] >= 0)
                    s.base[l] += o * s.xs[d];
            }
            s.chosen[l] = -1;
        }
        rc = sas_select(c, fr, op, &s, n);
        if (rc == 0)
            rc = sas_scatter(c, fr, op, &s, s0, n);
    }
    region_rounds_close(&s.rounds);
    mem_free(s.chosen);
    mem_free(s.cand);
    mem_free(s.start);
    mem_free(s.base);
    tensor_release(s.a);
    tensor_release(s.b);
    return rc;
}

/* SPEC 9.4.5 as REF runs it (decision 33): for each source element in
 * row-major order, the window's first in-bounds position is selected and
 * then replaced by every position q (the first included) for which
 * select(operand[sel], operand[q]) is false; res[sel] := scatter(scatter(
 * init, source), res[sel]). Padding positions are skipped. */
int exec_select_and_scatter(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    const ir_window *w = &op->a.window;
    const tensor *x = fr->slots[op->operands[0]], *src = fr->slots[op->operands[1]];
    const tensor *init = fr->slots[op->operands[2]];
    tensor *r = res[0];
    size_t es = tensor_elem_bytes(x);
    kern_fill_elements(r->data, r->count, init->data, es);
    /* a few sources run pinned (region_rounds_pay) */
    if (region_rounds_pay(c, src->count) && region_lane_safe(fr->f, &op->regions[0]) &&
        region_lane_safe(fr->f, &op->regions[1]))
        return sas_lanes(c, fr, op, res);
    scalar_fn sel, sc;
    int rc = scalar_fn_open(fr, &op->regions[0], x->type.elem, &sel);
    if (rc == 0)
        rc = scalar_fn_open(fr, &op->regions[1], x->type.elem, &sc);
    else
        sc = (scalar_fn){ .body = NULL };
    if (rc == IRRUN_NOMEM)
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.select_and_scatter'");
    int rank = x->type.rank;
    int64_t xs[SHAPE_MAX_RANK], si[SHAPE_MAX_RANK];
    shape_strides(&x->type, xs);
    unsigned char tmp[16];
    for (int64_t s = 0; s < src->count && rc == 0; s++) {
        shape_unravel(&src->type, s, si);
        int64_t at[SHAPE_MAX_RANK] = { 0 }, chosen = -1;
        bool more = true;
        while (more && rc == 0) {
            int64_t q = 0;
            bool inside = true;
            for (int d = 0; d < rank && inside; d++) {
                int64_t qd = si[d] * w->strides.v[d] + at[d] - w->low.v[d];
                inside = qd >= 0 && qd < x->type.dims[d];
                q += qd * xs[d];
            }
            if (inside) {
                if (chosen < 0)
                    chosen = q;
                uint8_t keep = 0;
                rc = scalar_fn_call(c, fr, &sel, (const unsigned char *)x->data + (size_t)chosen * es,
                                    (const unsigned char *)x->data + (size_t)q * es, &keep);
                if (rc == 0 && !keep)
                    chosen = q;
            }
            more = next_offset(&w->dims, at);
        }
        if (rc || chosen < 0)
            continue;
        unsigned char *dst = (unsigned char *)r->data + (size_t)chosen * es;
        rc = scalar_fn_call(c, fr, &sc, init->data, (const unsigned char *)src->data + (size_t)s * es, tmp);
        if (rc == 0)
            rc = scalar_fn_call(c, fr, &sc, tmp, dst, dst);
    }
    if (sel.body)
        scalar_fn_close(fr, &sel);
    if (sc.body)
        scalar_fn_close(fr, &sc);
    return rc;
}

int exec_get_dimension_size(ictx *c, frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    int32_t n = (int32_t)(uint32_t)fr->slots[op->operands[0]]->type.dims[op->a.dimension];
    memcpy(res[0]->data, &n, sizeof n);
    return 0;
}
