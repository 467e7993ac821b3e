// ERROR: sdy_unterminated.mlir:3:53: error: unterminated Shardy attribute (no closing '>')
module @m {
  func.func @main(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]) -> tensor<4xf32> {
