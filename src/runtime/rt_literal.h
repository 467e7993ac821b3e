/* Literals (the elements written in a program) as tensors (rt_ctx.c). */
#ifndef IRRUN_RT_LITERAL_H
#define IRRUN_RT_LITERAL_H

#include "core/tensor.h"
#include "ir/ir.h"

/* A new tensor holding a literal's elements (a copy); NULL out of memory. */
tensor *rt_literal_tensor(const ir_literal *lit);

#endif
