/* Each op's VHLO attributes, as StableHLO's StablehloLegalizeToVhlo makes
 * them from a StableHLO op: dimension lists as tensor<N x i64>, the grouped
 * dimension numbers of dot_general, gather, scatter and convolution spread
 * into their fields, the enums by name (bc_vhlo_enum), absent attributes
 * with their defaults (`defaults` below). The check and interpreter ops
 * keep their builtin attributes (bw_foreign_attrs). Which attributes an op
 * has at the target is the op row's business (bc_write.c). */
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc_write_internal.h"
#include "types/fpformat.h"

static void put(bw *w, bw_attrs *at, const char *key, uint64_t attr, bool is_default)
{
    if (at->n == BW_MAX_ATTRS)
        bw_fail(w, w->at, "more than %d attributes on one op", BW_MAX_ATTRS);
    at->v[at->n].key = key;
    at->v[at->n].attr = attr;
    at->is_default[at->n++] = is_default;
}

static void put_ints(bw *w, bw_attrs *at, const char *key, const ir_ints *v)
{
    put(w, at, key, bw_ints(w, v->v, v->n, 0, false), v->n == 0);
}

static void put_i64(bw *w, bw_attrs *at, const char *key, int64_t v)
{
    put(w, at, key, bw_i64(w, v), false);
}

static void put_i32(bw *w, bw_attrs *at, const char *key, int64_t v)
{
    tensor_type t = { .elem = ET_I32, .rank = 0 };
    put(w, at, key, bw_int_attr(w, &t, v, false), false);
}

static void put_bool(bw *w, bw_attrs *at, const char *key, bool v)
{
    put(w, at, key, bw_bool(w, v, false), !v);
}

static void put_precision(bw *w, bw_attrs *at, const ir_precision *p, int n)
{
    uint64_t items[64];
    if (n > 64)
        bw_fail(w, w->at, "more than 64 precisions");
    bool dflt = true;
    for (int i = 0; i < n; i++) {
        items[i] = bw_enum(w, 11, ir_precision_name(p[i]));
        dflt &= p[i] == IR_PREC_DEFAULT;
    }
    put(w, at, "precision_config", bw_list(w, items, n, false), dflt);
}

static uint64_t fp_type_attr(bw *w, fp_id f)
{
    const char *name = fp_fmt(f)->name;
    const char *since;
    int code = bc_vhlo_type_code(name, &since);
    if (code < 0)
        bw_fail(w, w->at, "the dot algorithm's type %s has no VHLO type", name);
    bw_since(w, since, name);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, (uint64_t)code);
    uint64_t t = bw_type_entry(w, bw_dialect(w, "vhlo"), b);
    bw_close(w);
    return bw_type_attr(w, t, false);
}

static void dot_general(bw *w, bw_attrs *at, const ir_dot *d)
{
    put_ints(w, at, "lhs_batching_dimensions", &d->lhs_batch);
    put_ints(w, at, "rhs_batching_dimensions", &d->rhs_batch);
    put_ints(w, at, "lhs_contracting_dimensions", &d->lhs_contract);
    put_ints(w, at, "rhs_contracting_dimensions", &d->rhs_contract);
    at->is_default[at->n - 4] = at->is_default[at->n - 3] = at->is_default[at->n - 2] = at->is_default[at->n - 1] =
        false;
    put_precision(w, at, d->precision, d->nprecision);
    static const char *const fields[] = { "lhs_precision_type", "rhs_precision_type", "accumulation_type",
                                          "lhs_component_count", "rhs_component_count",
                                          "num_primitive_operations", "allow_imprecise_accumulation" };
    const ir_dot_algorithm *a = &d->algorithm;
    for (int i = 0; i < 7; i++) {
        uint64_t v;
        if (!d->has_algorithm)
            v = bw_none_type_attr(w);
        else if (i < 3)
            v = fp_type_attr(w, i == 0 ? a->lhs_precision : i == 1 ? a->rhs_precision : a->accumulation);
        else if (i < 6)
            v = bw_i64(w, i == 3 ? a->lhs_component_count : i == 4 ? a->rhs_component_count
                                                                   : a->num_primitive_operations);
        else
            v = bw_bool(w, a->allow_imprecise_accumulation, false);
        put(w, at, fields[i], v, !d->has_algorithm);
    }
}

