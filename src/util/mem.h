/* Every allocation of ir-run goes through these functions, so that tests can
 * make the N-th allocation fail and check that nothing crashes or leaks. */
#ifndef IRRUN_MEM_H
#define IRRUN_MEM_H

#include <stddef.h>

/* NULL when memory runs out (or when the injected failure hits); never
 * aborts. mem_alloc(0) returns a valid unique pointer. */
void *mem_alloc(size_t size);
void *mem_calloc(size_t count, size_t size); /* overflow-checked */
void *mem_realloc(void *p, size_t size);
void mem_free(void *p);
char *mem_strndup(const char *s, size_t n);

/* The first `len` (> 0) bytes of the open file `fd` mapped read-only and
 * private (mmap PROT_READ, MAP_PRIVATE): the page cache's pages as they
 * are, neither copied nor zeroed. Counted as an allocation of len bytes
 * (the failure injection, the bytes in use and the limit), so tests reach
 * the callers' fall-backs. NULL when it fails. A read past the file's end
 * (a file cut short meanwhile) raises SIGBUS: callers read the bytes once,
 * while loading, and unmap them then (docs/bytecode.md, "Large tensors").
 * Released with mem_unmap(p, len). */
const void *mem_map_file(int fd, size_t len);
void mem_unmap(const void *p, size_t len);

/* Make the n-th allocation from now fail (1 = the next one); 0 disables.
 * Also read from the environment variable IRRUN_FAIL_ALLOC at start-up. */
void mem_fail_at(unsigned long n);
/* Number of allocations performed so far (to drive failure-injection
 * loops). */
unsigned long mem_alloc_count(void);

/* Bytes handed out and not yet freed, and the most there ever were (since
 * the last mem_reset_peak). */
size_t mem_bytes_in_use(void);
size_t mem_bytes_peak(void);
void mem_reset_peak(void);

/* Allocations that would take the bytes in use above `bytes` fail (0: no
 * limit): fuzzers and tests bound the tensors a program may create. */
void mem_set_limit(size_t bytes);

#endif
