// Attributes no op interprets, on ops of every form (pretty and generic):
// kept on the op and printed back in its dictionary.
module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, tf.versions = {producer = 1 : i32}} {
  func.func public @main(%arg0: tensor<4xi32> {mhlo.layout_mode = "default", jax.arg_info = "x"}) -> (tensor<4xi32> {jax.result_info = "", mhlo.layout_mode = "default"}, tensor<i32>) {
    %c = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<1> : tensor<4xi32>
    %0 = stablehlo.add %arg0, %c {mhlo.frontend_attributes = {_xla_compute_type = "host"}} : tensor<4xi32>
    %1 = stablehlo.iota dim = 0 {mhlo.sharding = "{maximal device=0}"} : tensor<4xi32>
    %2 = stablehlo.compare  LT, %0, %1,  SIGNED {note = "cmp"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %3 = stablehlo.select %2, %0, %1 {note = 1 : i64} : tensor<4xi1>, tensor<4xi32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] {note = [1]} : (tensor<4xi32>) -> tensor<4xi32>
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.reduce(%4 init: %c0) applies stablehlo.add across dimensions = [0] {note = "r"} : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
    %6 = "stablehlo.multiply"(%4, %4) {mhlo.sharding = "{replicated}"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %7 = "stablehlo.sort"(%6) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %p = stablehlo.compare  LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true, mhlo.frontend_attributes = {k = "v"}} : (tensor<4xi32>) -> tensor<4xi32>
    %8 = call @g(%7) {jax.call = "x"} : (tensor<4xi32>) -> tensor<4xi32>
    %9 = stablehlo.optimization_barrier {note = "b"} %8 : tensor<4xi32>
    return %9, %5 : tensor<4xi32>, tensor<i32>
  }
  func.func private @g(%arg0: tensor<4xi32>) -> tensor<4xi32> attributes {llvm.emit_c_interface, sym.note = "g"} {
    return %arg0 : tensor<4xi32>
  }
}
