// Literals next to those the guard rejects (dense_literals.mlir) still parse:
// complex elements of complex types, text in strings and comments that looks
// like a bad literal, and literals whose type comes from elsewhere.
// RUN: stablehlo-opt %s | FileCheck %s

// CHECK-LABEL: func.func @valid
// CHECK-SAME: attributes {a = array<i64: 1>, note = "dense<[(1.0, 2.0)]> : tensor<1xf32>", s = sparse<0, (1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>}
// CHECK: dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f64>>
// CHECK: dense<(1.000000e+00,2.000000e+00)> : tensor<3xcomplex<f32>>
// CHECK: dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK: dense<[-1, -8, 7, -1]> : tensor<4xi4>
// CHECK: dense<[0, 3]> : tensor<2xui2>
// CHECK: dense<[-6.000000e+00, -2.000000e+00]> : tensor<2xf4E2M1FN>
func.func @valid() -> tensor<2xcomplex<f64>> attributes {a = array<i64: 1>, s = sparse<[[0]], [(1.0, 2.0)]> : tensor<2xcomplex<f32>>, note = "dense<[(1.0, 2.0)]> : tensor<1xf32>"} {
  // dense<[(1.0, 2.0)]> : tensor<1xf32> in a comment is not parsed.
  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %1 = stablehlo.constant dense<(1.0, 2.0)> : tensor<3xcomplex<f32>>
  %2 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  // Sub-byte hex bytes that fit: zero- or sign-extended for signed types.
  %3 = stablehlo.constant dense<"0x0F0807FF"> : tensor<4xi4>
  %4 = stablehlo.constant dense<"0x0003"> : tensor<2xui2>
  %5 = stablehlo.constant dense<"0x0F0C"> : tensor<2xf4E2M1FN>
  return %0 : tensor<2xcomplex<f64>>
}
