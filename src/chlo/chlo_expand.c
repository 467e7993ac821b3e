/* The walk: every block of every function, every chlo op in it replaced by
 * its decomposition (chlo_ops.h) after its types are checked against its
 * row below. */
#include "chlo/chlo.h"

#include <stdlib.h>
#include <string.h>

#include "chlo/chlo_ops.h"

/* Element type sets, as bits of et_id. */
#define T(e) (UINT64_C(1) << (e))
#define FLOAT4 (T(ET_F16) | T(ET_BF16) | T(ET_F32) | T(ET_F64))
#define CPLX (T(ET_C64) | T(ET_C128))
#define FLOAT4_WORDS "f16, bf16, f32 and f64"
/* the FP8 formats of stablehlo 840c41ceb's HLO_Float, computed in f32 by
 * the patterns that upcast (docs/chlo.md) */
#define FP8 (T(ET_F8E4M3B11FNUZ) | T(ET_F8E4M3FN) | T(ET_F8E4M3FNUZ) | T(ET_F8E5M2) | T(ET_F8E5M2FNUZ))
#define UPCAST_WORDS "f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16 (computed in f32), f32 and f64"
#define IN_TYPE_WORDS "f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16, f32, f64, complex<f32> and complex<f64>"
#define UPCAST_C_WORDS UPCAST_WORDS ", complex<f32> and complex<f64>"
#define INTS (T(ET_I2) | T(ET_I4) | T(ET_I8) | T(ET_I16) | T(ET_I32) | T(ET_I64) | T(ET_UI2) | T(ET_UI4) | T(ET_UI8) | T(ET_UI16) | T(ET_UI32) | T(ET_UI64))
#define INTS_WORDS "i2, i4, i8, i16, i32, i64, ui2, ui4, ui8, ui16, ui32 and ui64"
#define FLOATS_ALL (T(ET_F4E2M1FN) | T(ET_F6E2M3FN) | T(ET_F6E3M2FN) | T(ET_F8E3M4) | T(ET_F8E4M3) | \
                    T(ET_F8E4M3FN) | T(ET_F8E4M3FNUZ) | T(ET_F8E4M3B11FNUZ) | T(ET_F8E5M2) | T(ET_F8E5M2FNUZ) | \
                    T(ET_F8E8M0FNU) | FLOAT4)
#define FLOATS_ALL_WORDS "every float type (the FP4, FP6 and FP8 formats, bf16, f16, f32, f64), complex<f32> and complex<f64>"
#define FLOATING_WORDS "f16, bf16, f32, f64, complex<f32> and complex<f64>"

typedef struct {
    chlo_expander expand;
    uint64_t types;      /* the operand element types it runs on */
    const char *accepts; /* the same, in words */
    bool pred;           /* the result is i1 of the operand's shape, not the operand's type */
    bool own;            /* the expander checks the types itself (b->failed) */
} chlo_rule;

