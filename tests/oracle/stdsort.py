"""libstdc++ std::sort and std::stable_sort as SPEC.md 9.3.5.1 writes them.

Written from the pseudo-code of SPEC 9.3.5.1 alone (no library source was
copied). Both functions sort the positions 0 .. n-1 with a caller-supplied
less(p, q) on positions and return the permutation, i.e. the list of source
positions in result order. less is called exactly where the pseudo-code calls
it; `calls` (optional list) records every (p, q) call, so a test can see
which paths ran. The unguarded loops of std::sort assert that they stay in
range: a comparator for which they would not (libstdc++ undefined behaviour)
raises OutOfRange instead of returning a made-up order.

Python 3 standard library only.
"""


class OutOfRange(Exception):
    pass


class Stats:
    """Which parts of std_sort ran (for choosing inputs that reach them)."""

    def __init__(self):
        self.heapsort = 0
        self.partitions = 0
        self.linear_inserts = 0


def floor_log2(n):
    return n.bit_length() - 1


def std_sort(n, less, stats=None, no_heapsort=False):
    """std::sort of positions 0..n-1; returns the permutation.
    no_heapsort=True removes the depth limit (NOT libstdc++; only to show
    that a test depends on the heapsort fallback)."""
    a = list(range(n))
    st = stats if stats is not None else Stats()

    def lt(p, q):
        return bool(less(p, q))

    def chk(i, lo, hi):
        if not (lo <= i < hi):
            raise OutOfRange('index %d outside [%d, %d)' % (i, lo, hi))

    def median_to_first(r, x, y, z):
        if lt(a[x], a[y]):
            if lt(a[y], a[z]):
                m = y
            elif lt(a[x], a[z]):
                m = z
            else:
                m = x
        else:
            if lt(a[x], a[z]):
                m = x
            elif lt(a[y], a[z]):
                m = z
            else:
                m = y
        a[r], a[m] = a[m], a[r]

    def partition(f, l, p, lo, hi):
        # a[p] is the pivot; f, l are the (unguarded) cursors
        while True:
            chk(f, lo, hi)
            while lt(a[f], a[p]):
                f += 1
                chk(f, lo, hi)
            l -= 1
            chk(l, lo, hi)
            while lt(a[p], a[l]):
                l -= 1
                chk(l, lo, hi)
            if not (f < l):
                return f
            a[f], a[l] = a[l], a[f]
            f += 1

    def sift(base, h, ln, v):
        # heap of a[base .. base+ln), indices relative to base
        top = h
        c = h
        while c < (ln - 1) // 2:
            c = 2 * c + 2
            if lt(a[base + c], a[base + c - 1]):
                c -= 1
            a[base + h] = a[base + c]
            h = c
        if ln % 2 == 0 and c == (ln - 2) // 2:
            c = 2 * c + 2
            a[base + h] = a[base + c - 1]
            h = c - 1
        p = (h - 1) // 2
        while h > top and lt(a[base + p], v):
            a[base + h] = a[base + p]
            h = p
            p = (h - 1) // 2
        a[base + h] = v

    def heapsort(lo, hi):
        st.heapsort += 1
        ln = hi - lo
        if ln >= 2:
            t = (ln - 2) // 2
            while t >= 0:
                sift(lo, t, ln, a[lo + t])
                t -= 1
        while ln > 1:
            ln -= 1
            v = a[lo + ln]
            a[lo + ln] = a[lo]
            sift(lo, 0, ln, v)

    def introsort(lo, hi, depth):
        while hi - lo > 16:
            if depth == 0 and not no_heapsort:
                heapsort(lo, hi)
                return
            depth -= 1
            median_to_first(lo, lo + 1, lo + (hi - lo) // 2, hi - 1)
            st.partitions += 1
            cut = partition(lo + 1, hi, lo, lo, hi)
            introsort(cut, hi, depth)
            hi = cut

    def linear_insert(i):
        st.linear_inserts += 1
        v = a[i]
        j = i
        chk(j - 1, 0, n)
        while lt(v, a[j - 1]):
            a[j] = a[j - 1]
            j -= 1
            chk(j - 1, 0, n)
        a[j] = v

    def insertion(lo, hi):
        for i in range(lo + 1, hi):
            if lt(a[i], a[lo]):
                v = a[i]
                a[lo + 1:i + 1] = a[lo:i]
                a[lo] = v
            else:
                linear_insert(i)

    if n == 0:
        return a
    introsort(0, n, 2 * floor_log2(n))
    if n > 16:
        insertion(0, 16)
        for i in range(16, n):
            linear_insert(i)
    else:
        insertion(0, n)
    return a


def std_stable_sort(n, less):
    """std::stable_sort of positions 0..n-1 (buffer of ceil(n/2) available)."""
    a = list(range(n))

    def lt(p, q):
        return bool(less(p, q))

    def insertion(x, lo, hi):
        for i in range(lo + 1, hi):
            if lt(x[i], x[lo]):
                v = x[i]
                x[lo + 1:i + 1] = x[lo:i]
                x[lo] = v
            else:
                v = x[i]
                j = i
                while lt(v, x[j - 1]):
                    x[j] = x[j - 1]
                    j -= 1
                x[j] = v

    def merge_into(src, l1, h1, l2, h2, dst, d):
        """Forward merge src[l1:h1] and src[l2:h2] into dst[d:]; the right
        element is taken iff less(right, left)."""
        while l1 < h1 and l2 < h2:
            if lt(src[l2], src[l1]):
                dst[d] = src[l2]
                l2 += 1
            else:
                dst[d] = src[l1]
                l1 += 1
            d += 1
        while l1 < h1:
            dst[d] = src[l1]
            l1 += 1
            d += 1
        while l2 < h2:
            dst[d] = src[l2]
            l2 += 1
            d += 1
        return d

    def merge_pass(src, s0, s1, dst, d0, step):
        # runs of src[s0:s1] merged pairwise into dst[d0:]
        x = s0
        d = d0
        while s1 - x >= 2 * step:
            d = merge_into(src, x, x + step, x + step, x + 2 * step, dst, d)
            x += 2 * step
        k = min(s1 - x, step)
        merge_into(src, x, x + k, x + k, s1, dst, d)

    def merge_sort(lo, hi):
        ln = hi - lo
        x = lo
        while hi - x >= 7:
            insertion(a, x, x + 7)
            x += 7
        insertion(a, x, hi)
        buf = [None] * ln
        step = 7
        while step < ln:
            merge_pass(a, lo, hi, buf, 0, step)
            step *= 2
            merge_pass(buf, 0, ln, a, lo, step)
            step *= 2

    if n == 0:
        return a
    m = (n + 1) // 2
    merge_sort(0, m)
    merge_sort(m, n)
    if m <= n - m:
        left = a[0:m]
        i, j, d = 0, m, 0
        while i < m and j < n:
            if lt(a[j], left[i]):
                a[d] = a[j]
                j += 1
            else:
                a[d] = left[i]
                i += 1
            d += 1
        while i < m:
            a[d] = left[i]
            i += 1
            d += 1
    else:
        right = a[m:n]
        i = m - 1          # last remaining left element (in a)
        j = n - m - 1      # last remaining right element (in right)
        d = n              # fill a[d-1] next
        while i >= 0 and j >= 0:
            if lt(right[j], a[i]):
                d -= 1
                a[d] = a[i]
                i -= 1
            else:
                d -= 1
                a[d] = right[j]
                j -= 1
        while j >= 0:
            d -= 1
            a[d] = right[j]
            j -= 1
        # the remaining left elements are already in place
    return a


def spec_vector():
    """SPEC 9.3.5.1's 20-element test vector; raises if either sort differs."""
    keys = [3, 1, 2, 1, 3, 2, 1, 0, 2, 3, 1, 2, 0, 1, 3, 2, 1, 0, 2, 1]

    def less(p, q):
        return keys[p] < keys[q]
    got_u = std_sort(len(keys), less)
    got_s = std_stable_sort(len(keys), less)
    want_u = [17, 12, 7, 10, 19, 16, 13, 6, 3, 1, 8, 11, 5, 15, 2, 18, 9, 0, 4, 14]
    want_s = [7, 12, 17, 1, 3, 6, 10, 13, 16, 19, 2, 5, 8, 11, 15, 18, 0, 4, 9, 14]
    assert got_u == want_u, got_u
    assert got_s == want_s, got_s
    return keys, want_u, want_s


def self_test(trials=3000, seed=5):
    """SPEC vector; for strict weak orders both sorts must give a correctly
    sorted permutation and stable_sort must equal Python's sorted() (which is
    stable); std_sort must be stable on <= 16 elements."""
    import random
    spec_vector()
    rng = random.Random(seed)
    for t in range(trials):
        n = rng.choice([0, 1, 2, 3, 7, 8, 13, 14, 15, 16, 17, 18, 31, 32, 33, 64, 100, 257, 600])
        kinds = rng.randint(1, max(1, n))
        keys = [rng.randrange(kinds) for _ in range(n)]
        if rng.random() < 0.2:
            keys.sort(reverse=rng.random() < 0.5)

        def less(p, q):
            return keys[p] < keys[q]
        want = sorted(range(n), key=lambda p: keys[p])
        s = std_stable_sort(n, less)
        assert s == want, (n, keys, s)
        u = std_sort(n, less)
        assert sorted(u) == list(range(n))
        assert [keys[p] for p in u] == [keys[p] for p in want], (n, keys, u)
        if n <= 16:
            assert u == want
    return True


if __name__ == '__main__':
    self_test()
    print('stdsort: SPEC 9.3.5.1 vector and %d random strict-weak-order inputs OK' % 3000)
