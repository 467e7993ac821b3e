/* Shared pieces of the tensor file readers and writers: messages, file
 * loading, dispatch by extension, shapes and element texts. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "io/outfile.h"
#include "io/tensor_io.h"
#include "types/etext.h"
#include "types/fpprint.h"
#include "util/mem.h"

void io_errorf(io_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    va_end(ap);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

io_format io_format_from_path(const char *path)
{
    if (ends_with(path, ".npy"))
        return IO_FMT_NPY;
    if (ends_with(path, ".bin"))
        return IO_FMT_BIN;
    if (ends_with(path, ".yaml") || ends_with(path, ".yml"))
        return IO_FMT_YAML;
    return IO_FMT_UNKNOWN;
}

io_format io_format_lookup(const char *name)
{
    if (strcmp(name, "npy") == 0)
        return IO_FMT_NPY;
    if (strcmp(name, "bin") == 0)
        return IO_FMT_BIN;
    if (strcmp(name, "yaml") == 0 || strcmp(name, "yml") == 0)
        return IO_FMT_YAML;
    return IO_FMT_UNKNOWN;
}

const char *io_format_ext(io_format f)
{
    switch (f) {
    case IO_FMT_NPY: return "npy";
    case IO_FMT_BIN: return "bin";
    case IO_FMT_YAML: return "yaml";
    case IO_FMT_UNKNOWN: break;
    }
    return "?";
}

uint64_t io_max_file_bytes(void)
{
    const char *v = getenv("IRRUN_MAX_FILE_SIZE");
    if (!v || !*v)
        return IO_DEFAULT_MAX_FILE_BYTES;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    uint64_t unit = 1;
    switch (*end) {
    case 'K': case 'k': unit = UINT64_C(1) << 10; end++; break;
    case 'M': case 'm': unit = UINT64_C(1) << 20; end++; break;
    case 'G': case 'g': unit = UINT64_C(1) << 30; end++; break;
    case 'T': case 't': unit = UINT64_C(1) << 40; end++; break;
    }
    if (errno || *end || v[0] == '-' || (n && (uint64_t)n > UINT64_MAX / unit))
        return 0; /* unusable: io_slurp reports it */
    return (uint64_t)n * unit;
}

/* The file at path opened for reading ("-": standard input, fd 0) after the
 * checks io_slurp makes (a regular file within the size limit, *st its
 * stat); -1 with *err filled when it cannot be read. */
