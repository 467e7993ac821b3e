/* Located diagnostics: "FILE:LINE:COL: error: MESSAGE", the source line and a
 * caret under the column (MLIR's layout). */
#ifndef IRRUN_DIAG_H
#define IRRUN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    int line; /* 1-based, in the original file (not the chunk) */
    int col;  /* 1-based byte column */
} src_loc;

/* One source buffer as the user sees it: the whole file, so line numbers of
 * chunks stay those of the original file. */
/* A tensor's bytes decoded outside the text (MLIR bytecode, src/bytecode):
 * the text names blob k as `dense<\x03k>` (DIAG_BLOB_MARK, a byte no text
 * token holds), and the literal reader copies the bytes in. */
typedef struct {
    const unsigned char *data;
    size_t len;
} diag_blob;
#define DIAG_BLOB_MARK '\x03'

typedef struct {
    const char *name; /* file name as given, "<stdin>" for - */
    const char *text; /* whole file */
    size_t len;
    FILE *out;        /* where diagnostics go (stderr by default) */
    int errors;       /* number of errors reported */
    int first_line;   /* the file's line `text` starts at (0: 1, the whole file) */
    diag_blob *blobs; /* the blobs `text` names (NULL: none) */
    size_t nblobs;
    bool rebind_blobs; /* the parse points each blob at the literal built from it */
} diag_source;

void diag_error(diag_source *src, src_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_verror(diag_source *src, src_loc loc, const char *fmt, va_list ap);
void diag_warning(diag_source *src, src_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A message with location but no source excerpt kind of "note". */
void diag_note(diag_source *src, src_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
