/* The lowering, op by op as REF's two passes write it (stablehlo 840c41ceb):
 *
 *  - StablehloLegalizeQuantizedOpToQDQ.cpp: an op of its list (abs, atan2,
 *    ..., multiply, select, subtract, tanh) with a quantized operand or
 *    result becomes uniform_dequantize of each quantized operand, the op on
 *    the expressed (f32) values, uniform_quantize of a quantized result;
 *  - StablehloLegalizeQuantToInt.cpp: uniform_quantize, uniform_dequantize
 *    and add become convert/multiply/divide/round/clamp arithmetic in the
 *    pass's order and types; the ops of ConvertGenericOp (layout ops,
 *    gather, constant, bitcast_convert, returns, ...) keep their meaning on
 *    the storage type. Any other op on a quantized type fails REF's
 *    lowering and is refused here, with its name and type.
 *
 * A per-tensor scale or zero point is a splat constant of the operand's
 * shape; a per-axis one a vector constant broadcast along the quantized
 * dimension (chlo's broadcasting ops with broadcast_dimensions = [axis]
 * compute the same elements). */
#include "quant/quant.h"

#include <stdlib.h>
#include <string.h>

#include "chlo/chlo_build.h"

typedef chlo_v qv;

/* t's quantized element type: one whose storage is t's element type (a
 * type derived from a quantized one with another element type, the i1 of a
 * pretty compare's result, is not quantized) */
static const shape_quant *qof(const tensor_type *t)
{
    const shape_quant *q = shape_quant_of(t);
    return q && q->storage == t->elem ? q : NULL;
}

static bool has_quant(const tensor_type *t)
{
    if (shape_kind_of(t) == SHAPE_TUPLE) {
        for (int i = 0; i < shape_tuple_size(t); i++)
            if (has_quant(shape_tuple_part(t, i)))
                return true;
        return false;
    }
    return qof(t) != NULL;
}

static tensor_type with_elem(tensor_type t, et_id e)
{
    shape_set_quant(&t, NULL);
    t.elem = e;
    return t;
}

static const char *type_text(const tensor_type *t, char *buf, int size)
{
    if (shape_format_quant(t, buf, size) >= size)
        strcpy(buf + size - 4, "...");
    return buf;
}

static bool refuse(chlo_b *b, const ir_op *o, const tensor_type *t, const char *why)
{
    char buf[512];
    diag_error(b->src, o->loc, "'%s' on %s: %s (docs/quantization.md)", ir_op_name(o->kind),
               type_text(t, buf, (int)sizeof buf), why);
    b->failed = true;
    return false;
}

/* A constant of `shape` with element type e: the splat v[0] when axis < 0,
 * else the vector v[0..n) broadcast along dimension `axis`. Floats are
 * rounded from the doubles to nearest even (static_cast<float>). */
static qv param_const(chlo_b *b, const tensor_type *shape, et_id e, int axis, int n, const double *v)
{
    tensor_type t = with_elem(*shape, e);
    qv like = { .t = t };
    if (axis < 0)
        return chlo_like(b, v[0], like);
    const et_traits *tr = et_get(e);
    tensor_type vt = { .elem = e, .rank = 1, .dims = { n } };
    unsigned char *data = chlo_alloc(b, (size_t)n, tr->bytes);
    int at = b->nops;
    qv c = chlo_op(b, IR_OP_CONSTANT, NULL, 0, &vt);
    if (b->oom)
        return c;
    for (int i = 0; i < n; i++) {
        uint64_t bits = tr->kind == EK_FLOAT ? fp_from_double(tr->fmt, v[i], FPR_RNE)
                                             : (uint64_t)(int64_t)v[i] & et_value_mask(e);
        et_store_bits(e, data + (size_t)i * tr->bytes, bits);
    }
    ir_literal *l = &b->ops[at].a.constant;
    l->type = vt;
    l->count = n;
    l->nbytes = (size_t)n * tr->bytes;
    l->data = data;
    l->loc = b->loc;
    at = b->nops;
    qv r = chlo_op(b, IR_OP_BROADCAST_IN_DIM, &c, 1, &t);
    if (b->oom)
        return r;
    ir_ints *d = &b->ops[at].a.dims;
    d->n = 1;
    d->v = chlo_alloc(b, 1, sizeof(int64_t));
    if (d->v)
        d->v[0] = axis;
    return r;
}

