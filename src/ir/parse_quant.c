/* The quantized element type `!quant.uniform<...>` inside a tensor type
 * (MLIR's quant dialect syntax; docs/syntax.md, docs/quantization.md):
 *
 *   !quant.uniform<STORAGE[<MIN:MAX>]:EXPRESSED[:AXIS], PARAMS>
 *   STORAGE  i2 i4 i8 i16 i32, ui2 ui4 ui8 ui16 (MLIR also writes u8)
 *   PARAMS   SCALE[:ZP] per tensor, {SCALE[:ZP], ...} per axis
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse.h"

typedef struct {
    parse_state *ps;
    const char *s;
    size_t n, i;
    src_loc loc; /* of s[0] */
} qscan;

static src_loc at_loc(const qscan *q, size_t off)
{
    src_loc l = q->loc;
    for (size_t k = 0; k < off && k < q->n; k++) {
        if (q->s[k] == '\n') {
            l.line++;
            l.col = 1;
        } else {
            l.col++;
        }
    }
    return l;
}

static void skip(qscan *q)
{
    while (q->i < q->n && (q->s[q->i] == ' ' || q->s[q->i] == '\t' || q->s[q->i] == '\n' || q->s[q->i] == '\r'))
        q->i++;
}

static void parse_type_error(parse_state *ps, src_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void parse_type_error(parse_state *ps, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    parse_type_verror(ps, loc, fmt, ap);
    va_end(ap);
}

static bool fail(qscan *q, const char *what)
{
    parse_type_error(q->ps, at_loc(q, q->i), "%s in quantized type", what);
    return false;
}

static bool expect(qscan *q, char c)
{
    skip(q);
    if (q->i >= q->n || q->s[q->i] != c) {
        char m[40];
        snprintf(m, sizeof m, "expected '%c'", c);
        return fail(q, m);
    }
    q->i++;
    return true;
}

static bool accept(qscan *q, char c)
{
    skip(q);
    if (q->i < q->n && q->s[q->i] == c) {
        q->i++;
        return true;
    }
    return false;
}

static bool int_of(qscan *q, int64_t *v)
{
    skip(q);
    size_t b = q->i;
    if (q->i < q->n && (q->s[q->i] == '-' || q->s[q->i] == '+'))
        q->i++;
    size_t d = q->i;
    while (q->i < q->n && q->s[q->i] >= '0' && q->s[q->i] <= '9')
        q->i++;
    if (q->i == d || q->i - b > 20) {
        q->i = b;
        return fail(q, "expected an integer");
    }
    char buf[24];
    memcpy(buf, q->s + b, q->i - b);
    buf[q->i - b] = '\0';
    char *end;
    long long x = strtoll(buf, &end, 10);
    if (x == LLONG_MIN || x == LLONG_MAX) {
        q->i = b;
        return fail(q, "integer out of range");
    }
    *v = x;
    return true;
}

/* SCALE[:ZP] */
static bool param(qscan *q, double *scale, int64_t *zp)
{
    skip(q);
    size_t b = q->i;
    while (q->i < q->n && (strchr("0123456789.eE+-", q->s[q->i]) != NULL) && q->s[q->i] != '\0')
        q->i++;
    char buf[64];
    size_t len = q->i - b;
    char *end = buf;
    if (len > 0 && len < sizeof buf) {
        memcpy(buf, q->s + b, len);
        buf[len] = '\0';
        *scale = strtod(buf, &end);
    }
    if (len == 0 || len >= sizeof buf || *end != '\0') {
        q->i = b;
        return fail(q, "expected a scale");
    }
    if (!(*scale > 0) || isinf(*scale)) {
        q->i = b;
        return fail(q, "illegal scale (a scale is positive and finite)");
    }
    *zp = 0;
    if (accept(q, ':'))
        return int_of(q, zp);
    return true;
}

static int storage_of(const char *s, size_t n)
{
    static const struct { const char *name; et_id e; } st[] = {
        { "i2", ET_I2 }, { "i4", ET_I4 }, { "i8", ET_I8 }, { "i16", ET_I16 }, { "i32", ET_I32 },
        { "ui2", ET_UI2 }, { "ui4", ET_UI4 }, { "ui8", ET_UI8 }, { "ui16", ET_UI16 },
        { "u2", ET_UI2 }, { "u4", ET_UI4 }, { "u8", ET_UI8 }, { "u16", ET_UI16 },
    };
    for (size_t k = 0; k < sizeof st / sizeof st[0]; k++)
        if (strlen(st[k].name) == n && memcmp(st[k].name, s, n) == 0)
            return (int)st[k].e;
    return -1;
}

bool parse_quant_type(parse_state *ps, const char *s, size_t n, size_t *pos, src_loc loc, const shape_quant **out)
{
    qscan q = { ps, s, n, *pos, loc };
    static const char head[] = "!quant.uniform";
    size_t hl = sizeof head - 1;
    if (n - q.i < hl || memcmp(s + q.i, head, hl) != 0) {
        size_t e = q.i;
        while (e < n && s[e] != '<' && s[e] != '>' && s[e] != ',')
            e++;
        parse_type_error(ps, at_loc(&q, q.i), "unsupported element type '%.*s' (the quantized types are !quant.uniform<...>)",
                         (int)(e - q.i), s + q.i);
        return false;
    }
    q.i += hl;
    if (!expect(&q, '<'))
        return false;
    skip(&q);
    size_t b = q.i;
    while (q.i < n && ((s[q.i] >= 'a' && s[q.i] <= 'z') || (s[q.i] >= '0' && s[q.i] <= '9')))
        q.i++;
    int st = storage_of(s + b, q.i - b);
    if (st < 0) {
        q.i = b;
        return fail(&q, "unsupported storage type (i2, i4, i8, i16, i32, ui2, ui4, ui8 or ui16)");
    }
    shape_quant *r = parse_alloc(ps, 1, sizeof *r);
    if (!r)
        return false;
    r->storage = (et_id)st;
    const et_traits *tr = et_get(r->storage);
    unsigned w = tr->value_bits;
    int64_t smin = tr->kind == EK_SINT ? -(INT64_C(1) << (w - 1)) : 0;
    int64_t smax = tr->kind == EK_SINT ? (INT64_C(1) << (w - 1)) - 1 : (int64_t)((UINT64_C(1) << w) - 1);
    r->min = smin;
    r->max = smax;
    if (accept(&q, '<')) {
        size_t at = q.i;
        if (!int_of(&q, &r->min) || !expect(&q, ':') || !int_of(&q, &r->max) || !expect(&q, '>'))
            return false;
        if (r->min < smin || r->max > smax || r->min >= r->max) {
            q.i = at;
            return fail(&q, "illegal storage range (MIN < MAX, both within the storage type's)");
        }
    }
    if (!expect(&q, ':'))
        return false;
    skip(&q);
    b = q.i;
    while (q.i < n && s[q.i] != ':' && s[q.i] != ',' && s[q.i] != '>' && s[q.i] != ' ')
        q.i++;
    int ex = et_lookup(s + b, q.i - b);
    if (ex < 0 || !et_is_float(ex)) {
        q.i = b;
        return fail(&q, "expected a float expressed type");
    }
    r->expressed = (et_id)ex;
    r->axis = -1;
    if (accept(&q, ':')) {
        int64_t ax;
        size_t at = q.i;
        if (!int_of(&q, &ax))
            return false;
        if (ax < 0 || ax >= SHAPE_MAX_RANK) {
            q.i = at;
            return fail(&q, "illegal quantized dimension");
        }
        r->axis = (int)ax;
    }
    if (!expect(&q, ','))
        return false;
    int cap = 1;
    double *sc = parse_alloc(ps, 1, sizeof *sc);
    int64_t *zp = parse_alloc(ps, 1, sizeof *zp);
    if (!sc || !zp)
        return false;
    if (r->axis < 0) {
        if (!param(&q, &sc[0], &zp[0]))
            return false;
        r->n = 1;
    } else {
        if (!expect(&q, '{'))
            return false;
        for (r->n = 0;; r->n++) {
            if (r->n == cap) {
                double *s2 = parse_alloc(ps, (size_t)cap * 2, sizeof *s2);
                int64_t *z2 = parse_alloc(ps, (size_t)cap * 2, sizeof *z2);
                if (!s2 || !z2)
                    return false;
                memcpy(s2, sc, (size_t)cap * sizeof *sc);
                memcpy(z2, zp, (size_t)cap * sizeof *zp);
                sc = s2;
                zp = z2;
                cap *= 2;
            }
            size_t at = q.i;
            if (!param(&q, &sc[r->n], &zp[r->n]))
                return false;
            if (zp[r->n] < r->min || zp[r->n] > r->max) {
                q.i = at;
                skip(&q);
                return fail(&q, "zero point outside the storage range");
            }
            if (!accept(&q, ','))
                break;
        }
        r->n++;
        if (!expect(&q, '}'))
            return false;
    }
    if (r->axis < 0 && (zp[0] < r->min || zp[0] > r->max))
        return fail(&q, "zero point outside the storage range");
    r->scales = sc;
    r->zero_points = zp;
    if (!expect(&q, '>'))
        return false;
    *pos = q.i;
    *out = r;
    return true;
}
