/* A stdio stream that collects what is written to it as a string: the
 * library hands diagnostics, run-time errors and interpreter.print output
 * back to its caller instead of printing them, and every layer below writes
 * to a FILE. */
#ifndef IRRUN_MEMBUF_H
#define IRRUN_MEMBUF_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *f;     /* write here between membuf_open and membuf_take */
    char *text;  /* libc's buffer behind f */
    size_t len;
} membuf;

/* 0 on success, -1 when the stream cannot be made (out of memory). */
int membuf_open(membuf *b);

/* Closes the stream and returns what was written as a NUL-terminated string
 * from mem_alloc ("" when nothing), or NULL when out of memory (the text is
 * dropped either way). */
char *membuf_take(membuf *b);

#endif
