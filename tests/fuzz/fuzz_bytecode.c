/* libFuzzer harness: bytes through the MLIR bytecode reader (src/bytecode,
 * docs/bytecode.md) as `ir-run` reads an artifact: the text it holds (its
 * large tensors beside it as blobs), then parse, chlo, check and print,
 * and the checked module written back as bytecode (the writer, issue 36)
 * at the newest and the oldest target, and that read again.
 * Bad input must end in a located error, never a crash, a read past the
 * end, a leak, a hang or unbounded memory. */
#include <stdint.h>
#include <stdio.h>

#include "bytecode/bc.h"
#include "bytecode/bc_write.h"
#include "check/check.h"
#include "chlo/chlo.h"
#include "ir/ir.h"
#include "util/mem.h"

static FILE *sink(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    return null;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_set_limit(64u << 20);
    size_t len, nblobs;
    diag_blob *blobs;
    char *text = bc_to_text_blobs(data, size, "fuzz.mlirbc", sink(), &len, &blobs, &nblobs);
    if (!text)
        return 0;
    /* large tensors beside the text, as the API reads them */
    diag_source src = { .name = "fuzz.mlirbc", .text = text, .len = len, .out = sink(),
                        .blobs = blobs, .nblobs = nblobs, .rebind_blobs = true };
    ir_module *m = ir_parse(&src, 0, len, 1);
    if (m && chlo_expand_module(m, &src) == 0 && check_module(m, &src) == 0) {
        ir_print_module(m, sink());
        static const char *const targets[] = { "current", "minimum" };
        for (int t = 0; t < 2; t++) {
            size_t n;
            unsigned char *out = bc_write_module(m, targets[t], &src, &n);
            char *again = out ? bc_to_text(out, n, "written.mlirbc", sink(), &len) : NULL;
            mem_free(again);
            mem_free(out);
        }
    }
    ir_module_free(m);
    mem_free(blobs);
    mem_free(text);
    return 0;
}
