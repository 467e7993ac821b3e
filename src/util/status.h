/* The one status every library function below the command line reports.
 * Only src/cli turns a status into an exit code; the values are chosen so
 * that none of them can be mistaken for a count or a length. The enum is
 * part of the public API (include/irrun.h), so it is defined there once. */
#ifndef IRRUN_STATUS_H
#define IRRUN_STATUS_H

#include "irrun.h"

#endif
