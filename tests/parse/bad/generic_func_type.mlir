// ERROR: generic_func_type.mlir:2:17: error: 'func.func' needs a function type attribute 'function_type' ((T, ...) -> ...)
"func.func"() <{function_type = tensor<f32>, sym_name = "main"}> ({
  "func.return"() : () -> ()
}) : () -> ()
