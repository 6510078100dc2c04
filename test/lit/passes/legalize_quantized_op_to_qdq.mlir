// RUN: stablehlo-py opt %s --pipeline stablehlo-legalize-quantized-op-to-qdq --split-input-file | FileCheck %s

// An op defined by dequantize_op_quantize: each quantized operand dequantized (once, even if used
// twice), the op on the expressed type, its result quantized. Compare keeps its i1 result and
// compares FLOAT (dequantize_compare); an op that only moves elements is left as it is.
// CHECK-LABEL: func.func @elementwise
// CHECK-NEXT: %[[A:.*]] = stablehlo.uniform_dequantize %arg0 : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.uniform_dequantize %arg1 : (tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<4xf32>
// CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<4xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.uniform_quantize %[[SUM]] : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: %[[X:.*]] = stablehlo.uniform_dequantize %[[Q]] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4xf32>
// CHECK-NEXT: %[[SQ:.*]] = stablehlo.multiply %[[X]], %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[P:.*]] = stablehlo.uniform_quantize %[[SQ]] : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: %[[L:.*]] = stablehlo.uniform_dequantize %arg0
// CHECK-NEXT: %[[R:.*]] = stablehlo.uniform_dequantize %[[P]]
// CHECK-NEXT: %[[C:.*]] = stablehlo.compare LT, %[[L]], %[[R]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %[[M:.*]] = stablehlo.reshape %[[P]] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: return %[[M]], %[[C]]
func.func @elementwise(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25>>) -> (tensor<2x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4xi1>) {
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %1 = stablehlo.multiply %0, %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %2 = stablehlo.compare LT, %a, %1, SIGNED : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xi1>
  %3 = stablehlo.reshape %1 : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:-3>>
  return %3, %2 : tensor<2x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4xi1>
}

// -----

// Attributes are kept; per-axis operands and results dequantize and quantize along their axis.
// CHECK-LABEL: func.func @dot_general_per_axis
// CHECK-NEXT: %[[L:.*]] = stablehlo.uniform_dequantize %arg0 : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.uniform_dequantize %arg1 : (tensor<3x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.dot_general %[[L]], %[[R]], contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.uniform_quantize %[[D]] : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {5.000000e-01:1,2.500000e-01:-1}>>
// CHECK-NEXT: return %[[Q]]
func.func @dot_general_per_axis(%lhs: tensor<2x3x!quant.uniform<i8:f32, 0.1:-3>>, %rhs: tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:-1}>> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3x!quant.uniform<i8:f32, 0.1:-3>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:-1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:1, 0.25:-1}>>
}

// -----

// hybrid_dequantize_then_op: float lhs, quantized rhs, float result: no quantize.
// CHECK-LABEL: func.func @hybrid_convolution
// CHECK-NEXT: %[[R:.*]] = stablehlo.uniform_dequantize %arg1 : (tensor<2x2x3x!quant.uniform<i8:f32:2, {1.000000e-01,2.000000e-01,3.000000e-01}>>) -> tensor<2x2x3xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.convolution(%arg0, %[[R]]) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<2x2x3xf32>) -> tensor<1x3x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @hybrid_convolution(%lhs: tensor<1x4x2xf32>, %rhs: tensor<2x2x3x!quant.uniform<i8:f32:2, {0.1, 0.2, 0.3}>>) -> tensor<1x3x3xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<2x2x3x!quant.uniform<i8:f32:2, {0.1, 0.2, 0.3}>>) -> tensor<1x3x3xf32>
  return %0 : tensor<1x3x3xf32>
}

// -----

// A region op on quantized elements stays; the ops of its body are rewritten.
// CHECK-LABEL: func.func @reduce_body
// CHECK: stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK: reducer(%[[X:.*]]: tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>, %[[Y:.*]]: tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT: %[[FX:.*]] = stablehlo.uniform_dequantize %[[X]]
// CHECK-NEXT: %[[FY:.*]] = stablehlo.uniform_dequantize %[[Y]]
// CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[FX]], %[[FY]] : tensor<f32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.uniform_quantize %[[M]] : (tensor<f32>) -> tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: stablehlo.return %[[Q]]
func.func @reduce_body(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, %init: tensor<!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = stablehlo.reduce(%a init: %init) applies stablehlo.maximum across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// select (dequantize_select_quantize) and batch_norm_inference; non-quantized operands stay.
// CHECK-LABEL: func.func @select_batch_norm
// CHECK-NEXT: %[[A:.*]] = stablehlo.uniform_dequantize %arg1
// CHECK-NEXT: %[[S:.*]] = stablehlo.select %arg0, %[[A]], %[[A]] : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT: stablehlo.uniform_quantize %[[S]] : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: %[[X:.*]] = stablehlo.uniform_dequantize %arg1
// CHECK-NEXT: %[[P:.*]] = stablehlo.uniform_dequantize %arg2 : (tensor<3x!quant.uniform<i8:f32, 1.000000e-01>>) -> tensor<3xf32>
// CHECK-NEXT: %[[N:.*]] = "stablehlo.batch_norm_inference"(%[[X]], %[[P]], %[[P]], %[[P]], %[[P]]) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: stablehlo.uniform_quantize %[[N]]
func.func @select_batch_norm(%p: tensor<2x3xi1>, %a: tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, %s: tensor<3x!quant.uniform<i8:f32, 0.1>>) -> (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) {
  %0 = stablehlo.select %p, %a, %a : tensor<2x3xi1>, tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  %1 = "stablehlo.batch_norm_inference"(%a, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  return %0, %1 : tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// uniform_quantize / uniform_dequantize, float ops and data movement are not touched.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[Q:.*]] = stablehlo.uniform_quantize %arg0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 1.000000e-01:128>>
// CHECK-NEXT: %[[T:.*]] = stablehlo.slice %[[Q]] [1:3]
// CHECK-NEXT: %[[D:.*]] = stablehlo.uniform_dequantize %[[T]]
// CHECK-NEXT: %[[E:.*]] = stablehlo.exponential %[[D]] : tensor<2xf32>
// CHECK-NEXT: return %[[E]]
func.func @untouched(%x: tensor<4xf32>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.1:128>>
  %1 = stablehlo.slice %0 [1:3] : (tensor<4x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x!quant.uniform<u8:f32, 0.1:128>>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<2x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2xf32>
  %3 = stablehlo.exponential %2 : tensor<2xf32>
  return %3 : tensor<2xf32>
}
