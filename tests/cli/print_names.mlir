// interpreter.print names its operand as MLIR's printer does (SPEC.md
// 9.3.10, decision 27); tests/probe.sh holds the exact stdout, written by
// hand from SPEC's rules (the comments give each value's printed name).
func.func @main() -> tensor<i32> {
  %a = stablehlo.constant dense<1> : tensor<i32>            // %c
  %b = stablehlo.constant dense<2.5> : tensor<f32>          // %cst
  %d = stablehlo.constant dense<[1, 2]> : tensor<2xi32>     // %c_0
  %e = stablehlo.add %a, %a : tensor<i32>                   // %0
  interpreter.print %e : tensor<i32>
  interpreter.print %b : tensor<f32>
  interpreter.print %d : tensor<2xi32>
  // regions are named after the whole function: counters (value 7,
  // conflict 2) as the function body ends, the same for every region here
  %w:2 = stablehlo.while(%i = %a, %s = %e) : tensor<i32>, tensor<i32>   // %1:2
    cond {
      // %iterArg, %iterArg_2
      %lim = stablehlo.constant dense<3> : tensor<i32>      // %c_3
      %lt = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>   // %7
      stablehlo.return %lt : tensor<i1>
    } do {
      // %iterArg, %iterArg_2 again: a sibling starts from the same counters
      %one = stablehlo.constant dense<1> : tensor<i32>      // %c_3
      %n = stablehlo.add %i, %one : tensor<i32>             // %7
      interpreter.print %one : tensor<i32>
      interpreter.print %n : tensor<i32>
      interpreter.print %s : tensor<i32>                    // a block argument: `<`
      %tt = stablehlo.constant dense<true> : tensor<i1>     // %c_4
      %q = "stablehlo.if"(%tt) ({
        // continues from the body's end: value 9, conflict 5
        %m = stablehlo.constant dense<7> : tensor<i32>      // %c_5
        interpreter.print %m : tensor<i32>
        %m2 = stablehlo.add %m, %one : tensor<i32>          // %9
        interpreter.print %m2 : tensor<i32>
        stablehlo.return %m2 : tensor<i32>
      }, {
        stablehlo.return %one : tensor<i32>
      }) : (tensor<i1>) -> tensor<i32>                      // %8
      interpreter.print %q : tensor<i32>
      stablehlo.return %n, %s : tensor<i32>, tensor<i32>
    }
  interpreter.print %w#1 : tensor<i32>                      // the whole group: %1:2
  %t = stablehlo.constant dense<true> : tensor<i1>          // %c_1
  %r = "stablehlo.if"(%t) ({
    %x = stablehlo.constant dense<10> : tensor<i32>         // %c_2
    interpreter.print %x : tensor<i32>
    stablehlo.return %x : tensor<i32>
  }, {
    %y = stablehlo.constant dense<20> : tensor<i32>         // %c_2
    stablehlo.return %y : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>                          // %2
  %srt = "stablehlo.sort"(%d) ({
  ^bb0(%l: tensor<i32>, %rr: tensor<i32>):                  // %arg0, %arg1
    interpreter.print %l : tensor<i32>
    %cmp = stablehlo.compare GT, %l, %rr, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>   // %7
    stablehlo.return %cmp : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2xi32>) -> tensor<2xi32>   // %3
  %sum = stablehlo.add %r, %w#0 : tensor<i32>               // %4
  interpreter.print %sum : tensor<i32>
  %p:2 = stablehlo.optimization_barrier %sum, %r : tensor<i32>, tensor<i32>   // %5:2
  interpreter.print %p#1 : tensor<i32>
  %g = func.call @g(%sum) : (tensor<i32>) -> tensor<i32>    // %6
  interpreter.print %g : tensor<i32>
  func.return %sum : tensor<i32>
}

// numbering restarts in every function
func.func @g(%x: tensor<i32>) -> tensor<i32> {
  %k = stablehlo.constant dense<5> : tensor<i32>            // %c
  %z = stablehlo.multiply %x, %k : tensor<i32>              // %0
  interpreter.print %z : tensor<i32>
  interpreter.print %k : tensor<i32>
  interpreter.print %x : tensor<i32>                        // %arg0: `<`
  func.return %z : tensor<i32>
}
