/* VHLO ops to StableHLO ops, as StableHLO's VhloLegalizeToStablehlo.cpp
 * converts them: the op name without its version, the attributes that
 * VHLO adds with their default values dropped, the dimension lists as
 * `array<i64: ...>`, the attributes that StableHLO groups (convolution,
 * dot_general, gather, scatter dimension numbers, channel handles) put
 * together, symbol names as symbols. An older version of an op (gather_v1,
 * scatter_v1, ...) lacks attributes its newer version has: they are taken
 * as empty, as VhloToVersion upgrades them. */
#include <inttypes.h>
#include <string.h>

#include "bytecode/bc_internal.h"
#include "bytecode/bc_vhlo_ops.h"

typedef struct {
    bc_str key;
    bc_attr *a;
    bool gone;
} ent;

typedef struct {
    bc_reader *r;
    const bc_cur *at;
    ent *e;
    size_t n;
    bc_buf *out;   /* the `{...}` attributes */
    bc_buf *props; /* the `<{...}>` ones (func, module), or NULL */
    char op[160];  /* the op's name without version: "gather" */
} conv;

static const bc_vhlo_row *vhlo_row(bc_str op)
{
    for (size_t i = 0; i < sizeof bc_vhlo_ops / sizeof *bc_vhlo_ops; i++)
        if (bc_str_is(op, bc_vhlo_ops[i].name))
            return &bc_vhlo_ops[i];
    return NULL;
}

const bc_vhlo_row *bc_vhlo_op_rows(size_t *n)
{
    *n = sizeof bc_vhlo_ops / sizeof *bc_vhlo_ops;
    return bc_vhlo_ops;
}

bool bc_vhlo_known(bc_str op)
{
    return vhlo_row(op) != NULL;
}

const char *const *bc_prop_names(const bc_str *dialect, bc_str op, size_t *n)
{
    static const char *const module[] = { "sym_name", "sym_visibility", NULL };
    const char *const *names = NULL;
    if (bc_str_is(*dialect, "vhlo")) {
        const bc_vhlo_row *row = vhlo_row(op);
        names = row ? row->attrs : NULL;
    } else if (bc_str_is(*dialect, "builtin") && bc_str_is(op, "module")) {
        names = module;
    }
    *n = 0;
    if (names)
        while (names[*n])
            (*n)++;
    return names;
}

static ent *find(conv *k, const char *key)
{
    for (size_t i = 0; i < k->n; i++)
        if (!k->e[i].gone && bc_str_is(k->e[i].key, key))
            return &k->e[i];
    return NULL;
}

static bool op_is(const conv *k, const char *list)
{
    /* list: names separated by spaces */
    size_t n = strlen(k->op);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ' ');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && memcmp(p, k->op, n) == 0)
            return true;
        if (!e)
            break;
        p = e + 1;
    }
    return false;
}

static void erase(conv *k, const char *key)
{
    ent *e = find(k, key);
    if (e)
        e->gone = true;
}

static void put_entry(conv *k, bc_buf *b, const char *key, const char *value)
{
    if (b->n)
        bc_puts(k->r, b, ", ");
    bc_puts(k->r, b, key);
    if (value) {
        bc_puts(k->r, b, " = ");
        bc_puts(k->r, b, value);
    }
}

/* ---- what the defaults look like ------------------------------------------------ */

static bool is_bool(const ent *e, bool v)
{
    return e && e->a->kind == BV_BOOL && e->a->i == (int64_t)v;
}

static bool is_int(const ent *e, int64_t v)
{
    return e && e->a->kind == BV_INT && e->a->i == v;
}

static bool is_empty(conv *k, const ent *e)
{
    if (!e)
        return false;
    const bc_attr *a = e->a;
    if (a->kind == BV_ARRAY || a->kind == BV_DICT)
        return a->n == 0;
    if (a->kind == BV_STRING)
        return a->str.len == 0;
    if (a->kind == BV_TENSOR)
        return bc_tensor_count(&k->r->types[a->type]) == 0;
    return false;
}

static bool is_splat(conv *k, const ent *e, int64_t v)
{
    int64_t *x, n;
    if (!e || !bc_tensor_ints(k->r, e->a, &x, &n) || n == 0)
        return false;
    for (int64_t i = 0; i < n; i++)
        if (x[i] != v)
            return false;
    return true;
}

