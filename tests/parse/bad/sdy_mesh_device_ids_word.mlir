// ERROR: sdy_mesh_device_ids_word.mlir:3:30: error: expected 'device_ids=[' in the Shardy attribute, got 'd'
module @m {
  sdy.mesh @mesh = <["a"=2], devices=[0, 1]>
}