static const double *zps_of(chlo_b *b, const shape_quant *q)
{
    double *z = chlo_alloc(b, (size_t)q->n, sizeof *z);
    if (z)
        for (int i = 0; i < q->n; i++)
            z[i] = (double)q->zero_points[i];
    return z;
}

static qv scales(chlo_b *b, const tensor_type *shape, const shape_quant *q)
{
    return param_const(b, shape, ET_F32, q->axis, q->n, q->scales);
}

static qv zero_points(chlo_b *b, const tensor_type *shape, et_id e, const shape_quant *q)
{
    const double *z = zps_of(b, q);
    if (!z)
        return (qv){ .t = *shape };
    return param_const(b, shape, e, q->axis, q->n, z);
}

/* getQuantizationStorageInfo: the storage range as f32 */
static void storage_range(chlo_b *b, const tensor_type *shape, const shape_quant *q, qv *lo, qv *hi)
{
    qv like = { .t = with_elem(*shape, ET_F32) };
    *lo = chlo_like(b, (double)(float)q->min, like);
    *hi = chlo_like(b, (double)(float)q->max, like);
}

/* ConvertUniformQuantizeOp::matchAndRewriteQuantize: f32 x to q's storage */
static qv quantize(chlo_b *b, qv x, const shape_quant *q)
{
    qv r = chlo_div(b, x, scales(b, &x.t, q));
    r = chlo_add(b, r, zero_points(b, &x.t, ET_F32, q));
    qv lo, hi;
    storage_range(b, &x.t, q, &lo, &hi);
    r = chlo_clamp(b, lo, r, hi);
    r = chlo_un(b, IR_OP_ROUND_NEAREST_EVEN, r);
    return chlo_convert(b, r, q->storage);
}

/* ConvertUniformDequantizeOp: storage x to f32 */
static qv dequantize(chlo_b *b, qv x, const shape_quant *q)
{
    qv r = chlo_convert(b, x, ET_I32);
    r = chlo_sub(b, r, zero_points(b, &x.t, ET_I32, q));
    r = chlo_convert(b, r, ET_F32);
    return chlo_mul(b, r, scales(b, &r.t, q));
}

static double scale_at(const shape_quant *q, int i) { return q->scales[q->axis < 0 ? 0 : i]; }
static double zp_at(const shape_quant *q, int i) { return (double)q->zero_points[q->axis < 0 ? 0 : i]; }

/* requantize(): x in `in` to `out`, computed in f32, as element type to */
static qv requantize(chlo_b *b, qv x, const shape_quant *in, const shape_quant *out, et_id to)
{
    if (shape_quant_equal(in, out))
        return chlo_convert(b, x, to);
    qv f = chlo_convert(b, x, ET_F32);
    const shape_quant *pa = out->axis >= 0 ? out : in->axis >= 0 ? in : NULL;
    int n = pa ? pa->n : 1, axis = pa ? pa->axis : -1;
    double *ms = chlo_alloc(b, (size_t)n, sizeof *ms), *mz = chlo_alloc(b, (size_t)n, sizeof *mz);
    if (!ms || !mz)
        return f;
    bool any_zp = false;
    for (int i = 0; i < n; i++) {
        double s = scale_at(in, i) / scale_at(out, i);
        double z = zp_at(out, i) - zp_at(in, i) * s;
        ms[i] = (double)(float)s;
        mz[i] = (double)(float)z;
        /* per tensor the double decides, per axis the floats */
        any_zp = any_zp || (pa ? mz[i] != 0 : z != 0);
    }
    f = chlo_mul(b, f, param_const(b, &f.t, ET_F32, axis, n, ms));
    if (any_zp)
        f = chlo_add(b, f, param_const(b, &f.t, ET_F32, axis, n, mz));
    if (et_get(to)->value_bits < 32) {
        qv lo, hi;
        storage_range(b, &f.t, out, &lo, &hi);
        f = chlo_clamp(b, lo, f, hi);
    }
    f = chlo_un(b, IR_OP_ROUND_NEAREST_EVEN, f);
    return chlo_convert(b, f, to);
}

