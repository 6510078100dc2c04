// An MLP layer as JAX exports it: dot_general, broadcast_in_dim, add, compare,
// select through func.call, reduce and convert; the values are worked out by hand.
// RUN: stablehlo-py run %s | FileCheck %s

// CHECK:      @main result 0: tensor<2x3xf32> shape=(2, 3) dtype=float32
// CHECK-NEXT: array({{\[}}[3., 0., 7.],
// CHECK-NEXT:        [0., 2., 0.]], dtype=float32)
// CHECK-NEXT: @main result 1: tensor<2xf32> shape=(2,) dtype=float32
// CHECK-NEXT: array([10.,  2.], dtype=float32)
// CHECK-NEXT: @main result 2: tensor<2x3xi8> shape=(2, 3) dtype=int8
// CHECK-NEXT: array({{\[}}[3, 0, 7],
// CHECK-NEXT:        [0, 2, 0]], dtype=int8)
func.func @main() -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xi8>) {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>
  %w = stablehlo.constant dense<[[1.0, -1.0, 1.0], [1.0, -1.0, 2.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %4 = stablehlo.compare GT, %2, %3, FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %5 = call @_where(%4, %2, %zero) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %6 = stablehlo.reduce(%5 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %7 = stablehlo.convert %5 : (tensor<2x3xf32>) -> tensor<2x3xi8>
  return %5, %6, %7 : tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xi8>
}
func.func private @_where(%pred: tensor<2x3xi1>, %on_true: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.select %pred, %on_true, %0 : tensor<2x3xi1>, tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
