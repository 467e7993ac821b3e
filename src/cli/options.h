/* Command-line options shared by `ir-run compare` and the run command's
 * --expect: "--name VALUE" / "--name=VALUE" values and the comparison rule. */
#ifndef IRRUN_CLI_OPTIONS_H
#define IRRUN_CLI_OPTIONS_H

#include "io/compare.h"

/* When argv[*i] is option `name`: 1 with *val set (advancing *i past a
 * separate value), -1 when its value is missing (reported on stderr, prefixed
 * "ir-run CMD:"), 0 when argv[*i] is another option. */
int cli_opt_value(const char *cmd, const char *name, int argc, char **argv, int *i, const char **val);

/* Reports a bad option value on stderr; returns -1. */
int cli_opt_bad_value(const char *cmd, const char *opt, const char *val, const char *want);

/* --max-ulp N, --atol X, --rtol X, --nan any|exact, --signed-zero
 * equal|distinct, --inf exact|saturate: 1 consumed (rule updated, and
 * *which, when not NULL, set to the option's number 0..5 in that order), 0
 * not a rule option, -1 after reporting a bad value. */
int cli_rule_option(const char *cmd, int argc, char **argv, int *i, io_rule *rule, int *which);
extern const char *const cli_rule_options[6]; /* "--max-ulp", ... */

/* --show N|all (also spelled --report-limit N|all: how many differing
 * elements a report lists) and --sort (2 when it was --sort)
 * index|worst (which ones): 1 consumed, 0 not one of them, -1 after
 * reporting a bad value. */
int cli_show_option(const char *cmd, int argc, char **argv, int *i, io_show *show);

/* A warning on stderr when IRRUN_THREADS is set but not a positive
 * integer written in digits only, which the thread pool ignores
 * (pool_default_threads); prefix "ir-run CMD:". */
void cli_env_threads_check(const char *cmd);

#endif
