/* `ir-run test MANIFEST.yaml...`: golden-file conformance suites.
 *
 * A manifest (docs/golden-files.md) lists cases: a program, its entry, its
 * inputs and the expected outputs, each with a comparison rule. Every case
 * runs through the same front end and interpreter as `ir-run FILE`; results
 * are kept (not printed) and compared with io_compare. One line per case,
 * `N passed, M failed` at the end, optional JUnit XML. Manifests are
 * validated completely before any case runs, so a typo is reported with
 * FILE:LINE:COL instead of failing half-way. */
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <yaml.h>

#include "cli/cmds_io.h"
#include "cli/exit.h"
#include "cli/options.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "bytecode/bc.h"
#include "chlo/chlo.h"
#include "quant/quant.h"
#include "interp/interp.h"
#include "runtime/rt_literal.h"
#include "io/compare.h"
#include "io/outfile.h"
#include "io/tensor_io.h"
#include "check/check.h"
#include "ir/ir.h"
#include "util/mem.h"
#include "util/text.h"

typedef struct {
    const char *path; /* as given */
    char *dir;        /* directory part with trailing '/', "" for the cwd */
    yaml_parser_t parser;
    yaml_document_t doc;
    bool loaded;
    bool bad;
    yaml_node_t *cases;        /* sequence */
    yaml_node_t *program;      /* manifest-wide default program, or NULL */
    yaml_node_t *rule;         /* manifest-wide default rule, or NULL */
    yaml_node_t *dot_acc;      /* manifest-wide dot_accumulation, or NULL */
    yaml_node_t *max_while;    /* manifest-wide max_while_iterations, or NULL */
    char first_error[768];     /* why it failed validation, for JUnit */
} manifest;

typedef enum {
    CASE_PASSED,
    CASE_FAILED,  /* a JUnit <failure> */
    CASE_ERROR,   /* a manifest that failed validation: a JUnit <error> */
    CASE_UPDATED  /* --update rewrote its golden files */
} case_verdict;

typedef struct {
    char *suite;
    char *name;
    char *message; /* why it failed, or what --update wrote; NULL when passed */
    char *details; /* the reports of its failing outputs, or NULL */
    double seconds;
    case_verdict verdict;
    int order; /* its manifest's place on the command line */
    int seq;   /* its place in the list as kept */
} case_result;

typedef struct {
    case_result *v;
    int n, cap;
} result_list;

/* ---- small helpers ------------------------------------------------------- */

static const char *sval(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static void manifest_error(manifest *m, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A manifest unusable for `text`: reported on stderr (text has the file and
 * place), the first such text kept for the JUnit report. */
static void manifest_bad(manifest *m, const char *text)
{
    fprintf(stderr, "%s\n", text);
    if (!m->first_error[0])
        snprintf(m->first_error, sizeof m->first_error, "%s", text);
    m->bad = true;
}

static void manifest_error(manifest *m, const yaml_node_t *n, const char *fmt, ...)
{
    char text[512];
    int at = n ? snprintf(text, sizeof text, "%s:%lu:%lu: error: ", m->path,
                          (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1)
               : snprintf(text, sizeof text, "%s: error: ", m->path);
    if (at > 0 && (size_t)at < sizeof text) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(text + at, sizeof text - (size_t)at, fmt, ap);
        va_end(ap);
    }
    manifest_bad(m, text);
}

static yaml_node_t *node_at(manifest *m, int index) { return yaml_document_get_node(&m->doc, index); }

static yaml_node_t *map_get(manifest *m, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        const char *k = sval(node_at(m, p->key));
        if (k && strcmp(k, key) == 0)
            return node_at(m, p->value);
    }
    return NULL;
}

/* Every key of `map` must be in `allowed` (NULL-terminated). */
static bool check_keys(manifest *m, yaml_node_t *map, const char *what, const char *const *allowed)
{
    bool ok = true;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node_at(m, p->key);
        const char *key = sval(k);
        bool found = false;
        for (const char *const *a = allowed; key && *a; a++)
            found |= strcmp(key, *a) == 0;
        if (!found) {
            const char *near = key ? ir_word_suggest(key, allowed) : NULL;
            if (near)
                manifest_error(m, k, "unknown key '%s' in %s; did you mean '%s'?", key, what, near);
            else
                manifest_error(m, k, "unknown key '%s' in %s", key ? key : "?", what);
            ok = false;
        }
    }
    return ok;
}

static char *xstrdup(const char *s) { return s ? mem_strndup(s, strlen(s)) : NULL; }

static char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = mem_alloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* A path relative to the manifest's directory (absolute paths unchanged). */
static char *resolve(const manifest *m, const char *p)
{
    if (p[0] == '/')
        return xstrdup(p);
    return xprintf("%s%s", m->dir, p);
}

/* ---- rules ------------------------------------------------------------------ */

static const char *const rule_keys[] = { "ulp", "atol", "rtol", "nan", "signed_zero", "inf", NULL };

/* Applies the rule keys found in mapping `map` (a `rule:` mapping or an
 * output item) to *r; the item's other keys are not this function's. */
static bool apply_rule_keys(manifest *m, yaml_node_t *map, io_rule *r)
{
    bool ok = true;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        const char *key = sval(node_at(m, p->key)), *want;
        yaml_node_t *vn = node_at(m, p->value);
        if (key && io_rule_has_key(key) && io_rule_set(r, key, sval(vn), &want) != IRRUN_OK) {
            manifest_error(m, vn, "%s must be %s", key, want);
            ok = false;
        }
    }
    return ok;
}

/* `rule: exact` or `rule: {ulp: 2, nan: any, ...}`. */
static bool parse_rule_node(manifest *m, yaml_node_t *n, io_rule *r)
{
    const char *v = sval(n);
    if (v) {
        if (strcmp(v, "exact") == 0) {
            io_rule exact = { 0 };
            *r = exact;
            return true;
        }
        manifest_error(m, n, "rule must be 'exact' or a mapping of %s", "ulp, atol, rtol, nan, signed_zero, inf");
        return false;
    }
    if (!n || n->type != YAML_MAPPING_NODE) {
        manifest_error(m, n, "rule must be 'exact' or a mapping");
        return false;
    }
    if (!check_keys(m, n, "rule", rule_keys))
        return false;
    io_rule fresh = { 0 };
    *r = fresh;
    return apply_rule_keys(m, n, r);
}

