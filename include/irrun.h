/* ir-run as a library: load a StableHLO-style program, list its functions,
 * run one on tensors given as (element type, shape, bytes), and compare
 * tensors under a tolerance rule with a ULP report. docs/library.md has a
 * walkthrough; examples/embed/ a complete program.
 *
 * Conventions:
 * - Every function that can fail returns an irrun_status and, where there is
 *   something to say, a message as a string the caller frees with
 *   irrun_string_free. The library never prints, never exits and keeps no
 *   state between calls: separate modules may be used from separate threads
 *   at once; one module may be run from several threads at once (a run only
 *   reads it).
 * - A NULL pointer where a call needs one (an out-parameter, a path, a
 *   tensor, the text) makes it return IRRUN_BAD_INPUT (a void call does
 *   nothing), never crash; the one exception is a structure the library
 *   did not fill in (a garbage irrun_report or irrun_progress). Option
 *   values out of range are IRRUN_BAD_INPUT too, with the command line's
 *   wording (irrun_run_options).
 * - Element types are named by their MLIR spelling: "f32", "bf16",
 *   "f8E4M3FN", "f4E2M1FN", "i4", "ui8", "i1", "complex<f32>", ...
 * - Element bytes (docs/library.md, "Element layout"): row-major,
 *   little-endian, irrun_element_size(type) bytes per element. Types of at
 *   most 8 bits take one byte each: floats as their bit pattern in the low
 *   bits, integers sign- or zero-extended to the byte, i1 as 0 or 1;
 *   complex as the real part then the imaginary part.
 */
#ifndef IRRUN_H
#define IRRUN_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden visibility: only what this header
 * declares is exported from libirrun.so. */
#if defined(__GNUC__) && !defined(IRRUN_API)
#define IRRUN_API __attribute__((visibility("default")))
#elif !defined(IRRUN_API)
#define IRRUN_API
#endif

#define IRRUN_VERSION_MAJOR 0
#define IRRUN_VERSION_MINOR 3
#define IRRUN_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, to compare in #if */
#define IRRUN_VERSION (IRRUN_VERSION_MAJOR * 10000 + IRRUN_VERSION_MINOR * 100 + IRRUN_VERSION_PATCH)
#define IRRUN_VERSION_STRING "0.3.0"

/* The version of the library actually loaded (IRRUN_VERSION and
 * IRRUN_VERSION_STRING of the build that made it): a program built against
 * one header can check it runs with a compatible library. */
IRRUN_API int irrun_version(void);
IRRUN_API const char *irrun_version_string(void);

#ifndef IRRUN_STATUS_DEFINED
#define IRRUN_STATUS_DEFINED
typedef enum {
    IRRUN_OK = 0,
    IRRUN_CHECK_FAILED, /* everything ran; a check op or comparison failed */
    IRRUN_BAD_INPUT,    /* the program, a tensor or an argument is wrong (located message) */
    IRRUN_NOMEM,        /* an allocation failed */
    IRRUN_UNSUPPORTED   /* valid input that ir-run does not run (yet or by decision) */
} irrun_status;
#endif

/* "ok", "check failed", "bad input", "out of memory", "unsupported". */
IRRUN_API const char *irrun_status_name(irrun_status s);

/* Frees a string the library returned (messages, diagnostics). NULL is fine. */
IRRUN_API void irrun_string_free(char *s);

enum { IRRUN_MAX_RANK = 16 };

/* Bytes per element of `element_type` (see the element layout above), 0 for
 * a name that is not an element type. */
IRRUN_API size_t irrun_element_size(const char *element_type);

/* ---- modules ------------------------------------------------------------- */

typedef struct irrun_module irrun_module;

/* Parses and checks a program. `name` is used in diagnostics only (NULL:
 * "<text>"); `text` need not be NUL-terminated. IRRUN_OK with *module set,
 * or IRRUN_BAD_INPUT / IRRUN_NOMEM with *module NULL. When `diagnostics` is
 * not NULL it receives every message ("NAME:LINE:COL: error: ...", the source
 * line and a caret), "" when there is none, or NULL if even that could not be
 * allocated; free it with irrun_string_free. */
