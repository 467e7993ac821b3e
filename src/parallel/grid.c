/* The process grid: threads, meetings, channels, the infeed queue, and the
 * deadlock watch (grid.h). One mutex guards all of the grid's state; each
 * process waits on a condition variable of its own, so a wake-up goes to
 * the processes it concerns. */
#include "parallel/grid.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/mem.h"
#include "util/status.h"
#include "util/xorshift.h"

enum { GRID_STACK_BYTES = 4 << 20 };

/* What a process is doing, for the deadlock report. */
typedef enum { PS_RUNNING, PS_WAITING, PS_RETURNED } proc_state;

typedef struct {
    grid_proc pub;
    pthread_t thread;
    bool started;
    pthread_cond_t wake;
    proc_state state;
    bool woken;          /* set by whoever ends this process's wait */
    bool abandons;       /* its wait ends when the grid fails */
    const ir_op *op;     /* the op it waits in */
    int64_t channel;
    uint64_t schedule;   /* IRRUN_SCHEDULE_SEED state, 0 = no perturbation */
    int status;          /* what its body returned */
    /* recv: what a send handed over */
    tensor **got;
    int ngot;
} proc;

struct grid_meeting {
    ir_op_kind kind;
    int64_t channel;
    int n;
    int *members;
    void **contrib;
    const ir_op **ops;
    int arrived;
    int synced, sync_round; /* grid_sync: arrivals in this round, rounds done */
    int sync_failed;        /* failures told in this round */
    bool round_failed;      /* whether the last completed round had one */
    int inside;             /* members that have not left */
    bool open;              /* still waiting for members (in g->open) */
    grid_meeting *next;
};

/* A send waiting for a recv, or a recv waiting for a send, on a handle. */
typedef struct waiter {
    proc *p;
    int64_t handle;
    tensor **values; /* send */
    int n;
    struct waiter *next;
} waiter;

struct grid {
    int rows, cols, n;
    proc *procs;
    pthread_mutex_t lock;
    pthread_mutex_t output;
    int live;    /* processes that have not returned */
    int waiting; /* of those, the ones waiting */
    bool failed; /* a process reported an error */
    bool deadlocked;
    int unstarted, start_error; /* the first process whose thread could not start (-1: none), why */
    int fail_start;             /* IRRUN_TEST_FAIL_THREAD: this process's start fails (-1: none) */
    grid_meeting *open;
    waiter *sends, *recvs; /* in arrival order */
    const ir_func *const *infeed;
    int ninfeed, infeed_next;
    diag_source *src;
    FILE *err;
    grid_body body;
    void *arg;
};

static proc *self(grid_proc *p) { return (proc *)p; }

grid *grid_new(int rows, int cols, const ir_func *const *infeed, int ninfeed, diag_source *src, FILE *err)
{
    if (rows < 1 || cols < 1 || (int64_t)rows * cols > GRID_MAX_PROCESSES)
        return NULL;
    grid *g = mem_calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->rows = rows;
    g->cols = cols;
    g->n = rows * cols;
    g->procs = mem_calloc((size_t)g->n, sizeof *g->procs);
    if (!g->procs) {
        mem_free(g);
        return NULL;
    }
    pthread_mutex_init(&g->lock, NULL);
    pthread_mutex_init(&g->output, NULL);
    g->unstarted = -1;
    /* a test hook: the thread of process N (row-major) fails to start as
     * when the system has no room for it (tests/collectives.sh) */
    const char *fail = getenv("IRRUN_TEST_FAIL_THREAD");
    g->fail_start = fail && *fail ? atoi(fail) : -1;
    const char *seed = getenv("IRRUN_SCHEDULE_SEED");
    uint64_t s = seed && *seed ? strtoull(seed, NULL, 10) : 0;
    for (int i = 0; i < g->n; i++) {
        proc *q = &g->procs[i];
        q->pub = (grid_proc){ g, i / cols, i % cols, i, rows, cols };
        pthread_cond_init(&q->wake, NULL);
        /* a distinct non-zero stream per process and seed */
        q->schedule = s ? (s * 0x9E3779B97F4A7C15u) ^ ((uint64_t)i + 1) * 0xD1B54A32D192ED03u : 0;
        if (s && !q->schedule)
            q->schedule = 1;
    }
    g->live = g->n;
    g->infeed = infeed;
    g->ninfeed = ninfeed;
    g->src = src;
    g->err = err ? err : stderr;
    return g;
}

