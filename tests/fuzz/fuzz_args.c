/* libFuzzer harness: the `--args` literal-list parser (and a manifest's
 * `literal:`): any text gives literals or a located error. */
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"
#include "util/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    mem_set_limit(64u << 20);
    diag_source src = { .name = "<--args>", .text = (const char *)data, .len = size, .out = null };
    ir_literal *lits;
    int n;
    if (ir_parse_literals(&src, "--args=[...]", &lits, &n) == 0)
        ir_literals_free(lits, n);
    return 0;
}
