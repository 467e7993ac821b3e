// ERROR: generic_module_nested.mlir:3:3: error: nested modules are not supported
"builtin.module"() ({
  "builtin.module"() ({
  }) : () -> ()
}) : () -> ()
