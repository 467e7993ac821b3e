/* The checks of gather, scatter, dynamic_slice and dynamic_update_slice
 * (SPEC.md 9.4.1-9.4.4): shapes follow from the dimension numbers, so the
 * interpreter can index without bounds surprises. */
#include <stdio.h>

#include "check/check_internal.h"

static bool contains(const ir_ints *d, int64_t x)
{
    for (int i = 0; i < d->n; i++)
        if (d->v[i] == x)
            return true;
    return false;
}

static bool sorted(checker *c, const ir_op *o, const char *what, const ir_ints *d)
{
    for (int i = 1; i < d->n; i++)
        if (d->v[i] <= d->v[i - 1])
            FAIL(o->loc, "'%s' %s must be sorted and unique", ir_op_name(o->kind), what);
    return true;
}

/* Two lists that must not share an entry (collapsed/inserted with the
 * batching dimensions, the index map with the batching dimensions). */
static bool disjoint(checker *c, const ir_op *o, const char *an, const ir_ints *a, const char *bn, const ir_ints *b)
{
    for (int i = 0; i < a->n; i++)
        if (contains(b, a->v[i]))
            FAIL(o->loc, "'%s' %s and %s both hold dimension %lld", ir_op_name(o->kind), an, bn, (long long)a->v[i]);
    return true;
}

/* The rules gather and scatter share: the batching dimension pairs, the
 * index vector dimension and the index map (SPEC 9.4.1 checks 2, 4-6;
 * 9.4.2 checks 2-4). `names` spell the fields the way the op's attribute
 * does. Sets *nmap to the index vector length. */
static bool index_rules(checker *c, const ir_op *o, const ir_index_dims *d, const tensor_type *operand,
                        const tensor_type *indices, const char *const names[5])
{
    int rank = operand->rank, irank = indices->rank;
    if (!et_is_int(indices->elem))
        FAIL(o->uses[1].loc, "'%s' indices must have an integer element type, got %s", ir_op_name(o->kind),
             TS(indices));
    if (!sorted(c, o, names[1], &d->collapsed) || !sorted(c, o, names[2], &d->operand_batch) ||
        !check_dims_in_range(c, o, names[1], &d->collapsed, rank, true) ||
        !check_dims_in_range(c, o, names[2], &d->operand_batch, rank, true) ||
        !disjoint(c, o, names[1], &d->collapsed, names[2], &d->operand_batch))
        return false;
    int64_t v = d->index_vector_dim;
    if (v < 0 || v > irank)
        FAIL(o->loc, "'%s' index_vector_dim %lld is out of range [0, %d]", ir_op_name(o->kind), (long long)v, irank);
    if (!check_dims_in_range(c, o, names[3], &d->index_batch, irank, true))
        return false;
    if (contains(&d->index_batch, v))
        FAIL(o->loc, "'%s' %s holds the index_vector_dim %lld", ir_op_name(o->kind), names[3], (long long)v);
    if (d->index_batch.n != d->operand_batch.n)
        FAIL(o->loc, "'%s' %s and %s must have the same length", ir_op_name(o->kind), names[2], names[3]);
    for (int j = 0; j < d->operand_batch.n; j++)
        if (operand->dims[d->operand_batch.v[j]] != indices->dims[d->index_batch.v[j]])
            FAIL(o->loc, "'%s' batching dimension %lld of %s and %lld of %s differ in size", ir_op_name(o->kind),
                 (long long)d->operand_batch.v[j], TS(operand), (long long)d->index_batch.v[j], TS(indices));
    int64_t want = v < irank ? indices->dims[v] : 1;
    if (d->index_map.n != want)
        FAIL(o->loc, "'%s' %s has %d entries but the index vectors have %lld", ir_op_name(o->kind), names[4],
             d->index_map.n, (long long)want);
    return check_dims_in_range(c, o, names[4], &d->index_map, rank, true) &&
           disjoint(c, o, names[4], &d->index_map, names[2], &d->operand_batch);
}

/* The batch dimensions of the indices: every dimension but index_vector_dim. */
static int batch_dims(const tensor_type *indices, int64_t v, int64_t *out)
{
    int n = 0;
    for (int d = 0; d < indices->rank; d++)
        if (d != v)
            out[n++] = indices->dims[d];
    return n;
}

