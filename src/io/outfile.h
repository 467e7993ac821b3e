/* Output files that never clobber an input and never exist half written.
 *
 * An output is written to a temporary file in the same directory (so the
 * final rename stays on one file system and is atomic) and renamed over its
 * real name only when every byte is written and flushed. A path that names
 * the same file as one of the run's inputs (same device and inode, so links
 * and different spellings are caught too) is refused before anything is
 * opened. docs/tensor-files.md ("Output files") states the rules. */
#ifndef IRRUN_IO_OUTFILE_H
#define IRRUN_IO_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "io/tensor_io.h"

typedef struct {
    FILE *f;    /* write here */
    char *path; /* the final name */
    char *tmp;  /* the temporary name, removed unless committed */
    int slot;   /* 1 + its place in the list of temporaries that a signal
                   ending the run removes; 0: not in it */
} io_outfile;

/* The files a run reads, to refuse outputs that would overwrite them. */
struct io_inputs {
    const char **paths;
    int n, cap;
    bool stdin_file; /* "-" was added and standard input is a regular file
                        or a pipe: */
    dev_t stdin_dev; /* its identity */
    ino_t stdin_ino;
};

void io_inputs_init(io_inputs *in);
/* Records `path` (NULL is ignored; "-" records standard input's identity
 * when it is a regular file): IRRUN_OK or IRRUN_NOMEM. */
irrun_status io_inputs_add(io_inputs *in, const char *path);
void io_inputs_free(io_inputs *in);

/* True when both paths exist and are the same file. */
bool io_same_file(const char *a, const char *b);

/* Refuses `path` when it is one of `inputs` (NULL: none) or empty, else
 * opens a temporary file beside it. IRRUN_OK; else *err is filled and the
 * status is IRRUN_NOMEM when memory ran out, IRRUN_BAD_INPUT otherwise (a
 * refused name, a directory, a file that cannot be created). */
irrun_status io_outfile_open(io_outfile *o, const char *path, const io_inputs *inputs, io_error *err);

/* Flushes, checks for write errors, closes and renames into place. On any
 * failure the temporary file is removed and the old `path`, if any, is left
 * untouched. IRRUN_OK, or IRRUN_BAD_INPUT with *err filled. Always releases
 * `o`. */
irrun_status io_outfile_commit(io_outfile *o, io_error *err);

/* io_write_file without the commit: `path` written in `fmt` to its
 * temporary file and flushed, so that a full disk is found here; the
 * caller commits or discards `o` (a set of files all or none). Same
 * statuses as io_write_file; on failure `o` holds nothing. */
irrun_status io_write_pending(io_outfile *o, const char *path, io_format fmt, const tensor *t,
                              io_npy_descr descr, const io_inputs *inputs, io_error *err);

/* Closes and removes the temporary file; `path` is not touched. */
void io_outfile_discard(io_outfile *o);

/* A temporary file exists from io_outfile_open until its commit or
 * discard. After io_outfile_catch_signals (the command line calls it
 * first thing; a program embedding the library keeps its own signal
 * dispositions unless it calls it), SIGINT, SIGTERM, SIGHUP and SIGPIPE,
 * those not ignored or handled already, remove every such file of the
 * process and then end it as the signal would have. */
void io_outfile_catch_signals(void);

/* Forgets every temporary file of the process without removing it: a
 * child process of -j calls this after fork, since its parent's
 * temporaries are the parent's to remove. */
void io_outfile_forget_all(void);

#endif
