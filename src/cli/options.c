/* Option values and comparison-rule options (see options.h). */
#include "cli/options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "--name VALUE" or "--name=VALUE": 1 and *val set, 0 not this option, -1
 * missing value (reported). */
int cli_opt_value(const char *cmd, const char *name, int argc, char **argv, int *i,
                     const char **val)
{
    const char *a = argv[*i];
    /* LLVM style, as the run command's own options: `-input` = `--input` */
    if (a[0] == '-' && a[1] != '-' && name[0] == '-' && name[1] == '-')
        name++;
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "ir-run%s%s: %s needs a value\n", cmd ? " " : "", cmd ? cmd : "", name);
        return -1;
    }
    *val = argv[++*i];
    return 1;
}

int cli_opt_bad_value(const char *cmd, const char *opt, const char *val, const char *want)
{
    fprintf(stderr, "ir-run%s%s: bad value '%s' for %s (expected %s)\n", cmd ? " " : "", cmd ? cmd : "", val, opt, want);
    return -1;
}

const char *const cli_rule_options[6] = { "--max-ulp", "--atol", "--rtol", "--nan", "--signed-zero", "--inf" };

int cli_rule_option(const char *cmd, int argc, char **argv, int *i, io_rule *rule, int *which)
{
    for (int k = 0; k < 6; k++) {
        const char *v, *want;
        int r = cli_opt_value(cmd, cli_rule_options[k], argc, argv, i, &v);
        if (r == 0)
            continue;
        if (r < 0)
            return -1;
        if (io_rule_set(rule, cli_rule_options[k] + 2, v, &want) != IRRUN_OK)
            return cli_opt_bad_value(cmd, cli_rule_options[k], v, want);
        if (which)
            *which = k;
        return 1;
    }
    return 0;
}

int cli_show_option(const char *cmd, int argc, char **argv, int *i, io_show *show)
{
    const char *v;
    int r;
    if ((r = cli_opt_value(cmd, "--show", argc, argv, i, &v)) != 0 ||
        (r = cli_opt_value(cmd, "--report-limit", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "all") == 0) {
            show->count = IO_SHOW_ALL;
            return 1;
        }
        char *end = NULL;
        errno = 0;
        long long n = *v >= '0' && *v <= '9' ? strtoll(v, &end, 10) : -1;
        if (n < 0 || *end || errno)
            return cli_opt_bad_value(cmd, "--show", v, "a number of elements or all");
        show->count = n;
        return 1;
    }
    if ((r = cli_opt_value(cmd, "--sort", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "worst") == 0)
            show->worst = true;
        else if (strcmp(v, "index") == 0)
            show->worst = false;
        else
            return cli_opt_bad_value(cmd, "--sort", v, "index or worst");
        return 2;
    }
    return 0;
}

void cli_env_threads_check(const char *cmd)
{
    const char *e = getenv("IRRUN_THREADS");
    if (!e || !*e)
        return;
    const char *p = e;
    while (*p == '0')
        p++;
    bool digits = *p != '\0';
    for (const char *q = e; *q; q++)
        digits = digits && *q >= '0' && *q <= '9';
    if (!digits)
        fprintf(stderr, "ir-run%s%s: warning: IRRUN_THREADS='%s' is not a positive integer; ignored (using the "
                        "online cores)\n", cmd ? " " : "", cmd ? cmd : "", e);
}