IRRUN_API irrun_status irrun_module_load_text(const char *text, size_t len, const char *name,
                                              irrun_module **module, char **diagnostics);
/* The same for a file (regular files only; at most 4 GiB or
 * IRRUN_MAX_FILE_SIZE). */
IRRUN_API irrun_status irrun_module_load_file(const char *path, irrun_module **module, char **diagnostics);
/* The same for one chunk of a larger file (as `--split-input-file` cuts
 * it): `text` holds lines `first_line`, `first_line` + 1, ... of the file
 * `name`, and every location in diagnostics and run-time errors counts
 * lines as the file does (IRRUN_BAD_INPUT when the last line's number
 * would pass INT_MAX). */
IRRUN_API irrun_status irrun_module_load_chunk(const char *text, size_t len, int first_line, const char *name,
                                               irrun_module **module, char **diagnostics);
IRRUN_API void irrun_module_free(irrun_module *module);

/* The checked program in MLIR's generic form, as `ir-run --emit=ir` prints
 * it (it reads back): IRRUN_OK with *text (free with irrun_string_free),
 * or IRRUN_NOMEM. */
IRRUN_API irrun_status irrun_module_print(const irrun_module *module, char **text);

/* (issue 36) The checked program as a StableHLO portable artifact: MLIR
 * bytecode of the VHLO dialect at version `target` ("X.Y.Z", "current" or
 * "minimum"; docs/bytecode.md "Writing"), the module irrun_module_print
 * prints. IRRUN_OK with *bytes (its length in *len; free with
 * irrun_string_free); IRRUN_BAD_INPUT when the target cannot express the
 * program or is no version, with located messages in *diagnostics (free
 * with irrun_string_free; NULL on success); IRRUN_NOMEM. */
IRRUN_API irrun_status irrun_module_write_bytecode(const irrun_module *module, const char *target, char **bytes,
                                                   size_t *len, char **diagnostics);


typedef enum { IRRUN_TYPE_TENSOR, IRRUN_TYPE_TOKEN, IRRUN_TYPE_TUPLE } irrun_type_kind;

/* A value's type in a signature. A token or tuple has no element type
 * (NULL) and rank 0; only tensors can be passed to irrun_run or returned by
 * it. */
typedef struct {
    irrun_type_kind kind;
    const char *element_type;
    int rank;
    const int64_t *dims; /* a `?` dimension is -1, a bounded one below -1 (docs/shape-polymorphism.md) */
    const char *text; /* "tensor<2x3xf8E4M3FN>", "!stablehlo.token", "tuple<...>" */
} irrun_type;

typedef struct {
    const char *name; /* without '@' */
    int is_public;
    int has_body;     /* 0 for a declaration: it cannot be run */
    int nargs;
    const irrun_type *args;
    int nresults;
    const irrun_type *results;
    const char *signature; /* "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>" */
} irrun_function;

/* The module's functions in source order; the structures live as long as
 * the module. irrun_function_at returns NULL for an index out of range. */
IRRUN_API int irrun_function_count(const irrun_module *module);
IRRUN_API const irrun_function *irrun_function_at(const irrun_module *module, int index);
/* The function irrun_run runs for `entry` (NULL: the first function named
 * main, else the only one), or NULL when there is none. */
IRRUN_API const irrun_function *irrun_function_find(const irrun_module *module, const char *entry);
/* The name argument `index` of `function` (one of the module's) has through
 * its location, `loc("x")` or a `#loc` alias of one: how JAX exports name
 * arguments, and what `ir-run --input x=FILE` accepts. NULL when it has
 * none, or for arguments out of range; lives as long as the module. */
IRRUN_API const char *irrun_function_arg_name(const irrun_module *module, const irrun_function *function, int index);

/* ---- running ------------------------------------------------------------- */