static bool f32_expressed(chlo_b *b, const ir_op *o, const tensor_type *t)
{
    if (qof(t) && qof(t)->expressed != ET_F32)
        return refuse(b, o, t, "REF's lowering dequantizes to f32 only, so ir-run lowers f32 expressed types only");
    return true;
}

static bool lower_uniform_quantize(chlo_b *b, const ir_op *o, qv *x, qv *res)
{
    const tensor_type *in = &o->operand_types[0], *out = &o->result_types[0];
    if (!qof(out))
        return refuse(b, o, out, "the result of uniform_quantize is quantized");
    const shape_quant *iq = qof(in), *oq = qof(out);
    if (iq) {
        if (iq->axis >= 0 && oq->axis >= 0 && iq->axis != oq->axis)
            return refuse(b, o, in, "cannot requantize while changing quantization_axis (REF's lowering)");
        if (iq->axis >= 0 && oq->axis >= 0 && iq->n != oq->n)
            return refuse(b, o, in, "the per-axis types have different numbers of scales");
        *res = requantize(b, x[0], iq, oq, oq->storage);
        return true;
    }
    if (in->elem != ET_F32)
        return refuse(b, o, in, "unsupported input element type (REF's lowering quantizes f32 only)");
    *res = quantize(b, x[0], oq);
    return true;
}

static bool lower_uniform_dequantize(chlo_b *b, const ir_op *o, qv *x, qv *res)
{
    const tensor_type *in = &o->operand_types[0];
    if (!qof(in))
        return refuse(b, o, in, "the operand of uniform_dequantize is quantized");
    if (!f32_expressed(b, o, in))
        return false;
    if (o->result_types[0].elem != ET_F32 || qof(&o->result_types[0]))
        return refuse(b, o, &o->result_types[0], "the result of uniform_dequantize is the expressed type");
    *res = dequantize(b, x[0], qof(in));
    return true;
}

/* ConvertUniformQuantizedAddOp */
static bool lower_add(chlo_b *b, const ir_op *o, qv *x, qv *res)
{
    const shape_quant *lq = qof(&o->operand_types[0]), *rq = qof(&o->operand_types[1]),
                      *oq = qof(&o->result_types[0]);
    if (!lq || !rq || !oq)
        return refuse(b, o, lq && rq ? &o->result_types[0] : lq ? &o->operand_types[1] : &o->operand_types[0],
                      "a quantized add takes and gives quantized types only (REF's lowering)");
    if (lq->axis >= 0 || rq->axis >= 0 || oq->axis >= 0) {
        if (!shape_quant_equal(lq, rq) || !shape_quant_equal(lq, oq))
            return refuse(b, o, &o->result_types[0],
                          "a per-axis quantized add takes the same quantized type for operands and result");
        if (oq->storage != ET_I32)
            return refuse(b, o, &o->result_types[0], "a per-axis quantized add takes i32 storage only");
        qv s = chlo_add(b, x[0], x[1]);
        bool any = false;
        for (int i = 0; i < oq->n; i++)
            any = any || oq->zero_points[i] != 0;
        *res = any ? chlo_sub(b, s, zero_points(b, &s.t, ET_I32, oq)) : s;
        return true;
    }
    qv l = requantize(b, x[0], lq, oq, ET_I32);
    qv r = requantize(b, x[1], rq, oq, ET_I32);
    qv s = chlo_add(b, l, r);
    s = chlo_sub(b, s, chlo_like(b, (double)(int32_t)oq->zero_points[0], s));
    if (oq->storage == ET_I32) {
        *res = s;
        return true;
    }
    qv lo = chlo_like(b, (double)(int32_t)oq->min, s), hi = chlo_like(b, (double)(int32_t)oq->max, s);
    s = chlo_clamp(b, lo, s, hi);
    *res = chlo_convert(b, s, oq->storage);
    return true;
}

