/* Temporary-name-then-rename output files (see outfile.h). */
#include "io/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/mem.h"

/* The temporary files not yet renamed or removed, for the handler of the
 * signals that end a run (SIGINT, SIGTERM, SIGHUP, SIGPIPE; installed by
 * the command line only, never by the library on its own): it removes
 * them and ends the process with the signal's default action, so the exit
 * status still tells the signal. Lock-free atomic slots are all a signal
 * handler may touch. More files open at once than slots (a run has a few:
 * -o, --report-file, one result or probe file per process) are written as
 * before, only not cleaned up on a signal. */
enum { PENDING_MAX = 64 };
static _Atomic(char *) pending[PENDING_MAX];
static atomic_int handlers_installed;
static const int ending_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

static void on_ending_signal(int sig)
{
    int saved = errno;
    for (int k = 0; k < PENDING_MAX; k++) {
        char *tmp = atomic_load(&pending[k]);
        if (tmp)
            unlink(tmp);
    }
    /* blocked while the handler runs: delivered, with the default action,
     * when it returns */
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved;
}

void io_outfile_catch_signals(void)
{
    if (atomic_exchange(&handlers_installed, 1))
        return;
    for (size_t k = 0; k < sizeof ending_signals / sizeof ending_signals[0]; k++) {
        struct sigaction old, sa;
        /* a signal the caller ignores (nohup, a background job's SIGINT)
         * stays ignored; one with a handler of its own keeps it */
        if (sigaction(ending_signals[k], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) ||
            old.sa_handler != SIG_DFL)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_ending_signal;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof ending_signals / sizeof ending_signals[0]; j++)
            sigaddset(&sa.sa_mask, ending_signals[j]);
        sigaction(ending_signals[k], &sa, NULL);
    }
}

/* Records o->tmp for the handler (slot + 1 in o->slot; 0: no slot free). */
static void pending_add(io_outfile *o)
{
    for (int k = 0; k < PENDING_MAX; k++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&pending[k], &expected, o->tmp)) {
            o->slot = k + 1;
            return;
        }
    }
}

static void pending_remove(io_outfile *o)
{
    if (o->slot > 0)
        atomic_store(&pending[o->slot - 1], NULL);
    o->slot = 0;
}

void io_outfile_forget_all(void)
{
    for (int k = 0; k < PENDING_MAX; k++)
        atomic_store(&pending[k], NULL);
}

void io_inputs_init(io_inputs *in) { memset(in, 0, sizeof *in); }

irrun_status io_inputs_add(io_inputs *in, const char *path)
{
    if (!path)
        return IRRUN_OK;
    if (strcmp(path, "-") == 0) {
        /* standard input has no name to compare, but /dev/stdin or a path
         * of the file behind it would name it: its identity, when it is a
         * regular file or a pipe (writing into the pipe this process reads
         * from blocks for ever once the pipe is full); a terminal is not
         * overwritten by writing to it */
        struct stat st;
        if (fstat(STDIN_FILENO, &st) == 0 && (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode))) {
            in->stdin_file = true;
            in->stdin_dev = st.st_dev;
            in->stdin_ino = st.st_ino;
        }
        return IRRUN_OK;
    }
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
    struct stat in_st;
    if (inputs && inputs->stdin_file && stat(path, &in_st) == 0 && in_st.st_dev == inputs->stdin_dev &&
        in_st.st_ino == inputs->stdin_ino) {
        io_errorf(err, "%s: error: refusing to overwrite an input of this run (standard input)", path);
        return IRRUN_BAD_INPUT;
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
    /* the ending signals wait until the temporary is recorded: one that
     * came between its creation and pending_add would leave it behind */
    sigset_t ending, before;
    sigemptyset(&ending);
    for (size_t k = 0; k < sizeof ending_signals / sizeof ending_signals[0]; k++)
        sigaddset(&ending, ending_signals[k]);
    pthread_sigmask(SIG_BLOCK, &ending, &before);
    for (unsigned attempt = 0; fd < 0 && attempt < 100; attempt++) {
        snprintf(o->tmp, n, "%s.tmp-%ld-%u-%x", o->path, (long)getpid(), attempt,
                 (unsigned)((uintptr_t)o >> 4));
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        pthread_sigmask(SIG_SETMASK, &before, NULL);
        io_errorf(err, "%s: error: cannot create: %s", path, strerror(e));
        mem_free(o->tmp);
        o->tmp = NULL;
        io_outfile_discard(o);
        return IRRUN_BAD_INPUT;
    }
    pending_add(o);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
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
    /* renamed: the handler's unlink of the old name would find nothing */
    pending_remove(o);
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
    pending_remove(o);
    mem_free(o->tmp);
    mem_free(o->path);
    memset(o, 0, sizeof *o);
}
