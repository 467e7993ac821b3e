// RUN: ir-run --interpret -split-input-file %s
// interpreter.print (SPEC.md 9.3.10, decisions 24, 27, 28) inside the
// regions of map, reduce and case, next to check ops, and in the generic
// form. tests/probe.sh compares this file's stdout with the text written by
// hand from SPEC's naming rules; the comments give each printed name.

// a map body: its argument prints `<`, its values continue the function's
// numbering (value 1, conflict 1 when the function's body ends)
func.func @print_in_map() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>        // %c
  %k = stablehlo.constant dense<10> : tensor<i32>               // %c_0
  %m = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<i32>):                                         // %arg0
    interpreter.print %x : tensor<i32>
    %y = stablehlo.add %x, %k : tensor<i32>                      // %1
    interpreter.print %y : tensor<i32>
    check.expect_eq %y, %y : tensor<i32>
    stablehlo.return %y : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<2xi32>) -> tensor<2xi32>   // %0
  interpreter.print %m : tensor<2xi32>
  check.expect_eq_const %m, dense<[11, 12]> : tensor<2xi32>
  func.return
}

// -----

// a reduce body runs once per element: one print each
func.func @print_in_reduce() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>   // %cst
  %z = stablehlo.constant dense<0.0> : tensor<f32>                  // %cst_0
  %r = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>   // %0
   reducer(%acc: tensor<f32>, %e: tensor<f32>) {                    // %arg0, %arg1
    %s = stablehlo.add %acc, %e : tensor<f32>                       // %1
    interpreter.print %s : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  interpreter.print %r : tensor<f32>
  check.expect_almost_eq_const %r, dense<6.0> : tensor<f32>
  func.return
}

// -----

// only the branch taken prints; a value of the function keeps its name
func.func @print_in_case() {
  %i = stablehlo.constant dense<1> : tensor<i32>                // %c
  %v = stablehlo.constant dense<[5, 6]> : tensor<2xui8>         // %c_0
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.constant dense<[0, 0]> : tensor<2xui8>       // %c_1
    interpreter.print %a : tensor<2xui8>
    stablehlo.return %a : tensor<2xui8>
  }, {
    %b = stablehlo.add %v, %v : tensor<2xui8>                   // %1
    interpreter.print %b : tensor<2xui8>
    interpreter.print %v : tensor<2xui8>
    check.expect_eq_const %b, dense<[10, 12]> : tensor<2xui8>
    stablehlo.return %b : tensor<2xui8>
  }) : (tensor<i32>) -> tensor<2xui8>                           // %0
  interpreter.print %r : tensor<2xui8>
  func.return
}

// -----

// SPEC.md 9.A vector 21
func.func @iota_print() {
  %0 = stablehlo.iota dim = 0 : tensor<2xi32>
  interpreter.print %0 : tensor<2xi32>
  func.return
}

// -----

// the generic form; rank-0 complex and i1 elements
func.func @generic_print() {
  %x = stablehlo.constant dense<(1.5, -2.0)> : tensor<complex<f32>>   // %cst
  "interpreter.print"(%x) : (tensor<complex<f32>>) -> ()
  %b = stablehlo.compare EQ, %x, %x : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>   // %0
  "interpreter.print"(%b) : (tensor<i1>) -> ()
  func.return
}