static const chlo_rule rules[IR_OP_COUNT] = {
    [IR_OP_CHLO_ERF] = { chlo_erf, FLOAT4, FLOAT4_WORDS, false, false },
    [IR_OP_CHLO_ERFC] = { chlo_erfc, FLOAT4, FLOAT4_WORDS, false, false },
    [IR_OP_CHLO_ERF_INV] = { chlo_erf_inv, FLOAT4 | FP8, UPCAST_WORDS, false, false },
    [IR_OP_CHLO_LGAMMA] = { chlo_lgamma, FLOAT4 | FP8, UPCAST_WORDS, false, false },
    [IR_OP_CHLO_DIGAMMA] = { chlo_digamma, FLOAT4 | FP8, UPCAST_WORDS, false, false },
    [IR_OP_CHLO_POLYGAMMA] = { chlo_polygamma, FLOAT4 | FP8, UPCAST_WORDS, false, false },
    [IR_OP_CHLO_ZETA] = { chlo_zeta, FLOAT4 | FP8, UPCAST_WORDS, false, false },
    [IR_OP_CHLO_BROADCAST_POLYGAMMA] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_ZETA] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BESSEL_I1E] = { chlo_bessel_i1e, FLOAT4, FLOAT4_WORDS, false, false },
    [IR_OP_CHLO_NEXT_AFTER] = { chlo_next_after, FLOAT4 | FP8, "f8E4M3B11FNUZ, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f16, bf16, f32 and f64", false, false },
    [IR_OP_CHLO_TOP_K] = { chlo_top_k, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_SELECT] = { chlo_broadcast_select, 0, "", false, true },
    [IR_OP_CHLO_CONSTANT] = { chlo_constant, 0, "", false, true },
    [IR_OP_CHLO_CONSTANT_LIKE] = { chlo_constant_like, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_COMPARE] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_COMPLEX] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_NEXT_AFTER] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_ADD] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_SUB] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_MUL] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_DIV] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_MAX] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_MIN] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_REM] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_POW] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_ATAN2] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_AND] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_OR] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_XOR] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_SHIFT_LEFT] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_SHIFT_RIGHT_ARITHMETIC] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_BROADCAST_SHIFT_RIGHT_LOGICAL] = { chlo_broadcast, 0, "", false, true },
    [IR_OP_CHLO_TAN] = { chlo_tan, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ATAN] = { chlo_atan, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ATANH] = { chlo_atanh, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ACOS] = { chlo_acos, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ASIN] = { chlo_asin, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ACOSH] = { chlo_acosh, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_ASINH] = { chlo_asinh, FLOAT4 | FP8 | CPLX, IN_TYPE_WORDS, false, false },
    [IR_OP_CHLO_COSH] = { chlo_cosh, FLOAT4 | FP8 | CPLX, UPCAST_C_WORDS, false, false },
    [IR_OP_CHLO_SINH] = { chlo_sinh, FLOAT4 | FP8 | CPLX, UPCAST_C_WORDS, false, false },
    [IR_OP_CHLO_CONJ] = { chlo_conj, CPLX, "complex<f32> and complex<f64>", false, false },
    [IR_OP_CHLO_IS_INF] = { chlo_is_inf, FLOAT4 | T(ET_F8E5M2), "f8E5M2, f16, bf16, f32 and f64", true, false },
    [IR_OP_CHLO_IS_POS_INF] = { chlo_is_pos_inf, FLOAT4 | T(ET_F8E5M2), "f8E5M2, f16, bf16, f32 and f64", true, false },
    [IR_OP_CHLO_SQUARE] = { chlo_square, FLOATS_ALL | CPLX, FLOATS_ALL_WORDS, false, false },
    [IR_OP_CHLO_MULHI] = { chlo_mulhi, INTS, INTS_WORDS, false, false },
    [IR_OP_CHLO_RAGGED_DOT] = { chlo_ragged_dot, 0, "", false, true },
    [IR_OP_CHLO_SCAN] = { chlo_scan, 0, "", false, true },
    [IR_OP_CHLO_IS_NEG_INF] = { chlo_is_neg_inf, FLOAT4 | T(ET_F8E5M2), "f8E5M2, f16, bf16, f32 and f64", true, false },
};

/* The own-rule ops kept with `?` types: their checks that need no static
 * shape (an own-rule op not here is refused with `?` types). */
#define BCAST(op) [IR_OP_CHLO_BROADCAST_##op] = chlo_broadcast_defer
static const chlo_expander defer_rules[IR_OP_COUNT] = {
    BCAST(ADD), BCAST(SUB), BCAST(MUL), BCAST(DIV), BCAST(MAX), BCAST(MIN), BCAST(REM), BCAST(POW), BCAST(ATAN2),
    BCAST(AND), BCAST(OR), BCAST(XOR), BCAST(SHIFT_LEFT), BCAST(SHIFT_RIGHT_ARITHMETIC), BCAST(SHIFT_RIGHT_LOGICAL),
    BCAST(COMPARE), BCAST(COMPLEX), BCAST(NEXT_AFTER), BCAST(POLYGAMMA), BCAST(ZETA), BCAST(SELECT),
    [IR_OP_CHLO_TOP_K] = chlo_top_k_defer,
};
#undef BCAST

