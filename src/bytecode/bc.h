/* Reading MLIR bytecode (StableHLO portable artifacts: the VHLO dialect of
 * every version from 0.9.0) as the StableHLO text the front end reads.
 * docs/bytecode.md says what is read and how VHLO is upgraded. */
#ifndef IRRUN_BC_H
#define IRRUN_BC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/diag.h"

/* True when the bytes start with MLIR's bytecode magic "ML\xefR"
 * (BC_MAGIC, BC_MAGIC_LEN bytes). */
#define BC_MAGIC "ML\xefR"
#define BC_MAGIC_LEN 4
bool bc_is_bytecode(const void *data, size_t len);

/* The artifact `data` (len bytes) as StableHLO text in MLIR's generic form
 * (mem_alloc'ed, NUL-terminated, its length in *text_len), or NULL after a
 * located error ("NAME: error: byte N (SECTION section): ...") on `err`
 * (out of memory included). Never reads outside data[0..len). */
char *bc_to_text(const void *data, size_t len, const char *name, FILE *err, size_t *text_len);

/* The same, with every tensor of more than 4 KiB that the literal reader
 * takes as raw bytes left out of the text: the text names it `dense<\x03K>`
 * (diag_blob) and (*blobs)[K] points at its bytes in `data`. *blobs
 * (mem_alloc'ed, NULL when there is none) and its length *nblobs are the
 * caller's, set only on success. */
char *bc_to_text_blobs(const void *data, size_t len, const char *name, FILE *err, size_t *text_len,
                       diag_blob **blobs, size_t *nblobs);

#endif
