/* Jobs in child processes, output in job order (see parallel.h). */
#include "cli/parallel.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "io/outfile.h"
#include "util/mem.h"

enum { PAR_MAX_WORKERS = 256 };

typedef enum { JOB_WAITING, JOB_RUNNING, JOB_FINISHED, JOB_FAILED_TO_START } job_state;

typedef struct {
    job_state state;
    pid_t pid;
    int wait_status;
    FILE *out, *err, *extra, *result;
} job;

static void close_files(job *j)
{
    FILE **files[] = { &j->out, &j->err, &j->extra, &j->result };
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        if (*files[k])
            fclose(*files[k]);
        *files[k] = NULL;
    }
}

/* The whole of temporary file `from` onto `to`. */
static void copy_out(FILE *from, FILE *to)
{
    char buf[8192];
    size_t n;
    if (!from || fseek(from, 0, SEEK_SET) != 0)
        return;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        fwrite(buf, 1, n, to);
}

/* The child's side: never returns. Standard output and error are the
 * job's files from here on; _exit leaves the parent's buffers alone. */
static void run_child(const par_plan *p, int index, job *j, pid_t parent)
{
#ifdef __linux__
    /* a worker dies with the parent (killed by a CI timeout, or by SIGPIPE
     * when the reader of its output went away): SIGTERM, whose handler
     * removes the worker's temporary files. The parent may have died
     * before the request took effect: then its pid is no longer ours. */
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)
        _exit(3);
#else
    (void)parent;
#endif
    /* the parent's temporary files (-o, --report-file) are the parent's to
     * remove on a signal, not this process's */
    io_outfile_forget_all();
    if (dup2(fileno(j->out), STDOUT_FILENO) < 0 || dup2(fileno(j->err), STDERR_FILENO) < 0)
        _exit(3);
    void *result = mem_calloc(1, p->result_size ? p->result_size : 1);
    if (!result)
        _exit(3);
    p->run(p->ctx, index, stdout, j->extra, result);
    fflush(stdout);
    fflush(stderr);
    fflush(j->extra);
    if (fwrite(result, 1, p->result_size, j->result) != p->result_size || fflush(j->result) != 0)
        _exit(3);
    _exit(0);
}

static bool start(const par_plan *p, int index, job *j)
{
    j->out = tmpfile();
    j->err = tmpfile();
    j->extra = tmpfile();
    j->result = tmpfile();
    if (!j->out || !j->err || !j->extra || !j->result) {
        fprintf(stderr, "ir-run: -j: no temporary file: %s\n", strerror(errno));
        close_files(j);
        j->state = JOB_FAILED_TO_START;
        return false;
    }
    /* what is buffered now would be written twice: by the parent and by
     * the child's copy of the buffer */
    fflush(NULL);
    pid_t parent = getpid();
    j->pid = fork();
    if (j->pid < 0) {
        fprintf(stderr, "ir-run: -j: cannot start a process: %s\n", strerror(errno));
        close_files(j);
        j->state = JOB_FAILED_TO_START;
        return false;
    }
    if (j->pid == 0)
        run_child(p, index, j, parent);
    j->state = JOB_RUNNING;
    return true;
}

static void finish(const par_plan *p, int index, job *j)
{
    const char *why = NULL;
    char signal_why[128];
    void *result = NULL;
    if (j->state == JOB_FAILED_TO_START) {
        why = "not run: no process or temporary file for it";
    } else {
        if (WIFSIGNALED(j->wait_status)) {
            int sig = WTERMSIG(j->wait_status);
            const char *name = strsignal(sig);
            snprintf(signal_why, sizeof signal_why, "its process was killed by signal %d (%s)", sig,
                     name ? name : "unknown signal");
            why = signal_why;
        } else if (!WIFEXITED(j->wait_status) || WEXITSTATUS(j->wait_status) != 0) {
            why = "its process failed (out of memory?)";
        } else if ((result = mem_alloc(p->result_size ? p->result_size : 1)) == NULL) {
            why = "out of memory";
        } else if (fseek(j->result, 0, SEEK_SET) != 0 ||
                   fread(result, 1, p->result_size, j->result) != p->result_size) {
            why = "its process gave no result";
        }
        if (p->before)
            p->before(p->ctx, index, why ? NULL : result, why);
        copy_out(j->out, p->out);
        fflush(p->out);
        copy_out(j->err, stderr);
        copy_out(j->extra, p->extra);
    }
    p->done(p->ctx, index, why ? NULL : result, why);
    mem_free(result);
    close_files(j);
}

irrun_status par_run(const par_plan *p)
{
    if (p->njobs <= 0)
        return IRRUN_OK;
    job *jobs = mem_calloc((size_t)p->njobs, sizeof *jobs);
    if (!jobs) {
        fputs("ir-run: -j: out of memory\n", stderr);
        for (int k = 0; k < p->njobs; k++)
            p->done(p->ctx, k, NULL, "out of memory");
        return IRRUN_NOMEM;
    }
    irrun_status status = IRRUN_OK;
    int workers = p->workers < 1 ? 1 : p->workers;
    /* finished jobs wait for the earlier ones with their files open: a
     * bounded window keeps the number of open files bounded too */
    int window = workers * 4;
    int next_start = 0, next_emit = 0, running = 0;
    while (next_emit < p->njobs) {
        while (running < workers && next_start < p->njobs && next_start < next_emit + window) {
            if (start(p, next_start, &jobs[next_start]))
                running++;
            else
                status = IRRUN_BAD_INPUT;
            next_start++;
        }
        job *head = &jobs[next_emit];
        if (head->state == JOB_FINISHED || head->state == JOB_FAILED_TO_START) {
            finish(p, next_emit++, head);
            continue;
        }
        int ws;
        pid_t pid = waitpid(-1, &ws, 0);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            /* no child left to wait for: every running job is lost */
            for (int k = next_emit; k < next_start; k++)
                if (jobs[k].state == JOB_RUNNING) {
                    jobs[k].state = JOB_FINISHED;
                    jobs[k].wait_status = 0x7f00; /* "exited with 127" */
                }
            running = 0;
            continue;
        }
        for (int k = next_emit; k < next_start; k++)
            if (jobs[k].state == JOB_RUNNING && jobs[k].pid == pid) {
                jobs[k].state = JOB_FINISHED;
                jobs[k].wait_status = ws;
                running--;
                break;
            }
    }
    mem_free(jobs);
    return status;
}

int par_jobs_option(const char *cmd, int argc, char **argv, int *i, int *workers)
{
    const char *a = argv[*i], *v = NULL;
    if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0 || strcmp(a, "-jobs") == 0) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "ir-run%s%s: %s needs a number of processes\n", cmd ? " " : "", cmd ? cmd : "", a);
            return -1;
        }
        v = argv[++*i];
    } else if (strncmp(a, "-j", 2) == 0 && a[2] >= '0' && a[2] <= '9') {
        v = a + 2;
    } else if (strncmp(a, "--jobs=", 7) == 0 || strncmp(a, "-jobs=", 6) == 0) {
        v = strchr(a, '=') + 1;
    } else {
        return 0;
    }
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < 1 || n > PAR_MAX_WORKERS) {
        fprintf(stderr, "ir-run%s%s: bad value '%s' for -j (expected 1 to %d processes)\n", cmd ? " " : "",
                cmd ? cmd : "", v, PAR_MAX_WORKERS);
        return -1;
    }
    *workers = (int)n;
    return 1;
}
