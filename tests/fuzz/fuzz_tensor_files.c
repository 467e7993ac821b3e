/* libFuzzer harness: the .npy, .bin and .yaml readers and writers. The
 * first input byte picks the format (mod 3: npy, bin, yaml) and the
 * expected element type (/ 3 mod ET_COUNT; bit 7 the npy descr style); the
 * rest is the file. Whatever reads must write, and what is written must
 * read back to the same bits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/tensor_io.h"

static tensor *read_as(io_format fmt, const unsigned char *buf, size_t len, const io_expect *want)
{
    io_error err;
    switch (fmt) {
    case IO_FMT_NPY: return io_read_npy(buf, len, "fuzz.npy", want, &err);
    case IO_FMT_BIN: return io_read_bin(buf, len, "fuzz.bin", want, &err);
    case IO_FMT_YAML: return io_read_yaml(buf, len, "fuzz.yaml", want, &err);
    case IO_FMT_UNKNOWN: break;
    }
    return NULL;
}

/* 0 when the input does not read or round-trips exactly, -1 (with a
 * message on stderr) when the written file reads back different. */
static int tensor_file_roundtrip(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const io_format formats[] = { IO_FMT_NPY, IO_FMT_BIN, IO_FMT_YAML };
    io_format fmt = formats[data[0] % 3];
    io_expect want = { .elem = (et_id)((data[0] / 3) % ET_COUNT), .rank = -1 };
    tensor *t = read_as(fmt, data + 1, size - 1, &want);
    if (!t)
        return 0;
    char *img = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&img, &len);
    if (!f) {
        tensor_release(t);
        return 0;
    }
    int rc = fmt == IO_FMT_NPY ? io_write_npy(f, t, (data[0] & 0x80) ? IO_NPY_PLAIN : IO_NPY_NAME)
             : fmt == IO_FMT_BIN ? io_write_bin(f, t)
                                 : io_write_yaml(f, t);
    if (fclose(f) != 0 || rc != 0) {
        fprintf(stderr, "writing a tensor that was read failed\n");
        tensor_release(t);
        free(img);
        return -1;
    }
    /* read back with the exact type: a .bin has no shape of its own */
    tensor *back = read_as(fmt, (const unsigned char *)img, len, &t->type);
    if (!back || !shape_equal(&back->type, &t->type) || back->nbytes != t->nbytes ||
        memcmp(back->data, t->data, t->nbytes) != 0) {
        fprintf(stderr, "round trip changed the tensor (format %d, type %s)\n", (int)fmt,
                et_get(t->type.elem)->name);
        tensor_release(back);
        tensor_release(t);
        free(img);
        return -1;
    }
    tensor_release(back);
    tensor_release(t);
    free(img);
    return 0;
}

#include "util/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mem_set_limit(64u << 20);
    if (tensor_file_roundtrip(data, size) != 0)
        abort();
    return 0;
}
