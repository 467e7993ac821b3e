// The generic form's function attributes: arg_attrs and res_attrs go to the
// arguments and results, the others to the function.
"builtin.module"() <{sym_name = "m"}> ({
  "func.func"() <{arg_attrs = [{mhlo.sharding = "{replicated}"}, {}], function_type = (tensor<f32>, tensor<f32>) -> tensor<f32>, res_attrs = [{jax.result_info = "r"}], sym_name = "main"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %0 = "stablehlo.maximum"(%arg0, %arg1) {note = "g"} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {tf.entry_function = {inputs = "a,b"}} : () -> ()
}) {mhlo.num_replicas = 1 : i32} : () -> ()
