/* The default command: for each file (and each split chunk), parse, check,
 * then print the IR (--emit=ir) or run it through the interpreter. Options
 * mirror stablehlo-translate --interpret (SPEC.md 6.1): LLVM style, one or
 * two leading dashes, `--opt=value` or `--opt value`. */
#include "cli/run.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "api/api_internal.h"
#include "bytecode/bc.h"
#include "interp/interp.h"
#include "runtime/rt_print.h"
#include "cli/exit.h"
#include "cli/options.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "cli/run_io.h"
#include "io/outfile.h"
#include "io/probe.h"
#include "io/tensor_io.h"
#include "core/tensor.h"
#include "ir/ir.h"
#include "util/diag.h"
#include "cli/random_inputs.h"
#include "util/mem.h"


typedef struct {
    bool split;
    const char *split_marker;  /* NULL: the default `// -----` rule */
    const char *output_marker; /* between chunk outputs, then "\n" */
    const char *output;        /* -o */
    bool emit_ir;
    bool emit_bytecode; /* --emit=bytecode: the program as a portable artifact (docs/bytecode.md) */
    const char *target; /* --target=VERSION of --emit=bytecode (NULL: current) */
    bool refine;        /* --refine: --emit=ir prints the program refined for the inputs */
    cli_random random;  /* --random-inputs SEED, --shape ARG=DIMS */
    const char *args_text;
    rt_options io;
    cli_files files_io; /* --input, --output-dir, --expect (src/cli/run_io.h) */
    const char *probe_dir; /* --probe-output-dir */
    bool require_functions;
    const char **files;
    int nfiles;
    io_inputs reads; /* every file read, so that no output overwrites one */
    int chunk;       /* chunks run so far, for per-chunk output names */
    bool many_chunks;
    bool done;       /* --help or --version said all there is to say */
    bool quiet;      /* -q: no summary line */
    bool out_error_said; /* a write error on the results' stream is reported */
    int jobs;        /* -j N: files run in N processes at once */
    cli_progress progress; /* [k/N] on a terminal */
} run_options;

static void usage(FILE *out)
{
    fputs("usage: ir-run [options] [FILE...] (no FILE or '-' reads stdin)\n"
          "  --interpret                      accepted for stablehlo-translate compatibility\n"
          "  --split-input-file[=MARKER]      run each chunk cut at '// -----' on its own\n"
          "  --output-split-marker=STR        written between chunk outputs\n"
          "  -o FILE                          write results to FILE (never one of the inputs)\n"
          "  --emit=ir                        print the checked program instead of running it\n"
          "  --emit=bytecode                  write it as a StableHLO portable artifact (use -o FILE)\n"
          "  --target=VERSION                 with --emit=bytecode: the VHLO version (X.Y.Z, current,\n"
          "                                   minimum; default current)\n"
          "  --refine                         with --emit=ir: print the program refined for the\n"
          "                                   inputs' shapes (docs/shape-polymorphism.md)\n"
          "  --random-inputs SEED             fill the arguments not given otherwise with reproducible values\n"
          "  --shape ARG=DIMS                 the shape of a dynamic argument (3x4), '?=N' for all others\n"
          "  --entry NAME                     run function NAME\n"
          "  --args=[dense<..> : tensor<..>, ...]  entry arguments (or --args=@FILE)\n"
          "  --strict-eq                      bitwise float equality in expect_eq*\n"
          "  --max-while-iterations=N         a while loop running more than N iterations is an error\n"
          "  --replicas N --partitions M      run the entry on every process of an N x M grid\n"
          "                                   (SPMD; results in process order, docs/collectives.md)\n"
          "  --dot-accumulation=ref|algorithm|f32|f64\n"
          "  --threads N                      threads for large kernels (default: IRRUN_THREADS, else the\n"
          "                                   online cores); the results do not depend on N\n"
          "  --print-format=tensor|dense|decimal|exact, --interpreter-print-dense\n"
          "                                   decimal: floats as the shortest decimals that read\n"
          "                                   back to the same bits (144 in f8E4M3FN: 140); exact:\n"
          "                                   their exact values (144); for people, not REF's text\n"
          "  --mlir-print-elementsattrs-with-hex-if-larger=N\n"
          "  --input NAME_OR_INDEX=FILE       entry argument from a .npy/.bin/.yaml file\n"
          "  --output-dir DIR [--output-format npy|bin|yaml] [--npy-descr=u1]\n"
          "                                   write each result as DIR/result<N>.<ext>\n"
          "                                   (DIR/chunk<K>.result<N>.<ext> for several chunks)\n"
          "  --expect INDEX=FILE [--max-ulp N] [--atol X] [--rtol X] [--nan any|exact]\n"
          "         [--signed-zero equal|distinct] [--inf exact|saturate] [--report text|json|html]\n"
          "         [--report-file FILE]      compare a result with a backend's output file;\n"
          "                                   reports go to stderr or FILE, never to stdout\n"
          "                                   (html: one page, to FILE only);\n"
          "                                   rule options before any --expect are every one's\n"
          "                                   default, after an --expect that one's only\n"
          "  --show N|all --sort index|worst  differing elements a report lists (default 10, index;\n"
          "                                   html: worst); --report-limit N is --show N\n"
          "  --convert-exact, --reshape       take a .npy --input/--expect of another float type when\n"
          "                                   every value is exact, or of another shape as large\n"
          "  --probe-output-dir DIR           where interpreter.probe writes probe<K>.npy and index.csv\n"
          "                                   and check.expect_serialized_eq reads them\n"
          "  --require-functions              a file or chunk without functions is an error\n"
          "  -q, --quiet                      no 'N passed, M failed' line (printed only when check\n"
          "                                   ops ran or several chunks or files did)\n"
          "  -j N, --jobs N                   run N files at once (separate processes; output\n"
          "                                   in argument order)\n"

          "  -h, --help, --version\n"
          "commands: info, table, encode, decode, compare, test; ir-run help COMMAND, man ir-run\n",
          out);
}

