// Every control-flow op in one small program, for tests/alloc_failures.sh:
// while carrying a tensor and a token, if, case, map in lanes and per
// element, sort native and through its comparator, tuples and composite.
func.func @twice(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = stablehlo.add %x, %x : tensor<3xf32>
  func.return %y : tensor<3xf32>
}
func.func @main() -> (tensor<3xf32>, tuple<tensor<i64>, !stablehlo.token>) {
  %x0 = stablehlo.constant dense<[3.0, 1.0, 2.0]> : tensor<3xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<3> : tensor<i64>
  %t0 = stablehlo.after_all : !stablehlo.token
  %r:3 = stablehlo.while(%i = %i0, %x = %x0, %t = %t0) : tensor<i64>, tensor<3xf32>, !stablehlo.token
  cond {
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i64>
    %y = stablehlo.composite "my.twice" %x {decomposition = @twice} : (tensor<3xf32>) -> tensor<3xf32>
    stablehlo.return %j, %y, %t : tensor<i64>, tensor<3xf32>, !stablehlo.token
  }
  %p = stablehlo.constant dense<true> : tensor<i1>
  %b = "stablehlo.if"(%p) ({
    %m = "stablehlo.map"(%r#1, %x0) ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>):
      %s = stablehlo.subtract %a, %c : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    stablehlo.return %m : tensor<3xf32>
  }, {
    stablehlo.return %x0 : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  %k = stablehlo.constant dense<7> : tensor<i32>
  %e = "stablehlo.case"(%k) ({
    stablehlo.return %b : tensor<3xf32>
  }, {
    %g = "stablehlo.map"(%b) ({
    ^bb0(%a: tensor<f32>):
      %w = stablehlo.while(%q = %a) : tensor<f32>
      cond {
        %z = stablehlo.constant dense<0.0> : tensor<f32>
        %c = stablehlo.compare GT, %q, %z : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %h = stablehlo.constant dense<8.0> : tensor<f32>
        %v = stablehlo.subtract %q, %h : tensor<f32>
        stablehlo.return %v : tensor<f32>
      }
      stablehlo.return %w : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>
    stablehlo.return %g : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %s0, %s1 = "stablehlo.sort"(%e, %x0) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>, %f: tensor<f32>):
    %lt = stablehlo.compare LT, %d, %f : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %u = "stablehlo.sort"(%s0) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<3xf32>) -> tensor<3xf32>
  %tup = stablehlo.tuple %r#0, %r#2 : tuple<tensor<i64>, !stablehlo.token>
  func.return %u, %tup : tensor<3xf32>, tuple<tensor<i64>, !stablehlo.token>
}
