/* Subcommands of the ir-run executable. argv[0] is the subcommand name.
 * Each returns its outcome as a status (a usage error is IRRUN_BAD_INPUT);
 * main() turns it into the exit status (cli/exit.h). */
#ifndef IRRUN_CLI_H
#define IRRUN_CLI_H

#include "util/status.h"

irrun_status cmd_info(int argc, char **argv);
irrun_status cmd_table(int argc, char **argv);
irrun_status cmd_encode(int argc, char **argv);
irrun_status cmd_decode(int argc, char **argv);

#endif
