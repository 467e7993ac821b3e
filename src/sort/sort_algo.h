/* The two libstdc++ sort algorithms REF executes (SPEC.md 9.3.5.1), written
 * once over an element type and a fallible `less`, so that the general path
 * (positions, comparator callback: sort.c) and the native key paths
 * (sort_native.c) run the very same steps: same pairs compared, in the same
 * order, same moves. Include this file after defining
 *
 *   SORT_ELEM                  the array element, moved by assignment
 *   SORT_CTX                   the type of what SORT_LESS needs besides x, y
 *   SORT_LESS(cx, x, y, out)   an int expression: 0 after storing less(x, y)
 *                              in the bool *out, or a nonzero status
 *   SORT_NAME(id)              the name this instantiation gives function id
 *
 * It defines static SORT_NAME(unstable)(cx, a, n) (std::sort) and
 * SORT_NAME(stable)(cx, a, n, buf) (std::stable_sort, buf has room for
 * (n + 1) / 2 elements). They return 0, or the first nonzero status of
 * SORT_LESS, which stops the sort at once (a is then some mix of its
 * elements: callers discard it). No include guard: every inclusion is one
 * instantiation, and the parameters are undefined at the end.
 *
 * Comparators that are not strict weak orders (SPEC.md 9.3.5, section 9.8
 * decision 26: "port libstdc++ exactly"). std::sort's unguarded loops, the
 * two scans of the partition and the linear insertion, stop only because
 * the order guarantees an element that ends them; for other comparators
 * (LE on ties, "always true") REF can walk off its vector, which is
 * undefined behaviour. Decision 26 does not say what to do
 * there, so ir-run decides: every such loop also stops at the ends of the
 * whole array, as if a[-1] and a[n] were sentinels on which less answers
 * false (libstdc++ run on a slice between two such sentinels makes exactly
 * this engine's calls, the sentinels' aside, and gives its result). The left
 * scan stops at n without calling less, the right scan at -1, a linear
 * insertion at the start of its range (0 in std::sort's final pass; lo in
 * the guarded insertion, where a deterministic comparator is already
 * stopped at lo + 1 by the comparison made before). Consequences:
 *  - whenever REF stays inside its vector the result is REF's, including
 *    scans that overshoot into a neighbouring partition (REF reads those
 *    elements too, so they are compared here as well) and a cut beyond the
 *    current range, which REF then goes on sorting;
 *  - otherwise the result is still a deterministic permutation: loops end
 *    because every pass of the introsort loop spends one unit of depth (an
 *    overshooting cut cannot make it loop for ever) and heapsort and the
 *    merges are bounded by their lengths;
 *  - a comparator with less(x, x) true can make the insertion passes
 *    quadratic over runs of equal elements, as they are in REF.
 * std::stable_sort has no unguarded loop beyond its chunk insertion, which
 * gets the same guard. */

#define SORT_TRY_(x, y, out)                          \
    do {                                              \
        int sort_rc_ = SORT_LESS(cx, (x), (y), (out)); \
        if (sort_rc_)                                 \
            return sort_rc_;                          \
    } while (0)

#define SORT_SWAP_(p, q)        \
    do {                        \
        SORT_ELEM sort_t_ = (p); \
        (p) = (q);              \
        (q) = sort_t_;          \
    } while (0)

/* libstdc++ moves the median of a[x], a[y], a[z] to a[r] with these
 * comparisons in exactly this order: the order is observable through a
 * comparator that is not a strict weak order. */
static int SORT_NAME(median_to_first)(SORT_CTX *cx, SORT_ELEM *a, int64_t r, int64_t x, int64_t y,
                                      int64_t z)
{
    bool b;
    int64_t m;
    SORT_TRY_(a[x], a[y], &b);
    if (b) {
        SORT_TRY_(a[y], a[z], &b);
        if (b) {
            m = y;
        } else {
            SORT_TRY_(a[x], a[z], &b);
            m = b ? z : x;
        }
    } else {
        SORT_TRY_(a[x], a[z], &b);
        if (b) {
            m = x;
        } else {
            SORT_TRY_(a[y], a[z], &b);
            m = b ? z : y;
        }
    }
    SORT_SWAP_(a[r], a[m]);
    return 0;
}

/* Hoare partition of [f, l) around the pivot a[p] (p < f), as libstdc++'s
 * unguarded partition, plus the array-end stops described at the top. */
static int SORT_NAME(partition)(SORT_CTX *cx, SORT_ELEM *a, int64_t n, int64_t f, int64_t l, int64_t p,
                                int64_t *cut)
{
    bool b;
    for (;;) {
        while (f < n) {
            SORT_TRY_(a[f], a[p], &b);
            if (!b)
                break;
            f++;
        }
        l--;
        while (l >= 0) {
            SORT_TRY_(a[p], a[l], &b);
            if (!b)
                break;
            l--;
        }
        if (!(f < l)) {
            *cut = f;
            return 0;
        }
        SORT_SWAP_(a[f], a[l]);
        f++;
    }
}

