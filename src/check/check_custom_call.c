/* stablehlo.custom_call's checker rules by what its target means
 * (src/ir/build_custom_call.c classifies the targets; docs/semantics.md,
 * "Custom calls"). */
#include <math.h>
#include <stdint.h>

#include <string.h>

#include "check/check_internal.h"
#include "ir/parse.h"

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

/* Dimensions that may be equal: each pair equal or one of them `?`. */
static bool may_match(const tensor_type *a, const tensor_type *b)
{
    if (a->rank != b->rank)
        return false;
    for (int d = 0; d < a->rank; d++)
        if (!shape_dim_dynamic(a->dims[d]) && !shape_dim_dynamic(b->dims[d]) && a->dims[d] != b->dims[d])
            return false;
    return true;
}

/* A tensor of integers of rank `rank` whose first dimension is n0 (and
 * second n1 when rank is 2), or `?` there. */
static bool int_list(const tensor_type *t, int rank, int64_t n0, int64_t n1)
{
    if (!shape_is_tensor(t) || t->rank != rank || !et_is_int(t->elem))
        return false;
    return (shape_dim_dynamic(t->dims[0]) || t->dims[0] == n0) &&
           (rank < 2 || shape_dim_dynamic(t->dims[1]) || t->dims[1] == n1);
}

/* custom_call @stablehlo.dynamic_reduce_window(inputs, inits,
 * window_dimensions, window_strides, base_dilations, window_dilations,
 * padding) {called_computations = [@body]}: reduce_window's rules that do
 * not need the window's values (those wait for refinement, which makes it
 * a reduce_window; docs/shape-polymorphism.md). */
static bool check_dyn_reduce_window(checker *c, ir_op *o)
{
    static const char *const names[5] = { "window_dimensions", "window_strides", "base_dilations",
                                          "window_dilations", "padding" };
    const char *t = o->a.custom_call.target;
    int n = o->nresults;
    if (n == 0 || o->noperands != 2 * n + 5)
        FAIL(o->loc, "'@%s' takes N inputs, N init values and 5 window operands and returns N results (N >= 1), "
             "got %d operands and %d results", t, o->noperands, o->nresults);
    const tensor_type *in0 = &o->operand_types[0];
    tensor_type sig[2 * SHAPE_MAX_RANK];
    if (n > SHAPE_MAX_RANK)
        FAIL(o->loc, "'@%s' takes at most %d inputs, got %d", t, SHAPE_MAX_RANK, n);
    for (int k = 0; k < n; k++) {
        const tensor_type *in = &o->operand_types[k], *init = &o->operand_types[n + k], *r = &o->result_types[k];
        if (!shape_is_tensor(in) || !may_match(in, in0))
            FAIL(o->uses[k].loc, "'@%s' inputs must be tensors of one shape, got %s and %s", t, TS(in0), TS(in));
        if (!shape_is_tensor(init) || init->rank != 0 || init->elem != in->elem)
            FAIL(o->uses[n + k].loc, "'@%s' init value #%d must be rank 0 of %s, got %s", t, k,
                 et_get(in->elem)->name, TS(init));
        if (!shape_is_tensor(r) || r->rank != in0->rank || r->elem != in->elem)
            FAIL(o->loc, "'@%s' result #%d must be a tensor of rank %d of %s, got %s", t, k, in0->rank,
                 et_get(in->elem)->name, TS(r));
        sig[k] = sig[n + k] = *init;
    }
    for (int j = 0; j < 5; j++) {
        const tensor_type *w = &o->operand_types[2 * n + j];
        if (!int_list(w, j < 4 ? 1 : 2, in0->rank, 2))
            FAIL(o->uses[2 * n + j].loc, "'@%s' %s (operand #%d) must be a tensor<%d%sxiN> of integers, got %s", t,
                 names[j], 2 * n + j, in0->rank, j < 4 ? "" : "x2", TS(w));
    }
    const ir_func *f = o->a.custom_call.callee_name ? ir_module_find(c->m, o->a.custom_call.callee_name) : NULL;
    bool ok = f && f->has_body && f->nargs == 2 * n && f->nresults == n;
    for (int k = 0; ok && k < 2 * n; k++)
        ok = shape_equal(&f->arg_types[k], &sig[k]) && (k >= n || shape_equal(&f->result_types[k], &sig[k]));
    if (!ok)
        FAIL(o->loc, "'@%s' needs called_computations = [@body], a function of the module taking the init values' "
             "types twice (accumulators, then elements) and returning them", t);
    o->a.custom_call.callee = f;
    return true;
}

/* custom_call @stablehlo.dynamic_rng_bit_generator(initial_state,
 * output_shape) {rng_algorithm = #stablehlo<rng_algorithm ...>} ->
 * (output_state, output) */
static bool check_dyn_rng(checker *c, ir_op *o)
{
    const char *t = o->a.custom_call.target;
    if (o->noperands != 2 || o->nresults != 2)
        FAIL(o->loc, "'@%s' takes initial_state and output_shape and returns output_state and output, got %d "
             "operands and %d results", t, o->noperands, o->nresults);
    const pattr *alg = ir_extra_attr(o, "rng_algorithm");
    if (!alg || alg->kind != PA_ENUM || !alg->word2 || strcmp(alg->word2, "rng_algorithm") != 0 ||
        (strcmp(alg->word, "DEFAULT") != 0 && strcmp(alg->word, "THREE_FRY") != 0 &&
         strcmp(alg->word, "PHILOX") != 0))
        FAIL(o->loc, "'@%s' needs rng_algorithm = #stablehlo<rng_algorithm DEFAULT|THREE_FRY|PHILOX>", t);
    const tensor_type *st = &o->operand_types[0], *shape = &o->operand_types[1];
    const tensor_type *ost = &o->result_types[0], *out = &o->result_types[1];
    if (!shape_is_tensor(st) || !(et_is_int(st->elem) || et_is_float(st->elem)) || !shape_is_tensor(ost) ||
        !may_match(st, ost) || st->elem != ost->elem)
        FAIL(o->uses[0].loc, "'@%s' initial_state and output_state must be tensors of one type of integers or "
             "floats, got %s and %s", t, TS(st), TS(ost));
    if (!shape_is_tensor(out) || !(et_is_int(out->elem) || et_is_float(out->elem)) ||
        !int_list(shape, 1, out->rank, 0))
        FAIL(o->uses[1].loc, "'@%s' output must be a tensor of integers or floats and output_shape a tensor<%dxiN> "
             "of integers (one per output dimension), got %s and %s", t, out->rank, TS(out), TS(shape));
    return true;
}

/* Any target takes and returns tensors, tokens and tuples (the op table's
 * ANY_VALUE); the targets that run have rules of their own. */
bool check_custom_call(checker *c, ir_op *o)
{
    ir_custom_call *cc = &o->a.custom_call;
    switch (cc->kind) {
    case IR_CC_OTHER:
        /* refinement evaluates these two (docs/shape-polymorphism.md) */
        if (strcmp(cc->target, "shape_assertion") != 0 && strcmp(cc->target, "stablehlo.dynamic_top_k") != 0)
            check_warning(c, o->loc, "custom call target '@%s': no reference semantics exist for it (running it is "
                          "an error)", cc->target);
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
    case IR_CC_DYN_REDUCE_WINDOW:
        return check_dyn_reduce_window(c, o);
    case IR_CC_DYN_RNG:
        return check_dyn_rng(c, o);
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
