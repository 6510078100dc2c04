// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s

// Mixed element types (dot_conv._accumulation): integer operands are converted to the result's
// type (sign-extended) and the sums wrap in it.
// CHECK-LABEL: func.func @dot_i8_i32
// CHECK: %[[ACC:.*]] = linalg.fill ins(%c0_i32 : i32) outs(%{{.*}} : tensor<2x3xi32>)
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x4xi8>, tensor<4x3xi8>) outs(%[[ACC]] : tensor<2x3xi32>)
// CHECK: %[[L:.*]] = arith.extsi %in : i8 to i32
// CHECK: %[[R:.*]] = arith.extsi %in_0 : i8 to i32
// CHECK: %[[M:.*]] = arith.muli %[[L]], %[[R]] : i32
// CHECK: arith.addi %out, %[[M]] : i32
func.func @dot_i8_i32(%a: tensor<2x4xi8>, %b: tensor<4x3xi8>) -> tensor<2x3xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xi8>, tensor<4x3xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// bf16 operands widened exactly to the f32 result, summed in it: no rounding pass after.
// CHECK-LABEL: func.func @dot_bf16_f32
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x4xbf16>, tensor<4x3xbf16>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: arith.mulf {{.*}} : f32
// CHECK: arith.addf %out, {{.*}} : f32
// CHECK-NEXT: linalg.yield
// CHECK: return %{{.*}} : tensor<2x3xf32>
func.func @dot_bf16_f32(%a: tensor<2x4xbf16>, %b: tensor<4x3xbf16>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xbf16>, tensor<4x3xbf16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// f32 operands are more precise than the bf16 result: the dot runs in f32 and its sum is
// converted once at the end (stablehlo.convert's rounding, NaN kept quiet).
// CHECK-LABEL: func.func @dot_f32_bf16
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x4xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[M:.*]] = arith.mulf %in, %in_0 : f32
// CHECK: arith.addf %out, %[[M]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xbf16>)
// CHECK: arith.cmpf uno
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
func.func @dot_f32_bf16(%a: tensor<2x4xf32>, %b: tensor<4x3xf32>) -> tensor<2x3xbf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// f16 operands of a bf16 result: each rounded to bf16 first, then widened to the f32 accumulator;
// the sum rounds to bf16 once.
// CHECK-LABEL: func.func @dot_f16_bf16
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x4xf16>, tensor<4x3xf16>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: arith.extf %in : f16 to f32
// CHECK: %[[LB:.*]] = arith.bitcast %{{.*}} : i16 to bf16
// CHECK: %[[L:.*]] = arith.extf %[[LB]] : bf16 to f32
// CHECK: arith.extf %in_0 : f16 to f32
// CHECK: %[[RB:.*]] = arith.bitcast %{{.*}} : i16 to bf16
// CHECK: %[[R:.*]] = arith.extf %[[RB]] : bf16 to f32
// CHECK: %[[M:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK: arith.addf %out, %[[M]] : f32
// CHECK: arith.truncf %in : f32 to bf16
func.func @dot_f16_bf16(%a: tensor<2x4xf16>, %b: tensor<4x3xf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xf16>, tensor<4x3xf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// Batch groups (spec: lhs split along its batch, rhs along its output features): output
// feature d3 of group d3 floordiv 3 reads lhs batch (d3 floordiv 3) * 2 + d0, every input
// feature; unsigned operands zero-extended to the ui32 result.
// CHECK: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ((d3 floordiv 3) * 2 + d0, d1 * 2 + d4, d2 + d5 * 2, d6)>
// CHECK: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: func.func @conv_batch_groups
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 1, 0, 0] [4, 7, 6, 3] [1, 2, 1, 1] : tensor<4x7x6x3xi8> into tensor<4x16x7x3xi8>
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #{{.*}}, #{{.*}}], {{.*}} ins(%[[PADDED]], %arg1, %{{.*}} : tensor<4x16x7x3xi8>, tensor<3x2x3x6xi8>, tensor<3x2x3xi8>) outs(%{{.*}} : tensor<2x7x5x6xi32>)
// CHECK: arith.extui %in : i8 to i32
// CHECK: arith.extui %in_0 : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi %out
func.func @conv_batch_groups(%x: tensor<4x7x6x3xui8>, %k: tensor<3x2x3x6xui8>) -> tensor<2x7x5x6xui32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 2], [0, 1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x7x6x3xui8>, tensor<3x2x3x6xui8>) -> tensor<2x7x5x6xui32>
  return %0 : tensor<2x7x5x6xui32>
}