/* A tensor: its element type, shape and bytes. As an input it is borrowed
 * for the call and never written (used in place when aligned to 16 bytes,
 * else copied; docs/library.md); as a result `data` belongs to the
 * irrun_results it came in. */
typedef struct {
    const char *element_type;
    int rank;
    int64_t dims[IRRUN_MAX_RANK];
    const void *data;
    size_t nbytes; /* element count * irrun_element_size(element_type) */
} irrun_tensor;

/* Reads a tensor file: .npy, .bin or .yaml by its extension
 * (docs/tensor-files.md). The element type is the caller's, as for
 * `ir-run --input` (FP8 .npy headers are ambiguous); a .bin file reads as a
 * 1-D tensor. IRRUN_OK with *tensor filled (its data owned: free with
 * irrun_tensor_free), or IRRUN_BAD_INPUT / IRRUN_NOMEM with a located message
 * in *message when it is not NULL. */
IRRUN_API irrun_status irrun_tensor_read_file(const char *path, const char *element_type, irrun_tensor *tensor,
                                              char **message);
/* Frees the data of a tensor from irrun_tensor_read_file (not of a result
 * or an input) and clears it. */
IRRUN_API void irrun_tensor_free(irrun_tensor *tensor);

/* Tensors written as MLIR literals, `dense<...> : tensor<...>` separated by
 * commas and optionally enclosed in [ ] (what `ir-run --args` takes).
 * IRRUN_OK with *tensors (an array of *count, free with irrun_tensors_free),
 * or IRRUN_BAD_INPUT / IRRUN_NOMEM with located messages in *diagnostics when
 * it is not NULL (free with irrun_string_free; "" when there is none). */
IRRUN_API irrun_status irrun_tensors_parse(const char *text, size_t len, const char *name, irrun_tensor **tensors,
                                           int *count, char **diagnostics);
IRRUN_API void irrun_tensors_free(irrun_tensor *tensors, int count);

/* How dot_general and convolution accumulate (docs/dot-accumulation.md). */
typedef enum {
    IRRUN_DOT_REF,       /* round after every multiply and add, as the reference does (default) */
    IRRUN_DOT_ALGORITHM, /* the op's algorithm accumulation_type */
    IRRUN_DOT_F32,
    IRRUN_DOT_F64
} irrun_dot_accumulation;

/* How printed tensors look: REF's text (hex above hex_threshold elements),
 * every element written out, or for people the shortest decimals that read
 * back to the same bits (DECIMAL: 140 for 144 in f8E4M3FN) or the exact
 * decimal values (EXACT: 144). */
typedef enum { IRRUN_PRINT_REF, IRRUN_PRINT_DENSE, IRRUN_PRINT_DECIMAL, IRRUN_PRINT_EXACT } irrun_print_format;

/* What becomes of the entry's returned values: handed back in
 * results->results (tensors only); printed to the output as REF prints
 * them (tokens and tuples too) and not handed back; or both (tensors only). */
typedef enum { IRRUN_RESULTS_RETURN, IRRUN_RESULTS_PRINT, IRRUN_RESULTS_BOTH } irrun_results_mode;

/* Which op a run is at, for a watcher outside the run's flow (a timer
 * signal handler or another thread): the run stores each op before running
 * it, counts it, and nothing more. */
typedef struct {
    const void *volatile op;          /* opaque: irrun_progress_describe reads it */
    volatile unsigned long started;   /* ops started so far */
    volatile sig_atomic_t shown;      /* the watcher set it: it shows something about `op` */
    void (*erase)(void);              /* called after an op when `shown`, before the run writes more */
} irrun_progress;

/* "LINE:COL: OP-NAME" of the op `progress` is at (async-signal-safe: no
 * allocation, no locks), into buf; its length, 0 when there is none. */
IRRUN_API size_t irrun_progress_describe(const irrun_progress *progress, char *buf, size_t size);

