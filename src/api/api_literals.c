/* irrun_tensors_parse: MLIR literals (`dense<...> : tensor<...>`) as the
 * caller's tensors, as `ir-run --args` takes them. */
#include "api/api_internal.h"
#include "runtime/rt_literal.h"

#include <string.h>

#include "interp/interp.h"
#include "util/mem.h"
#include "util/membuf.h"

void irrun_tensors_free(irrun_tensor *ts, int n)
{
    for (int i = 0; ts && i < n; i++)
        mem_free((void *)ts[i].data);
    mem_free(ts);
}

/* Literal `lit` as a tensor whose bytes the caller owns. */
static irrun_status take_literal(const ir_literal *lit, irrun_tensor *out)
{
    tensor *t = rt_literal_tensor(lit);
    tensor *d = t ? tensor_dense(t) : NULL; /* a splat holds one element */
    tensor_release(t);
    void *data = d ? mem_alloc(d->nbytes ? d->nbytes : 1) : NULL;
    if (!data) {
        tensor_release(d);
        return IRRUN_NOMEM;
    }
    api_tensor_view(d, out);
    memcpy(data, d->data, d->nbytes);
    out->data = data;
    tensor_release(d);
    return IRRUN_OK;
}

irrun_status irrun_tensors_parse(const char *text, size_t len, const char *name, irrun_tensor **tensors, int *count,
                                 char **diagnostics)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (tensors)
        *tensors = NULL;
    if (count)
        *count = 0;
    if (!tensors || !count) {
        if (diagnostics) {
            const char *why = !tensors ? "error: the tensors' out-parameter is NULL\n"
                                       : "error: the count's out-parameter is NULL\n";
            *diagnostics = mem_strndup(why, strlen(why));
        }
        return IRRUN_BAD_INPUT;
    }
    membuf msgs;
    char *copy = text ? mem_strndup(text, len) : NULL; /* the lexer wants a NUL past the end */
    if (!copy || membuf_open(&msgs) != 0) {
        mem_free(copy);
        return text ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    }
    diag_source src = { .name = name ? name : "<text>", .text = copy, .len = len, .out = msgs.f };
    ir_literal *lits = NULL;
    int n = 0;
    irrun_status s = ir_parse_literals(&src, "--args=[dense<1> : tensor<2xi32>, ...]", &lits, &n) == 0 ? IRRUN_OK : IRRUN_BAD_INPUT;
    irrun_tensor *ts = NULL;
    if (s == IRRUN_OK && !(ts = mem_calloc((size_t)n + 1, sizeof *ts)))
        s = IRRUN_NOMEM;
    for (int i = 0; s == IRRUN_OK && i < n; i++) {
        if ((s = take_literal(&lits[i], &ts[i])) != IRRUN_OK) {
            irrun_tensors_free(ts, i);
            ts = NULL;
        }
    }
    if (s == IRRUN_NOMEM)
        fputs("error: out of memory\n", msgs.f);
    if (lits)
        ir_literals_free(lits, n);
    mem_free(copy);
    char *said = membuf_take(&msgs);
    if (diagnostics)
        *diagnostics = said;
    else
        mem_free(said);
    if (s == IRRUN_OK && diagnostics && !said)
        s = IRRUN_NOMEM;
    if (s != IRRUN_OK) {
        if (ts)
            irrun_tensors_free(ts, n);
        return s;
    }
    *tensors = ts;
    *count = n;
    return IRRUN_OK;
}
