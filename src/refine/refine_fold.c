/* The integer values of shape computations, folded while refining (REF's
 * refinement folds them too: StablehloRefineShapes' shape folder): small
 * integer and i1 tensors through constant, convert, reshape, broadcast,
 * concatenate, slice, the integer arithmetic, compare, select, clamp and
 * get_dimension_size. Each result element is wrapped to its type's width
 * as the evaluator computes it. Anything else leaves the result unknown. */
#include "refine/refine_internal.h"

/* v as a value of type e: i1 is 0 or 1, signed integers sign-extended from
 * their width, unsigned ones masked */
static int64_t wrap(et_id e, int64_t v)
{
    const et_traits *t = et_get(e);
    if (t->kind == EK_BOOL)
        return v != 0;
    uint64_t bits = (uint64_t)v & et_value_mask(e);
    return et_sign_extend(e, bits);
}

static bool small_int(const tensor_type *t)
{
    if (!shape_is_tensor(t) || !shape_is_static(t))
        return false;
    et_kind k = et_get(t->elem)->kind;
    int64_t n = shape_count(t);
    return (k == EK_BOOL || k == EK_SINT || k == EK_UINT) && n >= 0 && n <= REFINE_KNOWN_MAX;
}

const refine_known *refine_operand_known(const refine_frame *fr, const ir_op *o, int k)
{
    const refine_known *kn = &fr->known[o->operands[k]];
    return kn->known ? kn : NULL;
}

static bool binary(ir_op_kind k, et_id e, int64_t a, int64_t b, int64_t *out)
{
    bool u = et_get(e)->kind != EK_SINT;
    if (k == IR_OP_ADD)
        *out = (int64_t)((uint64_t)a + (uint64_t)b);
    else if (k == IR_OP_SUBTRACT)
        *out = (int64_t)((uint64_t)a - (uint64_t)b);
    else if (k == IR_OP_MULTIPLY)
        *out = (int64_t)((uint64_t)a * (uint64_t)b);
    else if (k == IR_OP_DIVIDE || k == IR_OP_REMAINDER) {
        if (b == 0 || (!u && b == -1 && a == INT64_MIN))
            return false;
        if (u)
            *out = (int64_t)(k == IR_OP_DIVIDE ? (uint64_t)a / (uint64_t)b : (uint64_t)a % (uint64_t)b);
        else
            *out = k == IR_OP_DIVIDE ? a / b : a % b;
    } else if (k == IR_OP_MAXIMUM)
        *out = (u ? (uint64_t)a > (uint64_t)b : a > b) ? a : b;
    else if (k == IR_OP_MINIMUM)
        *out = (u ? (uint64_t)a < (uint64_t)b : a < b) ? a : b;
    else if (k == IR_OP_AND)
        *out = a & b;
    else if (k == IR_OP_OR)
        *out = a | b;
    else if (k == IR_OP_XOR)
        *out = a ^ b;
    else
        return false;
    return true;
}

static bool compare(ir_cmp_dir d, bool u, int64_t a, int64_t b)
{
    int c = u ? ((uint64_t)a > (uint64_t)b) - ((uint64_t)a < (uint64_t)b) : (a > b) - (a < b);
    switch (d) {
    case IR_CMP_EQ: return c == 0;
    case IR_CMP_NE: return c != 0;
    case IR_CMP_GE: return c >= 0;
    case IR_CMP_GT: return c > 0;
    case IR_CMP_LE: return c <= 0;
    case IR_CMP_LT: return c < 0;
    }
    return false;
}

/* element i of operand `a` of type `at` read at the result index `idx`
 * through broadcast_in_dim's dims */
static int64_t bcast_at(const refine_known *a, const tensor_type *at, const ir_ints *dims, const int64_t *idx)
{
    int64_t flat = 0;
    for (int d = 0; d < at->rank; d++)
        flat = flat * at->dims[d] + (at->dims[d] == 1 ? 0 : idx[dims->v[d]]);
    return a->v[flat];
}

