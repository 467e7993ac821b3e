// ERROR: sdy_module_string.mlir:3:3: error: expected a function or 'sdy.mesh' at the top of the module, got 'sdy.other'
module @m {
  "sdy.other"() : () -> ()
}
