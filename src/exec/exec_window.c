/* reduce_window (SPEC.md 9.4.6): every result element folds its window
 * over the inputs padded with their init values (borders and base-dilation
 * holes), in row-major order starting from init. The padded inputs are
 * never built: at a window position each result element reads an input
 * element or init, so memory is the inputs, the results and a few tensors
 * of result size, whatever the padding. All result elements take the same
 * window step at once: a one-op body is one kernel call per window
 * position, a lane-safe body one region run per position; other bodies
 * run per element. The positions where every result element reads init
 * (outside the box of positions that can reach an input element) are not
 * visited one by one: a run of them applies the body to (acc, init) until
 * the accumulators stop changing, which they then never do again, so a
 * padding of 2^30 under an identity init costs one step. */
#include <string.h>

#include "exec/exec.h"
#include "util/mem.h"

typedef struct {
    int N;
    const ir_window *w;
    const tensor **x;    /* the inputs, N of them */
    const tensor **init; /* their init values (rank 0) */
    int rank;
    int64_t R[SHAPE_MAX_RANK];  /* the result's dimensions */
    int64_t xs[SHAPE_MAX_RANK]; /* the inputs' strides */
    /* the box lo..hi (inclusive) of window positions at which some result
     * element may read an input element; `none` when it is empty */
    int64_t lo[SHAPE_MAX_RANK], hi[SHAPE_MAX_RANK];
    bool none;
    int64_t M[SHAPE_MAX_RANK]; /* window positions per step of dimension d (saturated) */
    int64_t total;             /* window positions (saturated) */
    int64_t *offs[SHAPE_MAX_RANK]; /* scratch, R[d] each: input offset read by result index r, or -1 */
} window_state;

static int64_t sat_add(int64_t a, int64_t b) { return __builtin_add_overflow(a, b, &a) ? INT64_MAX : a; }
static int64_t sat_mul(int64_t a, int64_t b) { return __builtin_mul_overflow(a, b, &a) ? INT64_MAX : a; }
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }
static int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 && a > 0); }

/* The input index along dimension d that result index r reads at window
 * position a, or -1 for padding (a border or a base-dilation hole). The
 * padded position r * stride + a * window_dilation is below the padded
 * size, which the checker held to 64 bits. */
static int64_t input_index(const window_state *s, int d, int64_t r, int64_t a)
{
    const ir_window *w = s->w;
    int64_t q, b = w->base_dilations.v[d];
    if (__builtin_sub_overflow(r * w->strides.v[d] + a * w->window_dilations.v[d], w->low.v[d], &q) || q < 0 ||
        q % b)
        return -1;
    q /= b;
    return q < s->x[0]->type.dims[d] ? q : -1;
}

/* The box of positions that can reach an input element: in dimension d,
 * some result index r in [0, R) reads q = r * stride + a * dilation - low
 * inside the dilated input [0, span) only if a * dilation lies in
 * [low - (R - 1) * stride, low + span - 1] (a hull: holes and gaps between
 * result elements are left to the element reads). */
static void window_box(window_state *s)
{
    const ir_window *w = s->w;
    s->none = false;
    for (int d = 0; d < s->rank; d++) {
        int64_t n = s->x[0]->type.dims[d], b = w->base_dilations.v[d], wd = w->window_dilations.v[d];
        int64_t span = n == 0 ? 0 : (n - 1) * b + 1, a0, a1;
        s->lo[d] = __builtin_sub_overflow(w->low.v[d], (s->R[d] - 1) * w->strides.v[d], &a0) ? 0 : ceil_div(a0, wd);
        s->hi[d] = __builtin_add_overflow(w->low.v[d], span - 1, &a1) ? w->dims.v[d] - 1 : floor_div(a1, wd);
        if (s->lo[d] < 0)
            s->lo[d] = 0;
        if (s->hi[d] > w->dims.v[d] - 1)
            s->hi[d] = w->dims.v[d] - 1;
        s->none = s->none || span == 0 || s->hi[d] < s->lo[d];
    }
    s->total = 1;
    for (int d = s->rank - 1; d >= 0; d--) {
        s->M[d] = s->total;
        s->total = sat_mul(s->total, w->dims.v[d]);
    }
}

