/* irrun_module: a parsed and checked program with its functions'
 * signatures, and every message about it returned as a string. */
#include "check/check.h"
#include "api/api_internal.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bytecode/bc.h"
#include "bytecode/bc_write.h"
#include "chlo/chlo.h"
#include "quant/quant.h"
#include "interp/interp.h"
#include "io/tensor_io.h"
#include "util/mem.h"
#include "util/membuf.h"

void irrun_string_free(char *s) { mem_free(s); }

void irrun_module_free(irrun_module *m)
{
    if (!m)
        return;
    ir_module_free(m->ir);
    for (int i = 0; i < m->nstrings; i++)
        mem_free(m->strings[i]);
    mem_free(m->strings);
    mem_free(m->types);
    mem_free(m->funcs);
    mem_free(m->name);
    mem_free(m->text);
    mem_free(m->blobs);
    mem_free(m);
}

/* A string the module owns (freed with it); NULL when out of memory. */
static char *keep(irrun_module *m, char *s)
{
    if (s)
        m->strings[m->nstrings++] = s;
    return s;
}

static char *type_text(const tensor_type *t)
{
    char small[256];
    int n = shape_format(t, small, (int)sizeof small);
    char *s = mem_alloc((size_t)n + 1);
    if (s)
        shape_format(t, s, n + 1);
    return s;
}

static bool describe_type(irrun_module *m, const tensor_type *t, irrun_type *out)
{
    shape_kind k = shape_kind_of(t);
    out->kind = k == SHAPE_TENSOR ? IRRUN_TYPE_TENSOR : k == SHAPE_TOKEN ? IRRUN_TYPE_TOKEN : IRRUN_TYPE_TUPLE;
    out->element_type = k == SHAPE_TENSOR ? et_get(t->elem)->name : NULL;
    out->rank = k == SHAPE_TENSOR ? t->rank : 0;
    out->dims = t->dims;
    out->text = keep(m, type_text(t));
    return out->text != NULL;
}

/* Appends `t` at s + *at (the caller sized s): strcat would rescan the
 * whole text for every argument, quadratic in a 100k-argument signature. */
static void put(char *s, size_t *at, const char *t)
{
    size_t n = strlen(t);
    memcpy(s + *at, t, n + 1);
    *at += n;
}

/* "(A, B) -> R", "(A) -> (R1, R2)", "() -> ()": MLIR's function type. */
static char *signature_text(const irrun_function *f)
{
    size_t n = 16;
    for (int i = 0; i < f->nargs; i++)
        n += strlen(f->args[i].text) + 2;
    for (int i = 0; i < f->nresults; i++)
        n += strlen(f->results[i].text) + 2;
    char *s = mem_alloc(n);
    if (!s)
        return NULL;
    size_t at = 0;
    put(s, &at, "(");
    for (int i = 0; i < f->nargs; i++) {
        if (i)
            put(s, &at, ", ");
        put(s, &at, f->args[i].text);
    }
    put(s, &at, f->nresults == 1 ? ") -> " : ") -> (");
    for (int i = 0; i < f->nresults; i++) {
        if (i)
            put(s, &at, ", ");
        put(s, &at, f->results[i].text);
    }
    if (f->nresults != 1)
        put(s, &at, ")");
    return s;
}

static irrun_status describe_functions(irrun_module *m)
{
    const ir_module *ir = m->ir;
    int ntypes = 0;
    for (int i = 0; i < ir->nfuncs; i++)
        ntypes += ir->funcs[i].nargs + ir->funcs[i].nresults;
    m->funcs = mem_calloc((size_t)ir->nfuncs + 1, sizeof *m->funcs);
    m->types = mem_calloc((size_t)ntypes + 1, sizeof *m->types);
    m->strings = mem_calloc((size_t)(ntypes + ir->nfuncs) + 1, sizeof *m->strings);
    if (!m->funcs || !m->types || !m->strings)
        return IRRUN_NOMEM;
    irrun_type *t = m->types;
    for (int i = 0; i < ir->nfuncs; i++) {
        const ir_func *f = &ir->funcs[i];
        irrun_function *d = &m->funcs[i];
        d->name = f->name;
        d->is_public = !f->is_private;
        d->has_body = f->has_body;
        d->nargs = f->nargs;
        d->args = t;
        for (int k = 0; k < f->nargs; k++)
            if (!describe_type(m, &f->arg_types[k], t++))
                return IRRUN_NOMEM;
        d->nresults = f->nresults;
        d->results = t;
        for (int k = 0; k < f->nresults; k++)
            if (!describe_type(m, &f->result_types[k], t++))
                return IRRUN_NOMEM;
        if (!(d->signature = keep(m, signature_text(d))))
            return IRRUN_NOMEM;
        m->nfuncs++;
    }
    return IRRUN_OK;
}

