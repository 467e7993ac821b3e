/* A bump allocator owning everything an IR module holds, so that an error at
 * any point of parsing or checking frees all of it with one call. */
#ifndef IRRUN_ARENA_H
#define IRRUN_ARENA_H

#include <stddef.h>

typedef struct ir_arena ir_arena;

ir_arena *arena_new(void);
void arena_free(ir_arena *a);
/* Zeroed memory aligned for any type, or NULL when out of memory (also when
 * count * size overflows). Large blocks get their own chunk. */
void *arena_alloc(ir_arena *a, size_t count, size_t size);
/* Copy of s[0..n) with a NUL appended. */
char *arena_strndup(ir_arena *a, const char *s, size_t n);
/* Grows an array owned by the arena (old contents copied; the old block is
 * simply abandoned to the arena). */
void *arena_grow(ir_arena *a, void *old, size_t old_count, size_t new_count, size_t size);

#endif
