// RUN: ir-run --interpret -split-input-file %s
// Shardy (docs/syntax.md "Shardy"): on one device every annotation is the
// identity, bit for bit, and manual_computation over manual axes of total
// size 1 runs its body once on the whole values. Expected values by hand.

// the annotations pass NaN payloads, -0 and subnormals through unchanged,
// in both spellings; a splat stays a splat
module @sdy_identity {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func @main() {
    %x = stablehlo.constant dense<[0x7FC00001, 0x80000000, 0x00000001, 0xFF800000]> : tensor<4xf32>
    %0 = sdy.sharding_constraint %x <@mesh, [{"a", ?}p1]> : tensor<4xf32>
    %1 = sdy.reshard %0 <@mesh, [{"b"}], replicated={"a"}> : tensor<4xf32>
    %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<4xf32>
    sdy.sharding_group %2 group_id=7 : tensor<4xf32>
    %3 = "sdy.sharding_constraint"(%2) <{sharding = #sdy.sharding<@mesh, [{}]>}> : (tensor<4xf32>) -> tensor<4xf32>
    %4 = "sdy.propagation_barrier"(%3) <{allowed_direction = #sdy<propagation_direction BOTH>}> : (tensor<4xf32>) -> tensor<4xf32>
    %bits = stablehlo.bitcast_convert %4 : (tensor<4xf32>) -> tensor<4xui32>
    check.expect_eq_const %bits, dense<[2143289345, 2147483648, 1, 4286578688]> : tensor<4xui32>
    %s = stablehlo.constant dense<3> : tensor<2x3xi8>
    %5 = sdy.sharding_constraint %s <@mesh, [{}, {"a"}]> : tensor<2x3xi8>
    check.expect_eq_const %5, dense<[[3, 3, 3], [3, 3, 3]]> : tensor<2x3xi8>
    %c = sdy.constant dense<[true, false]> : tensor<2xi1>
    %6 = sdy.reshard %c <@mesh, [{}]> : tensor<2xi1>
    check.expect_eq_const %6, dense<[true, false]> : tensor<2xi1>
    %k = sdy.constant dense<-2.5> : tensor<3xf64>
    check.expect_eq_const %k, dense<[-2.5, -2.5, -2.5]> : tensor<3xf64>
    func.return
  }
}

// -----

// manual axes of size 1: the body sees the whole values. x + 10 and the
// sum of the rows of x: [1 2 3; 4 5 6] -> [11 12 13; 14 15 16], [5 7 9]
module @sdy_manual_size_one {
  sdy.mesh @mesh = <["a"=1]>
  func.func @main() {
    %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %r:2 = sdy.manual_computation(%x, %ten) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{}]>] manual_axes={"a"} (%arg0: tensor<2x3xi32>, %arg1: tensor<i32>) {
      %b = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
      %sum = stablehlo.add %arg0, %b : tensor<2x3xi32>
      %zero = sdy.constant dense<0> : tensor<i32>
      %rows = stablehlo.reduce(%arg0 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
      sdy.return %sum, %rows : tensor<2x3xi32>, tensor<3xi32>
    } : (tensor<2x3xi32>, tensor<i32>) -> (tensor<2x3xi32>, tensor<3xi32>)
    check.expect_eq_const %r#0, dense<[[11, 12, 13], [14, 15, 16]]> : tensor<2x3xi32>
    check.expect_eq_const %r#1, dense<[5, 7, 9]> : tensor<3xi32>
    func.return
  }
}

// -----

// a mesh of 2 devices whose manual axis has size 1: only "b" is manual, so
// the body runs once on whole values although "a" shards them; nested in a
// called function, generic spelling; the body negates
module @sdy_manual_other_axis {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  func.func private @neg(%x: tensor<4xf32>) -> tensor<4xf32> {
    %r = "sdy.manual_computation"(%x) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>, manual_axes = #sdy.manual_axes<{"b"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>}> ({
    ^bb0(%arg0: tensor<4xf32>):
      %n = stablehlo.negate %arg0 : tensor<4xf32>
      "sdy.return"(%n) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1.5, -2.0, 0.0, 8.0]> : tensor<4xf32>
    %r = func.call @neg(%x) : (tensor<4xf32>) -> tensor<4xf32>
    check.expect_eq_const %r, dense<[-1.5, 2.0, -0.0, -8.0]> : tensor<4xf32>
    func.return
  }
}

// -----

// an empty mesh and no manual axes; a manual_computation without operands
module @sdy_manual_empty {
  sdy.mesh @empty = <[]>
  func.func @main() {
    %r = sdy.manual_computation() in_shardings=[] out_shardings=[<@empty, [{}]>] manual_axes={} () {
      %c = stablehlo.constant dense<[7, 8]> : tensor<2xui16>
      sdy.return %c : tensor<2xui16>
    } : () -> tensor<2xui16>
    check.expect_eq_const %r, dense<[7, 8]> : tensor<2xui16>
    func.return
  }
}