/* ---- native kernels (docs/chlo.md "Native kernels") ----------------------
 * The (op, operand element type) pairs that src/exec/exec_chlo.c runs with a
 * kernel bit-identical to the decomposition: the op is checked and its
 * decomposition built as for any other, then the chlo op is kept instead
 * (ir_op.native), unless the whole decomposition is asked for. */
static const uint64_t native[IR_OP_COUNT] = {
    [IR_OP_CHLO_ERF] = T(ET_F16) | T(ET_BF16) | T(ET_F32),
    [IR_OP_CHLO_LGAMMA] = T(ET_F16) | T(ET_BF16) | T(ET_F32),
    [IR_OP_CHLO_TOP_K] = T(ET_F16) | T(ET_BF16) | T(ET_F32) | T(ET_F64) | T(ET_I8) | T(ET_I16) | T(ET_I32) |
                         T(ET_I64) | T(ET_UI8) | T(ET_UI16) | T(ET_UI32) | T(ET_UI64),
    /* every type their decomposition takes */
    [IR_OP_CHLO_BROADCAST_ADD] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_SUB] = ~UINT64_C(0),
    [IR_OP_CHLO_BROADCAST_MUL] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_DIV] = ~UINT64_C(0),
    [IR_OP_CHLO_BROADCAST_MAX] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_MIN] = ~UINT64_C(0),
    [IR_OP_CHLO_BROADCAST_REM] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_POW] = ~UINT64_C(0),
    [IR_OP_CHLO_BROADCAST_ATAN2] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_AND] = ~UINT64_C(0),
    [IR_OP_CHLO_BROADCAST_OR] = ~UINT64_C(0), [IR_OP_CHLO_BROADCAST_XOR] = ~UINT64_C(0),
};
/* ---- end of native kernels ---- */

typedef struct {
    ir_arena *arena;
    diag_source *src;
    unsigned counter;
    bool oom;
    bool decompose; /* no native kernels: every chlo op decomposed */
} walker;

static const char *type_text(const tensor_type *t, char *buf, int size)
{
    if (shape_format(t, buf, size) >= size)
        strcpy(buf + size - 4, "...");
    return buf;
}

/* The operand and result types of a chlo op: tensors of a static shape and
 * an accepted element type, the result of the operand's type; with `dyn`
 * (the op is kept until refinement), dimensions `?` fit any size. */
static bool check_types(walker *w, const ir_op *o, const chlo_rule *r, bool dyn)
{
    const char *name = ir_op_name(o->kind);
    char b1[256], b2[256];
    int nops = ir_op_get(o->kind)->noperands;
    if (o->noperands != nops || o->nresults != 1) {
        diag_error(w->src, o->loc, "'%s' takes %s and has one result", name, nops == 1 ? "one operand" : "two operands");
        return false;
    }
    const tensor_type *t = &o->operand_types[0];
    for (int i = 1; i < nops; i++)
        if (!(dyn ? chlo_fits(&o->operand_types[i], t) : shape_equal(&o->operand_types[i], t))) {
            diag_error(w->src, o->loc, "'%s' operand #%d has type %s, operand #0 %s (no implicit broadcasting)", name, i,
                       type_text(&o->operand_types[i], b1, (int)sizeof b1), type_text(t, b2, (int)sizeof b2));
            return false;
        }
    if (!shape_is_tensor(t) || (!dyn && shape_count(t) < 0)) {
        diag_error(w->src, o->loc, "'%s' operand must be a tensor of a static shape, got %s", name,
                   type_text(t, b1, (int)sizeof b1));
        return false;
    }
    if (!(r->types & T(t->elem))) {
        diag_error(w->src, o->loc, "'%s' does not take element type %s (ir-run decomposes it on %s: docs/chlo.md)",
                   name, et_get(t->elem)->name, r->accepts);
        return false;
    }
    tensor_type want = *t;
    if (r->pred)
        want.elem = ET_I1;
    if (!(dyn ? chlo_fits(&o->result_types[0], &want) : shape_equal(&want, &o->result_types[0]))) {
        diag_error(w->src, o->loc, "'%s' result type %s should be %s", name,
                   type_text(&o->result_types[0], b1, (int)sizeof b1), type_text(&want, b2, (int)sizeof b2));
        return false;
    }
    return true;
}

