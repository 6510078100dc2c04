// Verifier errors of stablehlo.dynamic_pad, one case per constraint of pad
// (C1-C4); paddings defined by constants are checked like pad's attributes.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element_type(operand) = element_type(padding_value).
func.func @c1_padding_value(%operand: tensor<2x4xf32>, %value: tensor<f16>, %pads: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C1: operand, padding_value and result must have the same element type, got 'f32' and 'f16'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<2x4xf32>, tensor<f16>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// C1: element_type(operand) = element_type(result).
func.func @c1_result(%operand: tensor<2x4xf32>, %value: tensor<f32>, %pads: tensor<2xi64>) -> tensor<?x?xf64> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C1: operand, padding_value and result must have the same element type, got 'f32' and 'f64'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<2x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// -----
// C2: size(edge_padding_low) = size(edge_padding_high) = size(interior_padding) = rank(operand).
func.func @c2(%operand: tensor<2x4xf32>, %value: tensor<f32>, %low: tensor<1xi64>, %pads: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C2: edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension (rank 2), got 1}}
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %pads, %pads : (tensor<2x4xf32>, tensor<f32>, tensor<1xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// C2: ... checked for interior_padding too.
func.func @c2_interior(%operand: tensor<2x4xf32>, %value: tensor<f32>, %pads: tensor<2xi64>, %interior: tensor<3xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C2: edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension (rank 2), got 3}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %interior : (tensor<2x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<3xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// C3: 0 <= interior_padding, when a constant defines it.
func.func @c3(%operand: tensor<2x4xf32>, %value: tensor<f32>, %pads: tensor<2xi64>) -> tensor<?x?xf32> {
  %interior = stablehlo.constant dense<[-1, 0]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C3: interior_padding [-1, 0] must be non-negative}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %interior : (tensor<2x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// C4: rank(result) = rank(operand), whatever the paddings.
func.func @c4_rank(%operand: tensor<2x4xf32>, %value: tensor<f32>, %pads: tensor<2xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C4: result rank must be the operand's, got 'tensor<2x4xf32>' and 'tensor<?xf32>'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<2x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----
// C4: shape(result) = shape(operand) + edge_padding_low +
// max(shape(operand) - 1, 0) * interior_padding + edge_padding_high, with
// constant paddings.
func.func @c4(%operand: tensor<2x3xi32>, %value: tensor<i32>) -> tensor<5x8xi32> {
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_pad' op C4: result shape must be shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding + edge_padding_high as in 'tensor<5x9xi32>', got 'tensor<5x8xi32>'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %high, %interior : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x8xi32>
  return %0 : tensor<5x8xi32>
}

// -----
// padding_value is a 0-dimensional tensor (ODS).
func.func @padding_value_rank(%operand: tensor<2x4xf32>, %value: tensor<1xf32>, %pads: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op operand #1 must be 0D tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<1xf32>'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<2x4xf32>, tensor<1xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The three padding operands have one type (upstream's ODS; not in the spec).
func.func @padding_types(%operand: tensor<2x3xf32>, %value: tensor<f32>, %low: tensor<2xi32>, %interior: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op edge_padding_low, edge_padding_high and interior_padding must have the same type, got 'tensor<2xi32>' and 'tensor<2xi64>'}}
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %low, %interior : (tensor<2x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
