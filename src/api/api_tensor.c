/* irrun_tensor <-> tensor: the caller's (element type, shape, bytes) are
 * checked before any of them is trusted. */
#include "api/api_internal.h"

#include <inttypes.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "io/tensor_io.h"
#include "util/mem.h"

_Static_assert((int)IRRUN_MAX_RANK == (int)SHAPE_MAX_RANK, "irrun.h and core/shape.h agree on the largest rank");

size_t irrun_element_size(const char *element_type)
{
    int t = element_type ? et_lookup(element_type, strlen(element_type)) : -1;
    return t < 0 ? 0 : et_get((et_id)t)->bytes;
}

tensor *api_tensor_from(const irrun_tensor *in, bool may_borrow, const char *what, irrun_status *status, char *why,
                        size_t size)
{
    *status = IRRUN_BAD_INPUT;
    int elem = in->element_type ? et_lookup(in->element_type, strlen(in->element_type)) : -1;
    if (elem < 0) {
        snprintf(why, size, "%s: unknown element type '%s'", what, in->element_type ? in->element_type : "(null)");
        return NULL;
    }
    if (in->rank < 0 || in->rank > IRRUN_MAX_RANK) {
        snprintf(why, size, "%s: rank %d is outside 0..%d", what, in->rank, IRRUN_MAX_RANK);
        return NULL;
    }
    tensor_type type = { (et_id)elem, in->rank, { 0 } };
    memcpy(type.dims, in->dims, (size_t)in->rank * sizeof type.dims[0]);
    int64_t count = shape_count(&type);
    if (count < 0) {
        snprintf(why, size, "%s: a dimension is negative or the shape has more than 2^36 elements", what);
        return NULL;
    }
    size_t want = (size_t)count * et_get((et_id)elem)->bytes;
    if (in->nbytes != want || (want && !in->data)) {
        snprintf(why, size, "%s: %zu bytes given, but %" PRId64 " elements of %s take %zu", what,
                 in->data ? in->nbytes : 0, count, et_get((et_id)elem)->name, want);
        return NULL;
    }
    /* in place: only bytes that need no check or canonicalising, aligned
     * as the kernels expect (the data stays the caller's, never written) */
    bool in_place = may_borrow && want && (uintptr_t)in->data % alignof(max_align_t) == 0 &&
                    tensor_elem_bytes_all_valid((et_id)elem);
    tensor *t = in_place ? tensor_borrow(&type, (void *)in->data) : tensor_new(&type);
    if (!t) {
        *status = IRRUN_NOMEM;
        snprintf(why, size, "%s: out of memory", what);
        return NULL;
    }
    if (want && !in_place)
        memcpy(t->data, in->data, want);
    unsigned char byte;
    int64_t bad = tensor_canonicalize_bytes(t, &byte);
    if (bad >= 0) {
        snprintf(why, size, "%s: element %" PRId64 " is the byte 0x%02X, outside the range of %s", what, bad,
                 byte, et_get((et_id)elem)->name);
        tensor_release(t);
        return NULL;
    }
    *status = IRRUN_OK;
    return t;
}

void api_tensor_view(const tensor *t, irrun_tensor *out)
{
    memset(out, 0, sizeof *out);
    out->element_type = et_get(t->type.elem)->name;
    out->rank = t->type.rank;
    memcpy(out->dims, t->type.dims, (size_t)t->type.rank * sizeof out->dims[0]);
    out->data = t->data;
    out->nbytes = t->nbytes;
}

irrun_status irrun_tensor_read_file(const char *path, const char *element_type, irrun_tensor *out, char **message)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (message)
        *message = NULL;
    io_error err;
    int elem = element_type ? et_lookup(element_type, strlen(element_type)) : -1;
    if (!path || !out) {
        io_errorf(&err, "%s is NULL", !path ? "the path" : "the tensor's out-parameter");
    } else if (elem < 0) {
        io_errorf(&err, "unknown element type '%s'", element_type ? element_type : "(null)");
    } else {
        io_expect expect = { .elem = (et_id)elem, .rank = -1 };
        tensor *t = io_read_file(path, IO_FMT_UNKNOWN, &expect, &err);
        if (t) {
            /* a copy the caller frees alone; the tensor's block holds its
             * header too */
            void *data = mem_alloc(t->nbytes);
            if (data) {
                api_tensor_view(t, out);
                memcpy(data, t->data, t->nbytes);
                out->data = data;
            }
            tensor_release(t);
            if (data)
                return IRRUN_OK;
            io_errorf(&err, "%s: out of memory", path);
            if (message)
                *message = mem_strndup(err.text, strlen(err.text));
            return IRRUN_NOMEM;
        }
    }
    if (message)
        *message = mem_strndup(err.text, strlen(err.text));
    return IRRUN_BAD_INPUT;
}

void irrun_tensor_free(irrun_tensor *t)
{
    if (!t)
        return;
    mem_free((void *)t->data);
    memset(t, 0, sizeof *t);
}