static irrun_status usage_error(const char *fmt, const char *arg)
{
    fputs("ir-run: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see ir-run --help)\n", stderr);
    return IRRUN_BAD_INPUT;
}

/* Matches `-name`, `--name`, and with `=value` or a following argument
 * when the option takes a value. */
static bool opt_match(char **argv, int argc, int *i, const char *name, bool takes_value, const char **value,
                      bool *missing)
{
    const char *a = argv[*i];
    if (a[0] != '-')
        return false;
    a += a[1] == '-' ? 2 : 1;
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '\0') {
        if (!takes_value)
            return true;
        if (*i + 1 >= argc) {
            *missing = true;
            return true;
        }
        *value = argv[++*i];
        return true;
    }
    if (a[n] == '=' && takes_value) {
        *value = a + n + 1;
        return true;
    }
    return false;
}

/* A count written with decimal digits only (no blank, no sign): 0 and *n
 * set, -1 when it is not such a number, 1 when it is larger than `max`. */
static int parse_count(const char *v, unsigned long max, unsigned long *n)
{
    if (!v || !*v)
        return -1;
    for (const char *p = v; *p; p++)
        if (*p < '0' || *p > '9')
            return -1;
    errno = 0;
    unsigned long x = strtoul(v, NULL, 10);
    if (errno == ERANGE || x > max)
        return 1;
    *n = x;
    return 0;
}

