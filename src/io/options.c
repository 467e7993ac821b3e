/* Option values and comparison-rule options (see options.h). */
#include "io/options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "--name VALUE" or "--name=VALUE": 1 and *val set, 0 not this option, -1
 * missing value (reported). */
int io_opt_value(const char *cmd, const char *name, int argc, char **argv, int *i,
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

int io_opt_bad_value(const char *cmd, const char *opt, const char *val, const char *want)
{
    fprintf(stderr, "ir-run%s%s: bad value '%s' for %s (expected %s)\n", cmd ? " " : "", cmd ? cmd : "", val, opt, want);
    return -1;
}

int io_rule_option(const char *cmd, int argc, char **argv, int *i, io_rule *rule)
{
    const char *v;
    int r;
    if ((r = io_opt_value(cmd, "--max-ulp", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        char *end;
        errno = 0;
        unsigned long long n = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-')
            return io_opt_bad_value(cmd, "--max-ulp", v, "a non-negative integer");
        rule->has_ulp = true;
        rule->max_ulp = n;
        return 1;
    }
    for (int k = 0; k < 2; k++) {
        const char *opt = k ? "--rtol" : "--atol";
        if ((r = io_opt_value(cmd, opt, argc, argv, i, &v)) == 0)
            continue;
        if (r < 0)
            return -1;
        char *end;
        errno = 0;
        double x = strtod(v, &end);
        /* a value that underflows to 0 is not the tolerance asked for */
        if (!*v || *end || !isfinite(x) || x < 0 || (x == 0 && errno == ERANGE))
            return io_opt_bad_value(cmd, opt, v, "a non-negative number within binary64's range");
        if (k) {
            rule->has_rtol = true;
            rule->rtol = x;
        } else {
            rule->has_atol = true;
            rule->atol = x;
        }
        return 1;
    }
    if ((r = io_opt_value(cmd, "--nan", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "any") == 0)
            rule->nan = IO_NAN_ANY;
        else if (strcmp(v, "exact") == 0)
            rule->nan = IO_NAN_EXACT;
        else
            return io_opt_bad_value(cmd, "--nan", v, "any or exact");
        return 1;
    }
    if ((r = io_opt_value(cmd, "--signed-zero", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "equal") == 0)
            rule->zero = IO_ZERO_EQUAL;
        else if (strcmp(v, "distinct") == 0)
            rule->zero = IO_ZERO_DISTINCT;
        else
            return io_opt_bad_value(cmd, "--signed-zero", v, "equal or distinct");
        return 1;
    }
    if ((r = io_opt_value(cmd, "--inf", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "exact") == 0)
            rule->inf = IO_INF_EXACT;
        else if (strcmp(v, "saturate") == 0)
            rule->inf = IO_INF_SATURATE;
        else
            return io_opt_bad_value(cmd, "--inf", v, "exact or saturate");
        return 1;
    }
    return 0;
}