/* an array whose every element is the enum value v of VHLO code `code` */
static bool is_enum_array(conv *k, const ent *e, int code, int64_t v)
{
    if (!e || e->a->kind != BV_ARRAY)
        return false;
    for (int i = 0; i < e->a->n; i++) {
        const bc_attr *x = &k->r->attrs[e->a->items[i]];
        if (x->kind != BV_ENUM || x->code != code || x->i != v)
            return false;
    }
    return true;
}

static void remove_defaults(conv *k)
{
    if (op_is(k, "func")) {
        ent *v = find(k, "sym_visibility");
        if (v && v->a->kind == BV_STRING && v->a->str.len == 0)
            v->gone = true;
        if (is_empty(k, find(k, "arg_attrs")))
            erase(k, "arg_attrs");
        if (is_empty(k, find(k, "res_attrs")))
            erase(k, "res_attrs");
    }
    if (op_is(k, "all_gather all_reduce reduce_scatter all_to_all collective_permute collective_broadcast "
                 "collective_reduce")) {
        if (is_int(find(k, "channel_id"), 0))
            erase(k, "channel_id");
        if (is_bool(find(k, "use_global_device_ids"), false))
            erase(k, "use_global_device_ids");
    }
    if (op_is(k, "cholesky") && is_bool(find(k, "lower"), false))
        erase(k, "lower");
    if (op_is(k, "compare")) {
        ent *t = find(k, "compare_type");
        if (t && t->a->kind == BV_ENUM && t->a->code == 4 && t->a->i == 0)
            t->gone = true;
    }
    if (op_is(k, "composite")) {
        if (is_int(find(k, "version"), 0))
            erase(k, "version");
        if (is_empty(k, find(k, "composite_attributes")))
            erase(k, "composite_attributes");
    }
    if (op_is(k, "convolution dynamic_conv")) {
        if (is_splat(k, find(k, "window_strides"), 1))
            erase(k, "window_strides");
        if (op_is(k, "convolution") && is_splat(k, find(k, "padding"), 0))
            erase(k, "padding");
        if (is_splat(k, find(k, "lhs_dilation"), 1))
            erase(k, "lhs_dilation");
        if (is_splat(k, find(k, "rhs_dilation"), 1))
            erase(k, "rhs_dilation");
        if (is_splat(k, find(k, "window_reversal"), 0))
            erase(k, "window_reversal");
    }
    if (op_is(k, "convolution dynamic_conv dot_general dot") &&
        is_enum_array(k, find(k, "precision_config"), 11, 0))
        erase(k, "precision_config");
    if (op_is(k, "custom_call")) {
        if (is_bool(find(k, "has_side_effect"), false))
            erase(k, "has_side_effect");
        if (is_empty(k, find(k, "backend_config")))
            erase(k, "backend_config");
        ent *v = find(k, "api_version");
        if (v && v->a->kind == BV_ENUM && v->a->i == 1)
            v->gone = true;
        if (is_empty(k, find(k, "called_computations")))
            erase(k, "called_computations");
        if (is_empty(k, find(k, "operand_layouts")) && is_empty(k, find(k, "result_layouts"))) {
            erase(k, "operand_layouts");
            erase(k, "result_layouts");
        }
        if (is_empty(k, find(k, "output_operand_aliases")))
            erase(k, "output_operand_aliases");
        if (is_empty(k, find(k, "result_tilings")))
            erase(k, "result_tilings");
    }
    if (op_is(k, "dynamic_broadcast_in_dim")) {
        if (is_empty(k, find(k, "known_expanding_dimensions")))
            erase(k, "known_expanding_dimensions");
        if (is_empty(k, find(k, "known_nonexpanding_dimensions")))
            erase(k, "known_nonexpanding_dimensions");
    }
    if (op_is(k, "gather dynamic_gather scatter") && is_bool(find(k, "indices_are_sorted"), false))
        erase(k, "indices_are_sorted");
    if (op_is(k, "scatter") && is_bool(find(k, "unique_indices"), false))
        erase(k, "unique_indices");
    if (op_is(k, "infeed")) {
        if (is_empty(k, find(k, "infeed_config")))
            erase(k, "infeed_config");
        if (is_empty(k, find(k, "layout")))
            erase(k, "layout");
    }
    if (op_is(k, "outfeed") && is_empty(k, find(k, "outfeed_config")))
        erase(k, "outfeed_config");
    if (op_is(k, "send recv")) {
        if (is_bool(find(k, "is_host_transfer"), false))
            erase(k, "is_host_transfer");
        if (is_empty(k, find(k, "source_target_pairs")))
            erase(k, "source_target_pairs");
    }
    ent *acc = find(k, "result_accuracy");
    if (acc && strcmp(acc->a->text, "#stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, "
                                     "mode = #stablehlo.result_accuracy_mode<DEFAULT>>") == 0)
        acc->gone = true;
    if (op_is(k, "reduce_window select_and_scatter")) {
        if (is_splat(k, find(k, "window_strides"), 1))
            erase(k, "window_strides");
        if (is_splat(k, find(k, "padding"), 0))
            erase(k, "padding");
    }
    if (op_is(k, "reduce_window")) {
        if (is_splat(k, find(k, "base_dilations"), 1))
            erase(k, "base_dilations");
        if (is_splat(k, find(k, "window_dilations"), 1))
            erase(k, "window_dilations");
    }
    if (op_is(k, "sort")) {
        if (is_int(find(k, "dimension"), -1))
            erase(k, "dimension");
        if (is_bool(find(k, "is_stable"), false))
            erase(k, "is_stable");
    }
}

