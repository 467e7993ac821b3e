/* Writing a checked module as a StableHLO portable artifact: MLIR bytecode
 * of the VHLO dialect at a target version (docs/bytecode.md "Writing"). */
#ifndef IRRUN_BC_WRITE_H
#define IRRUN_BC_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "ir/ir.h"
#include "util/diag.h"

/* The VHLO version `target` names ("1.4.0", "current": the newest the op
 * table knows, "minimum": 0.9.0) as "X.Y.Z" in buf (size bytes), or false
 * when it is none of these or outside that range (*why says so). */
bool bc_target_version(const char *target, char *buf, size_t size, const char **why);

/* The module m as an artifact at VHLO version `target` (bc_target_version's
 * forms): mem_alloc'ed bytes and their length in *len, or NULL after
 * located errors on src (an op or attribute the target cannot express names
 * the first version that has it; out of memory). */
unsigned char *bc_write_module(const ir_module *m, const char *target, diag_source *src, size_t *len);

#endif
