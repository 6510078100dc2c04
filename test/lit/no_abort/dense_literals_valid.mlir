// Literals next to those the guard rejects (dense_literals.mlir) still parse:
// complex elements of complex types, text in strings and comments that looks
// like a bad literal, and literals whose type comes from elsewhere.
// RUN: stablehlo-opt %s | FileCheck %s

// CHECK-LABEL: func.func @valid
// CHECK-SAME: attributes {note = "dense<[(1.0, 2.0)]> : tensor<1xf32>", s = sparse<0, (1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>}
// CHECK: dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f64>>
// CHECK: dense<(1.000000e+00,2.000000e+00)> : tensor<3xcomplex<f32>>
// CHECK: dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
func.func @valid() -> tensor<2xcomplex<f64>> attributes {s = sparse<[[0]], [(1.0, 2.0)]> : tensor<2xcomplex<f32>>, note = "dense<[(1.0, 2.0)]> : tensor<1xf32>"} {
  // dense<[(1.0, 2.0)]> : tensor<1xf32> in a comment is not parsed.
  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %1 = stablehlo.constant dense<(1.0, 2.0)> : tensor<3xcomplex<f32>>
  %2 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  return %0 : tensor<2xcomplex<f64>>
}
