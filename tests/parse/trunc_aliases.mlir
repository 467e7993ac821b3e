// Seed of tests/parse.sh's truncation sweep of alias values: cut anywhere
// after the function, the file must be refused unless the cut falls at the
// end of an alias line (every value below has no complete proper prefix).
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32> loc(#loc1)
  func.return %0 : tensor<f32> loc(#loc3)
}
#loc1 = loc("x")
#loc2 = loc(unknown)
#loc3 = loc(callsite(#loc1 at #loc2))
#loc4 = loc("f.py":12:3)
#loc5 = loc(fused[#loc1, "y"])
#a = true
#b = unit
#c = f32
#d = dense<[1.0, 2.0]> : tensor<2xf32>
#e = [true, "s"]
#f = {k = false}
#g = #stablehlo<precision DEFAULT>