/* Moves v down from the hole h of the heap b[0..len) to a leaf along the
 * larger children, then back up (libstdc++'s adjust_heap + push_heap: the
 * comparisons are those, not a textbook sift-down). */
static int SORT_NAME(sift)(SORT_CTX *cx, SORT_ELEM *b, int64_t h, int64_t len, SORT_ELEM v)
{
    bool lt;
    int64_t top = h, c = h;
    while (c < (len - 1) / 2) {
        c = 2 * c + 2;
        SORT_TRY_(b[c], b[c - 1], &lt);
        if (lt)
            c--;
        b[h] = b[c];
        h = c;
    }
    if ((len & 1) == 0 && c == (len - 2) / 2) {
        c = 2 * c + 2;
        b[h] = b[c - 1];
        h = c - 1;
    }
    int64_t p = (h - 1) / 2;
    while (h > top) {
        SORT_TRY_(b[p], v, &lt);
        if (!lt)
            break;
        b[h] = b[p];
        h = p;
        p = (h - 1) / 2;
    }
    b[h] = v;
    return 0;
}

static int SORT_NAME(heapsort)(SORT_CTX *cx, SORT_ELEM *b, int64_t len)
{
    int rc;
    if (len >= 2) {
        for (int64_t t = (len - 2) / 2;; t--) {
            if ((rc = SORT_NAME(sift)(cx, b, t, len, b[t])) != 0)
                return rc;
            if (t == 0)
                break;
        }
    }
    while (len > 1) {
        len--;
        SORT_ELEM v = b[len];
        b[len] = b[0];
        if ((rc = SORT_NAME(sift)(cx, b, 0, len, v)) != 0)
            return rc;
    }
    return 0;
}

/* a[i] moves left while it is less than its left neighbour, never below
 * `floor` (the guard explained at the top). */
static int SORT_NAME(linear_insert)(SORT_CTX *cx, SORT_ELEM *a, int64_t i, int64_t floor)
{
    bool b;
    SORT_ELEM v = a[i];
    int64_t j = i;
    while (j > floor) {
        SORT_TRY_(v, a[j - 1], &b);
        if (!b)
            break;
        a[j] = a[j - 1];
        j--;
    }
    a[j] = v;
    return 0;
}

/* libstdc++'s guarded insertion sort: an element less than a[lo] goes to
 * the front without further comparisons. */
static int SORT_NAME(insertion)(SORT_CTX *cx, SORT_ELEM *a, int64_t lo, int64_t hi)
{
    bool b;
    int rc;
    for (int64_t i = lo + 1; i < hi; i++) {
        SORT_ELEM v = a[i];
        SORT_TRY_(v, a[lo], &b);
        if (b) {
            memmove(a + lo + 1, a + lo, (size_t)(i - lo) * sizeof *a);
            a[lo] = v;
        } else if ((rc = SORT_NAME(linear_insert)(cx, a, i, lo)) != 0) {
            return rc;
        }
    }
    return 0;
}

/* hi - lo may be negative: a cut beyond hi (see the top) leaves nothing to
 * the right of it. */
static int SORT_NAME(introsort)(SORT_CTX *cx, SORT_ELEM *a, int64_t n, int64_t lo, int64_t hi, int depth)
{
    int rc;
    while (hi - lo > 16) {
        if (depth == 0)
            return SORT_NAME(heapsort)(cx, a + lo, hi - lo);
        depth--;
        if ((rc = SORT_NAME(median_to_first)(cx, a, lo, lo + 1, lo + (hi - lo) / 2, hi - 1)) != 0)
            return rc;
        int64_t cut;
        if ((rc = SORT_NAME(partition)(cx, a, n, lo + 1, hi, lo, &cut)) != 0)
            return rc;
        if ((rc = SORT_NAME(introsort)(cx, a, n, cut, hi, depth)) != 0)
            return rc;
        hi = cut;
    }
    return 0;
}

static int SORT_NAME(unstable)(SORT_CTX *cx, SORT_ELEM *a, int64_t n)
{
    int rc, lg = 0;
    if (n <= 0)
        return 0;
    while ((n >> lg) > 1)
        lg++;
    if ((rc = SORT_NAME(introsort)(cx, a, n, 0, n, 2 * lg)) != 0)
        return rc;
    if (n <= 16)
        return SORT_NAME(insertion)(cx, a, 0, n);
    if ((rc = SORT_NAME(insertion)(cx, a, 0, 16)) != 0)
        return rc;
    for (int64_t i = 16; i < n; i++) {
        if ((rc = SORT_NAME(linear_insert)(cx, a, i, 0)) != 0)
            return rc;
    }
    return 0;
}

