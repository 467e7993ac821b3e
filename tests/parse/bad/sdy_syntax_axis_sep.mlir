// ERROR: sdy_syntax_axis_sep.mlir:3:28: error: expected ',' or ']' in the Shardy attribute, got '"'
module @m {
  sdy.mesh @mesh = <["a"=2 "b"=1]>
}
