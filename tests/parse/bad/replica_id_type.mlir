// ERROR: replica_id_type.mlir:3:8: error: 'stablehlo.replica_id' result must be tensor<ui32>, got tensor<i32>
func.func @f(%x: tensor<4xf32>, %y: tensor<3xf32>, %m: tensor<4x2xf32>, %h: tensor<2xf16>, %roots: tensor<2xi32>, %t: !stablehlo.token) {
  %r = stablehlo.replica_id : tensor<i32>
  func.return
}