/* IRRUN_OK to go on (unless o->done), or a usage error, reported. */
static irrun_status parse_options(int argc, char **argv, run_options *o)
{
    o->io.hex_threshold = 100;
    o->io.dot_acc = DOT_ACC_REF;
    o->files = mem_calloc((size_t)argc + 1, sizeof *o->files);
    if (!o->files) {
        usage_error("%s", "out of memory");
        return IRRUN_NOMEM;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        bool missing = false;
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            o->files[o->nfiles++] = a;
            continue;
        }
        if (strcmp(a, "-h") == 0 || opt_match(argv, argc, &i, "help", false, &v, &missing)) {
            usage(stdout);
            o->done = true;
            return IRRUN_OK;
        }
        if (opt_match(argv, argc, &i, "version", false, &v, &missing)) {
            printf("ir-run %s\n", irrun_version_string());
            o->done = true;
            return IRRUN_OK;
        }
        if (opt_match(argv, argc, &i, "interpret", false, &v, &missing))
            continue;
        if (strcmp(a, "-q") == 0 || opt_match(argv, argc, &i, "quiet", false, &v, &missing)) {
            o->quiet = true;
            continue;
        }
        if (opt_match(argv, argc, &i, "split-input-file", false, &v, &missing)) {
            o->split = true;
            continue;
        }
        {
            /* --split-input-file=MARKER: the value is optional, so no
             * following-argument form */
            const char *s = a + (a[1] == '-' ? 2 : 1);
            if (strncmp(s, "split-input-file=", 17) == 0) {
                o->split = true;
                o->split_marker = s + 17;
                continue;
            }
        }
        if (opt_match(argv, argc, &i, "output-split-marker", true, &v, &missing)) {
            if (missing)
                return usage_error("option %s needs a value", a);
            o->output_marker = v;
            continue;
        }
        if (opt_match(argv, argc, &i, "o", true, &v, &missing)) {
            if (missing || !*v)
                return usage_error("option %s needs a file name", a);
            o->output = v;
            continue;
        }
        if (opt_match(argv, argc, &i, "emit", true, &v, &missing)) {
            if (!missing && strcmp(v, "bytecode") == 0) {
                o->emit_bytecode = true;
                continue;
            }
            if (missing || strcmp(v, "ir") != 0)
                return usage_error("unknown --emit value '%s' (expected ir or bytecode)", missing ? "" : v);
            o->emit_ir = true;
            continue;
        }
        if (opt_match(argv, argc, &i, "target", true, &v, &missing)) {
            if (missing || !*v)
                return usage_error("option %s needs a value", a);
            o->target = v;
            continue;
        }
        if (opt_match(argv, argc, &i, "refine", false, &v, &missing)) {
            o->refine = true;
            continue;
        }
        if (opt_match(argv, argc, &i, "random-inputs", true, &v, &missing)) {
            if (missing || !cli_random_seed(&o->random, v, stderr))
                return missing ? usage_error("option %s needs a seed", a) : IRRUN_BAD_INPUT;
            continue;
        }
        if (opt_match(argv, argc, &i, "shape", true, &v, &missing)) {
            if (missing || !cli_random_shape(&o->random, v, stderr))
                return missing ? usage_error("option %s needs ARG=DIMS", a) : IRRUN_BAD_INPUT;
            continue;
        }
        if (opt_match(argv, argc, &i, "entry", true, &v, &missing)) {
            if (missing)
                return usage_error("option %s needs a function name", a);
            o->io.entry = v[0] == '@' ? v + 1 : v;
            continue;
        }
        if (opt_match(argv, argc, &i, "args", true, &v, &missing)) {
            if (missing)
                return usage_error("option %s needs a value", a);
            o->args_text = v;
            continue;
        }
        if (opt_match(argv, argc, &i, "probe-output-dir", true, &v, &missing)) {
            if (missing || !*v)
                return usage_error("option %s needs a directory name", a);
            /* index.csv holds one record per line, with the directory in it */
            if (strpbrk(v, "\n\r"))
                return usage_error("the --probe-output-dir name '%s' contains a line break", v);
            o->probe_dir = v;
            continue;
        }
        if (opt_match(argv, argc, &i, "require-functions", false, &v, &missing)) {
            o->require_functions = true;
            continue;
        }
        if (opt_match(argv, argc, &i, "strict-eq", false, &v, &missing)) {
            o->io.strict_eq = true;
            continue;
        }
        if (opt_match(argv, argc, &i, "dot-accumulation", true, &v, &missing)) {
            static const char *const modes[] = { "ref", "algorithm", "f32", "f64" };
            int k = -1;
            for (int m = 0; !missing && m < 4; m++)
                if (strcmp(v, modes[m]) == 0)
                    k = m;
            if (k < 0)
                return usage_error("unknown --dot-accumulation mode '%s' (ref, algorithm, f32, f64)",
                                   missing ? "" : v);
            o->io.dot_acc = (dot_accumulation)k;
            continue;
        }
        if (opt_match(argv, argc, &i, "threads", true, &v, &missing)) {
            unsigned long n = 0;
            if (missing || parse_count(v, 1024, &n) != 0 || n < 1)
                return usage_error("option %s needs a thread count from 1 to 1024", a);
            o->io.threads = (int)n;
            continue;
        }
        if (opt_match(argv, argc, &i, "print-format", true, &v, &missing)) {
            bool dense = !missing && strcmp(v, "dense") == 0, decimal = !missing && strcmp(v, "decimal") == 0;
            bool exact = !missing && strcmp(v, "exact") == 0;
            if (!dense && !decimal && !exact && (missing || strcmp(v, "tensor") != 0))
                return usage_error("unknown --print-format '%s' (tensor, dense, decimal or exact)", missing ? "" : v);
            o->io.print_dense = dense;
            o->io.print_decimal = decimal;
            o->io.print_exact = exact;
            continue;
        }
        if (opt_match(argv, argc, &i, "interpreter-print-dense", false, &v, &missing)) {
            o->io.print_dense = true;
            o->io.print_decimal = false;
            o->io.print_exact = false;
            continue;
        }
        if (opt_match(argv, argc, &i, "max-while-iterations", true, &v, &missing)) {
            unsigned long n = 0;
            int bad = missing ? -1 : parse_count(v, ULONG_MAX, &n);
            if (bad > 0) {
                char most[32];
                snprintf(most, sizeof most, "%lu", ULONG_MAX);
                fprintf(stderr, "ir-run: option %s: %s is too large (at most %s)", a, v, most);
                fputs(" (see ir-run --help)\n", stderr);
                return IRRUN_BAD_INPUT;
            }
            if (bad || n == 0)
                return usage_error("option %s needs a positive integer", a);
            o->io.max_while_iterations = n;
            continue;
        }
        if (opt_match(argv, argc, &i, "replicas", true, &v, &missing) ||
            opt_match(argv, argc, &i, "partitions", true, &v, &missing)) {
            unsigned long n = 0;
            if (missing || parse_count(v, 1024, &n) != 0 || n < 1)
                return usage_error("option %s needs an integer from 1 to 1024", a);
            *(strstr(a, "replicas") ? &o->io.replicas : &o->io.partitions) = (int)n;
            continue;
        }
        if (opt_match(argv, argc, &i, "mlir-print-elementsattrs-with-hex-if-larger", true, &v, &missing)) {
            char *end;
            errno = 0;
            long n = missing ? 0 : strtol(v, &end, 10);
            if (missing || *v == '\0' || *end != '\0' || errno == ERANGE)
                return usage_error("option %s needs an integer (a long)", a);
            o->io.hex_threshold = n;
            continue;
        }
        int jobs_taken = par_jobs_option(NULL, argc, argv, &i, &o->jobs);
        if (jobs_taken < 0)
            return IRRUN_BAD_INPUT;
        if (jobs_taken)
            continue;
        int taken = cli_files_option(&o->files_io, argc, argv, &i);
        if (taken < 0)
            return IRRUN_BAD_INPUT;
        if (taken)
            continue;
        return usage_error("unknown option '%s'", a);
    }
    /* one of the two alone means a grid with one row or one column */
    if (o->io.replicas || o->io.partitions) {
        o->io.replicas = o->io.replicas ? o->io.replicas : 1;
        o->io.partitions = o->io.partitions ? o->io.partitions : 1;
        if ((long)o->io.replicas * o->io.partitions > 1024)
            return usage_error("a grid of --replicas x --partitions has more than %s processes", "1024");
    }
    if (o->target && !o->emit_bytecode)
        return usage_error("%s names the version --emit=bytecode writes: it goes with --emit=bytecode", "--target");
    if (o->emit_bytecode && (o->emit_ir || o->split || o->nfiles > 1))
        return usage_error("--emit=bytecode writes one module: not with %s",
                           o->emit_ir ? "--emit=ir" : o->split ? "--split-input-file" : "more than one file");
    if (o->refine && !o->emit_ir)
        return usage_error("%s prints the refined program: it goes with --emit=ir", "--refine");
    if (o->random.nshapes && !o->random.on)
        return usage_error("%s gives the shapes of --random-inputs: give a seed too", "--shape");
    /* REF separates chunk results by a blank line; printed programs are
     * separated by the split marker, so the output reads back with
     * -split-input-file */
    if (!o->output_marker)
        o->output_marker = o->emit_ir && o->split ? (o->split_marker ? o->split_marker : "// -----") : "";
    return IRRUN_OK;
}

