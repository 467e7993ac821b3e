/* Random inputs (random_inputs.h): the values of argument K, element i, from
 * Marsaglia's xorshift64 seeded by the seed and K, so the same command gives
 * the same tensors on every host: floats (and both parts of a complex) are
 * m / 64 for m in [-256, 256) (exact in every format of 8 or more bits of
 * precision, rounded to nearest even in the smaller ones), signed integers
 * in [-8, 8], unsigned integers in [0, 15], i1 0 or 1. */
#include "cli/random_inputs.h"

#include <stdlib.h>
#include <string.h>

#include "types/fpformat.h"
#include "util/xorshift.h"

bool cli_random_seed(cli_random *r, const char *text, FILE *err)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *end || text[0] == '-') {
        fprintf(err, "ir-run: --random-inputs needs a seed (a non-negative integer), got '%s'\n", text);
        return false;
    }
    r->on = true;
    r->seed = (uint64_t)v;
    return true;
}

/* "AxBxC" (or "" for rank 0) into dims; the count of dims or -1. */
static int parse_dims(const char *s, int64_t *dims)
{
    int n = 0;
    if (!*s)
        return 0;
    for (;;) {
        char *end;
        if (*s < '0' || *s > '9' || n == SHAPE_MAX_RANK)
            return -1;
        long long v = strtoll(s, &end, 10);
        if (v < 0 || v > (1LL << 36))
            return -1;
        dims[n++] = v;
        if (!*end)
            return n;
        if (*end != 'x')
            return -1;
        s = end + 1;
    }
}

bool cli_random_shape(cli_random *r, const char *text, FILE *err)
{
    const char *eq = strchr(text, '=');
    int64_t dims[SHAPE_MAX_RANK];
    if (!eq || eq == text || parse_dims(eq + 1, dims) < 0 ||
        (text[0] == '?' && (eq != text + 1 || parse_dims(eq + 1, dims) != 1))) {
        fprintf(err, "ir-run: --shape '%s': expected ARG=DIMS (ARG an argument's index, DIMS like 3x4; "
                     "'?=N' for every other dynamic dimension)\n", text);
        return false;
    }
    if (r->nshapes == CLI_MAX_SHAPES) {
        fprintf(err, "ir-run: more than %d --shape options\n", CLI_MAX_SHAPES);
        return false;
    }
    r->shapes[r->nshapes++] = text;
    return true;
}

/* The type argument a takes: f's, its `?` sizes from --shape. */
static bool shape_of(const cli_random *r, const ir_func *f, int a, tensor_type *t, FILE *err)
{
    *t = f->arg_types[a];
    int64_t dims[SHAPE_MAX_RANK], any = -1;
    bool given = false;
    for (int k = 0; k < r->nshapes; k++) {
        const char *s = r->shapes[k], *eq = strchr(s, '=');
        if (s[0] == '?') {
            parse_dims(eq + 1, dims);
            any = dims[0];
            continue;
        }
        char *end;
        long v = strtol(s, &end, 10);
        if (end != eq || v != a)
            continue;
        int n = parse_dims(eq + 1, dims);
        if (n != t->rank) {
            fprintf(err, "ir-run: --shape %s: argument %d of @%s has rank %d\n", s, a, f->name, t->rank);
            return false;
        }
        for (int d = 0; d < n; d++) {
            if (!shape_dim_dynamic(t->dims[d]) && t->dims[d] != dims[d]) {
                fprintf(err, "ir-run: --shape %s: dimension %d of argument %d of @%s is %lld\n", s, d, a, f->name,
                        (long long)t->dims[d]);
                return false;
            }
            t->dims[d] = dims[d];
        }
        given = true;
    }
    for (int d = 0; !given && d < t->rank; d++) {
        if (shape_dim_dynamic(t->dims[d]) && any < 0) {
            char ty[256];
            shape_format(&f->arg_types[a], ty, sizeof ty);
            fprintf(err, "ir-run: argument %d of @%s is %s: give its shape with --shape %d=DIMS (or '?=N')\n", a,
                    f->name, ty, a);
            return false;
        }
        if (shape_dim_dynamic(t->dims[d]))
            t->dims[d] = any;
    }
    return true;
}

static uint64_t part(et_id e, uint64_t x);

static uint64_t element(et_id e, uint64_t *state)
{
    const et_traits *t = et_get(e);
    uint64_t x = xorshift64(state);
    switch (t->kind) {
    case EK_BOOL:
        return x & 1;
    case EK_SINT:
        return (uint64_t)((int64_t)(x % 17) - 8) & et_value_mask(e);
    case EK_UINT:
        return x % 16;
    case EK_FLOAT:
        return part(e, x);
    case EK_COMPLEX: /* the parts stored by cli_random_fill */
        break;
    }
    return x;
}

static uint64_t part(et_id e, uint64_t x)
{
    return fp_from_double(et_get(e)->fmt, (double)((int64_t)(x % 512) - 256) / 64.0, FPR_RNE);
}

irrun_status cli_random_fill(const cli_random *r, const ir_func *f, tensor **args, FILE *err)
{
    for (int a = 0; a < f->nargs; a++) {
        if (args[a])
            continue;
        tensor_type t;
        if (!shape_is_tensor(&f->arg_types[a])) {
            fprintf(err, "ir-run: argument %d of @%s is not a tensor: --random-inputs cannot give it\n", a, f->name);
            return IRRUN_BAD_INPUT;
        }
        if (!shape_of(r, f, a, &t, err))
            return IRRUN_BAD_INPUT;
        tensor *x = tensor_new(&t);
        if (!x) {
            fprintf(err, "ir-run: out of memory for argument %d (%lld elements)\n", a, (long long)shape_count(&t));
            return IRRUN_NOMEM;
        }
        uint64_t state = (r->seed + 1) * UINT64_C(0x9E3779B97F4A7C15) ^ ((uint64_t)a + 1) * UINT64_C(0xBF58476D1CE4E5B9);
        if (!state)
            state = 1;
        bool cplx = et_get(t.elem)->kind == EK_COMPLEX;
        et_id pt = et_part(t.elem);
        for (int64_t i = 0; i < x->count; i++) {
            unsigned char *p = tensor_at(x, i);
            if (cplx) {
                et_store_bits(pt, p, part(pt, xorshift64(&state)));
                et_store_bits(pt, p + et_get(pt)->bytes, part(pt, xorshift64(&state)));
            } else {
                et_store_bits(t.elem, p, element(t.elem, &state));
            }
        }
        args[a] = x;
    }
    return IRRUN_OK;
}
