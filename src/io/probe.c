/* The probe directory in REF's layout (see probe.h). */
#include "io/probe.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/mem.h"
#include "util/text.h"

/* DIR/name, without doubling a slash DIR ends with (REF joins with LLVM's
 * path::append, which does the same); NULL out of memory. */
static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir), m = strlen(name);
    bool slash = n > 0 && dir[n - 1] == '/';
    char *p = mem_alloc(n + 1 + m + 1);
    if (!p)
        return NULL;
    memcpy(p, dir, n);
    if (!slash)
        p[n++] = '/';
    memcpy(p + n, name, m + 1);
    return p;
}

/* Element types REF's probe writer knows, for messages. */
static irrun_status unsupported(et_id elem, io_error *err)
{
    io_errorf(err, "element type %s cannot be written to a probe file (REF's probe files hold i1, i8, i16, "
                   "i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64 and complex elements)",
              et_get(elem)->name);
    return IRRUN_UNSUPPORTED;
}

irrun_status io_probe_reset(const io_probe_dir *d, io_error *err)
{
    char *index = join(d->dir, "index.csv");
    if (!index) {
        io_errorf(err, "%s: error: out of memory", d->dir);
        return IRRUN_NOMEM;
    }
    io_outfile of;
    irrun_status s = io_outfile_open(&of, index, d->inputs, err);
    if (s == IRRUN_OK)
        s = io_outfile_commit(&of, err);
    mem_free(index);
    return s;
}

/* One write(2) of the whole record on an O_APPEND descriptor: other
 * appenders cannot split it, and a process that dies mid-run leaves either
 * all of it or none. A short write (a full disk) is cut off again. */
static irrun_status append_record(const char *index, const char *rec, size_t n, const io_inputs *inputs,
                                  io_error *err)
{
    for (int i = 0; inputs && i < inputs->n; i++) {
        if (io_same_file(index, inputs->paths[i])) {
            io_errorf(err, "%s: error: refusing to overwrite an input of this run (%s)", index, inputs->paths[i]);
            return IRRUN_BAD_INPUT;
        }
    }
    int fd = open(index, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        io_errorf(err, "%s: error: cannot open for appending: %s", index, strerror(errno));
        return IRRUN_BAD_INPUT;
    }
    struct stat st;
    bool sized = fstat(fd, &st) == 0;
    ssize_t w = write(fd, rec, n);
    int saved = w < 0 ? errno : ENOSPC;
    if (w != (ssize_t)n) {
        if (w > 0 && sized && ftruncate(fd, st.st_size) != 0)
            saved = errno;
        close(fd);
        io_errorf(err, "%s: error: write error: %s", index, strerror(saved));
        return IRRUN_BAD_INPUT;
    }
    if (close(fd) != 0) {
        io_errorf(err, "%s: error: write error: %s", index, strerror(errno));
        return IRRUN_BAD_INPUT;
    }
    return IRRUN_OK;
}

irrun_status io_probe_write(const io_probe_dir *d, const char *id, int64_t k, const tensor *t, io_error *err)
{
    if (!io_probe_descr(t->type.elem))
        return unsupported(t->type.elem, err);
    char name[40], type[SHAPE_MAX_RANK * 21 + 64];
    snprintf(name, sizeof name, "probe%" PRId64 ".npy", k);
    shape_format(&t->type, type, (int)sizeof type);
    char *path = join(d->dir, name), *index = join(d->dir, "index.csv");
    size_t n = strlen(id) + strlen(type) + (path ? strlen(path) : 0) + 4;
    char *rec = mem_alloc(n);
    irrun_status s = IRRUN_OK;
    if (!path || !index || !rec) {
        io_errorf(err, "%s: error: out of memory", d->dir);
        s = IRRUN_NOMEM;
    }
    io_outfile of;
    if (s == IRRUN_OK)
        s = io_outfile_open(&of, path, d->inputs, err);
    if (s == IRRUN_OK) {
        s = io_write_probe_npy(of.f, t);
        if (s != IRRUN_OK) {
            io_outfile_discard(&of);
            io_errorf(err, "%s: error: write error", path);
        } else {
            s = io_outfile_commit(&of, err);
        }
    }
    if (s == IRRUN_OK) {
        int len = snprintf(rec, n, "%s,%s,%s\n", id, type, path);
        s = append_record(index, rec, (size_t)len, d->inputs, err);
    }
    mem_free(rec);
    mem_free(path);
    mem_free(index);
    return s;
}