typedef struct {
    const char *entry;                       /* NULL: main, else the only function */
    irrun_dot_accumulation dot_accumulation; /* IRRUN_DOT_REF */
    int strict_eq;                           /* 1: float check.expect_eq* compare bits (--strict-eq) */
    unsigned long max_while_iterations;      /* 0: no limit; else more is a run-time error */
    /* since 0.2 */
    FILE *output;   /* NULL: what the run prints is kept in results->output; else written here as it runs */
    FILE *messages; /* NULL: messages are kept in results->messages; else written here as they come */
    irrun_results_mode results;      /* IRRUN_RESULTS_RETURN */
    irrun_print_format print_format; /* IRRUN_PRINT_REF */
    long hex_threshold;              /* 100: REF prints larger tensors in hex (-1: never) */
    int threads;                     /* 0: IRRUN_THREADS, else the online cores; else 1..1024; results do not depend on it */
    int replicas, partitions;        /* 0, 0: one process; else the entry runs on a grid (docs/collectives.md) of
                                      * replicas x partitions, each 1..1024 (0 alone: 1), at most 1024 processes */
    const char *probe_dir;           /* NULL: interpreter.probe is an error; else probes go there */
    const char *const *keep_files;   /* files the run must never write over (probe files), or NULL */
    int nkeep_files;
    irrun_progress *progress;        /* NULL: nobody watches */
} irrun_run_options;

/* The defaults above. irrun_run checks every field: a mode or count out of
 * range is IRRUN_BAD_INPUT with the reason in results->messages. */
IRRUN_API void irrun_run_options_init(irrun_run_options *options);

typedef struct {
    int nresults;
    irrun_tensor *results;  /* the entry's returned values, when the run got to its end */
    int checks_passed;      /* check.expect_* ops */
    int checks_failed;
    char *output;           /* what interpreter.print printed ("" if nothing) */
    char *messages;         /* failed checks and run-time errors, located ("" if none) */
    void *internal;
} irrun_results;

/* Runs a function of `module` on `inputs` (one per argument, with the
 * argument's element type and shape); `options` NULL: the defaults. Always fills *results (free with
 * irrun_results_free, also after a failure). IRRUN_OK; IRRUN_CHECK_FAILED
 * when a check op failed (results are returned too); IRRUN_BAD_INPUT for a
 * run-time error or inputs that do not fit the signature; IRRUN_NOMEM;
 * IRRUN_UNSUPPORTED. The reason is in results->messages. With `results`
 * NULL there is nowhere to say anything: IRRUN_BAD_INPUT and nothing else. */
IRRUN_API irrun_status irrun_run(const irrun_module *module, const irrun_run_options *options,
                                 const irrun_tensor *inputs, int ninputs, irrun_results *results);
IRRUN_API void irrun_results_free(irrun_results *results);

/* The program refined for a run of `entry` (NULL: as irrun_run chooses) on
 * `inputs` (docs/shape-polymorphism.md): an entry with `?` dimensions gets
 * the inputs' shapes, and every shape in the program follows, as REF's
 * "remove dynamism" pipeline makes it (`ir-run --emit=ir --refine`); an
 * entry without `?` prints as irrun_module_print. IRRUN_OK with *text (free
 * with irrun_string_free); IRRUN_BAD_INPUT with located messages in
 * *diagnostics when it is not NULL (a failing shape assertion, an input
 * that contradicts a static dimension, ...); IRRUN_NOMEM. */
IRRUN_API irrun_status irrun_module_print_refined(const irrun_module *module, const char *entry,
                                                  const irrun_tensor *inputs, int ninputs, char **text,
                                                  char **diagnostics);

/* ---- comparing ----------------------------------------------------------- */

typedef enum {
    IRRUN_NAN_DEFAULT, /* exact for the exact rule, any for tolerance rules */
    IRRUN_NAN_ANY,     /* any NaN matches any NaN */
    IRRUN_NAN_EXACT    /* a NaN matches only the same pattern */
} irrun_nan_mode;

typedef enum {
    IRRUN_ZERO_DEFAULT,  /* distinct for the exact rule, equal for tolerances */
    IRRUN_ZERO_EQUAL,    /* -0 matches +0 */
    IRRUN_ZERO_DISTINCT
} irrun_zero_mode;

