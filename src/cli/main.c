/* ir-run: dispatches the format subcommands; everything else runs programs. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cmds_io.h"
#include "cli/exit.h"
#include "cli/run.h"
#include "io/outfile.h"
#include "types/fptables.h"
#include "util/mem.h"

typedef struct {
    const char *name;
    irrun_status (*run)(int argc, char **argv);
} subcommand;

static irrun_status cmd_help(int argc, char **argv);

static const subcommand subcommands[] = {
    { "help", cmd_help },
    { "info", cmd_info },
    { "table", cmd_table },
    { "encode", cmd_encode },
    { "decode", cmd_decode },
    { "compare", cmd_compare },
    { "test", cmd_test },
};

/* `ir-run help [COMMAND]`: what `COMMAND --help` prints; the run command's
 * options without one. */
static irrun_status cmd_help(int argc, char **argv)
{
    static char help_flag[] = "--help";
    if (argc > 2) {
        fputs("usage: ir-run help [COMMAND]\n", stderr);
        return IRRUN_BAD_INPUT;
    }
    const char *name = argc == 2 ? argv[1] : "run";
    if (strcmp(name, "help") == 0) {
        fputs("usage: ir-run help [COMMAND]\n  the usage of COMMAND (run, info, table, encode, decode,\n"
              "  compare, test), as COMMAND --help prints it; `man ir-run` has everything\n",
              stdout);
        return IRRUN_OK;
    }
    char *sub_argv[] = { argv[argc - 1], help_flag, NULL }; /* argv[0] names the command */
    if (strcmp(name, "run") == 0)
        return cmd_run(2, sub_argv);
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(name, subcommands[i].name) == 0)
            return subcommands[i].run(2, sub_argv);
    fprintf(stderr, "ir-run help: no command '%s' (commands: run, info, table, encode, decode, "
                    "compare, test, help)\n", name);
    return IRRUN_BAD_INPUT;
}

/* A standard descriptor closed by the caller (`>&-`) would be reused by the
 * next file opened, and results meant for stdout would land in an output
 * file. Holding it with /dev/null opened read-only keeps the number taken
 * and makes every write to it fail (EBADF), which the end of main reports. */
static void hold_closed_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        int got = open("/dev/null", O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}

int main(int argc, char **argv)
{
    hold_closed_std_fds();
    /* a signal that ends ir-run removes its half-written outputs */
    io_outfile_catch_signals();
    const subcommand *sub = NULL;
    for (size_t i = 0; argc > 1 && i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            sub = &subcommands[i];
    irrun_status status = sub ? sub->run(argc - 1, argv + 1) : cmd_run(argc, argv);
    /* every command's output ends here: one that could not be written is
     * never a success (a full disk, a closed pipe) */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (!cli_stdout_error_said)
            fprintf(stderr, "ir-run: error writing standard output: %s\n", strerror(errno));
        status = cli_worse(status, IRRUN_BAD_INPUT);
    }
    fp_tables_free();
    /* lets tests/alloc_failures.sh know how many allocations to fail */
    if (getenv("IRRUN_ALLOC_REPORT"))
        fprintf(stderr, "allocations: %lu\npeak bytes: %zu\n", mem_alloc_count(), mem_bytes_peak());
    return cli_exit_code(status);
}
