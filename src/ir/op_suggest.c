/* "Did you mean": the op of the table nearest to a name that is none, and
 * the word of a list nearest to one that is in none (manifest keys). */
#include <string.h>

#include "ir/ir.h"

/* Longer names are not typos of an op name; the bound also keeps the
 * distance table small. */
enum { SUGGEST_MAX_LEN = 64 };

/* Levenshtein distance of a[0..n) and b[0..m), both at most SUGGEST_MAX_LEN. */
static size_t edit_distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t row[SUGGEST_MAX_LEN + 1];
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

/* StableHLO ops that ir-run does not run on purpose (SPEC.md 7's table:
 * out of scope, refused, or needing a device grid): a name among them is
 * no typo, and the nearest op that runs would mislead. */
static const char *const known_unsupported[] = {
    "real_dynamic_slice", "set_dimension_size", "async_start", "async_done", "broadcast",
    "einsum", "unary_einsum", "torch_index_select", "uniform_quantize", "uniform_dequantize",
    "rng", "rng_bit_generator", "batch_norm_grad", "batch_norm_inference", "batch_norm_training",
    "cholesky", "replica_id", "partition_id", "all_reduce", "all_gather", "all_to_all",
    "reduce_scatter", "collective_permute", "collective_broadcast", "collective_reduce", "send",
    "recv", "infeed", "outfeed",
};

/* The part after the dialect ("add" of "stablehlo.add"). */
static const char *op_suffix(const char *s, size_t len, size_t *n)
{
    const char *dot = memchr(s, '.', len);
    const char *p = dot ? dot + 1 : s;
    *n = len - (size_t)(p - s);
    return p;
}

const char *ir_op_suggest(const char *name, size_t len)
{
    if (len > SUGGEST_MAX_LEN)
        return NULL;
    size_t sn;
    const char *suffix = op_suffix(name, len, &sn);
    /* a typo changes about one character in four; a name in another
     * dialect (mhlo.add, a bare add) costs one */
    size_t allowed = sn / 4 > 1 ? sn / 4 : 1, best = allowed + 1;
    const char *found = NULL;
    for (size_t k = 0; k < sizeof known_unsupported / sizeof known_unsupported[0]; k++)
        if (strlen(known_unsupported[k]) == sn && memcmp(known_unsupported[k], suffix, sn) == 0)
            return NULL;
    for (int k = 0; k < IR_OP_COUNT; k++) {
        const char *op = ir_op_table[k].name;
        size_t on = strlen(op), osn;
        if (on > SUGGEST_MAX_LEN)
            continue;
        const char *osuffix = op_suffix(op, on, &osn);
        size_t d = edit_distance(name, len, op, on);
        size_t other_dialect = edit_distance(suffix, sn, osuffix, osn) + 1;
        if (other_dialect < d)
            d = other_dialect;
        if (d < best) {
            best = d;
            found = op;
        }
    }
    return found;
}

const char *ir_word_suggest(const char *word, const char *const *words)
{
    size_t n = strlen(word);
    if (n > SUGGEST_MAX_LEN)
        return NULL;
    /* the op names' allowance: about one character in four */
    size_t best = (n / 4 > 1 ? n / 4 : 1) + 1;
    const char *found = NULL;
    for (; *words; words++) {
        size_t wn = strlen(*words);
        if (wn > SUGGEST_MAX_LEN)
            continue;
        size_t d = edit_distance(word, n, *words, wn);
        if (d < best) {
            best = d;
            found = *words;
        }
    }
    return found;
}

size_t ir_op_names_with_prefix(const char *prefix, char *buf, size_t size)
{
    size_t pn = strlen(prefix), at = 0;
    if (size)
        buf[0] = '\0';
    for (int k = 0; k < IR_OP_COUNT; k++) {
        const char *op = ir_op_table[k].name;
        if (strncmp(op, prefix, pn) != 0)
            continue;
        size_t on = strlen(op), sep = at ? 2 : 0;
        if (size && at + sep + on < size) {
            memcpy(buf + at, ", ", sep);
            memcpy(buf + at + sep, op, on);
            buf[at + sep + on] = '\0';
        }
        at += sep + on;
    }
    return at;
}