/* ---- grouped attributes ---------------------------------------------------------------- */

/* An integer list attribute (absent: empty), erased from the op. */
static void take_ints(conv *k, const char *key, int64_t **v, int64_t *n, bool required)
{
    ent *e = find(k, key);
    *v = NULL;
    *n = 0;
    if (!e) {
        if (required)
            bc_fail(k->r, k->at, "'%s' has no attribute '%s'", k->op, key);
        return;
    }
    if (!bc_tensor_ints(k->r, e->a, v, n))
        bc_fail(k->r, k->at, "'%s': attribute '%s' is not a tensor of integers", k->op, key);
    e->gone = true;
}

static int64_t take_int(conv *k, const char *key)
{
    ent *e = find(k, key);
    if (!e || e->a->kind != BV_INT)
        bc_fail(k->r, k->at, "'%s': attribute '%s' is %s", k->op, key, e ? "not an integer" : "missing");
    e->gone = true;
    return e->a->i;
}

static void put_ints(conv *k, bc_buf *b, const int64_t *v, int64_t n)
{
    bc_putc(k->r, b, '[');
    for (int64_t i = 0; i < n; i++)
        bc_printf(k->r, b, "%s%" PRId64, i ? ", " : "", v[i]);
    bc_putc(k->r, b, ']');
}

/* `name = [..]` inside a #stablehlo.NAME<...>, left out when empty */
static void put_field(conv *k, bc_buf *b, const char *name, const int64_t *v, int64_t n)
{
    if (n == 0)
        return;
    if (b->s && b->s[b->n - 1] != '<')
        bc_puts(k->r, b, ", ");
    bc_printf(k->r, b, "%s = ", name);
    put_ints(k, b, v, n);
}

/* one side of #stablehlo.conv<[b, 0, 1, f]x...>: `a`/`c` name the two
 * non-spatial dimensions */
static void put_conv_side(conv *k, bc_buf *b, char a, int64_t ad, char c, int64_t cd, const int64_t *sp, int64_t n)
{
    int64_t rank = n + 2;
    bc_putc(k->r, b, '[');
    for (int64_t i = 0; i < rank; i++) {
        if (i)
            bc_puts(k->r, b, ", ");
        if (i == ad) {
            bc_putc(k->r, b, a);
            continue;
        }
        if (i == cd) {
            bc_putc(k->r, b, c);
            continue;
        }
        int64_t s = -1;
        for (int64_t j = 0; j < n; j++)
            if (sp[j] == i)
                s = j;
        if (s < 0)
            bc_fail(k->r, k->at, "'%s': dimension %" PRId64 " has no role in the dimension numbers", k->op, i);
        bc_printf(k->r, b, "%" PRId64, s);
    }
    bc_putc(k->r, b, ']');
}

