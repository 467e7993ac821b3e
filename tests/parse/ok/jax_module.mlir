// JAX export style: module attributes, visibility, arg/result attributes,
// multi-results, custom_call checks, hex blobs, locations.
#loc = loc(unknown)
module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.layout_mode = "default"} loc("x")) -> (tensor<2xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0:2 = call @inputs() : () -> (tensor<2xf32>, tensor<2xf32>) loc(#loc)
    %1 = call @expected() : () -> tensor<2xf32>
    %2 = stablehlo.add %0#0, %0#1 : tensor<2xf32> loc(#loc2)
    %3 = stablehlo.add %2, %arg0 : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    stablehlo.custom_call @check.expect_almost_eq(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    stablehlo.custom_call @check.expect_eq(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    %ok = stablehlo.custom_call @check.eq(%2, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
    "stablehlo.custom_call"(%2, %1) {call_target_name = "check.expect_eq", has_side_effect = true, api_version = 2 : i32} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %3 : tensor<2xf32> loc(fused[#loc, "a.py":3:1])
  } loc(#loc)
  func.func private @inputs() -> (tensor<2xf32> {mhlo.layout_mode = "default"}, tensor<2xf32>) {
    %cst = stablehlo.constant dense<[1.000000e+00, 2.500000e-01]> : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
    return %cst, %cst_0 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @expected() -> tensor<2xf32> {
    %cst = stablehlo.constant dense<[2.000000e+00, 2.250000e+00]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
  func.func private @external(tensor<2xf32>) -> tensor<2xf32>
} loc(#loc)
#loc2 = loc("jit(main)/add"(#loc))
#loc3 = loc(callsite(#loc at #loc2))
