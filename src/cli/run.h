/* `ir-run [options] FILE...`: parse, check and run programs (SPEC.md 6). */
#ifndef IRRUN_RUN_H
#define IRRUN_RUN_H

#include <stdbool.h>

#include "util/status.h"

/* argv[0] is the program name. Returns the worst outcome of all files and
 * chunks (cli_worse): IRRUN_CHECK_FAILED when a check or --expect failed,
 * another non-OK status when something could not be run. */
irrun_status cmd_run(int argc, char **argv);

/* Set when the run command has reported a write error on stdout, so that
 * main's last check of stdout does not report it again. */
extern bool cli_stdout_error_said;

#endif
