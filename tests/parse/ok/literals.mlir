// Dense literals of every kind and element type.
func.func @literals() {
  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = stablehlo.constant dense<255> : tensor<i8>
  %2 = stablehlo.constant dense<[0xFF, -0x1, -128, 127]> : tensor<4xi8>
  %3 = stablehlo.constant dense<[0, 255]> : tensor<2xui8>
  %4 = stablehlo.constant dense<[true, false, 0, 1]> : tensor<4xi1>
  %5 = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi1>
  %6 = stablehlo.constant dense<[-2, 1, 2, 3]> : tensor<4xi2>
  %7 = stablehlo.constant dense<[-8, 7, 15, 0xF]> : tensor<4xi4>
  %8 = stablehlo.constant dense<[0, 3]> : tensor<2xui2>
  %9 = stablehlo.constant dense<[0, 15]> : tensor<2xui4>
  %10 = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
  %11 = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  %12 = stablehlo.constant dense<[0.1, 6.0, 0x07, -0.0]> : tensor<4xf4E2M1FN>
  %13 = stablehlo.constant dense<[0.1, 7.5]> : tensor<2xf6E2M3FN>
  %14 = stablehlo.constant dense<[0.1, 28.0]> : tensor<2xf6E3M2FN>
  %15 = stablehlo.constant dense<[0.1, 0x7F, 3.1415]> : tensor<3xf8E3M4>
  %16 = stablehlo.constant dense<[0.1, 0x78, 1.06250000000000000001]> : tensor<3xf8E4M3>
  %17 = stablehlo.constant dense<[464.0, 465.0, 0x7F]> : tensor<3xf8E4M3FN>
  %18 = stablehlo.constant dense<[-1000.0, 0x80]> : tensor<2xf8E4M3FNUZ>
  %19 = stablehlo.constant dense<[31.0, 0.1]> : tensor<2xf8E4M3B11FNUZ>
  %20 = stablehlo.constant dense<[61440.0, 61439.0]> : tensor<2xf8E5M2>
  %21 = stablehlo.constant dense<[0.1, 0x80]> : tensor<2xf8E5M2FNUZ>
  %22 = stablehlo.constant dense<[0.1, 0xFF, -0.0]> : tensor<3xf8E8M0FNU>
  %23 = stablehlo.constant dense<[0.1, 0x7FC0]> : tensor<2xbf16>
  %24 = stablehlo.constant dense<[65520.0, 1.0e-8, 1.00048828125000000000001]> : tensor<3xf16>
  %25 = stablehlo.constant dense<[1.0e39, 1.0e-400, 0.333333343, 7.52857188E-4, 0x7F800001]> : tensor<5xf32>
  %26 = stablehlo.constant dense<[0.1, 0xFFF0000000000001, 1.e5]> : tensor<3xf64>
  %27 = stablehlo.constant dense<[(1.5, 2.5), (-1.0049852924828599,1.2512058920483362), (0x7FC00000, 0.0)]> : tensor<3xcomplex<f32>>
  %28 = stablehlo.constant dense<(1.0, -0.0)> : tensor<2xcomplex<f64>>
  %29 = stablehlo.constant dense<> : tensor<0xi32>
  %30 = stablehlo.constant dense<2> : tensor<2x0x3xi4>
  %31 = stablehlo.constant dense<[[]]> : tensor<1x0xi32>
  %32 = stablehlo.constant dense<[]> : tensor<0xf32>
  %33 = stablehlo.constant dense<"0x"> : tensor<0x4xf32>
  %34 = stablehlo.constant dense<"0x0E01"> : tensor<2xi4>
  %35 = stablehlo.constant dense<"0x000100FF"> : tensor<4xi1>
  %36 = stablehlo.constant dense<"0xFF"> : tensor<3xi1>
  %37 = stablehlo.constant dense<"0x05"> : tensor<3xi1>
  %38 = stablehlo.constant dense<"0x0F01"> : tensor<12xi1>
  %39 = stablehlo.constant dense<"0x0000803F"> : tensor<2x2xf32>
  %40 = stablehlo.constant dense<"0x0000803F000000400000404000008040"> : tensor<2xcomplex<f32>>
  %41 = stablehlo.constant dense<"0x3C00"> : tensor<f16>
  %42 = stablehlo.constant dense<[[[1, 2, 3]], [[4, 5, 6]]]> : tensor<2x1x3xui16>
  %43 = stablehlo.constant dense<"0x0102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364656667"> : tensor<103xi8>
  func.return
}
