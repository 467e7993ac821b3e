/* The "Checks" of every op of SPEC.md section 4 and of the check dialect
 * (section 5). Operands are resolved and their types equal the op's written
 * signature when these run; each message names the op and the rule. */
#include <stdio.h>
#include <string.h>

#include "check/check_internal.h"

enum {
    S_BOOL = IR_ELEM_BOOL, S_SINT = IR_ELEM_SINT, S_UINT = IR_ELEM_UINT, S_FLOAT = IR_ELEM_FLOAT,
    S_COMPLEX = IR_ELEM_COMPLEX, S_INT = S_SINT | S_UINT, S_ANY = IR_ELEMS_ANY
};

static unsigned set_of(et_id e)
{
    switch (et_get(e)->kind) {
    case EK_BOOL: return S_BOOL;
    case EK_SINT: return S_SINT;
    case EK_UINT: return S_UINT;
    case EK_FLOAT: return S_FLOAT;
    case EK_COMPLEX: break;
    }
    return S_COMPLEX;
}

/* The op table's element classes, as messages name them. */
static const char *set_name(unsigned s)
{
    static const struct { unsigned set; const char *name; } names[] = {
        { IR_ELEMS_NUMBER, "integer, float or complex" },
        { IR_ELEMS_REAL, "integer or float" },
        { IR_ELEMS_SIGNED, "signed integer, float or complex" },
        { IR_ELEMS_FLOATING, "float or complex" },
        { IR_ELEMS_FLOAT, "float" },
        { IR_ELEMS_BITS, "boolean or integer" },
        { IR_ELEMS_INT, "integer" },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].set == s)
            return names[i].name;
    return "supported";
}

static bool elem_in(checker *c, const ir_op *o, const tensor_type *t, unsigned set)
{
    if (!(set_of(t->elem) & set))
        FAIL(o->loc, "'%s' does not accept element type %s (expected %s elements)", ir_op_name(o->kind),
             et_get(t->elem)->name, set_name(set));
    return true;
}

static bool same_type(checker *c, const ir_op *o, const tensor_type *a, const char *an, const tensor_type *b,
                      const char *bn)
{
    if (!shape_equal(a, b))
        FAIL(o->loc, "'%s' requires %s and %s to have the same type, got %s and %s", ir_op_name(o->kind), an, bn,
             TS(a), TS(b));
    return true;
}

static bool arity(checker *c, const ir_op *o, int nops, int nres)
{
    if (nops >= 0 && o->noperands != nops)
        FAIL(o->loc, "'%s' takes %d operand%s, got %d", ir_op_name(o->kind), nops, nops == 1 ? "" : "s",
             o->noperands);
    if (nres >= 0 && o->nresults != nres)
        FAIL(o->loc, "'%s' has %d result%s, got %d", ir_op_name(o->kind), nres, nres == 1 ? "" : "s", o->nresults);
    return true;
}

/* Each entry in [0, rank), optionally without repeats. */
bool check_dims_in_range(checker *c, const ir_op *o, const char *what, const ir_ints *d, int rank, bool unique)
{
    for (int i = 0; i < d->n; i++) {
        if (d->v[i] < 0 || d->v[i] >= rank)
            FAIL(o->loc, "'%s' %s entry %lld is out of range [0, %d)", ir_op_name(o->kind), what,
                 (long long)d->v[i], rank);
        if (unique)
            for (int j = 0; j < i; j++)
                if (d->v[j] == d->v[i])
                    FAIL(o->loc, "'%s' %s repeats dimension %lld", ir_op_name(o->kind), what, (long long)d->v[i]);
    }
    return true;
}

static bool list_len(checker *c, const ir_op *o, const char *what, const ir_ints *d, int want)
{
    if (d->n != want)
        FAIL(o->loc, "'%s' %s has %d entr%s but the operand rank is %d", ir_op_name(o->kind), what, d->n,
             d->n == 1 ? "y" : "ies", want);
    return true;
}

static bool check_bitcast(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    unsigned w1 = et_get(a->elem)->value_bits, w2 = et_get(r->elem)->value_bits;
    bool c1 = et_get(a->elem)->kind == EK_COMPLEX, c2 = et_get(r->elem)->kind == EK_COMPLEX;
    if (c1 != c2)
        FAIL(o->loc, "'stablehlo.bitcast_convert' cannot convert between complex and non-complex types (%s to %s)",
             et_get(a->elem)->name, et_get(r->elem)->name);
    if (w1 == w2) {
        if (!shape_same_dims(a, r))
            FAIL(o->loc, "'stablehlo.bitcast_convert' between equal widths needs equal shapes, got %s and %s", TS(a),
                 TS(r));
        return true;
    }
    const tensor_type *wide = w1 > w2 ? a : r, *narrow = w1 > w2 ? r : a;
    unsigned ww = w1 > w2 ? w1 : w2, nw = w1 > w2 ? w2 : w1;
    bool ok = narrow->rank == wide->rank + 1;
    for (int d = 0; ok && d < wide->rank; d++)
        ok = wide->dims[d] == narrow->dims[d];
    if (ok)
        ok = narrow->dims[narrow->rank - 1] * (int64_t)nw == (int64_t)ww;
    if (!ok)
        FAIL(o->loc,
             "'stablehlo.bitcast_convert' from %s to %s: the narrower type needs the wider shape plus a last "
             "dimension of %u",
             TS(a), TS(r), ww / nw);
    return true;
}

static bool check_broadcast(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    const ir_ints *d = &o->a.dims;
    if (a->elem != r->elem)
        FAIL(o->loc, "'%s' requires the same element type, got %s and %s", ir_op_name(o->kind), TS(a), TS(r));
    if (!list_len(c, o, "broadcast dimensions", d, a->rank) ||
        !check_dims_in_range(c, o, "broadcast dimensions", d, r->rank, true))
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != 1 && a->dims[i] != r->dims[d->v[i]])
            FAIL(o->loc,
                 "'%s' operand dimension %d has size %lld, which is neither 1 nor the result's size %lld at "
                 "dimension %lld",
                 ir_op_name(o->kind), i, (long long)a->dims[i], (long long)r->dims[d->v[i]], (long long)d->v[i]);
    return true;
}

