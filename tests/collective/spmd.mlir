// Run with --replicas 2 --partitions 2 (tests/collectives.sh): every process
// runs @main; the results of processes (0, 0), (0, 1), (1, 0), (1, 1) are
// printed in that order (docs/collectives.md). v = 10 * replica + partition;
// the all_reduce sums v over the replicas of a partition: 0 + 10 = 10 in
// partition 0, 1 + 11 = 12 in partition 1. Expected output: spmd.out,
// written by hand.
func.func @main() -> (tensor<ui32>, tensor<2xi32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  %ri = stablehlo.convert %r : (tensor<ui32>) -> tensor<i32>
  %pi = stablehlo.convert %p : (tensor<ui32>) -> tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %t = stablehlo.multiply %ri, %ten : tensor<i32>
  %v = stablehlo.add %t, %pi : tensor<i32>
  %b = stablehlo.broadcast_in_dim %v, dims = [] : (tensor<i32>) -> tensor<2xi32>
  %s = "stablehlo.all_reduce"(%b) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %z = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %z : tensor<i32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %p, %s : tensor<ui32>, tensor<2xi32>
}
