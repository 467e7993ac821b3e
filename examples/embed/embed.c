/* Embedding ir-run: run a function on tensors read from files and compare
 * its first result with a golden file.
 *
 *   cc embed.c $(pkg-config --cflags --libs irrun) -o embed
 *   ./embed ../validation/matmul_f8.mlir ../validation/reference_out.npy \
 *       ../validation/lhs.npy ../validation/rhs.npy
 *
 * Exit status 0 when the result matches the golden file bit for bit, 1 when
 * it does not, 2 when something could not be loaded or run. */
#include <stdio.h>
#include <stdlib.h>

#include <irrun.h>

static int fail(irrun_status s, const char *what, char *message)
{
    fprintf(stderr, "embed: %s: %s\n%s", what, irrun_status_name(s), message ? message : "");
    irrun_string_free(message);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: embed PROGRAM.mlir GOLDEN.npy [INPUT.npy...]\n");
        return 2;
    }
    if (irrun_version() / 10000 != IRRUN_VERSION_MAJOR) {
        fprintf(stderr, "embed: built for irrun %s, running with %s\n", IRRUN_VERSION_STRING,
                irrun_version_string());
        return 2;
    }
    char *diagnostics;
    irrun_module *module;
    irrun_status s = irrun_module_load_file(argv[1], &module, &diagnostics);
    if (s != IRRUN_OK)
        return fail(s, argv[1], diagnostics);
    irrun_string_free(diagnostics);

    const irrun_function *f = irrun_function_find(module, NULL);
    if (!f || f->nargs != argc - 3 || f->nresults < 1) {
        fprintf(stderr, "embed: %s needs a main function of %d arguments\n", argv[1], argc - 3);
        irrun_module_free(module);
        return 2;
    }
    printf("@%s: %s\n", f->name, f->signature);

    /* each input file is read as the element type its argument declares */
    irrun_tensor inputs[8] = { { 0 } };
    int ninputs = 0;
    int rc = 0;
    for (int i = 0; i < f->nargs && i < 8 && !rc; i++) {
        char *message;
        s = irrun_tensor_read_file(argv[3 + i], f->args[i].element_type, &inputs[i], &message);
        if (s != IRRUN_OK)
            rc = fail(s, argv[3 + i], message);
        else
            ninputs++;
    }

    irrun_results results = { 0 };
    if (!rc) {
        irrun_run_options options;
        irrun_run_options_init(&options);
        s = irrun_run(module, &options, inputs, ninputs, &results);
        if (s != IRRUN_OK) {
            fprintf(stderr, "embed: run: %s\n%s", irrun_status_name(s), results.messages ? results.messages : "");
            rc = 2;
        }
    }

    irrun_tensor golden = { 0 };
    if (!rc) {
        char *message;
        s = irrun_tensor_read_file(argv[2], results.results[0].element_type, &golden, &message);
        if (s != IRRUN_OK)
            rc = fail(s, argv[2], message);
    }
    if (!rc) {
        irrun_rule exact = { 0 };
        irrun_report report;
        char *message;
        s = irrun_compare(&golden, &results.results[0], &exact, &report, &message);
        if (s == IRRUN_OK || s == IRRUN_CHECK_FAILED) {
            char *text = irrun_report_text(&report, "result 0 vs golden");
            fputs(text ? text : "embed: out of memory\n", stdout);
            irrun_string_free(text);
            rc = report.passed ? 0 : 1;
        } else {
            rc = fail(s, "compare", message);
        }
    }

    irrun_tensor_free(&golden);
    irrun_results_free(&results);
    for (int i = 0; i < ninputs; i++)
        irrun_tensor_free(&inputs[i]);
    irrun_module_free(module);
    return rc;
}