/* the dimension numbers StableHLO groups into one attribute: its lists
 * (an absent optional one is empty: an older op version), then
 * index_vector_dim where there is one */
typedef struct {
    const char *ops, *key, *open;
    const char *lists[5];
    bool optional[5];
    bool index_vector_dim;
} dim_row;

static const dim_row dim_rows[] = {
    { "dot_general", "dot_dimension_numbers", "#stablehlo.dot<",
      { "lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
        "rhs_contracting_dimensions" },
      { false }, false },
    { "gather dynamic_gather", "dimension_numbers", "#stablehlo.gather<",
      { "offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
        "start_index_map" },
      { false, false, true, true, false }, true },
    { "scatter", "scatter_dimension_numbers", "#stablehlo.scatter<",
      { "update_window_dims", "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims",
        "scatter_dims_to_operand_dims" },
      { false, false, true, true, false }, true },
};

static void put_dims(conv *k, const dim_row *row)
{
    bc_reader *r = k->r;
    int64_t *v[5], n[5];
    int nl = 0;
    for (; nl < 5 && row->lists[nl]; nl++)
        take_ints(k, row->lists[nl], &v[nl], &n[nl], !row->optional[nl]);
    int64_t ivd = row->index_vector_dim ? take_int(k, "index_vector_dim") : 0;
    bc_buf *b = bc_open(r);
    bc_puts(r, b, row->open);
    for (int i = 0; i < nl; i++)
        put_field(k, b, row->lists[i], v[i], n[i]);
    if (row->index_vector_dim)
        bc_printf(r, b, "%sindex_vector_dim = %" PRId64, b->s[b->n - 1] == '<' ? "" : ", ", ivd);
    bc_putc(r, b, '>');
    put_entry(k, k->out, row->key, bc_close(r, b));
}

static void implode(conv *k)
{
    bc_reader *r = k->r;
    int64_t *v[3], n[3];
    if (op_is(k, "convolution dynamic_conv")) {
        int64_t ib = take_int(k, "input_batch_dimension"), ifd = take_int(k, "input_feature_dimension");
        int64_t ki = take_int(k, "kernel_input_feature_dimension"), ko = take_int(k, "kernel_output_feature_dimension");
        int64_t ob = take_int(k, "output_batch_dimension"), of = take_int(k, "output_feature_dimension");
        take_ints(k, "input_spatial_dimensions", &v[0], &n[0], true);
        take_ints(k, "kernel_spatial_dimensions", &v[1], &n[1], true);
        take_ints(k, "output_spatial_dimensions", &v[2], &n[2], true);
        bc_buf *b = bc_open(r);
        bc_puts(r, b, "#stablehlo.conv<");
        put_conv_side(k, b, 'b', ib, 'f', ifd, v[0], n[0]);
        bc_putc(r, b, 'x');
        put_conv_side(k, b, 'i', ki, 'o', ko, v[1], n[1]);
        bc_puts(r, b, "->");
        put_conv_side(k, b, 'b', ob, 'f', of, v[2], n[2]);
        bc_putc(r, b, '>');
        put_entry(k, k->out, "dimension_numbers", bc_close(r, b));
    }
    if (op_is(k, "dot_general") && find(k, "lhs_precision_type")) { /* dot_general_v2 */
        static const char *const fields[] = { "lhs_precision_type", "rhs_precision_type", "accumulation_type",
                                              "lhs_component_count", "rhs_component_count",
                                              "num_primitive_operations", "allow_imprecise_accumulation" };
        enum { NF = sizeof fields / sizeof *fields };
        ent *f[NF];
        int none = 0;
        for (int i = 0; i < NF; i++) {
            f[i] = find(k, fields[i]);
            if (!f[i])
                bc_fail(r, k->at, "'dot_general' has no attribute '%s'", fields[i]);
            none += strcmp(f[i]->a->text, "none") == 0;
            f[i]->gone = true;
        }
        if (none != 0 && none != NF)
            bc_fail(r, k->at, "'dot_general': an algorithm with only some of its fields");
        if (!none) {
            bc_buf *b = bc_open(r);
            bc_puts(r, b, "#stablehlo.dot_algorithm<");
            for (int i = 0; i < NF; i++) {
                const bc_attr *a = f[i]->a;
                bc_printf(r, b, "%s%s = ", i ? ", " : "", fields[i]);
                if (a->kind == BV_INT)
                    bc_printf(r, b, "%" PRId64, a->i);
                else
                    bc_puts(r, b, a->text);
            }
            bc_putc(r, b, '>');
            put_entry(k, k->out, "algorithm", bc_close(r, b));
        }
    }
    for (size_t i = 0; i < sizeof dim_rows / sizeof *dim_rows; i++)
        if (op_is(k, dim_rows[i].ops))
            put_dims(k, &dim_rows[i]);
    if (op_is(k, "send recv")) {
        int64_t id = take_int(k, "channel_id"), type = take_int(k, "channel_type");
        bc_buf *b = bc_open(r);
        bc_printf(r, b, "#stablehlo.channel_handle<handle = %" PRId64 ", type = %" PRId64 ">", id, type);
        put_entry(k, k->out, "channel_handle", bc_close(r, b));
    }
}