/* ---- run settings ------------------------------------------------------------ */

/* How the cases run: the command line's --dot-accumulation and
 * --max-while-iterations, which a manifest's keys of the same names
 * replace, which a case's replace (the nearest wins, as for rules). */
typedef struct {
    dot_accumulation dot_acc;
    unsigned long max_while; /* 0: no limit */
} run_settings;

static const char *const dot_modes[] = { "ref", "algorithm", "f32", "f64" };

/* --dot-accumulation's and dot_accumulation's value; -1 when none */
static int dot_mode(const char *v)
{
    for (int k = 0; v && k < 4; k++)
        if (strcmp(v, dot_modes[k]) == 0)
            return k;
    return -1;
}

/* a positive decimal integer (the limit of --max-while-iterations); 0 when not one */
static unsigned long positive(const char *v)
{
    if (!v || *v < '0' || *v > '9')
        return 0;
    char *end;
    errno = 0;
    unsigned long n = strtoul(v, &end, 10);
    return *end || errno ? 0 : n;
}

/* Applies the run-setting keys of mapping `map` (the manifest or a case)
 * to *rs; false after reporting a bad value. */
static bool apply_settings(manifest *m, yaml_node_t *map, run_settings *rs)
{
    bool ok = true;
    yaml_node_t *n;
    if ((n = map_get(m, map, "dot_accumulation")) != NULL) {
        int k = dot_mode(sval(n));
        if (k < 0) {
            manifest_error(m, n, "dot_accumulation must be ref, algorithm, f32 or f64");
            ok = false;
        } else {
            rs->dot_acc = (dot_accumulation)k;
        }
    }
    if ((n = map_get(m, map, "max_while_iterations")) != NULL) {
        unsigned long v = positive(sval(n));
        if (!v) {
            manifest_error(m, n, "max_while_iterations must be a positive integer, at most %lu", ULONG_MAX);
            ok = false;
        } else {
            rs->max_while = v;
        }
    }
    return ok;
}

/* ---- validation --------------------------------------------------------------- */

static const char *const case_keys[] = { "name", "description", "program", "entry", "inputs",
                                         "outputs", "rule", "dot_accumulation", "max_while_iterations",
                                         NULL };
static const char *const input_keys[] = { "name", "literal", "file", "values", "bits", "type",
                                          "shape", NULL };
static const char *const output_keys[] = { "name", "literal", "file", "values", "bits", "type",
                                           "shape", "rule", "ulp", "atol", "rtol", "nan",
                                           "signed_zero", "inf", NULL };

/* One input or output item: exactly one of literal, file, values, bits. */
static void validate_item(manifest *m, yaml_node_t *item, bool output)
{
    if (!item || item->type != YAML_MAPPING_NODE) {
        manifest_error(m, item, "each %s must be a mapping with one of literal, file, values, bits",
                       output ? "output" : "input");
        return;
    }
    check_keys(m, item, output ? "an output" : "an input", output ? output_keys : input_keys);
    int sources = 0;
    static const char *const src_keys[] = { "literal", "file", "values", "bits" };
    for (int k = 0; k < 4; k++) {
        yaml_node_t *v = map_get(m, item, src_keys[k]);
        if (v) {
            sources++;
            if (k < 2 && !sval(v))
                manifest_error(m, v, "%s must be a string", src_keys[k]);
        }
    }
    if (sources != 1)
        manifest_error(m, item, "give exactly one of literal, file, values, bits");
    if (output) {
        io_rule r = { 0 };
        yaml_node_t *rn = map_get(m, item, "rule");
        if (rn)
            parse_rule_node(m, rn, &r);
        apply_rule_keys(m, item, &r);
    }
}

static void validate_case(manifest *m, yaml_node_t *c)
{
    if (!c || c->type != YAML_MAPPING_NODE) {
        manifest_error(m, c, "each case must be a mapping");
        return;
    }
    check_keys(m, c, "a case", case_keys);
    yaml_node_t *name = map_get(m, c, "name"), *prog = map_get(m, c, "program");
    if (name && !sval(name))
        manifest_error(m, name, "name must be a string");
    if (prog && !sval(prog))
        manifest_error(m, prog, "program must be a file name");
    if (!prog && !m->program)
        manifest_error(m, c, "the case has no program (and the manifest gives no default)");
    yaml_node_t *entry = map_get(m, c, "entry");
    if (entry && !sval(entry))
        manifest_error(m, entry, "entry must be a function name");
    yaml_node_t *rule = map_get(m, c, "rule");
    io_rule r;
    if (rule)
        parse_rule_node(m, rule, &r);
    run_settings rs = { DOT_ACC_REF, 0 };
    apply_settings(m, c, &rs);
    static const char *const lists[] = { "inputs", "outputs" };
    for (int k = 0; k < 2; k++) {
        yaml_node_t *l = map_get(m, c, lists[k]);
        if (!l)
            continue;
        if (l->type != YAML_SEQUENCE_NODE) {
            manifest_error(m, l, "%s must be a list", lists[k]);
            continue;
        }
        for (yaml_node_item_t *it = l->data.sequence.items.start; it < l->data.sequence.items.top; it++)
            validate_item(m, node_at(m, *it), k == 1);
    }
}

