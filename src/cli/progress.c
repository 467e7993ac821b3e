/* Progress on a terminal (see progress.h). */
#include "cli/progress.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "util/text.h"

/* An op that shows no progress for this many timer ticks (seconds) gets
 * the progress line. */
enum { LONG_OP_SECONDS = 2 };

/* Shared with the signal handler: the handler only reads what the run
 * writes, and only the handler touches the rest. */
static rt_watch watch;
static const char *volatile watch_file;
static bool handler_installed;
static const ir_op *seen_op;
static unsigned long seen_started;
static int still_seconds;

static void put(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

/* Called by the run between ops, and by the handler itself */
static void erase_line(void)
{
    if (watch.shown) {
        watch.shown = 0;
        put("\r\033[K", 4);
    }
}

static void on_tick(int sig)
{
    (void)sig;
    int saved_errno = errno;
    const void *op = watch.op;
    unsigned long started = watch.started;
    if (!op || op != seen_op || started != seen_started) {
        seen_op = op;
        seen_started = started;
        still_seconds = 0;
        erase_line();
    } else if (++still_seconds >= LONG_OP_SECONDS) {
        char line[400];
        size_t at = text_append(line, 0, sizeof line, "\r[");
        at = text_append(line, at, sizeof line, watch_file ? watch_file : "<input>");
        at = text_append(line, at, sizeof line, ":");
        char where[200];
        irrun_progress_describe(&watch, where, sizeof where);
        at = text_append(line, at, sizeof line, where);
        at = text_append(line, at, sizeof line, " running for ");
        at = text_append_number(line, at, sizeof line, (unsigned long)still_seconds);
        at = text_append(line, at, sizeof line, " s]\033[K");
        put(line, at);
        watch.shown = 1;
    }
    errno = saved_errno;
}

bool cli_progress_allowed(int fd)
{
    const char *ci = getenv("CI");
    bool under_ci = ci && *ci && strcmp(ci, "false") != 0 && strcmp(ci, "0") != 0;
    return isatty(fd) && !under_ci;
}

void cli_progress_init(cli_progress *p)
{
    p->enabled = cli_progress_allowed(STDERR_FILENO);
    p->total = 0;
    p->done = 0;
}

void cli_progress_start(cli_progress *p, int total)
{
    p->total = total;
    p->done = 0;
}

void cli_progress_step(cli_progress *p, const char *what, int line)
{
    p->done++;
    if (p->done > p->total && p->total > 1)
        p->total = p->done; /* chunks of standard input, not counted ahead */
    if (!p->enabled || p->total <= 1)
        return;
    if (watch.shown) {
        put("\r\033[K", 4);
        watch.shown = 0;
    }
    if (line > 0)
        fprintf(stderr, "[%d/%d] %s:%d\n", p->done, p->total, what, line);
    else
        fprintf(stderr, "[%d/%d] %s\n", p->done, p->total, what);
}

rt_watch *cli_progress_watch(cli_progress *p, const char *file)
{
    if (!p->enabled)
        return NULL;
    if (!handler_installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_tick;
        /* reads and writes in progress go on after a tick */
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGALRM, &sa, NULL) != 0)
            return NULL;
        handler_installed = true;
    }
    watch.op = NULL;
    watch.erase = erase_line;
    watch_file = file;
    struct itimerval every_second = { { 1, 0 }, { 1, 0 } };
    if (setitimer(ITIMER_REAL, &every_second, NULL) != 0)
        return NULL;
    return &watch;
}

void cli_progress_unwatch(void)
{
    if (!handler_installed)
        return;
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    watch.op = NULL;
    watch_file = NULL;
    if (watch.shown) {
        put("\r\033[K", 4);
        watch.shown = 0;
    }
}