/* Bytes from files are escaped before they reach a terminal. */
static void shown(const char *s, size_t n, char *out, size_t cap)
{
    text_escape_ascii(s, n, out, cap);
}

/* The iter-th record of `id` in the index text: its type and path fields
 * (not NUL-terminated), or false with the number of records of `id`. */
static bool find_record(const char *text, size_t len, const char *id, uint32_t iter, const char **type,
                        size_t *tlen, const char **path, size_t *plen, uint32_t *count)
{
    size_t idlen = strlen(id);
    const char *p = text, *end = text + len;
    *count = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = eol ? eol : end;
        if (line_end > p && line_end[-1] == '\r')
            line_end--;
        const char *c1 = memchr(p, ',', (size_t)(line_end - p));
        const char *c2 = c1 ? memchr(c1 + 1, ',', (size_t)(line_end - c1 - 1)) : NULL;
        if (c2 && (size_t)(c1 - p) == idlen && memcmp(p, id, idlen) == 0 && (*count)++ == iter) {
            *type = c1 + 1;
            *tlen = (size_t)(c2 - c1 - 1);
            *path = c2 + 1;
            *plen = (size_t)(line_end - c2 - 1);
            return true;
        }
        p = eol ? eol + 1 : end;
    }
    return false;
}

irrun_status io_probe_read(const io_probe_dir *d, const char *id, uint32_t iter, const tensor_type *type,
                           tensor **out, io_error *err)
{
    *out = NULL;
    if (!io_probe_descr(type->elem))
        return unsupported(type->elem, err);
    char *index = join(d->dir, "index.csv");
    if (!index) {
        io_errorf(err, "%s: error: out of memory", d->dir);
        return IRRUN_NOMEM;
    }
    size_t len;
    unsigned char *text = io_slurp(index, &len, err);
    irrun_status s = text ? IRRUN_OK : IRRUN_CHECK_FAILED;
    const char *rtype = NULL, *rpath = NULL;
    size_t tlen = 0, plen = 0;
    uint32_t count = 0;
    char want[SHAPE_MAX_RANK * 21 + 64], a[256], b[256];
    if (s == IRRUN_OK && !find_record((const char *)text, len, id, iter, &rtype, &tlen, &rpath, &plen, &count)) {
        shown(id, strlen(id), a, sizeof a);
        io_errorf(err, "%s: no record #%" PRIu32 " (counting from 0) of probe_id \"%s\": it has %" PRIu32
                       " record%s of that id",
                  index, iter, a, count, count == 1 ? "" : "s");
        s = IRRUN_CHECK_FAILED;
    }
    if (s == IRRUN_OK) {
        shape_format(type, want, (int)sizeof want);
        if (tlen != strlen(want) || memcmp(rtype, want, tlen) != 0) {
            shown(rtype, tlen, a, sizeof a);
            io_errorf(err, "Serialized types don't match: %s (recorded in %s) vs %s (expected)", a, index, want);
            s = IRRUN_CHECK_FAILED;
        }
    }
    char *path = NULL;
    if (s == IRRUN_OK && !(path = mem_strndup(rpath, plen))) {
        io_errorf(err, "%s: error: out of memory", index);
        s = IRRUN_NOMEM;
    }
    unsigned char *file = NULL;
    size_t flen = 0;
    if (s == IRRUN_OK && strlen(path) != plen) {
        shown(rpath, plen, b, sizeof b);
        io_errorf(err, "%s: the record's path '%s' holds a NUL byte", index, b);
        s = IRRUN_CHECK_FAILED;
    }
    if (s == IRRUN_OK && !(file = io_slurp(path, &flen, err)))
        s = IRRUN_CHECK_FAILED;
    if (s == IRRUN_OK) {
        s = io_read_probe_npy(file, flen, path, type, out, err);
        if (s == IRRUN_BAD_INPUT)
            s = IRRUN_CHECK_FAILED;
    }
    mem_free(file);
    mem_free(path);
    mem_free(text);
    mem_free(index);
    return s;
}
