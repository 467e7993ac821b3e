/* irrun_float_info_get: the numbers `ir-run info` prints, as values. */
#include "irrun.h"

#include <math.h>
#include <string.h>

#include "types/fparith.h"

irrun_status irrun_float_info_get(const char *format, irrun_float_info *info)
{
    int id = format ? fp_lookup(format, strlen(format)) : -1;
    if (id < 0 || !info)
        return IRRUN_BAD_INPUT;
    fp_id f = (fp_id)id;
    const fp_format *d = fp_fmt(f);
    memset(info, 0, sizeof *info);
    info->name = d->name;
    info->bits = (int)d->bits;
    info->exponent_bits = (int)d->ebits;
    info->mantissa_bits = (int)d->mbits;
    info->bias = d->bias;
    info->is_signed = d->has_sign;
    info->has_inf = d->has_inf;
    info->has_nan = d->nan != FPN_NONE;
    info->has_negative_zero = d->has_negzero;
    info->max = fp_to_double(f, d->max_bits);
    /* f8E8M0FNU has no zero: its pattern 0 is the smallest normal 2^-127 */
    info->min_normal = fp_to_double(f, d->nan == FPN_E8M0 ? 0 : UINT64_C(1) << d->mbits);
    info->min_subnormal = d->mbits > 0 ? fp_to_double(f, 1) : NAN;
    uint64_t one = fp_from_double(f, 1.0, FPR_RNE);
    info->epsilon = fp_to_double(f, fp_next_up(f, one)) - 1.0;
    return IRRUN_OK;
}
