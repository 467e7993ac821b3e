// ERROR: signed_int.mlir:2:27: error: unsupported element type 'si8' (StableHLO integers are signless: write 'i8')
func.func @f(%a: tensor<2xsi8>) {
  func.return
}