void refine_fold(refine_frame *fr, const ir_op *o)
{
    if (o->nresults != 1)
        return;
    const tensor_type *rt = &o->result_types[0];
    if (!small_int(rt))
        return;
    refine_known *out = &fr->known[o->results[0]];
    int n = (int)shape_count(rt);
    et_id e = rt->elem;
    const refine_known *a = o->noperands > 0 ? refine_operand_known(fr, o, 0) : NULL;
    const refine_known *b = o->noperands > 1 ? refine_operand_known(fr, o, 1) : NULL;
    const refine_known *c = o->noperands > 2 ? refine_operand_known(fr, o, 2) : NULL;
    int64_t v[REFINE_KNOWN_MAX];
    int64_t idx[SHAPE_MAX_RANK];
    ir_op_kind k = o->kind;
    if (k == IR_OP_CONSTANT) {
        for (int i = 0; i < n; i++)
            v[i] = et_sign_extend(e, et_load_bits(e, ir_literal_at(&o->a.constant, i)));
    } else if (k == IR_OP_GET_DIMENSION_SIZE) {
        v[0] = o->operand_types[0].dims[o->a.dimension];
    } else if (k == IR_OP_IOTA) {
        for (int i = 0; i < n; i++) {
            shape_unravel(rt, i, idx);
            v[i] = idx[o->a.iota_dim];
        }
    } else if (k == IR_OP_CONVERT || k == IR_OP_RESHAPE || k == IR_OP_DYNAMIC_RESHAPE) {
        if (!a || !small_int(&o->operand_types[0]))
            return;
        for (int i = 0; i < n; i++)
            v[i] = a->v[i];
    } else if (k == IR_OP_BROADCAST_IN_DIM || k == IR_OP_DYNAMIC_BROADCAST_IN_DIM) {
        if (!a)
            return;
        for (int i = 0; i < n; i++) {
            shape_unravel(rt, i, idx);
            v[i] = bcast_at(a, &o->operand_types[0], &o->a.dims, idx);
        }
    } else if (k == IR_OP_CONCATENATE) {
        int64_t dim = o->a.concat_dim;
        if (dim < 0 || dim >= rt->rank)
            return;
        for (int j = 0; j < o->noperands; j++)
            if (!refine_operand_known(fr, o, j))
                return;
        for (int i = 0; i < n; i++) {
            shape_unravel(rt, i, idx);
            int j = 0;
            while (j < o->noperands && idx[dim] >= o->operand_types[j].dims[dim])
                idx[dim] -= o->operand_types[j++].dims[dim];
            if (j == o->noperands)
                return;
            const tensor_type *t = &o->operand_types[j];
            int64_t flat = 0;
            for (int d = 0; d < t->rank; d++)
                flat = flat * t->dims[d] + idx[d];
            v[i] = refine_operand_known(fr, o, j)->v[flat];
        }
    } else if (k == IR_OP_SLICE) {
        if (!a || rt->rank != 1)
            return;
        for (int i = 0; i < n; i++)
            v[i] = a->v[o->a.slice.start.v[0] + i * o->a.slice.stride.v[0]];
    } else if (k == IR_OP_ADD || k == IR_OP_SUBTRACT || k == IR_OP_MULTIPLY || k == IR_OP_DIVIDE ||
               k == IR_OP_REMAINDER || k == IR_OP_MAXIMUM || k == IR_OP_MINIMUM || k == IR_OP_AND || k == IR_OP_OR || k == IR_OP_XOR) {
        if (!a || !b || a->n != n || b->n != n)
            return;
        for (int i = 0; i < n; i++)
            if (!binary(o->kind, e, a->v[i], b->v[i], &v[i]))
                return;
    } else if (k == IR_OP_NEGATE || k == IR_OP_ABS || k == IR_OP_SIGN || k == IR_OP_NOT) {
        if (!a || a->n != n)
            return;
        for (int i = 0; i < n; i++) {
            int64_t x = a->v[i];
            v[i] = o->kind == IR_OP_NEGATE ? (int64_t)(0 - (uint64_t)x)
                 : o->kind == IR_OP_ABS ? (x < 0 ? (int64_t)(0 - (uint64_t)x) : x)
                 : o->kind == IR_OP_SIGN ? (x > 0) - (x < 0)
                 : (et_get(e)->kind == EK_BOOL ? !x : ~x);
        }
    } else if (k == IR_OP_COMPARE) {
        if (!a || !b || a->n != n || b->n != n)
            return;
        bool u = et_get(o->operand_types[0].elem)->kind != EK_SINT;
        for (int i = 0; i < n; i++)
            v[i] = compare(o->a.compare.dir, u, a->v[i], b->v[i]);
    } else if (k == IR_OP_SELECT) {
        if (!a || !b || !c || b->n != n || c->n != n)
            return;
        for (int i = 0; i < n; i++)
            v[i] = a->v[a->n == 1 ? 0 : i] ? b->v[i] : c->v[i];
    } else if (k == IR_OP_CLAMP) {
        if (!a || !b || !c || b->n != n)
            return;
        for (int i = 0; i < n; i++) {
            int64_t lo = a->v[a->n == 1 ? 0 : i], hi = c->v[c->n == 1 ? 0 : i], x = b->v[i];
            bool u = et_get(e)->kind != EK_SINT;
            if (u ? (uint64_t)x < (uint64_t)lo : x < lo)
                x = lo;
            if (u ? (uint64_t)x > (uint64_t)hi : x > hi)
                x = hi;
            v[i] = x;
        }
    } else
        return;
    out->known = true;
    out->n = n;
    for (int i = 0; i < n; i++)
        out->v[i] = wrap(e, v[i]);
}
