/* The thread pool of pool.h. One job at a time: pool_run publishes the job
 * under the lock with a new generation number, wakes the workers, and takes
 * parts itself; parts are handed out by an atomic counter; the caller waits
 * until every worker has left the job before returning, so nothing of the
 * job outlives the call. */
#include "parallel/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/mem.h"

/* More threads than this are never useful on the machines ir-run runs on,
 * and the bound keeps a mistyped --threads from exhausting the system. */
enum { POOL_MAX_THREADS = 256 };

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a new job or quit */
    pthread_cond_t idle; /* the last worker left the job */
    pthread_t *workers;
    int nworkers;
    /* the job, written under the lock before the generation changes */
    unsigned long generation;
    pool_task fn;
    void *arg;
    int64_t nparts;
    atomic_int_fast64_t next; /* the next part to hand out */
    int busy;                 /* workers not yet done with the job */
    bool quit;
    int64_t failed_part; /* lowest failed part, nparts when none */
    irrun_status failed_status;
    atomic_bool running; /* a job is in progress: nested runs go serial */
};

static void take_parts(pool *p)
{
    for (;;) {
        int64_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->nparts)
            return;
        irrun_status st = p->fn(p->arg, i);
        if (st != IRRUN_OK) {
            pthread_mutex_lock(&p->lock);
            if (i < p->failed_part) {
                p->failed_part = i;
                p->failed_status = st;
            }
            pthread_mutex_unlock(&p->lock);
        }
    }
}

static void *worker(void *vp)
{
    pool *p = vp;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        pthread_mutex_unlock(&p->lock);
        take_parts(p);
        pthread_mutex_lock(&p->lock);
        if (--p->busy == 0)
            pthread_cond_signal(&p->idle);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pool *pool_new(int threads)
{
    if (threads <= 1)
        return NULL;
    if (threads > POOL_MAX_THREADS)
        threads = POOL_MAX_THREADS;
    pool *p = mem_calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->workers = mem_calloc((size_t)threads - 1, sizeof *p->workers);
    if (!p->workers) {
        mem_free(p);
        return NULL;
    }
    bool locked = pthread_mutex_init(&p->lock, NULL) == 0;
    bool woken = locked && pthread_cond_init(&p->wake, NULL) == 0;
    bool idled = woken && pthread_cond_init(&p->idle, NULL) == 0;
    if (!idled) {
        if (woken)
            pthread_cond_destroy(&p->wake);
        if (locked)
            pthread_mutex_destroy(&p->lock);
        mem_free(p->workers);
        mem_free(p);
        return NULL;
    }
    atomic_init(&p->next, 0);
    atomic_init(&p->running, false);
    while (p->nworkers < threads - 1 && pthread_create(&p->workers[p->nworkers], NULL, worker, p) == 0)
        p->nworkers++;
    if (p->nworkers == 0) {
        pool_free(p);
        return NULL;
    }
    return p;
}

void pool_free(pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nworkers; i++)
        pthread_join(p->workers[i], NULL);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->idle);
    pthread_mutex_destroy(&p->lock);
    mem_free(p->workers);
    mem_free(p);
}

int pool_threads(const pool *p) { return p ? p->nworkers + 1 : 1; }

static irrun_status run_serial(int64_t nparts, pool_task fn, void *arg)
{
    irrun_status first = IRRUN_OK;
    for (int64_t i = 0; i < nparts; i++) {
        irrun_status st = fn(arg, i);
        if (first == IRRUN_OK)
            first = st;
    }
    return first;
}

irrun_status pool_run(pool *p, int64_t nparts, pool_task fn, void *arg)
{
    if (!p || nparts <= 1 || atomic_exchange(&p->running, true))
        return run_serial(nparts, fn, arg);
    pthread_mutex_lock(&p->lock);
    p->fn = fn;
    p->arg = arg;
    p->nparts = nparts;
    p->failed_part = nparts;
    p->failed_status = IRRUN_OK;
    atomic_store(&p->next, 0);
    p->busy = p->nworkers;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    take_parts(p);
    pthread_mutex_lock(&p->lock);
    while (p->busy > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    irrun_status st = p->failed_status;
    pthread_mutex_unlock(&p->lock);
    atomic_store(&p->running, false);
    return st;
}

bool pool_tiny_parts_asked(void)
{
    const char *e = getenv("IRRUN_TEST_TINY_PARTS");
    return e && *e;
}

bool pool_tiny_parts(const pool *p) { return pool_threads(p) > 1 && pool_tiny_parts_asked(); }

int pool_default_threads(void)
{
    const char *e = getenv("IRRUN_THREADS");
    if (e && *e) {
        /* digits only, as the CLI's check (cli_env_threads_check) wants:
         * no blank or sign */
        char *end;
        long n = *e >= '0' && *e <= '9' ? strtol(e, &end, 10) : 0;
        if (n >= 1 && *end == '\0')
            return n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n) : 1;
}
