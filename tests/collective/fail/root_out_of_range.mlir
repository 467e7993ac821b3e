// A dynamic root outside the group (decision 49).
// EXPECT-ERR: root_out_of_range.mlir:7:10: error: 'stablehlo.collective_broadcast' root #0 is 2, outside the group of 2 processes (decision 49)
module @root_out_of_range {
  func.func @f(%x : tensor<2xf32>) -> tensor<2xf32> {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %root = stablehlo.constant dense<[2]> : tensor<1xi32>
    %r = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    func.return
  }
}
