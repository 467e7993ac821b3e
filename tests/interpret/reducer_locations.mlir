// RUN: ir-run --interpret -split-input-file %s
// The pretty reduce form with a location on each reducer argument, as
// torch-xla and other exporters write it (docs/syntax.md, locations):
// read and ignored. Expected values worked out by hand.

func.func @any_true() {
  %x = stablehlo.constant dense<[[false, true, false], [false, false, false]]> : tensor<2x3xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %r = stablehlo.reduce(%x init: %init) across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
     reducer(%a: tensor<i1> loc("reduce.79"), %b: tensor<i1> loc("reduce.79"))  {
      %o = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %o : tensor<i1>
    }
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @sum_two_pairs() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %y = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %z), (%y init: %z) across dimensions = [0] : (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
     reducer(%a: tensor<i32> loc("a.py":1:1), %c: tensor<i32>) (%b: tensor<i32>, %d: tensor<i32> loc(unknown))  {
      %s = stablehlo.add %a, %c : tensor<i32>
      %t = stablehlo.add %b, %d : tensor<i32>
      stablehlo.return %s, %t : tensor<i32>, tensor<i32>
    }
  check.expect_eq_const %r#0, dense<10> : tensor<i32>
  check.expect_eq_const %r#1, dense<100> : tensor<i32>
  func.return
}