/* Whole file (or stdin for "-") into memory; NULL after reporting. */
static char *read_all(const char *path, size_t *len)
{
    io_error err;
    char *text = (char *)io_slurp(path, len, &err);
    if (!text)
        fprintf(stderr, "ir-run: %s\n", err.text);
    return text;
}

/* The next split marker in [p, end), or NULL. REF's rule (MLIR's
 * splitAndProcessBuffer, SPEC 2.1): the marker is matched as a substring
 * anywhere, also after other text on its line (`// // -----`). */
static const char *find_marker(const char *p, const char *end, const char *marker)
{
    const char *m = marker ? marker : "// -----";
    size_t n = strlen(m);
    if (n == 0)
        return NULL;
    while ((size_t)(end - p) >= n) {
        const char *hit = memchr(p, m[0], (size_t)(end - p) - n + 1);
        if (!hit)
            return NULL;
        if (memcmp(hit, m, n) == 0)
            return hit;
        p = hit + 1;
    }
    return NULL;
}

typedef struct {
    int passed, failed;
    int empty;           /* files or chunks without a function */
    int not_run;         /* files that could not be read, chunks whose
                            --input files could not be used */
    int checks;          /* check ops run (passed or failed) */
    irrun_status status; /* the worst so far (cli_worse) */
} tally;

/* The entry arguments: --args values first, then --input files into the
 * remaining slots. Returns the argument array (owned, refs retained) or NULL
 * with *status set. */
static tensor **gather_args(run_options *o, const ir_func *f, irrun_status *status)
{
    tensor **args = mem_calloc((size_t)(f->nargs ? f->nargs : 1), sizeof *args);
    if (!args) {
        fputs("ir-run: out of memory\n", stderr);
        *status = IRRUN_NOMEM;
        return NULL;
    }
    *status = IRRUN_BAD_INPUT;
    if (o->io.nargs > f->nargs) {
        fprintf(stderr, "ir-run: %d --args values given but @%s takes %d arguments\n", o->io.nargs,
                f->name, f->nargs);
        mem_free(args);
        return NULL;
    }
    for (int i = 0; i < o->io.nargs; i++)
        args[i] = tensor_retain(o->io.args[i]);
    irrun_status s = cli_files_inputs(&o->files_io, f, args, stderr);
    if (s == IRRUN_OK && o->random.on)
        s = cli_random_fill(&o->random, f, args, stderr);
    for (int i = 0; i < f->nargs && s == IRRUN_OK; i++) {
        if (!args[i]) {
            fprintf(stderr, "ir-run: argument %d of @%s is given neither by --args nor by --input\n", i,
                    f->name);
            s = IRRUN_BAD_INPUT;
        }
    }
    *status = s;
    if (s != IRRUN_OK) {
        for (int i = 0; i < f->nargs; i++)
            tensor_release(args[i]);
        mem_free(args);
        return NULL;
    }
    return args;
}

static irrun_dot_accumulation public_dot_mode(dot_accumulation d)
{
    switch (d) {
    case DOT_ACC_REF: return IRRUN_DOT_REF;
    case DOT_ACC_ALGORITHM: return IRRUN_DOT_ALGORITHM;
    case DOT_ACC_F32: return IRRUN_DOT_F32;
    case DOT_ACC_F64: return IRRUN_DOT_F64;
    }
    return IRRUN_DOT_REF;
}

/* Runs a checked module through the library (irrun_run): arguments from
 * --args/--input, results printed, and written (--output-dir) or compared
 * with a backend's (--expect). */