static bool check_transpose(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    const ir_ints *p = &o->a.dims;
    if (a->elem != r->elem)
        FAIL(o->loc, "'stablehlo.transpose' requires the same element type, got %s and %s", TS(a), TS(r));
    if (!list_len(c, o, "permutation", p, a->rank) || !check_dims_in_range(c, o, "permutation", p, a->rank, true))
        return false;
    if (r->rank != a->rank)
        FAIL(o->loc, "'stablehlo.transpose' result rank %d differs from the operand rank %d", r->rank, a->rank);
    tensor_type want = *a;
    for (int d = 0; d < r->rank; d++)
        want.dims[d] = a->dims[p->v[d]];
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.transpose' result type %s should be %s (the operand %s permuted)", TS(r),
             TS(&want), TS(a));
    return true;
}

static bool check_concatenate(checker *c, ir_op *o)
{
    const tensor_type *r = &o->result_types[0];
    if (o->noperands < 1)
        FAIL(o->loc, "'stablehlo.concatenate' needs at least one operand");
    const tensor_type *a0 = &o->operand_types[0];
    if (a0->rank == 0)
        FAIL(o->loc, "'stablehlo.concatenate' cannot concatenate rank-0 values");
    int64_t dim = o->a.concat_dim;
    if (dim < 0 || dim >= a0->rank)
        FAIL(o->loc, "'stablehlo.concatenate' dimension %lld must be less than the rank %d", (long long)dim,
             a0->rank);
    int64_t sum = 0;
    for (int i = 0; i < o->noperands; i++) {
        const tensor_type *t = &o->operand_types[i];
        if (t->elem != a0->elem || t->rank != a0->rank)
            FAIL(o->uses[i].loc, "'stablehlo.concatenate' operand #%d has type %s, incompatible with %s", i, TS(t),
                 TS(a0));
        for (int d = 0; d < t->rank; d++)
            if (d != dim && t->dims[d] != a0->dims[d])
                FAIL(o->uses[i].loc,
                     "'stablehlo.concatenate' operand #%d has size %lld at dimension %d, expected %lld", i,
                     (long long)t->dims[d], d, (long long)a0->dims[d]);
        sum += t->dims[dim];
    }
    tensor_type want = *a0;
    want.dims[dim] = sum;
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.concatenate' result type %s should be %s", TS(r), TS(&want));
    return true;
}

static bool check_slice(checker *c, ir_op *o)
{
    if (o->operand_types[0].elem != o->result_types[0].elem)
        FAIL(o->loc, "'stablehlo.slice' requires the same element type");
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    const ir_ints *s = &o->a.slice.start, *l = &o->a.slice.limit, *t = &o->a.slice.stride;
    if (!list_len(c, o, "start_indices", s, a->rank) || !list_len(c, o, "limit_indices", l, a->rank) ||
        !list_len(c, o, "strides", t, a->rank))
        return false;
    tensor_type want = *a;
    for (int d = 0; d < a->rank; d++) {
        if (t->v[d] <= 0)
            FAIL(o->loc, "'stablehlo.slice' stride %lld of dimension %d must be positive", (long long)t->v[d], d);
        if (!shape_slice_count(a->dims[d], s->v[d], l->v[d], t->v[d], &want.dims[d]))
            FAIL(o->loc, "'stablehlo.slice' dimension %d needs 0 <= start %lld <= limit %lld <= size %lld", d,
                 (long long)s->v[d], (long long)l->v[d], (long long)a->dims[d]);
    }
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.slice' result type %s should be %s", TS(r), TS(&want));
    return true;
}

static bool check_pad(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *v = &o->operand_types[1], *r = &o->result_types[0];
    if (v->rank != 0)
        FAIL(o->uses[1].loc, "'stablehlo.pad' padding value must be rank 0, got %s", TS(v));
    if (v->elem != a->elem || r->elem != a->elem)
        FAIL(o->loc, "'stablehlo.pad' requires equal element types, got %s, %s and %s", TS(a), TS(v), TS(r));
    const ir_ints *lo = &o->a.pad.low, *hi = &o->a.pad.high, *in = &o->a.pad.interior;
    if (!list_len(c, o, "edge_padding_low", lo, a->rank) || !list_len(c, o, "edge_padding_high", hi, a->rank) ||
        !list_len(c, o, "interior_padding", in, a->rank))
        return false;
    tensor_type want = *a;
    for (int d = 0; d < a->rank; d++) {
        int64_t size = 0;
        switch (shape_pad_size(a->dims[d], lo->v[d], hi->v[d], in->v[d], &size)) {
        case SHAPE_PAD_OK:
            break;
        case SHAPE_PAD_INTERIOR_NEGATIVE:
            FAIL(o->loc, "'stablehlo.pad' interior padding %lld of dimension %d must be non-negative",
                 (long long)in->v[d], d);
        case SHAPE_PAD_TOO_LARGE:
            FAIL(o->loc, "'stablehlo.pad' padding of dimension %d is too large", d);
        case SHAPE_PAD_SIZE_NEGATIVE:
            FAIL(o->loc, "'stablehlo.pad' dimension %d would have negative size %lld", d, (long long)size);
        }
        want.dims[d] = size;
    }
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.pad' result type %s should be %s", TS(r), TS(&want));
    return true;
}

static bool check_reduce(checker *c, ir_op *o)
{
    if (o->noperands < 2 || o->noperands % 2)
        FAIL(o->loc, "'stablehlo.reduce' takes N inputs and N init values, got %d operands", o->noperands);
    int n = o->noperands / 2;
    if (o->nresults != n)
        FAIL(o->loc, "'stablehlo.reduce' with %d inputs has %d results, got %d", n, n, o->nresults);
    const tensor_type *in0 = &o->operand_types[0];
    if (!check_dims_in_range(c, o, "dimensions", &o->a.reduce.dims, in0->rank, true))
        return false;
    tensor_type out = *in0;
    out.rank = 0;
    for (int d = 0; d < in0->rank; d++) {
        bool reduced = false;
        for (int i = 0; i < o->a.reduce.dims.n; i++)
            reduced |= o->a.reduce.dims.v[i] == d;
        if (!reduced)
            out.dims[out.rank++] = in0->dims[d];
    }
    return check_fold(c, o, &out);
}