static bool is_chlo(ir_op_kind k)
{
    return strncmp(ir_op_name(k), "chlo.", 5) == 0;
}

/* One chlo op: its decomposition's ops, the last one defining the chlo
 * op's result names. */
static bool expand_op(walker *w, chlo_b *b, const ir_op *o)
{
    const chlo_rule *r = &rules[o->kind];
    if (!r->expand) {
        diag_error(w->src, o->loc, "'%s' has no decomposition in ir-run yet (docs/chlo.md lists the chlo ops that run)",
                   ir_op_name(o->kind));
        return false;
    }
    bool dyn = chlo_dynamic_type(o) != NULL; /* the op waits for refinement */
    if (!r->own && !check_types(w, o, r, dyn))
        return false;
    chlo_v x[4];
    memset(x, 0, sizeof x);
    for (int i = 0; i < o->noperands && i < 4; i++) {
        x[i].u = o->uses[i];
        x[i].t = o->operand_types[i];
    }
    b->loc = o->loc;
    b->from = ir_op_name(o->kind);
    if (dyn) { /* kept as it is until refinement makes it static */
        chlo_expander defer = defer_rules[o->kind];
        if (r->own && !defer) {
            diag_error(w->src, o->loc, "'%s' with `?` in its types is not supported yet "
                       "(docs/shape-polymorphism.md \"chlo ops\")", ir_op_name(o->kind));
            return false;
        }
        if (r->own && (defer(b, o, x), b->failed))
            return false;
        chlo_keep(b, o);
        if (!b->oom)
            b->ops[b->nops - 1].deferred = true;
        return !b->oom;
    }
    int at = b->nops;
    chlo_v res = r->expand(b, o, x);
    if (b->oom || b->failed)
        return false;
    if (!w->decompose && o->noperands > 0 && (native[o->kind] & T(o->operand_types[0].elem))) {
        b->nops = at; /* the decomposition's ops are dropped (their arena memory stays) */
        chlo_keep(b, o);
        if (b->oom)
            return false;
        b->ops[b->nops - 1].native = true;
        b->ops[b->nops - 1].deferred = false;
        return true;
    }
    return chlo_define(b, res, o);
}

int chlo_result_shapes(const ir_op *o, tensor_type *want, diag_source *src)
{
    const tensor_type *x = o->noperands > 0 ? &o->operand_types[0] : NULL;
    if (defer_rules[o->kind] == chlo_broadcast_defer)
        return chlo_broadcast_shape(o, want, src) ? 1 : -1;
    bool like = !rules[o->kind].own; /* the operand's shape */
    if (!x || !shape_is_tensor(x) || (!like && o->kind != IR_OP_CHLO_TOP_K))
        return 0;
    for (int k = 0; k < o->nresults; k++) {
        if (want[k].rank != x->rank || (!like && x->rank < 1))
            return 1;
        memcpy(want[k].dims, x->dims, sizeof want[k].dims);
        if (o->kind == IR_OP_CHLO_TOP_K)
            want[k].dims[x->rank - 1] = o->a.top_k.k;
    }
    return 1;
}

static bool pick_chlo(const ir_op *o) { return is_chlo(o->kind); }
static bool expand_one(void *w, chlo_b *b, ir_op *o) { return expand_op(w, b, o); }

int chlo_expand_module(ir_module *m, diag_source *src)
{
    const char *e = getenv("IRRUN_CHLO");
    return chlo_expand_module_as(m, src, e && strcmp(e, "decompose") == 0);
}

int chlo_expand_module_as(ir_module *m, diag_source *src, bool decompose)
{
    walker w = { .arena = m->arena, .src = src, .decompose = decompose };
    chlo_pass p = { pick_chlo, expand_one, NULL, &w };
    return chlo_run_pass(m, src, &p);
}
