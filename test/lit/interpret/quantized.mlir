// Quantized programs in upstream's conformance style: float constants are
// quantized, an op runs on the quantized values, the result is dequantized
// and checked (custom_call @check.eq returns true when it holds; a failing
// check fails the run). Expected values are the spec's formulas worked by hand
// (round half to even, zero points, clamping to the storage range).
// RUN: stablehlo-py run %s --split-input-file | FileCheck %s

// add of two types into a third: [1, 2, -3, 100] at 0.1:-30 is
// [-20, -10, -60, 127] (100 saturates: 15.7); [0.5, -2, 7, 1] at 0.2:5 is
// [7, -5, 40, 10] (0.5 / 0.2 = 2.5 rounds to 2); the sums [1.4, 0, 4, 16.7]
// at 0.3:1 are [6, 1, 14, 57], which dequantize to [1.5, 0, 3.9, 16.8].
// CHECK: // module 0 (line 1)
// CHECK-NEXT: @main result 0: tensor<i1> shape=() dtype=bool
// CHECK-NEXT: array(True)
func.func @main() -> tensor<i1> {
  %x = stablehlo.constant dense<[1.0, 2.0, -3.0, 100.0]> : tensor<4xf32>
  %y = stablehlo.constant dense<[0.5, -2.0, 7.0, 1.0]> : tensor<4xf32>
  %qx = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1:-30>>
  %qy = stablehlo.uniform_quantize %y : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.2:5>>
  %sum = stablehlo.add %qx, %qy : (tensor<4x!quant.uniform<i8:f32, 0.1:-30>>, tensor<4x!quant.uniform<i8:f32, 0.2:5>>) -> tensor<4x!quant.uniform<i8:f32, 0.3:1>>
  %r = stablehlo.uniform_dequantize %sum : (tensor<4x!quant.uniform<i8:f32, 0.3:1>>) -> tensor<4xf32>
  %e = stablehlo.constant dense<[1.5, 0.0, 3.9, 16.8]> : tensor<4xf32>
  %ok = stablehlo.custom_call @check.eq(%r, %e) : (tensor<4xf32>, tensor<4xf32>) -> tensor<i1>
  return %ok : tensor<i1>
}

// -----
// The spec's own examples: per-axis quantization and requantization.
// [4, 15] at {0.1:-30, 0.5:-20} is [10, 10]; requantized to {0.1:-20, 0.2:-30}
// it is [20, 45].
// CHECK: // module 1
// CHECK-NEXT: @main result 0: tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>> shape=(2,) dtype=int8
// CHECK-NEXT: array([10, 10], dtype=int8)
// CHECK-NEXT: @main result 1: tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-20,2.000000e-01:-30}>> shape=(2,) dtype=int8
// CHECK-NEXT: array([20, 45], dtype=int8)
func.func @main() -> (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>, tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>) {
  %x = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  return %q, %r : tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>, tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
}

// -----
// Edge values into a storage range: NaN is storage_min, infinities and
// large values saturate at storage_min/max, ties round to even (2.5 -> 2,
// 3.5 -> 4, -2.5 -> -2), -0.0 is 0.
// CHECK: // module 2
// CHECK-NEXT: @main result 0: tensor<8x!quant.uniform<i8<-100:100>:f32, 1.000000e+00:3>> shape=(8,) dtype=int8
// CHECK-NEXT: array([-100,  100, -100,  100,    5,    7,    1,    3], dtype=int8)
func.func @main() -> tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0:3>> {
  %x = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 1.0e9, 2.5, 3.5, -2.5, -0.0]> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0:3>>
  return %q : tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0:3>>
}

// -----
// dot_general of i8 by i8 into an i32 accumulator type (scale 0.5 * 0.25),
// then requantized: [[1, 2], [3, 4]] (0.5:0 gives [[2, 4], [6, 8]]) times
// [[1, -1], [2, 0]] (0.25:0 gives [[4, -4], [8, 0]]) is [[5, -1], [11, -3]].
// CHECK: // module 3
// CHECK-NEXT: @main result 0: tensor<i1> shape=() dtype=bool
// CHECK-NEXT: array(True)
func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[1.0, -1.0], [2.0, 0.0]]> : tensor<2x2xf32>
  %qa = stablehlo.uniform_quantize %a : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  %qb = stablehlo.uniform_quantize %b : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25>>
  %p = stablehlo.dot_general %qa, %qb, contracting_dims = [1] x [0] : (tensor<2x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i32:f32, 0.125>>
  %r = stablehlo.uniform_dequantize %p : (tensor<2x2x!quant.uniform<i32:f32, 0.125>>) -> tensor<2x2xf32>
  %e = stablehlo.constant dense<[[5.0, -1.0], [11.0, -3.0]]> : tensor<2x2xf32>
  %ok = stablehlo.custom_call @check.eq(%r, %e) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<i1>
  return %ok : tensor<i1>
}

// -----
// compare dequantizes both sides: [1, 2, 3] is [1, 2, 3] at 0.5 and
// [0.75, 2.25, 3] at 0.75 (1.33 -> 1, 2.67 -> 3, 4); reduce adds the quantized
// values step by step in the body's type (1 + 2 + 3); transpose moves the
// per-axis quantization dimension with the data.
// CHECK: // module 4
// CHECK-NEXT: @main result 0: tensor<3xi1> shape=(3,) dtype=bool
// CHECK-NEXT: array([ True, False, False])
// CHECK-NEXT: @main result 1: tensor<f32> shape=() dtype=float32
// CHECK-NEXT: array(6., dtype=float32)
// CHECK-NEXT: @main result 2: tensor<2x3x!quant.uniform<i8:f32:0, {1.000000e+00:1,2.000000e+00:2}>> shape=(2, 3) dtype=int8
// CHECK-NEXT: array({{\[}}[1, 2, 3],
// CHECK-NEXT:        [4, 5, 6]], dtype=int8)
func.func @main() -> (tensor<3xi1>, tensor<f32>, tensor<2x3x!quant.uniform<i8:f32:0, {1.0:1,2.0:2}>>) {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %qa = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  %qb = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.75>>
  %gt = stablehlo.compare GT, %qa, %qb : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.75>>) -> tensor<3xi1>
  %zero = stablehlo.constant() {value = dense<0> : tensor<i8>} : () -> tensor<!quant.uniform<i8:f32, 0.5>>
  %s = stablehlo.reduce(%qa init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  %sum = stablehlo.uniform_dequantize %s : (tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<f32>
  %m = stablehlo.constant() {value = dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>} : () -> tensor<3x2x!quant.uniform<i8:f32:1, {1.0:1,2.0:2}>>
  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<3x2x!quant.uniform<i8:f32:1, {1.0:1,2.0:2}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {1.0:1,2.0:2}>>
  return %gt, %sum, %t : tensor<3xi1>, tensor<f32>, tensor<2x3x!quant.uniform<i8:f32:0, {1.0:1,2.0:2}>>
}
