#include "mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned long alloc_count;
static unsigned long fail_at;
static int env_read;

static int should_fail(void)
{
    if (!env_read) {
        env_read = 1;
        const char *e = getenv("IRRUN_FAIL_ALLOC");
        if (e && *e)
            fail_at = strtoul(e, NULL, 10);
    }
    alloc_count++;
    return fail_at != 0 && alloc_count == fail_at;
}

void mem_fail_at(unsigned long n)
{
    env_read = 1;
    fail_at = n ? alloc_count + n : 0;
}

unsigned long mem_alloc_count(void) { return alloc_count; }

void *mem_alloc(size_t size)
{
    if (should_fail())
        return NULL;
    return malloc(size ? size : 1);
}

void *mem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    if (should_fail())
        return NULL;
    return calloc(count ? count : 1, size ? size : 1);
}

void *mem_realloc(void *p, size_t size)
{
    if (should_fail())
        return NULL;
    return realloc(p, size ? size : 1);
}

void mem_free(void *p) { free(p); }

char *mem_strndup(const char *s, size_t n)
{
    char *d = mem_alloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}
