/* Subcommands for tensor files: `ir-run compare` (backend validation) and
 * `ir-run test` (golden-file manifests). Same conventions as cli/cli.h:
 * argv[0] is the subcommand name; the return value is a status
 * (IRRUN_CHECK_FAILED when a comparison or case failed). */
#ifndef IRRUN_CLI_CMDS_IO_H
#define IRRUN_CLI_CMDS_IO_H

#include "io/compare.h"
#include "util/status.h"

irrun_status cmd_compare(int argc, char **argv);
irrun_status cmd_test(int argc, char **argv);

#endif
