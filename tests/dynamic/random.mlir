// ARGS: --random-inputs 5 --shape 0=3 --shape '?=2' --print-format=decimal
// --random-inputs: the values tests/oracle/random_inputs.py computes (seed 5)
func.func @main(%a: tensor<?xi32>, %b: tensor<?xf32>) -> (tensor<?xi32>, tensor<?xf32>) {
  func.return %a, %b : tensor<?xi32>, tensor<?xf32>
}
