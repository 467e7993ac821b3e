// RUN: ir-run --interpret -split-input-file --probe-output-dir DIR %s   (must exit 1)
// check.expect_serialized_eq failures (SPEC.md 9.3.12, decision 31): each
// is a failed check, located at the op, and the run goes on.
// EXPECT-ERR: error: check.expect_serialized_eq failed in function @value_differs
// EXPECT-ERR: Element values don't match: 2 (actual) vs 3 (expected) at index [1]
// EXPECT-ERR: error: check.expect_serialized_eq failed in function @type_differs
// EXPECT-ERR: Serialized types don't match: tensor<2xi32> (recorded in
// EXPECT-ERR: vs tensor<2xui32> (expected)
// EXPECT-ERR: error: check.expect_serialized_eq failed in function @iter_too_far
// EXPECT-ERR: no record #2 (counting from 0) of probe_id "twice": it has 2 records of that id
// EXPECT-ERR: error: check.expect_serialized_eq failed in function @nan_never_equal
// EXPECT-ERR: a NaN never equals a NaN
// EXPECT-ERR: error: check.expect_serialized_eq failed in function @earlier_chunk
// EXPECT-ERR: no record #0 (counting from 0) of probe_id "twice": it has 0 records of that id

func.func @value_differs() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %p = interpreter.probe %a, probe_id = "v" : tensor<2xi32>
  check.expect_serialized_eq %b, probe_id = "v" : tensor<2xi32>
  func.return
}

// -----

func.func @type_differs() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1, 2]> : tensor<2xui32>
  %p = interpreter.probe %a, probe_id = "t" : tensor<2xi32>
  check.expect_serialized_eq %b, probe_id = "t" : tensor<2xui32>
  func.return
}

// -----

func.func @iter_too_far() {
  %a = stablehlo.constant dense<1> : tensor<i8>
  %p = interpreter.probe %a, probe_id = "twice" : tensor<i8>
  %q = interpreter.probe %p, probe_id = "twice" : tensor<i8>
  check.expect_serialized_eq %q, probe_id = "twice", iter = 1 : tensor<i8>
  check.expect_serialized_eq %q, probe_id = "twice", iter = 2 : tensor<i8>
  func.return
}

// -----

func.func @nan_never_equal() {
  %a = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %p = interpreter.probe %a, probe_id = "nan" : tensor<f32>
  check.expect_serialized_eq %p, probe_id = "nan" : tensor<f32>
  func.return
}

// -----

// the records of the chunk before are gone (index.csv is reset per chunk)
func.func @earlier_chunk() {
  %a = stablehlo.constant dense<1> : tensor<i8>
  check.expect_serialized_eq %a, probe_id = "twice" : tensor<i8>
  func.return
}
