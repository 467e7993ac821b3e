// 2 replicas, replica_groups [[0]]: replica 1 is in no group, REF's error
// for all_reduce (SPEC 9.6.2); replica 0 reduces alone.
// EXPECT-ERR: no_group.mlir:7:10: error: 'stablehlo.all_reduce': process (1, 0) is in no group of replica_groups
module @no_group {
  func.func @f(%x : tensor<2xi32>) -> tensor<2xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@f], [@f]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    func.return
  }
}
