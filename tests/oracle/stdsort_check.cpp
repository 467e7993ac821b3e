// Cross-check for stdsort.py (used by `gen_control.py --cxx`; not part of the
// build). Reads cases from stdin and prints, for each, the permutation that
// the host's libstdc++ std::sort or std::stable_sort produces on the positions
// 0..n-1 with the comparator given as an n x n matrix:
//   input:  <n> <stable 0|1> <n*n characters '0'/'1', row p = less(p, q)>
//   output: one line per case, the positions in result order.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

int main() {
    std::ios::sync_with_stdio(false);
    long n;
    int stable;
    std::string m;
    while (std::cin >> n >> stable) {
        if (n > 0)
            std::cin >> m;
        else
            m.clear();
        std::vector<long> a(n);
        for (long i = 0; i < n; i++)
            a[i] = i;
        auto less = [&](long p, long q) { return m[p * n + q] == '1'; };
        if (stable)
            std::stable_sort(a.begin(), a.end(), less);
        else
            std::sort(a.begin(), a.end(), less);
        for (long i = 0; i < n; i++)
            std::cout << (i ? " " : "") << a[i];
        std::cout << "\n";
    }
    return 0;
}
