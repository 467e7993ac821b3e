#include "arena.h"

#include <stdint.h>
#include <string.h>

#include "util/mem.h"

typedef struct chunk {
    struct chunk *next;
    size_t size, used;
    max_align_t data[];
} chunk;

struct ir_arena {
    chunk *head; /* current small-object chunk first */
};

enum { CHUNK_SIZE = 64 * 1024, BIG = CHUNK_SIZE / 4 };

ir_arena *arena_new(void)
{
    ir_arena *a = mem_alloc(sizeof *a);
    if (a)
        a->head = NULL;
    return a;
}

void arena_free(ir_arena *a)
{
    if (!a)
        return;
    for (chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        mem_free(c);
    }
    mem_free(a);
}

/* zeroed: calloc, which large blocks get from the system already zero
 * (a 100 MB literal is not written twice) */
static chunk *new_chunk(size_t size)
{
    if (size > SIZE_MAX - sizeof(chunk))
        return NULL;
    chunk *c = mem_calloc(1, sizeof(chunk) + size);
    if (c) {
        c->size = size;
        c->used = 0;
        c->next = NULL;
    }
    return c;
}

void *arena_alloc(ir_arena *a, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t n = count * size;
    const size_t align = sizeof(max_align_t);
    if (n > SIZE_MAX - align)
        return NULL;
    n = (n + align - 1) / align * align;
    if (n >= BIG) {
        /* a dedicated chunk, linked behind the current one so the current
         * small-object chunk keeps serving */
        chunk *c = new_chunk(n);
        if (!c)
            return NULL;
        c->used = n;
        if (a->head) {
            c->next = a->head->next;
            a->head->next = c;
        } else {
            a->head = c;
        }
        return c->data;
    }
    if (!a->head || a->head->size - a->head->used < n) {
        chunk *c = new_chunk(CHUNK_SIZE);
        if (!c)
            return NULL;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)a->head->data + a->head->used;
    a->head->used += n;
    memset(p, 0, n);
    return p;
}

char *arena_strndup(ir_arena *a, const char *s, size_t n)
{
    char *d = arena_alloc(a, n + 1, 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

void *arena_grow(ir_arena *a, void *old, size_t old_count, size_t new_count, size_t size)
{
    void *p = arena_alloc(a, new_count, size);
    if (p && old && old_count)
        memcpy(p, old, old_count * size);
    return p;
}