bool check_fold(checker *c, const ir_op *o, const tensor_type *shape)
{
    int n = o->noperands / 2;
    const tensor_type *in0 = &o->operand_types[0];
    tensor_type out = *shape;
    /* the body: (accumulators, elements) -> accumulators, all rank 0 */
    tensor_type sig[2 * SHAPE_MAX_RANK];
    tensor_type *args = n <= SHAPE_MAX_RANK ? sig : arena_alloc(c->m->arena, (size_t)(2 * n), sizeof *args);
    if (!args) {
        c->oom = true;
        return false;
    }
    for (int k = 0; k < n; k++) {
        const tensor_type *in = &o->operand_types[k], *init = &o->operand_types[n + k];
        if (!shape_same_dims(in, in0))
            FAIL(o->uses[k].loc, "'%s' inputs must have the same shape, got %s and %s", ir_op_name(o->kind), TS(in),
                 TS(in0));
        if (init->rank != 0 || init->elem != in->elem)
            FAIL(o->uses[n + k].loc, "'%s' init value #%d must be rank 0 of %s, got %s", ir_op_name(o->kind), k,
                 et_get(in->elem)->name, TS(init));
        out.elem = in->elem;
        if (!shape_equal(&o->result_types[k], &out))
            FAIL(o->loc, "'%s' result #%d type %s should be %s", ir_op_name(o->kind), k, TS(&o->result_types[k]),
                 TS(&out));
        args[k] = args[n + k] = *init;
    }
    check_region body = { "body", " (accumulators then elements)", 2 * n, args, n, args };
    return check_region_sig(c, o, 0, &body);
}

static bool is_f8_alg(fp_id f)
{
    return f == FP_F8E3M4 || f == FP_F8E4M3 || f == FP_F8E4M3FN || f == FP_F8E5M2 || f == FP_F8E4M3FNUZ ||
           f == FP_F8E4M3B11FNUZ || f == FP_F8E5M2FNUZ;
}

/* SPEC 4.41 check 8: the algorithms REF's verifier knows. */
static bool known_algorithm(const ir_dot_algorithm *a)
{
    if (a->lhs_component_count != 1 || a->rhs_component_count != 1)
        return false;
    if (is_f8_alg(a->lhs_precision) && is_f8_alg(a->rhs_precision) && a->accumulation == FP_F32 &&
        a->num_primitive_operations == 1)
        return true;
    if (a->allow_imprecise_accumulation)
        return false;
    static const struct {
        fp_id l, r, acc;
        int ops;
    } known[] = {
        { FP_F16, FP_F16, FP_F16, 1 },   { FP_F16, FP_F16, FP_F32, 1 },   { FP_BF16, FP_BF16, FP_BF16, 1 },
        { FP_BF16, FP_BF16, FP_F32, 1 }, { FP_BF16, FP_BF16, FP_F32, 3 }, { FP_BF16, FP_BF16, FP_F32, 6 },
        { FP_BF16, FP_BF16, FP_F32, 9 }, { FP_TF32, FP_TF32, FP_F32, 1 }, { FP_TF32, FP_TF32, FP_F32, 3 },
        { FP_F32, FP_F32, FP_F32, 1 },   { FP_F64, FP_F64, FP_F64, 1 },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].l == a->lhs_precision && known[i].r == a->rhs_precision && known[i].acc == a->accumulation &&
            known[i].ops == a->num_primitive_operations)
            return true;
    return false;
}

static bool check_dot_general(checker *c, ir_op *o)
{
    const char *name = ir_op_name(o->kind);
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1], *r = &o->result_types[0];
    ir_dot *d = &o->a.dot;
    if (d->lhs_batch.n != d->rhs_batch.n)
        FAIL(o->loc, "'%s' (C1) lhs and rhs batching dimension lists differ in length: %d vs %d", name,
             d->lhs_batch.n, d->rhs_batch.n);
    if (d->lhs_contract.n != d->rhs_contract.n)
        FAIL(o->loc, "'%s' (C2) lhs and rhs contracting dimension lists differ in length: %d vs %d", name,
             d->lhs_contract.n, d->rhs_contract.n);
    const ir_ints *lists[4] = { &d->lhs_batch, &d->lhs_contract, &d->rhs_batch, &d->rhs_contract };
    const char *lnames[4] = { "lhs batching", "lhs contracting", "rhs batching", "rhs contracting" };
    for (int k = 0; k < 4; k++) {
        int rank = k < 2 ? a->rank : b->rank;
        for (int i = 0; i < lists[k]->n; i++)
            if (lists[k]->v[i] < 0 || lists[k]->v[i] >= rank)
                FAIL(o->loc, "'%s' (C5-C8) %s dimension %lld is out of range [0, %d)", name, lnames[k],
                     (long long)lists[k]->v[i], rank);
    }
    for (int side = 0; side < 2; side++) {
        const ir_ints *x = lists[2 * side], *y = lists[2 * side + 1];
        for (int i = 0; i < x->n + y->n; i++)
            for (int j = 0; j < i; j++) {
                int64_t vi = i < x->n ? x->v[i] : y->v[i - x->n], vj = j < x->n ? x->v[j] : y->v[j - x->n];
                if (vi == vj)
                    FAIL(o->loc, "'%s' (C%d) %s dimension %lld appears twice in the batching and contracting lists",
                         name, 3 + side, side ? "rhs" : "lhs", (long long)vi);
            }
    }
    for (int i = 0; i < d->lhs_batch.n; i++)
        if (a->dims[d->lhs_batch.v[i]] != b->dims[d->rhs_batch.v[i]])
            FAIL(o->loc, "'%s' (C9) batching dimensions lhs %lld (size %lld) and rhs %lld (size %lld) differ", name,
                 (long long)d->lhs_batch.v[i], (long long)a->dims[d->lhs_batch.v[i]], (long long)d->rhs_batch.v[i],
                 (long long)b->dims[d->rhs_batch.v[i]]);
    for (int i = 0; i < d->lhs_contract.n; i++)
        if (a->dims[d->lhs_contract.v[i]] != b->dims[d->rhs_contract.v[i]])
            FAIL(o->loc, "'%s' (C10) contracting dimensions lhs %lld (size %lld) and rhs %lld (size %lld) differ",
                 name, (long long)d->lhs_contract.v[i], (long long)a->dims[d->lhs_contract.v[i]],
                 (long long)d->rhs_contract.v[i], (long long)b->dims[d->rhs_contract.v[i]]);
    if (d->nprecision > 2)
        FAIL(o->loc, "'%s' (C11) precision config has %d entries, at most 2 allowed", name, d->nprecision);
    tensor_type want = *r;
    want.rank = 0;
    for (int i = 0; i < d->lhs_batch.n; i++)
        want.dims[want.rank++] = a->dims[d->lhs_batch.v[i]];
    for (int side = 0; side < 2; side++) {
        const tensor_type *t = side ? b : a;
        const ir_ints *x = lists[2 * side], *y = lists[2 * side + 1];
        for (int dim = 0; dim < t->rank; dim++) {
            bool used = false;
            for (int i = 0; i < x->n; i++)
                used |= x->v[i] == dim;
            for (int i = 0; i < y->n; i++)
                used |= y->v[i] == dim;
            if (!used) {
                if (want.rank == SHAPE_MAX_RANK)
                    FAIL(o->loc, "'%s' result rank exceeds %d", name, SHAPE_MAX_RANK);
                want.dims[want.rank++] = t->dims[dim];
            }
        }
    }
    if (!shape_same_dims(r, &want))
        FAIL(o->loc, "'%s' (C12) result type %s should have shape %s", name, TS(r), TS(&want));
    if (a->elem != b->elem)
        check_warning(c, o->loc, "'%s' operands have different element types %s and %s (converted to %s)", name,
                      et_get(a->elem)->name, et_get(b->elem)->name, et_get(r->elem)->name);
    if (d->has_algorithm) {
        const ir_dot_algorithm *al = &d->algorithm;
        for (int i = 0; i < d->nprecision; i++)
            if (d->precision[i] != IR_PREC_DEFAULT)
                FAIL(o->loc, "'%s' (C21) precision config must be DEFAULT when an algorithm is given", name);
        if (al->lhs_component_count < 1 || al->rhs_component_count < 1 || al->num_primitive_operations < 1)
            FAIL(o->loc, "'%s' (C22-C24) algorithm component counts and num_primitive_operations must be >= 1", name);
        if (!known_algorithm(al))
            FAIL(o->loc, "'%s' algorithm (%s, %s, accumulation %s, %lld primitive operation%s%s) is not a known dot "
                         "algorithm",
                 name, fp_fmt(al->lhs_precision)->name, fp_fmt(al->rhs_precision)->name,
                 fp_fmt(al->accumulation)->name, (long long)al->num_primitive_operations,
                 al->num_primitive_operations == 1 ? "" : "s",
                 al->allow_imprecise_accumulation ? ", imprecise accumulation" : "");
    }
    return true;
}

