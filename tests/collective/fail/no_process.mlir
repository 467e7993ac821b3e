// Outside a grid there is no process (decision 42).
// EXPECT-ERR: no_process.mlir:5:8: error: 'stablehlo.partition_id' needs a process: run it inside interpreter.run_parallel or with --replicas/--partitions (decision 42)
func.func @main() -> tensor<ui32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %p : tensor<ui32>
}