/* ---- one attribute at a time ---------------------------------------------------------- */

static void put_symbol_of(conv *k, bc_buf *b, const bc_attr *a)
{
    if (a->kind != BV_STRING)
        bc_fail(k->r, k->at, "'%s': a symbol name that is not a string", k->op);
    bc_putc(k->r, b, '@');
    bc_put_key(k->r, b, a->str);
}

static bool is_i64_array(const conv *k, const char *key)
{
    static const struct {
        const char *ops, *keys;
    } rows[] = {
        { "fft", "fft_length" },
        { "broadcast", "broadcast_sizes" },
        { "dynamic_slice gather", "slice_sizes" },
        { "reverse map reduce", "dimensions" },
        { "transpose", "permutation" },
        { "pad", "edge_padding_low edge_padding_high interior_padding" },
        { "slice", "start_indices limit_indices strides" },
        { "broadcast_in_dim", "broadcast_dimensions" },
        { "dynamic_broadcast_in_dim", "broadcast_dimensions known_expanding_dimensions known_nonexpanding_dimensions" },
        { "select_and_scatter", "window_dimensions window_strides" },
        { "reduce_window", "window_dimensions window_strides base_dilations window_dilations" },
        { "convolution dynamic_conv", "lhs_dilation rhs_dilation window_strides" },
    };
    conv key_conv = *k;
    snprintf(key_conv.op, sizeof key_conv.op, "%s", key);
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        if (op_is(k, rows[i].ops) && op_is(&key_conv, rows[i].keys))
            return true;
    return false;
}

static void convert_one(conv *k, ent *e)
{
    bc_reader *r = k->r;
    char key[128];
    snprintf(key, sizeof key, "%.*s", (int)e->key.len, (const char *)e->key.s);
    bc_buf *b = k->out;
    if (k->props && (op_is(k, "func") ? strstr(" function_type sym_name sym_visibility arg_attrs res_attrs ", key) != NULL
                                      : strcmp(key, "sym_name") == 0 || strcmp(key, "sym_visibility") == 0))
        b = k->props;
    bc_buf *v = bc_open(r);
    const char *text = e->a->text;
    if (op_is(k, "all_gather all_reduce all_to_all collective_permute reduce_scatter collective_broadcast "
                 "collective_reduce") &&
        strcmp(key, "channel_id") == 0) {
        if (e->a->kind != BV_INT)
            bc_fail(r, k->at, "'%s': channel_id is not an integer", k->op);
        bc_printf(r, v, "#stablehlo.channel_handle<handle = %" PRId64 ", type = 0>", e->a->i);
        snprintf(key, sizeof key, "channel_handle");
        text = NULL;
    } else if (strcmp(key, "use_global_device_ids") == 0 && e->a->kind == BV_BOOL) {
        bc_close(r, v);
        if (e->a->i)
            put_entry(k, b, key, NULL);
        return;
    } else if ((op_is(k, "custom_call") && strcmp(key, "called_computations") == 0)) {
        if (e->a->kind != BV_ARRAY)
            bc_fail(r, k->at, "'%s': called_computations is not an array", k->op);
        bc_putc(r, v, '[');
        for (int i = 0; i < e->a->n; i++) {
            if (i)
                bc_puts(r, v, ", ");
            put_symbol_of(k, v, &r->attrs[e->a->items[i]]);
        }
        bc_putc(r, v, ']');
        text = NULL;
    } else if ((op_is(k, "composite") && strcmp(key, "decomposition") == 0) ||
               (op_is(k, "call") && strcmp(key, "callee") == 0)) {
        put_symbol_of(k, v, e->a);
        text = NULL;
    } else if (is_i64_array(k, key) || (op_is(k, "convolution dynamic_conv") && strcmp(key, "window_reversal") == 0)) {
        int64_t *x, n;
        if (!bc_tensor_ints(r, e->a, &x, &n))
            bc_fail(r, k->at, "'%s': attribute '%s' is not a tensor of integers", k->op, key);
        bool bools = strcmp(key, "window_reversal") == 0;
        bc_puts(r, v, bools ? "array<i1" : "array<i64");
        for (int64_t i = 0; i < n; i++) {
            bc_puts(r, v, i ? ", " : ": ");
            if (bools)
                bc_puts(r, v, x[i] ? "true" : "false");
            else
                bc_printf(r, v, "%" PRId64, x[i]);
        }
        bc_putc(r, v, '>');
        text = NULL;
    }
    char *made = bc_close(r, v);
    put_entry(k, b, key, text ? text : made);
}