/* A copy of o on operands args (types from them) with result type rt;
 * results named afresh. */
static qv clone_op(chlo_b *b, const ir_op *o, const qv *args, const tensor_type *rt)
{
    int at = b->nops;
    qv r = chlo_op(b, o->kind, args, o->noperands, rt);
    if (b->oom)
        return r;
    ir_op *c = &b->ops[at];
    c->a = o->a;
    c->extra = o->extra;
    c->nregions = o->nregions;
    c->regions = o->regions;
    return r;
}

/* QuantizedStablehloOpConversion */
static bool lower_qdq(chlo_b *b, const ir_op *o, qv *x, qv *res)
{
    if (o->nresults != 1)
        return refuse(b, o, &o->result_types[0], "ir-run lowers quantized ops of one result");
    qv *args = chlo_alloc(b, (size_t)o->noperands, sizeof *args);
    if (!args)
        return false;
    for (int i = 0; i < o->noperands; i++) {
        if (!f32_expressed(b, o, &o->operand_types[i]))
            return false;
        const shape_quant *q = qof(&o->operand_types[i]);
        args[i] = q ? dequantize(b, x[i], q) : x[i];
    }
    const tensor_type *out = &o->result_types[0];
    const shape_quant *oq = qof(out);
    tensor_type rt = oq ? with_elem(*out, ET_F32) : *out;
    qv r = clone_op(b, o, args, &rt);
    *res = oq ? quantize(b, r, oq) : r;
    return true;
}

/* The result dimension of a dot-like op that the rhs's dimension a becomes
 * (a per-axis rhs's scales go along it), or -1 when a is contracted. */
static int rhs_dim_in_result(const ir_op *o, int a)
{
    if (o->kind == IR_OP_CONVOLUTION)
        return a == o->a.conv.kernel_out ? (int)o->a.conv.out_feature : -1;
    if (o->kind == IR_OP_DOT)
        return o->operand_types[1].rank == 2 && a == 1 ? o->operand_types[0].rank - 1 : -1;
    const ir_dot *d = &o->a.dot;
    for (int k = 0; k < d->rhs_batch.n; k++)
        if (d->rhs_batch.v[k] == a)
            return k;
    for (int k = 0; k < d->rhs_contract.n; k++)
        if (d->rhs_contract.v[k] == a)
            return -1;
    int at = d->lhs_batch.n + (o->operand_types[0].rank - d->lhs_batch.n - d->lhs_contract.n);
    for (int k = 0; k < a; k++) {
        bool bound = false;
        for (int j = 0; j < d->rhs_batch.n; j++)
            bound = bound || d->rhs_batch.v[j] == k;
        for (int j = 0; j < d->rhs_contract.n; j++)
            bound = bound || d->rhs_contract.v[j] == k;
        at += !bound;
    }
    return at;
}

/* x (storage) minus its zero points, in i32 */
static qv centered(chlo_b *b, qv x, const shape_quant *q)
{
    qv r = chlo_convert(b, x, ET_I32);
    return chlo_sub(b, r, zero_points(b, &r.t, ET_I32, q));
}

/* dot_general, dot and convolution (docs/quantization.md): hybrid (float
 * lhs, quantized rhs, float result) as the lowering writes it, the op on
 * the dequantized rhs; quantized as the spec's formula with integer
 * accumulation: the op on (lhs - zp) and (rhs - zp) in i32, whose values
 * are the products' sums in units of lhs_scale * rhs_scale, then
 * requantized to the result type. */
