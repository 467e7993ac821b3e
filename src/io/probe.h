/* The probe directory (--probe-output-dir) of interpreter.probe and
 * check.expect_serialized_eq, in REF's layout (SPEC.md 9.3.11, 9.3.12,
 * decision 31): DIR/probeK.npy files and DIR/index.csv, one record
 * `probe_id,TYPE,DIR/probeK.npy` per line. docs/probes.md states the rules.
 *
 * Crash safety: a probe file is written under a temporary name and renamed
 * into place (io/outfile.h) before its record is appended, so a record never
 * names a missing or half-written file; the record is appended with one
 * write(2) on an O_APPEND descriptor and cut off again if that write comes
 * up short, so the index never keeps half a record. Resetting replaces the
 * index by an empty file the same way. */
#ifndef IRRUN_IO_PROBE_H
#define IRRUN_IO_PROBE_H

#include <stdint.h>

#include "io/outfile.h"
#include "io/tensor_io.h"

typedef struct {
    const char *dir;
    const io_inputs *inputs; /* never written over (NULL: none) */
} io_probe_dir;

/* Replaces DIR/index.csv by an empty file. IRRUN_OK, or IRRUN_BAD_INPUT /
 * IRRUN_NOMEM with *err filled. */
irrun_status io_probe_reset(const io_probe_dir *d, io_error *err);

/* Writes t as DIR/probe<k>.npy and appends its record. IRRUN_OK;
 * IRRUN_UNSUPPORTED (nothing written) for an element type without a probe
 * descr; IRRUN_BAD_INPUT for a file error; IRRUN_NOMEM. */
irrun_status io_probe_write(const io_probe_dir *d, const char *id, int64_t k, const tensor *t, io_error *err);

/* Reads the iter-th (0-based) record of DIR/index.csv whose first field
 * equals `id` and its file, as `type`: IRRUN_OK with *out; IRRUN_CHECK_FAILED
 * when the index cannot be read, has no such record, records another type,
 * or the file does not hold `type`; IRRUN_UNSUPPORTED for an element type
 * without a probe descr; IRRUN_NOMEM. */
irrun_status io_probe_read(const io_probe_dir *d, const char *id, uint32_t iter, const tensor_type *type,
                           tensor **out, io_error *err);

#endif