/* IRRUN_BAD_INPUT for an argument the call cannot take, with "error: ..."
 * in *diagnostics when it can be said (NULL when out of memory). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static irrun_status refuse(char **diagnostics, const char *fmt, ...)
{
    if (diagnostics) {
        char text[200];
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(text, sizeof text, fmt, ap);
        va_end(ap);
        *diagnostics = mem_alloc(sizeof "error: \n" + (size_t)n);
        if (*diagnostics)
            snprintf(*diagnostics, sizeof "error: \n" + (size_t)n, "error: %s\n", text);
    }
    return IRRUN_BAD_INPUT;
}

/* Takes `text` and `blobs` (mem_alloc'ed, freed here on failure). The
 * blobs' bytes need to last only through the parse: from then on they are
 * the literals' (diag_source.rebind_blobs). */
static irrun_status load(char *text, size_t len, diag_blob *blobs, size_t nblobs, int first_line, const char *name,
                         irrun_module **module, char **diagnostics)
{
    *module = NULL;
    if (diagnostics)
        *diagnostics = NULL;
    irrun_module *m = mem_calloc(1, sizeof *m);
    membuf msgs;
    if (!m || membuf_open(&msgs) != 0) {
        mem_free(m);
        mem_free(text);
        mem_free(blobs);
        return IRRUN_NOMEM;
    }
    m->text = text;
    m->len = len;
    m->blobs = blobs;
    m->nblobs = nblobs;
    m->first_line = first_line;
    m->name = mem_strndup(name, strlen(name));
    irrun_status s = IRRUN_NOMEM;
    if (m->name) {
        diag_source src = { .name = m->name, .text = text, .len = len, .out = msgs.f, .first_line = first_line,
                            .blobs = blobs, .nblobs = nblobs, .rebind_blobs = true };
        m->ir = api_read_module(&src, len, first_line, false);
        if (!m->ir)
            s = IRRUN_BAD_INPUT;
        else if ((s = describe_functions(m)) != IRRUN_OK)
            fputs("error: out of memory\n", msgs.f);
    }
    char *said = membuf_take(&msgs);
    if (s == IRRUN_OK && !said)
        s = IRRUN_NOMEM;
    if (diagnostics)
        *diagnostics = said;
    else
        mem_free(said);
    if (s != IRRUN_OK)
        irrun_module_free(m);
    else
        *module = m;
    return s;
}

/* MLIR bytecode (a StableHLO portable artifact) read as the StableHLO text
 * it holds (docs/bytecode.md): that text is what the module keeps, and the
 * messages about it quote its lines. */
static irrun_status load_bytecode(const void *bytes, size_t len, const char *name, irrun_module **module,
                                  char **diagnostics)
{
    membuf msgs;
    if (membuf_open(&msgs) != 0)
        return IRRUN_NOMEM;
    size_t text_len = 0, nblobs = 0;
    diag_blob *blobs = NULL;
    char *text = bc_to_text_blobs(bytes, len, name, msgs.f, &text_len, &blobs, &nblobs);
    char *said = membuf_take(&msgs);
    if (!text) {
        if (diagnostics)
            *diagnostics = said;
        else
            mem_free(said);
        return said ? IRRUN_BAD_INPUT : IRRUN_NOMEM;
    }
    mem_free(said);
    /* the large tensors go from the artifact into the literals, not
     * through the text; the artifact is the caller's, no longer read after
     * this */
    irrun_status s = load(text, text_len, blobs, nblobs, 1, name, module, diagnostics);
    /* a blob no literal was built from still points into the artifact:
     * nothing to read again */
    uintptr_t from = (uintptr_t)bytes, to = from + len;
    for (size_t k = 0; s == IRRUN_OK && k < nblobs; k++)
        if ((uintptr_t)blobs[k].data >= from && (uintptr_t)blobs[k].data < to)
            blobs[k] = (diag_blob){ NULL, 0 };
    return s;
}