static irrun_status run_checked(run_options *o, const irrun_module *m, const char *name, FILE *out, tally *t,
                                bool *ran)
{
    const ir_func *f = o->files_io.ninputs || o->random.on ? interp_entry(m->ir, o->io.entry) : NULL;
    tensor **args = o->io.args;
    int nargs = o->io.nargs;
    irrun_status s = IRRUN_OK;
    if (f) {
        if (!(args = gather_args(o, f, &s))) {
            *ran = false;
            return s;
        }
        nargs = f->nargs;
    }
    irrun_tensor *inputs = mem_calloc((size_t)nargs + 1, sizeof *inputs);
    if (!inputs)
        s = IRRUN_NOMEM;
    for (int i = 0; s == IRRUN_OK && i < nargs; i++)
        api_tensor_view(args[i], &inputs[i]); /* --args and --input tensors are stored in full */
    bool keep = cli_files_want_results(&o->files_io);
    irrun_run_options ro;
    irrun_run_options_init(&ro);
    ro.entry = o->io.entry;
    ro.dot_accumulation = public_dot_mode(o->io.dot_acc);
    ro.strict_eq = o->io.strict_eq;
    ro.max_while_iterations = o->io.max_while_iterations;
    ro.output = out;
    ro.messages = stderr;
    ro.results = keep ? IRRUN_RESULTS_BOTH : IRRUN_RESULTS_PRINT;
    ro.print_format = o->io.print_exact     ? IRRUN_PRINT_EXACT
                      : o->io.print_decimal ? IRRUN_PRINT_DECIMAL
                      : o->io.print_dense   ? IRRUN_PRINT_DENSE
                                            : IRRUN_PRINT_REF;
    ro.hex_threshold = o->io.hex_threshold;
    ro.threads = o->io.threads;
    ro.replicas = o->io.replicas;
    ro.partitions = o->io.partitions;
    ro.probe_dir = o->probe_dir;
    ro.keep_files = o->reads.paths;
    ro.nkeep_files = o->reads.n;
    if (s == IRRUN_OK) {
        irrun_results res;
        ro.progress = cli_progress_watch(&o->progress, name);
        bool clean = !ferror(out);
        if (o->emit_ir && o->refine) { /* --emit=ir --refine: the refined program, nothing run */
            char *ir = NULL, *said = NULL;
            s = irrun_module_print_refined(m, o->io.entry, inputs, nargs, &ir, &said);
            if (said)
                fputs(said, stderr);
            if (ir && fputs(ir, out) == EOF)
                s = IRRUN_BAD_INPUT;
            irrun_string_free(ir);
            irrun_string_free(said);
            memset(&res, 0, sizeof res);
        } else {
            s = irrun_run(m, &ro, inputs, nargs, &res);
        }
        cli_progress_unwatch();
        /* a result that could not be printed is reported by the library,
         * with the reason: not a second time here */
        if (s != IRRUN_OK && clean && ferror(out))
            o->out_error_said = true;
        t->checks += res.checks_passed + res.checks_failed;
        if (keep && res.internal)
            s = cli_worse(s, cli_files_results(&o->files_io, &o->reads, name, o->many_chunks ? o->chunk : -1,
                                               api_result_tensors(&res), res.nresults, stderr));
        irrun_results_free(&res);
    } else {
        fputs("ir-run: out of memory\n", stderr);
    }
    mem_free(inputs);
    if (f) {
        for (int i = 0; i < f->nargs; i++)
            tensor_release(args[i]);
        mem_free(args);
    }
    return s;
}

/* A program with no function runs nothing: REF prints nothing and exits 0,
 * and stdout stays so, but a truncated download must not pass unnoticed.
 * True when it is an error (--require-functions), false for a warning. */
static bool no_function(const run_options *o, diag_source *src, int line)
{
    const char *what = o->require_functions ? "error" : "warning";
    if (o->split)
        fprintf(stderr, "%s: %s:%d: no function to run\n", what, src->name, line);
    else
        fprintf(stderr, "%s: %s: no function to run\n", what, src->name);
    return o->require_functions;
}

bool cli_stdout_error_said;

/* Flushes the results' stream: false after reporting a write error (once
 * per run; the reason is errno's when the flush itself failed). */
static bool results_written(run_options *o, FILE *out)
{
    errno = 0;
    if (fflush(out) == 0 && !ferror(out))
        return true;
    if (!o->out_error_said) {
        int e = errno;
        fprintf(stderr, "ir-run: error writing the results to %s%s%s\n", o->output ? o->output : "standard output",
                e ? ": " : "", e ? strerror(e) : "");
        o->out_error_said = true;
    }
    if (out == stdout)
        cli_stdout_error_said = true;
    return false;
}

/* Loads and runs src's text from begin to end. `mapped`: the text is a
 * mapped artifact (io_slurp_map), unmapped as soon as the module is loaded
 * (which copied what it keeps): src->text is NULL after. */
static void run_chunk(run_options *o, diag_source *src, size_t begin, size_t end, int line, FILE *out, tally *t,
                      bool mapped)
{
    cli_progress_step(&o->progress, src->name, o->split ? line : 0);
    irrun_module *m;
    char *said;
    irrun_status s = irrun_module_load_chunk(src->text + begin, end - begin, line, src->name, &m, &said);
    if (mapped) {
        io_slurp_free((const unsigned char *)src->text, src->len, true);
        src->text = NULL;
    }
    if (said)
        fputs(said, stderr);
    irrun_string_free(said);
    bool empty = false; /* warned about, and neither passed nor failed */
    bool ran = true;    /* false: its --input files could not be used */
    if (s != IRRUN_OK) {
        if (!said)
            fputs("ir-run: out of memory\n", stderr);
    } else if (irrun_function_count(m) == 0) {
        empty = !no_function(o, src, line);
        s = empty ? IRRUN_OK : IRRUN_BAD_INPUT;
    } else if (o->emit_bytecode) {
        char *bytes, *why;
        size_t n;
        s = irrun_module_write_bytecode(m, o->target ? o->target : "current", &bytes, &n, &why);
        if (why)
            fputs(why, stderr);
        irrun_string_free(why);
        if (s == IRRUN_NOMEM && !why)
            fputs("ir-run: out of memory\n", stderr);
        if (s == IRRUN_OK && fwrite(bytes, 1, n, out) != n)
            s = IRRUN_BAD_INPUT;
        irrun_string_free(bytes);
    } else if (o->emit_ir && !o->refine) {
        char *ir;
        s = irrun_module_print(m, &ir);
        if (s == IRRUN_OK && fputs(ir, out) == EOF)
            s = IRRUN_BAD_INPUT;
        irrun_string_free(ir);
    } else {
        s = run_checked(o, m, src->name, out, t, &ran);
    }
    irrun_module_free(m);
    o->chunk++;
    /* the results are out before whatever comes next on stderr (the next
     * chunk's messages, the summary), and a write error is found now */
    if (!results_written(o, out))
        s = cli_worse(s, IRRUN_BAD_INPUT);
    if (empty) {
        t->empty++;
        return;
    }
    t->status = cli_worse(t->status, s);
    if (!ran)
        t->not_run++;
    else if (s == IRRUN_OK)
        t->passed++;
    else
        t->failed++;
}

