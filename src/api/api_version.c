/* What the library is: its version and the names of its statuses. */
#include "irrun.h"

int irrun_version(void) { return IRRUN_VERSION; }
const char *irrun_version_string(void) { return IRRUN_VERSION_STRING; }

const char *irrun_status_name(irrun_status s)
{
    switch (s) {
    case IRRUN_OK: return "ok";
    case IRRUN_CHECK_FAILED: return "check failed";
    case IRRUN_BAD_INPUT: return "bad input";
    case IRRUN_NOMEM: return "out of memory";
    case IRRUN_UNSUPPORTED: return "unsupported";
    }
    return "unknown status";
}
