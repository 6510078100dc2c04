// Programs of the dynamism ops (and dot_general) that the spec, or the
// constraints we give ops it does not define, reject but upstream StableHLO's
// verifier accepts: they verify with a warning that cites the constraint and
// fail under --strict-spec (docs/decisions.md, "Accepting what upstream
// accepts"). The interpreter refuses each dynamism case at run time (the
// result against its type, or the op's run-time check); dot_general of mixed
// element types runs as XLA runs it.
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not stablehlo-opt %s -split-input-file --strict-spec 2>&1 | FileCheck %s --check-prefix=STRICT

// dot_general C13: element_type(lhs) = element_type(rhs).
// WARN: warning: 'stablehlo.dot_general' op C13: lhs and rhs must have the same element type, got 'f32' and 'f16' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dot_general' op C13: lhs and rhs must have the same element type, got 'f32' and 'f16'
func.func @dot_general_c13(%lhs: tensor<2x3xf32>, %rhs: tensor<3x4xf16>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dynamic_broadcast_in_dim C7: size(output_dimensions) = rank(result).
// WARN: warning: 'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions must have one entry per result dimension (rank 2), got 3 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_broadcast_in_dim' op C7: output_dimensions must have one entry per result dimension (rank 2), got 3
func.func @dynamic_broadcast_in_dim_c7(%operand: tensor<2xf32>, %shape: tensor<3xi64>) -> tensor<?x2xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [1] : (tensor<2xf32>, tensor<3xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// dynamic_iota C2: size(output_shape) = rank(result).
// WARN: warning: 'stablehlo.dynamic_iota' op C2: output_shape must have one entry per result dimension (rank 2), got 3 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_iota' op C2: output_shape must have one entry per result dimension (rank 2), got 3
func.func @dynamic_iota_c2(%shape: tensor<3xi64>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<3xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// dynamic_pad C4: negative edge padding cannot remove more than the padded dimension.
// WARN: warning: 'stablehlo.dynamic_pad' op C4: padding dimension 0 of size 2 with low -2, high -1 and interior 0 gives a negative size -1 (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_pad' op C4: padding dimension 0 of size 2 with low -2, high -1 and interior 0 gives a negative size -1
func.func @dynamic_pad_c4_negative_size(%operand: tensor<2x4xf32>, %value: tensor<f32>) -> tensor<?x4xf32> {
  %low = stablehlo.constant dense<[-2, 0]> : tensor<2xi32>
  %high = stablehlo.constant dense<[-1, 0]> : tensor<2xi32>
  %interior = stablehlo.constant dense<0> : tensor<2xi32>
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %high, %interior : (tensor<2x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// real_dynamic_slice C3: 0 <= start_indices <= limit_indices <= shape(operand), with constant
// indices.
// WARN: warning: 'stablehlo.real_dynamic_slice' op C3: dimension 1 needs 0 <= start_indices[1] = 2 <= limit_indices[1] = 5 <= size 4 of operand 'tensor<3x4xi64>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.real_dynamic_slice' op C3: dimension 1 needs 0 <= start_indices[1] = 2 <= limit_indices[1] = 5 <= size 4 of operand 'tensor<3x4xi64>'
func.func @real_dynamic_slice_c3(%operand: tensor<3x4xi64>) -> tensor<?x?xi64> {
  %start = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
  %strides = stablehlo.constant dense<1> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// real_dynamic_slice C3: start_indices <= limit_indices.
// WARN: warning: 'stablehlo.real_dynamic_slice' op C3: dimension 0 needs 0 <= start_indices[0] = 2 <= limit_indices[0] = 1 <= size 3 of operand 'tensor<3x4xi64>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.real_dynamic_slice' op C3: dimension 0 needs 0 <= start_indices[0] = 2 <= limit_indices[0] = 1 <= size 3 of operand 'tensor<3x4xi64>'
func.func @real_dynamic_slice_c3_start(%operand: tensor<3x4xi64>) -> tensor<?x?xi64> {
  %start = stablehlo.constant dense<[2, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<1> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// real_dynamic_slice C4: 0 < strides, when a constant defines them.
// WARN: warning: 'stablehlo.real_dynamic_slice' op C4: strides [1, 0] must be positive (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.real_dynamic_slice' op C4: strides [1, 0] must be positive
func.func @real_dynamic_slice_c4(%operand: tensor<3x4xi64>, %indices: tensor<2xi64>) -> tensor<?x?xi64> {
  %strides = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// real_dynamic_slice C5: rank(result) = rank(operand), whatever the indices.
// WARN: warning: 'stablehlo.real_dynamic_slice' op C5: result rank must be the operand's, got 'tensor<3x4xi64>' and 'tensor<?xi64>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.real_dynamic_slice' op C5: result rank must be the operand's, got 'tensor<3x4xi64>' and 'tensor<?xi64>'
func.func @real_dynamic_slice_c5_rank(%operand: tensor<3x4xi64>, %indices: tensor<2xi64>) -> tensor<?xi64> {
  %0 = stablehlo.real_dynamic_slice %operand, %indices, %indices, %indices : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// real_dynamic_slice C5: shape(result) = ceil((limit_indices - start_indices) / strides), with
// constant indices.
// WARN: warning: 'stablehlo.real_dynamic_slice' op C5: result shape must be ceil((limit_indices - start_indices) / strides) as in 'tensor<2x2xi64>', got 'tensor<2x1xi64>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.real_dynamic_slice' op C5: result shape must be ceil((limit_indices - start_indices) / strides) as in 'tensor<2x2xi64>', got 'tensor<2x1xi64>'
func.func @real_dynamic_slice_c5(%operand: tensor<3x4xi64>) -> tensor<2x1xi64> {
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

// set_dimension_size C2: ... and non-negative.
// WARN: warning: 'stablehlo.set_dimension_size' op C2: size -1 must be in [0, ?] (dimension 0 of operand 'tensor<?xf32>') (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.set_dimension_size' op C2: size -1 must be in [0, ?] (dimension 0 of operand 'tensor<?xf32>')
func.func @set_dimension_size_c2_negative(%operand: tensor<?xf32>) -> tensor<?xf32> {
  %size = stablehlo.constant dense<-1> : tensor<i32>
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 0 : (tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// set_dimension_size C3: a constant size gives that static size.
// WARN: warning: 'stablehlo.set_dimension_size' op C3: result must be the operand with dimension 1 resized, as in 'tensor<2x2xf32>', got 'tensor<2x1xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.set_dimension_size' op C3: result must be the operand with dimension 1 resized, as in 'tensor<2x2xf32>', got 'tensor<2x1xf32>'
func.func @set_dimension_size_c3_constant(%operand: tensor<2x3xf32>) -> tensor<2x1xf32> {
  %size = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %operand, %size, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// dynamic_conv C25: dim(result, result_dim): batch / batch_group_count, kernel output features, number of windows.
// WARN: warning: 'stablehlo.dynamic_conv' op C25: result shape must be that of 'tensor<1x2x2x2xf32>' (batch / batch_group_count, windows per spatial dimension, kernel output features), got 'tensor<1x3x2x2xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_conv' op C25: result shape must be that of 'tensor<1x2x2x2xf32>' (batch / batch_group_count, windows per spatial dimension, kernel output features), got 'tensor<1x3x2x2xf32>'
func.func @dynamic_conv_c25(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  %padding = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// dynamic_conv C26: rank(result) = N.
// WARN: warning: 'stablehlo.dynamic_conv' op C26: result rank must be 4, got 'tensor<1x2x2xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_conv' op C26: result rank must be 4, got 'tensor<1x2x2xf32>'
func.func @dynamic_conv_c26(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2xf32> {
  %padding = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// dynamic_conv C25: with the padding an argument, the batch and feature dimensions of the
// result against the convolution.
// WARN: warning: 'stablehlo.dynamic_conv' op C25: result shape must be that of 'tensor<1x?x?x2xf32>' (batch / batch_group_count, windows per spatial dimension, kernel output features), got 'tensor<2x?x?x2xf32>' (accepted, as upstream StableHLO accepts it; an error under strict spec checking)
// STRICT: error: 'stablehlo.dynamic_conv' op C25: result shape must be that of 'tensor<1x?x?x2xf32>' (batch / batch_group_count, windows per spatial dimension, kernel output features), got 'tensor<2x?x?x2xf32>'
func.func @dynamic_conv_c25_operand(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>, %padding: tensor<2x2xi64>) -> tensor<2x?x?x2xf32> {
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<2x?x?x2xf32>
  return %0 : tensor<2x?x?x2xf32>
}