static bool lower_dot(chlo_b *b, const ir_op *o, qv *x, qv *res)
{
    const tensor_type *lt = &o->operand_types[0], *rt = &o->operand_types[1], *out = &o->result_types[0];
    const shape_quant *lq = qof(lt), *rq = qof(rt), *oq = qof(out);
    if (!f32_expressed(b, o, rt))
        return false;
    if (!lq && rq && !oq) {
        if (lt->elem != ET_F32 || out->elem != ET_F32)
            return refuse(b, o, lt, "a hybrid op takes an f32 lhs and gives an f32 result");
        qv args[2] = { x[0], dequantize(b, x[1], rq) };
        *res = clone_op(b, o, args, out);
        return true;
    }
    if (!lq || !rq || !oq)
        return refuse(b, o, lq ? rq ? out : rt : lt,
                      "takes quantized lhs, rhs and result, or a float lhs and result with a quantized rhs");
    if (lq->axis >= 0)
        return refuse(b, o, lt, "the lhs of a quantized op is quantized per tensor");
    int axis = -1;
    if (rq->axis >= 0 && (axis = rhs_dim_in_result(o, rq->axis)) < 0)
        return refuse(b, o, rt, "a per-axis rhs is quantized along a dimension the result keeps");
    if (axis >= 0 && oq->axis >= 0 && oq->axis != axis)
        return refuse(b, o, out, "the result's quantized dimension is not the one the rhs's scales go along");
    shape_quant *acc = chlo_alloc(b, 1, sizeof *acc);
    double *sc = chlo_alloc(b, (size_t)rq->n, sizeof *sc);
    int64_t *zp = chlo_alloc(b, (size_t)rq->n, sizeof *zp);
    if (!acc || !sc || !zp)
        return false;
    for (int i = 0; i < rq->n; i++)
        sc[i] = lq->scales[0] * rq->scales[i];
    *acc = (shape_quant){ ET_I32, ET_F32, INT32_MIN, INT32_MAX, axis, rq->n, sc, zp };
    qv args[2] = { centered(b, x[0], lq), centered(b, x[1], rq) };
    tensor_type it = with_elem(*out, ET_I32);
    qv d = clone_op(b, o, args, &it);
    *res = requantize(b, d, acc, oq, oq->storage);
    return true;
}

static void strip(tensor_type *t, int n)
{
    for (int i = 0; i < n; i++)
        shape_set_quant(&t[i], NULL);
}

typedef enum { Q_REFUSE, Q_QUANTIZE, Q_DEQUANTIZE, Q_ADD, Q_QDQ, Q_GENERIC, Q_DOT } q_rule;

/* the QDQ pass's list; ConvertGenericOp's (max, min and select went to QDQ
 * first); the ops of their own patterns. Q_REFUSE (0) for the rest. */
