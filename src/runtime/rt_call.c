/* Calls: a function body runs as a region in a frame of its own, the
 * frame its last activation left idle when there is one (rt.h). */
#include "runtime/rt.h"
#include "util/mem.h"

/* f's index in the module, or -1 */
static int func_index(const rt_ctx *c, const ir_func *f)
{
    ptrdiff_t i = f - c->m->funcs;
    return i >= 0 && i < c->m->nfuncs ? (int)i : -1;
}

/* A frame for f: the one its last activation left idle, else a new one. */
static bool rt_frame_take(rt_ctx *c, const ir_func *f, rt_frame *fr)
{
    int i = func_index(c, f);
    if (i >= 0 && c->idle && c->idle[i].slots) {
        *fr = c->idle[i];
        c->idle[i].slots = NULL;
        return true;
    }
    return rt_frame_open(fr, f);
}

/* Ends an activation: its slots emptied (small tensors kept as spares),
 * the frame kept idle for f's next call when f has none, else closed. */
static void rt_frame_put(rt_ctx *c, rt_frame *fr)
{
    int i = func_index(c, fr->f);
    if (i >= 0 && !c->idle)
        c->idle = mem_calloc((size_t)c->m->nfuncs, sizeof *c->idle);
    if (i < 0 || !c->idle || c->idle[i].slots) {
        rt_frame_close(fr);
        return;
    }
    for (int v = 0; v < fr->f->nvalues; v++)
        rt_frame_release(fr, v);
    c->idle[i] = *fr;
}

void rt_frames_free(rt_ctx *c)
{
    for (int i = 0; c->idle && i < c->m->nfuncs; i++)
        if (c->idle[i].slots)
            rt_frame_close(&c->idle[i]);
    mem_free(c->idle);
    c->idle = NULL;
}

/* A frame for the callee: its body is a region run with the call's
 * operands as arguments. */
static int run_func(rt_ctx *c, const ir_func *f, tensor *const *args, tensor **results)
{
    c->fname = f->name;
    rt_frame fr;
    if (!rt_frame_take(c, f, &fr))
        return rt_nomem(c, f->loc, "out of memory");
    int rc = rt_region_run(c, &fr, &f->body, args, results);
    rt_frame_put(c, &fr);
    if (rc) {
        for (int k = 0; k < f->nresults; k++) {
            tensor_release(results[k]);
            results[k] = NULL;
        }
    }
    return rc;
}

int rt_call(rt_ctx *c, const ir_func *callee, tensor *const *args, tensor **results)
{
    const char *saved = c->fname;
    int rc = run_func(c, callee, args, results);
    c->fname = saved;
    return rc;
}
