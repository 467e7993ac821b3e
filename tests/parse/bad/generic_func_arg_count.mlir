// ERROR: generic_func_arg_count.mlir:4:3: error: 'func.func' @main: the entry block has 1 argument, function_type 2 inputs
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<f32>, tensor<f32>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<f32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