static const q_rule rules[IR_OP_COUNT] = {
    [IR_OP_DOT_GENERAL] = Q_DOT,
    [IR_OP_DOT] = Q_DOT,
    [IR_OP_CONVOLUTION] = Q_DOT,
    [IR_OP_UNIFORM_QUANTIZE] = Q_QUANTIZE,
    [IR_OP_UNIFORM_DEQUANTIZE] = Q_DEQUANTIZE,
    [IR_OP_ADD] = Q_ADD,
    [IR_OP_ABS] = Q_QDQ,
    [IR_OP_ATAN2] = Q_QDQ,
    [IR_OP_BATCH_NORM_GRAD] = Q_QDQ,
    [IR_OP_BATCH_NORM_INFERENCE] = Q_QDQ,
    [IR_OP_BATCH_NORM_TRAINING] = Q_QDQ,
    [IR_OP_CBRT] = Q_QDQ,
    [IR_OP_CEIL] = Q_QDQ,
    [IR_OP_CHOLESKY] = Q_QDQ,
    [IR_OP_CLAMP] = Q_QDQ,
    [IR_OP_COMPARE] = Q_QDQ,
    [IR_OP_COSINE] = Q_QDQ,
    [IR_OP_DIVIDE] = Q_QDQ,
    [IR_OP_EXPONENTIAL_MINUS_ONE] = Q_QDQ,
    [IR_OP_EXPONENTIAL] = Q_QDQ,
    [IR_OP_FLOOR] = Q_QDQ,
    [IR_OP_LOG_PLUS_ONE] = Q_QDQ,
    [IR_OP_LOGISTIC] = Q_QDQ,
    [IR_OP_LOG] = Q_QDQ,
    [IR_OP_MAXIMUM] = Q_QDQ,
    [IR_OP_MINIMUM] = Q_QDQ,
    [IR_OP_MULTIPLY] = Q_QDQ,
    [IR_OP_NEGATE] = Q_QDQ,
    [IR_OP_POWER] = Q_QDQ,
    [IR_OP_REDUCE_PRECISION] = Q_QDQ,
    [IR_OP_REMAINDER] = Q_QDQ,
    [IR_OP_ROUND_NEAREST_AFZ] = Q_QDQ,
    [IR_OP_ROUND_NEAREST_EVEN] = Q_QDQ,
    [IR_OP_RSQRT] = Q_QDQ,
    [IR_OP_SELECT] = Q_QDQ,
    [IR_OP_SIGN] = Q_QDQ,
    [IR_OP_SINE] = Q_QDQ,
    [IR_OP_SQRT] = Q_QDQ,
    [IR_OP_SUBTRACT] = Q_QDQ,
    [IR_OP_TANH] = Q_QDQ,
    [IR_OP_TRIANGULAR_SOLVE] = Q_QDQ,
    [IR_OP_BITCAST_CONVERT] = Q_GENERIC,
    [IR_OP_BROADCAST_IN_DIM] = Q_GENERIC,
    [IR_OP_CONCATENATE] = Q_GENERIC,
    [IR_OP_CONSTANT] = Q_GENERIC,
    [IR_OP_DYNAMIC_RESHAPE] = Q_GENERIC,
    [IR_OP_DYNAMIC_SLICE] = Q_GENERIC,
    [IR_OP_GATHER] = Q_GENERIC,
    [IR_OP_PAD] = Q_GENERIC,
    [IR_OP_REDUCE_WINDOW] = Q_GENERIC,
    [IR_OP_RESHAPE] = Q_GENERIC,
    [IR_OP_RETURN] = Q_GENERIC,
    [IR_OP_REGION_RETURN] = Q_GENERIC,
    [IR_OP_SLICE] = Q_GENERIC,
    [IR_OP_TRANSPOSE] = Q_GENERIC,
    [IR_OP_GET_DIMENSION_SIZE] = Q_GENERIC,
    [IR_OP_DYNAMIC_BROADCAST_IN_DIM] = Q_GENERIC,
};

static bool op_has_quant(const ir_op *o)
{
    if (o->kind == IR_OP_UNIFORM_QUANTIZE || o->kind == IR_OP_UNIFORM_DEQUANTIZE)
        return true; /* lowered, or refused with the reason */
    for (int i = 0; i < o->noperands; i++)
        if (has_quant(&o->operand_types[i]))
            return true;
    for (int i = 0; i < o->nresults; i++)
        if (has_quant(&o->result_types[i]))
            return true;
    return false;
}

/* ---- native uniform_quantize (docs/quantization.md) ------------------
 * An f32 -> quantized uniform_quantize of a static shape is lowered (its
 * checks, its ops built) and then kept as the op itself, marked to run by
 * its native kernel (ir_op.native, a.quant: src/kernels/kern_quant.c,
 * bit-identical to the lowered ops), unless the lowering is asked for
 * whole (quant_lower_module_as, IRRUN_QUANT=decompose, --emit=ir). Every
 * storage type of a quantized type runs natively. */
static bool keep_native(const ir_op *o)
{
    const tensor_type *in = &o->operand_types[0];
    return in->elem == ET_F32 && !qof(in) && shape_is_tensor(in) && shape_count(in) >= 0;
}

