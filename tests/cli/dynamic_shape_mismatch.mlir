func.func @main() -> tensor<3x2xi16> {
  %x = stablehlo.constant dense<[[1, 2, 3, 4, 5, 6]]> : tensor<1x6xi16>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xui8>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xi16>, tensor<2xui8>) -> tensor<3x2xi16>
  func.return %r : tensor<3x2xi16>
}
