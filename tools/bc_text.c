/* Prints the StableHLO text ir-run reads from an MLIR bytecode artifact
 * (src/bytecode, docs/bytecode.md): the generic form before parsing, for
 * tools/bytecode_vhlo.py and for looking at what an artifact holds.
 * Usage: bc_text FILE */
#include <stdio.h>

#include "bytecode/bc.h"
#include "io/tensor_io.h"
#include "util/mem.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: bc_text FILE\n", stderr);
        return 2;
    }
    io_error err;
    size_t len, text_len;
    unsigned char *data = io_slurp(argv[1], &len, &err);
    if (!data) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    char *text = bc_to_text(data, len, argv[1], stderr, &text_len);
    mem_free(data);
    if (!text)
        return 1;
    fwrite(text, 1, text_len, stdout);
    mem_free(text);
    return 0;
}
