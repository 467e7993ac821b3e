/* irrun_rule <-> io_rule, for the API and for the command line, which reads
 * rules into an io_rule (cli_rule_option) and compares through the API. */
#ifndef IRRUN_API_RULE_H
#define IRRUN_API_RULE_H

#include "irrun.h"

#include "io/compare.h"

/* NULL: the exact rule */
io_rule api_rule_to_io(const irrun_rule *r);
irrun_rule api_rule_from_io(const io_rule *x);

#endif
