// make bench's FP8 MLP (issue 38): 4 layers of 1024 on a batch of 128. Each
// layer rounds its bf16 activations to f8E4M3FN and multiplies them by
// f8E4M3FN weights into bf16 (a dot of two FP8 operands), ReLU between the
// layers. The same text runs in ir-run and in XLA CPU (bench/models/xla.py).
func.func private @layer(%h: tensor<128x1024xbf16>, %w: tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16> {
  %h8 = stablehlo.convert %h : (tensor<128x1024xbf16>) -> tensor<128x1024xf8E4M3FN>
  %y = stablehlo.dot_general %h8, %w, contracting_dims = [1] x [0] : (tensor<128x1024xf8E4M3FN>, tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16>
  return %y : tensor<128x1024xbf16>
}

func.func private @relu(%y: tensor<128x1024xbf16>) -> tensor<128x1024xbf16> {
  %z = stablehlo.constant dense<0.0> : tensor<128x1024xbf16>
  %r = stablehlo.maximum %y, %z : tensor<128x1024xbf16>
  return %r : tensor<128x1024xbf16>
}

func.func @main(%x: tensor<128x1024xbf16>, %w1: tensor<1024x1024xf8E4M3FN>, %w2: tensor<1024x1024xf8E4M3FN>,
                %w3: tensor<1024x1024xf8E4M3FN>, %w4: tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16> {
  %a1 = func.call @layer(%x, %w1) : (tensor<128x1024xbf16>, tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16>
  %r1 = func.call @relu(%a1) : (tensor<128x1024xbf16>) -> tensor<128x1024xbf16>
  %a2 = func.call @layer(%r1, %w2) : (tensor<128x1024xbf16>, tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16>
  %r2 = func.call @relu(%a2) : (tensor<128x1024xbf16>) -> tensor<128x1024xbf16>
  %a3 = func.call @layer(%r2, %w3) : (tensor<128x1024xbf16>, tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16>
  %r3 = func.call @relu(%a3) : (tensor<128x1024xbf16>) -> tensor<128x1024xbf16>
  %a4 = func.call @layer(%r3, %w4) : (tensor<128x1024xbf16>, tensor<1024x1024xf8E4M3FN>) -> tensor<128x1024xbf16>
  return %a4 : tensor<128x1024xbf16>
}
