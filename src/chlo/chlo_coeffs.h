/* Constants of the decompositions that a native kernel (src/kernels/
 * kern_chlo.c, docs/chlo.md "Native kernels") computes too: one copy, read
 * by both, so they cannot drift apart. */
#ifndef IRRUN_CHLO_COEFFS_H
#define IRRUN_CHLO_COEFFS_H

/* chlo.erf on f32 (Eigen's rational approximation): x alpha(x^2) /
 * beta(x^2), float coefficients, highest degree first. */
static const double chlo_erf32_alpha[7] = { -2.72614225801306e-10f, 2.77068142495902e-08f,  -2.10102402082508e-06f,
                                            -5.69250639462346e-05f, -7.34990630326855e-04f, -2.95459980854025e-03f,
                                            -1.60960333262415e-02f };
static const double chlo_erf32_beta[5] = { -1.45660718464996e-05f, -2.13374055278905e-04f, -1.68282697438203e-03f,
                                           -7.37332916720468e-03f, -1.42647390514189e-02f };

/* Lanczos' approximation (g = 7, n = 9) of chlo.lgamma and chlo.digamma. */
static const double chlo_lanczos_g = 7;
static const double chlo_lanczos_base = 0.99999999999980993227684700473478;
static const double chlo_lanczos_c[8] = { 676.520368121885098567009190444019, -1259.13921672240287047156078755283,
                                          771.3234287776530788486528258894,   -176.61502916214059906584551354,
                                          12.507343278686904814458936853,     -0.13857109526572011689554707,
                                          9.984369578019570859563e-6,         1.50563273514931155834e-7 };

#endif
