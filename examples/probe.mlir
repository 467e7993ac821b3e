// interpreter.probe writes each probed value to --probe-output-dir as
// probe<K>.npy and a line of index.csv (docs/probes.md; REF's probe files
// hold integers, f16, bf16, f32, f64 and complex, not the FP8 types).
//   mkdir -p out && build/ir-run --probe-output-dir out/ examples/probe.mlir
func.func @main() -> tensor<3xbf16> {
  %x = stablehlo.constant dense<[1.0, 3.0, 1.0e20]> : tensor<3xbf16>
  %sq = stablehlo.multiply %x, %x : tensor<3xbf16>
  %p = interpreter.probe %sq, probe_id = "squares" : tensor<3xbf16>
  func.return %p : tensor<3xbf16>
}