static void run_file(run_options *o, const char *path, FILE *out, tally *t, bool *first_output)
{
    size_t len;
    bool mapped; /* a large artifact, read in place (docs/bytecode.md, "Large tensors") */
    io_error err;
    char *text = (char *)io_slurp_map(path, BC_MAGIC, BC_MAGIC_LEN, &len, &mapped, &err);
    if (!text) {
        fprintf(stderr, "ir-run: %s\n", err.text);
        t->status = cli_worse(t->status, IRRUN_BAD_INPUT);
        t->not_run++;
        return;
    }
    diag_source src = { .name = strcmp(path, "-") == 0 ? "<stdin>" : path, .text = text, .len = len };
    /* bytecode is one module: no markers to split at (docs/bytecode.md) */
    if (!o->split || bc_is_bytecode(text, len)) {
        if (!*first_output)
            fprintf(out, "%s\n", o->output_marker);
        *first_output = false;
        run_chunk(o, &src, 0, len, 1, out, t, mapped);
        if (mapped)
            return;
    } else { /* text: read (writable, NUL-terminated), never mapped */
        /* A chunk ends where a marker starts: text before the marker on
         * its line stays in it. The next chunk starts on the next line, or,
         * when text follows the marker, with the marker's line, its text up
         * to the marker's end blanked: that text is the next chunk's, at its
         * own line and column, as in REF. */
        size_t begin = 0, m_len = strlen(o->split_marker ? o->split_marker : "// -----");
        int begin_line = 1;
        const char *line_start = text, *end = text + len, *mk;
        int line = 1;
        while ((mk = find_marker(text + begin, end, o->split_marker)) != NULL) {
            for (const char *q; (q = memchr(line_start, '\n', (size_t)(mk - line_start))) != NULL;) {
                line_start = q + 1;
                line += line < INT_MAX;
            }
            if (!*first_output)
                fprintf(out, "%s\n", o->output_marker);
            *first_output = false;
            run_chunk(o, &src, begin, (size_t)(mk - text), begin_line, out, t, false);
            const char *after = mk + m_len;
            while (after < end && (*after == ' ' || *after == '\t' || *after == '\r'))
                after++;
            if (after == end || *after == '\n') {
                /* nothing after the marker: the next chunk is the next line */
                begin = (size_t)(after + (after < end) - text);
                begin_line = line < INT_MAX ? line + 1 : line;
            } else {
                memset(text + (line_start - text), ' ', (size_t)(mk - line_start) + m_len);
                begin = (size_t)(line_start - text);
                begin_line = line;
            }
        }
        if (!*first_output)
            fprintf(out, "%s\n", o->output_marker);
        *first_output = false;
        run_chunk(o, &src, begin, len, begin_line, out, t, false);
    }
    mem_free(text);
}

/* --args: literals to tensors (borrowed by the interpreter). */
static irrun_status load_args(run_options *o, tensor ***out, int *n)
{
    const char *text = o->args_text;
    char *file_text = NULL;
    size_t len = strlen(text);
    const char *name = "<--args>";
    if (text[0] == '@') {
        file_text = read_all(text + 1, &len);
        if (!file_text)
            return IRRUN_BAD_INPUT;
        name = text + 1;
        text = file_text;
    }
    irrun_tensor *lits;
    int count;
    char *said;
    irrun_status rc = irrun_tensors_parse(text, len, name, &lits, &count, &said);
    bool parsed = rc == IRRUN_OK;
    if (said)
        fputs(said, stderr);
    irrun_string_free(said);
    tensor **ts = NULL;
    if (rc == IRRUN_OK && !(ts = mem_calloc((size_t)(count ? count : 1), sizeof *ts)))
        rc = IRRUN_NOMEM;
    for (int i = 0; rc == IRRUN_OK && i < count; i++) {
        char why[256];
        if (!(ts[i] = api_tensor_from(&lits[i], false, "--args", &rc, why, sizeof why))) {
            fprintf(stderr, "ir-run: %s\n", why);
            for (int k = 0; k < i; k++)
                tensor_release(ts[k]);
            mem_free(ts);
            ts = NULL;
        }
    }
    if (rc == IRRUN_NOMEM)
        fputs("ir-run: out of memory loading --args\n", stderr);
    if (rc == IRRUN_OK) {
        *out = ts;
        *n = count;
    }
    if (parsed)
        irrun_tensors_free(lits, count);
    mem_free(file_text);
    return rc;
}

