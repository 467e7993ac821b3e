/* The one place where a status becomes the exit status of ir-run: 0 when
 * everything passed, 1 when a check or comparison failed, 2 for everything
 * else (bad input or usage, out of memory, unsupported input). The library
 * below src/cli only ever reports an irrun_status; main() maps the final one
 * here, and so does every other caller that must tell "a check failed" from
 * "could not run". */
#ifndef IRRUN_CLI_EXIT_H
#define IRRUN_CLI_EXIT_H

#include "util/status.h"

/* static inline: tests/fuzz/fuzz_manifest.c compiles cli/test.c without the
 * rest of src/cli */
static inline int cli_exit_code(irrun_status s)
{
    switch (s) {
    case IRRUN_OK:
        return 0;
    case IRRUN_CHECK_FAILED:
        return 1;
    case IRRUN_BAD_INPUT:
    case IRRUN_NOMEM:
    case IRRUN_UNSUPPORTED:
        break;
    }
    return 2;
}

/* Of two outcomes of one command, the one to report: the one with the
 * higher exit code, `a` on a tie (the first problem found). */
static inline irrun_status cli_worse(irrun_status a, irrun_status b)
{
    return cli_exit_code(b) > cli_exit_code(a) ? b : a;
}

#endif
