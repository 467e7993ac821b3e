/* The binary64 constants and polynomial coefficients that the fast
 * class-B kernels share (kern_mathf32.c, kern_powf32.c, kern_c64_div_sqrt_exp.c).
 * Each kernel's error bound, and so its exhaustive or sampled check against
 * glibc, rests on these values: kern_mathf32.c's head comment derives
 * them. One copy, so that no kernel can drift from the proof of another. */
#ifndef IRRUN_KERN_MATHCONST_H
#define IRRUN_KERN_MATHCONST_H

#include "kernels/math/kern_mathf32.h"
#include "util/isa.h"

#define SHIFT 0x1.8p52 /* t + SHIFT rounds t (|t| < 2^51) to an integer, in the low bits */
#define INV_LN2 0x1.71547652b82fep+0
#define LN2_HI 0x1.62e42fefa2000p-1 /* 40 significant bits */
#define LN2_LO 0x1.9ef35793c7673p-41

/* sin(r) = r + r^3 S(r^2), cos(r) = 1 - r^2/2 + r^4 C(r^2): Taylor's
 * coefficients; the first omitted terms, r^17/17! and r^18/18!, stay below
 * 2^-53 of the results for |r| <= 0.8 */
#define S3 (-0x1.5555555555555p-3)
#define S5 0x1.1111111111111p-7
#define S7 (-0x1.a01a01a01a01ap-13)
#define S9 0x1.71de3a556c734p-19
#define S11 (-0x1.ae64567f544e4p-26)
#define S13 0x1.6124613a86d09p-33
#define S15 (-0x1.ae7f3e733b81fp-41)
#define S17 0x1.952c77030ad4ap-49    /* 1/17! (kern_mathf32.c's sine without reduction) */
#define S19 (-0x1.2f49b46814157p-57) /* -1/19! */
#define C4 0x1.5555555555555p-5
#define C6 (-0x1.6c16c16c16c17p-10)
#define C8 0x1.a01a01a01a01ap-16
#define C10 (-0x1.27e4fb7789f5cp-22)
#define C12 0x1.1eed8eff8d898p-29
#define C14 (-0x1.93974a8c07c9dp-37)
#define C16 0x1.ae7f3e733b81fp-45

/* (e^r - 1 - r) / r^2 on [-0.35, 0.35] */
#define Q0 0x1.0000000000000p-1
#define Q1 0x1.555555555395fp-3
#define Q2 0x1.5555555554c04p-5
#define Q3 0x1.1111111cf45efp-7
#define Q4 0x1.6c16c17403215p-10
#define Q5 0x1.a019aa4cb0aacp-13
#define Q6 0x1.a019c76bca76ap-16
#define Q7 0x1.72cbc2d6bad60p-19
#define Q8 0x1.28834fa5eb0e5p-22

/* (2 atanh(s) - 2s) / s^3 as a function of t = s^2 on [0, 0.0295] */
#define R0 0x1.55555555553b8p-1
#define R1 0x1.9999999b8677ap-2
#define R2 0x1.2492462af84a8p-2
#define R3 0x1.c71fccd953b29p-3
#define R4 0x1.7382dbfa15dbcp-3
#define R5 0x1.546a3156253dap-3

/* Whether a kernel's path can run here: the portable one always, the AVX2
 * one where the file has it (have_avx2) and the host allows it. */
static inline bool kern_math_path_runs(kern_mathf32_path path, bool have_avx2)
{
    switch (path) {
    case KMP_GENERIC: return true;
    case KMP_AVX2: return have_avx2 && isa_avx2();
    case KMP_COUNT: break;
    }
    return false;
}

#endif
