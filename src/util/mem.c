#include "mem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Each block carries its size in a header so the allocator can account for
 * the bytes in use (peak memory is a measured figure of `make bench`). The
 * header is 16 bytes to keep the caller's block aligned for any type. */
typedef union {
    size_t size;
    max_align_t align;
    unsigned char pad[16];
} header;

/* Atomic: the library allocates from several threads at once (one module
 * per thread), and a lost update of bytes_in_use would make the limit check
 * refuse allocations. The limit is checked before the bytes are added, so
 * threads racing to the limit may pass it by their allocations' sizes. */
static atomic_ulong alloc_count;
static atomic_ulong fail_at;
static atomic_int env_read;
static atomic_size_t bytes_in_use, bytes_peak;
static atomic_size_t bytes_limit = SIZE_MAX;

static int should_fail(void)
{
    if (!atomic_exchange(&env_read, 1)) {
        const char *e = getenv("IRRUN_FAIL_ALLOC");
        if (e && *e)
            fail_at = strtoul(e, NULL, 10);
    }
    unsigned long n = atomic_fetch_add(&alloc_count, 1) + 1;
    unsigned long at = fail_at;
    return at != 0 && n == at;
}

void mem_fail_at(unsigned long n)
{
    env_read = 1;
    fail_at = n ? alloc_count + n : 0;
}

unsigned long mem_alloc_count(void) { return alloc_count; }
size_t mem_bytes_in_use(void) { return bytes_in_use; }
size_t mem_bytes_peak(void) { return bytes_peak; }
void mem_reset_peak(void) { bytes_peak = bytes_in_use; }
void mem_set_limit(size_t bytes) { bytes_limit = bytes ? bytes : SIZE_MAX; }

static int over_limit(size_t more)
{
    size_t limit = bytes_limit;
    return more > limit || bytes_in_use > limit - more;
}

static void *account(header *h, size_t size)
{
    h->size = size;
    size_t now = atomic_fetch_add(&bytes_in_use, size) + size;
    size_t peak = bytes_peak;
    while (now > peak && !atomic_compare_exchange_weak(&bytes_peak, &peak, now))
        ;
    return h + 1;
}

void *mem_alloc(size_t size)
{
    if (should_fail() || size > SIZE_MAX - sizeof(header) || over_limit(size))
        return NULL;
    header *h = malloc(sizeof(header) + size);
    return h ? account(h, size) : NULL;
}

void *mem_calloc(size_t count, size_t size)
{
    if (size && count > (SIZE_MAX - sizeof(header)) / size)
        return NULL;
    if (should_fail() || over_limit(count * size))
        return NULL;
    header *h = calloc(1, sizeof(header) + count * size);
    return h ? account(h, count * size) : NULL;
}

void *mem_realloc(void *p, size_t size)
{
    if (!p)
        return mem_alloc(size);
    if (should_fail() || size > SIZE_MAX - sizeof(header))
        return NULL;
    header *old = (header *)p - 1;
    size_t old_size = old->size;
    if (size > old_size && over_limit(size - old_size))
        return NULL;
    header *h = realloc(old, sizeof(header) + size);
    if (!h)
        return NULL;
    atomic_fetch_sub(&bytes_in_use, old_size);
    return account(h, size);
}

void mem_free(void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    atomic_fetch_sub(&bytes_in_use, h->size);
    free(h);
}

char *mem_strndup(const char *s, size_t n)
{
    char *d = mem_alloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}
