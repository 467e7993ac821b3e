// Builtin types ir-run has no values of, inside attributes: kept as written.
func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.abs %a {layouts = [dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>], scalar_index = dense<3> : tensor<index>, words = [index, none, i32, f32, ui8], ctype = complex<f32>, vec = vector<4xf32>, dyn = tensor<?x4xf32>, enc = tensor<4xf32, #foo.enc<1>>, tup = tuple<tensor<f32>, tuple<>>, tok = !stablehlo.token, fn = (tensor<2xf32>, tensor<i1>) -> (tensor<f32>, tensor<f32>), ints = array<i32: 1, -2>, none_ints = array<i64>, flags = array<i1: true, false>, typed = 7 : ui8, neg = -2.5 : f16, hex = 0x7F : i8} : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
