// Processes 0 and 1 meet in groups [[0, 1, 2]]; process 2 runs a program
// whose groups put it alone ([[0, 1], [2]]): it finishes, the others wait.
// EXPECT-ERR: mismatched_groups.mlir:14:10: error: deadlock
// EXPECT-ERR:   process (0, 0): waits in 'stablehlo.all_reduce' at mismatched_groups.mlir:14:10 (channel 0)
// EXPECT-ERR:   process (1, 0): waits in 'stablehlo.all_reduce' at mismatched_groups.mlir:14:10 (channel 0)
// EXPECT-ERR:   process (2, 0): has returned
module @mismatched_groups {
  func.func private @sum(%a: tensor<i8>, %b: tensor<i8>) -> tensor<i8> {
    %s = stablehlo.add %a, %b : tensor<i8>
    return %s : tensor<i8>
  }
  func.func @f(%x : tensor<1xi8>) -> tensor<1xi8> {
    %c = stablehlo.constant dense<[1]> : tensor<1xi8>
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i8>, %b: tensor<i8>):
        %s = func.call @sum(%a, %b) : (tensor<i8>, tensor<i8>) -> tensor<i8>
        stablehlo.return %s : tensor<i8>
    }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<1xi8>) -> tensor<1xi8>
    return %r : tensor<1xi8>
  }
  func.func @h(%x : tensor<1xi8>) -> tensor<1xi8> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i8>, %b: tensor<i8>):
        %s = stablehlo.add %a, %b : tensor<i8>
        stablehlo.return %s : tensor<i8>
    }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<1xi8>) -> tensor<1xi8>
    return %r : tensor<1xi8>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[5]> : tensor<1xi8>
    %r:3 = "interpreter.run_parallel"(%x, %x, %x) {programs = [[@f], [@f], [@h]]} : (tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>, tensor<1xi8>)
    func.return
  }
}
