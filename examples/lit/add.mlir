// RUN: stablehlo-translate --interpret -split-input-file %s

// The StableHLO suite's own style: check ops in every chunk, no output;
// a failing check makes the RUN line fail.

func.func @add_op_test_si4() {
  %0 = stablehlo.constant dense<[0, 1, 2, -3, 0]> : tensor<5xi4>
  %1 = stablehlo.constant dense<[-8, -1, 2, -3, 7]> : tensor<5xi4>
  %2 = stablehlo.add %0, %1 : tensor<5xi4>
  check.expect_eq_const %2, dense<[-8, 0, 4, -6, 7]> : tensor<5xi4>
  func.return
}

// -----

func.func @add_op_test_f8E4M3FN() {
  %0 = stablehlo.constant dense<[1.0, 448.0, 0.1015625, -2.5]> : tensor<4xf8E4M3FN>
  %1 = stablehlo.constant dense<[1.0, 0.015625, 1.0, -2.0]> : tensor<4xf8E4M3FN>
  %2 = stablehlo.add %0, %1 : tensor<4xf8E4M3FN>
  check.expect_eq_const %2, dense<[2.0, 448.0, 1.125, -4.5]> : tensor<4xf8E4M3FN>
  func.return
}
