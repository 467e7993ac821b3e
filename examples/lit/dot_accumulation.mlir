// RUN: %interpret -split-input-file %s | FileCheck %s
// RUN: %interpret --dot-accumulation=f32 -split-input-file %s | FileCheck %s --check-prefix=F32

// Returned values printed in REF's format and matched with FileCheck: twenty
// ones summed in f8E4M3 as REF does (rounding after every add: 16), and with
// f32 accumulation as FP8 hardware does (20).

func.func @main() -> tensor<f8E4M3> {
  %0 = stablehlo.constant dense<1.0> : tensor<20xf8E4M3>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [0] x [0] : (tensor<20xf8E4M3>, tensor<20xf8E4M3>) -> tensor<f8E4M3>
  func.return %1 : tensor<f8E4M3>
}
// CHECK: tensor<f8E4M3> {1.600000e+01}
// F32: tensor<f8E4M3> {2.000000e+01}

// -----

func.func @main() -> tensor<2xf8E4M3FN> {
  %0 = stablehlo.constant dense<[448.0, -448.0]> : tensor<2xf8E4M3FN>
  %1 = stablehlo.add %0, %0 : tensor<2xf8E4M3FN>
  func.return %1 : tensor<2xf8E4M3FN>
}
// REF prints NaN (and Inf) as their bit pattern in hex: 0x7F is f8E4M3FN's NaN
// CHECK: tensor<2xf8E4M3FN> {
// CHECK-NEXT: [0x7F, 0xFF]
// F32: [0x7F, 0xFF]