/* The window positions of the box in row-major order. Each call gives the
 * next one in k->at and true, with *gap the number of positions outside
 * the box since the previous one; after the last, false with *gap the
 * number of positions left. Gaps are sums of positive terms (for the steps
 * from e.g. at[d]: the positions past hi[e] and before lo[e] of every
 * inner dimension e), saturated at INT64_MAX. */
typedef struct {
    int64_t at[SHAPE_MAX_RANK];
    bool started;
} window_walk;

static bool walk_next(const window_state *s, window_walk *k, int64_t *gap)
{
    const int64_t *w = s->w->dims.v;
    int n = s->rank, d = n - 1;
    *gap = 0;
    if (s->none) {
        *gap = s->total;
        return false;
    }
    if (!k->started) {
        k->started = true;
        for (int e = 0; e < n; e++) {
            k->at[e] = s->lo[e];
            *gap = sat_add(*gap, sat_mul(s->lo[e], s->M[e]));
        }
        return true;
    }
    while (d >= 0 && k->at[d] == s->hi[d])
        d--;
    if (d < 0) {
        for (int e = 0; e < n; e++)
            *gap = sat_add(*gap, sat_mul(w[e] - 1 - s->hi[e], s->M[e]));
        return false;
    }
    k->at[d]++;
    for (int e = d + 1; e < n; e++) {
        k->at[e] = s->lo[e];
        *gap = sat_add(*gap, sat_mul(w[e] - 1 - (s->hi[e] - s->lo[e]), s->M[e]));
    }
    return true;
}

/* Every result element's element of input k at window position `at`, as
 * a tensor of `lanes` elements (rank 1). In each dimension the result
 * indices that read an input element are one range (the stride a multiple
 * of the base dilation, or one result index): their box is one strided
 * copy from the input, the rest init. Otherwise (a stride that steps over
 * base-dilation holes) element by element. */
static tensor *window_step(pool *p, const window_state *s, int k, const tensor_type *result, const int64_t *at)
{
    tensor_type t = *result;
    t.elem = s->x[k]->type.elem;
    tensor *e = tensor_new_unset(&t); /* every element is written below */
    if (!e)
        return NULL;
    const ir_window *w = s->w;
    size_t es = tensor_elem_bytes(e);
    int64_t off = 0, roff = 0, st[SHAPE_MAX_RANK], box[SHAPE_MAX_RANK], rs[SHAPE_MAX_RANK];
    bool ranged = true, full = true, empty = false;
    shape_strides(&t, rs);
    for (int d = 0; d < s->rank && ranged && !empty; d++) {
        int64_t b = w->base_dilations.v[d], str = w->strides.v[d], n = s->x[k]->type.dims[d], q0, lim;
        ranged = s->R[d] == 1 || str % b == 0;
        /* result index r reads the dilated input at q0 + r * str */
        if (!ranged || n == 0 || __builtin_sub_overflow(at[d] * w->window_dilations.v[d], w->low.v[d], &q0) ||
            q0 % b) {
            empty = ranged;
            break;
        }
        int64_t r0 = q0 >= 0 ? 0 : (-q0 + str - 1) / str;
        int64_t r1 = __builtin_sub_overflow((n - 1) * b, q0, &lim) ? s->R[d] - 1 : lim < 0 ? -1 : lim / str;
        if (r1 > s->R[d] - 1)
            r1 = s->R[d] - 1;
        empty = r0 > r1;
        box[d] = r1 - r0 + 1;
        full = full && box[d] == s->R[d];
        roff += r0 * rs[d];
        off += (q0 + r0 * str) / b * s->xs[d];
        st[d] = str / b * s->xs[d];
    }
    irrun_status status = IRRUN_OK;
    if (ranged) {
        if (empty || !full)
            kern_fill_elements(e->data, e->count, s->init[k]->data, es);
        if (!empty)
            status = kern_box_copy_on(p, s->x[k], off, st, e, roff, box);
    } else {
        const unsigned char *in = s->x[k]->data, *pad = s->init[k]->data;
        unsigned char *out = e->data;
        int last = s->rank - 1;
        for (int d = 0; d < s->rank; d++)
            for (int64_t r = 0; r < s->R[d]; r++) {
                int64_t i = input_index(s, d, r, at[d]);
                s->offs[d][r] = i < 0 ? -1 : i * s->xs[d];
            }
        /* a row of the last dimension at a time */
        int64_t ri[SHAPE_MAX_RANK] = { 0 };
        for (int64_t u = 0; u < e->count;) {
            int64_t base = 0;
            bool ok = true;
            for (int d = 0; d < last; d++) {
                ok = ok && s->offs[d][ri[d]] >= 0;
                base += s->offs[d][ri[d]];
            }
            for (int64_t r = 0; r < s->R[last]; r++, u++) {
                int64_t o = s->offs[last][r];
                rt_copy_element(out + (size_t)u * es, ok && o >= 0 ? in + (size_t)(base + o) * es : pad, es);
            }
            for (int d = last - 1; d >= 0 && ++ri[d] == s->R[d]; d--)
                ri[d] = 0;
        }
    }
    if (status != IRRUN_OK) {
        tensor_release(e);
        return NULL;
    }
    e->type.rank = 1;
    e->type.dims[0] = e->count;
    return e;
}

