/* Reading the shared test vectors (tests/vectors, a verbatim copy of
 * ../shared/testdata; IRRUN_TESTDATA overrides the location). */
#ifndef IRRUN_TEST_VECTORS_H
#define IRRUN_TEST_VECTORS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline FILE *vec_open(const char *rel)
{
    const char *dir = getenv("IRRUN_TESTDATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "tests/vectors", rel);
    FILE *f = fopen(path, "r");
    if (!f)
        fprintf(stderr, "cannot open test vectors %s\n", path);
    return f;
}

/* Splits a line at tabs (in place); returns the number of fields. */
static inline int vec_fields(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    while (n < max) {
        field[n++] = line;
        char *tab = strchr(line, '\t');
        if (!tab)
            break;
        *tab = '\0';
        line = tab + 1;
    }
    return n;
}

static inline unsigned long long vec_hex(const char *s) { return strtoull(s, NULL, 16); }

#endif
