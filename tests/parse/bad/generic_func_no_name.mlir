// ERROR: generic_func_no_name.mlir:2:1: error: 'func.func' needs a string attribute 'sym_name' (the function's name)
"func.func"() <{function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()
