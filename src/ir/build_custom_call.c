/* stablehlo.custom_call: what its target means (docs/syntax.md, "Custom
 * calls"), the attributes a target runs with, its checker rules and the
 * printing of those attributes. Any target parses and checks; only the
 * check ops, the annotations, ApproxTopK and Threefry-2x32 run. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/check_internal.h"
#include "ir/parse.h"

static const struct {
    const char *name;
    ir_op_kind check; /* a check op (SPEC.md 5.6), else IR_OP_CUSTOM_CALL */
    ir_cc_kind kind;
} targets[] = {
    { "check.expect_eq", IR_OP_CHECK_EXPECT_EQ, IR_CC_OTHER },
    { "check.expect_almost_eq", IR_OP_CHECK_EXPECT_ALMOST_EQ, IR_CC_OTHER },
    { "check.expect_close", IR_OP_CHECK_EXPECT_CLOSE, IR_CC_OTHER },
    { "check.eq", IR_OP_CHECK_EQ, IR_CC_OTHER },
    { "Sharding", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "annotate_device_placement", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "MoveToHost", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "MoveToDevice", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "InspectSharding", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "xla.sdy.FuncResultSharding", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "xla.sdy.ShardingGroup", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "xla.sdy.PropagationBarrier", IR_OP_CUSTOM_CALL, IR_CC_IDENTITY },
    { "SPMDFullToShardShape", IR_OP_CUSTOM_CALL, IR_CC_RESHARD },
    { "SPMDShardToFullShape", IR_OP_CUSTOM_CALL, IR_CC_RESHARD },
    { "xla.sdy.GlobalToLocalShape", IR_OP_CUSTOM_CALL, IR_CC_RESHARD },
    { "xla.sdy.LocalToGlobalShape", IR_OP_CUSTOM_CALL, IR_CC_RESHARD },
    { "ApproxTopK", IR_OP_CUSTOM_CALL, IR_CC_APPROX_TOP_K },
    { "cu_threefry2x32", IR_OP_CUSTOM_CALL, IR_CC_THREEFRY },
    { "cu_threefry2x32_ffi", IR_OP_CUSTOM_CALL, IR_CC_THREEFRY },
    { "hip_threefry2x32", IR_OP_CUSTOM_CALL, IR_CC_THREEFRY },
    { "hip_threefry2x32_ffi", IR_OP_CUSTOM_CALL, IR_CC_THREEFRY },
};

#define ERR(loc, ...)                      \
    do {                                   \
        parse_error(ps, loc, __VA_ARGS__); \
        return false;                      \
    } while (0)

