/* The comparison rule in its two forms: the public irrun_rule and the
 * io_rule io_compare applies (the command line builds the latter). */
#include "api/api_rule.h"

io_rule api_rule_to_io(const irrun_rule *r)
{
    io_rule x = { 0 };
    if (!r)
        return x;
    x.has_ulp = r->has_max_ulp != 0;
    x.max_ulp = r->max_ulp;
    x.has_atol = r->has_atol != 0;
    x.atol = r->atol;
    x.has_rtol = r->has_rtol != 0;
    x.rtol = r->rtol;
    switch (r->nan) {
    case IRRUN_NAN_DEFAULT: x.nan = IO_NAN_DEFAULT; break;
    case IRRUN_NAN_ANY: x.nan = IO_NAN_ANY; break;
    case IRRUN_NAN_EXACT: x.nan = IO_NAN_EXACT; break;
    }
    switch (r->signed_zero) {
    case IRRUN_ZERO_DEFAULT: x.zero = IO_ZERO_DEFAULT; break;
    case IRRUN_ZERO_EQUAL: x.zero = IO_ZERO_EQUAL; break;
    case IRRUN_ZERO_DISTINCT: x.zero = IO_ZERO_DISTINCT; break;
    }
    switch (r->inf) {
    case IRRUN_INF_EXACT: x.inf = IO_INF_EXACT; break;
    case IRRUN_INF_SATURATE: x.inf = IO_INF_SATURATE; break;
    }
    return x;
}

irrun_rule api_rule_from_io(const io_rule *x)
{
    irrun_rule r = { 0 };
    r.has_max_ulp = x->has_ulp;
    r.max_ulp = x->max_ulp;
    r.has_atol = x->has_atol;
    r.atol = x->atol;
    r.has_rtol = x->has_rtol;
    r.rtol = x->rtol;
    switch (x->nan) {
    case IO_NAN_DEFAULT: r.nan = IRRUN_NAN_DEFAULT; break;
    case IO_NAN_ANY: r.nan = IRRUN_NAN_ANY; break;
    case IO_NAN_EXACT: r.nan = IRRUN_NAN_EXACT; break;
    }
    switch (x->zero) {
    case IO_ZERO_DEFAULT: r.signed_zero = IRRUN_ZERO_DEFAULT; break;
    case IO_ZERO_EQUAL: r.signed_zero = IRRUN_ZERO_EQUAL; break;
    case IO_ZERO_DISTINCT: r.signed_zero = IRRUN_ZERO_DISTINCT; break;
    }
    switch (x->inf) {
    case IO_INF_EXACT: r.inf = IRRUN_INF_EXACT; break;
    case IO_INF_SATURATE: r.inf = IRRUN_INF_SATURATE; break;
    }
    return r;
}