/* Every file the run reads, so that -o and --output-dir can refuse them. */
static irrun_status collect_reads(run_options *o)
{
    irrun_status s = IRRUN_OK;
    for (int i = 0; i < o->nfiles && s == IRRUN_OK; i++)
        s = io_inputs_add(&o->reads, o->files[i]);
    if (s == IRRUN_OK && o->args_text && o->args_text[0] == '@')
        s = io_inputs_add(&o->reads, o->args_text + 1);
    return s == IRRUN_OK ? cli_files_add_reads(&o->files_io, &o->reads) : s;
}

/* The chunks of a file, for -j's chunk numbers and the progress count: as
 * many as a run counts, so none for a file that cannot be read (its error
 * is reported when it runs). */
static int count_chunks(const run_options *o, const char *path)
{
    if (strcmp(path, "-") == 0)
        return 1; /* standard input is read once, when it runs */
    size_t len;
    io_error err;
    bool mapped;
    const char *text = (const char *)io_slurp_map(path, BC_MAGIC, BC_MAGIC_LEN, &len, &mapped, &err);
    if (!text)
        return 0;
    int n = 1;
    size_t m_len = strlen(o->split_marker ? o->split_marker : "// -----");
    /* an artifact is one chunk (run_file) */
    for (const char *p = text, *end = text + len; o->split && !bc_is_bytecode(text, len) &&
                                                  (p = find_marker(p, end, o->split_marker)) != NULL;
         p += m_len)
        n++;
    io_slurp_free((const unsigned char *)text, len, mapped);
    return n;
}

typedef struct {
    run_options *o;
    int *first_chunk; /* per file: its first chunk's number */
    tally *t;
    bool any_output;  /* an earlier file printed its first chunk's output */
    FILE *out;        /* the results' stream (stdout or -o) */
} run_jobs;

/* What a file's process hands back: its tally, and whether it got as far
 * as its first chunk (the separator before it is the parent's to write:
 * only the parent knows whether an earlier file printed anything) */
typedef struct {
    tally t;
    bool started;
    long json_entries; /* --report json entries it wrote */
} file_result;

/* -j: file `k` in its own process. */
static void run_file_job(void *ctx, int k, FILE *out, FILE *extra, void *result)
{
    run_jobs *j = ctx;
    run_options *o = j->o;
    file_result *r = result;
    o->chunk = j->first_chunk[k];
    if (o->files_io.report_file)
        o->files_io.report = extra;
    o->progress.enabled = false;
    r->t.status = IRRUN_OK;
    bool first = true;
    run_file(o, o->files[k], out, &r->t, &first);
    r->started = !first;
    r->json_entries = o->files_io.json_entries;
    fflush(out);
}

/* Before file k's output: the separator a run with -j 1 would print. */
static void file_job_starts(void *ctx, int k, const void *result, const char *why)
{
    run_jobs *j = ctx;
    const file_result *r = result;
    (void)k;
    (void)why;
    if (r) {
        cli_files_json_join(&j->o->files_io, j->o->files_io.json_entries, r->json_entries);
        j->o->files_io.json_entries += r->json_entries;
    }
    if (!r || !r->started)
        return;
    if (j->any_output)
        fprintf(j->out, "%s\n", j->o->output_marker);
    j->any_output = true;
}

static void file_job_done(void *ctx, int k, const void *result, const char *why)
{
    run_jobs *j = ctx;
    const file_result *r = result;
    cli_progress_step(&j->o->progress, j->o->files[k], 0);
    if (!r) {
        fflush(j->out);
        fprintf(stderr, "ir-run: %s: %s\n", j->o->files[k], why);
        j->t->failed++;
        j->t->status = cli_worse(j->t->status, IRRUN_BAD_INPUT);
        return;
    }
    j->t->passed += r->t.passed;
    j->t->failed += r->t.failed;
    j->t->empty += r->t.empty;
    j->t->not_run += r->t.not_run;
    j->t->checks += r->t.checks;
    j->t->status = cli_worse(j->t->status, r->t.status);
}

/* -j N over the files */
static void run_files_parallel(run_options *o, FILE *out, tally *t)
{
    run_jobs j = { o, mem_calloc((size_t)o->nfiles, sizeof(int)), t, false, out };
    if (!j.first_chunk) {
        fputs("ir-run: out of memory\n", stderr);
        t->status = IRRUN_NOMEM;
        return;
    }
    for (int k = 1; k < o->nfiles; k++)
        j.first_chunk[k] = j.first_chunk[k - 1] + count_chunks(o, o->files[k - 1]);
    cli_progress_start(&o->progress, o->nfiles);
    FILE *reports = o->files_io.report ? o->files_io.report : stderr;
    par_plan plan = { o->nfiles, o->jobs, sizeof(file_result), run_file_job, file_job_done, file_job_starts,
                      &j, out, reports };
    t->status = cli_worse(t->status, par_run(&plan));
    mem_free(j.first_chunk);
}

