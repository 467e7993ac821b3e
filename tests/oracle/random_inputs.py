#!/usr/bin/env python3
"""An independent model of `ir-run --random-inputs SEED` (docs/shape-polymorphism.md,
"Random inputs") for i32 and f32 arguments: Marsaglia's xorshift64 seeded by
(SEED + 1) * 0x9E3779B97F4A7C15 ^ (K + 1) * 0xBF58476D1CE4E5B9 (mod 2^64) for
argument K; element i takes the i-th draw x: i32 (x mod 17) - 8, f32
((x mod 512) - 256) / 64. Prints the values of tests/dynamic/random.mlir's
arguments (seed 5, argument 0 of 3 x i32, argument 1 of 2 x f32), from which
random.out was written.
"""
M = (1 << 64) - 1


def stream(seed, k):
    s = ((seed + 1) * 0x9E3779B97F4A7C15 & M) ^ ((k + 1) * 0xBF58476D1CE4E5B9 & M)
    s = s or 1
    while True:
        s ^= (s << 13) & M
        s ^= s >> 7
        s ^= (s << 17) & M
        yield s


def main():
    a = stream(5, 0)
    print('arg0 i32:', [next(a) % 17 - 8 for _ in range(3)])
    b = stream(5, 1)
    print('arg1 f32:', [((next(b) % 512) - 256) / 64 for _ in range(2)])


if __name__ == '__main__':
    main()
