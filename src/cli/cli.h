/* Subcommands of the ir-run executable. Each returns the process exit status
 * (0 success, 1 a check or comparison failed, 2 bad input or usage). */
#ifndef IRRUN_CLI_H
#define IRRUN_CLI_H

int cmd_info(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_encode(int argc, char **argv);
int cmd_decode(int argc, char **argv);
int cmd_run(int argc, char **argv);

#endif
