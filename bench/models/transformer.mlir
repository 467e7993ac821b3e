// make bench's transformer block (issue 38): a pre-norm block, sequence 128,
// width 512, 8 heads of 64, MLP 2048. f8E4M3FN weights widened to bf16 (exact),
// bf16 activations and dots, layer norm and softmax in f32, causal mask.
// The same text runs in ir-run and, when jax is installed, in XLA CPU
// (bench/models/xla.py).
func.func private @layer_norm(%x: tensor<128x512xbf16>) -> tensor<128x512xbf16> {
  %x32 = stablehlo.convert %x : (tensor<128x512xbf16>) -> tensor<128x512xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<0.001953125> : tensor<128xf32>
  %sum = stablehlo.reduce(%x32 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x512xf32>, tensor<f32>) -> tensor<128xf32>
  %mean = stablehlo.multiply %sum, %n : tensor<128xf32>
  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<128xf32>) -> tensor<128x512xf32>
  %c = stablehlo.subtract %x32, %meanb : tensor<128x512xf32>
  %c2 = stablehlo.multiply %c, %c : tensor<128x512xf32>
  %ss = stablehlo.reduce(%c2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x512xf32>, tensor<f32>) -> tensor<128xf32>
  %var = stablehlo.multiply %ss, %n : tensor<128xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<128xf32>
  %ve = stablehlo.add %var, %eps : tensor<128xf32>
  %r = stablehlo.rsqrt %ve : tensor<128xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<128xf32>) -> tensor<128x512xf32>
  %y = stablehlo.multiply %c, %rb : tensor<128x512xf32>
  %yb = stablehlo.convert %y : (tensor<128x512xf32>) -> tensor<128x512xbf16>
  return %yb : tensor<128x512xbf16>
}

func.func private @project(%h: tensor<128x512xbf16>, %w: tensor<512x512xf8E4M3FN>) -> tensor<8x128x64xbf16> {
  %wb = stablehlo.convert %w : (tensor<512x512xf8E4M3FN>) -> tensor<512x512xbf16>
  %p = stablehlo.dot_general %h, %wb, contracting_dims = [1] x [0] : (tensor<128x512xbf16>, tensor<512x512xbf16>) -> tensor<128x512xbf16>
  %r = stablehlo.reshape %p : (tensor<128x512xbf16>) -> tensor<128x8x64xbf16>
  %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<128x8x64xbf16>) -> tensor<8x128x64xbf16>
  return %t : tensor<8x128x64xbf16>
}

func.func @main(%x: tensor<128x512xbf16>, %wq: tensor<512x512xf8E4M3FN>, %wk: tensor<512x512xf8E4M3FN>,
                %wv: tensor<512x512xf8E4M3FN>, %wo: tensor<512x512xf8E4M3FN>, %w1: tensor<512x2048xf8E4M3FN>,
                %w2: tensor<2048x512xf8E4M3FN>) -> tensor<128x512xbf16> {
  %h = func.call @layer_norm(%x) : (tensor<128x512xbf16>) -> tensor<128x512xbf16>
  %q = func.call @project(%h, %wq) : (tensor<128x512xbf16>, tensor<512x512xf8E4M3FN>) -> tensor<8x128x64xbf16>
  %k = func.call @project(%h, %wk) : (tensor<128x512xbf16>, tensor<512x512xf8E4M3FN>) -> tensor<8x128x64xbf16>
  %v = func.call @project(%h, %wv) : (tensor<128x512xbf16>, tensor<512x512xf8E4M3FN>) -> tensor<8x128x64xbf16>
  // scores[h, q, k] = q . k / sqrt(64), causal
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x128x64xbf16>, tensor<8x128x64xbf16>) -> tensor<8x128x128xbf16>
  %scale = stablehlo.constant dense<0.125> : tensor<8x128x128xbf16>
  %ss = stablehlo.multiply %s, %scale : tensor<8x128x128xbf16>
  %row = stablehlo.iota dim = 0 : tensor<128x128xi32>
  %col = stablehlo.iota dim = 1 : tensor<128x128xi32>
  %keep = stablehlo.compare GE, %row, %col : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
  %keepb = stablehlo.broadcast_in_dim %keep, dims = [1, 2] : (tensor<128x128xi1>) -> tensor<8x128x128xi1>
  %neg = stablehlo.constant dense<-1.0e4> : tensor<8x128x128xbf16>
  %masked = stablehlo.select %keepb, %ss, %neg : tensor<8x128x128xi1>, tensor<8x128x128xbf16>
  // softmax over the last axis, in f32
  %m32 = stablehlo.convert %masked : (tensor<8x128x128xbf16>) -> tensor<8x128x128xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %mx = stablehlo.reduce(%m32 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<8x128x128xf32>, tensor<f32>) -> tensor<8x128xf32>
  %mxb = stablehlo.broadcast_in_dim %mx, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x128xf32>
  %sh = stablehlo.subtract %m32, %mxb : tensor<8x128x128xf32>
  %e = stablehlo.exponential %sh : tensor<8x128x128xf32>
  %den = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<8x128x128xf32>, tensor<f32>) -> tensor<8x128xf32>
  %denb = stablehlo.broadcast_in_dim %den, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x128xf32>
  %p32 = stablehlo.divide %e, %denb : tensor<8x128x128xf32>
  %p = stablehlo.convert %p32 : (tensor<8x128x128xf32>) -> tensor<8x128x128xbf16>
  %a = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x128x128xbf16>, tensor<8x128x64xbf16>) -> tensor<8x128x64xbf16>
  %at = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<8x128x64xbf16>) -> tensor<128x8x64xbf16>
  %ar = stablehlo.reshape %at : (tensor<128x8x64xbf16>) -> tensor<128x512xbf16>
  %wob = stablehlo.convert %wo : (tensor<512x512xf8E4M3FN>) -> tensor<512x512xbf16>
  %o = stablehlo.dot_general %ar, %wob, contracting_dims = [1] x [0] : (tensor<128x512xbf16>, tensor<512x512xbf16>) -> tensor<128x512xbf16>
  %x1 = stablehlo.add %x, %o : tensor<128x512xbf16>
  // MLP with ReLU
  %h2 = func.call @layer_norm(%x1) : (tensor<128x512xbf16>) -> tensor<128x512xbf16>
  %w1b = stablehlo.convert %w1 : (tensor<512x2048xf8E4M3FN>) -> tensor<512x2048xbf16>
  %u = stablehlo.dot_general %h2, %w1b, contracting_dims = [1] x [0] : (tensor<128x512xbf16>, tensor<512x2048xbf16>) -> tensor<128x2048xbf16>
  %zb = stablehlo.constant dense<0.0> : tensor<128x2048xbf16>
  %ur = stablehlo.maximum %u, %zb : tensor<128x2048xbf16>
  %w2b = stablehlo.convert %w2 : (tensor<2048x512xf8E4M3FN>) -> tensor<2048x512xbf16>
  %d = stablehlo.dot_general %ur, %w2b, contracting_dims = [1] x [0] : (tensor<128x2048xbf16>, tensor<2048x512xbf16>) -> tensor<128x512xbf16>
  %y = stablehlo.add %x1, %d : tensor<128x512xbf16>
  return %y : tensor<128x512xbf16>
}
