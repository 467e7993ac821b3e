// ERROR: generic_func_arg_type.mlir:3:8: error: 'func.func' @main: block argument %arg0 does not have function_type's input type
"func.func"() <{function_type = (tensor<f32>) -> (), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<i32>):
    "func.return"() : () -> ()
  }) : () -> ()
