/* ir-run: dispatches the format subcommands; everything else runs programs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cmds_io.h"
#include "types/fptables.h"
#include "util/mem.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
} subcommand;

static const subcommand subcommands[] = {
    { "info", cmd_info },
    { "table", cmd_table },
    { "encode", cmd_encode },
    { "decode", cmd_decode },
    { "compare", cmd_compare },
    { "test", cmd_test },
};

int main(int argc, char **argv)
{
    int status = -1;
    if (argc > 1) {
        for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
            if (strcmp(argv[1], subcommands[i].name) == 0)
                status = subcommands[i].run(argc - 1, argv + 1);
    }
    if (status < 0)
        status = cmd_run(argc, argv);
    fp_tables_free();
    /* lets tests/alloc_failures.sh know how many allocations to fail */
    if (getenv("IRRUN_ALLOC_REPORT"))
        fprintf(stderr, "allocations: %lu\n", mem_alloc_count());
    return status;
}