static bool lower_op(chlo_b *b, ir_op *o, bool decompose)
{
    for (int i = 0; i < o->noperands; i++)
        if (shape_kind_of(&o->operand_types[i]) == SHAPE_TUPLE && has_quant(&o->operand_types[i]))
            return refuse(b, o, &o->operand_types[i], "REF's lowering converts no tuple of quantized types");
    q_rule r = rules[o->kind];
    if (r == Q_GENERIC) {
        strip(o->operand_types, o->noperands);
        strip(o->result_types, o->nresults);
        if (o->kind == IR_OP_CONSTANT)
            shape_set_quant(&o->a.constant.type, NULL);
        chlo_keep(b, o);
        return true;
    }
    qv x[3];
    memset(x, 0, sizeof x);
    if (o->noperands > 3 && r != Q_QDQ)
        r = Q_REFUSE;
    /* its scales and zero points become constants of the operand's shape,
     * and the lowering runs before refinement (docs/quantization.md) */
    const tensor_type *dyn = r != Q_REFUSE ? chlo_dynamic_type(o) : NULL;
    if (dyn)
        return refuse(b, o, dyn, "ir-run lowers a quantized op on static shapes only, and this lowering runs "
                                 "before a `?` dimension is refined");
    qv *xs = o->noperands > 3 ? chlo_alloc(b, (size_t)o->noperands, sizeof *xs) : x;
    if (!xs)
        return false;
    for (int i = 0; i < o->noperands; i++) {
        xs[i].u = o->uses[i];
        xs[i].t = o->operand_types[i];
        shape_set_quant(&xs[i].t, NULL);
    }
    b->loc = o->loc;
    b->from = ir_op_name(o->kind);
    int at = b->nops;
    qv res;
    bool ok = false;
    switch (r) {
    case Q_QUANTIZE:
        ok = lower_uniform_quantize(b, o, xs, &res);
        if (ok && !b->oom && !b->failed && !decompose && keep_native(o)) {
            b->nops = at; /* the lowered ops are dropped (their arena memory stays) */
            const shape_quant *q = qof(&o->result_types[0]);
            strip(o->result_types, o->nresults);
            chlo_keep(b, o);
            if (b->oom)
                return false;
            b->ops[b->nops - 1].native = true;
            b->ops[b->nops - 1].a.quant = q;
            return true;
        }
        break;
    case Q_DEQUANTIZE: ok = lower_uniform_dequantize(b, o, xs, &res); break;
    case Q_ADD: ok = lower_add(b, o, xs, &res); break;
    case Q_QDQ: ok = lower_qdq(b, o, xs, &res); break;
    case Q_DOT: ok = lower_dot(b, o, xs, &res); break;
    case Q_GENERIC:
    case Q_REFUSE: {
        const tensor_type *t = &o->result_types[0];
        for (int i = 0; i < o->noperands; i++)
            if (has_quant(&o->operand_types[i])) {
                t = &o->operand_types[i];
                break;
            }
        return refuse(b, o, t, "REF's lowering converts no such op on quantized types");
    }
    }
    if (!ok || b->oom || b->failed)
        return false;
    return chlo_define(b, res, o);
}

static bool lower_one(void *ctx, chlo_b *b, ir_op *o)
{
    return lower_op(b, o, *(const bool *)ctx);
}

static void strip_args(ir_block *blk)
{
    strip(blk->arg_types, blk->nargs);
}

int quant_lower_module(ir_module *m, diag_source *src)
{
    const char *e = getenv("IRRUN_QUANT");
    return quant_lower_module_as(m, src, e && strcmp(e, "decompose") == 0);
}

int quant_lower_module_as(ir_module *m, diag_source *src, bool decompose)
{
    for (int f = 0; f < m->nfuncs; f++) {
        strip(m->funcs[f].arg_types, m->funcs[f].nargs);
        strip(m->funcs[f].result_types, m->funcs[f].nresults);
    }
    chlo_pass p = { op_has_quant, lower_one, strip_args, &decompose };
    return chlo_run_pass(m, src, &p);
}
