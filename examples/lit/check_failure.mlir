// RUN: not %interpret %s 2>&1 | FileCheck %s

// A failing check: ir-run exits 1 (REF aborts) and names the op, the
// element, both values, their bits and the ULP distance.

func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %1 = stablehlo.multiply %0, %0 : tensor<2xf8E4M3FN>
  check.expect_eq_const %1, dense<[1.0, 4.5]> : tensor<2xf8E4M3FN>
  func.return
}
// CHECK: check_failure.mlir:[[@LINE-3]]:3: error: check.expect_eq_const failed in function @main
// CHECK: index [1]: expected 4.500000e+00 (0x49), actual 4.000000e+00 (0x48), ULP distance 1
// CHECK: 0 passed, 1 failed
