/* libFuzzer harness: a program text through the whole pipeline, as
 * `ir-run --emit=ir` and `ir-run` run it: parse, check, print, and run the
 * entry function when every tensor in the program is small. Bad input must
 * end in a located error, never a crash, leak or hang. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "interp/interp.h"
#include "check/check.h"
#include "ir/ir.h"
#include "quant/quant.h"
#include "util/mem.h"

/* Runs are skipped for programs with a tensor above this many elements, and
 * allocations are capped: the harness looks for crashes, not slow kernels. */
enum { SMALL_TENSOR = 4096 };

static FILE *sink(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    return null;
}

static int small_types(const tensor_type *t, int n)
{
    for (int i = 0; i < n; i++)
        if (shape_count(&t[i]) > SMALL_TENSOR)
            return 0;
    return 1;
}

static int small_block(const ir_block *b)
{
    if (!small_types(b->arg_types, b->nargs))
        return 0;
    for (int i = 0; i < b->nops; i++) {
        const ir_op *o = &b->ops[i];
        if (!small_types(o->result_types, o->nresults) || !small_types(o->operand_types, o->noperands))
            return 0;
        for (int g = 0; g < o->nregions; g++)
            if (!small_block(&o->regions[g]))
                return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_set_limit(64u << 20);
    diag_source src = { .name = "fuzz.mlir", .text = (const char *)data, .len = size, .out = sink() };
    ir_module *m = ir_parse(&src, 0, size, 1);
    if (m && quant_lower_module(m, &src) == 0 && check_module(m, &src) == 0) {
        ir_print_module(m, sink());
        int small = 1;
        for (int i = 0; i < m->nfuncs && small; i++)
            small = small_block(&m->funcs[i].body) && small_types(m->funcs[i].arg_types, m->funcs[i].nargs);
        const ir_func *f = interp_entry(m, NULL);
        if (small && f && f->nargs == 0) {
            /* a fuzzed loop may never end: bound it (decision 48's option) */
            rt_options opt = { .dot_acc = DOT_ACC_REF, .hex_threshold = 100, .out = sink(), .err = sink(),
                                   .max_while_iterations = 10000 };
            interp_outcome oc;
            interp_run_module(m, &src, &opt, false, &oc);
            interp_outcome_free(&oc);
        }
    }
    ir_module_free(m);
    return 0;
}
