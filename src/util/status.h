/* The one status every library function below the command line reports.
 * Only src/cli turns a status into an exit code; the values are chosen so
 * that none of them can be mistaken for a count or a length. */
#ifndef IRRUN_STATUS_H
#define IRRUN_STATUS_H

typedef enum {
    IRRUN_OK = 0,
    IRRUN_CHECK_FAILED, /* everything ran; a check op or comparison failed */
    IRRUN_BAD_INPUT,    /* the program, a file or an argument is wrong (located message) */
    IRRUN_NOMEM,        /* an allocation failed (or hit the configured limit) */
    IRRUN_UNSUPPORTED   /* valid input that ir-run does not run (yet or by decision) */
} irrun_status;

#endif