irrun_status irrun_module_load_text(const char *text, size_t len, const char *name, irrun_module **module,
                                    char **diagnostics)
{
    return irrun_module_load_chunk(text, len, 1, name, module, diagnostics);
}

irrun_status irrun_module_load_chunk(const char *text, size_t len, int first_line, const char *name,
                                     irrun_module **module, char **diagnostics)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!module)
        return refuse(diagnostics, "the module's out-parameter is NULL");
    *module = NULL;
    /* (an artifact has no lines: its 100 MB are not scanned for them) */
    if (bc_is_bytecode(text, len))
        return load_bytecode(text, len, name ? name : "<text>", module, diagnostics);
    /* every line's number must fit the int locations count in */
    size_t lines = 0;
    for (const char *p = text, *end = text ? text + len : NULL; p && (p = memchr(p, '\n', (size_t)(end - p))); p++)
        lines++;
    if (first_line > 1 && lines > (size_t)(INT_MAX - first_line))
        return refuse(diagnostics, "first_line %d: the text's %zu more lines would be numbered past %d", first_line,
                      lines, INT_MAX);
    /* a copy: the caller's text may go, and the parser wants a NUL past the
     * end (as io_slurp gives) */
    char *copy = text ? mem_strndup(text, len) : NULL;
    if (!copy)
        return text ? IRRUN_NOMEM : refuse(diagnostics, "the text is NULL");
    return load(copy, len, NULL, 0, first_line > 1 ? first_line : 1, name ? name : "<text>", module, diagnostics);
}

irrun_status irrun_module_load_file(const char *path, irrun_module **module, char **diagnostics)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!module)
        return refuse(diagnostics, "the module's out-parameter is NULL");
    *module = NULL;
    if (!path)
        return refuse(diagnostics, "the path is NULL");
    io_error err;
    size_t len;
    bool mapped; /* a large artifact: read in place (docs/bytecode.md, "Large tensors") */
    const unsigned char *text = io_slurp_map(path, BC_MAGIC, BC_MAGIC_LEN, &len, &mapped, &err);
    if (!text) {
        *module = NULL;
        if (diagnostics) {
            size_t n = strlen(err.text);
            *diagnostics = mem_alloc(n + 2);
            if (*diagnostics) {
                memcpy(*diagnostics, err.text, n);
                memcpy(*diagnostics + n, "\n", 2);
            }
        }
        return IRRUN_BAD_INPUT;
    }
    if (bc_is_bytecode(text, len)) {
        irrun_status s = load_bytecode(text, len, path, module, diagnostics);
        io_slurp_free(text, len, mapped);
        return s;
    }
    return load((char *)text, len, NULL, 0, 1, path, module, diagnostics); /* read, not mapped: the prefix differs */
}

int irrun_function_count(const irrun_module *m) { return m ? m->nfuncs : 0; }

const irrun_function *irrun_function_at(const irrun_module *m, int index)
{
    return m && index >= 0 && index < m->nfuncs ? &m->funcs[index] : NULL;
}

const irrun_function *irrun_function_find(const irrun_module *m, const char *entry)
{
    const ir_func *f = m ? interp_entry(m->ir, entry) : NULL;
    return f ? &m->funcs[f - m->ir->funcs] : NULL;
}

const char *irrun_function_arg_name(const irrun_module *m, const irrun_function *function, int index)
{
    if (!m || !function || function < m->funcs || function >= m->funcs + m->nfuncs)
        return NULL;
    const ir_func *f = &m->ir->funcs[function - m->funcs];
    return index >= 0 && index < f->nargs && f->arg_locs ? f->arg_locs[index] : NULL;
}

