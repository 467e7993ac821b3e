/* Writes docs/ops.md from the op table (src/ir/ops.def): every op ir-run
 * runs, its operand, result and body counts, the element types of the
 * element-wise ones. `make ops-doc` regenerates the page; tests/ops_doc.sh
 * fails when it is stale. */
#include <stdio.h>
#include <string.h>

#include "ir/ir.h"

static void counts(int n)
{
    if (n < 0)
        printf("any");
    else
        printf("%d", n);
}

static void element_classes(unsigned elems)
{
    static const struct {
        unsigned bit;
        const char *name;
    } classes[] = {
        { IR_ELEM_BOOL, "i1" }, { IR_ELEM_SINT, "signed integers" }, { IR_ELEM_UINT, "unsigned integers" },
        { IR_ELEM_FLOAT, "floats" }, { IR_ELEM_COMPLEX, "complex" },
    };
    if (elems == IR_ELEMS_ANY) {
        printf("all");
        return;
    }
    const char *sep = "";
    for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++)
        if (elems & classes[k].bit) {
            printf("%s%s", sep, classes[k].name);
            sep = ", ";
        }
}

/* How it is written: the pretty form, or the generic / custom_call one. */
static const char *spelling(const ir_op_info *op)
{
    if (op->form == IR_FORM_GENERIC)
        return "generic form only";
    if (op->form == IR_FORM_TARGET)
        return "`stablehlo.custom_call` target only";
    return "pretty and generic";
}

/* The check column, which only the checker expands: `refused` marks the
 * ops REF aborts on, which ir-run names but refuses (SPEC.md 9.8 item 41). */
static const char *const check_of[IR_OP_COUNT] = {
#define OP(e, name, form, family, elems, nops, nres, regions, check, exec, kernel, flags) [IR_OP_##e] = #check,
#include "ir/ops.def"
#undef OP
};

int main(void)
{
    puts("# Supported ops\n");
    puts("<!-- Generated from src/ir/ops.def by tools/ops_doc.c (`make ops-doc`);");
    puts("     tests/ops_doc.sh fails when this page is stale. Do not edit. -->\n");
    puts("Every op of ir-run's op table, one row each: the ops it runs, and the few it");
    puts("knows by name but refuses as REF does.");
    puts("Any op's types may have `?` dimensions where the entry function's arguments");
    puts("do: a run refines them from its inputs first, and the dynamic ops whose shape");
    puts("operands are then known become their static ops (docs/shape-polymorphism.md).");
    puts("Operand, result and body counts are those the checker enforces before the");
    puts("op's own rules (\"any\": counted by those rules); element types are listed");
    puts("for the element-wise ops, whose checker takes them from the table. Ops");
    puts("not listed are refused when the program is read, with the nearest listed");
    puts("name as a suggestion when there is one (docs/semantics.md, SPEC.md 7).\n");
    puts("| op | operands | results | bodies | element types | written |");
    puts("|---|---|---|---|---|---|");
    for (int k = 0; k < IR_OP_COUNT; k++) {
        const ir_op_info *op = ir_op_get((ir_op_kind)k);
        printf("| `%s` | ", op->name);
        counts(op->noperands);
        printf(" | ");
        counts(op->nresults);
        printf(" | ");
        counts(op->nregions < 0 ? -1 : op->nregions);
        printf(" | ");
        if (op->family == IR_KF_UNARY || op->family == IR_KF_BINARY)
            element_classes(op->elems);
        if (strcmp(check_of[k], "refused") == 0)
            printf(" | refused when read: REF aborts on it (decomposable) |\n");
        else
            printf(" | %s |\n", spelling(op));
    }
    printf("\n%d ops.\n", IR_OP_COUNT);
    return ferror(stdout) ? 1 : 0;
}
