// ERROR: func_arg_attrs_count.mlir:3:84: error: 'func.func' attribute 'arg_attrs' must be an array of 1 dictionary
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<f32>) -> (), sym_name = "f", arg_attrs = [{}, {}]}> ({
  ^bb0(%a: tensor<f32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
