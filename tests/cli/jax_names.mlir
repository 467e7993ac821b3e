// Arguments named the way JAX exports name them: `loc("name")` on the
// argument, directly or through a `#loc` alias (defined before or after its
// use); a file location names nothing. (x + y) * z.
#loc1 = loc("y")
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.layout_mode = "default"} loc("x"), %arg1: tensor<2xf32> loc(#loc1), %arg2: tensor<2xf32> loc(#loc2), %arg3: tensor<2xf32> loc("f.py":3:4)) -> (tensor<2xf32> {jax.result_info = ""}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32> loc(#loc3)
    %1 = stablehlo.multiply %0, %arg2 : tensor<2xf32> loc(#loc3)
    %2 = stablehlo.add %1, %arg3 : tensor<2xf32> loc(#loc)
    return %2 : tensor<2xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("z"(#loc))
#loc3 = loc("add"(#loc2))
