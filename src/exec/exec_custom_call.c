/* stablehlo.custom_call by what its target means (src/ir/build_custom_call.c,
 * docs/semantics.md "Custom calls"): annotations return their operands,
 * ApproxTopK is the exact top-k of XLA's CPU fallback, Threefry-2x32 is the
 * Random123 block function; any other target is a run-time error.
 * docs/semantics.md, "Custom calls", says which XLA CPU path each
 * ApproxTopK follows. */
#include <string.h>

#include "exec/exec.h"
#include "sort/sort.h"
#include "util/mem.h"
#include "util/status.h"

#define IN(k) fr->slots[op->operands[k]]

/* ---- Threefry-2x32, 20 rounds (Salmon et al., Random123) ---------------- */

static uint32_t rotl32(uint32_t x, int r) { return x << r | x >> (32 - r); }

static void threefry2x32(uint32_t k0, uint32_t k1, uint32_t *x0, uint32_t *x1)
{
    static const int rot[8] = { 13, 15, 26, 6, 17, 29, 16, 24 };
    const uint32_t ks[3] = { k0, k1, 0x1BD11BDAu ^ k0 ^ k1 };
    uint32_t a = *x0 + ks[0], b = *x1 + ks[1];
    for (int i = 0; i < 20; i++) {
        a += b;
        b = rotl32(b, rot[i % 8]) ^ a;
        if (i % 4 == 3) { /* key injection s = 1 .. 5 */
            uint32_t s = (uint32_t)(i / 4 + 1);
            a += ks[s % 3];
            b += ks[(s + 1) % 3] + s;
        }
    }
    *x0 = a;
    *x1 = b;
}

/* res: the two results, allocated by the region executor */
static void run_threefry(rt_frame *fr, const ir_op *op, tensor **res)
{
    const uint32_t *k0 = IN(0)->data, *k1 = IN(1)->data, *x0 = IN(2)->data, *x1 = IN(3)->data;
    uint32_t *y0 = res[0]->data, *y1 = res[1]->data;
    int64_t n = IN(0)->count;
    for (int64_t i = 0; i < n; i++) {
        uint32_t a = x0[i], b = x1[i];
        threefry2x32(k0[i], k1[i], &a, &b);
        y0[i] = a;
        y1[i] = b;
    }
}

/* ---- ApproxTopK ----------------------------------------------------------- */

/* The comparator function called on the elements at positions p and q of
 * the slice (or, for the fold, on the accumulator and position q). */
typedef struct {
    rt_ctx *c;
    rt_frame *fr;
    const ir_op *op;
    int N;
    int64_t base, stride;
    tensor **args; /* 2N scalars */
    tensor **acc;  /* the fold's accumulators (N scalars), or NULL */
} topk_less;

static int call_comparator(void *ctx, int64_t p, int64_t q, bool *out)
{
    topk_less *s = ctx;
    for (int k = 0; k < s->N; k++) {
        const tensor *in = s->fr->slots[s->op->operands[k]];
        size_t es = tensor_elem_bytes(in);
        for (int j = 0; j < 2; j++) {
            tensor **a = &s->args[2 * k + j];
            if ((*a)->refs > 1) { /* still held by the callee's last frame: a fresh one */
                tensor *t = tensor_new(&(*a)->type);
                if (!t)
                    return IRRUN_NOMEM;
                tensor_release(*a);
                *a = t;
            }
            const void *from = j == 0 && s->acc ? s->acc[k]->data
                                                : (const unsigned char *)in->data +
                                                      (size_t)(s->base + (j ? q : p) * s->stride) * es;
            rt_copy_element((*a)->data, from, es);
        }
    }
    tensor *r = NULL;
    int rc = rt_call(s->c, s->op->a.custom_call.callee, s->args, &r);
    if (rc == 0)
        *out = *(const unsigned char *)r->data != 0;
    tensor_release(r);
    return rc;
}

