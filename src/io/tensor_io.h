/* Tensors in and out of files: NumPy .npy, raw .bin and a YAML form
 * (docs/tensor-files.md describes all three). Readers never trust a file:
 * every length is checked before it is used, and the element type always
 * comes from the caller (the function signature or --type), because FP8
 * arrays written through ml_dtypes carry ambiguous headers. */
#ifndef IRRUN_IO_TENSOR_IO_H
#define IRRUN_IO_TENSOR_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <yaml.h>

#include "core/tensor.h"
#include "util/status.h"

typedef enum { IO_FMT_UNKNOWN, IO_FMT_NPY, IO_FMT_BIN, IO_FMT_YAML } io_format;

/* A reader's or writer's complaint, already prefixed with the file name (and
 * LINE:COL for YAML), without "error: " and without a newline. */
typedef struct {
    char text[640];
} io_error;

void io_errorf(io_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* What the caller expects. `type.elem` is always honoured; `type.rank < 0`
 * means "any shape" (the file decides; .bin then reads as a 1-D tensor). */
typedef tensor_type io_expect;

/* ".npy" -> IO_FMT_NPY, ".bin" -> IO_FMT_BIN, ".yaml"/".yml" -> IO_FMT_YAML. */
io_format io_format_from_path(const char *path);
/* "npy", "bin", "yaml" (also "yml") -> format; IO_FMT_UNKNOWN otherwise. */
io_format io_format_lookup(const char *name);
const char *io_format_ext(io_format f); /* "npy", "bin", "yaml" */

/* Readers of an in-memory file image. `name` is used in messages only.
 * Return a new tensor (refs = 1) or NULL with *err filled. */
tensor *io_read_npy(const unsigned char *buf, size_t len, const char *name,
                    const io_expect *expect, io_error *err);
tensor *io_read_bin(const unsigned char *buf, size_t len, const char *name,
                    const io_expect *expect, io_error *err);
tensor *io_read_yaml(const unsigned char *buf, size_t len, const char *name,
                     const io_expect *expect, io_error *err);

/* The YAML tensor form read from one node of an already loaded document
 * (a mapping with type/shape/values/bits), so manifests can embed tensors.
 * Locations in messages are `name:LINE:COL` of the offending node. */
tensor *io_yaml_node_tensor(yaml_document_t *doc, yaml_node_t *node, const char *name,
                            const io_expect *expect, io_error *err);

/* libyaml's scanner takes time quadratic in the depth of nested flow
 * collections (`[[[[...`: 40,000 levels take seconds), so every YAML text
 * is checked first: IRRUN_OK, or IRRUN_BAD_INPUT with a located *err when
 * brackets nest deeper than IO_YAML_MAX_NESTING (quoted text and comments
 * do not count). */
enum { IO_YAML_MAX_NESTING = 1000 };
irrun_status io_yaml_check_nesting(const unsigned char *buf, size_t len, const char *name, io_error *err);

/* After the first document of `parser` is loaded: IRRUN_OK when nothing but
 * comments and blanks follow; IRRUN_BAD_INPUT with *err filled (located)
 * when a second document or bad YAML does (IRRUN_NOMEM when libyaml ran out
 * of memory reading it). A tensor file or manifest is one document;
 * silently ignoring a second would ignore data. */
irrun_status io_yaml_no_second_document(yaml_parser_t *parser, const char *name, io_error *err);

/* Reads a whole file (format by `fmt`, or by extension when IO_FMT_UNKNOWN). */
tensor *io_read_file(const char *path, io_format fmt, const io_expect *expect, io_error *err);

/* Opt-ins that loosen a .npy file's match with the expected type
 * (docs/tensor-files.md, "Wider dumps"): convert_exact takes a float descr
 * of another float type ('<f4', '<f8', '<f2', an ml_dtypes float name) when
 * every value is exactly one of the expected type (refusing the first
 * element that is not); reshape takes another shape with the same number
 * of elements as the expected shape. */
typedef struct {
    bool convert_exact;
    bool reshape;
} io_read_opts;
tensor *io_read_npy_opts(const unsigned char *buf, size_t len, const char *name, const io_expect *expect,
                         const io_read_opts *opts, io_error *err);
/* io_read_file with `opts` (NULL: none) for .npy files */
tensor *io_read_file_opts(const char *path, io_format fmt, const io_expect *expect, const io_read_opts *opts,
                          io_error *err);

/* Loads a whole file into memory (mem_alloc'ed, NUL-terminated past *len so
 * text parsers may rely on it). NULL with *err filled on failure. Only
 * regular files are read ("-" reads stdin, whatever it is), and never more
 * than io_max_file_bytes(): a device or FIFO named by mistake can neither
 * block ir-run nor feed it without end. */
unsigned char *io_slurp(const char *path, size_t *len, io_error *err);
/* io_slurp for a reader that only reads the bytes, once: a regular file of
 * IO_MAP_MIN_BYTES or more that starts with the prefix_len (at most 64)
 * bytes at `prefix` is mapped read-only instead (mem_map_file: no copy;
 * *mapped set, the bytes have no NUL past the end), else the file is read
 * as io_slurp reads it (standard input, small files, other contents, a
 * mapping that fails). Give the bytes back with io_slurp_free. */
#define IO_MAP_MIN_BYTES (UINT64_C(1) << 20)
const unsigned char *io_slurp_map(const char *path, const void *prefix, size_t prefix_len, size_t *len, bool *mapped,
                                  io_error *err);
void io_slurp_free(const unsigned char *data, size_t len, bool mapped);

/* The cap on any file read: IRRUN_MAX_FILE_SIZE (bytes, or with a K/M/G/T
 * suffix) when set, else IO_DEFAULT_MAX_FILE_BYTES; 0 when the variable is
 * not a size. Read at each call: no state to set up. */
#define IO_DEFAULT_MAX_FILE_BYTES (UINT64_C(4) << 30)
uint64_t io_max_file_bytes(void);

typedef enum {
    IO_NPY_NAME,  /* descr = NumPy's own code where NumPy has the type
                     ('<f4', '|b1'), else the ml_dtypes name ('float8_e4m3fn') */
    IO_NPY_PLAIN  /* descr = plain unsigned bytes ('|u1', '<u2') where NumPy has
                     no type of its own; '|i1' for signed sub-byte integers */
} io_npy_descr;

/* Writers. IRRUN_OK, or IRRUN_BAD_INPUT when the stream reports a write
 * error (the output named is what is wrong); io_write_npy also
 * IRRUN_UNSUPPORTED for a shape whose header would not fit its buffer. */
irrun_status io_write_npy(FILE *out, const tensor *t, io_npy_descr descr);
irrun_status io_write_bin(FILE *out, const tensor *t);
irrun_status io_write_yaml(FILE *out, const tensor *t);
/* Writes `path` in `fmt` (by extension when IO_FMT_UNKNOWN) through a
 * temporary file renamed into place (io/outfile.h), refusing a path that is
 * one of `inputs` (NULL: no check). IRRUN_OK, or another status with *err
 * filled: IRRUN_BAD_INPUT for an unknown format, a refused path or a write
 * error, IRRUN_NOMEM, IRRUN_UNSUPPORTED as io_write_npy. */
typedef struct io_inputs io_inputs;
irrun_status io_write_file(const char *path, io_format fmt, const tensor *t, io_npy_descr descr,
                  const io_inputs *inputs, io_error *err);

/* REF's probe files (SPEC.md 9.3.11): NumPy 1.0 with REF's own header text
 * and descr table (io_probe_descr: NULL for the types REF cannot write).
 * The writer gives IRRUN_UNSUPPORTED for those, IRRUN_BAD_INPUT on a write
 * error. The reader takes the element type and count from `type` and
 * requires the file's descr to be that type's probe descr: IRRUN_OK with
 * *out (shaped as `type`), IRRUN_BAD_INPUT for a file that does not fit,
 * IRRUN_UNSUPPORTED, IRRUN_NOMEM; *err filled. */
const char *io_probe_descr(et_id elem);
irrun_status io_write_probe_npy(FILE *out, const tensor *t);
irrun_status io_read_probe_npy(const unsigned char *buf, size_t len, const char *name, const tensor_type *type,
                               tensor **out, io_error *err);

/* The element type whose NumPy or ml_dtypes dtype name is `name`
 * ("float8_e4m3fn", "bfloat16", "int4"), or -1. */
int io_npy_name_lookup(const char *name);

/* The .npy descr string the writer uses for `elem` (without quotes). */
const char *io_npy_descr_for(et_id elem, io_npy_descr descr, char buf[16]);

/* Parses "2x3x4" ("" or "scalar" for rank 0) into t->rank/dims: IRRUN_OK,
 * or IRRUN_BAD_INPUT for bad text or a shape over SHAPE_MAX_ELEMENTS. */
irrun_status io_parse_shape(const char *text, tensor_type *t);

/* One element as text the way REF prints it (SPEC.md 3.2, 3.9; complex as
 * "[re, im]"), and its bit pattern as "0x.." (complex "(0x..,0x..)"). */
enum { IO_ELEM_TEXT = 2 * 64 + 8 + 2 }; /* et_value_text, or bits in parentheses */
#define IO_ELEM_TEXT_MAX IO_ELEM_TEXT
void io_elem_value_text(et_id elem, const unsigned char *p, char *buf);
void io_elem_bits_text(et_id elem, const unsigned char *p, char *buf);

#endif