static void run_all(run_options *o, FILE *out, tally *t)
{
    tensor **args = NULL;
    int nargs = 0;
    irrun_status s = o->args_text ? load_args(o, &args, &nargs) : IRRUN_OK;
    if (s != IRRUN_OK) {
        t->status = s;
        return;
    }
    o->io.args = args;
    o->io.nargs = nargs;
    o->many_chunks = o->split || o->nfiles > 1;
    if (o->jobs > 1 && o->nfiles > 1) {
        run_files_parallel(o, out, t);
    } else {
        if (cli_progress_wanted(&o->progress)) {
            int chunks = 0;
            for (int i = 0; i < o->nfiles; i++)
                chunks += count_chunks(o, o->files[i]);
            cli_progress_start(&o->progress, chunks);
        }
        bool first = true;
        for (int i = 0; i < o->nfiles; i++)
            run_file(o, o->files[i], out, t, &first);
    }
    /* REF prints nothing but results and errors: the summary only when it
     * tells more than the exit status, check ops ran or several chunks
     * or files did (docs/ir-run.1) */
    int chunks = t->passed + t->failed + t->empty + t->not_run;
    if (!o->emit_ir && !o->emit_bytecode && !o->quiet && (t->checks > 0 || chunks > 1)) {
        results_written(o, out);
        fprintf(stderr, "%d passed, %d failed", t->passed, t->failed);
        if (t->empty)
            fprintf(stderr, ", %d without functions", t->empty);
        if (t->not_run)
            fprintf(stderr, ", %d not run (unreadable input)", t->not_run);
        fputc('\n', stderr);
    }
    for (int i = 0; i < nargs; i++)
        tensor_release(args[i]);
    mem_free(args);
}

irrun_status cmd_run(int argc, char **argv)
{
    run_options o;
    memset(&o, 0, sizeof o);
    cli_files_init(&o.files_io);
    io_inputs_init(&o.reads);
    irrun_status s = parse_options(argc, argv, &o);
    /* no file: standard input, as MLIR tools read it (`... | ir-run`) */
    if (s == IRRUN_OK && !o.done && o.nfiles == 0)
        o.files[o.nfiles++] = "-";
    if (s == IRRUN_OK && !o.done)
        s = cli_files_validate(&o.files_io);
    if (s == IRRUN_OK && !o.done && !o.io.threads)
        cli_env_threads_check(NULL);
    for (int i = 0; s == IRRUN_OK && !o.done && o.jobs > 1 && o.nfiles > 1 && i < o.nfiles; i++)
        if (strcmp(o.files[i], "-") == 0)
            s = usage_error("%s", "-j runs each file in a process of its own: '-' (stdin) cannot be shared");
    if (s == IRRUN_OK && !o.done && o.jobs > 1 && o.files_io.report_html && o.nfiles > 1)
        s = usage_error("%s", "-j with --report html: the page is written by one process (use -j 1)");
    if (s == IRRUN_OK && !o.done && o.jobs > 1 && o.probe_dir && o.nfiles > 1)
        s = usage_error("%s", "-j with --probe-output-dir: runs at once would share one index.csv");
    cli_progress_init(&o.progress);
    if (s == IRRUN_OK && !o.done && (s = collect_reads(&o)) != IRRUN_OK)
        fputs("ir-run: out of memory\n", stderr);
    if (s == IRRUN_OK && !o.done && o.output && o.files_io.report_file &&
        strcmp(o.output, o.files_io.report_file) == 0)
        s = usage_error("-o and --report-file are the same file '%s'", o.output);
    /* every output is checked before anything runs, so that no result is
     * computed only to be lost (docs/tensor-files.md) */
    if (s == IRRUN_OK && !o.done && o.output && strcmp(o.output, "-") != 0 &&
        io_format_from_path(o.output) != IO_FMT_UNKNOWN)
        s = usage_error("-o %s: -o writes the results as printed text; for .npy, .bin or .yaml files use "
                        "--output-dir DIR --output-format FORMAT", o.output);
    if (s == IRRUN_OK && !o.done && o.probe_dir) {
        struct stat st;
        if (stat(o.probe_dir, &st) != 0 || !S_ISDIR(st.st_mode))
            s = usage_error("--probe-output-dir %s: no such directory (create it first)", o.probe_dir);
    }
    if (s == IRRUN_OK && !o.done)
        s = cli_files_prepare(&o.files_io);
    if (s == IRRUN_OK && !o.done)
        s = cli_files_report_open(&o.files_io, &o.reads);
    if (s != IRRUN_OK || o.done) {
        io_inputs_free(&o.reads);
        mem_free(o.files);
        return s;
    }
    /* -o goes to a temporary name first: the inputs are all read before the
     * output appears, and a failed write leaves the old file alone */
    io_outfile of;
    io_error err;
    FILE *out = stdout;
    tally t = { 0, 0, 0, 0, 0, IRRUN_OK };
    if (o.output && strcmp(o.output, "-") == 0)
        o.output = NULL; /* LLVM's convention: -o - is stdout */
    if (o.output) {
        t.status = io_outfile_open(&of, o.output, &o.reads, &err);
        if (t.status != IRRUN_OK)
            fprintf(stderr, "ir-run: -o: %s\n", err.text);
        else
            out = of.f;
    }
    if (t.status == IRRUN_OK)
        run_all(&o, out, &t);
    if (o.output && out != stdout && o.emit_bytecode && t.status != IRRUN_OK) {
        io_outfile_discard(&of); /* no artifact at all rather than a part of one */
    } else if (o.output && out != stdout) {
        irrun_status c = io_outfile_commit(&of, &err);
        if (c != IRRUN_OK) {
            if (!o.out_error_said)
                fprintf(stderr, "ir-run: -o: %s\n", err.text);
            t.status = cli_worse(t.status, c);
        }
    } else if (fflush(out) != 0 || ferror(out)) {
        t.status = cli_worse(t.status, IRRUN_BAD_INPUT);
    }
    t.status = cli_worse(t.status, cli_files_report_close(&o.files_io));
    io_inputs_free(&o.reads);
    mem_free(o.files);
    return t.status;
}
