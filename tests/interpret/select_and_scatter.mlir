// RUN: ir-run --interpret -split-input-file %s
// select_and_scatter (SPEC.md 9.4.5) and get_dimension_size (9.4.7).
// Expected values worked out by hand from SPEC's REF procedure: per source
// element in row-major order the first in-bounds window position is
// selected, then replaced by each position q for which select(sel, q) is
// false; res[sel] := scatter(scatter(init, source), res[sel]) (decision 33).
// First chunk: column 0 windows {1, 2, 3} -> row 2 gets 5, {3, 4} -> row 3
// gets 7; column 1 windows {5, 5, 6} -> row 2 gets 6, {6, 4} -> row 2 again:
// 6 + 8 = 14; the padded row 4 never takes part.
func.func @sas_spec() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi64>
  %d = stablehlo.get_dimension_size %x, dim = 1 : (tensor<4x2xi64>) -> tensor<i32>
  check.expect_eq_const %d, dense<2> : tensor<i32>
  func.return
}

// -----

// decision 33: REF adds init once more per selection: [100, 100 + (100 + 10) + (100 + 20), 100]
func.func @sas_decision33() {
  %x = stablehlo.constant dense<[1, 5, 1]> : tensor<3xi64>
  %src = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %init = stablehlo.constant dense<100> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xi64>, tensor<2xi64>, tensor<i64>) -> tensor<3xi64>
  check.expect_eq_const %r, dense<[100, 330, 100]> : tensor<3xi64>
  func.return
}
