// Every location form; aliases before and after their use. Locations are
// not printed back (only argument names taken from loc("name") are used).
#loc1 = loc("x")
#loc2 = loc("file.py":10:4)
module @m {
  func.func public @main(%arg0: tensor<f32> loc("x"), %arg1: tensor<f32> loc(#loc1), %arg2: tensor<f32> loc(#loc9)) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32> loc(unknown)
    %1 = stablehlo.add %0, %arg2 : tensor<f32> loc("name")
    %2 = stablehlo.add %1, %0 : tensor<f32> loc("f.py":1:2)
    %3 = stablehlo.add %2, %0 : tensor<f32> loc("f.py":1:2 to 3:4)
    %4 = stablehlo.add %3, %0 : tensor<f32> loc(callsite("g"("a.py":1:1) at callsite(#loc2 at "b.py":2:2)))
    %5 = stablehlo.add %4, %0 : tensor<f32> loc(fused[#loc1, "y", unknown])
    %6 = stablehlo.add %5, %0 : tensor<f32> loc(fused<"meta">[#loc2, "z"("q.py":3:3)])
    %7 = stablehlo.add %6, %0 : tensor<f32> loc("outer"("inner"(#loc7)))
    %8 = stablehlo.add %7, %0 : tensor<f32> loc(#loc8)
    return %8 : tensor<f32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc7 = loc("p.py":7:7)
#loc8 = loc(callsite(#loc7 at #loc2))
#loc9 = loc("late_name"(#loc2))
