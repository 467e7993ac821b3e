// chlo ops kept with `?` types print in MLIR's chlo forms: `T -> R` (unary),
// `T1, T2 -> R` (binary), `(T1, T2) -> R` (broadcasting).
func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  %1 = chlo.broadcast_add %0, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %2 = chlo.next_after %1, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  func.return %2 : tensor<?xf32>
}
