// RUN: ir-run --interpret -split-input-file %s
// dynamic_update_slice and scatter write over their operand when it dies at
// them and nothing else holds it (IR_F_UPDATES, docs/internals.md). Each case
// below gives an operand a second reader that must still see the old values,
// or carries the operand through a loop where it is updated in place. The
// expected values are worked out by hand from SPEC 9.4.2 and 9.4.4 (a copy
// of the operand with the update written over it); they do not depend on
// whether ir-run copies.

// the operand is read again after the update: the update must not touch it
func.func @dus_operand_read_later() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %u = stablehlo.constant dense<[9, 8]> : tensor<2xi32>
  %s = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<4xi32>, tensor<2xi32>, tensor<i64>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[1, 9, 8, 4]> : tensor<4xi32>
  check.expect_eq_const %x, dense<[1, 2, 3, 4]> : tensor<4xi32>
  func.return
}

// -----

// two updates of the same operand: the first must leave it for the second
func.func @dus_two_updates_of_one_operand() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %u = stablehlo.constant dense<[[7, 7]]> : tensor<1x2xi8>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_update_slice %x, %u, %zero, %zero : (tensor<2x2xi8>, tensor<1x2xi8>, tensor<i32>, tensor<i32>) -> tensor<2x2xi8>
  %b = stablehlo.dynamic_update_slice %x, %u, %one, %zero : (tensor<2x2xi8>, tensor<1x2xi8>, tensor<i32>, tensor<i32>) -> tensor<2x2xi8>
  check.expect_eq_const %a, dense<[[7, 7], [3, 4]]> : tensor<2x2xi8>
  check.expect_eq_const %b, dense<[[1, 2], [7, 7]]> : tensor<2x2xi8>
  func.return
}

// -----

// the update is the operand itself (the start clamps to 0)
func.func @dus_update_is_operand() {
  %x = stablehlo.constant dense<[5, 6, 7]> : tensor<3xui16>
  %s = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %x, %s : (tensor<3xui16>, tensor<3xui16>, tensor<i64>) -> tensor<3xui16>
  check.expect_eq_const %r, dense<[5, 6, 7]> : tensor<3xui16>
  func.return
}

// -----

// a callee updates its argument; the caller's value is still whole (the
// entry is @main when a chunk has two functions)
func.func private @set_first(%a: tensor<3xf32>) -> tensor<3xf32> {
  %u = stablehlo.constant dense<[-1.0]> : tensor<1xf32>
  %s = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %a, %u, %s : (tensor<3xf32>, tensor<1xf32>, tensor<i64>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %r = func.call @set_first(%x) : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[-1.0, 2.0, 3.0]> : tensor<3xf32>
  check.expect_eq_const %x, dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  func.return
}

// -----

// a scan: row i of the carried 4x3 result becomes (i, 2i, 3i); the operand
// of each update is the previous iteration's result
func.func @dus_scan_in_while() {
  %acc0 = stablehlo.constant dense<-1> : tensor<4x3xi64>
  %k0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<4> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %steps = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %r:2 = stablehlo.while(%k = %k0, %acc = %acc0) : tensor<i64>, tensor<4x3xi64>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %kk = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i64>) -> tensor<1x3xi64>
    %row = stablehlo.multiply %kk, %steps : tensor<1x3xi64>
    %acc2 = stablehlo.dynamic_update_slice %acc, %row, %k, %zero : (tensor<4x3xi64>, tensor<1x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x3xi64>
    %k2 = stablehlo.add %k, %one : tensor<i64>
    stablehlo.return %k2, %acc2 : tensor<i64>, tensor<4x3xi64>
  }
  check.expect_eq_const %r#1, dense<[[0, 0, 0], [1, 2, 3], [2, 4, 6], [3, 6, 9]]> : tensor<4x3xi64>
  check.expect_eq_const %acc0, dense<-1> : tensor<4x3xi64>
  func.return
}

// -----

