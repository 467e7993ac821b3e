// ERROR: quant_type_text.mlir:3:119: error: zero point outside the storage range in quantized type
func.func @main() -> tensor<2xui8> {
  %0 = stablehlo.constant dense<7> : tensor<2xui8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xui8>) -> tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626>>
  %2 = stablehlo.tan %1 : tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626>>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626>>) -> tensor<2xui8>
  func.return %3 : tensor<2xui8>
}
