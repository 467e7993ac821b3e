/* triangular_solve (SPEC.md 9.5.5): forward or back substitution per batch
 * matrix, in REF's order, every multiply, subtract and divide rounded in the
 * element type by the binary kernel (so complex follows 4.6/4.7). Decision
 * 39: batched solves read the batch's own diagonal; ADJOINT of a real type
 * is TRANSPOSE. */
#include <string.h>

#include "exec/exec.h"

/* M[i][j] of the solve (A, its transpose or its conjugate transpose) into out. */
static void m_element(const unsigned char *a, int64_t n, size_t es, int transpose, bool conj, int64_t i, int64_t j,
                      unsigned char *out)
{
    memcpy(out, transpose ? a + (size_t)(j * n + i) * es : a + (size_t)(i * n + j) * es, es);
    if (conj) /* flip the sign bit of the imaginary part (its top byte) */
        out[es - 1] ^= 0x80;
}

int exec_triangular_solve(rt_ctx *c, rt_frame *fr, const ir_op *op, tensor **res)
{
    const tensor *a = fr->slots[op->operands[0]], *b = fr->slots[op->operands[1]];
    tensor *x = res[0];
    et_id e = x->type.elem;
    size_t es = tensor_elem_bytes(x);
    int r = x->type.rank;
    int64_t n = a->type.dims[r - 1];
    bool left = op->a.tsolve.left_side, unit = op->a.tsolve.unit_diagonal;
    int transpose = op->a.tsolve.transpose_a != IR_NO_TRANSPOSE;
    bool conj = op->a.tsolve.transpose_a == IR_ADJOINT && et_get(e)->kind == EK_COMPLEX;
    bool lo = op->a.tsolve.lower != (transpose != 0);
    int64_t rows = x->type.dims[r - 2], cols = x->type.dims[r - 1];
    int64_t k_count = left ? cols : rows, batches = n ? a->count / (n * n) : 0;
    memcpy(x->data, b->data, x->nbytes);
    unsigned char acc[16], m[16], prod[16];
    tensor tacc = tensor_view(e, 1, acc), tm = tensor_view(e, 1, m), tprod = tensor_view(e, 1, prod);
    irrun_status st = IRRUN_OK;
    for (int64_t bt = 0; bt < batches && st == IRRUN_OK; bt++) {
        const unsigned char *ab = (const unsigned char *)a->data + (size_t)(bt * n * n) * es;
        unsigned char *xb = (unsigned char *)x->data + (size_t)(bt * rows * cols) * es;
        for (int64_t k = 0; k < k_count && st == IRRUN_OK; k++) {
            /* left: X[i, k] in column k, rows ascending if lo; right: X[k, i]
             * in row k, columns descending if lo */
            bool up = left ? lo : !lo;
            for (int64_t s = 0; s < n && st == IRRUN_OK; s++) {
                int64_t i = up ? s : n - 1 - s;
                unsigned char *xi = xb + (size_t)(left ? i * cols + k : k * cols + i) * es;
                memcpy(acc, xi, es);
                for (int64_t t = 0; t < s && st == IRRUN_OK; t++) {
                    int64_t j = up ? t : n - 1 - t;
                    const unsigned char *xj = xb + (size_t)(left ? j * cols + k : k * cols + j) * es;
                    tensor txj = tensor_view(e, 1, (void *)xj);
                    if (left)
                        m_element(ab, n, es, transpose, conj, i, j, m);
                    else
                        m_element(ab, n, es, transpose, conj, j, i, m);
                    st = left ? kern_binary(KB_MUL, &tm, &txj, &tprod) : kern_binary(KB_MUL, &txj, &tm, &tprod);
                    if (st == IRRUN_OK)
                        st = kern_binary(KB_SUB, &tacc, &tprod, &tacc);
                }
                if (!unit && st == IRRUN_OK) {
                    m_element(ab, n, es, transpose, conj, i, i, m);
                    st = kern_binary(KB_DIV, &tacc, &tm, &tacc);
                }
                memcpy(xi, acc, es);
            }
        }
    }
    return rt_status(c, op, st);
}