bool check_gather(checker *c, ir_op *o)
{
    static const char *const names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                          "start_indices_batching_dims", "start_index_map" };
    const ir_index_dims *d = &o->a.index;
    const tensor_type *operand = &o->operand_types[0], *indices = &o->operand_types[1], *r = &o->result_types[0];
    if (operand->rank != d->window.n + d->collapsed.n + d->operand_batch.n)
        FAIL(o->loc, "'%s' operand rank %d must equal |offset_dims| + |collapsed_slice_dims| + "
             "|operand_batching_dims| = %d", ir_op_name(o->kind), operand->rank, d->window.n + d->collapsed.n + d->operand_batch.n);
    if (d->slice_sizes.n != operand->rank)
        FAIL(o->loc, "'%s' slice_sizes has %d entries but the operand rank is %d", ir_op_name(o->kind), d->slice_sizes.n,
             operand->rank);
    for (int i = 0; i < operand->rank; i++) {
        int64_t s = d->slice_sizes.v[i];
        if (s < 0 || s > operand->dims[i])
            FAIL(o->loc, "'%s' slice size %lld of dimension %d is out of range [0, %lld]", ir_op_name(o->kind), (long long)s,
                 i, (long long)operand->dims[i]);
        if (s > 1 && (contains(&d->collapsed, i) || contains(&d->operand_batch, i)))
            FAIL(o->loc, "'%s' slice size of collapsed or batching dimension %d must be 0 or 1", ir_op_name(o->kind), i);
    }
    if (!index_rules(c, o, d, operand, indices, names))
        return false;
    if (r->elem != operand->elem)
        FAIL(o->loc, "'%s' result element type must be %s, got %s", ir_op_name(o->kind), et_get(operand->elem)->name,
             TS(r));
    int rrank = indices->rank - (d->index_vector_dim < indices->rank ? 1 : 0) + d->window.n;
    if (rrank != r->rank)
        FAIL(o->loc, "'%s' result must have rank %d (the indices' batch dimensions and offset_dims), "
             "got %s", ir_op_name(o->kind), rrank, TS(r));
    if (!sorted(c, o, names[0], &d->window) || !check_dims_in_range(c, o, names[0], &d->window, rrank, true))
        return false;
    tensor_type want = { .elem = operand->elem, .rank = rrank };
    int64_t bdims[SHAPE_MAX_RANK], wdims[SHAPE_MAX_RANK];
    int nb = batch_dims(indices, d->index_vector_dim, bdims), nw = 0, ib = 0, iw = 0;
    for (int i = 0; i < operand->rank; i++)
        if (!contains(&d->collapsed, i) && !contains(&d->operand_batch, i))
            wdims[nw++] = d->slice_sizes.v[i];
    for (int i = 0; i < rrank; i++)
        want.dims[i] = contains(&d->window, i) ? wdims[iw++] : bdims[ib++];
    (void)nb;
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'%s' result type %s should be %s", ir_op_name(o->kind), TS(r), TS(&want));
    /* SPEC allows 0, but a collapsed dimension keeps no result dimension,
     * so each result element would still read the empty slice, at a start
     * clamped to the end of the operand (docs/indexing.md). With no result
     * element nothing is read, and REF runs it. */
    for (int i = 0; i < operand->rank; i++)
        if (d->slice_sizes.v[i] == 0 && contains(&d->collapsed, i) && shape_count(r) != 0)
            FAIL(o->loc, "'%s' slice size of collapsed dimension %d must be 1, got 0 (it would read "
                 "outside the operand for each of the result's elements)", ir_op_name(o->kind), i);
    return true;
}