static int open_checked(const char *path, bool is_stdin, uint64_t limit, struct stat *st, io_error *err)
{
    if (limit == 0) {
        io_errorf(err, "error: IRRUN_MAX_FILE_SIZE='%s' is not a size (bytes, or a number with K, M, G or T)",
                  getenv("IRRUN_MAX_FILE_SIZE"));
        return -1;
    }
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; the type check
     * below then turns it away with everything else that is not a file */
    int fd = is_stdin ? 0 : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        io_errorf(err, "%s: error: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (!is_stdin) {
        const char *why = NULL;
        if (fstat(fd, st) != 0)
            why = strerror(errno);
        else if (S_ISDIR(st->st_mode))
            why = "is a directory";
        else if (!S_ISREG(st->st_mode))
            why = "not a regular file (devices, FIFOs and sockets are not read; use '-' for a stream)";
        else if ((uint64_t)st->st_size > limit)
            why = "larger than the file size limit";
        if (why) {
            if ((uint64_t)st->st_size > limit && S_ISREG(st->st_mode))
                io_errorf(err, "%s: error: %s of %" PRIu64 " bytes (set IRRUN_MAX_FILE_SIZE to raise it)", path,
                          why, limit);
            else
                io_errorf(err, "%s: error: cannot read: %s", path, why);
            close(fd);
            return -1;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    }
    return fd;
}

/* The bytes of fd read to its end into a mem_alloc'ed buffer with a NUL
 * past them; closes fd (not standard input). */
static unsigned char *read_fd(int fd, bool is_stdin, const struct stat *st, uint64_t limit, const char *path,
                              size_t *len, io_error *err)
{
    /* read in growing chunks rather than trusting the size, so pipes and
     * files changing under us are handled alike */
    size_t cap = limit < 4096 ? (size_t)limit : 4096, n = 0;
    /* a file's size is the likely length: one read into a buffer of it
     * and a byte more (which sees the end), no copies as it grows */
    if (!is_stdin && (uint64_t)st->st_size >= cap && (uint64_t)st->st_size < SIZE_MAX - 2)
        cap = (uint64_t)st->st_size + 1 < limit ? (size_t)st->st_size + 1 : (size_t)limit;
    unsigned char *buf = mem_alloc(cap + 1);
    bool too_big = false, read_failed = false;
    int saved = 0;
    while (buf) {
        if (n == cap) {
            if ((uint64_t)n >= limit) {
                /* one byte past the limit tells "exactly at" from "over" */
                unsigned char probe;
                ssize_t got;
                while ((got = read(fd, &probe, 1)) < 0 && errno == EINTR)
                    ;
                too_big = got != 0;
                break;
            }
            size_t want = cap > SIZE_MAX / 2 - 1 ? SIZE_MAX : 2 * cap;
            if ((uint64_t)want > limit)
                want = (size_t)limit;
            unsigned char *bigger = mem_realloc(buf, want + 1);
            if (!bigger) {
                mem_free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap = want;
        }
        size_t chunk = cap - n < (size_t)1 << 30 ? cap - n : (size_t)1 << 30;
        ssize_t got = read(fd, buf + n, chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            saved = errno;
            read_failed = true;
            break;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    if (!is_stdin)
        close(fd);
    const char *label = is_stdin ? "<stdin>" : path;
    if (!buf) {
        io_errorf(err, "%s: error: out of memory", label);
        return NULL;
    }
    if (too_big || read_failed) {
        if (too_big)
            io_errorf(err, "%s: error: larger than the file size limit of %" PRIu64 " bytes (set IRRUN_MAX_FILE_SIZE to raise it)",
                      label, limit);
        else
            io_errorf(err, "%s: error: read error: %s", label, strerror(saved));
        mem_free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

unsigned char *io_slurp(const char *path, size_t *len, io_error *err)
{
    bool is_stdin = strcmp(path, "-") == 0;
    uint64_t limit = io_max_file_bytes();
    struct stat st;
    int fd = open_checked(path, is_stdin, limit, &st, err);
    return fd < 0 ? NULL : read_fd(fd, is_stdin, &st, limit, path, len, err);
}

const unsigned char *io_slurp_map(const char *path, const void *prefix, size_t prefix_len, size_t *len, bool *mapped,
                                  io_error *err)
{
    bool is_stdin = strcmp(path, "-") == 0;
    uint64_t limit = io_max_file_bytes();
    struct stat st;
    int fd = open_checked(path, is_stdin, limit, &st, err);
    *mapped = false;
    if (fd < 0)
        return NULL;
    if (!is_stdin && (uint64_t)st.st_size >= IO_MAP_MIN_BYTES && (uint64_t)st.st_size <= SIZE_MAX &&
        prefix_len <= 64) {
        unsigned char head[64];
        bool fits = prefix_len == 0 || (pread(fd, head, prefix_len, 0) == (ssize_t)prefix_len &&
                                        memcmp(head, prefix, prefix_len) == 0);
        const void *p = fits ? mem_map_file(fd, (size_t)st.st_size) : NULL;
        if (p) {
            close(fd);
            *mapped = true;
            *len = (size_t)st.st_size;
            return p;
        }
    }
    return read_fd(fd, is_stdin, &st, limit, path, len, err);
}

void io_slurp_free(const unsigned char *data, size_t len, bool mapped)
{
    if (mapped)
        mem_unmap(data, len);
    else
        mem_free((void *)data);
}

tensor *io_read_file(const char *path, io_format fmt, const io_expect *expect, io_error *err)
{
    return io_read_file_opts(path, fmt, expect, NULL, err);
}

tensor *io_read_file_opts(const char *path, io_format fmt, const io_expect *expect, const io_read_opts *opts,
                          io_error *err)
{
    if (fmt == IO_FMT_UNKNOWN)
        fmt = io_format_from_path(path);
    if (fmt == IO_FMT_UNKNOWN) {
        io_errorf(err, "%s: error: unknown tensor file format (use a .npy, .bin or .yaml extension)",
                  path);
        return NULL;
    }
    size_t len;
    unsigned char *buf = io_slurp(path, &len, err);
    if (!buf)
        return NULL;
    tensor *t = NULL;
    switch (fmt) {
    case IO_FMT_NPY: t = io_read_npy_opts(buf, len, path, expect, opts, err); break;
    case IO_FMT_BIN: t = io_read_bin(buf, len, path, expect, err); break;
    case IO_FMT_YAML: t = io_read_yaml(buf, len, path, expect, err); break;
    case IO_FMT_UNKNOWN: break;
    }
    mem_free(buf);
    return t;
}

irrun_status io_write_pending(io_outfile *o, const char *path, io_format fmt, const tensor *t,
                              io_npy_descr descr, const io_inputs *inputs, io_error *err)
{
    memset(o, 0, sizeof *o);
    if (fmt == IO_FMT_UNKNOWN)
        fmt = io_format_from_path(path);
    if (fmt == IO_FMT_UNKNOWN) {
        io_errorf(err, "%s: error: unknown tensor file format (use a .npy, .bin or .yaml extension)",
                  path);
        return IRRUN_BAD_INPUT;
    }
    irrun_status s = io_outfile_open(o, path, inputs, err);
    if (s != IRRUN_OK)
        return s;
    errno = 0;
    switch (fmt) {
    case IO_FMT_NPY: s = io_write_npy(o->f, t, descr); break;
    case IO_FMT_BIN: s = io_write_bin(o->f, t); break;
    case IO_FMT_YAML: s = io_write_yaml(o->f, t); break;
    case IO_FMT_UNKNOWN: break;
    }
    /* the last buffer too: a full disk is found here, before any commit */
    if (s == IRRUN_OK && (fflush(o->f) != 0 || ferror(o->f)))
        s = IRRUN_BAD_INPUT;
    if (s != IRRUN_OK) {
        int saved = errno;
        if (s == IRRUN_BAD_INPUT)
            io_errorf(err, "%s: error: write error%s%s", path, saved ? ": " : "", saved ? strerror(saved) : "");
        else
            io_errorf(err, "%s: error: write error", path);
        io_outfile_discard(o);
        return s;
    }
    return IRRUN_OK;
}

irrun_status io_write_file(const char *path, io_format fmt, const tensor *t, io_npy_descr descr,
                           const io_inputs *inputs, io_error *err)
{
    io_outfile o;
    irrun_status s = io_write_pending(&o, path, fmt, t, descr, inputs, err);
    return s == IRRUN_OK ? io_outfile_commit(&o, err) : s;
}

irrun_status io_parse_shape(const char *text, tensor_type *t)
{
    t->rank = 0;
    if (*text == '\0' || strcmp(text, "scalar") == 0)
        return IRRUN_OK;
    const char *p = text;
    for (;;) {
        if (*p < '0' || *p > '9' || t->rank == SHAPE_MAX_RANK)
            return IRRUN_BAD_INPUT;
        int64_t v = 0;
        while (*p >= '0' && *p <= '9') {
            if (v > SHAPE_MAX_ELEMENTS)
                return IRRUN_BAD_INPUT;
            v = v * 10 + (*p++ - '0');
        }
        t->dims[t->rank++] = v;
        if (*p == '\0')
            break;
        if (*p != 'x' && *p != 'X' && *p != ',')
            return IRRUN_BAD_INPUT;
        p++;
    }
    return shape_count(t) < 0 ? IRRUN_BAD_INPUT : IRRUN_OK;
}

void io_elem_value_text(et_id elem, const unsigned char *p, char *buf)
{
    et_value_text(elem, p, false, buf);
}

void io_elem_bits_text(et_id elem, const unsigned char *p, char *buf)
{
    if (et_get(elem)->kind != EK_COMPLEX) {
        et_bits_text(elem, p, buf);
        return;
    }
    /* reports show a complex pattern as one parenthesised pair */
    buf[0] = '(';
    size_t n = 1 + et_bits_text(elem, p, buf + 1);
    buf[n++] = ')';
    buf[n] = '\0';
}