static bool check_dot(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1], *r = &o->result_types[0];
    if (a->rank < 1 || a->rank > 2 || b->rank < 1 || b->rank > 2)
        FAIL(o->loc, "'stablehlo.dot' needs rank 1 or 2 operands, got %s and %s", TS(a), TS(b));
    if (a->dims[a->rank - 1] != b->dims[0])
        FAIL(o->loc, "'stablehlo.dot' contracting dimensions differ: %s and %s", TS(a), TS(b));
    /* the equivalent dot_general, for one interpreter routine */
    ir_dot *d = &o->a.dot;
    int64_t *v = arena_alloc(c->m->arena, 4, sizeof(int64_t));
    if (!v)
        FAIL(o->loc, "out of memory");
    v[0] = a->rank - 1;
    v[1] = 0;
    d->lhs_contract = (ir_ints){ 1, &v[0] };
    d->rhs_contract = (ir_ints){ 1, &v[1] };
    d->lhs_batch = (ir_ints){ 0, &v[2] };
    d->rhs_batch = (ir_ints){ 0, &v[3] };
    (void)r;
    return check_dot_general(c, o);
}

static bool check_compare(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    if (!same_type(c, o, a, "lhs", &o->operand_types[1], "rhs"))
        return false;
    tensor_type want = *a;
    want.elem = ET_I1;
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.compare' result type %s should be %s", TS(r), TS(&want));
    ir_cmp_type t = o->a.compare.type;
    unsigned s = set_of(a->elem);
    bool fits = t == IR_CMPT_ABSENT || t == IR_CMPT_NOTYPE ||
                (t == IR_CMPT_SIGNED && s == S_SINT) || (t == IR_CMPT_UNSIGNED && (s == S_UINT || s == S_BOOL)) ||
                ((t == IR_CMPT_FLOAT || t == IR_CMPT_TOTALORDER) && s == S_FLOAT) ||
                (t == IR_CMPT_FLOAT && s == S_COMPLEX);
    if (!fits) /* SPEC section 8 item 16: accepted, REF ignores compare_type */
        check_warning(c, o->loc, "'stablehlo.compare' compare type %s does not match element type %s (ignored)",
                      ir_cmp_type_name(t), et_get(a->elem)->name);
    return true;
}

static bool check_scalar_or_same(checker *c, const ir_op *o, int i, const tensor_type *x, const char *what)
{
    const tensor_type *t = &o->operand_types[i];
    if (t->rank != 0 && !shape_same_dims(t, x))
        FAIL(o->uses[i].loc, "'%s' %s must be rank 0 or have the shape of %s, got %s", ir_op_name(o->kind), what,
             TS(x), TS(t));
    return true;
}

static bool check_checkop(checker *c, ir_op *o)
{
    const char *name = ir_op_name(o->kind);
    bool is_const = o->kind == IR_OP_CHECK_EXPECT_EQ_CONST || o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST;
    if (!arity(c, o, is_const ? 1 : 2, o->kind == IR_OP_CHECK_EQ ? 1 : 0))
        return false;
    const tensor_type *a = &o->operand_types[0];
    const tensor_type *e = is_const ? &o->a.check.expected.type : &o->operand_types[1];
    if (!shape_equal(a, e))
        FAIL(o->loc, "'%s' compares values of different types: %s (actual) and %s (expected)", name, TS(a), TS(e));
    if (o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ || o->kind == IR_OP_CHECK_EXPECT_ALMOST_EQ_CONST ||
        o->kind == IR_OP_CHECK_EXPECT_CLOSE) {
        if (!elem_in(c, o, a, S_FLOAT | S_COMPLEX))
            return false;
    }
    if (o->kind == IR_OP_CHECK_EXPECT_CLOSE && o->a.check.min_ulp > o->a.check.max_ulp)
        FAIL(o->loc, "'%s' min_ulp_difference %llu exceeds max_ulp_difference %llu", name,
             (unsigned long long)o->a.check.min_ulp, (unsigned long long)o->a.check.max_ulp);
    if (o->kind == IR_OP_CHECK_EQ) {
        const tensor_type *r = &o->result_types[0];
        if (r->rank != 0 || r->elem != ET_I1)
            FAIL(o->loc, "'stablehlo.custom_call @check.eq' must return tensor<i1>, got %s", TS(r));
    }
    return true;
}