// the loop state is also kept outside the loop body's update: an update in
// the body of a value the body reads again later must copy
func.func @dus_in_while_operand_read_after() {
  %acc0 = stablehlo.constant dense<[0, 0, 0]> : tensor<3xi32>
  %k0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<3> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %u = stablehlo.constant dense<[5]> : tensor<1xi32>
  %r:3 = stablehlo.while(%k = %k0, %acc = %acc0, %old = %acc0) : tensor<i64>, tensor<3xi32>, tensor<3xi32>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %acc2 = stablehlo.dynamic_update_slice %acc, %u, %k : (tensor<3xi32>, tensor<1xi32>, tensor<i64>) -> tensor<3xi32>
    %k2 = stablehlo.add %k, %one : tensor<i64>
    stablehlo.return %k2, %acc2, %acc : tensor<i64>, tensor<3xi32>, tensor<3xi32>
  }
  check.expect_eq_const %r#1, dense<[5, 5, 5]> : tensor<3xi32>
  check.expect_eq_const %r#2, dense<[5, 5, 0]> : tensor<3xi32>
  func.return
}

// -----

// the scatter's input is also its index tensor: x = [1, 0] sends update 10
// to x[1] and update 20 to x[0] (indices read from the unchanged input)
func.func @scatter_input_is_indices() {
  %x = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %u = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r = "stablehlo.scatter"(%x, %x, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[20, 10]> : tensor<2xi32>
  func.return
}

// -----

// the scatter's input is also its update tensor: x[i] += x[i] in index
// order [1, 0, 2], each update read from the unchanged input
func.func @scatter_input_is_updates() {
  %x = stablehlo.constant dense<[3, 5, 7]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[1], [1], [2]]> : tensor<3x1xi64>
  %r = "stablehlo.scatter"(%x, %i, %x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xi32>, tensor<3x1xi64>, tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[3, 13, 14]> : tensor<3xi32>
  func.return
}

// -----

// two inputs, the second the first one: both results start from the same
// values and the first input survives for the check after
func.func @scatter_two_inputs_one_value() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi64>
  %u = stablehlo.constant dense<[100, 200]> : tensor<2xi32>
  %v = stablehlo.constant dense<[-1, -2]> : tensor<2xi32>
  %r:2 = "stablehlo.scatter"(%x, %x, %i, %u, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %s = stablehlo.add %a, %c : tensor<i32>
    %t = stablehlo.multiply %b, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<i32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xi32>, tensor<3xi32>, tensor<2x1xi64>, tensor<2xi32>, tensor<2xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  check.expect_eq_const %r#0, dense<[101, 2, 203]> : tensor<3xi32>
  check.expect_eq_const %r#1, dense<[-1, 2, -6]> : tensor<3xi32>
  check.expect_eq_const %x, dense<[1, 2, 3]> : tensor<3xi32>
  func.return
}

// -----

// a histogram carried through a loop: iteration k adds 1 at bucket k mod 3
// (k = 0..6: buckets 0, 1, 2, 0, 1, 2, 0)
func.func @scatter_histogram_in_while() {
  %h0 = stablehlo.constant dense<0> : tensor<3xui8>
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<7> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %inc = stablehlo.constant dense<[1]> : tensor<1xui8>
  %r:2 = stablehlo.while(%k = %k0, %h = %h0) : tensor<i32>, tensor<3xui8>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %b = stablehlo.remainder %k, %three : tensor<i32>
    %bi = stablehlo.reshape %b : (tensor<i32>) -> tensor<1x1xi32>
    %h2 = "stablehlo.scatter"(%h, %bi, %inc) ({
    ^bb0(%a: tensor<ui8>, %d: tensor<ui8>):
      %s = stablehlo.add %a, %d : tensor<ui8>
      stablehlo.return %s : tensor<ui8>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xui8>, tensor<1x1xi32>, tensor<1xui8>) -> tensor<3xui8>
    %k2 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %k2, %h2 : tensor<i32>, tensor<3xui8>
  }
  check.expect_eq_const %r#1, dense<[3, 2, 2]> : tensor<3xui8>
  check.expect_eq_const %h0, dense<0> : tensor<3xui8>
  func.return
}