bool check_scatter(checker *c, ir_op *o)
{
    static const char *const names[5] = { "update_window_dims", "inserted_window_dims", "input_batching_dims",
                                          "scatter_indices_batching_dims", "scatter_dims_to_operand_dims" };
    const ir_index_dims *d = &o->a.index;
    if (o->noperands < 3 || o->noperands % 2 == 0)
        FAIL(o->loc, "'stablehlo.scatter' takes N inputs, the indices and N updates, got %d operands", o->noperands);
    int n = (o->noperands - 1) / 2;
    if (o->nresults != n)
        FAIL(o->loc, "'stablehlo.scatter' with %d inputs has %d results, got %d", n, n, o->nresults);
    const tensor_type *in0 = &o->operand_types[0], *indices = &o->operand_types[n], *up0 = &o->operand_types[n + 1];
    for (int k = 0; k < n; k++) {
        const tensor_type *in = &o->operand_types[k], *up = &o->operand_types[n + 1 + k];
        if (!shape_same_dims(in, in0))
            FAIL(o->uses[k].loc, "'stablehlo.scatter' inputs must have one shape, got %s and %s", TS(in0), TS(in));
        if (!shape_same_dims(up, up0))
            FAIL(o->uses[n + 1 + k].loc, "'stablehlo.scatter' updates must have one shape, got %s and %s", TS(up0),
                 TS(up));
        if (up->elem != in->elem)
            FAIL(o->uses[n + 1 + k].loc, "'stablehlo.scatter' update #%d must have element type %s, got %s", k,
                 et_get(in->elem)->name, TS(up));
        if (!shape_equal(&o->result_types[k], in))
            FAIL(o->loc, "'stablehlo.scatter' result #%d type %s should be %s", k, TS(&o->result_types[k]), TS(in));
    }
    if (in0->rank != d->window.n + d->collapsed.n + d->operand_batch.n)
        FAIL(o->loc, "'stablehlo.scatter' input rank %d must equal |update_window_dims| + |inserted_window_dims| + "
             "|input_batching_dims| = %d", in0->rank, d->window.n + d->collapsed.n + d->operand_batch.n);
    if (!sorted(c, o, names[0], &d->window) || !check_dims_in_range(c, o, names[0], &d->window, up0->rank, true) ||
        !index_rules(c, o, d, in0, indices, names))
        return false;
    int64_t bdims[SHAPE_MAX_RANK];
    int nb = batch_dims(indices, d->index_vector_dim, bdims), ib = 0, iw = 0;
    if (up0->rank != nb + d->window.n)
        FAIL(o->uses[n + 1].loc, "'stablehlo.scatter' updates must have rank %d, got %s", nb + d->window.n, TS(up0));
    int64_t wlimit[SHAPE_MAX_RANK];
    int nw = 0;
    for (int i = 0; i < in0->rank; i++)
        if (!contains(&d->collapsed, i) && !contains(&d->operand_batch, i))
            wlimit[nw++] = in0->dims[i];
    for (int i = 0; i < up0->rank; i++) {
        if (contains(&d->window, i)) {
            if (up0->dims[i] > wlimit[iw++])
                FAIL(o->uses[n + 1].loc, "'stablehlo.scatter' update window dimension %d is larger than the input's",
                     i);
        } else if (up0->dims[i] != bdims[ib++]) {
            FAIL(o->uses[n + 1].loc, "'stablehlo.scatter' update dimension %d must match the scatter indices, got %s",
                 i, TS(up0));
        }
    }
    tensor_type *args = arena_alloc(c->m->arena, (size_t)(2 * n), sizeof *args);
    if (!args) {
        c->oom = true;
        return false;
    }
    for (int k = 0; k < n; k++)
        args[k] = args[n + k] = (tensor_type){ .elem = o->operand_types[k].elem };
    check_region body = { "body", " (current values then updates)", 2 * n, args, n, args };
    return check_region_sig(c, o, 0, &body);
}

/* One rank-0 integer start operand per dimension, from operand `first`. */
static bool start_operands(checker *c, const ir_op *o, int first, int rank)
{
    if (o->noperands - first != rank)
        FAIL(o->loc, "'%s' needs %d start indices (one per dimension), got %d", ir_op_name(o->kind), rank,
             o->noperands - first);
    for (int i = first; i < o->noperands; i++)
        if (o->operand_types[i].rank != 0 || !et_is_int(o->operand_types[i].elem))
            FAIL(o->uses[i].loc, "'%s' start index #%d must be a rank-0 integer, got %s", ir_op_name(o->kind),
                 i - first, TS(&o->operand_types[i]));
    return true;
}

