#include "mem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Each block carries its size in a header so the allocator can account for
 * the bytes in use (peak memory is a measured figure of `make bench`). The
 * header is 16 bytes to keep the caller's block aligned for any type. */
typedef union {
    size_t size;
    max_align_t align;
    unsigned char pad[16];
} header;

/* The processes of interpreter.run_parallel allocate from several threads
 * at once: the counters are atomics, updated with relaxed ordering (they
 * order nothing else), and the limit is enforced by reserving the bytes
 * first and giving them back when the reservation went over. */
static atomic_ulong alloc_count;
static atomic_ulong fail_at;
static atomic_int env_read;
static atomic_size_t bytes_in_use, bytes_peak;
static atomic_size_t bytes_limit = SIZE_MAX;

static int should_fail(void)
{
    if (!atomic_load_explicit(&env_read, memory_order_acquire)) {
        const char *e = getenv("IRRUN_FAIL_ALLOC");
        int expected = 0;
        if (atomic_compare_exchange_strong(&env_read, &expected, 1) && e && *e)
            atomic_store(&fail_at, strtoul(e, NULL, 10));
    }
    unsigned long n = atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed) + 1;
    unsigned long at = atomic_load_explicit(&fail_at, memory_order_relaxed);
    return at != 0 && n == at;
}

void mem_fail_at(unsigned long n)
{
    atomic_store(&env_read, 1);
    atomic_store(&fail_at, n ? atomic_load(&alloc_count) + n : 0);
}

unsigned long mem_alloc_count(void) { return atomic_load_explicit(&alloc_count, memory_order_relaxed); }
size_t mem_bytes_in_use(void) { return atomic_load_explicit(&bytes_in_use, memory_order_relaxed); }
size_t mem_bytes_peak(void) { return atomic_load_explicit(&bytes_peak, memory_order_relaxed); }
void mem_reset_peak(void) { atomic_store(&bytes_peak, atomic_load(&bytes_in_use)); }
void mem_set_limit(size_t bytes) { atomic_store(&bytes_limit, bytes ? bytes : SIZE_MAX); }

/* Adds `more` bytes to the bytes in use unless that passes the limit. */
static int reserve(size_t more)
{
    size_t limit = atomic_load_explicit(&bytes_limit, memory_order_relaxed);
    if (more > limit)
        return 0;
    size_t now = atomic_fetch_add_explicit(&bytes_in_use, more, memory_order_relaxed) + more;
    if (now < more || now > limit) {
        atomic_fetch_sub_explicit(&bytes_in_use, more, memory_order_relaxed);
        return 0;
    }
    size_t peak = atomic_load_explicit(&bytes_peak, memory_order_relaxed);
    while (now > peak &&
           !atomic_compare_exchange_weak_explicit(&bytes_peak, &peak, now, memory_order_relaxed, memory_order_relaxed))
        ;
    return 1;
}

static void unreserve(size_t bytes) { atomic_fetch_sub_explicit(&bytes_in_use, bytes, memory_order_relaxed); }

/* Blocks of many megabytes (a large file read whole, a large tensor) ask
 * for huge pages where the system gives them on request (Linux THP in
 * "madvise" mode): one fault per 2 MiB instead of per 4 KiB, which is most
 * of the time of filling 100 MB once (docs/bytecode.md, "Large tensors"). */
enum { HUGE_FROM = 8u << 20, HUGE_PAGE = 2u << 20 };

static void *account(header *h, size_t size)
{
    h->size = size;
#ifdef MADV_HUGEPAGE
    if (size >= HUGE_FROM) {
        uintptr_t from = ((uintptr_t)(h + 1) + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
        uintptr_t to = ((uintptr_t)(h + 1) + size) & ~(uintptr_t)(HUGE_PAGE - 1);
        if (to > from)
            (void)madvise((void *)from, to - from, MADV_HUGEPAGE); /* advice: failing changes nothing */
    }
#endif
    return h + 1;
}

void *mem_alloc(size_t size)
{
    if (should_fail() || size > SIZE_MAX - sizeof(header) || !reserve(size))
        return NULL;
    header *h = malloc(sizeof(header) + size);
    if (!h) {
        unreserve(size);
        return NULL;
    }
    return account(h, size);
}

void *mem_calloc(size_t count, size_t size)
{
    if (size && count > (SIZE_MAX - sizeof(header)) / size)
        return NULL;
    if (should_fail() || !reserve(count * size))
        return NULL;
    header *h = calloc(1, sizeof(header) + count * size);
    if (!h) {
        unreserve(count * size);
        return NULL;
    }
    return account(h, count * size);
}

void *mem_realloc(void *p, size_t size)
{
    if (!p)
        return mem_alloc(size);
    if (should_fail() || size > SIZE_MAX - sizeof(header))
        return NULL;
    header *old = (header *)p - 1;
    size_t old_size = old->size;
    if (size > old_size && !reserve(size - old_size))
        return NULL;
    header *h = realloc(old, sizeof(header) + size);
    if (!h) {
        if (size > old_size)
            unreserve(size - old_size);
        return NULL;
    }
    if (size < old_size)
        unreserve(old_size - size);
    return account(h, size);
}

void mem_free(void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    unreserve(h->size);
    free(h);
}

const void *mem_map_file(int fd, size_t len)
{
    if (len == 0 || should_fail() || !reserve(len))
        return NULL;
    void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p == MAP_FAILED) {
        unreserve(len);
        return NULL;
    }
    return p;
}

void mem_unmap(const void *p, size_t len)
{
    if (!p)
        return;
    munmap((void *)p, len);
    unreserve(len);
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
