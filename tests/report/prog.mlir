// tests/report_html.sh: returns its argument, for --expect 0=actual.yaml
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  func.return %x : tensor<4x8xf32>
}
