/* Temporary-name-then-rename output files (see outfile.h). */
#include "io/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/mem.h"

void io_inputs_init(io_inputs *in) { memset(in, 0, sizeof *in); }

irrun_status io_inputs_add(io_inputs *in, const char *path)
{
    if (!path || strcmp(path, "-") == 0)
        return IRRUN_OK;
    if (in->n == in->cap) {
        int cap = in->cap ? 2 * in->cap : 8;
        const char **bigger = mem_realloc(in->paths, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return IRRUN_NOMEM;
        in->paths = bigger;
        in->cap = cap;
    }
    in->paths[in->n++] = path;
    return IRRUN_OK;
}

void io_inputs_free(io_inputs *in)
{
    mem_free(in->paths);
    io_inputs_init(in);
}

bool io_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The name to replace for `path`: through symbolic links (dangling ones
 * included) the file they name, so the links themselves survive. */
static char *link_target(const char *path)
{
    char *cur = mem_strndup(path, strlen(path));
    struct stat st;
    for (int depth = 0; cur && depth < 40 && lstat(cur, &st) == 0 && S_ISLNK(st.st_mode); depth++) {
        char target[4096];
        ssize_t n = readlink(cur, target, sizeof target - 1);
        if (n <= 0)
            break;
        target[n] = '\0';
        const char *slash = strrchr(cur, '/');
        size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1;
        char *next = mem_alloc(dir + (size_t)n + 1);
        if (next) {
            memcpy(next, cur, dir);
            memcpy(next + dir, target, (size_t)n + 1);
        }
        mem_free(cur);
        cur = next;
    }
    return cur;
}

irrun_status io_outfile_open(io_outfile *o, const char *path, const io_inputs *inputs, io_error *err)
{
    memset(o, 0, sizeof *o);
    if (!path || !*path) {
        io_errorf(err, "error: an output file name may not be empty");
        return IRRUN_BAD_INPUT;
    }
    for (int i = 0; inputs && i < inputs->n; i++) {
        if (io_same_file(path, inputs->paths[i])) {
            io_errorf(err, "%s: error: refusing to overwrite an input of this run (%s)", path,
                      inputs->paths[i]);
            return IRRUN_BAD_INPUT;
        }
    }
    /* /dev/stdout and /proc/self/fd/N name an open descriptor: replacing
     * the file behind it would throw away what else it holds (a log opened
     * for appending), so they are written in place like devices */
    bool descriptor = strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0;
    struct stat st;
    if (stat(path, &st) == 0 && (descriptor || !S_ISREG(st.st_mode))) {
        /* a terminal, /dev/null or a pipe: nothing to protect by renaming,
         * and a rename would replace the device node itself */
        if (S_ISDIR(st.st_mode)) {
            io_errorf(err, "%s: error: is a directory", path);
            return IRRUN_BAD_INPUT;
        }
        /* appending, never truncating: behind /dev/stdout may be a file
         * the shell opened with >> */
        int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd < 0 || !(o->f = fdopen(fd, "ab"))) {
            if (fd >= 0)
                close(fd);
            io_errorf(err, "%s: error: cannot open for writing: %s", path, strerror(errno));
            return IRRUN_BAD_INPUT;
        }
        o->path = mem_strndup(path, strlen(path)); /* for messages only */
        return IRRUN_OK;
    }
    o->path = link_target(path);
    size_t n = (o->path ? strlen(o->path) : 0) + 48;
    o->tmp = mem_alloc(n);
    if (!o->tmp || !o->path) {
        /* no temporary file exists yet: discard must not unlink whatever
         * name the fresh (uninitialised) buffer happens to hold */
        mem_free(o->tmp);
        o->tmp = NULL;
        io_outfile_discard(o);
        io_errorf(err, "%s: error: out of memory", path);
        return IRRUN_NOMEM;
    }
    /* O_EXCL on a name no other writer uses: never follows a planted link,
     * and the mode comes from the umask as for any new file */
    int fd = -1;
    for (unsigned attempt = 0; fd < 0 && attempt < 100; attempt++) {
        snprintf(o->tmp, n, "%s.tmp-%ld-%u-%x", o->path, (long)getpid(), attempt,
                 (unsigned)((uintptr_t)o >> 4));
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        io_errorf(err, "%s: error: cannot create: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        mem_free(o->tmp);
        o->tmp = NULL;
        io_outfile_discard(o);
        return IRRUN_BAD_INPUT;
    }
    return IRRUN_OK;
}

irrun_status io_outfile_commit(io_outfile *o, io_error *err)
{
    bool failed = false;
    int saved = 0;
    if (!o->tmp) { /* written in place (not a regular file) */
        if (fflush(o->f) != 0 || ferror(o->f))
            failed = true;
        if (fclose(o->f) != 0)
            failed = true;
        o->f = NULL;
        if (failed)
            io_errorf(err, "%s: error: write error: %s", o->path ? o->path : "output", strerror(errno));
        io_outfile_discard(o);
        return failed ? IRRUN_BAD_INPUT : IRRUN_OK;
    }
    if (fflush(o->f) != 0 || ferror(o->f)) {
        saved = errno;
        failed = true;
    }
    if (fclose(o->f) != 0 && !failed) {
        saved = errno;
        failed = true;
    }
    o->f = NULL;
    if (!failed && rename(o->tmp, o->path) != 0) {
        saved = errno;
        failed = true;
    }
    if (failed) {
        io_errorf(err, "%s: error: write error: %s", o->path, saved ? strerror(saved) : "unknown");
        io_outfile_discard(o);
        return IRRUN_BAD_INPUT;
    }
    mem_free(o->tmp);
    mem_free(o->path);
    memset(o, 0, sizeof *o);
    return IRRUN_OK;
}

void io_outfile_discard(io_outfile *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    mem_free(o->tmp);
    mem_free(o->path);
    memset(o, 0, sizeof *o);
}