/* XLA CPU rewrites a sort + slice that is a top-k into its TopK runtime
 * call (TopkRewriter, for f32): one f32 input, or two with an i32 input of
 * positions along the dimension (JAX's iota), the comparator `compare GT`
 * of the first pair, the first or last dimension, a slice neither 1 (a
 * reduce) nor the whole dimension (no slice left). That call orders by the
 * bits as a total order (-NaN < -Inf < -0 < +0 < +Inf < +NaN), greater
 * first, equal keys by position. */
static bool topk_runtime_form(const rt_frame *fr, const ir_op *op, int d, int64_t n, int64_t m, int64_t inner)
{
    const ir_block *b = &op->a.custom_call.callee->body;
    int N = op->noperands / 2;
    if (IN(0)->type.elem != ET_F32 || N > 2 || m <= 1 || m >= n || (d != 0 && d != IN(0)->type.rank - 1) ||
        b->nops != 2 || b->ops[0].kind != IR_OP_COMPARE || b->ops[0].a.compare.dir != IR_CMP_GT ||
        b->ops[0].operands[0] != b->args[0] || b->ops[0].operands[1] != b->args[1] || b->ops[1].noperands != 1 ||
        b->ops[1].operands[0] != b->ops[0].results[0])
        return false;
    if (N == 2) {
        const tensor *ix = IN(1);
        const int32_t *v = ix->data;
        if (ix->type.elem != ET_I32)
            return false;
        for (int64_t p = 0; p < ix->count; p++)
            if (v[p] != (p / inner) % n)
                return false;
    }
    return true;
}

static int64_t total_order_key(uint32_t x) { return x >> 31 ? (int64_t)0x7fffffff - (int64_t)x : (int64_t)x; }

typedef struct {
    const uint32_t *v;
    int64_t base, stride;
} topk_keys;

static int greater_key(void *ctx, int64_t p, int64_t q, bool *out)
{
    const topk_keys *k = ctx;
    *out = total_order_key(k->v[k->base + p * k->stride]) > total_order_key(k->v[k->base + q * k->stride]);
    return 0;
}

/* XLA's ApproxTopKFallback (and ApproxTopK below its TPU tiling): the N
 * inputs ordered along reduction_dim by the comparator and cut to out_size;
 * out_size 1 is a reduce instead: acc := comparator(acc, x) ? acc : x from
 * the initial values, element by element in index order. res: the N
 * results, allocated by the region executor. */
