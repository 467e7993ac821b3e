/* stablehlo.custom_call: what its target means (docs/syntax.md, "Custom
 * calls"), the attributes a target runs with and the printing of those
 * attributes (its checker rules: src/check/check_custom_call.c). Any target parses and checks; only the
 * check ops, the annotations, ApproxTopK and Threefry-2x32 run. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
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
    { "stablehlo.dynamic_reduce_window", IR_OP_CUSTOM_CALL, IR_CC_DYN_REDUCE_WINDOW },
    { "stablehlo.dynamic_rng_bit_generator", IR_OP_CUSTOM_CALL, IR_CC_DYN_RNG },
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
    const pentry *e = build_find(p, "call_target_name"); /* read: not kept (bytecode's generic form has it) */
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

const pattr *ir_extra_attr(const ir_op *o, const char *key)
{
    const pentry *e = o->extra.head;
    for (int i = 0; e && i < o->extra.n; i++, e = e->next)
        if (e->key && strcmp(e->key, key) == 0)
            return e->val;
    return NULL;
}