/* ---- the rules of ops without a function above: one per op or family ---- */

static bool check_binary(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0];
    if (!same_type(c, o, a, "lhs", &o->operand_types[1], "rhs") ||
        !same_type(c, o, a, "operands", &o->result_types[0], "result"))
        return false;
    return elem_in(c, o, a, ir_op_get(o->kind)->elems);
}

static bool check_unary(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    if (!elem_in(c, o, a, ir_op_get(o->kind)->elems))
        return false;
    if (o->kind == IR_OP_ABS && et_get(a->elem)->kind == EK_COMPLEX) {
        tensor_type want = *a;
        want.elem = et_part(a->elem);
        if (!shape_equal(r, &want))
            FAIL(o->loc, "'stablehlo.abs' of %s returns %s, got %s", TS(a), TS(&want), TS(r));
        return true;
    }
    return same_type(c, o, a, "operand", r, "result");
}

static bool check_constant(checker *c, ir_op *o)
{
    if (!shape_equal(&o->result_types[0], &o->a.constant.type))
        FAIL(o->loc, "'stablehlo.constant' result type %s differs from the literal's type %s",
             TS(&o->result_types[0]), TS(&o->a.constant.type));
    return true;
}

static bool check_iota(checker *c, ir_op *o)
{
    const tensor_type *r = &o->result_types[0];
    if (r->rank == 0)
        FAIL(o->loc, "'stablehlo.iota' does not support rank-0 results");
    if (o->a.iota_dim < 0 || o->a.iota_dim >= r->rank)
        FAIL(o->loc, "'stablehlo.iota' iota_dimension %lld must be less than the rank %d",
             (long long)o->a.iota_dim, r->rank);
    return elem_in(c, o, r, S_ANY & ~S_BOOL);
}

static bool check_convert(checker *c, ir_op *o)
{
    if (!shape_same_dims(&o->operand_types[0], &o->result_types[0]))
        FAIL(o->loc, "'stablehlo.convert' requires equal shapes, got %s and %s", TS(&o->operand_types[0]),
             TS(&o->result_types[0]));
    return true;
}

static bool check_reshape(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *r = &o->result_types[0];
    if (a->elem != r->elem || shape_count(a) != shape_count(r))
        FAIL(o->loc, "'%s' needs the same element type and count, got %s and %s", ir_op_name(o->kind), TS(a), TS(r));
    return true;
}

static bool check_reverse(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0];
    return same_type(c, o, a, "operand", &o->result_types[0], "result") &&
           check_dims_in_range(c, o, "dimensions", &o->a.dims, a->rank, true);
}

static bool check_select(checker *c, ir_op *o)
{
    if (o->operand_types[0].elem != ET_I1)
        FAIL(o->uses[0].loc, "'stablehlo.select' predicate must have element type i1, got %s",
             TS(&o->operand_types[0]));
    const tensor_type *t = &o->operand_types[1];
    return same_type(c, o, t, "on_true", &o->operand_types[2], "on_false") &&
           same_type(c, o, t, "operands", &o->result_types[0], "result") &&
           check_scalar_or_same(c, o, 0, t, "predicate");
}

static bool check_clamp(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *x = &o->operand_types[1];
    if (a->elem != x->elem || o->operand_types[2].elem != x->elem)
        FAIL(o->loc, "'stablehlo.clamp' requires equal element types, got %s, %s and %s", TS(a), TS(x),
             TS(&o->operand_types[2]));
    return check_scalar_or_same(c, o, 0, x, "min") && check_scalar_or_same(c, o, 2, x, "max") &&
           same_type(c, o, x, "operand", &o->result_types[0], "result");
}

/* ---- control flow and program structure (SPEC.md 9.3) ---------------- */

static const tensor_type scalar_i1 = { .elem = ET_I1 };

/* Tensors or tokens (what flows through while, if, case and the barrier). */
static bool no_tuples(checker *c, const ir_op *o, const tensor_type *t, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        if (shape_kind_of(&t[i]) == SHAPE_TUPLE)
            FAIL(t == o->operand_types ? o->uses[i].loc : o->loc, "'%s' %s #%d must be a tensor or a token, got %s",
                 ir_op_name(o->kind), what, i, TS(&t[i]));
    return true;
}

static bool same_types(checker *c, const ir_op *o)
{
    if (o->nresults != o->noperands)
        FAIL(o->loc, "'%s' has %d operand%s and %d result%s; they must match", ir_op_name(o->kind), o->noperands,
             o->noperands == 1 ? "" : "s", o->nresults, o->nresults == 1 ? "" : "s");
    for (int i = 0; i < o->noperands; i++)
        if (!shape_equal(&o->operand_types[i], &o->result_types[i]))
            FAIL(o->loc, "'%s' result #%d has type %s but operand #%d has type %s", ir_op_name(o->kind), i,
                 TS(&o->result_types[i]), i, TS(&o->operand_types[i]));
    return no_tuples(c, o, o->operand_types, o->noperands, "operand");
}

static bool check_while(checker *c, ir_op *o)
{
    if (!same_types(c, o))
        return false;
    check_region cond = { "condition", " (one per operand)", o->noperands, o->operand_types, 1, &scalar_i1 };
    check_region body = { "body", " (one per operand)", o->noperands, o->operand_types, o->noperands,
                          o->operand_types };
    return check_region_sig(c, o, 0, &cond) && check_region_sig(c, o, 1, &body);
}

static bool check_branches(checker *c, ir_op *o)
{
    if (!no_tuples(c, o, o->result_types, o->nresults, "result"))
        return false;
    for (int g = 0; g < o->nregions; g++) {
        char what[32];
        snprintf(what, sizeof what, "branch #%d", g);
        check_region br = { what, NULL, 0, o->operand_types, o->nresults, o->result_types };
        if (!check_region_sig(c, o, g, &br))
            return false;
    }
    return true;
}

