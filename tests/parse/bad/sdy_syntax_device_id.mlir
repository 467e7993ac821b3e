// ERROR: sdy_syntax_device_id.mlir:3:42: error: expected a device id in the Shardy attribute, got 'x'
module @m {
  sdy.mesh @mesh = <["a"=2], device_ids=[x, 1]>
}