static bool manifest_load(manifest *m, const char *path)
{
    memset(m, 0, sizeof *m);
    m->path = path;
    const char *slash = strrchr(path, '/');
    m->dir = slash ? mem_strndup(path, (size_t)(slash - path + 1)) : xstrdup("");
    if (!m->dir) {
        manifest_error(m, NULL, "out of memory");
        return false;
    }
    io_error err;
    size_t len;
    unsigned char *text = io_slurp(path, &len, &err);
    if (!text) {
        manifest_bad(m, err.text);
        return false;
    }
    if (io_yaml_check_nesting(text, len, path, &err) != IRRUN_OK) {
        manifest_bad(m, err.text);
        mem_free(text);
        return false;
    }
    if (!yaml_parser_initialize(&m->parser)) {
        mem_free(text);
        manifest_error(m, NULL, "out of memory");
        return false;
    }
    yaml_parser_set_input_string(&m->parser, text, len);
    if (!yaml_parser_load(&m->parser, &m->doc)) {
        char yaml_err[512];
        snprintf(yaml_err, sizeof yaml_err, "%s:%lu:%lu: error: YAML: %s%s%s", path,
                 (unsigned long)m->parser.problem_mark.line + 1,
                 (unsigned long)m->parser.problem_mark.column + 1,
                 m->parser.problem ? m->parser.problem : "malformed",
                 m->parser.context ? " " : "", m->parser.context ? m->parser.context : "");
        manifest_bad(m, yaml_err);
        yaml_parser_delete(&m->parser);
        mem_free(text);
        return false;
    }
    m->loaded = true;
    if (io_yaml_no_second_document(&m->parser, path, &err) != IRRUN_OK) {
        manifest_bad(m, err.text);
        mem_free(text);
        return false;
    }
    mem_free(text); /* the document owns copies of every scalar */
    yaml_node_t *root = yaml_document_get_root_node(&m->doc);
    if (!root || root->type != YAML_MAPPING_NODE) {
        manifest_error(m, root, "a manifest is a mapping with a 'cases' list");
        return false;
    }
    static const char *const top_keys[] = { "suite", "description", "program", "rule", "dot_accumulation",
                                            "max_while_iterations", "cases", NULL };
    check_keys(m, root, "the manifest", top_keys);
    m->program = map_get(m, root, "program");
    if (m->program && !sval(m->program))
        manifest_error(m, m->program, "program must be a file name");
    m->rule = map_get(m, root, "rule");
    io_rule r;
    if (m->rule)
        parse_rule_node(m, m->rule, &r);
    run_settings rs = { DOT_ACC_REF, 0 };
    apply_settings(m, root, &rs);
    m->cases = map_get(m, root, "cases");
    if (!m->cases || m->cases->type != YAML_SEQUENCE_NODE) {
        manifest_error(m, m->cases ? m->cases : root, "the manifest needs a 'cases' list");
        return false;
    }
    for (yaml_node_item_t *it = m->cases->data.sequence.items.start;
         it < m->cases->data.sequence.items.top; it++)
        validate_case(m, node_at(m, *it));
    return !m->bad;
}

static void manifest_free(manifest *m)
{
    if (m->loaded) {
        yaml_document_delete(&m->doc);
        yaml_parser_delete(&m->parser);
    }
    mem_free(m->dir);
}

static int case_count(const manifest *m)
{
    return m->cases ? (int)(m->cases->data.sequence.items.top - m->cases->data.sequence.items.start) : 0;
}

/* ---- running one case ---------------------------------------------------------- */

typedef struct {
    char *reason;  /* NULL: passed */
    bool bad;      /* a file or the program was unusable (exit 2) */
    char *updated; /* --update: "output 0 -> FILE, ..." rewritten, or NULL */
} case_outcome;

static void fail(case_outcome *o, bool bad, char *reason)
{
    if (!o->reason)
        o->reason = reason ? reason : xstrdup("out of memory");
    else
        mem_free(reason);
    o->bad |= bad;
}

/* The literal text of a `literal:` item as a tensor of type `want`. */
static tensor *literal_tensor(manifest *m, yaml_node_t *n, const tensor_type *want, char **why)
{
    const char *text = sval(n);
    char *wrapped = xprintf("[%s]", text);
    char *label = xprintf("%s:%lu:%lu (literal)", m->path, (unsigned long)n->start_mark.line + 1,
                          (unsigned long)n->start_mark.column + 1);
    tensor *t = NULL;
    if (!wrapped || !label) {
        *why = xstrdup("out of memory");
        goto done;
    }
    diag_source src = { .name = label, .text = wrapped, .len = strlen(wrapped), .out = stderr };
    ir_literal *lits;
    int n_lits;
    if (ir_parse_literals(&src, NULL, &lits, &n_lits) != 0) {
        *why = xprintf("%s: the literal does not parse (see above)", label);
        goto done;
    }
    if (n_lits != 1) {
        *why = xprintf("%s: give exactly one dense literal", label);
    } else if (!shape_equal(&lits[0].type, want)) {
        char a[SHAPE_MAX_RANK * 21 + 64], b[SHAPE_MAX_RANK * 21 + 64];
        shape_format(&lits[0].type, a, (int)sizeof a);
        shape_format(want, b, (int)sizeof b);
        *why = xprintf("%s: the literal has type %s but %s is expected", label, a, b);
    } else if ((t = rt_literal_tensor(&lits[0])) == NULL) {
        *why = xstrdup("out of memory");
    }
    ir_literals_free(lits, n_lits);
done:
    mem_free(wrapped);
    mem_free(label);
    return t;
}

/* Reads one input/output item as a tensor of type `want`. */
static tensor *item_tensor(manifest *m, yaml_node_t *item, const tensor_type *want, char **why)
{
    yaml_node_t *n;
    io_error err;
    if ((n = map_get(m, item, "literal")) != NULL)
        return literal_tensor(m, n, want, why);
    tensor *t;
    if ((n = map_get(m, item, "file")) != NULL) {
        char *path = resolve(m, sval(n));
        if (!path) {
            *why = xstrdup("out of memory");
            return NULL;
        }
        t = io_read_file(path, IO_FMT_UNKNOWN, want, &err);
        mem_free(path);
    } else {
        t = io_yaml_node_tensor(&m->doc, item, m->path, want, &err);
    }
    if (!t)
        *why = xstrdup(err.text);
    return t;
}

