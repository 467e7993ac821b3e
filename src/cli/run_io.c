/* --input / --output-dir / --expect for the run command (see run_io.h). */
#include "cli/run_io.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/exit.h"
#include "cli/options.h"
#include "io/outfile.h"
#include "util/mem.h"
#include "util/membuf.h"
#include "util/text.h"

void cli_files_init(cli_files *o)
{
    memset(o, 0, sizeof *o);
    o->output_format = IO_FMT_NPY;
    o->npy_descr = IO_NPY_NAME;
    o->show = (io_show){ IO_REPORT_FIRST, false, false };
}

/* Splits "KEY=PATH" at the first '='. */
static bool split_pair(const char *v, const char **key, size_t *klen, const char **path)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v || !eq[1])
        return false;
    *key = v;
    *klen = (size_t)(eq - v);
    *path = eq + 1;
    return true;
}

static bool parse_index(const char *s, size_t len, int *out)
{
    if (len == 0 || len > 6)
        return false;
    int v = 0;
    for (size_t k = 0; k < len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return false;
        v = v * 10 + (s[k] - '0');
    }
    *out = v;
    return true;
}

int cli_files_option(cli_files *o, int argc, char **argv, int *i)
{
    const char *v, *key, *path;
    size_t klen;
    int r;
    if ((r = cli_opt_value(NULL, "--input", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (!split_pair(v, &key, &klen, &path))
            return cli_opt_bad_value(NULL, "--input", v, "NAME_OR_INDEX=FILE");
        if (o->ninputs == CLI_FILES_MAX)
            return cli_opt_bad_value(NULL, "--input", v, "at most 64 inputs");
        /* the key stays inside argv: remember its length through a copy of
         * the pointer pair (argv outlives the run) */
        o->inputs[o->ninputs].key = key;
        o->inputs[o->ninputs].path = path;
        o->ninputs++;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--expect", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        int idx;
        if (!split_pair(v, &key, &klen, &path) || !parse_index(key, klen, &idx))
            return cli_opt_bad_value(NULL, "--expect", v, "INDEX=FILE");
        if (o->nexpect == CLI_FILES_MAX)
            return cli_opt_bad_value(NULL, "--expect", v, "at most 64 expectations");
        o->expect[o->nexpect].index = idx;
        o->expect[o->nexpect].path = path;
        /* the options given before any --expect are every one's default */
        o->expect[o->nexpect].rule = o->rule;
        o->expect[o->nexpect].seen = 0;
        o->nexpect++;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--output-dir", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (!*v)
            return cli_opt_bad_value(NULL, "--output-dir", v, "a directory name");
        o->output_dir = v;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--output-format", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if ((o->output_format = io_format_lookup(v)) == IO_FMT_UNKNOWN)
            return cli_opt_bad_value(NULL, "--output-format", v, "npy, bin or yaml");
        o->output_format_given = true;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--npy-descr", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (strcmp(v, "u1") == 0 || strcmp(v, "plain") == 0)
            o->npy_descr = IO_NPY_PLAIN;
        else if (strcmp(v, "name") == 0)
            o->npy_descr = IO_NPY_NAME;
        else
            return cli_opt_bad_value(NULL, "--npy-descr", v, "u1 or name");
        o->output_format_given = true;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--report", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        o->report_json = strcmp(v, "json") == 0;
        o->report_html = strcmp(v, "html") == 0;
        if (!o->report_json && !o->report_html && strcmp(v, "text") != 0)
            return cli_opt_bad_value(NULL, "--report", v, "text, json or html");
        o->report_given = true;
        return 1;
    }
    if ((r = cli_opt_value(NULL, "--report-file", argc, argv, i, &v)) != 0) {
        if (r < 0)
            return -1;
        if (!*v)
            return cli_opt_bad_value(NULL, "--report-file", v, "a file name");
        o->report_file = v;
        if (!o->report_given) /* x.html: a page unless --report says otherwise */
            o->report_html = io_html_file_name(v);
        return 1;
    }
    /* a rule option belongs to the last --expect before it, or to the
     * default when none is; given twice there, it is refused (the second
     * was probably meant for another --expect) */
    cli_files_expect *x = o->nexpect ? &o->expect[o->nexpect - 1] : NULL;
    int which = 0;
    if ((r = cli_rule_option(NULL, argc, argv, i, x ? &x->rule : &o->rule, &which)) != 0) {
        if (r < 0)
            return r;
        o->rule_given = true;
        unsigned *seen = x ? &x->seen : &o->rule_seen;
        if (*seen & (1u << which)) {
            if (x)
                fprintf(stderr, "ir-run: %s is given twice for --expect %d=%s (rule options after an --expect "
                                "are that one's; give each --expect its own)\n",
                        cli_rule_options[which], x->index, x->path);
            else
                fprintf(stderr, "ir-run: %s is given twice before the first --expect (where it is the "
                                "default of every --expect)\n", cli_rule_options[which]);
            return -1;
        }
        *seen |= 1u << which;
        return 1;
    }
    const char *a = argv[*i];
    if (a[0] == '-' && a[1] == '-')
        a++;
    if (strcmp(a, "-convert-exact") == 0 || strcmp(a, "-reshape") == 0) {
        *(a[1] == 'c' ? &o->read_opts.convert_exact : &o->read_opts.reshape) = true;
        return 1;
    }
    if ((r = cli_show_option(NULL, argc, argv, i, &o->show)) != 0) {
        if (r > 0)
            o->show_given = true;
        if (r == 2)
            o->sort_given = true;
        return r < 0 ? r : 1;
    }
    return 0;
}

irrun_status cli_files_validate(const cli_files *o)
{
    const char *idle = NULL, *needs = NULL;
    if (!o->nexpect && (o->rule_given || o->report_given || o->report_file || o->show_given)) {
        idle = o->rule_given ? "a comparison rule (--max-ulp, --atol, ...)"
               : o->report_given ? "--report" : o->show_given ? "--show and --sort" : "--report-file";
        needs = "--expect INDEX=FILE";
    } else if (!o->nexpect && !o->ninputs && (o->read_opts.convert_exact || o->read_opts.reshape)) {
        idle = "--convert-exact and --reshape";
        needs = "--input or --expect";
    } else if (o->report_html && !o->report_file) {
        idle = "--report html";
        needs = "--report-file FILE (a page, not for stderr)";
    } else if (!o->output_dir && o->output_format_given) {
        idle = "--output-format and --npy-descr";
        needs = "--output-dir DIR";
    }
    if (!idle)
        return IRRUN_OK;
    fprintf(stderr, "ir-run: %s does nothing without %s (see ir-run --help)\n", idle, needs);
    return IRRUN_BAD_INPUT;
}

irrun_status cli_files_report_open(cli_files *o, const io_inputs *reads)
{
    o->report = stderr;
    if (o->report_file) {
        io_error e;
        irrun_status s = io_outfile_open(&o->report_out, o->report_file, reads, &e);
        if (s != IRRUN_OK) {
            fprintf(stderr, "ir-run: --report-file: %s\n", e.text);
            return s;
        }
        o->report = o->report_out.f;
    }
    /* one JSON document for the run, whatever the number of reports */
    if (o->report_json && o->nexpect)
        fputs("{\"reports\": [\n", o->report);
    /* one page: the heat maps collected, the worst elements listed unless
     * --sort says otherwise */
    if (o->report_html && o->nexpect) {
        o->show.heat = true;
        if (!o->sort_given)
            o->show.worst = true;
        if (io_html_open(&o->html, o->report, "ir-run: --expect reports") != IRRUN_OK) {
            fprintf(stderr, "ir-run: out of memory\n");
            o->report_html = false;
            return IRRUN_NOMEM;
        }
    }
    return IRRUN_OK;
}

irrun_status cli_files_report_close(cli_files *o)
{
    if (o->report_json && o->nexpect && o->report)
        fputs(o->json_entries ? "\n]}\n" : "]}\n", o->report);
    irrun_status hs = IRRUN_OK;
    if (o->report_html && o->nexpect && o->report) {
        o->report_html = false;
        if ((hs = io_html_close(&o->html)) != IRRUN_OK)
            fprintf(stderr, "ir-run: --report-file: out of memory for the summary\n");
    }
    if (!o->report_file || o->report == stderr || !o->report)
        return hs;
    o->report = NULL;
    io_error e;
    irrun_status s = io_outfile_commit(&o->report_out, &e);
    if (s != IRRUN_OK)
        fprintf(stderr, "ir-run: --report-file: %s\n", e.text);
    return cli_worse(hs, s);
}

irrun_status cli_files_prepare(const cli_files *o)
{
    if (!o->output_dir)
        return IRRUN_OK;
    size_t n = strlen(o->output_dir);
    char *dir = mem_strndup(o->output_dir, n);
    if (!dir) {
        fputs("ir-run: out of memory\n", stderr);
        return IRRUN_NOMEM;
    }
    /* each parent in turn, then the directory itself */
    int made = 0;
    for (size_t k = 1; k <= n && made == 0; k++) {
        if (k < n && dir[k] != '/')
            continue;
        char saved = dir[k];
        dir[k] = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            made = errno;
        dir[k] = saved;
    }
    mem_free(dir);
    struct stat st;
    const char *why = NULL;
    if (stat(o->output_dir, &st) != 0)
        why = strerror(made ? made : errno);
    else if (!S_ISDIR(st.st_mode))
        why = "not a directory";
    else if (access(o->output_dir, W_OK | X_OK) != 0)
        why = strerror(errno);
    if (!why)
        return IRRUN_OK;
    fprintf(stderr, "ir-run: --output-dir %s: cannot create or write into it: %s\n", o->output_dir, why);
    return IRRUN_BAD_INPUT;
}

bool cli_files_want_results(const cli_files *o) { return o->output_dir || o->nexpect; }

irrun_status cli_files_add_reads(const cli_files *o, io_inputs *reads)
{
    /* an existing report file is replaced, never read: no entry here */
    for (int k = 0; k < o->ninputs; k++)
        if (io_inputs_add(reads, o->inputs[k].path) != IRRUN_OK)
            return IRRUN_NOMEM;
    for (int k = 0; k < o->nexpect; k++)
        if (io_inputs_add(reads, o->expect[k].path) != IRRUN_OK)
            return IRRUN_NOMEM;
    return IRRUN_OK;
}

/* name (NUL-terminated, may be NULL) equals key[0..klen) */
static bool same_name(const char *name, const char *key, size_t klen)
{
    return name && strlen(name) == klen && memcmp(name, key, klen) == 0;
}

/* The argument an --input key names: a decimal index, an argument name
 * (with or without '%'), or the name its `loc("name")` gives (JAX's
 * argument names). -1 when none, -2 when the key is a location name
 * several arguments share. */
static int arg_of(const ir_func *f, const char *key, size_t klen)
{
    int idx;
    if (parse_index(key, klen, &idx))
        return idx < f->nargs ? idx : -1;
    if (klen && key[0] == '%') {
        key++;
        klen--;
    }
    for (int a = 0; a < f->nargs && f->values; a++) {
        const char *name = f->values[f->body.args[a]].name;
        if (same_name(name, key, klen))
            return a;
    }
    /* a location name two arguments share names neither (as in Python's
     * arg_names) */
    int found = -1;
    for (int a = 0; a < f->nargs && f->arg_locs; a++) {
        const char *name = f->arg_locs[a];
        if (same_name(name, key, klen)) {
            if (found >= 0)
                return -2;
            found = a;
        }
    }
    return found;
}

/* What an --input key may be for f: "0 = %arg0 or x, 1 = %arg1, ..." (the
 * first 16; names from the file escaped). */
static void list_args(const ir_func *f, FILE *err)
{
    for (int a = 0; a < f->nargs && a < 16; a++) {
        const char *name = f->values ? f->values[f->body.args[a]].name : NULL;
        const char *loc = f->arg_locs ? f->arg_locs[a] : NULL;
        fprintf(err, "%s%d", a ? ", " : "", a);
        if (name) {
            fputs(" = %", err);
            text_write_escaped(err, name, strlen(name), 0);
        }
        if (loc) {
            fputs(name ? " or " : " = ", err);
            text_write_escaped(err, loc, strlen(loc), 0);
        }
    }
    if (f->nargs > 16)
        fprintf(err, ", ... (%d in all)", f->nargs);
}

irrun_status cli_files_inputs(const cli_files *o, const ir_func *f, tensor **args, FILE *err)
{
    irrun_status rc = IRRUN_OK;
    for (int k = 0; k < o->ninputs; k++) {
        const cli_files_input *in = &o->inputs[k];
        size_t klen = (size_t)(in->path - 1 - in->key);
        int a = arg_of(f, in->key, klen);
        if (a == -2) {
            fprintf(err, "ir-run: --input %.*s: the name of several arguments of @%s (", (int)klen, in->key, f->name);
            for (int b = 0, n = 0; b < f->nargs; b++)
                if (same_name(f->arg_locs[b], in->key, klen))
                    fprintf(err, "%s%d", n++ ? ", " : "", b);
            fputs("), through their locations; give an index\n", err);
            rc = IRRUN_BAD_INPUT;
            continue;
        }
        if (a < 0) {
            fprintf(err, "ir-run: --input %.*s: @%s has no such argument; ", (int)klen, in->key, f->name);
            if (f->nargs) {
                fputs("give an index or a name: ", err);
                list_args(f, err);
            } else {
                fputs("it takes no arguments", err);
            }
            fputc('\n', err);
            rc = IRRUN_BAD_INPUT;
            continue;
        }
        if (args[a]) {
            fprintf(err, "ir-run: --input %.*s: argument %d is given twice\n", (int)klen, in->key, a);
            rc = IRRUN_BAD_INPUT;
            continue;
        }
        io_error e;
        /* a dynamic argument (docs/shape-polymorphism.md) takes the file's
         * shape; refinement checks it against the static dimensions */
        io_expect want = f->arg_types[a];
        if (!shape_is_static(&want))
            want.rank = -1;
        args[a] = io_read_file_opts(in->path, IO_FMT_UNKNOWN, &want, &o->read_opts, &e);
        if (!args[a]) {
            fprintf(err, "ir-run: --input: %s\n", e.text);
            rc = IRRUN_BAD_INPUT;
        }
    }
    return rc;
}

void cli_files_json_join(cli_files *o, long entries_before, long entries_next)
{
    if (o->report_json && entries_before && entries_next && o->report)
        fputs(",\n", o->report);
}

/* "program": .., "chunk": .., "result": .., "file": .., for a JSON entry;
 * NULL when out of memory */
static char *json_entry_keys(const char *program, int chunk, int index, const char *file)
{
    membuf b;
    if (membuf_open(&b) != 0)
        return NULL;
    fputs("\"program\": ", b.f);
    io_json_string(b.f, program);
    if (chunk >= 0)
        fprintf(b.f, ", \"chunk\": %d", chunk);
    fprintf(b.f, ", \"result\": %d, \"file\": ", index);
    io_json_string(b.f, file);
    fputs(", ", b.f);
    return membuf_take(&b);
}

irrun_status cli_files_results(cli_files *o, const io_inputs *reads, const char *program, int chunk,
                               tensor *const *results, int nresults, FILE *err)
{
    FILE *out = o->report ? o->report : stderr;
    irrun_status rc = IRRUN_OK;
    if (o->output_dir && !o->output_failed && nresults > 0) {
        /* the chunk's results are a set: all written to temporaries first,
         * then renamed, or none (docs/tensor-files.md) */
        io_outfile *files = mem_calloc((size_t)nresults, sizeof *files);
        if (!files) {
            fprintf(err, "ir-run: out of memory\n");
            return IRRUN_NOMEM;
        }
        int written = 0;
        for (; written < nresults; written++) {
            size_t n = strlen(o->output_dir) + 48;
            char *path = mem_alloc(n);
            if (!path) {
                fprintf(err, "ir-run: out of memory\n");
                rc = IRRUN_NOMEM;
                break;
            }
            if (chunk < 0)
                snprintf(path, n, "%s/result%d.%s", o->output_dir, written, io_format_ext(o->output_format));
            else
                snprintf(path, n, "%s/chunk%d.result%d.%s", o->output_dir, chunk, written,
                         io_format_ext(o->output_format));
            io_error e;
            irrun_status ws = io_write_pending(&files[written], path, o->output_format, results[written],
                                               o->npy_descr, reads, &e);
            mem_free(path);
            if (ws != IRRUN_OK) {
                fprintf(err, "ir-run: %s\n", e.text);
                rc = cli_worse(rc, ws);
                break;
            }
        }
        for (int k = 0; k < written; k++) {
            io_error e;
            if (rc != IRRUN_OK) {
                io_outfile_discard(&files[k]);
            } else if ((rc = io_outfile_commit(&files[k], &e)) != IRRUN_OK) {
                fprintf(err, "ir-run: %s\n", e.text);
            }
        }
        mem_free(files);
        if (rc != IRRUN_OK) {
            o->output_failed = true;
            fprintf(err, "ir-run: --output-dir: no result of this %s written, and none of later ones\n",
                    chunk < 0 ? "run" : "chunk");
        }
    }
    for (int k = 0; k < o->nexpect; k++) {
        const cli_files_expect *x = &o->expect[k];
        if (x->index >= nresults) {
            fprintf(err, "ir-run: --expect %d=%s: the entry returned %d value%s\n", x->index,
                    x->path, nresults, nresults == 1 ? "" : "s");
            rc = cli_worse(rc, IRRUN_BAD_INPUT);
            continue;
        }
        const tensor *actual = results[x->index];
        io_error e;
        /* the backend's file is read as the result's type: its header may be
         * as ambiguous as ml_dtypes makes it */
        tensor *backend = io_read_file_opts(x->path, IO_FMT_UNKNOWN, &actual->type, &o->read_opts, &e);
        if (!backend) {
            fprintf(err, "%s\n", e.text);
            rc = cli_worse(rc, IRRUN_BAD_INPUT);
            continue;
        }
        /* the interpreter is the reference: it is the expected side */
        io_report rep;
        char why[256];
        irrun_status c = io_compare(actual, backend, &x->rule, &o->show, &rep, why, sizeof why);
        char *keys = NULL;
        if ((c == IRRUN_OK || c == IRRUN_CHECK_FAILED) && o->report_json &&
            !(keys = json_entry_keys(program, chunk, x->index, x->path))) {
            snprintf(why, sizeof why, "out of memory");
            c = IRRUN_NOMEM;
        }
        if (c != IRRUN_OK && c != IRRUN_CHECK_FAILED) {
            fprintf(err, "ir-run: --expect %d: %s\n", x->index, why);
            rc = cli_worse(rc, c);
        } else {
            if (o->report_json) {
                if (o->json_entries++)
                    fputs(",\n", out);
                io_report_json(&rep, keys, out);
            } else {
                /* which program (chunk), result and file, as JSON says */
                char head[600];
                if (chunk >= 0)
                    snprintf(head, sizeof head, "%s, chunk %d: result %d vs %s", program, chunk, x->index, x->path);
                else
                    snprintf(head, sizeof head, "%s: result %d vs %s", program, x->index, x->path);
                if (o->report_html)
                    io_html_add(&o->html, &rep, head);
                else
                    io_report_text(&rep, head, out);
            }
            rc = cli_worse(rc, c);
        }
        mem_free(keys);
        io_report_free(&rep);
        tensor_release(backend);
    }
    return rc;
}