static void free_values(tensor **v, int n)
{
    for (int i = 0; v && i < n; i++)
        tensor_release(v[i]);
    mem_free(v);
}

void grid_free(grid *g)
{
    if (!g)
        return;
    while (g->sends) {
        waiter *w = g->sends;
        g->sends = w->next;
        free_values(w->values, w->n);
        mem_free(w);
    }
    while (g->recvs) {
        waiter *w = g->recvs;
        g->recvs = w->next;
        mem_free(w);
    }
    for (int i = 0; i < g->n; i++) {
        free_values(g->procs[i].got, g->procs[i].ngot);
        pthread_cond_destroy(&g->procs[i].wake);
    }
    pthread_mutex_destroy(&g->lock);
    pthread_mutex_destroy(&g->output);
    mem_free(g->procs);
    mem_free(g);
}

/* IRRUN_SCHEDULE_SEED: before each wait, a process does nothing, yields,
 * or sleeps up to 200 microseconds, as its seeded stream says, so that
 * processes reach meetings and channels in orders that vary with the
 * seed. Results must not change (tests/collectives.sh). */
static void perturb(proc *q)
{
    if (!q->schedule)
        return;
    uint64_t r = xorshift64(&q->schedule);
    switch (r % 3) {
    case 0: break;
    case 1: sched_yield(); break;
    case 2: {
        struct timespec ts = { 0, (long)(r >> 8) % 200000 };
        nanosleep(&ts, NULL);
        break;
    }
    }
}

void grid_output_lock(grid *g) { pthread_mutex_lock(&g->output); }
void grid_output_unlock(grid *g) { pthread_mutex_unlock(&g->output); }

/* ---- waiting and the deadlock watch (under g->lock) --------------------- */

static void wake(proc *q)
{
    if (q->state == PS_WAITING) {
        q->state = PS_RUNNING;
        q->pub.g->waiting--;
    }
    q->woken = true;
    pthread_cond_signal(&q->wake);
}

static void wake_all(grid *g)
{
    for (int i = 0; i < g->n; i++)
        if (g->procs[i].state == PS_WAITING)
            pthread_cond_signal(&g->procs[i].wake);
}

/* Every process that has not returned waits: none can wake another.
 * Reported once, located at the op of the first waiting process, with
 * every process's state, in process order (the same whatever the
 * schedule). */
static void report_deadlock(grid *g)
{
    const proc *first = NULL;
    for (int i = 0; i < g->n && !first; i++)
        if (g->procs[i].state == PS_WAITING)
            first = &g->procs[i];
    pthread_mutex_lock(&g->output);
    const char *file = g->src && g->src->name ? g->src->name : "<input>";
#define DEADLOCK "deadlock: every process of the %dx%d grid that has not returned waits, and none can wake another " \
                 "(decision 45)"
    if (g->src) {
        diag_source at = *g->src;
        at.out = g->err;
        diag_error(&at, first->op->loc, DEADLOCK, g->rows, g->cols);
    } else {
        fprintf(g->err, "%s:%d:%d: error: " DEADLOCK "\n", file, first->op->loc.line, first->op->loc.col, g->rows,
                g->cols);
    }
#undef DEADLOCK
    for (int i = 0; i < g->n; i++) {
        const proc *q = &g->procs[i];
        fprintf(g->err, "  process (%d, %d): ", q->pub.replica, q->pub.partition);
        if (q->state == PS_WAITING)
            fprintf(g->err, "waits in '%s' at %s:%d:%d (channel %lld)\n", ir_op_name(q->op->kind), file,
                    q->op->loc.line, q->op->loc.col, (long long)q->channel);
        else
            fputs("has returned\n", g->err);
    }
    pthread_mutex_unlock(&g->output);
}

static void watch(grid *g)
{
    if (g->deadlocked || g->live == 0 || g->waiting != g->live)
        return;
    /* after a failure, a wait that ends on failure is over even before its
     * process has run again to say so: no deadlock */
    for (int i = 0; g->failed && i < g->n; i++)
        if (g->procs[i].state == PS_WAITING && g->procs[i].abandons && !g->procs[i].woken)
            return;
    g->deadlocked = true;
    report_deadlock(g);
    wake_all(g);
}