static void index_dims(bw *w, bw_attrs *at, const ir_index_dims *d, const char *const names[5])
{
    const ir_ints *lists[5] = { &d->window, &d->collapsed, &d->operand_batch, &d->index_batch, &d->index_map };
    for (int i = 0; i < 5; i++) {
        put_ints(w, at, names[i], lists[i]);
        at->is_default[at->n - 1] = (i == 2 || i == 3) && lists[i]->n == 0;
    }
    put_i64(w, at, "index_vector_dim", d->index_vector_dim);
}

/* [low, high] pairs as an N x 2 matrix */
static void padding(bw *w, bw_attrs *at, const ir_ints *low, const ir_ints *high, bool dflt_zero)
{
    int n = low->n;
    int64_t *v = bw_alloc(w, (size_t)n * 2 * sizeof *v + 1);
    bool zero = true;
    for (int i = 0; i < n; i++) {
        v[2 * i] = low->v[i];
        v[2 * i + 1] = i < high->n ? high->v[i] : 0;
        zero &= v[2 * i] == 0 && v[2 * i + 1] == 0;
    }
    put(w, at, "padding", bw_ints(w, v, 2 * n, 2, false), dflt_zero && zero);
}

static void window(bw *w, bw_attrs *at, const ir_window *x, bool dilations)
{
    put_ints(w, at, "window_dimensions", &x->dims);
    put_ints(w, at, "window_strides", &x->strides);
    if (dilations) {
        put_ints(w, at, "base_dilations", &x->base_dilations);
        put_ints(w, at, "window_dilations", &x->window_dilations);
    }
    padding(w, at, &x->low, &x->high, false);
}

static void convolution(bw *w, bw_attrs *at, const ir_conv *c, bool dynamic)
{
    put_i64(w, at, "batch_group_count", c->batch_groups);
    put_i64(w, at, "feature_group_count", c->feature_groups);
    put_i64(w, at, "input_batch_dimension", c->in_batch);
    put_i64(w, at, "input_feature_dimension", c->in_feature);
    put_ints(w, at, "input_spatial_dimensions", &c->in_spatial);
    put_i64(w, at, "kernel_input_feature_dimension", c->kernel_in);
    put_i64(w, at, "kernel_output_feature_dimension", c->kernel_out);
    put_ints(w, at, "kernel_spatial_dimensions", &c->kernel_spatial);
    put_i64(w, at, "output_batch_dimension", c->out_batch);
    put_i64(w, at, "output_feature_dimension", c->out_feature);
    put_ints(w, at, "output_spatial_dimensions", &c->out_spatial);
    put_ints(w, at, "lhs_dilation", &c->lhs_dilation);
    put_ints(w, at, "rhs_dilation", &c->rhs_dilation);
    put_ints(w, at, "window_strides", &c->strides);
    put(w, at, "window_reversal", bw_ints(w, c->reversal.v, c->reversal.n, 0, true), false);
    if (!dynamic)
        padding(w, at, &c->low, &c->high, false);
    for (int i = 0; i < at->n; i++)
        at->is_default[i] = false;
    put_precision(w, at, c->precision, c->nprecision);
}