/* Merges p[0..np) and q[0..nq) into out (which overlaps neither), taking
 * the right element only when it is strictly less: that is what makes the
 * sort stable. */
static int SORT_NAME(merge)(SORT_CTX *cx, const SORT_ELEM *p, int64_t np, const SORT_ELEM *q, int64_t nq,
                            SORT_ELEM *out)
{
    bool b;
    while (np > 0 && nq > 0) {
        SORT_TRY_(*q, *p, &b);
        if (b) {
            *out++ = *q++;
            nq--;
        } else {
            *out++ = *p++;
            np--;
        }
    }
    memcpy(out, p, (size_t)np * sizeof *p);
    memcpy(out + np, q, (size_t)nq * sizeof *q);
    return 0;
}

/* One merge pass over len elements: runs of `step` merged pairwise from the
 * left, the tail as a run of min(rest, step) and what remains after it. */
static int SORT_NAME(pass)(SORT_CTX *cx, const SORT_ELEM *src, SORT_ELEM *dst, int64_t len, int64_t step)
{
    int rc;
    int64_t x = 0;
    while (len - x >= 2 * step) {
        if ((rc = SORT_NAME(merge)(cx, src + x, step, src + x + step, step, dst + x)) != 0)
            return rc;
        x += 2 * step;
    }
    int64_t s = len - x < step ? len - x : step;
    return SORT_NAME(merge)(cx, src + x, s, src + x + s, len - x - s, dst + x);
}

#define SORT_CHUNK_ 7

/* libstdc++'s merge sort with a buffer over a[lo..hi): insertion-sorted
 * chunks of 7, then passes to the buffer and back, so the result ends in a. */
static int SORT_NAME(merge_sort)(SORT_CTX *cx, SORT_ELEM *a, int64_t lo, int64_t hi, SORT_ELEM *buf)
{
    int rc;
    int64_t len = hi - lo, x = lo;
    for (; hi - x >= SORT_CHUNK_; x += SORT_CHUNK_) {
        if ((rc = SORT_NAME(insertion)(cx, a, x, x + SORT_CHUNK_)) != 0)
            return rc;
    }
    if ((rc = SORT_NAME(insertion)(cx, a, x, hi)) != 0)
        return rc;
    for (int64_t step = SORT_CHUNK_; step < len;) {
        if ((rc = SORT_NAME(pass)(cx, a + lo, buf, len, step)) != 0)
            return rc;
        step *= 2;
        if ((rc = SORT_NAME(pass)(cx, buf, a + lo, len, step)) != 0)
            return rc;
        step *= 2;
    }
    return 0;
}

static int SORT_NAME(stable)(SORT_CTX *cx, SORT_ELEM *a, int64_t n, SORT_ELEM *buf)
{
    bool b;
    int rc;
    if (n <= 0)
        return 0;
    int64_t m = (n + 1) / 2, r = n - m;
    if ((rc = SORT_NAME(merge_sort)(cx, a, 0, m, buf)) != 0 ||
        (rc = SORT_NAME(merge_sort)(cx, a, m, n, buf)) != 0)
        return rc;
    if (m <= r) {
        /* forward: the left half aside; what is left of the right half at
         * the end is already in place */
        memcpy(buf, a, (size_t)m * sizeof *a);
        int64_t i = 0, j = m, o = 0;
        while (i < m && j < n) {
            SORT_TRY_(a[j], buf[i], &b);
            a[o++] = b ? a[j++] : buf[i++];
        }
        memcpy(a + o, buf + i, (size_t)(m - i) * sizeof *a);
        return 0;
    }
    /* backward: the right half aside, filled from the back; the left
     * element goes last only when the right one is less than it */
    memcpy(buf, a + m, (size_t)r * sizeof *a);
    if (r == 0)
        return 0;
    int64_t i = m - 1, j = r - 1, o = n;
    for (;;) {
        SORT_TRY_(buf[j], a[i], &b);
        if (b) {
            a[--o] = a[i];
            if (i == 0) {
                memcpy(a + o - (j + 1), buf, (size_t)(j + 1) * sizeof *a);
                return 0;
            }
            i--;
        } else {
            a[--o] = buf[j];
            if (j == 0)
                return 0;
            j--;
        }
    }
}

#undef SORT_TRY_
#undef SORT_SWAP_
#undef SORT_CHUNK_
#undef SORT_ELEM
#undef SORT_CTX
#undef SORT_LESS
#undef SORT_NAME
