/* The element-by-element comparison loop (see tensor_cmp.h). */
#include "core/tensor_cmp.h"

#include "types/fparith.h"

static uint64_t int_distance(et_id t, uint64_t e, uint64_t a)
{
    if (et_get(t)->kind == EK_SINT) {
        int64_t x = et_sign_extend(t, e), y = et_sign_extend(t, a);
        /* in uint64_t: the distance between INT64_MIN and INT64_MAX fits */
        return x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
    }
    return e > a ? e - a : a - e;
}

void tensor_compare_each(const tensor *expected, const tensor *actual, tensor_part_rule *rule,
                         const void *rule_ctx, tensor_elem_visit *visit, void *visit_ctx)
{
    et_id elem = expected->type.elem;
    const et_traits *tr = et_get(elem);
    et_id part = et_part(elem);
    bool is_float = tr->kind == EK_FLOAT || tr->kind == EK_COMPLEX;
    int parts = tr->kind == EK_COMPLEX ? 2 : 1;
    size_t eb = tr->bytes, pb = eb / (size_t)parts;
    const unsigned char *E = expected->data, *A = actual->data;
    for (int64_t i = 0; i < expected->count; i++) {
        const unsigned char *pe = E + (size_t)i * eb, *pa = A + (size_t)i * eb;
        tensor_elem_cmp c = { .index = i, .pass = true, .is_float = is_float };
        for (int k = 0; k < parts; k++) {
            tensor_part_pair p = { part, et_load_bits(part, pe + (size_t)k * pb),
                                   et_load_bits(part, pa + (size_t)k * pb), 0 };
            p.ulp = is_float ? fp_ulp_distance(tr->fmt, p.expected, p.actual)
                             : int_distance(part, p.expected, p.actual);
            bool ok = rule(rule_ctx, &p, &c.flags);
            c.pass = c.pass && ok;
            if (p.ulp > c.ulp)
                c.ulp = p.ulp;
        }
        visit(visit_ctx, &c);
    }
}
