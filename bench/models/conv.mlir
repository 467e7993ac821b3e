// make bench's convolution block (issue 38): a ResNet basic block on
// 1x56x56x64 NHWC bf16, two 3x3 64->64 convolutions (stride 1, padding 1,
// f8E4M3FN HWIO weights widened to bf16), ReLU after the first, the input
// added back and a ReLU at the end. The same text runs in ir-run and in XLA
// CPU (bench/models/xla.py).
func.func private @conv(%x: tensor<1x56x56x64xbf16>, %w: tensor<3x3x64x64xf8E4M3FN>) -> tensor<1x56x56x64xbf16> {
  %wb = stablehlo.convert %w : (tensor<3x3x64x64xf8E4M3FN>) -> tensor<3x3x64x64xbf16>
  %y = stablehlo.convolution(%x, %wb) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16>) -> tensor<1x56x56x64xbf16>
  return %y : tensor<1x56x56x64xbf16>
}

func.func @main(%x: tensor<1x56x56x64xbf16>, %w1: tensor<3x3x64x64xf8E4M3FN>, %w2: tensor<3x3x64x64xf8E4M3FN>) -> tensor<1x56x56x64xbf16> {
  %z = stablehlo.constant dense<0.0> : tensor<1x56x56x64xbf16>
  %c1 = func.call @conv(%x, %w1) : (tensor<1x56x56x64xbf16>, tensor<3x3x64x64xf8E4M3FN>) -> tensor<1x56x56x64xbf16>
  %r1 = stablehlo.maximum %c1, %z : tensor<1x56x56x64xbf16>
  %c2 = func.call @conv(%r1, %w2) : (tensor<1x56x56x64xbf16>, tensor<3x3x64x64xf8E4M3FN>) -> tensor<1x56x56x64xbf16>
  %s = stablehlo.add %c2, %x : tensor<1x56x56x64xbf16>
  %r = stablehlo.maximum %s, %z : tensor<1x56x56x64xbf16>
  return %r : tensor<1x56x56x64xbf16>
}