static bool check_if(checker *c, ir_op *o)
{
    if (!shape_equal(&o->operand_types[0], &scalar_i1))
        FAIL(o->uses[0].loc, "'stablehlo.if' predicate must be tensor<i1>, got %s", TS(&o->operand_types[0]));
    return check_branches(c, o);
}

static bool check_case(checker *c, ir_op *o)
{
    static const tensor_type scalar_i32 = { .elem = ET_I32 };
    if (!shape_equal(&o->operand_types[0], &scalar_i32))
        FAIL(o->uses[0].loc, "'stablehlo.case' index must be tensor<i32>, got %s", TS(&o->operand_types[0]));
    if (o->nregions < 1)
        FAIL(o->loc, "'stablehlo.case' requires at least 1 region");
    return check_branches(c, o);
}

/* The rank-0 types of each operand's elements, in order (2 per operand
 * when `twice`: the comparator's lhs/rhs pairs). */
static tensor_type *scalar_args(checker *c, const ir_op *o, bool twice)
{
    int per = twice ? 2 : 1;
    tensor_type *v = arena_alloc(c->m->arena, (size_t)(per * o->noperands + 1), sizeof *v);
    if (!v) {
        c->oom = true;
        return NULL;
    }
    for (int i = 0; i < per * o->noperands; i++)
        v[i] = (tensor_type){ .elem = o->operand_types[i / per].elem };
    return v;
}

static bool inputs_same_dims(checker *c, const ir_op *o)
{
    if (o->noperands < 1)
        FAIL(o->loc, "'%s' needs at least one operand", ir_op_name(o->kind));
    for (int i = 1; i < o->noperands; i++)
        if (!shape_same_dims(&o->operand_types[i], &o->operand_types[0]))
            FAIL(o->uses[i].loc, "'%s' operand #%d has shape %s, expected the shape of %s", ir_op_name(o->kind), i,
                 TS(&o->operand_types[i]), TS(&o->operand_types[0]));
    return true;
}

static bool check_map(checker *c, ir_op *o)
{
    if (!inputs_same_dims(c, o))
        return false;
    const tensor_type *in0 = &o->operand_types[0], *r = &o->result_types[0];
    if (!shape_same_dims(r, in0))
        FAIL(o->loc, "'stablehlo.map' result type %s must have the shape of the inputs, %s", TS(r), TS(in0));
    if (o->a.dims.n < 0) {
        o->a.dims.n = in0->rank;
        o->a.dims.v = arena_alloc(c->m->arena, (size_t)in0->rank + 1, sizeof(int64_t));
        if (!o->a.dims.v) {
            c->oom = true;
            return false;
        }
        for (int d = 0; d < in0->rank; d++)
            o->a.dims.v[d] = d;
    }
    bool identity = o->a.dims.n == in0->rank;
    for (int d = 0; identity && d < in0->rank; d++)
        identity = o->a.dims.v[d] == d;
    if (!identity) {
        char want[SHAPE_MAX_RANK * 4 + 4], got[64 * 22];
        int w = 0, g = 0;
        for (int d = 0; d < in0->rank; d++)
            w += snprintf(want + w, sizeof want - (size_t)w, d ? ", %d" : "%d", d);
        for (int d = 0; d < o->a.dims.n && g < (int)sizeof got - 24; d++)
            g += snprintf(got + g, sizeof got - (size_t)g, d ? ", %lld" : "%lld", (long long)o->a.dims.v[d]);
        want[w] = got[g] = '\0';
        FAIL(o->loc, "'stablehlo.map' dimensions must be [%s], got [%s]", want, got);
    }
    tensor_type *args = scalar_args(c, o, false);
    if (!args)
        return false;
    tensor_type ret = { .elem = r->elem };
    check_region body = { "body", NULL, o->noperands, args, 1, &ret };
    return check_region_sig(c, o, 0, &body);
}

static bool check_sort(checker *c, ir_op *o)
{
    if (!inputs_same_dims(c, o))
        return false;
    if (o->nresults != o->noperands)
        FAIL(o->loc, "'stablehlo.sort' has %d operands but %d results", o->noperands, o->nresults);
    for (int i = 0; i < o->noperands; i++)
        if (!shape_equal(&o->result_types[i], &o->operand_types[i]))
            FAIL(o->loc, "'stablehlo.sort' result #%d has type %s but operand #%d has type %s", i,
                 TS(&o->result_types[i]), i, TS(&o->operand_types[i]));
    int rank = o->operand_types[0].rank;
    int64_t d = o->a.sort.dimension;
    if (rank < 1)
        FAIL(o->loc, "'stablehlo.sort' operands must have rank >= 1, got %s", TS(&o->operand_types[0]));
    if (d < -rank || d >= rank)
        FAIL(o->loc, "'stablehlo.sort' dimension %lld is out of range [%d, %d)", (long long)d, -rank, rank);
    if (d < 0)
        o->a.sort.dimension = d + rank;
    tensor_type *args = scalar_args(c, o, true);
    if (!args)
        return false;
    check_region cmp = { "comparator", " (two per operand)", 2 * o->noperands, args, 1, &scalar_i1 };
    return check_region_sig(c, o, 0, &cmp);
}

static bool check_barrier(checker *c, ir_op *o)
{
    return same_types(c, o);
}

static bool check_tuple(checker *c, ir_op *o)
{
    const tensor_type *r = &o->result_types[0];
    bool ok = shape_kind_of(r) == SHAPE_TUPLE && shape_tuple_size(r) == o->noperands;
    for (int i = 0; ok && i < o->noperands; i++)
        ok = shape_equal(shape_tuple_part(r, i), &o->operand_types[i]);
    if (!ok) {
        tensor_type want = shape_tuple(o->operand_types, o->noperands);
        FAIL(o->loc, "'stablehlo.tuple' result type %s should be %s", TS(r), TS(&want));
    }
    return true;
}

static bool check_get_tuple_element(checker *c, ir_op *o)
{
    const tensor_type *t = &o->operand_types[0];
    if (shape_kind_of(t) != SHAPE_TUPLE)
        FAIL(o->uses[0].loc, "'stablehlo.get_tuple_element' operand must be a tuple, got %s", TS(t));
    int64_t k = o->a.tuple_index;
    if (k < 0 || k >= shape_tuple_size(t))
        FAIL(o->loc, "'stablehlo.get_tuple_element' index %lld is out of range for %s (%d element%s)", (long long)k,
             TS(t), shape_tuple_size(t), shape_tuple_size(t) == 1 ? "" : "s");
    if (!shape_equal(&o->result_types[0], shape_tuple_part(t, k)))
        FAIL(o->loc, "'stablehlo.get_tuple_element' result type %s should be %s", TS(&o->result_types[0]),
             TS(shape_tuple_part(t, k)));
    return true;
}