bool check_dynamic_slice(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0], *r = &o->result_types[0];
    if (o->noperands < 1)
        FAIL(o->loc, "'stablehlo.dynamic_slice' needs an operand");
    if (!start_operands(c, o, 1, x->rank))
        return false;
    if (o->a.slice_sizes.n != x->rank)
        FAIL(o->loc, "'stablehlo.dynamic_slice' slice_sizes has %d entries but the operand rank is %d",
             o->a.slice_sizes.n, x->rank);
    tensor_type want = { .elem = x->elem, .rank = x->rank };
    for (int d = 0; d < x->rank; d++) {
        int64_t s = o->a.slice_sizes.v[d];
        if (s < 0 || s > x->dims[d])
            FAIL(o->loc, "'stablehlo.dynamic_slice' slice size %lld of dimension %d is out of range [0, %lld]",
                 (long long)s, d, (long long)x->dims[d]);
        want.dims[d] = s;
    }
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.dynamic_slice' result type %s should be %s", TS(r), TS(&want));
    return true;
}

bool check_dynamic_update_slice(checker *c, ir_op *o)
{
    if (o->noperands < 2)
        FAIL(o->loc, "'stablehlo.dynamic_update_slice' needs an operand and an update");
    const tensor_type *x = &o->operand_types[0], *u = &o->operand_types[1], *r = &o->result_types[0];
    if (u->rank != x->rank || u->elem != x->elem)
        FAIL(o->uses[1].loc, "'stablehlo.dynamic_update_slice' update %s must have the rank and element type of %s",
             TS(u), TS(x));
    for (int d = 0; d < x->rank; d++)
        if (u->dims[d] > x->dims[d])
            FAIL(o->uses[1].loc, "'stablehlo.dynamic_update_slice' update %s is larger than %s in dimension %d", TS(u),
                 TS(x), d);
    if (!start_operands(c, o, 2, x->rank))
        return false;
    if (!shape_equal(r, x))
        FAIL(o->loc, "'stablehlo.dynamic_update_slice' result type %s should be %s", TS(r), TS(x));
    return true;
}

/* The window attributes against the operand (SPEC 9.4.6 checks): lengths,
 * positive sizes, strides and dilations; writes the result shape. */
static bool window_shape(checker *c, const ir_op *o, const ir_window *w, const tensor_type *x, tensor_type *out)
{
    const ir_ints *lists[6] = { &w->dims, &w->strides, &w->base_dilations, &w->window_dilations, &w->low, &w->high };
    static const char *const names[6] = { "window_dimensions", "window_strides", "base_dilations",
                                          "window_dilations", "padding", "padding" };
    for (int i = 0; i < 6; i++)
        if (lists[i]->n != x->rank)
            FAIL(o->loc, "'%s' %s has %d entries but the operand rank is %d", ir_op_name(o->kind), names[i],
                 lists[i]->n, x->rank);
    *out = *x;
    for (int d = 0; d < x->rank; d++) {
        for (int i = 0; i < 4; i++)
            if (lists[i]->v[d] <= 0)
                FAIL(o->loc, "'%s' %s must be positive, got %lld in dimension %d", ir_op_name(o->kind), names[i],
                     (long long)lists[i]->v[d], d);
        int64_t padded;
        if (!shape_window_count(x->dims[d], w->base_dilations.v[d], w->low.v[d], w->high.v[d], w->dims.v[d],
                                w->window_dilations.v[d], w->strides.v[d], &padded, &out->dims[d]))
            FAIL(o->loc, "'%s' window sizes of dimension %d overflow 64 bits", ir_op_name(o->kind), d);
        if (padded < 0)
            FAIL(o->loc, "'%s' padding leaves dimension %d with negative size %lld", ir_op_name(o->kind), d,
                 (long long)padded);
    }
    return true;
}

bool check_reduce_window(checker *c, ir_op *o)
{
    if (o->noperands < 2 || o->noperands % 2)
        FAIL(o->loc, "'stablehlo.reduce_window' takes N inputs and N init values, got %d operands", o->noperands);
    int n = o->noperands / 2;
    if (o->nresults != n)
        FAIL(o->loc, "'stablehlo.reduce_window' with %d inputs has %d results, got %d", n, n, o->nresults);
    const tensor_type *in0 = &o->operand_types[0];
    tensor_type shape;
    if (!window_shape(c, o, &o->a.window, in0, &shape))
        return false;
    return check_fold(c, o, &shape);
}

/* A list the attributes left out: `rank` copies of fill (module arena). */
static bool default_list(checker *c, ir_ints *l, int rank, int64_t fill)
{
    if (l->n >= 0)
        return true;
    l->n = rank;
    l->v = arena_alloc(c->m->arena, (size_t)rank + 1, sizeof(int64_t));
    if (!l->v) {
        c->oom = true;
        return false;
    }
    for (int i = 0; i < rank; i++)
        l->v[i] = fill;
    return true;
}