/* Whether a block (or a body inside it) has a chlo op (or a
 * uniform_quantize) kept for its native kernel (ir_op.native). */
static bool has_native(const ir_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i].native)
            return true;
        for (int k = 0; k < b->ops[i].nregions; k++)
            if (has_native(&b->ops[i].regions[k]))
                return true;
    }
    return false;
}

/* api_internal.h */
ir_module *api_read_module(diag_source *src, size_t len, int first_line, bool decompose)
{
    ir_module *ir = ir_parse(src, 0, len, first_line);
    if (ir && ((decompose ? quant_lower_module_as(ir, src, true) : quant_lower_module(ir, src)) != 0 ||
               (decompose ? chlo_expand_module_as(ir, src, true) : chlo_expand_module(ir, src)) != 0 ||
               check_module(ir, src) != 0)) {
        ir_module_free(ir);
        ir = NULL;
    }
    return ir;
}

/* The module with every chlo op decomposed and every quantized op lowered
 * (docs/chlo.md, docs/quantization.md: --emit=ir prints what
 * stablehlo-opt --chlo-legalize-to-stablehlo writes, also for the ops that
 * run natively): read again from its text; NULL when out of memory. */
static ir_module *decomposed(const irrun_module *m)
{
    membuf msgs;
    if (membuf_open(&msgs) != 0)
        return NULL;
    diag_source src = { .name = m->name, .text = m->text, .len = m->len, .out = msgs.f, .first_line = m->first_line,
                        .blobs = m->blobs, .nblobs = m->nblobs };
    ir_module *ir = api_read_module(&src, m->len, m->first_line, true);
    mem_free(membuf_take(&msgs));
    return ir;
}

/* (issue 36) --emit=bytecode: the module irrun_module_print prints, as an
 * artifact (src/bytecode/bc_write.c) */
irrun_status irrun_module_write_bytecode(const irrun_module *m, const char *target, char **bytes, size_t *len,
                                         char **diagnostics)
{
    if (diagnostics)
        *diagnostics = NULL;
    if (!bytes || !len || !m || !target)
        return IRRUN_BAD_INPUT;
    *bytes = NULL;
    *len = 0;
    bool native = false;
    for (int f = 0; f < m->ir->nfuncs && !native; f++)
        native = m->ir->funcs[f].has_body && has_native(&m->ir->funcs[f].body);
    ir_module *ir = native ? decomposed(m) : m->ir;
    membuf msgs;
    if (!ir || membuf_open(&msgs) != 0) {
        if (native)
            ir_module_free(ir);
        return IRRUN_NOMEM;
    }
    diag_source src = { .name = m->name, .text = m->text, .len = m->len, .out = msgs.f,
                        .first_line = m->first_line, .blobs = m->blobs, .nblobs = m->nblobs };
    unsigned char *out = bc_write_module(ir, target, &src, len);
    if (native)
        ir_module_free(ir);
    char *said = membuf_take(&msgs);
    if (!out) {
        bool nomem = !said || strstr(said, "out of memory") != NULL;
        if (diagnostics)
            *diagnostics = said;
        else
            mem_free(said);
        return nomem ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    }
    mem_free(said);
    *bytes = (char *)out;
    return IRRUN_OK;
}

irrun_status irrun_module_print(const irrun_module *m, char **text)
{
    if (!text)
        return IRRUN_BAD_INPUT;
    *text = NULL;
    bool native = false;
    for (int f = 0; m && f < m->ir->nfuncs && !native; f++)
        native = m->ir->funcs[f].has_body && has_native(&m->ir->funcs[f].body);
    ir_module *ir = native ? decomposed(m) : m ? m->ir : NULL;
    membuf out;
    if (!ir || membuf_open(&out) != 0) {
        if (native)
            ir_module_free(ir);
        return m ? IRRUN_NOMEM : IRRUN_BAD_INPUT;
    }
    int failed = ir_print_module(ir, out.f);
    if (native)
        ir_module_free(ir);
    char *said = membuf_take(&out);
    if (failed || !said) {
        mem_free(said);
        return IRRUN_NOMEM;
    }
    *text = said;
    return IRRUN_OK;
}