/* after_all and create_token: tokens in, a token out */
static bool check_token(checker *c, ir_op *o)
{
    for (int i = 0; i < o->noperands; i++)
        if (shape_kind_of(&o->operand_types[i]) != SHAPE_TOKEN)
            FAIL(o->uses[i].loc, "'%s' operand #%d must be !stablehlo.token, got %s", ir_op_name(o->kind), i,
                 TS(&o->operand_types[i]));
    if (shape_kind_of(&o->result_types[0]) != SHAPE_TOKEN)
        FAIL(o->loc, "'%s' result must be !stablehlo.token, got %s", ir_op_name(o->kind), TS(&o->result_types[0]));
    return true;
}

/* ---- dynamic ops with static types (SPEC.md 9.4.8) -------------------- */

/* Operand k is a rank-1 integer tensor of n elements (a shape or amounts). */
static bool shape_operand(checker *c, const ir_op *o, int k, int64_t n, const char *what)
{
    const tensor_type *t = &o->operand_types[k];
    if (t->rank != 1 || !et_is_int(t->elem) || t->dims[0] != n)
        FAIL(o->uses[k].loc, "'%s' %s must be a rank-1 integer tensor of %lld elements, got %s", ir_op_name(o->kind),
             what, (long long)n, TS(t));
    return true;
}

static bool check_dynamic_iota(checker *c, ir_op *o)
{
    const tensor_type *r = &o->result_types[0];
    if (!shape_operand(c, o, 0, r->rank, "output shape"))
        return false;
    if (o->a.iota_dim < 0 || o->a.iota_dim >= r->rank)
        FAIL(o->loc, "'stablehlo.dynamic_iota' iota_dimension %lld is out of range for %s", (long long)o->a.iota_dim,
             TS(r));
    return true;
}

static bool check_dynamic_broadcast_in_dim(checker *c, ir_op *o)
{
    return shape_operand(c, o, 1, o->result_types[0].rank, "output dimensions") && check_broadcast(c, o);
}

static bool check_dynamic_reshape(checker *c, ir_op *o)
{
    return shape_operand(c, o, 1, o->result_types[0].rank, "output shape") && check_reshape(c, o);
}

static bool check_dynamic_pad(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0], *v = &o->operand_types[1];
    if (v->rank != 0 || v->elem != x->elem || o->result_types[0].elem != x->elem)
        FAIL(o->uses[1].loc, "'stablehlo.dynamic_pad' padding value must be tensor<%s>, got %s", et_get(x->elem)->name,
             TS(v));
    static const char *const what[3] = { "edge_padding_low", "edge_padding_high", "interior_padding" };
    for (int k = 2; k < 5; k++)
        if (!shape_operand(c, o, k, x->rank, what[k - 2]))
            return false;
    if (!shape_equal(&o->operand_types[3], &o->operand_types[2]) || !shape_equal(&o->operand_types[4], &o->operand_types[2]))
        FAIL(o->loc, "'stablehlo.dynamic_pad' padding amounts must have one type");
    if (o->result_types[0].rank != x->rank)
        FAIL(o->loc, "'stablehlo.dynamic_pad' result must have rank %d, got %s", x->rank, TS(&o->result_types[0]));
    return true;
}

static bool check_real_dynamic_slice(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0];
    static const char *const what[3] = { "start_indices", "limit_indices", "strides" };
    for (int k = 1; k < 4; k++)
        if (!shape_operand(c, o, k, x->rank, what[k - 1]))
            return false;
    if (!shape_equal(&o->operand_types[2], &o->operand_types[1]) || !shape_equal(&o->operand_types[3], &o->operand_types[1]))
        FAIL(o->loc, "'stablehlo.real_dynamic_slice' start, limit and strides must have one type");
    if (o->result_types[0].rank != x->rank || o->result_types[0].elem != x->elem)
        FAIL(o->loc, "'stablehlo.real_dynamic_slice' result must have the rank and element type of %s, got %s", TS(x),
             TS(&o->result_types[0]));
    return true;
}

/* SPEC 9.5.4 checks */
static bool check_fft(checker *c, ir_op *o)
{
    const tensor_type *x = &o->operand_types[0], *r = &o->result_types[0];
    const ir_ints *len = &o->a.fft.length;
    int L = len->n;
    if (L < 1 || L > 3)
        FAIL(o->loc, "'stablehlo.fft' needs 1 to 3 fft_length entries, got %d", L);
    if (L > x->rank)
        FAIL(o->loc, "'stablehlo.fft' has %d fft_length entries, more than the operand rank %d", L, x->rank);
    bool real_in = o->a.fft.type == IR_RFFT, real_out = o->a.fft.type == IR_IRFFT;
    et_id in_part = et_part(x->elem), out_part = et_part(r->elem);
    bool ok_in = real_in ? (x->elem == ET_F32 || x->elem == ET_F64) : (x->elem == ET_C64 || x->elem == ET_C128);
    bool ok_out = real_out ? (r->elem == ET_F32 || r->elem == ET_F64) : (r->elem == ET_C64 || r->elem == ET_C128);
    if (!ok_in || !ok_out || in_part != out_part)
        FAIL(o->loc, "'stablehlo.fft' of this type takes %s and gives %s over f32 or f64, got %s -> %s",
             real_in ? "reals" : "complex", real_out ? "reals" : "complex", TS(x), TS(r));
    tensor_type want = *x;
    want.elem = r->elem;
    const tensor_type *full = real_out ? r : x; /* the side whose last L dims are fft_length */
    for (int i = 0; i < L; i++)
        if (full->dims[full->rank - L + i] != len->v[i])
            FAIL(o->loc, "'stablehlo.fft' fft_length %lld does not match dimension %d of %s", (long long)len->v[i],
                 full->rank - L + i, TS(full));
    int64_t n = len->v[L - 1], half = n == 0 ? 0 : n / 2 + 1;
    if (real_in)
        want.dims[x->rank - 1] = half;
    if (real_out) {
        if (x->dims[x->rank - 1] != half)
            FAIL(o->uses[0].loc, "'stablehlo.fft' IRFFT operand's last dimension must be %lld, got %s", (long long)half,
                 TS(x));
        want.dims[x->rank - 1] = n;
    }
    if (!shape_equal(r, &want))
        FAIL(o->loc, "'stablehlo.fft' result type %s should be %s", TS(r), TS(&want));
    return true;
}

