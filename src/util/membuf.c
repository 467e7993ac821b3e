#include "util/membuf.h"

#include <stdlib.h>

#include "util/mem.h"

int membuf_open(membuf *b)
{
    b->text = NULL;
    b->len = 0;
    b->f = open_memstream(&b->text, &b->len);
    return b->f ? 0 : -1;
}

char *membuf_take(membuf *b)
{
    int closed = fclose(b->f);
    b->f = NULL;
    /* open_memstream grows its buffer with libc's malloc; the caller frees
     * through the one allocator, so the text is copied over */
    char *copy = closed == 0 && b->text ? mem_strndup(b->text, b->len) : NULL;
    free(b->text);
    b->text = NULL;
    return copy;
}
