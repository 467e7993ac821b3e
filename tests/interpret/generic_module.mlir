// A module in MLIR's generic form, as --mlir-print-op-generic prints it
// (written by hand): builtin.module with properties and discardable
// attributes, func.func with function_type / sym_name / sym_visibility /
// arg_attrs / res_attrs in <{...}>, entry blocks with located arguments, a
// declaration (empty region), generic calls and returns. @scale(a, b) is
// a * b + a: [1.5, -2.0] * [2.0, 0.5] = [3.0, -1.0], + a = [4.5, -3.0].
"builtin.module"() <{sym_name = "jit_scale"}> ({
  "func.func"() <{arg_attrs = [{mhlo.layout_mode = "default"}, {}], function_type = (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>, res_attrs = [{jax.result_info = ""}], sym_name = "scale", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2xf32> loc("a"), %arg1: tensor<2xf32> loc(#loc1)):
    %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc(#loc)
    %1 = "stablehlo.add"(%0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%1) : (tensor<2xf32>) -> ()
  }) : () -> () loc(#loc)
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "external", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<2xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[1.5, -2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %1 = "stablehlo.constant"() <{value = dense<[2.0, 0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %2 = "func.call"(%0, %1) <{callee = @scale}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "check.expect_eq_const"(%2) {value = dense<[4.5, -3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
    "func.return"(%2) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> () loc(#loc)
#loc = loc(unknown)
#loc1 = loc("b")

// -----

// Older MLIR prints a function's inherent attributes in the attribute
// dictionary after the region; a function without arguments has no label.
// 3 - 5 = -2.
"builtin.module"() ({
  "func.func"() ({
    %0 = "stablehlo.constant"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
    %1 = "stablehlo.constant"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
    %2 = "stablehlo.subtract"(%0, %1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "check.expect_eq_const"(%2) {value = dense<-2> : tensor<i32>} : (tensor<i32>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "main"} : () -> ()
}) : () -> ()