typedef enum {
    IRRUN_INF_EXACT,
    IRRUN_INF_SATURATE /* +-Inf also matches +-max of the same sign */
} irrun_inf_mode;

/* With no tolerance set the rule is exact (bit for bit under the NaN and
 * zero modes); otherwise an element passes when any given tolerance holds:
 * ULP distance <= max_ulp, or |actual - expected| <= atol + rtol * |expected|
 * (docs/tensor-files.md, "Comparison rules"). All zero: exact. */
typedef struct {
    int has_max_ulp;
    uint64_t max_ulp;
    int has_atol;
    double atol;
    int has_rtol;
    double rtol;
    irrun_nan_mode nan;
    irrun_zero_mode signed_zero;
    irrun_inf_mode inf;
} irrun_rule;

enum { IRRUN_HISTOGRAM_BUCKETS = 6, IRRUN_REPORT_FIRST = 10, IRRUN_ELEMENT_TEXT = 140 };

typedef struct {
    int64_t flat_index;            /* row-major position */
    int64_t index[IRRUN_MAX_RANK]; /* the same as a multi-dimensional index */
    char expected_bits[IRRUN_ELEMENT_TEXT];  /* "0x3A", complex "(0x..,0x..)" */
    char actual_bits[IRRUN_ELEMENT_TEXT];
    char expected_value[IRRUN_ELEMENT_TEXT]; /* as the reference prints it */
    char actual_value[IRRUN_ELEMENT_TEXT];
    uint64_t ulp;                  /* 2^64-1 when one side is not finite */
    const char *ulp_undefined;     /* then why (a static string), else NULL */
} irrun_difference;

typedef struct {
    irrun_tensor type;   /* element type and shape (data NULL) */
    irrun_rule rule;
    int passed;
    int64_t compared;    /* elements (complex: counted once) */
    int64_t differing;
    uint64_t max_ulp;    /* the largest ULP distance of the elements that have
                            one (not a NaN or an infinity against another
                            value: those are counted in nan_mismatches and
                            inf_mismatches); 2^64-1 when no element has one */
    const char *max_ulp_undefined; /* then why (a static string), else NULL */
    int64_t histogram[IRRUN_HISTOGRAM_BUCKETS]; /* ULP 0, 1, 2, 3-4, 5-8, >8 */
    int64_t nan_mismatches, inf_mismatches, negzero_mismatches;
    int nfirst;          /* the first differing elements, at most IRRUN_REPORT_FIRST */
    irrun_difference first[IRRUN_REPORT_FIRST];
    /* Since 0.3 (the structure grew: rebuild against this header). The
     * largest |actual - expected| and |actual - expected| / |expected|
     * (expected not 0) over the elements whose values are all finite
     * (complex: per part), in binary64, each with the first element that
     * has it (its ulp fields unset); has_* 0 when no element qualifies. */
    int has_max_abs_error;
    double max_abs_error;
    irrun_difference max_abs_error_at;
    int has_max_rel_error;
    double max_rel_error;
    irrun_difference max_rel_error_at;
} irrun_report;

/* The label of a histogram bucket: "0", "1", "2", "3-4", "5-8", ">8"; NULL
 * out of range. */
IRRUN_API const char *irrun_histogram_label(int bucket);

/* Compares `actual` with `expected` (same element type and shape) under
 * `rule` (NULL: exact). IRRUN_OK when the rule holds, IRRUN_CHECK_FAILED
 * when not (*report says where), IRRUN_BAD_INPUT when the tensors do not
 * match or are malformed, with a message in *message when it is not NULL
 * (NULL on success; free with irrun_string_free). `report` may be NULL
 * when only the status matters. */
IRRUN_API irrun_status irrun_compare(const irrun_tensor *expected, const irrun_tensor *actual,
                                     const irrun_rule *rule, irrun_report *report, char **message);