static int run_approx_top_k(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_custom_call *cc = &op->a.custom_call;
    int N = op->noperands / 2, d = (int)cc->reduction_dim;
    const tensor *in0 = IN(0);
    int64_t n = in0->type.dims[d], m = cc->out_size, inner = 1, outer = 1;
    for (int i = d + 1; i < in0->type.rank; i++)
        inner *= in0->type.dims[i];
    for (int i = 0; i < d; i++)
        outer *= in0->type.dims[i];
    int rc = 0;
    int64_t *perm = mem_calloc((size_t)(n ? n : 1), sizeof *perm);
    topk_less s = { c, fr, op, N, 0, inner, mem_calloc((size_t)(2 * N), sizeof(tensor *)), NULL };
    if (m == 1)
        s.acc = mem_calloc((size_t)N, sizeof(tensor *));
    if (!perm || !s.args || (m == 1 && !s.acc))
        rc = IRRUN_NOMEM;
    for (int k = 0; k < 2 * N && rc == 0; k++) {
        tensor_type t = { .elem = IN(k / 2)->type.elem };
        if (!(s.args[k] = tensor_new(&t)) || (k < N && s.acc && !(s.acc[k] = tensor_new(&t))))
            rc = IRRUN_NOMEM;
    }
    sort_work w = SORT_WORK_INIT;
    bool runtime = rc == 0 && topk_runtime_form(fr, op, d, n, m, inner);
    topk_keys keys = { IN(0)->data, 0, inner };
    for (int64_t o = 0; o < outer && rc == 0; o++) {
        for (int64_t i = 0; i < inner && rc == 0; i++) {
            s.base = o * n * inner + i;
            if (m == 1) {
                for (int k = 0; k < N; k++)
                    rt_copy_element(s.acc[k]->data, IN(N + k)->data, tensor_elem_bytes(IN(k)));
                for (int64_t j = 0; j < n && rc == 0; j++) {
                    bool keep = false;
                    rc = call_comparator(&s, 0, j, &keep);
                    for (int k = 0; k < N && rc == 0 && !keep; k++) {
                        size_t es = tensor_elem_bytes(IN(k));
                        rt_copy_element(s.acc[k]->data,
                                        (const unsigned char *)IN(k)->data + (size_t)(s.base + j * inner) * es, es);
                    }
                }
                for (int k = 0; k < N && rc == 0; k++) {
                    size_t es = tensor_elem_bytes(IN(k));
                    rt_copy_element((unsigned char *)res[k]->data + (size_t)(o * inner + i) * es, s.acc[k]->data,
                                    es);
                }
                continue;
            }
            for (int64_t j = 0; j < n; j++)
                perm[j] = j;
            keys.base = s.base;
            rc = runtime ? sort_positions(perm, n, true, greater_key, &keys, &w)
                         : sort_positions(perm, n, false, call_comparator, &s, &w);
            for (int k = 0; k < N && rc == 0; k++) {
                size_t es = tensor_elem_bytes(IN(k));
                const unsigned char *src = (const unsigned char *)IN(k)->data + (size_t)s.base * es;
                unsigned char *dst = (unsigned char *)res[k]->data + (size_t)(o * m * inner + i) * es;
                for (int64_t j = 0; j < m; j++)
                    memcpy(dst + (size_t)(j * inner) * es, src + (size_t)(perm[j] * inner) * es, es);
            }
        }
    }
    sort_work_free(&w);
    for (int k = 0; k < 2 * N && s.args; k++) {
        tensor_release(s.args[k]);
        if (k < N && s.acc)
            tensor_release(s.acc[k]);
    }
    mem_free(s.args);
    mem_free(s.acc);
    mem_free(perm);
    if (rc) {
        /* a comparator error was reported where it happened */
        return rc == IRRUN_NOMEM ? rt_nomem(c, op->loc, "out of memory in '@ApproxTopK'") : rc;
    }
    return 0;
}

static const char *type_text(const tensor_type *t, char *buf, int size)
{
    shape_format(t, buf, size);
    return buf;
}

int exec_custom_call(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const ir_custom_call *cc = &op->a.custom_call;
    char a[128], b[128];
    switch (cc->kind) {
    case IR_CC_OTHER:
        break;
    case IR_CC_RESHARD:
        for (int k = 0; k < op->nresults; k++)
            if (!shape_equal(&IN(k)->type, &fr->f->values[op->results[k]].type))
                return rt_error(c, op->loc, "'@%s' changes the shape of operand #%d (%s to %s): SPMD partitioning "
                                "is not implemented (it runs only where it returns its operand)", cc->target, k,
                                type_text(&IN(k)->type, a, sizeof a),
                                type_text(&fr->f->values[op->results[k]].type, b, sizeof b));
        /* fall through */
    case IR_CC_IDENTITY:
        for (int k = 0; k < op->nresults; k++) {
            tensor_release(res[k]);
            res[k] = tensor_retain(IN(k));
        }
        return 0;
    case IR_CC_APPROX_TOP_K:
        return run_approx_top_k(c, fr, op, res);
    case IR_CC_THREEFRY:
        run_threefry(fr, op, res);
        return 0;
    case IR_CC_DYN_REDUCE_WINDOW:
    case IR_CC_DYN_RNG:
        return rt_error(c, op->loc, "custom call target '@%s' runs only as the op that shape refinement makes of "
                        "it (in a program whose entry has `?` dimensions; docs/shape-polymorphism.md)", cc->target);
    }
    return rt_error(c, op->loc, "custom call target '@%s': no reference semantics exist for it", cc->target);
}
#undef IN