static const char *const gather_names[5] = { "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                             "start_indices_batching_dims", "start_index_map" };
static const char *const scatter_names[5] = { "update_window_dims", "inserted_window_dims", "input_batching_dims",
                                              "scatter_indices_batching_dims", "scatter_dims_to_operand_dims" };

/* The default of an attribute the op leaves out (StablehloLegalizeToVhlo's
 * addDefaults), by name. */
static uint64_t default_of(bw *w, const char *key, bool *found)
{
    *found = true;
    static const char *const falses[] = { "indices_are_sorted", "unique_indices", "is_stable", "has_side_effect",
                                          "use_global_device_ids", "has_dynamic_root" };
    for (size_t i = 0; i < sizeof falses / sizeof *falses; i++)
        if (strcmp(key, falses[i]) == 0)
            return bw_bool(w, false, false);
    if (strcmp(key, "result_accuracy") == 0) {
        uint64_t mode = bw_enum(w, 19, "DEFAULT");
        bw_buf *b = bw_open(w);
        bw_varint(w, b, 20);
        bw_svarint(w, b, 0); /* atol 0.0 */
        bw_svarint(w, b, 0); /* rtol 0.0 */
        bw_svarint(w, b, 0); /* ulps */
        bw_varint(w, b, mode);
        uint64_t r = bw_attr(w, bw_dialect(w, "vhlo"), b);
        bw_close(w);
        return r;
    }
    if (strcmp(key, "composite_attributes") == 0)
        return bw_dict(w, NULL, 0, false);
    static const char *const empty_lists[] = { "called_computations", "operand_layouts", "result_layouts",
                                               "output_operand_aliases", "result_tilings" };
    for (size_t i = 0; i < sizeof empty_lists / sizeof *empty_lists; i++)
        if (strcmp(key, empty_lists[i]) == 0)
            return bw_list(w, NULL, 0, false);
    if (strcmp(key, "backend_config") == 0 || strcmp(key, "infeed_config") == 0 ||
        strcmp(key, "outfeed_config") == 0)
        return bw_str_attr(w, "", 0, false);
    if (strcmp(key, "known_expanding_dimensions") == 0 || strcmp(key, "known_nonexpanding_dimensions") == 0)
        return bw_ints(w, NULL, 0, 0, false);
    if (strcmp(key, "source_target_pairs") == 0)
        return bw_matrix(w, NULL, 0, 2, false);
    if (strcmp(key, "is_host_transfer") == 0)
        return bw_bool(w, false, false);
    if (strcmp(key, "layout") == 0) /* infeed's: none */
        return bw_list(w, NULL, 0, false);
    if (strcmp(key, "api_version") == 0) { /* API_VERSION_ORIGINAL */
        bw_buf *b = bw_open(w);
        bw_varint(w, b, 5);
        bw_varint(w, b, 1);
        uint64_t r = bw_attr(w, bw_dialect(w, "vhlo"), b);
        bw_close(w);
        return r;
    }
    if (strcmp(key, "version") == 0) {
        tensor_type t = { .elem = ET_I32, .rank = 0 };
        return bw_int_attr(w, &t, 0, false);
    }
    *found = false;
    return 0;
}

/* the attributes the builders keep as written (o->extra) that the op's
 * VHLO rows name, and the defaults of the rest */
static void fill(bw *w, const ir_op *o, const char *base, bw_attrs *at)
{
    size_t nrows;
    const bc_vhlo_row *rows = bc_vhlo_op_rows(&nrows);
    size_t n = strlen(base);
    for (size_t r = 0; r < nrows; r++) {
        if (strncmp(rows[r].name, base, n) != 0 || strncmp(rows[r].name + n, "_v", 2) != 0)
            continue;
        for (int k = 0; rows[r].attrs[k]; k++) {
            const char *key = rows[r].attrs[k];
            bool have = false;
            for (int i = 0; i < at->n; i++)
                have |= strcmp(at->v[i].key, key) == 0;
            if (have)
                continue;
            int i = 0;
            for (const pentry *e = o->extra.head; e && i < o->extra.n; e = e->next, i++)
                if (e->val && strcmp(e->key, key) == 0) {
                    if (strcmp(key, "api_version") == 0 && e->val->kind == PA_INT) { /* an enum in VHLO */
                        uint64_t v = (uint64_t)strtoll(e->val->text, NULL, 0);
                        bw_buf *b = bw_open(w);
                        bw_varint(w, b, 5);
                        bw_varint(w, b, v);
                        put(w, at, key, bw_attr(w, bw_dialect(w, "vhlo"), b), v == 1);
                        bw_close(w);
                    } else {
                        put(w, at, key, bw_kept(w, e->val, false), false);
                    }
                    have = true;
                    break;
                }
            if (have)
                continue;
            bool found;
            uint64_t d = default_of(w, key, &found);
            if (found)
                put(w, at, key, d, true);
        }
    }
}

/* The distributed ops (SPEC.md 9.6): channel_handle as VHLO's channel_id,
 * the groups as an N x cols matrix padded with -1, the pairs N x 2. */
static void collective(bw *w, const ir_op *o, bw_attrs *at)
{
    const ir_collective *c = &o->a.coll;
    put(w, at, "channel_id", bw_i64(w, c->channel), c->channel == 0);
    bool groups = o->kind != IR_OP_COLLECTIVE_PERMUTE && o->kind != IR_OP_SEND && o->kind != IR_OP_RECV;
    if (groups) {
        int64_t cols = c->group_cols;
        int n = c->ngroups;
        int64_t *v = bw_alloc(w, (size_t)n * (size_t)cols * sizeof *v + 1);
        for (int g = 0; g < n; g++)
            for (int64_t k = 0; k < cols; k++) {
                int at_k = c->group_start[g] + (int)k;
                v[(int64_t)g * cols + k] = at_k < c->group_start[g + 1] ? c->ids[at_k] : -1;
            }
        put(w, at, "replica_groups", bw_matrix(w, v, n, cols, false), false);
    } else {
        put(w, at, "source_target_pairs", bw_matrix(w, c->pairs.v, c->pairs.n / 2, 2, false),
            o->kind != IR_OP_COLLECTIVE_PERMUTE && c->pairs.n == 0);
    }
    if (o->kind == IR_OP_ALL_REDUCE || o->kind == IR_OP_ALL_GATHER || o->kind == IR_OP_REDUCE_SCATTER ||
        o->kind == IR_OP_COLLECTIVE_REDUCE)
        put_bool(w, at, "use_global_device_ids", c->use_global_ids);
    if (o->kind == IR_OP_COLLECTIVE_BROADCAST || o->kind == IR_OP_COLLECTIVE_REDUCE)
        put_bool(w, at, "has_dynamic_root", c->dynamic_root);
    if (o->kind == IR_OP_SEND || o->kind == IR_OP_RECV) /* as written (0 when no channel_handle was) */
        put_i64(w, at, "channel_type", c->channel_type);
    if (o->kind == IR_OP_ALL_GATHER)
        put_i64(w, at, "all_gather_dim", c->dim);
    if (o->kind == IR_OP_REDUCE_SCATTER)
        put_i64(w, at, "scatter_dimension", c->dim);
    if (o->kind == IR_OP_ALL_TO_ALL) {
        put_i64(w, at, "split_dimension", c->dim);
        put_i64(w, at, "concat_dimension", c->concat_dim);
        put_i64(w, at, "split_count", c->split_count);
    }
}

/* custom_call: its target, side effect and callee as print.c writes
 * them; a check op written as a custom_call keeps its target name */
static void custom_call(bw *w, const ir_op *o, bw_attrs *at)
{
    const ir_custom_call *cc = &o->a.custom_call;
    bool check = o->kind != IR_OP_CUSTOM_CALL;
    const char *target = check ? ir_op_name(o->kind) : cc->target;
    if (!check && cc->kind == IR_CC_APPROX_TOP_K)
        bw_fail(w, o->loc, "'@ApproxTopK' and its backend_config are not written yet");
    put(w, at, "call_target_name", bw_str_attr(w, target, strlen(target), false), false);
    if (o->kind != IR_OP_CHECK_EQ)
        put_bool(w, at, "has_side_effect", check || cc->has_side_effect);
    if (!check && cc->callee_name) {
        uint64_t callee = bw_str_attr(w, cc->callee_name, strlen(cc->callee_name), false);
        put(w, at, "called_computations", bw_list(w, &callee, 1, false), false);
    }
}

void bw_op_attrs(bw *w, const ir_op *o, const char *base, bw_attrs *at)
{
    at->n = 0;
    if (strcmp(base, "custom_call") == 0) {
        custom_call(w, o, at);
        fill(w, o, base, at);
        return;
    }
    if (o->kind == IR_OP_CONSTANT) {
        put(w, at, "value", bw_literal(w, &o->a.constant, false), false);
    } else if (o->kind == IR_OP_IOTA || o->kind == IR_OP_DYNAMIC_IOTA) {
        put_i64(w, at, "iota_dimension", o->a.iota_dim);
    } else if (o->kind == IR_OP_CONCATENATE) {
        put_i64(w, at, "dimension", o->a.concat_dim);
    } else if (o->kind == IR_OP_COMPARE) {
        put(w, at, "comparison_direction", bw_enum(w, 3, ir_cmp_dir_name(o->a.compare.dir)), false);
        put(w, at, "compare_type",
            bw_enum(w, 4, o->a.compare.type == IR_CMPT_ABSENT ? "NOTYPE" : ir_cmp_type_name(o->a.compare.type)),
            o->a.compare.type == IR_CMPT_ABSENT);
    } else if (o->kind == IR_OP_TRANSPOSE) {
        put_ints(w, at, "permutation", &o->a.dims);
    } else if (o->kind == IR_OP_BROADCAST_IN_DIM || o->kind == IR_OP_DYNAMIC_BROADCAST_IN_DIM) {
        put_ints(w, at, "broadcast_dimensions", &o->a.dims);
    } else if (o->kind == IR_OP_REVERSE || o->kind == IR_OP_MAP) {
        put_ints(w, at, "dimensions", &o->a.dims);
    } else if (o->kind == IR_OP_REDUCE) {
        put_ints(w, at, "dimensions", &o->a.reduce.dims);
    } else if (o->kind == IR_OP_SLICE) {
        put_ints(w, at, "start_indices", &o->a.slice.start);
        put_ints(w, at, "limit_indices", &o->a.slice.limit);
        put_ints(w, at, "strides", &o->a.slice.stride);
    } else if (o->kind == IR_OP_PAD) {
        put_ints(w, at, "edge_padding_low", &o->a.pad.low);
        put_ints(w, at, "edge_padding_high", &o->a.pad.high);
        put_ints(w, at, "interior_padding", &o->a.pad.interior);
    } else if (o->kind == IR_OP_DOT_GENERAL) {
        dot_general(w, at, &o->a.dot);
    } else if (o->kind == IR_OP_DOT) {
        put_precision(w, at, o->a.dot.precision, o->a.dot.nprecision);
    } else if (o->kind == IR_OP_GATHER || o->kind == IR_OP_DYNAMIC_GATHER) {
        index_dims(w, at, &o->a.index, gather_names);
        if (o->kind == IR_OP_GATHER)
            put_ints(w, at, "slice_sizes", &o->a.index.slice_sizes), at->is_default[at->n - 1] = false;
    } else if (o->kind == IR_OP_SCATTER) {
        index_dims(w, at, &o->a.index, scatter_names);
    } else if (o->kind == IR_OP_DYNAMIC_SLICE) {
        put_ints(w, at, "slice_sizes", &o->a.slice_sizes);
    } else if (o->kind == IR_OP_REDUCE_WINDOW) {
        window(w, at, &o->a.window, true);
    } else if (o->kind == IR_OP_SELECT_AND_SCATTER) {
        window(w, at, &o->a.window, false);
    } else if (o->kind == IR_OP_SORT) {
        put_i64(w, at, "dimension", o->a.sort.dimension);
        put_bool(w, at, "is_stable", o->a.sort.is_stable);
    } else if (o->kind == IR_OP_GET_TUPLE_ELEMENT) {
        put_i32(w, at, "index", o->a.tuple_index);
    } else if (o->kind == IR_OP_GET_DIMENSION_SIZE) {
        put_i64(w, at, "dimension", o->a.dimension);
    } else if (o->kind == IR_OP_FFT) {
        static const char *const types[] = { "FFT", "IFFT", "RFFT", "IRFFT" };
        put(w, at, "fft_type", bw_enum(w, 7, types[o->a.fft.type]), false);
        put_ints(w, at, "fft_length", &o->a.fft.length);
    } else if (o->kind == IR_OP_REDUCE_PRECISION) {
        put_i32(w, at, "exponent_bits", o->a.reduce_precision.exponent_bits);
        put_i32(w, at, "mantissa_bits", o->a.reduce_precision.mantissa_bits);
    } else if (o->kind == IR_OP_TRIANGULAR_SOLVE) {
        static const char *const tr[] = { "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT" };
        put_bool(w, at, "left_side", o->a.tsolve.left_side);
        put_bool(w, at, "lower", o->a.tsolve.lower);
        put_bool(w, at, "unit_diagonal", o->a.tsolve.unit_diagonal);
        put(w, at, "transpose_a", bw_enum(w, 16, tr[o->a.tsolve.transpose_a]), false);
    } else if (o->kind == IR_OP_CALL) {
        put(w, at, "callee", bw_str_attr(w, o->a.call.name, strlen(o->a.call.name), false), false);
    } else if (o->kind == IR_OP_COMPOSITE) {
        put(w, at, "name", bw_str_attr(w, o->a.call.composite, strlen(o->a.call.composite), false), false);
        put(w, at, "decomposition", bw_str_attr(w, o->a.call.name, strlen(o->a.call.name), false), false);
    } else if (o->kind == IR_OP_ALL_REDUCE || o->kind == IR_OP_ALL_GATHER || o->kind == IR_OP_ALL_TO_ALL ||
               o->kind == IR_OP_REDUCE_SCATTER || o->kind == IR_OP_COLLECTIVE_PERMUTE ||
               o->kind == IR_OP_COLLECTIVE_BROADCAST || o->kind == IR_OP_COLLECTIVE_REDUCE || o->kind == IR_OP_SEND ||
               o->kind == IR_OP_RECV) {
        collective(w, o, at);
    } else if (o->kind == IR_OP_CONVOLUTION || o->kind == IR_OP_DYNAMIC_CONV) {
        convolution(w, at, &o->a.conv, o->kind == IR_OP_DYNAMIC_CONV);
    }
    fill(w, o, base, at);
}

/* A chlo op ir-run keeps (a native kernel, or `?` types until refinement):
 * chlo's attributes as print.c writes them (builtin, and chlo's own enums
 * in their text form); the chlo ops with other attributes are not written. */
static bool chlo_attrs(bw *w, const ir_op *o, bw_attrs *at)
{
    ir_op_form form = ir_op_get(o->kind)->form;
    tensor_type i64 = { .elem = ET_I64, .rank = 0 };
    if (o->kind == IR_OP_CHLO_TOP_K) {
        put(w, at, "k", bw_int_attr(w, &i64, o->a.top_k.k, true), false);
        return true;
    }
    if (form != IR_FORM_UNARY && form != IR_FORM_BINARY && form != IR_FORM_TERNARY)
        return false;
    if (strncmp(ir_op_name(o->kind), "chlo.broadcast_", 15) != 0)
        return true;
    const ir_ints *d = &o->a.bcast.dims;
    if (d->n > 0) { /* array<i64: ...>: a builtin DenseArrayAttr */
        uint64_t ty = bw_type_attr_elem(w, ET_I64);
        bw_buf *b = bw_open(w);
        bw_varint(w, b, 17);
        bw_varint(w, b, ty);
        bw_varint(w, b, (uint64_t)d->n);
        bw_varint(w, b, (uint64_t)d->n * 8);
        for (int i = 0; i < d->n; i++)
            for (int k = 0; k < 8; k++)
                bw_byte(w, b, (uint8_t)((uint64_t)d->v[i] >> (8 * k)));
        put(w, at, "broadcast_dimensions", bw_attr(w, bw_dialect(w, "builtin"), b), false);
        bw_close(w);
    }
    if (o->kind == IR_OP_CHLO_BROADCAST_COMPARE) {
        char text[96];
        snprintf(text, sizeof text, "#chlo<comparison_direction %s>", ir_cmp_dir_name(o->a.bcast.dir));
        put(w, at, "comparison_direction", bw_asm_attr(w, "chlo", text), false);
        if (o->a.bcast.type != IR_CMPT_ABSENT) {
            snprintf(text, sizeof text, "#chlo<comparison_type %s>", ir_cmp_type_name(o->a.bcast.type));
            put(w, at, "compare_type", bw_asm_attr(w, "chlo", text), false);
        }
    }
    return true;
}

/* a builtin FlatSymbolRefAttr */
static uint64_t symbol(bw *w, const char *name)
{
    uint64_t s = bw_str_attr(w, name, strlen(name), true);
    bw_buf *b = bw_open(w);
    bw_varint(w, b, 4);
    bw_varint(w, b, s);
    uint64_t r = bw_attr(w, bw_dialect(w, "builtin"), b);
    bw_close(w);
    return r;
}

bool bw_foreign_attrs(bw *w, const ir_op *o, bw_attrs *at)
{
    at->n = 0;
    const ir_check *c = &o->a.check;
    tensor_type u64 = { .elem = ET_UI64, .rank = 0 }, u32 = { .elem = ET_UI32, .rank = 0 };
    if (o->kind == IR_OP_CHECK_EXPECT_EQ_CONST || o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
        if (c->custom_call)
            return false;
        put(w, at, "value", bw_literal(w, &c->expected, true), false);
        if (o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST) {
            uint64_t bits;
            memcpy(&bits, &c->tolerance, sizeof bits);
            put(w, at, "tolerance", bw_float_attr(w, ET_F64, bits, true), false);
        }
        return true;
    } else if (o->kind == IR_OP_CHECK_EXPECT_CLOSE) {
        if (c->custom_call)
            return false;
        put(w, at, "max_ulp_difference", bw_int_attr(w, &u64, (int64_t)c->max_ulp, true), false);
        put(w, at, "min_ulp_difference", bw_int_attr(w, &u64, (int64_t)c->min_ulp, true), false);
        return true;
    } else if (o->kind == IR_OP_CHECK_EXPECT_SERIALIZED_EQ) {
        put(w, at, "probe_id", bw_str_attr(w, o->a.probe.id, strlen(o->a.probe.id), true), false);
        put(w, at, "iteration", bw_int_attr(w, &u32, o->a.probe.iteration, true), false);
        return true;
    } else if (o->kind == IR_OP_INTERPRETER_PROBE) {
        put(w, at, "probe_id", bw_str_attr(w, o->a.probe.id, strlen(o->a.probe.id), true), false);
        return true;
    } else if (o->kind == IR_OP_INTERPRETER_PRINT) {
        return true;
    } else if (o->kind == IR_OP_RUN_PARALLEL) {
        const ir_run_parallel *p = &o->a.par;
        uint64_t *rows = bw_alloc(w, (size_t)p->rows * sizeof *rows + 1);
        uint64_t *row = bw_alloc(w, (size_t)(p->cols > p->ninfeed ? p->cols : p->ninfeed) * sizeof *row + 1);
        for (int r = 0; r < p->rows; r++) {
            for (int k = 0; k < p->cols; k++)
                row[k] = symbol(w, p->names[r * p->cols + k]);
            rows[r] = bw_list(w, row, p->cols, true);
        }
        put(w, at, "programs", bw_list(w, rows, p->rows, true), false);
        if (p->ninfeed) {
            for (int k = 0; k < p->ninfeed; k++)
                row[k] = symbol(w, p->infeed[k]);
            put(w, at, "infeed", bw_list(w, row, p->ninfeed, true), false);
        }
        return true;
    } else if (strncmp(ir_op_name(o->kind), "chlo.", 5) == 0) {
        return chlo_attrs(w, o, at);
    } else {
        if (ir_op_get(o->kind)->form != IR_FORM_CHECK2 || c->custom_call)
            return false;
        if (strstr(ir_op_name(o->kind), "almost")) {
            uint64_t bits;
            memcpy(&bits, &c->tolerance, sizeof bits);
            put(w, at, "tolerance", bw_float_attr(w, ET_F64, bits, true), false);
        }
        return true;
    }
}