/* The report as ir-run compare prints it: text (several lines; `label`, if
 * not NULL, names the comparison) or one JSON object, each ending in a
 * newline. NULL when out of memory; free with irrun_string_free. */
IRRUN_API char *irrun_report_text(const irrun_report *report, const char *label);
IRRUN_API char *irrun_report_json(const irrun_report *report);

/* Since 0.3 (added later, the structures unchanged): `n` comparisons
 * (expected[k] with actual[k] under rules[k]; `rules` NULL: all exact)
 * written as one document in `form`: "text" (each report after the other,
 * labels[k] naming it), "json" ({"reports": [...]}, each with its "label")
 * or "html" (one self-contained page, `title` on top: docs/tensor-files.md,
 * "HTML reports"). Each report lists `limit` differing elements (-1: all),
 * the worst first when `worst` is not 0, else the first by index; html
 * pages also get the heat maps. IRRUN_OK when every rule holds,
 * IRRUN_CHECK_FAILED when one does not, IRRUN_BAD_INPUT (with *message)
 * when a pair cannot be compared or `form` is none of these. *document
 * (free with irrun_string_free) is set unless the status is another. */
IRRUN_API irrun_status irrun_compare_document(int n, const irrun_tensor *expected, const irrun_tensor *actual,
                                              const irrun_rule *rules, const char *const *labels, const char *form,
                                              long limit, int worst, const char *title, char **document,
                                              char **message);

/* ---- float formats --------------------------------------------------------- */

/* What ml_dtypes.finfo tells, for a float element type (and "tf32"). The
 * values are exact in binary64; an absent one is NaN (min_subnormal of a
 * format without subnormals). */
typedef struct {
    const char *name;
    int bits, exponent_bits, mantissa_bits, bias;
    int is_signed, has_inf, has_nan, has_negative_zero;
    double max, min_normal, min_subnormal, epsilon;
} irrun_float_info;

/* IRRUN_OK, or IRRUN_BAD_INPUT when `format` is not a float format or
 * `info` is NULL. */
IRRUN_API irrun_status irrun_float_info_get(const char *format, irrun_float_info *info);

/* How irrun_encode_values rounds: to nearest, ties to even (what literals,
 * YAML `values:` and `ir-run encode` do); the same with overflow going to
 * +-max instead of Inf or NaN (ONNX's saturating cast); toward zero; or
 * stochastically from `seed` (as `ir-run encode --mode stochastic --seed`:
 * element k takes the random integer of index k). */
typedef enum {
    IRRUN_ROUND_NEAREST_EVEN,
    IRRUN_ROUND_SATURATE,
    IRRUN_ROUND_TOWARD_ZERO,
    IRRUN_ROUND_STOCHASTIC
} irrun_rounding;

/* Values to elements of a float element type and back, for callers that
 * have numbers rather than bit patterns (types without a C type: FP8, FP6,
 * FP4, bf16, f16). irrun_encode_values rounds each of `count` binary64
 * values once into `element_type` and writes the elements (the element
 * layout above, count * irrun_element_size(element_type) bytes, which
 * `nbytes` must be) to `out`. irrun_decode_values writes the exact
 * binary64 value of each of `count` elements at `data` (`nbytes` bytes) to
 * `values` (every float element type embeds exactly in binary64; a NaN
 * decodes as a NaN of the same sign). IRRUN_OK, or IRRUN_BAD_INPUT with a
 * message in *message when it is not NULL (free with irrun_string_free;
 * NULL on success): not a float element type, a byte count that does not
 * match, a NULL pointer with count > 0, a rounding mode out of range, or
 * (decode) an element with bits outside its format. */
IRRUN_API irrun_status irrun_encode_values(const char *element_type, const double *values, size_t count,
                                           irrun_rounding mode, uint64_t seed, void *out, size_t nbytes,
                                           char **message);
IRRUN_API irrun_status irrun_decode_values(const char *element_type, const void *data, size_t nbytes,
                                           double *values, size_t count, char **message);

#ifdef __cplusplus
}
#endif

#endif