/* Waits until woken; `stop_on_failure`: also when another process failed
 * (waits that can be abandoned). 0, or IRRUN_BAD_INPUT when the wait ended
 * without its event (the reason was reported already). */
static int wait_for_event(proc *q, const ir_op *op, int64_t channel, bool stop_on_failure)
{
    grid *g = q->pub.g;
    q->woken = false;
    q->state = PS_WAITING;
    q->op = op;
    q->channel = channel;
    q->abandons = stop_on_failure;
    g->waiting++;
    watch(g);
    while (!q->woken && !g->deadlocked && !(stop_on_failure && g->failed))
        pthread_cond_wait(&q->wake, &g->lock);
    if (q->woken)
        return 0;
    q->state = PS_RUNNING;
    g->waiting--;
    return IRRUN_BAD_INPUT;
}

void grid_fail(grid *g)
{
    pthread_mutex_lock(&g->lock);
    g->failed = true;
    wake_all(g);
    pthread_mutex_unlock(&g->lock);
}

/* ---- threads -------------------------------------------------------------- */

static void *thread_main(void *arg)
{
    proc *q = arg;
    grid *g = q->pub.g;
    perturb(q);
    q->status = g->body(&q->pub, g->arg);
    pthread_mutex_lock(&g->lock);
    if (q->status) {
        g->failed = true;
        wake_all(g);
    }
    q->state = PS_RETURNED;
    g->live--;
    watch(g);
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int grid_run(grid *g, grid_body body, void *arg)
{
    g->body = body;
    g->arg = arg;
    int rc = 0;
    /* glibc keeps the stacks of ended threads for reuse, up to 40 MiB:
     * stacks of GRID_STACK_BYTES let a grid of 8 start without mapping
     * new ones (deep enough for RT_NEST_DEPTH_MAX levels, sanitizer build
     * included: docs/control-flow.md, tests/nesting.sh) */
    pthread_attr_t attr;
    bool sized = pthread_attr_init(&attr) == 0;
    if (sized)
        pthread_attr_setstacksize(&attr, GRID_STACK_BYTES);
    for (int i = 0; i < g->n; i++) {
        proc *q = &g->procs[i];
        /* after one failure the others are not tried: the grid has failed */
        int err = g->unstarted >= 0 ? EAGAIN
                  : i == g->fail_start ? EAGAIN
                                       : pthread_create(&q->thread, sized ? &attr : NULL, thread_main, q);
        q->started = err == 0;
        if (!q->started) {
            /* a process that never runs fails the grid; the caller reports
             * the first (grid_unstarted) */
            if (g->unstarted < 0) {
                g->unstarted = i;
                g->start_error = err;
            }
            pthread_mutex_lock(&g->lock);
            q->state = PS_RETURNED;
            q->status = IRRUN_NOMEM;
            g->failed = true;
            g->live--;
            wake_all(g);
            watch(g);
            pthread_mutex_unlock(&g->lock);
        }
    }
    if (sized)
        pthread_attr_destroy(&attr);
    for (int i = 0; i < g->n; i++) {
        proc *q = &g->procs[i];
        if (q->started)
            pthread_join(q->thread, NULL);
        /* the first process's failure, a check failure only when nothing
         * worse happened */
        if (q->status && (!rc || rc == IRRUN_CHECK_FAILED))
            rc = q->status;
    }
    if (!rc && g->deadlocked)
        rc = IRRUN_BAD_INPUT;
    return rc;
}

int grid_unstarted(const grid *g, int *error)
{
    *error = g->start_error;
    return g->unstarted;
}

/* ---- meetings ------------------------------------------------------------- */

static bool same_meeting(const grid_meeting *m, const ir_op *op, int64_t channel, const int *members, int n)
{
    return m->kind == op->kind && m->channel == channel && m->n == n &&
           memcmp(m->members, members, (size_t)n * sizeof *members) == 0;
}

static grid_meeting *meeting_new(const ir_op *op, int64_t channel, const int *members, int n)
{
    grid_meeting *m = mem_calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->members = mem_calloc((size_t)n, sizeof *m->members);
    m->contrib = mem_calloc((size_t)n, sizeof *m->contrib);
    m->ops = mem_calloc((size_t)n, sizeof *m->ops);
    if (!m->members || !m->contrib || !m->ops) {
        mem_free(m->members);
        mem_free(m->contrib);
        mem_free(m->ops);
        mem_free(m);
        return NULL;
    }
    memcpy(m->members, members, (size_t)n * sizeof *members);
    m->kind = op->kind;
    m->channel = channel;
    m->n = n;
    m->open = true;
    return m;
}

static void meeting_free(grid_meeting *m)
{
    mem_free(m->members);
    mem_free(m->contrib);
    mem_free(m->ops);
    mem_free(m);
}

static void unlink_open(grid *g, grid_meeting *m)
{
    for (grid_meeting **at = &g->open; *at; at = &(*at)->next)
        if (*at == m) {
            *at = m->next;
            break;
        }
    m->open = false;
}

int grid_meet(grid_proc *p, const ir_op *op, int64_t channel, const int *members, int n, void *contribution,
              grid_meeting **out)
{
    proc *q = self(p);
    grid *g = p->g;
    int pos = -1;
    for (int i = 0; i < n && pos < 0; i++)
        if (members[i] == p->id)
            pos = i;
    *out = NULL;
    if (pos < 0)
        return IRRUN_BAD_INPUT;
    perturb(q);
    pthread_mutex_lock(&g->lock);
    if (g->failed || g->deadlocked) {
        pthread_mutex_unlock(&g->lock);
        return IRRUN_BAD_INPUT;
    }
    grid_meeting *m = g->open;
    while (m && !same_meeting(m, op, channel, members, n))
        m = m->next;
    if (!m) {
        m = meeting_new(op, channel, members, n);
        if (!m) {
            pthread_mutex_unlock(&g->lock);
            return IRRUN_NOMEM;
        }
        m->next = g->open;
        g->open = m;
    }
    m->contrib[pos] = contribution;
    m->ops[pos] = op;
    m->arrived++;
    m->inside++;
    int rc = 0;
    if (m->arrived == n) {
        unlink_open(g, m);
        for (int i = 0; i < n; i++)
            if (i != pos)
                wake(&g->procs[m->members[i]]);
    } else {
        rc = wait_for_event(q, op, channel, true);
        if (rc && m->open) { /* abandoned before everyone came */
            m->arrived--;
            m->contrib[pos] = NULL;
            if (--m->inside == 0) {
                unlink_open(g, m);
                meeting_free(m);
            }
            m = NULL;
        } else if (rc) { /* complete, but the grid deadlocked later */
            rc = 0;
        }
    }
    pthread_mutex_unlock(&g->lock);
    *out = m;
    return rc;
}

void *grid_contribution(const grid_meeting *m, int pos) { return m->contrib[pos]; }
const ir_op *grid_member_op(const grid_meeting *m, int pos) { return m->ops[pos]; }

int grid_sync(grid_proc *p, grid_meeting *m, bool failed, bool *anyone_failed)
{
    proc *q = self(p);
    grid *g = p->g;
    perturb(q);
    pthread_mutex_lock(&g->lock);
    int rc = 0;
    m->sync_failed += failed;
    if (++m->synced == m->n) {
        /* nobody can start the next round before every member has read
         * this one's verdict: all of them are needed to complete it */
        m->round_failed = m->sync_failed > 0;
        m->synced = 0;
        m->sync_failed = 0;
        m->sync_round++;
        for (int i = 0; i < m->n; i++)
            if (m->members[i] != p->id)
                wake(&g->procs[m->members[i]]);
    } else {
        int round = m->sync_round;
        /* every member is inside the meeting: only a deadlock elsewhere
         * (a region that waits) can keep one away */
        rc = wait_for_event(q, m->ops[0], m->channel, false);
        if (!rc && m->sync_round == round)
            rc = IRRUN_BAD_INPUT;
    }
    *anyone_failed = m->round_failed;
    pthread_mutex_unlock(&g->lock);
    return rc;
}

void grid_leave(grid_proc *p, grid_meeting *m)
{
    grid *g = p->g;
    if (!m)
        return;
    pthread_mutex_lock(&g->lock);
    bool last = --m->inside == 0;
    pthread_mutex_unlock(&g->lock);
    if (last)
        meeting_free(m);
}

/* ---- channels -------------------------------------------------------------- */

static waiter *take_first(waiter **list, int64_t handle)
{
    for (waiter **at = list; *at; at = &(*at)->next)
        if ((*at)->handle == handle) {
            waiter *w = *at;
            *at = w->next;
            return w;
        }
    return NULL;
}

static void append(waiter **list, waiter *w)
{
    while (*list)
        list = &(*list)->next;
    w->next = NULL;
    *list = w;
}

int grid_send(grid_proc *p, const ir_op *op, int64_t handle, tensor **values, int n)
{
    proc *q = self(p);
    grid *g = p->g;
    perturb(q);
    pthread_mutex_lock(&g->lock);
    int rc = 0;
    waiter *r = g->failed || g->deadlocked ? NULL : take_first(&g->recvs, handle);
    if (g->failed || g->deadlocked) {
        rc = IRRUN_BAD_INPUT;
    } else if (r) {
        r->p->got = values;
        r->p->ngot = n;
        values = NULL;
        wake(r->p);
        mem_free(r);
    } else {
        waiter *w = mem_calloc(1, sizeof *w);
        if (!w) {
            rc = IRRUN_NOMEM;
        } else {
            *w = (waiter){ q, handle, values, n, NULL };
            values = NULL;
            append(&g->sends, w);
            rc = wait_for_event(q, op, handle, true);
            if (rc) { /* still queued: take it back */
                for (waiter **at = &g->sends; *at; at = &(*at)->next)
                    if (*at == w) {
                        *at = w->next;
                        free_values(w->values, w->n);
                        mem_free(w);
                        break;
                    }
            }
        }
    }
    pthread_mutex_unlock(&g->lock);
    free_values(values, n);
    return rc;
}

int grid_recv(grid_proc *p, const ir_op *op, int64_t handle, tensor ***values, int *n)
{
    proc *q = self(p);
    grid *g = p->g;
    perturb(q);
    pthread_mutex_lock(&g->lock);
    int rc = 0;
    *values = NULL;
    *n = 0;
    waiter *s = g->failed || g->deadlocked ? NULL : take_first(&g->sends, handle);
    if (g->failed || g->deadlocked) {
        rc = IRRUN_BAD_INPUT;
    } else if (s) {
        *values = s->values;
        *n = s->n;
        wake(s->p);
        mem_free(s);
    } else {
        waiter *w = mem_calloc(1, sizeof *w);
        if (!w) {
            rc = IRRUN_NOMEM;
        } else {
            *w = (waiter){ q, handle, NULL, 0, NULL };
            append(&g->recvs, w);
            q->got = NULL;
            rc = wait_for_event(q, op, handle, true);
            if (rc) {
                for (waiter **at = &g->recvs; *at; at = &(*at)->next)
                    if (*at == w) {
                        *at = w->next;
                        mem_free(w);
                        break;
                    }
            } else {
                *values = q->got;
                *n = q->ngot;
                q->got = NULL;
                q->ngot = 0;
            }
        }
    }
    pthread_mutex_unlock(&g->lock);
    return rc;
}

const ir_func *grid_infeed_next(grid_proc *p)
{
    grid *g = p->g;
    pthread_mutex_lock(&g->lock);
    const ir_func *f = g->infeed_next < g->ninfeed ? g->infeed[g->infeed_next++] : NULL;
    pthread_mutex_unlock(&g->lock);
    return f;
}

tensor *grid_copy_value(const tensor *t)
{
    tensor *c = tensor_new(&t->type);
    if (!c)
        return NULL;
    if (shape_kind_of(&t->type) == SHAPE_TUPLE) {
        for (int i = 0; i < shape_tuple_size(&t->type); i++) {
            tensor_parts(c)[i] = grid_copy_value(tensor_parts(t)[i]);
            if (!tensor_parts(c)[i]) {
                tensor_release(c);
                return NULL;
            }
        }
    } else if (t->nbytes) {
        memcpy(c->data, t->data, t->nbytes);
    }
    return c;
}
