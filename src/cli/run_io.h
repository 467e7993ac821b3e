/* The tensor-file options of the main run command (`ir-run FILE ...`):
 *
 *   --input NAME_OR_INDEX=FILE   an entry argument from a .npy/.bin/.yaml file
 *   --output-dir DIR             write each result as DIR/result<N>.<ext>
 *                                (DIR/chunk<K>.result<N>.<ext> for several chunks)
 *   --output-format npy|bin|yaml (default npy)
 *   --npy-descr=u1               plain-byte descrs instead of ml_dtypes names
 *   --expect INDEX=FILE          compare result INDEX with a backend's file
 *   --max-ulp N, --atol X, --rtol X, --nan .., --signed-zero .., --inf ..
 *                                the rule for --expect (default exact): before
 *                                the first --expect, the default of every
 *                                one; after an --expect, that one's only
 *                                (until the next --expect)
 *   --show N|all, --sort index|worst  the differing elements listed
 *   --convert-exact, --reshape   accept .npy files of another float type
 *                                (values exact) or shape (same count)
 *   --report text|json           report form for --expect (json: one
 *                                document for the whole run)
 *   --report-file FILE           reports to FILE instead of stderr (stdout
 *                                holds only results, so JSON never mixes in)
 *
 * Kept apart from the run command so it can be wired in with a few lines:
 * feed every argv entry to cli_files_option first; after the module is checked
 * and the entry function known, cli_files_inputs fills the arguments; run with
 * keep_results when cli_files_want_results; then cli_files_results. */
#ifndef IRRUN_CLI_RUN_IO_H
#define IRRUN_CLI_RUN_IO_H

#include <stdbool.h>
#include <stdio.h>

#include "io/compare.h"
#include "io/outfile.h"
#include "io/tensor_io.h"
#include "ir/ir.h"
#include "util/status.h"

enum { CLI_FILES_MAX = 64 };

typedef struct {
    const char *key;  /* argument name (without '%') or decimal index */
    const char *path;
} cli_files_input;

typedef struct {
    int index;
    const char *path;
    io_rule rule;  /* the default rule with this --expect's own options */
    unsigned seen; /* its own rule options, by cli_rule_option's number */
} cli_files_expect;

typedef struct {
    int ninputs;
    cli_files_input inputs[CLI_FILES_MAX];
    const char *output_dir;
    io_format output_format;
    io_npy_descr npy_descr;
    int nexpect;
    cli_files_expect expect[CLI_FILES_MAX];
    io_rule rule;         /* the default: the rule options before any --expect */
    unsigned rule_seen;   /* those options, by cli_rule_option's number */
    bool rule_given;
    io_read_opts read_opts; /* --convert-exact, --reshape (.npy --input and --expect) */
    io_show show;         /* --show, --sort */
    bool show_given;
    bool sort_given;      /* --sort */
    long json_entries;    /* JSON reports written by this process */
    bool report_json;
    bool report_html;         /* --report html: one page, io_html */
    io_html html;
    bool report_given;        /* --report */
    bool output_format_given; /* --output-format or --npy-descr */
    const char *report_file;  /* --report-file, NULL: stderr */
    FILE *report;             /* where reports go (cli_files_report_open) */
    io_outfile report_out;    /* behind `report` when report_file is set */
    bool output_failed;       /* a set of --output-dir results could not be
                                 written: no later chunk writes any */
} cli_files;

void cli_files_init(cli_files *o);

/* Consumes argv[*i] (and its value) when it is one of the options above.
 * Returns 1 consumed, 0 not ours, -1 after printing a usage error. */
int cli_files_option(cli_files *o, int argc, char **argv, int *i);

/* An option that would do nothing is a usage error: the rule options,
 * --report and --report-file without --expect; --output-format and
 * --npy-descr without --output-dir. IRRUN_OK, or IRRUN_BAD_INPUT after
 * reporting on stderr. */
irrun_status cli_files_validate(const cli_files *o);

/* Before the run: creates --output-dir and its missing parents (as
 * mkdir -p) and checks it is a directory ir-run can write into. IRRUN_OK,
 * or IRRUN_BAD_INPUT after reporting on stderr. */
irrun_status cli_files_prepare(const cli_files *o);

/* Opens where reports go: stderr, or --report-file through io_outfile (never
 * one of `reads`, never half written). IRRUN_OK or the problem, reported. */
irrun_status cli_files_report_open(cli_files *o, const io_inputs *reads);

/* Commits --report-file; IRRUN_OK or the write problem, reported. */
irrun_status cli_files_report_close(cli_files *o);

/* True when results must be kept (interp_run_module(..., keep_results = true)):
 * --output-dir or --expect given. */
bool cli_files_want_results(const cli_files *o);

/* Fills args[0..f->nargs) from --input files (each read with the type of
 * its argument); slots already set (from --args) may not be given twice.
 * IRRUN_OK, or IRRUN_BAD_INPUT after printing errors to `err` (file
 * problems, unknown argument names, duplicates). New tensors are owned by
 * the caller. */
irrun_status cli_files_inputs(const cli_files *o, const ir_func *f, tensor **args, FILE *err);

/* Adds every file the options read (--input, --expect) to `reads`, so no
 * output overwrites one. IRRUN_OK or IRRUN_NOMEM. */
irrun_status cli_files_add_reads(const cli_files *o, io_inputs *reads);

/* Writes results (--output-dir) and compares them (--expect), printing the
 * reports where cli_files_report_open said and problems on `err`. Outputs are DIR/result<N>.<ext>,
 * or DIR/chunk<K>.result<N>.<ext> when `chunk` >= 0 (a run of several
 * chunks or files: K counts them from 0 in run order); none may be one of
 * `reads`. The results of one call are written all or none: to
 * temporaries first, renamed when every one is written; after a failure
 * (o->output_failed) later calls write none. A JSON report names `program`
 * and, when `chunk` >= 0, the chunk. IRRUN_OK; IRRUN_CHECK_FAILED when an
 * expectation failed; the status of the worst problem (cli_worse) when a
 * file was unusable. */
irrun_status cli_files_results(cli_files *o, const io_inputs *reads, const char *program, int chunk,
                               tensor *const *results, int nresults, FILE *err);

/* --report json: what goes between two entries written by different
 * processes (-j), which only the parent can tell: ",\n" when both wrote. */
void cli_files_json_join(cli_files *o, long entries_before, long entries_next);

#endif
