/* Subcommands for tensor files: `ir-run compare` (backend validation) and
 * `ir-run test` (golden-file manifests). Same conventions as cli/cli.h:
 * argv[0] is the subcommand name; the return value is the exit status
 * (0 success, 1 a comparison or case failed, 2 bad input or usage). */
#ifndef IRRUN_CLI_CMDS_IO_H
#define IRRUN_CLI_CMDS_IO_H

#include "io/compare.h"

int cmd_compare(int argc, char **argv);
int cmd_test(int argc, char **argv);

#endif