/* "2 checks failed in the program: check.expect_eq at p.mlir:5:3, ..." */
static char *checks_failed_text(const interp_outcome *out, const char *prog)
{
    char names[1024];
    size_t at = 0;
    names[0] = '\0';
    for (int k = 0; k < out->nfailed && at < sizeof names; k++) {
        const rt_failed_check *f = &out->failed[k];
        at += (size_t)snprintf(names + at, sizeof names - at, "%s%s at %s:%d:%d", k ? ", " : ": ",
                               ir_op_name(f->kind), prog, f->loc.line, f->loc.col);
    }
    return xprintf("%d check%s failed in the program%s%s", out->checks_failed, out->checks_failed == 1 ? "" : "s",
                   names, out->checks_failed > out->nfailed ? ", ..." : "");
}

/* --update: the result replaces output k's golden file. False (with the
 * reason in *why) when it cannot: an output given inline in the manifest,
 * or a write that failed. `reads` are the files the case reads, which the
 * write may not replace. */
static bool update_golden(manifest *m, yaml_node_t *item, int k, const tensor *result, const io_inputs *reads,
                          case_outcome *o, char **why)
{
    yaml_node_t *fn = map_get(m, item, "file");
    if (!fn) {
        *why = xprintf("output %d is written in the manifest (only file: outputs are updated)", k);
        return false;
    }
    char *path = resolve(m, sval(fn));
    if (!path) {
        *why = xstrdup("out of memory");
        return false;
    }
    io_error err;
    io_format fmt = io_format_from_path(path);
    irrun_status s = fmt == IO_FMT_UNKNOWN ? IRRUN_BAD_INPUT
                                           : io_write_file(path, fmt, result, IO_NPY_NAME, reads, &err);
    if (s != IRRUN_OK) {
        *why = fmt == IO_FMT_UNKNOWN ? xprintf("%s: not a .npy, .bin or .yaml name", path)
                                     : xprintf("output %d: %s", k, err.text);
        mem_free(path);
        return false;
    }
    char *note = o->updated ? xprintf("%s, output %d -> %s", o->updated, k, path)
                            : xprintf("output %d -> %s", k, path);
    mem_free(o->updated);
    o->updated = note;
    mem_free(path);
    return true;
}

/* The files a case reads: --update never writes over one of them. */
static irrun_status case_reads(manifest *m, const char *prog, yaml_node_t *inputs, io_inputs *reads)
{
    irrun_status s = io_inputs_add(reads, m->path);
    if (s == IRRUN_OK)
        s = io_inputs_add(reads, prog);
    for (yaml_node_item_t *it = inputs ? inputs->data.sequence.items.start : NULL;
         s == IRRUN_OK && inputs && it < inputs->data.sequence.items.top; it++) {
        const char *f = sval(map_get(m, node_at(m, *it), "file"));
        char *path = f ? resolve(m, f) : NULL;
        if (f && !path)
            s = IRRUN_NOMEM;
        else if (path)
            s = io_inputs_add(reads, path);
        mem_free(path);
    }
    return s;
}

/* What the command line sets for every case. */
typedef struct {
    run_settings run;
    io_show show;
} case_options;

