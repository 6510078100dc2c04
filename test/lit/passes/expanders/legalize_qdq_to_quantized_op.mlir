// RUN: stablehlo-py opt %s --pipeline "func.func(stablehlo-legalize-qdq-to-quantized-op)" --split-input-file | FileCheck %s

// A chain of dequantize -> float op -> quantize, one op at a time: each becomes the quantized op,
// the float ops and the conversions between them go once unused.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %arg0 : tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT: %[[S:.*]] = stablehlo.subtract %[[N]], %arg1 : (tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<3x!quant.uniform<i8:f32, 1.000000e-01>>
// CHECK-NEXT: return %[[S]]
func.func @chain(%a: tensor<3x!quant.uniform<i8:f32, 0.5:2>>, %b: tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3x!quant.uniform<i8:f32, 0.1>> {
  %0 = stablehlo.uniform_dequantize %a : (tensor<3x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<3xf32>
  %1 = stablehlo.negate %0 : tensor<3xf32>
  %2 = stablehlo.uniform_quantize %1 : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:2>>
  %3 = stablehlo.uniform_dequantize %2 : (tensor<3x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<3xf32>
  %4 = stablehlo.uniform_dequantize %b : (tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3xf32>
  %5 = stablehlo.subtract %3, %4 : tensor<3xf32>
  %6 = stablehlo.uniform_quantize %5 : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1>>
  return %6 : tensor<3x!quant.uniform<i8:f32, 0.1>>
}

// -----

// Attributes are kept (dot_general's dimension numbers); the float op stays while something else
// uses it.
// CHECK-LABEL: func.func @attributes_and_other_uses
// CHECK-NEXT: %[[L:.*]] = stablehlo.uniform_dequantize %arg0
// CHECK-NEXT: %[[R:.*]] = stablehlo.uniform_dequantize %arg1
// CHECK-NEXT: %[[F:.*]] = stablehlo.dot_general %[[L]], %[[R]], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<3x2x!quant.uniform<i8:f32, 2.000000e-01>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: return %[[Q]], %[[F]]
func.func @attributes_and_other_uses(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %b: tensor<3x2x!quant.uniform<i8:f32, 0.2>>) -> (tensor<2x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x2xf32>) {
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3xf32>
  %1 = stablehlo.uniform_dequantize %b : (tensor<3x2x!quant.uniform<i8:f32, 0.2>>) -> tensor<3x2xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.uniform_quantize %2 : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  return %3, %2 : tensor<2x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x2xf32>
}

// -----

// Not fused: an operand that is no dequantize (a float argument), an op with a region, an op with
// two results; unused conversions are erased all the same.
// CHECK-LABEL: func.func @not_fused
// CHECK-NEXT: %[[D:.*]] = stablehlo.uniform_dequantize %arg0
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[D]], %arg1 : tensor<4xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.uniform_quantize %[[M]]
// CHECK-NEXT: %[[S:.*]]:2 = "stablehlo.sort"(%[[D]], %arg1)
// CHECK: %[[Q2:.*]] = stablehlo.uniform_quantize %[[S]]#0
// CHECK-NEXT: return %[[Q]], %[[Q2]]
func.func @not_fused(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>, %x: tensor<4xf32>) -> (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  %0 = stablehlo.uniform_dequantize %a : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xf32>
  %1 = stablehlo.multiply %0, %x : tensor<4xf32>
  %2 = stablehlo.uniform_quantize %1 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %3 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %4:2 = "stablehlo.sort"(%0, %x) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>, %r: tensor<f32>, %s: tensor<f32>):
    %c = stablehlo.compare GT, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %5 = stablehlo.uniform_quantize %4#0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  return %2, %5 : tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>
}
