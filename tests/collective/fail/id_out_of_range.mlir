// Group ids name replicas: 2 is outside a grid of 2 replicas.
// EXPECT-ERR: id_out_of_range.mlir:6:10: error: 'stablehlo.all_gather' replica_groups id 2 is out of range for 2 replicas
module @id_out_of_range {
  func.func @f(%x : tensor<2xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
    return %r : tensor<4xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi32>, tensor<4xi32>)
    func.return
  }
}