/* SPEC 9.5.5 checks */
static bool check_triangular_solve(checker *c, ir_op *o)
{
    const tensor_type *a = &o->operand_types[0], *b = &o->operand_types[1];
    int r = a->rank;
    if (!(set_of(a->elem) & (S_FLOAT | S_COMPLEX)))
        FAIL(o->loc, "'stablehlo.triangular_solve' does not accept element type %s (expected float or complex)",
             et_get(a->elem)->name);
    if (a->elem != b->elem || r < 2 || b->rank != r)
        FAIL(o->loc, "'stablehlo.triangular_solve' needs a and b of one element type and one rank >= 2, got %s and %s",
             TS(a), TS(b));
    for (int d = 0; d < r - 2; d++)
        if (a->dims[d] != b->dims[d])
            FAIL(o->loc, "'stablehlo.triangular_solve' batch dimension %d differs: %s and %s", d, TS(a), TS(b));
    int64_t n = a->dims[r - 1];
    if (a->dims[r - 2] != n)
        FAIL(o->uses[0].loc, "'stablehlo.triangular_solve' a must be square in its last two dimensions, got %s", TS(a));
    int64_t bn = o->a.tsolve.left_side ? b->dims[r - 2] : b->dims[r - 1];
    if (bn != n)
        FAIL(o->uses[1].loc, "'stablehlo.triangular_solve' b %s must have %lld %s", TS(b), (long long)n,
             o->a.tsolve.left_side ? "rows (left_side)" : "columns");
    return same_type(c, o, b, "b", &o->result_types[0], "result");
}

/* calls and returns: checked against the function signatures (check.c) */
static bool check_signature(checker *c, ir_op *o)
{
    (void)c;
    (void)o;
    return true;
}

/* ---- the interpreter dialect and check.expect_serialized_eq (9.3.10-12) */
/* The op table's counts and the tensor rule say all about their operands;
 * the element types a probe file can hold are a run-time matter (decision
 * 31: REF aborts only when it writes). print's name is set by
 * check_names.c once its function is resolved. */

static bool check_print(checker *c, ir_op *o)
{
    (void)c;
    (void)o;
    return true;
}

static bool check_probe(checker *c, ir_op *o)
{
    return same_type(c, o, &o->operand_types[0], "operand", &o->result_types[0], "result");
}

static bool check_serialized_eq(checker *c, ir_op *o)
{
    (void)c;
    (void)o;
    return true;
}

/* The rules of every op, from the op table's check column. */
typedef bool (*op_rules)(checker *c, ir_op *o);
static const op_rules rules_of[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = check_##check,
#include "ir/ops.def"
#undef OP
};

/* An op with `?` in its types (issue 35, docs/shape-polymorphism.md): its
 * own rules wait for refinement; an element-wise op's shapes must already
 * be compatible (SPEC.md: equal ranks, equal sizes where both are static;
 * a rank-0 select predicate or clamp bound aside), and a unary or binary
 * op's element type one of the table's. */
static bool check_dynamic(checker *c, ir_op *o)
{
    if (o->kind == IR_OP_SELECT_AND_SCATTER)
        return check_select_and_scatter_defaults(c, o);
    if (o->kind == IR_OP_CUSTOM_CALL && (o->a.custom_call.kind == IR_CC_DYN_REDUCE_WINDOW ||
                                         o->a.custom_call.kind == IR_CC_DYN_RNG))
        return check_custom_call(c, o); /* their rules are written for `?` types */
    if (!(ir_op_get(o->kind)->flags & IR_F_ELEMENTWISE) || !o->noperands)
        return true;
    const tensor_type *shape = &o->result_types[0];
    for (int i = 0; i < o->noperands + o->nresults; i++) {
        const tensor_type *t = i < o->noperands ? &o->operand_types[i] : &o->result_types[i - o->noperands];
        bool compatible = t->rank == shape->rank;
        for (int d = 0; compatible && d < t->rank; d++)
            compatible = shape_dim_dynamic(t->dims[d]) || shape_dim_dynamic(shape->dims[d]) ||
                         t->dims[d] == shape->dims[d];
        if (!compatible && !(t->rank == 0 && (o->kind == IR_OP_SELECT || o->kind == IR_OP_CLAMP)))
            FAIL(i < o->noperands ? o->uses[i].loc : o->loc, "'%s' %s #%d has type %s, incompatible with %s",
                 ir_op_name(o->kind), i < o->noperands ? "operand" : "result",
                 i < o->noperands ? i : i - o->noperands, TS(t), TS(shape));
    }
    if (ir_op_is_unary(o->kind) || ir_op_is_binary(o->kind))
        return elem_in(c, o, &o->operand_types[0], ir_op_get(o->kind)->elems);
    return true;
}

/* The common rules (the table's operand and result counts), then the op's. */
bool check_op_rules(checker *c, const ir_func *f, ir_op *o)
{
    (void)f;
    const ir_op_info *info = ir_op_get(o->kind);
    if (!arity(c, o, info->noperands, info->nresults))
        return false;
    if (!(info->flags & IR_F_ANY_VALUE)) {
        for (int i = 0; i < o->noperands; i++)
            if (!shape_is_tensor(&o->operand_types[i]))
                FAIL(o->uses[i].loc, "'%s' operand #%d must be a tensor, got %s", ir_op_name(o->kind), i,
                     TS(&o->operand_types[i]));
        for (int i = 0; i < o->nresults; i++)
            if (!shape_is_tensor(&o->result_types[i]))
                FAIL(o->loc, "'%s' result #%d must be a tensor, got %s", ir_op_name(o->kind), i,
                     TS(&o->result_types[i]));
    }
    /* dynamic types (issue 35): an op with a `?` in its signature is checked
     * once refinement has made it static (docs/shape-polymorphism.md) */
    for (int i = 0; i < o->noperands + o->nresults; i++)
        if (!shape_is_static(i < o->noperands ? &o->operand_types[i] : &o->result_types[i - o->noperands]))
            return check_dynamic(c, o);
    return rules_of[o->kind](c, o);
}