/* select_and_scatter's window lists left out, as their defaults (also for
 * an op with `?` types, whose rules wait for refinement: the printer and
 * refinement read the lists) */
bool check_select_and_scatter_defaults(checker *c, ir_op *o)
{
    int rank = o->operand_types[0].rank;
    ir_window *w = &o->a.window;
    w->base_dilations.n = w->window_dilations.n = -1;
    if (w->low.n < 0)
        w->high.n = -1;
    return default_list(c, &w->dims, rank, 1) && default_list(c, &w->strides, rank, 1) &&
           default_list(c, &w->base_dilations, rank, 1) && default_list(c, &w->window_dilations, rank, 1) &&
           default_list(c, &w->low, rank, 0) && default_list(c, &w->high, rank, 0);
}

bool check_select_and_scatter(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0], *src = &o->operand_types[1], *init = &o->operand_types[2];
    if (!check_select_and_scatter_defaults(c, o))
        return false;
    ir_window *w = &o->a.window;
    if (src->elem != x->elem || init->elem != x->elem || init->rank != 0)
        FAIL(o->loc, "'stablehlo.select_and_scatter' needs a source of element type %s and a rank-0 init of it, got %s "
             "and %s", et_get(x->elem)->name, TS(src), TS(init));
    if (!shape_equal(&o->result_types[0], x))
        FAIL(o->loc, "'stablehlo.select_and_scatter' result type %s should be %s", TS(&o->result_types[0]), TS(x));
    tensor_type want;
    if (!window_shape(c, o, w, x, &want))
        return false;
    if (!shape_same_dims(src, &want))
        FAIL(o->uses[1].loc, "'stablehlo.select_and_scatter' source must have the window shape %s, got %s", TS(&want),
             TS(src));
    tensor_type e = { .elem = x->elem }, pred = { .elem = ET_I1 }, two[2] = { e, e };
    check_region sel = { "select", NULL, 2, two, 1, &pred };
    check_region sc = { "scatter", NULL, 2, two, 1, &e };
    return check_region_sig(c, o, 0, &sel) && check_region_sig(c, o, 1, &sc);
}

bool check_get_dimension_size(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0];
    static const tensor_type i32 = { .elem = ET_I32 };
    if (o->a.dimension < 0 || o->a.dimension >= x->rank)
        FAIL(o->loc, "'stablehlo.get_dimension_size' dimension %lld is out of range for %s", (long long)o->a.dimension,
             TS(x));
    if (!shape_equal(&o->result_types[0], &i32))
        FAIL(o->loc, "'stablehlo.get_dimension_size' result must be tensor<i32>, got %s", TS(&o->result_types[0]));
    return true;
}

/* dynamic_gather (SPEC 9.4.8): gather whose slice sizes are an operand.
 * The sizes the result type implies (its window dimensions for the
 * operand's offset dimensions, 1 for the collapsed and batching ones) are
 * checked as gather's; at run time the operand must say the same
 * (decision 34). */
bool check_dynamic_gather(checker *c, ir_op *o)
{
    ir_index_dims *d = &o->a.index;
    const tensor_type *operand = &o->operand_types[0], *sizes = &o->operand_types[2], *r = &o->result_types[0];
    if (sizes->rank != 1 || !et_is_int(sizes->elem) || sizes->dims[0] != operand->rank)
        FAIL(o->uses[2].loc, "'stablehlo.dynamic_gather' slice sizes must be a rank-1 integer tensor of %d elements, "
             "got %s", operand->rank, TS(sizes));
    if (!sorted(c, o, "offset_dims", &d->window) || !check_dims_in_range(c, o, "offset_dims", &d->window, r->rank, true))
        return false;
    d->slice_sizes.n = operand->rank;
    d->slice_sizes.v = arena_alloc(c->m->arena, (size_t)operand->rank + 1, sizeof(int64_t));
    if (!d->slice_sizes.v) {
        c->oom = true;
        return false;
    }
    int w = 0;
    for (int i = 0; i < operand->rank; i++)
        d->slice_sizes.v[i] = contains(&d->collapsed, i) || contains(&d->operand_batch, i) || w >= d->window.n
                                  ? 1
                                  : r->dims[d->window.v[w++]];
    return check_gather(c, o);
}