void bc_convert_op(bc_reader *r, const bc_cur *at, const bc_str *dialect, bc_str op, const bc_named *attrs,
                   size_t nattrs, bool parent_is_func, bc_conv *out)
{
    conv k = { r, at, NULL, nattrs, NULL, NULL, { 0 } };
    k.e = bc_alloc(r, nattrs * sizeof *k.e + 1);
    for (size_t i = 0; i < nattrs; i++) {
        k.e[i].key = attrs[i].key;
        k.e[i].a = bc_get_attr(r, at, attrs[i].attr);
    }
    bool vhlo = bc_str_is(*dialect, "vhlo");
    char name[sizeof "stablehlo." + 160]; /* room for every op name k.op can hold */
    if (vhlo) {
        const bc_vhlo_row *row = vhlo_row(op);
        if (!row)
            bc_fail(r, at, "unknown VHLO op 'vhlo.%.*s'", (int)op.len, (const char *)op.s);
        const char *v = strrchr(row->name, 'v');
        size_t base = (size_t)(v - row->name) - 1; /* before "_vN" */
        snprintf(k.op, sizeof k.op, "%.*s", (int)base, row->name);
        if (strcmp(k.op, "func") == 0)
            snprintf(name, sizeof name, "func.func");
        else if (strcmp(k.op, "call") == 0)
            snprintf(name, sizeof name, "func.call");
        else if (strcmp(k.op, "return") == 0)
            snprintf(name, sizeof name, parent_is_func ? "func.return" : "stablehlo.return");
        else
            snprintf(name, sizeof name, "stablehlo.%s", k.op);
    } else {
        snprintf(name, sizeof name, "%.*s.%.*s", (int)dialect->len, (const char *)dialect->s, (int)op.len,
                 (const char *)op.s);
        snprintf(k.op, sizeof k.op, "%.*s", (int)sizeof k.op - 1, name); /* a longer foreign name is cut: k.op only keys lookups */
    }
    k.out = bc_open(r);
    k.props = bc_open(r);
    bool with_props = strcmp(name, "func.func") == 0 || strcmp(name, "builtin.module") == 0;
    if (!with_props)
        k.props = NULL;
    if (vhlo) {
        remove_defaults(&k);
        implode(&k);
    }
    for (size_t i = 0; i < k.n; i++)
        if (!k.e[i].gone && k.e[i].a->kind != BV_LOC)
            convert_one(&k, &k.e[i]);
    char *props = with_props ? bc_close(r, &r->tmp[r->ntmp - 1]) : NULL;
    if (!with_props)
        r->ntmp--; /* the unused props buffer */
    char *text = bc_close(r, k.out);
    out->name = bc_alloc(r, strlen(name) + 1);
    strcpy(out->name, name);
    out->props = props && props[0] ? props : NULL;
    out->attrs = text[0] ? text : NULL;
}
