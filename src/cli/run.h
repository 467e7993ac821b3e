/* `ir-run [options] FILE...`: parse, check and run programs (SPEC.md 6). */
#ifndef IRRUN_RUN_H
#define IRRUN_RUN_H

/* argv[0] is the program name. Returns the exit status: 0 success, 1 a
 * check failed, 2 bad input or usage (2 wins over 1). */
int cmd_run(int argc, char **argv);

#endif
