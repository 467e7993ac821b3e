// ERROR: quant_type_text.mlir:5:8: error: 'stablehlo.tan' on tensor<2x!quant.uniform<u8<1:200>:f32, 0.0039188104517319626:5>>: REF's lowering converts no such op on quantized types (docs/quantization.md)
func.func @main() -> tensor<2xui8> {
  %0 = stablehlo.constant dense<7> : tensor<2xui8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xui8>) -> tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626:5>>
  %2 = stablehlo.tan %1 : tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626:5>>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x!quant.uniform<ui8<1:200>:f32, 0.0039188104517319626:5>>) -> tensor<2xui8>
  func.return %3 : tensor<2xui8>
}
