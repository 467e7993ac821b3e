/* Signs of life on a terminal: `[k/N] FILE[:LINE]` as files and chunks
 * start, and one line, rewritten in place, for an op that has been running
 * for more than 2 seconds (a large dot runs for minutes). Only when
 * standard error is a terminal and CI is not set: logs and pipes never
 * see any of it. */
#ifndef IRRUN_CLI_PROGRESS_H
#define IRRUN_CLI_PROGRESS_H

#include <stdbool.h>

#include "interp/interp.h"

typedef struct {
    bool enabled; /* stderr is a terminal, not under CI */
    int total;    /* files or chunks; counting shows for more than one */
    int done;
} cli_progress;

/* Whether progress may be written to descriptor fd: a terminal, and not
 * under CI ($CI set to anything but "", "0" or "false"). */
bool cli_progress_allowed(int fd);

/* Decides whether progress is shown on standard error. */
void cli_progress_init(cli_progress *p);

static inline bool cli_progress_wanted(const cli_progress *p) { return p->enabled; }

void cli_progress_start(cli_progress *p, int total);

/* One more file or chunk starts: `[k/N] what` (`what:line` when line > 0). */
void cli_progress_step(cli_progress *p, const char *what, int line);

/* The watch to hand to the interpreter (rt_options.watch), with a
 * once-a-second timer behind it that reports an op running longer than 2 s
 * as `[FILE:LINE:COL: stablehlo.dot_general running for 5 s]`; NULL when
 * progress is off or no timer can be had. `file` names the program. */
rt_watch *cli_progress_watch(cli_progress *p, const char *file);

/* Stops the timer and erases a progress line still shown. */
void cli_progress_unwatch(void);

#endif