static const pentry *entry(const plist *l, const char *key)
{
    for (const pentry *e = l->head; e; e = e->next)
        if (e->key && strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

/* `key = true/false` (a unit entry is true) */
static bool read_bool(parse_state *ps, const char *t, const pentry *e, bool *out)
{
    *out = true;
    if (!e->val)
        return true;
    if (e->val->kind != PA_WORD || (strcmp(e->val->text, "true") != 0 && strcmp(e->val->text, "false") != 0))
        ERR(e->val->loc, "'@%s' attribute '%s' must be true or false", t, e->key);
    *out = e->val->text[0] == 't';
    return true;
}

static bool read_int(parse_state *ps, const char *t, const pentry *e, int64_t *out)
{
    char *end;
    if (!e->val || e->val->kind != PA_INT)
        ERR(e->val ? e->val->loc : e->loc, "'@%s' attribute '%s' must be an integer", t, e->key);
    unsigned long long v = strtoull(e->val->text, &end, 0);
    if (*end || v > (unsigned long long)INT64_MAX)
        ERR(e->val->loc, "'@%s' attribute '%s' is out of range of i64", t, e->key);
    *out = e->val->neg ? -(int64_t)v : (int64_t)v;
    return true;
}

/* ApproxTopK's backend_config dictionary (XLA requires all but is_fallback). */
static bool approx_top_k_config(parse_state *ps, pop *p, ir_custom_call *cc)
{
    const pentry *e = entry(&p->attrs, "mhlo.backend_config");
    if (!e)
        e = entry(&p->attrs, "backend_config");
    if (!e || !e->val || e->val->kind != PA_DICT)
        ERR(p->loc, "'@ApproxTopK' requires its mhlo.backend_config (or backend_config) dictionary");
    const plist *d = &e->val->items;
    static const char *const keys[] = { "top_k", "reduction_dim", "reduction_input_size_override", "recall_target",
                                        "aggregate_to_topk" };
    for (int i = 0; i < 5; i++)
        if (!entry(d, keys[i]))
            ERR(e->loc, "'@ApproxTopK' requires '%s' in its backend_config", keys[i]);
    if (!read_int(ps, cc->target, entry(d, "top_k"), &cc->top_k) ||
        !read_int(ps, cc->target, entry(d, "reduction_dim"), &cc->reduction_dim) ||
        !read_int(ps, cc->target, entry(d, "reduction_input_size_override"), &cc->size_override) ||
        !read_bool(ps, cc->target, entry(d, "aggregate_to_topk"), &cc->aggregate_to_topk) ||
        ((e = entry(d, "is_fallback")) && !read_bool(ps, cc->target, e, &cc->is_fallback)))
        return false;
    e = entry(d, "recall_target");
    if (!e->val || (e->val->kind != PA_FLOAT && e->val->kind != PA_INT))
        ERR(e->loc, "'@ApproxTopK' attribute 'recall_target' must be a number");
    cc->recall_target = (float)strtod(e->val->text, NULL) * (e->val->neg ? -1.0f : 1.0f);
    return true;
}

bool build_custom_call(parse_state *ps, pop *p, ir_op *o)
{
    const char *target = p->symbol;
    const pentry *e = entry(&p->attrs, "call_target_name");
    if (!target) {
        if (!e || !e->val || e->val->kind != PA_STRING)
            ERR(p->loc, "'stablehlo.custom_call' requires a call target");
        target = e->val->text;
    }
    ir_custom_call *cc = &o->a.custom_call;
    cc->target = target;
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        if (strcmp(target, targets[i].name) != 0)
            continue;
        if (targets[i].check != IR_OP_CUSTOM_CALL) {
            o->kind = targets[i].check;
            memset(&o->a, 0, sizeof o->a);
            o->a.check.custom_call = true;
            o->a.check.tolerance = o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ ? 1e-3 : 1e-4;
            o->a.check.max_ulp = 3;
            o->a.check.min_ulp = 0;
            return true;
        }
        cc->kind = targets[i].kind;
    }
    if ((e = entry(&p->attrs, "has_side_effect")) && !read_bool(ps, target, e, &cc->has_side_effect))
        return false;
    if ((e = entry(&p->attrs, "called_computations"))) {
        if (!e->val || e->val->kind != PA_ARRAY)
            ERR(e->loc, "'@%s' attribute 'called_computations' must be a list of functions", target);
        for (const pentry *it = e->val->items.head; it; it = it->next)
            if (!it->val || it->val->kind != PA_SYMBOL)
                ERR(it->loc, "'@%s' attribute 'called_computations' must be a list of functions", target);
        if (e->val->items.head)
            cc->callee_name = e->val->items.head->val->text;
    }
    return cc->kind != IR_CC_APPROX_TOP_K || approx_top_k_config(ps, p, cc);
}

/* ---- checker rules ------------------------------------------------------ */

#define FAIL(loc, ...)                         \
    do {                                       \
        check_error(c, loc, __VA_ARGS__);      \
        return false;                          \
    } while (0)
#define TS(t) check_type_str(t)

static bool is_ui32_tensor(const tensor_type *t) { return shape_is_tensor(t) && t->elem == ET_UI32; }

static unsigned log2_floor(uint64_t v)
{
    unsigned r = 0;
    while (v >>= 1)
        r++;
    return r;
}

/* XLA's ApproxTopKReductionOutputSize: the size of the reduction dimension
 * of the results, for an input of n elements along it. */
static int64_t approx_out_size(const ir_custom_call *cc, int64_t n, int rank)
{
    if (cc->aggregate_to_topk)
        return cc->top_k;
    int64_t tiling = rank == 1 ? 1024 : 128;
    if (n <= tiling)
        return n;
    if (cc->top_k == 1)
        return tiling;
    if (cc->recall_target == 1.0f)
        return n;
    uint64_t logical = (uint64_t)(cc->size_override >= 0 ? cc->size_override : n);
    double v = (1.0 - (double)cc->top_k) / log((double)cc->recall_target);
    uint64_t m = v >= (double)n ? (uint64_t)n : (uint64_t)v;
    m = m < (uint64_t)tiling ? (uint64_t)tiling : m;
    unsigned r = log2_floor(logical / m);
    if (r == 0)
        return n;
    uint64_t chunks = (uint64_t)(n / tiling), ceil_log = chunks <= 1 ? 0 : log2_floor(chunks - 1) + 1;
    r = r < ceil_log ? r : (unsigned)ceil_log;
    int64_t tiles = (n + tiling - 1) / tiling;
    return (tiles + ((int64_t)1 << r) - 1) / ((int64_t)1 << r) * tiling;
}

static bool check_approx_top_k(checker *c, ir_op *o)
{
    ir_custom_call *cc = &o->a.custom_call;
    int N = o->noperands / 2;
    if (o->noperands % 2 || N == 0 || o->nresults != N)
        FAIL(o->loc, "'@ApproxTopK' takes N inputs and N initial values and returns N results, got %d operands "
             "and %d results", o->noperands, o->nresults);
    const tensor_type *in0 = &o->operand_types[0];
    for (int k = 0; k < 2 * N + N; k++) {
        const tensor_type *t = k < 2 * N ? &o->operand_types[k] : &o->result_types[k - 2 * N];
        if (!shape_is_tensor(t))
            FAIL(o->loc, "'@ApproxTopK' takes and returns tensors, got %s", TS(t));
    }
    if (in0->rank < 1)
        FAIL(o->uses[0].loc, "'@ApproxTopK' inputs must have rank 1 or more, got %s", TS(in0));
    if (cc->reduction_dim < 0 || cc->reduction_dim >= in0->rank)
        FAIL(o->loc, "'@ApproxTopK' reduction_dim %lld is out of range for %s", (long long)cc->reduction_dim,
             TS(in0));
    int64_t n = in0->dims[cc->reduction_dim];
    if (!(cc->recall_target > 0 && cc->recall_target <= 1))
        FAIL(o->loc, "'@ApproxTopK' recall_target must be in (0, 1], got %g", (double)cc->recall_target);
    if (cc->top_k < 1 || (cc->size_override >= 0 && cc->size_override < n))
        FAIL(o->loc, "'@ApproxTopK' needs top_k >= 1 and reduction_input_size_override -1 or >= %lld, got %lld "
             "and %lld", (long long)n, (long long)cc->top_k, (long long)cc->size_override);
    cc->out_size = approx_out_size(cc, n, in0->rank);
    if (cc->out_size > n)
        FAIL(o->loc, "'@ApproxTopK' keeps %lld elements of a reduction dimension of %lld", (long long)cc->out_size,
             (long long)n);
    for (int k = 0; k < N; k++) {
        const tensor_type *in = &o->operand_types[k], *init = &o->operand_types[N + k], *r = &o->result_types[k];
        if (!shape_same_dims(in, in0))
            FAIL(o->uses[k].loc, "'@ApproxTopK' inputs must have one shape, got %s and %s", TS(in0), TS(in));
        tensor_type scalar = { .elem = in->elem };
        if (!shape_equal(init, &scalar))
            FAIL(o->uses[N + k].loc, "'@ApproxTopK' initial value #%d must be %s, got %s", k, TS(&scalar), TS(init));
        tensor_type want = *in;
        want.dims[cc->reduction_dim] = cc->out_size;
        if (!shape_equal(r, &want))
            FAIL(o->loc, "'@ApproxTopK' result #%d must be %s, got %s", k, TS(&want), TS(r));
    }
    const ir_func *f = cc->callee_name ? ir_module_find(c->m, cc->callee_name) : NULL;
    if (!f || !f->has_body)
        FAIL(o->loc, "'@ApproxTopK' needs called_computations = [@comparator], a function of the module with a body");
    bool sig = f->nargs == 2 * N && f->nresults == 1 && f->result_types[0].rank == 0 &&
               f->result_types[0].elem == ET_I1;
    for (int k = 0; sig && k < 2 * N; k++)
        sig = f->arg_types[k].rank == 0 && f->arg_types[k].elem == o->operand_types[k / 2].elem;
    if (!sig)
        FAIL(o->loc, "'@ApproxTopK' comparator '@%s' must take a pair of scalars per input and return tensor<i1>",
             f->name);
    cc->callee = f;
    return true;
}

/* Any target takes and returns tensors, tokens and tuples (the op table's
 * ANY_VALUE); the targets that run have rules of their own. */
bool check_custom_call(checker *c, ir_op *o)
{
    ir_custom_call *cc = &o->a.custom_call;
    switch (cc->kind) {
    case IR_CC_OTHER:
        check_warning(c, o->loc, "custom call target '@%s': no reference semantics exist for it (running it is an "
                      "error)", cc->target);
        return true;
    case IR_CC_IDENTITY:
    case IR_CC_RESHARD:
        if (o->nresults != o->noperands && o->nresults != 0)
            FAIL(o->loc, "'@%s' is an annotation: it returns its %d operand%s, got %d results", cc->target,
                 o->noperands, o->noperands == 1 ? "" : "s", o->nresults);
        for (int k = 0; k < o->nresults; k++) {
            const tensor_type *a = &o->operand_types[k], *r = &o->result_types[k];
            if (shape_equal(a, r) || (cc->kind == IR_CC_RESHARD && shape_is_tensor(a) && shape_is_tensor(r) &&
                                      a->elem == r->elem && a->rank == r->rank))
                continue;
            FAIL(o->loc, "'@%s' result #%d must have its operand's type %s, got %s", cc->target, k, TS(a), TS(r));
        }
        return true;
    case IR_CC_APPROX_TOP_K:
        return check_approx_top_k(c, o);
    case IR_CC_THREEFRY:
        if (o->noperands != 4 || o->nresults != 2)
            FAIL(o->loc, "'@%s' takes key0, key1, x0, x1 and returns y0, y1, got %d operands and %d results",
                 cc->target, o->noperands, o->nresults);
        for (int k = 0; k < 6; k++) {
            const tensor_type *t = k < 4 ? &o->operand_types[k] : &o->result_types[k - 4];
            if (!is_ui32_tensor(t) || !shape_equal(t, &o->operand_types[0]))
                FAIL(k < 4 ? o->uses[k].loc : o->loc, "'@%s' operands and results must be ui32 tensors of one "
                     "shape, got %s and %s", cc->target, TS(&o->operand_types[0]), TS(t));
        }
        return true;
    }
    return true;
}

/* ---- printing ----------------------------------------------------------- */

void ir_print_custom_call_attrs(FILE *out, const ir_op *o)
{
    const ir_custom_call *cc = &o->a.custom_call;
    const char *sep = " {";
    if (cc->callee_name) {
        fprintf(out, "%scalled_computations = [@%s]", sep, cc->callee_name);
        sep = ", ";
    }
    if (cc->has_side_effect) {
        fprintf(out, "%shas_side_effect = true", sep);
        sep = ", ";
    }
    if (cc->kind == IR_CC_APPROX_TOP_K) {
        fprintf(out, "%smhlo.backend_config = {aggregate_to_topk = %s, ", sep,
                cc->aggregate_to_topk ? "true" : "false");
        if (cc->is_fallback)
            fputs("is_fallback = true, ", out);
        fprintf(out, "recall_target = %.9g : f32, reduction_dim = %lld : i64, reduction_input_size_override = "
                "%lld : i64, top_k = %lld : i64}", (double)cc->recall_target, (long long)cc->reduction_dim,
                (long long)cc->size_override, (long long)cc->top_k);
        sep = ", ";
    }
    if (sep[0] == ',')
        fputc('}', out);
}