/* Runs case `c`; a failing output's whole report goes to `details`. */
static void run_case(manifest *m, yaml_node_t *c, bool update, const case_options *co, FILE *details,
                     case_outcome *o)
{
    yaml_node_t *pn = map_get(m, c, "program");
    if (!pn)
        pn = m->program;
    char *prog = resolve(m, sval(pn));
    const char *entry = sval(map_get(m, c, "entry"));
    yaml_node_t *inputs = map_get(m, c, "inputs"), *outputs = map_get(m, c, "outputs");
    int nin = inputs ? (int)(inputs->data.sequence.items.top - inputs->data.sequence.items.start) : 0;
    int nout = outputs ? (int)(outputs->data.sequence.items.top - outputs->data.sequence.items.start) : 0;
    tensor **args = mem_calloc((size_t)nin + 1, sizeof *args);
    size_t len = 0;
    io_error err;
    /* a large artifact is mapped, not copied (docs/bytecode.md, "Large tensors") */
    bool mapped = false;
    size_t artifact_len = 0;
    unsigned char *text = prog ? (unsigned char *)io_slurp_map(prog, BC_MAGIC, BC_MAGIC_LEN, &len, &mapped, &err) : NULL;
    const unsigned char *artifact = NULL;
    diag_blob *blobs = NULL;
    size_t nblobs = 0;
    ir_module *mod = NULL;
    interp_outcome out = { 0 };
    io_inputs reads;
    io_inputs_init(&reads);
    if (!prog || !args) {
        fail(o, true, NULL);
        goto done;
    }
    if (!text) {
        fail(o, true, xstrdup(err.text));
        goto done;
    }
    if (bc_is_bytecode(text, len)) { /* a portable artifact: its text, its large tensors beside it (docs/bytecode.md) */
        size_t text_len;
        char *t = bc_to_text_blobs(text, len, prog, stderr, &text_len, &blobs, &nblobs);
        artifact = text;
        artifact_len = len;
        text = (unsigned char *)t;
        len = text_len;
        if (!text) {
            fail(o, true, xprintf("%s does not parse or check (see above)", prog));
            goto done;
        }
    }
    diag_source src = { .name = prog, .text = (const char *)text, .len = len, .out = stderr, .blobs = blobs,
                        .nblobs = nblobs };
    mod = ir_parse(&src, 0, len, 1);
    io_slurp_free(artifact, artifact_len, mapped); /* the blobs' bytes are in the literals now */
    artifact = NULL;
    if (!mod || quant_lower_module(mod, &src) != 0 || chlo_expand_module(mod, &src) != 0 || check_module(mod, &src) != 0) {
        fail(o, true, xprintf("%s does not parse or check (see above)", prog));
        goto done;
    }
    const ir_func *f = interp_entry(mod, entry);
    if (mod->nfuncs == 0) {
        fail(o, true, xprintf("%s: no function to run", prog));
        goto done;
    }
    if (!f) {
        char names[256];
        size_t at = 0;
        names[0] = '\0';
        for (int k = 0; k < mod->nfuncs && k < 8 && at < sizeof names; k++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s@%s", k ? ", " : "", mod->funcs[k].name);
        fail(o, true, xprintf("%s: no entry function %s%s; it has %s%s (name one with 'entry:')", prog,
                              entry ? "@" : "", entry ? entry : "(main, or a single function)", names,
                              mod->nfuncs > 8 ? ", ..." : ""));
        goto done;
    }
    if (f->nargs != nin) {
        fail(o, true, xprintf("@%s takes %d argument%s, the case gives %d inputs", f->name,
                              f->nargs, f->nargs == 1 ? "" : "s", nin));
        goto done;
    }
    for (int i = 0; i < nin; i++) {
        char *why = NULL;
        args[i] = item_tensor(m, node_at(m, inputs->data.sequence.items.start[i]),
                              &f->arg_types[i], &why);
        if (!args[i]) {
            fail(o, true, xprintf("input %d: %s", i, why ? why : "out of memory"));
            mem_free(why);
            goto done;
        }
    }
    run_settings rs = co->run;
    apply_settings(m, yaml_document_get_root_node(&m->doc), &rs);
    apply_settings(m, c, &rs);
    rt_options opt = { .entry = f->name, .hex_threshold = 100, .out = stderr, .err = stderr,
                           .args = args, .nargs = nin, .dot_acc = rs.dot_acc, .max_while_iterations = rs.max_while };
    /* the exit code's classes: ran, a check failed, could not run */
    int rc = cli_exit_code(interp_run_module(mod, &src, &opt, true, &out));
    if (rc == 2) {
        fail(o, false, xprintf("runtime error (see above)"));
        goto done;
    }
    if (rc == 1 || out.checks_failed) {
        fail(o, false, checks_failed_text(&out, prog));
        goto done;
    }
    if (outputs && out.nresults != nout) {
        fail(o, false, xprintf("@%s returned %d value%s, the case lists %d output%s", f->name,
                               out.nresults, out.nresults == 1 ? "" : "s", nout, nout == 1 ? "" : "s"));
        goto done;
    }
    if (update && case_reads(m, prog, inputs, &reads) != IRRUN_OK) {
        fail(o, true, NULL);
        goto done;
    }
    for (int k = 0; k < nout; k++) {
        yaml_node_t *item = node_at(m, outputs->data.sequence.items.start[k]);
        io_rule rule = { 0 };
        yaml_node_t *rn;
        /* manifest default, then case, then output: the nearest wins */
        if (m->rule)
            parse_rule_node(m, m->rule, &rule);
        if ((rn = map_get(m, c, "rule")) != NULL)
            parse_rule_node(m, rn, &rule);
        if ((rn = map_get(m, item, "rule")) != NULL)
            parse_rule_node(m, rn, &rule);
        apply_rule_keys(m, item, &rule);
        char *why = NULL;
        tensor *want = item_tensor(m, item, &out.results[k]->type, &why);
        irrun_status cr = IRRUN_BAD_INPUT;
        io_report rep;
        memset(&rep, 0, sizeof rep);
        char msg[1024];
        /* the summary names one element even when --show lists none */
        io_show show = co->show;
        if (show.count == 0)
            show.count = 1;
        if (want)
            cr = io_compare(want, out.results[k], &rule, &show, &rep, msg, sizeof msg);
        tensor_release(want);
        if (cr == IRRUN_OK) {
            io_report_free(&rep);
            mem_free(why);
            continue;
        }
        /* a golden file that is missing, unreadable or different is what
         * --update is for */
        char *update_why = NULL;
        if (update && update_golden(m, item, k, out.results[k], &reads, o, &update_why)) {
            io_report_free(&rep);
            mem_free(why);
            continue;
        }
        if (update_why) {
            fail(o, true, update_why);
        } else if (!want) {
            fail(o, true, xprintf("output %d: %s", k, why ? why : "out of memory"));
        } else {
            if (cr == IRRUN_CHECK_FAILED) {
                io_report_summary(&rep, msg, sizeof msg);
                char label[32];
                snprintf(label, sizeof label, "output %d", k);
                rep.show.count = co->show.count; /* the one listed for the summary alone goes */
                if (rep.nshown > rep.show.count && rep.show.count >= 0)
                    rep.nshown = rep.show.count;
                io_report_text(&rep, label, details);
            }
            char rd[160];
            io_rule_describe(&rule, rd, sizeof rd);
            fail(o, false, xprintf("output %d (%s): %s", k, rd, msg));
        }
        io_report_free(&rep);
        mem_free(why);
    }
done:
    io_inputs_free(&reads);
    interp_outcome_free(&out);
    for (int i = 0; args && i < nin; i++)
        tensor_release(args[i]);
    mem_free(args);
    ir_module_free(mod);
    mem_free(text); /* never the mapping: the artifact's text, or a text read */
    io_slurp_free(artifact, artifact_len, mapped);
    mem_free(blobs);
    mem_free(prog);
}

/* ---- output ----------------------------------------------------------------------- */

/* Text for an XML 1.0 attribute or element: markup characters as entities,
 * line breaks and tabs as character references (attribute values would
 * otherwise fold them into spaces), and what XML cannot hold at all (most
 * control characters, bytes that are not UTF-8) as a visible \xNN. */
static void xml_text(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = text_utf8_next(p + i, n - i, &cp);
        if (len == 0 || !text_xml_char(cp)) {
            fprintf(out, "\\x%02X", p[i]);
            i++;
            continue;
        }
        switch (cp) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        case '\n': case '\r': case '\t': fprintf(out, "&#%u;", (unsigned)cp); break;
        default: fwrite(p + i, 1, len, out);
        }
        i += len;
    }
}

/* The JUnit file is opened before any case runs, so a path that cannot be
 * written is reported at once, not after an hour of cases. */
/* Results in manifest order (an unusable manifest's error was kept before
 * any case ran), keeping the order of cases within a manifest. */