/* One window step: the body on args = (accumulators, elements), its
 * results becoming the accumulators; the elements are released either way
 * (rc: the status so far, the body runs only when it is 0). */
static int fold_step(rt_ctx *c, rt_frame *fr, const ir_op *op, int N, tensor **args, tensor **rets, int rc)
{
    if (rc == 0)
        rc = rt_region_run(c, fr, &op->regions[0], args, rets);
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

static bool same_bits(const tensor *a, const tensor *b)
{
    return a->splat == b->splat && a->nbytes == b->nbytes && memcmp(a->data, b->data, a->nbytes) == 0;
}

/* `gap` window positions of padding: args[N + k] := pad[k] for each step.
 * With `skip` (a body without side effects, a function of its operands'
 * bits), the steps stop once one leaves every accumulator as it was: the
 * rest would too. args[3N .. 4N) is scratch. */
static int fold_padding(rt_ctx *c, rt_frame *fr, const ir_op *op, int N, tensor **args, tensor **rets, tensor **pad,
                        int64_t gap, bool skip)
{
    tensor **old = args + 3 * N;
    int rc = 0;
    for (int64_t i = 0; i < gap && rc == 0; i++) {
        for (int k = 0; k < N; k++) {
            old[k] = tensor_retain(args[k]);
            args[N + k] = tensor_retain(pad[k]);
        }
        rc = fold_step(c, fr, op, N, args, rets, rc);
        bool same = rc == 0 && skip;
        for (int k = 0; k < N; k++) {
            same = same && same_bits(old[k], args[k]);
            tensor_release(old[k]);
            old[k] = NULL;
        }
        if (same)
            break;
    }
    return rc;
}

static int fold_lanes(rt_ctx *c, rt_frame *fr, const ir_op *op, window_state *s, tensor **res)
{
    int N = s->N;
    int64_t L = res[0]->count;
    /* accumulators, elements, results, scratch; then the init lanes */
    tensor **args = mem_calloc((size_t)(5 * N), sizeof *args), **rets = args ? args + 2 * N : NULL;
    tensor **pad = args ? args + 4 * N : NULL;
    int rc = args ? 0 : IRRUN_NOMEM;
    for (int k = 0; k < N && rc == 0; k++)
        if (!(args[k] = rt_region_lane_splat(s->init[k], L)))
            rc = IRRUN_NOMEM;
    rt_lanes st = { 0, NULL, NULL };
    if (rc == 0)
        rc = rt_region_lanes_enter(c, fr, op, &op->regions[0], L, &st);
    else
        rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    window_walk k = { .started = false };
    int64_t gap;
    bool more = true;
    while (more && rc == 0) {
        more = walk_next(s, &k, &gap);
        for (int j = 0; j < N && rc == 0 && gap > 0 && !pad[j]; j++)
            if (!(pad[j] = rt_region_lane_splat(s->init[j], L)))
                rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
        if (rc == 0 && gap > 0)
            rc = fold_padding(c, fr, op, N, args, rets, pad, gap, true);
        if (!more || rc)
            break;
        for (int j = 0; j < N && rc == 0; j++)
            if (!(args[N + j] = window_step(rt_pool(c, L), s, j, &res[0]->type, k.at)))
                rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
        rc = fold_step(c, fr, op, N, args, rets, rc);
    }
    if (st.values)
        rt_region_lanes_leave(c, fr, &st);
    for (int j = 0; j < N && rc == 0; j++)
        memcpy(res[j]->data, args[j]->data, res[j]->nbytes);
    for (int j = 0; args && j < 5 * N; j++)
        tensor_release(args[j]);
    mem_free(args);
    return rc;
}

/* One kernel call per window position: acc := op(acc, step); a run of
 * padding positions steps with init until acc stops changing. */
static int fold_kernel(rt_ctx *c, const ir_op *op, window_state *s, kern_binop bop, bool acc_left, tensor **res)
{
    irrun_status st = IRRUN_OK;
    tensor *pad = NULL, *prev = NULL;
    window_walk k = { .started = false };
    int64_t gap;
    bool more = true;
    /* each position is a copy and an element-wise kernel over every result
     * element: both split over the run's threads when large */
    pool *p = rt_pool(c, res[0]->count);
    size_t es = tensor_elem_bytes(res[0]);
    while (more && st == IRRUN_OK) {
        more = walk_next(s, &k, &gap);
        if (gap > 0 && !pad) {
            pad = tensor_new_unset(&res[0]->type);
            prev = tensor_new_unset(&res[0]->type);
            if (!pad || !prev) {
                st = IRRUN_NOMEM;
                break;
            }
            kern_fill_elements(pad->data, pad->count, s->init[0]->data, es);
        }
        for (int64_t i = 0; i < gap && st == IRRUN_OK; i++) {
            memcpy(prev->data, res[0]->data, res[0]->nbytes);
            st = acc_left ? kern_binary_on(p, bop, res[0], pad, res[0]) : kern_binary_on(p, bop, pad, res[0], res[0]);
            if (memcmp(prev->data, res[0]->data, res[0]->nbytes) == 0)
                break;
        }
        if (!more || st != IRRUN_OK)
            break;
        tensor *e = window_step(p, s, 0, &res[0]->type, k.at);
        if (!e) {
            st = IRRUN_NOMEM;
            break;
        }
        e->type = res[0]->type;
        st = acc_left ? kern_binary_on(p, bop, res[0], e, res[0]) : kern_binary_on(p, bop, e, res[0], res[0]);
        tensor_release(e);
    }
    tensor_release(pad);
    tensor_release(prev);
    if (st == IRRUN_NOMEM)
        return rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    return rt_status(c, op, st);
}

/* Any other body: per result element, per window position, on rank-0
 * tensors; runs of padding positions skipped as above only for a
 * lane-safe body (others may have effects that each step must show). */
static int fold_general(rt_ctx *c, rt_frame *fr, const ir_op *op, window_state *s, tensor **res)
{
    int N = s->N;
    bool skip = rt_region_lane_safe(fr->f, &op->regions[0]);
    tensor **args = mem_calloc((size_t)(5 * N), sizeof *args), **rets = args ? args + 2 * N : NULL;
    tensor **pad = args ? args + 4 * N : NULL;
    int rc = args ? 0 : rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    for (int k = 0; k < N && rc == 0; k++)
        pad[k] = tensor_retain((tensor *)s->init[k]);
    int64_t ri[SHAPE_MAX_RANK];
    for (int64_t r = 0; r < res[0]->count && rc == 0; r++) {
        shape_unravel(&res[0]->type, r, ri);
        for (int k = 0; k < N; k++)
            args[k] = tensor_retain((tensor *)s->init[k]);
        window_walk wk = { .started = false };
        int64_t gap;
        bool more = true;
        while (more && rc == 0) {
            more = walk_next(s, &wk, &gap);
            if (gap > 0)
                rc = fold_padding(c, fr, op, N, args, rets, pad, gap, skip);
            if (!more || rc)
                break;
            int64_t q = 0;
            for (int d = 0; d < s->rank && q >= 0; d++) {
                int64_t i = input_index(s, d, ri[d], wk.at[d]);
                q = i < 0 ? -1 : q + i * s->xs[d];
            }
            for (int k = 0; k < N && rc == 0; k++) {
                tensor_type t = { .elem = s->x[k]->type.elem };
                if (!(args[N + k] = tensor_new(&t)))
                    rc = rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
                else
                    memcpy(args[N + k]->data,
                           q < 0 ? s->init[k]->data : (const unsigned char *)s->x[k]->data + (size_t)q * args[N + k]->nbytes,
                           args[N + k]->nbytes);
            }
            rc = fold_step(c, fr, op, N, args, rets, rc);
        }
        for (int k = 0; k < N; k++) {
            if (rc == 0)
                memcpy((unsigned char *)res[k]->data + (size_t)r * args[k]->nbytes, args[k]->data, args[k]->nbytes);
            tensor_release(args[k]);
            args[k] = NULL;
        }
    }
    for (int k = 0; args && k < N; k++)
        tensor_release(pad[k]);
    mem_free(args);
    return rc;
}

int exec_reduce_window(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    window_state s = { .N = op->noperands / 2, .w = &op->a.window, .rank = res[0]->type.rank };
    int N = s.N;
    if (res[0]->count == 0)
        return 0;
    s.x = mem_calloc((size_t)(2 * N), sizeof *s.x);
    int64_t nlanes = 0;
    for (int d = 0; d < s.rank; d++) {
        s.R[d] = res[0]->type.dims[d];
        nlanes += s.R[d];
    }
    int64_t *scratch = mem_alloc((size_t)(nlanes ? nlanes : 1) * sizeof *scratch);
    if (!s.x || !scratch) {
        mem_free(s.x);
        mem_free(scratch);
        return rt_nomem(c, op->loc, "out of memory in 'stablehlo.reduce_window'");
    }
    s.init = s.x + N;
    for (int k = 0; k < N; k++) {
        s.x[k] = fr->slots[op->operands[k]];
        s.init[k] = fr->slots[op->operands[N + k]];
    }
    for (int64_t d = 0, at = 0; d < s.rank; at += s.R[d], d++)
        s.offs[d] = scratch + at;
    shape_strides(&s.x[0]->type, s.xs);
    window_box(&s);
    int rc;
    kern_binop bop;
    bool acc_left;
    if (N == 1 && rt_region_binop_body(&op->regions[0], &bop, &acc_left)) {
        kern_fill_elements(res[0]->data, res[0]->count, s.init[0]->data, tensor_elem_bytes(s.init[0]));
        rc = fold_kernel(c, op, &s, bop, acc_left, res);
    } else if (c->lanes == 0 && rt_region_lane_safe(fr->f, &op->regions[0])) {
        rc = fold_lanes(c, fr, op, &s, res);
    } else {
        rc = fold_general(c, fr, op, &s, res);
    }
    mem_free(scratch);
    mem_free(s.x);
    return rc;
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

/* A body of two rank-0 arguments of one element type and one rank-0
 * result, run pinned when it is lane-safe, else as a region. */
typedef struct {
    const ir_block *body;
    rt_pinned pinned; /* .body set: pinned */
    tensor *args[2];
} scalar_fn;

static int scalar_fn_open(rt_frame *fr, const ir_block *body, et_id elem, scalar_fn *f)
{
    tensor_type t = { .elem = elem };
    f->body = body;
    f->pinned.body = NULL;
    f->args[0] = tensor_new(&t);
    f->args[1] = tensor_new(&t);
    if (!f->args[0] || !f->args[1])
        return IRRUN_NOMEM;
    return rt_region_lane_safe(fr->f, body) ? rt_region_pin(fr, body, &f->pinned) : 0;
}

static void scalar_fn_close(rt_frame *fr, scalar_fn *f)
{
    rt_region_unpin(fr, &f->pinned);
    tensor_release(f->args[0]);
    tensor_release(f->args[1]);
}

/* out := body(a, b) (the result's bytes) */
static int scalar_fn_call(rt_ctx *c, rt_frame *fr, scalar_fn *f, const void *a, const void *b, void *out)
{
    size_t es = f->args[0]->nbytes;
    memcpy(f->args[0]->data, a, es);
    memcpy(f->args[1]->data, b, es);
    tensor *r = NULL;
    int rc = f->pinned.body ? rt_region_run_pinned(c, fr, &f->pinned, f->args, &r)
                            : rt_region_run(c, fr, f->body, f->args, &r);
    if (rc == 0)
        memcpy(out, r->data, r->nbytes);
    if (!f->pinned.body)
        tensor_release(r);
    return rc;
}

/* select_and_scatter with lane-safe bodies: the source elements in blocks
 * (rt_rounds_block), in row-major order. A block's selections run the select
 * body once per window position, on every lane that has a selection and a
 * candidate there; its scatters are ordered combining (rt_rounds):
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
    rt_rounds rounds;
} sas_state;

/* Runs `body` in n lanes on (a, b); *out is the lane result. */
static int sas_run(rt_ctx *c, rt_frame *fr, const ir_op *op, const ir_block *body, sas_state *s, int64_t n,
                   tensor **out)
{
    tensor *args[2] = { s->a, s->b };
    return rt_region_run_lanes(c, fr, op, body, args, n, out);
}

static int sas_select(rt_ctx *c, rt_frame *fr, const ir_op *op, sas_state *s, int64_t n)
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
            rt_copy_element(a + (size_t)l * s->es, x + (size_t)s->chosen[l] * s->es, s->es);
            rt_copy_element(b + (size_t)l * s->es, x + (size_t)q * s->es, s->es);
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
static int sas_scatter(rt_ctx *c, rt_frame *fr, const ir_op *op, sas_state *s, int64_t s0, int64_t n)
{
    size_t es = s->es;
    unsigned char *a = s->a->data, *b = s->b->data;
    for (int64_t l = 0; l < n; l++) {
        rt_copy_element(a + (size_t)l * es, s->init->data, es);
        rt_copy_element(b + (size_t)l * es, (const unsigned char *)s->src->data + (size_t)(s0 + l) * es, es);
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
        rc = rt_rounds_run(c, fr, op, &s->rounds, &s->r, &tmp, s->chosen, s->cand, m);
    tensor_release(tmp);
    return rc;
}

static int sas_lanes(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_window *w = &op->a.window;
    sas_state s = { .x = fr->slots[op->operands[0]], .src = fr->slots[op->operands[1]],
                    .init = fr->slots[op->operands[2]], .r = res[0] };
    int rank = s.x->type.rank;
    int64_t L = s.src->count, B = rt_rounds_block(c, L);
    s.es = tensor_elem_bytes(s.x);
    shape_strides(&s.x->type, s.xs);
    s.chosen = mem_alloc((size_t)B * sizeof *s.chosen);
    s.cand = mem_alloc((size_t)B * sizeof *s.cand);
    s.start = mem_alloc((size_t)B * (size_t)(rank ? rank : 1) * sizeof *s.start);
    s.base = mem_alloc((size_t)B * sizeof *s.base);
    s.a = rt_region_lane_tensor(s.x->type.elem, B);
    s.b = rt_region_lane_tensor(s.x->type.elem, B);
    int rc = rt_rounds_open(&s.rounds, &op->regions[1], 1, false, &s.r, B);
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
    rt_rounds_close(&s.rounds);
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
int exec_select_and_scatter(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_window *w = &op->a.window;
    const tensor *x = fr->slots[op->operands[0]], *src = fr->slots[op->operands[1]];
    const tensor *init = fr->slots[op->operands[2]];
    tensor *r = res[0];
    size_t es = tensor_elem_bytes(x);
    kern_fill_elements(r->data, r->count, init->data, es);
    /* a few sources run pinned (rt_rounds_pay) */
    if (rt_rounds_pay(c, src->count) && rt_region_lane_safe(fr->f, &op->regions[0]) &&
        rt_region_lane_safe(fr->f, &op->regions[1]))
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

int exec_get_dimension_size(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    (void)c;
    int32_t n = (int32_t)(uint32_t)fr->slots[op->operands[0]]->type.dims[op->a.dimension];
    memcpy(res[0]->data, &n, sizeof n);
    return 0;
}