static int by_order(const void *a, const void *b)
{
    const case_result *x = a, *y = b;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static irrun_status write_junit(io_outfile *of, result_list *r)
{
    FILE *f = of->f;
    if (r->n > 1)
        qsort(r->v, (size_t)r->n, sizeof *r->v, by_order);
    int count[4] = { 0 };
    double total = 0;
    for (int i = 0; i < r->n; i++) {
        count[r->v[i].verdict]++;
        total += r->v[i].seconds;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"ir-run test\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.6f\">\n",
            r->n, count[CASE_FAILED], count[CASE_ERROR], total);
    for (int i = 0; i < r->n;) {
        /* one <testsuite> per manifest, cases in order */
        int j = i, fails = 0, errors = 0;
        double t = 0;
        while (j < r->n && strcmp(r->v[j].suite, r->v[i].suite) == 0) {
            fails += r->v[j].verdict == CASE_FAILED;
            errors += r->v[j].verdict == CASE_ERROR;
            t += r->v[j].seconds;
            j++;
        }
        fprintf(f, "  <testsuite name=\"");
        xml_text(f, r->v[i].suite);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" time=\"%.6f\">\n",
                j - i, fails, errors, t);
        for (int k = i; k < j; k++) {
            const case_result *c = &r->v[k];
            fprintf(f, "    <testcase classname=\"");
            xml_text(f, c->suite);
            fprintf(f, "\" name=\"");
            xml_text(f, c->name);
            fprintf(f, "\" time=\"%.6f\"", c->seconds);
            if (c->verdict == CASE_PASSED || !c->message) {
                fprintf(f, "/>\n");
                continue;
            }
            const char *tag = c->verdict == CASE_FAILED ? "failure" : c->verdict == CASE_ERROR ? "error" : "system-out";
            if (c->verdict == CASE_UPDATED) {
                fprintf(f, ">\n      <system-out>updated: ");
            } else {
                fprintf(f, ">\n      <%s message=\"", tag);
                xml_text(f, c->message);
                fprintf(f, "\">");
            }
            xml_text(f, c->message);
            if (c->details) {
                /* the reports of the failing outputs, figures and elements */
                xml_text(f, "\n");
                xml_text(f, c->details);
            }
            fprintf(f, "</%s>\n    </testcase>\n", tag);
        }
        fprintf(f, "  </testsuite>\n");
        i = j;
    }
    fprintf(f, "</testsuites>\n");
    io_error err;
    irrun_status s = io_outfile_commit(of, &err);
    if (s != IRRUN_OK)
        fprintf(stderr, "ir-run test: --junit: %s\n", err.text);
    return s;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void test_usage(FILE *out)
{
    fprintf(out, "usage: ir-run test [options] MANIFEST.yaml...\n"
                 "  runs every case of each manifest (docs/golden-files.md); prints PASS/FAIL\n"
                 "  per case and 'N passed, M failed'. Exit 0 all passed, 1 a case failed,\n"
                 "  2 a manifest, program or tensor file was unusable.\n"
                 "  --junit FILE       also write JUnit XML (checked writable before any case runs)\n"
                 "  --filter PATTERN   run only the cases whose name contains PATTERN, or matches\n"
                 "                     it as a shell wildcard pattern (*, ?, [...])\n"
                 "  --update           rewrite the golden files (file: outputs) of the cases whose\n"
                 "                     results differ from them or that are missing\n"
                 "  --quiet, -q        print only failures and the summary\n"
                 "  --dot-accumulation=ref|algorithm|f32|f64, --max-while-iterations=N\n"
                 "                     for every case whose manifest or case does not say\n"
                 "  --show N|all       under a FAIL line, the report of each failing output\n"
                 "                     listing N differing elements (also in JUnit: 10)\n"
                 "  --sort index|worst the first by index, or the worst (NaN first, then ULP)\n"
                 "  --shard K/N        run only the K-th of every N selected cases (K from 1 to N),\n"
                 "                     to spread a suite over N machines\n"
                 "  -j N, --jobs N     run N cases at once (separate processes; output stays\n"
                 "                     in manifest order)\n");
}

/* One case to run, as found in a manifest. */
typedef struct {
    manifest *m;
    yaml_node_t *node;
    char *name;
} case_ref;

/* What a case's process hands back under -j (fixed size: plain bytes). */
typedef struct {
    bool failed, bad, updated;
    double seconds;
    char message[1536];
} case_report;

typedef struct {
    case_ref *cases;
    int ncases;
    case_options options;
    bool show_details; /* --show or --sort: the reports under FAIL lines */
    FILE *details;     /* the cases' reports, in order (a temporary file) */
    long details_at;   /* where the next case's begin */
    bool update, quiet, tty;
    int done;
    int passed, failed, updated;
    bool any_bad;
    result_list res;
    const manifest *mans; /* a case's manifest index is its case_result order */
} test_run;

static bool keep_result(result_list *res, const char *suite, const char *name, case_verdict v, const char *message,
                        char *details, double seconds, int order)
{
    if (res->n == res->cap) {
        int cap = res->cap ? res->cap * 2 : 16;
        case_result *grown = mem_realloc(res->v, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        res->v = grown;
        res->cap = cap;
    }
    case_result r = { xstrdup(suite), xstrdup(name), message ? xstrdup(message) : NULL, details, seconds, v, order, res->n };
    if (!r.suite || !r.name || (message && !r.message)) {
        mem_free(r.suite);
        mem_free(r.name);
        mem_free(r.message);
        mem_free(r.details);
        return false;
    }
    res->v[res->n++] = r;
    return true;
}

/* Runs case k; in a child under -j, in-process otherwise. */
static void run_one(void *ctx, int k, FILE *out, FILE *extra, void *result)
{
    (void)out;
    test_run *t = ctx;
    case_report *r = result;
    case_outcome o = { 0 };
    double t0 = now();
    run_case(t->cases[k].m, t->cases[k].node, t->update, &t->options, extra, &o);
    r->seconds = now() - t0;
    r->failed = o.reason != NULL;
    r->bad = o.bad;
    r->updated = !o.reason && o.updated;
    const char *msg = o.reason ? o.reason : o.updated;
    snprintf(r->message, sizeof r->message, "%s", msg ? msg : "");
    mem_free(o.reason);
    mem_free(o.updated);
}

/* What the case just done wrote to t->details (its failing outputs'
 * reports), or NULL when nothing. */
static char *take_details(test_run *t)
{
    if (!t->details || fflush(t->details) != 0)
        return NULL;
    long end = ftell(t->details);
    if (end <= t->details_at)
        return NULL;
    char *text = mem_alloc((size_t)(end - t->details_at) + 1);
    size_t n = 0;
    if (text && fseek(t->details, t->details_at, SEEK_SET) == 0)
        n = fread(text, 1, (size_t)(end - t->details_at), t->details);
    fseek(t->details, 0, SEEK_END);
    t->details_at = end;
    if (text)
        text[n] = '\0';
    return text;
}

/* Case k's line and record, in manifest order. */
static void report_one(void *ctx, int k, const void *result, const char *why)
{
    test_run *t = ctx;
    const case_report *r = result;
    case_report lost = { .failed = true, .bad = true };
    if (!r) {
        snprintf(lost.message, sizeof lost.message, "%s", why ? why : "not run");
        r = &lost;
    }
    const case_ref *c = &t->cases[k];
    char *details = take_details(t);
    t->done++;
    t->any_bad |= r->bad;
    case_verdict v = r->failed ? CASE_FAILED : r->updated ? CASE_UPDATED : CASE_PASSED;
    t->failed += v == CASE_FAILED;
    t->passed += v == CASE_PASSED;
    t->updated += v == CASE_UPDATED;
    if (!t->quiet || v == CASE_FAILED) {
        if (t->tty)
            printf("[%d/%d] ", t->done, t->ncases);
        /* names and reasons come from files: nothing raw reaches a terminal */
        fputs(v == CASE_FAILED ? "FAIL " : v == CASE_UPDATED ? "UPDATED " : "PASS ", stdout);
        text_write_escaped(stdout, c->name, strlen(c->name), 0);
        if (v != CASE_PASSED) {
            fputs(": ", stdout);
            text_write_escaped(stdout, r->message, strlen(r->message), 1);
        }
        fputc('\n', stdout);
        if (v == CASE_FAILED && details && t->show_details)
            text_write_escaped(stdout, details, strlen(details), 1);
        fflush(stdout);
    }
    if (!keep_result(&t->res, c->m->path, c->name, v, v == CASE_PASSED ? NULL : r->message,
                     v == CASE_FAILED ? details : NULL, r->seconds, (int)(c->m - t->mans)))
        t->any_bad = true;
    if (v != CASE_FAILED)
        mem_free(details);
}

/* --filter: a wildcard pattern when it has wildcard characters, else a
 * part of the name */
static bool name_selected(const char *filter, const char *name)
{
    if (!filter)
        return true;
    if (strpbrk(filter, "*?["))
        return fnmatch(filter, name, 0) == 0;
    return strstr(name, filter) != NULL;
}

/* --shard K/N: 1 <= K <= N; false when the text is not that */
static bool parse_shard(const char *v, long *k, long *n)
{
    char *end;
    errno = 0;
    if (*v < '0' || *v > '9')
        return false;
    *k = strtol(v, &end, 10);
    if (errno || *end != '/' || end[1] < '0' || end[1] > '9')
        return false;
    *n = strtol(end + 1, &end, 10);
    return !errno && !*end && *k >= 1 && *k <= *n;
}

/* The cases of the valid manifests that --filter selects, and of those
 * (numbered from 0 in manifest order) the ones whose number is K-1 modulo N
 * for --shard K/N; NULL (with *n = -1) when out of memory. */
static case_ref *select_cases(manifest *mans, int nman, const char *filter, long shard_k, long shard_n, int *n)
{
    long selected = 0;
    int total = 0;
    for (int i = 0; i < nman; i++)
        total += mans[i].bad ? 0 : case_count(&mans[i]);
    case_ref *cases = mem_calloc((size_t)total + 1, sizeof *cases);
    *n = 0;
    if (!cases) {
        *n = -1;
        return NULL;
    }
    for (int i = 0; i < nman; i++) {
        manifest *m = &mans[i];
        if (m->bad)
            continue;
        yaml_node_item_t *it = m->cases->data.sequence.items.start;
        for (int k = 0; it < m->cases->data.sequence.items.top; it++, k++) {
            yaml_node_t *c = node_at(m, *it);
            const char *nm = sval(map_get(m, c, "name"));
            char *name = nm ? xstrdup(nm) : xprintf("case%d", k + 1);
            if (!name) {
                for (int j = 0; j < *n; j++)
                    mem_free(cases[j].name);
                *n = -1;
                return cases;
            }
            if (!name_selected(filter, name) || selected++ % shard_n != shard_k - 1) {
                mem_free(name);
                continue;
            }
            cases[(*n)++] = (case_ref){ m, c, name };
        }
    }
    return cases;
}

irrun_status cmd_test(int argc, char **argv)
{
    const char *junit = NULL, *filter = NULL;
    bool update = false, quiet = false, show_given = false;
    long shard_k = 1, shard_n = 1;
    case_options co = { { DOT_ACC_REF, 0 }, { IO_REPORT_FIRST, false, false } };
    int workers = 1, nman = 0;
    const char **paths = mem_calloc((size_t)argc + 1, sizeof *paths);
    if (!paths) {
        fprintf(stderr, "ir-run test: out of memory\n");
        return IRRUN_NOMEM;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int r;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            test_usage(stdout);
            mem_free(paths);
            return IRRUN_OK;
        } else if (strcmp(a, "--junit") == 0 && i + 1 < argc && argv[i + 1][0]) {
            junit = argv[++i];
        } else if (strncmp(a, "--junit=", 8) == 0 && a[8]) {
            junit = a + 8;
        } else if (strcmp(a, "--filter") == 0 && i + 1 < argc && argv[i + 1][0]) {
            filter = argv[++i];
        } else if (strncmp(a, "--filter=", 9) == 0 && a[9]) {
            filter = a + 9;
        } else if (strcmp(a, "--update") == 0) {
            update = true;
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            quiet = true;
        } else if ((r = cli_opt_value("test", "--dot-accumulation", argc, argv, &i, &v)) != 0) {
            if (r < 0 || dot_mode(v) < 0) {
                if (r > 0)
                    cli_opt_bad_value("test", "--dot-accumulation", v, "ref, algorithm, f32 or f64");
                mem_free(paths);
                return IRRUN_BAD_INPUT;
            }
            co.run.dot_acc = (dot_accumulation)dot_mode(v);
        } else if ((r = cli_opt_value("test", "--max-while-iterations", argc, argv, &i, &v)) != 0) {
            if (r < 0 || !positive(v)) {
                char want[64];
                snprintf(want, sizeof want, "a positive integer, at most %lu", ULONG_MAX);
                if (r > 0)
                    cli_opt_bad_value("test", "--max-while-iterations", v, want);
                mem_free(paths);
                return IRRUN_BAD_INPUT;
            }
            co.run.max_while = positive(v);
        } else if ((r = cli_show_option("test", argc, argv, &i, &co.show)) != 0) {
            if (r < 0) {
                mem_free(paths);
                return IRRUN_BAD_INPUT;
            }
            show_given = true;
        } else if ((r = cli_opt_value("test", "--shard", argc, argv, &i, &v)) != 0) {
            if (r < 0 || !parse_shard(v, &shard_k, &shard_n)) {
                if (r > 0)
                    cli_opt_bad_value("test", "--shard", v, "K/N with 1 <= K <= N");
                mem_free(paths);
                return IRRUN_BAD_INPUT;
            }
        } else if ((r = par_jobs_option("test", argc, argv, &i, &workers)) != 0) {
            if (r < 0) {
                mem_free(paths);
                return IRRUN_BAD_INPUT;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "ir-run test: unknown option or missing value '%s'\n", a);
            test_usage(stderr);
            mem_free(paths);
            return IRRUN_BAD_INPUT;
        } else {
            paths[nman++] = a;
        }
    }
    if (nman == 0) {
        fprintf(stderr, "ir-run test: no manifest given\n");
        test_usage(stderr);
        mem_free(paths);
        return IRRUN_BAD_INPUT;
    }
    cli_env_threads_check("test");
    io_inputs reads;
    io_inputs_init(&reads);
    irrun_status status = IRRUN_OK;
    for (int i = 0; i < nman && status == IRRUN_OK; i++)
        status = io_inputs_add(&reads, paths[i]);
    io_outfile junit_out;
    bool junit_open = false;
    if (status != IRRUN_OK) {
        fprintf(stderr, "ir-run test: out of memory\n");
    } else if (junit) {
        io_error err;
        status = io_outfile_open(&junit_out, junit, &reads, &err);
        if (status != IRRUN_OK)
            fprintf(stderr, "ir-run test: --junit: %s\n", err.text);
        junit_open = status == IRRUN_OK;
    }
    io_inputs_free(&reads);
    manifest *mans = status == IRRUN_OK ? mem_calloc((size_t)nman, sizeof *mans) : NULL;
    if (!mans) {
        if (status == IRRUN_OK)
            fprintf(stderr, "ir-run test: out of memory\n");
        if (junit_open)
            io_outfile_discard(&junit_out);
        mem_free(paths);
        return status == IRRUN_OK ? IRRUN_NOMEM : status;
    }
    test_run t = { .update = update, .quiet = quiet, .tty = cli_progress_allowed(fileno(stdout)), .mans = mans,
                   .options = co, .show_details = show_given, .details = tmpfile() };
    int errors = 0;
    for (int i = 0; i < nman; i++) {
        if (manifest_load(&mans[i], paths[i]))
            continue;
        /* an unusable manifest is a case of its own in the counts and the
         * JUnit report: CI shows it even when nobody reads the log */
        errors++;
        t.any_bad = true;
        if (!keep_result(&t.res, paths[i], "manifest", CASE_ERROR,
                         mans[i].first_error[0] ? mans[i].first_error : "the manifest is unusable", NULL, 0, i))
            status = IRRUN_NOMEM;
    }
    t.cases = select_cases(mans, nman, filter, shard_k, shard_n, &t.ncases);
    if (t.ncases < 0) {
        fprintf(stderr, "ir-run test: out of memory\n");
        status = IRRUN_NOMEM;
        t.ncases = 0;
    }
    if (filter && t.ncases == 0 && status == IRRUN_OK && shard_n == 1)
        fprintf(stderr, "ir-run test: --filter '%s' selects no case\n", filter);
    else if (shard_n > 1 && t.ncases == 0 && status == IRRUN_OK)
        fprintf(stderr, "ir-run test: shard %ld/%ld has no case (fewer cases than shards)\n", shard_k, shard_n);
    if (workers > 1 && t.ncases > 1) {
        par_plan plan = { t.ncases, workers, sizeof(case_report), run_one, report_one, NULL, &t, stdout,
                          t.details ? t.details : stderr };
        status = cli_worse(status, par_run(&plan));
    } else {
        case_report *r = mem_alloc(sizeof *r);
        for (int k = 0; k < t.ncases; k++) {
            if (r) {
                memset(r, 0, sizeof *r);
                fflush(stdout);
                run_one(&t, k, stdout, t.details ? t.details : stderr, r);
            }
            report_one(&t, k, r, "out of memory");
        }
        mem_free(r);
    }
    printf("%d passed, %d failed", t.passed, t.failed);
    if (t.updated)
        printf(", %d updated", t.updated);
    if (errors)
        printf(", %d manifest%s unusable", errors, errors == 1 ? "" : "s");
    putchar('\n');
    status = cli_worse(status, t.any_bad ? IRRUN_BAD_INPUT : t.failed ? IRRUN_CHECK_FAILED : IRRUN_OK);
    if (junit_open)
        status = cli_worse(status, write_junit(&junit_out, &t.res));
    for (int i = 0; i < t.res.n; i++) {
        mem_free(t.res.v[i].suite);
        mem_free(t.res.v[i].name);
        mem_free(t.res.v[i].message);
        mem_free(t.res.v[i].details);
    }
    mem_free(t.res.v);
    if (t.details)
        fclose(t.details);
    for (int k = 0; k < t.ncases; k++)
        mem_free(t.cases[k].name);
    mem_free(t.cases);
    for (int i = 0; i < nman; i++)
        manifest_free(&mans[i]);
    mem_free(mans);
    mem_free(paths);
    if (fflush(stdout) != 0)
        status = cli_worse(status, IRRUN_BAD_INPUT);
    return status;
}
