// Per-op cases of the constraints the chlo ops share (docs/chlo.md): every
// broadcasting op checks C1-C4, every element-wise op C1-C2. Generated once by a
// loop over the ops; broadcast_invalid.mlir and math_invalid.mlir explain each constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics
// C1: chlo.broadcast_add operands of one element type.
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// C2: chlo.broadcast_add broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: chlo.broadcast_add shapes broadcast.
func.func @c3(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: chlo.broadcast_add result type.
func.func @c4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op C4: result type 'tensor<3x3xf32>' is incompatible with the inferred type 'tensor<2x3xf32>'}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C1: chlo.broadcast_and operands of one element type.
func.func @c1(%a: tensor<2xi8>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_and' op C1: lhs and rhs must have the same element type, got 'tensor<2xi8>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_and %a, %b : (tensor<2xi8>, tensor<2xi16>) -> tensor<2xi8>
  return
}

// -----

// C1: chlo.broadcast_and element types.
func.func @c1_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_and' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_and %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: chlo.broadcast_and broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi8>, %b: tensor<3xi8>) {
  // expected-error @+1 {{'chlo.broadcast_and' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_and %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  return
}

// -----

// C3: chlo.broadcast_and shapes broadcast.
func.func @c3(%a: tensor<2x3xi8>, %b: tensor<2xi8>) {
  // expected-error @+1 {{'chlo.broadcast_and' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_and %a, %b : (tensor<2x3xi8>, tensor<2xi8>) -> tensor<2x3xi8>
  return
}

// -----

// C4: chlo.broadcast_and result type.
func.func @c4(%a: tensor<2x3xi8>, %b: tensor<3xi8>) {
  // expected-error @+1 {{'chlo.broadcast_and' op C4: result type 'tensor<3x3xi8>' is incompatible with the inferred type 'tensor<2x3xi8>'}}
  %0 = chlo.broadcast_and %a, %b : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<3x3xi8>
  return
}

// -----

// C1: chlo.broadcast_atan2 operands of one element type.
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_atan2' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// C1: chlo.broadcast_atan2 element types.
func.func @c1_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_atan2' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_atan2 %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

// C2: chlo.broadcast_atan2 broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_atan2' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_atan2 %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: chlo.broadcast_atan2 shapes broadcast.
func.func @c3(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_atan2' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: chlo.broadcast_atan2 result type.
func.func @c4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_atan2' op C4: result type 'tensor<3x3xf32>' is incompatible with the inferred type 'tensor<2x3xf32>'}}
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C1: chlo.broadcast_complex operands of one element type.
func.func @c1(%a: tensor<2xf64>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op C1: lhs and rhs must have the same element type, got 'tensor<2xf64>' and 'tensor<2xf32>'}}
  %0 = chlo.broadcast_complex %a, %b : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return
}

// -----

// C1: chlo.broadcast_complex element types.
func.func @c1_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_complex %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xcomplex<i32>>
  return
}

// -----

// C2: chlo.broadcast_complex broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_complex %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
  return
}

// -----

// C3: chlo.broadcast_complex shapes broadcast.
func.func @c3(%a: tensor<2x3xf64>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_complex %a, %b : (tensor<2x3xf64>, tensor<2xf64>) -> tensor<2x3xcomplex<f64>>
  return
}

// -----

// C4: chlo.broadcast_complex result type.
func.func @c4(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op C4: result type 'tensor<3x3xcomplex<f64>>' is incompatible with the inferred type 'tensor<2x3xcomplex<f64>>'}}
  %0 = chlo.broadcast_complex %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<3x3xcomplex<f64>>
  return
}

// -----

// C1: chlo.broadcast_divide operands of one element type.
func.func @c1(%a: tensor<2xi32>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_divide' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_divide %a, %b : (tensor<2xi32>, tensor<2xi16>) -> tensor<2xi32>
  return
}

// -----

// C1: chlo.broadcast_divide element types.
func.func @c1_type(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_divide' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_divide %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_divide broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'chlo.broadcast_divide' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_divide %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return
}

// -----

// C3: chlo.broadcast_divide shapes broadcast.
func.func @c3(%a: tensor<2x3xi32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_divide' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_divide %a, %b : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return
}

// -----

// C4: chlo.broadcast_divide result type.
func.func @c4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'chlo.broadcast_divide' op C4: result type 'tensor<3x3xi32>' is incompatible with the inferred type 'tensor<2x3xi32>'}}
  %0 = chlo.broadcast_divide %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return
}

// -----

// C1: chlo.broadcast_maximum operands of one element type.
func.func @c1(%a: tensor<2xui8>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op C1: lhs and rhs must have the same element type, got 'tensor<2xui8>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_maximum %a, %b : (tensor<2xui8>, tensor<2xi16>) -> tensor<2xui8>
  return
}

// -----

// C2: chlo.broadcast_maximum broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xui8>, %b: tensor<3xui8>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_maximum %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
  return
}

// -----

// C3: chlo.broadcast_maximum shapes broadcast.
func.func @c3(%a: tensor<2x3xui8>, %b: tensor<2xui8>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_maximum %a, %b : (tensor<2x3xui8>, tensor<2xui8>) -> tensor<2x3xui8>
  return
}

// -----

// C4: chlo.broadcast_maximum result type.
func.func @c4(%a: tensor<2x3xui8>, %b: tensor<3xui8>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op C4: result type 'tensor<3x3xui8>' is incompatible with the inferred type 'tensor<2x3xui8>'}}
  %0 = chlo.broadcast_maximum %a, %b : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<3x3xui8>
  return
}

// -----

// C1: chlo.broadcast_minimum operands of one element type.
func.func @c1(%a: tensor<2xbf16>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_minimum' op C1: lhs and rhs must have the same element type, got 'tensor<2xbf16>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_minimum %a, %b : (tensor<2xbf16>, tensor<2xi16>) -> tensor<2xbf16>
  return
}

// -----

// C2: chlo.broadcast_minimum broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xbf16>, %b: tensor<3xbf16>) {
  // expected-error @+1 {{'chlo.broadcast_minimum' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_minimum %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<2x3xbf16>
  return
}

// -----

// C3: chlo.broadcast_minimum shapes broadcast.
func.func @c3(%a: tensor<2x3xbf16>, %b: tensor<2xbf16>) {
  // expected-error @+1 {{'chlo.broadcast_minimum' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_minimum %a, %b : (tensor<2x3xbf16>, tensor<2xbf16>) -> tensor<2x3xbf16>
  return
}

// -----

// C4: chlo.broadcast_minimum result type.
func.func @c4(%a: tensor<2x3xbf16>, %b: tensor<3xbf16>) {
  // expected-error @+1 {{'chlo.broadcast_minimum' op C4: result type 'tensor<3x3xbf16>' is incompatible with the inferred type 'tensor<2x3xbf16>'}}
  %0 = chlo.broadcast_minimum %a, %b : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<3x3xbf16>
  return
}

// -----

// C1: chlo.broadcast_multiply operands of one element type.
func.func @c1(%a: tensor<2xi1>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op C1: lhs and rhs must have the same element type, got 'tensor<2xi1>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_multiply %a, %b : (tensor<2xi1>, tensor<2xi16>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_multiply broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi1>, %b: tensor<3xi1>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_multiply %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return
}

// -----

// C3: chlo.broadcast_multiply shapes broadcast.
func.func @c3(%a: tensor<2x3xi1>, %b: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_multiply %a, %b : (tensor<2x3xi1>, tensor<2xi1>) -> tensor<2x3xi1>
  return
}

// -----

// C4: chlo.broadcast_multiply result type.
func.func @c4(%a: tensor<2x3xi1>, %b: tensor<3xi1>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op C4: result type 'tensor<3x3xi1>' is incompatible with the inferred type 'tensor<2x3xi1>'}}
  %0 = chlo.broadcast_multiply %a, %b : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<3x3xi1>
  return
}

// -----

// C1: chlo.broadcast_next_after operands of one element type.
func.func @c1(%a: tensor<2xf16>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_next_after' op C1: lhs and rhs must have the same element type, got 'tensor<2xf16>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2xf16>, tensor<2xf64>) -> tensor<2xf16>
  return
}

// -----

// C1: chlo.broadcast_next_after element types.
func.func @c1_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_next_after' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_next_after %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

// C2: chlo.broadcast_next_after broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf16>, %b: tensor<3xf16>) {
  // expected-error @+1 {{'chlo.broadcast_next_after' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_next_after %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  return
}

// -----

// C3: chlo.broadcast_next_after shapes broadcast.
func.func @c3(%a: tensor<2x3xf16>, %b: tensor<2xf16>) {
  // expected-error @+1 {{'chlo.broadcast_next_after' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2x3xf16>, tensor<2xf16>) -> tensor<2x3xf16>
  return
}

// -----

// C4: chlo.broadcast_next_after result type.
func.func @c4(%a: tensor<2x3xf16>, %b: tensor<3xf16>) {
  // expected-error @+1 {{'chlo.broadcast_next_after' op C4: result type 'tensor<3x3xf16>' is incompatible with the inferred type 'tensor<2x3xf16>'}}
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2x3xf16>, tensor<3xf16>) -> tensor<3x3xf16>
  return
}

// -----

// C1: chlo.broadcast_or operands of one element type.
func.func @c1(%a: tensor<2xi1>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_or' op C1: lhs and rhs must have the same element type, got 'tensor<2xi1>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_or %a, %b : (tensor<2xi1>, tensor<2xi16>) -> tensor<2xi1>
  return
}

// -----

// C1: chlo.broadcast_or element types.
func.func @c1_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_or' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_or %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: chlo.broadcast_or broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi1>, %b: tensor<3xi1>) {
  // expected-error @+1 {{'chlo.broadcast_or' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_or %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return
}

// -----

// C3: chlo.broadcast_or shapes broadcast.
func.func @c3(%a: tensor<2x3xi1>, %b: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_or' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_or %a, %b : (tensor<2x3xi1>, tensor<2xi1>) -> tensor<2x3xi1>
  return
}

// -----

// C4: chlo.broadcast_or result type.
func.func @c4(%a: tensor<2x3xi1>, %b: tensor<3xi1>) {
  // expected-error @+1 {{'chlo.broadcast_or' op C4: result type 'tensor<3x3xi1>' is incompatible with the inferred type 'tensor<2x3xi1>'}}
  %0 = chlo.broadcast_or %a, %b : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<3x3xi1>
  return
}

// -----

// C1: chlo.broadcast_polygamma operands of one element type.
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_polygamma %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// C1: chlo.broadcast_polygamma element types.
func.func @c1_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_polygamma %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

// C2: chlo.broadcast_polygamma broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_polygamma %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: chlo.broadcast_polygamma shapes broadcast.
func.func @c3(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: chlo.broadcast_polygamma result type.
func.func @c4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op C4: result type 'tensor<3x3xf32>' is incompatible with the inferred type 'tensor<2x3xf32>'}}
  %0 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C1: chlo.broadcast_power operands of one element type.
func.func @c1(%a: tensor<2xf64>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_power' op C1: lhs and rhs must have the same element type, got 'tensor<2xf64>' and 'tensor<2xf32>'}}
  %0 = chlo.broadcast_power %a, %b : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

// C1: chlo.broadcast_power element types.
func.func @c1_type(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_power' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_power %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_power broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_power' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_power %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  return
}

// -----

// C3: chlo.broadcast_power shapes broadcast.
func.func @c3(%a: tensor<2x3xf64>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_power' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_power %a, %b : (tensor<2x3xf64>, tensor<2xf64>) -> tensor<2x3xf64>
  return
}

// -----

// C4: chlo.broadcast_power result type.
func.func @c4(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_power' op C4: result type 'tensor<3x3xf64>' is incompatible with the inferred type 'tensor<2x3xf64>'}}
  %0 = chlo.broadcast_power %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<3x3xf64>
  return
}

// -----

// C1: chlo.broadcast_remainder operands of one element type.
func.func @c1(%a: tensor<2xi16>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_remainder' op C1: lhs and rhs must have the same element type, got 'tensor<2xi16>' and 'tensor<2xi32>'}}
  %0 = chlo.broadcast_remainder %a, %b : (tensor<2xi16>, tensor<2xi32>) -> tensor<2xi16>
  return
}

// -----

// C1: chlo.broadcast_remainder element types.
func.func @c1_type(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_remainder' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_remainder %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_remainder broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi16>, %b: tensor<3xi16>) {
  // expected-error @+1 {{'chlo.broadcast_remainder' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_remainder %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<2x3xi16>
  return
}

// -----

// C3: chlo.broadcast_remainder shapes broadcast.
func.func @c3(%a: tensor<2x3xi16>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_remainder' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_remainder %a, %b : (tensor<2x3xi16>, tensor<2xi16>) -> tensor<2x3xi16>
  return
}

// -----

// C4: chlo.broadcast_remainder result type.
func.func @c4(%a: tensor<2x3xi16>, %b: tensor<3xi16>) {
  // expected-error @+1 {{'chlo.broadcast_remainder' op C4: result type 'tensor<3x3xi16>' is incompatible with the inferred type 'tensor<2x3xi16>'}}
  %0 = chlo.broadcast_remainder %a, %b : (tensor<2x3xi16>, tensor<3xi16>) -> tensor<3x3xi16>
  return
}

// -----

// C1: chlo.broadcast_shift_left operands of one element type.
func.func @c1(%a: tensor<2xui32>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op C1: lhs and rhs must have the same element type, got 'tensor<2xui32>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_shift_left %a, %b : (tensor<2xui32>, tensor<2xi16>) -> tensor<2xui32>
  return
}

// -----

// C1: chlo.broadcast_shift_left element types.
func.func @c1_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_shift_left %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: chlo.broadcast_shift_left broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xui32>, %b: tensor<3xui32>) {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_shift_left %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xui32>, tensor<3xui32>) -> tensor<2x3xui32>
  return
}

// -----

// C3: chlo.broadcast_shift_left shapes broadcast.
func.func @c3(%a: tensor<2x3xui32>, %b: tensor<2xui32>) {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_shift_left %a, %b : (tensor<2x3xui32>, tensor<2xui32>) -> tensor<2x3xui32>
  return
}

// -----

// C4: chlo.broadcast_shift_left result type.
func.func @c4(%a: tensor<2x3xui32>, %b: tensor<3xui32>) {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op C4: result type 'tensor<3x3xui32>' is incompatible with the inferred type 'tensor<2x3xui32>'}}
  %0 = chlo.broadcast_shift_left %a, %b : (tensor<2x3xui32>, tensor<3xui32>) -> tensor<3x3xui32>
  return
}

// -----

// C1: chlo.broadcast_shift_right_arithmetic operands of one element type.
func.func @c1(%a: tensor<2xi64>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op C1: lhs and rhs must have the same element type, got 'tensor<2xi64>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_shift_right_arithmetic %a, %b : (tensor<2xi64>, tensor<2xi16>) -> tensor<2xi64>
  return
}

// -----

// C1: chlo.broadcast_shift_right_arithmetic element types.
func.func @c1_type(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_shift_right_arithmetic %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_shift_right_arithmetic broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi64>, %b: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_shift_right_arithmetic %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi64>
  return
}

// -----

// C3: chlo.broadcast_shift_right_arithmetic shapes broadcast.
func.func @c3(%a: tensor<2x3xi64>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_shift_right_arithmetic %a, %b : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  return
}

// -----

// C4: chlo.broadcast_shift_right_arithmetic result type.
func.func @c4(%a: tensor<2x3xi64>, %b: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op C4: result type 'tensor<3x3xi64>' is incompatible with the inferred type 'tensor<2x3xi64>'}}
  %0 = chlo.broadcast_shift_right_arithmetic %a, %b : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<3x3xi64>
  return
}

// -----

// C1: chlo.broadcast_shift_right_logical operands of one element type.
func.func @c1(%a: tensor<2xi8>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op C1: lhs and rhs must have the same element type, got 'tensor<2xi8>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_shift_right_logical %a, %b : (tensor<2xi8>, tensor<2xi16>) -> tensor<2xi8>
  return
}

// -----

// C1: chlo.broadcast_shift_right_logical element types.
func.func @c1_type(%a: tensor<2xf16>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_shift_right_logical %a, %a : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  return
}

// -----

// C2: chlo.broadcast_shift_right_logical broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi8>, %b: tensor<3xi8>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_shift_right_logical %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  return
}

// -----

// C3: chlo.broadcast_shift_right_logical shapes broadcast.
func.func @c3(%a: tensor<2x3xi8>, %b: tensor<2xi8>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_shift_right_logical %a, %b : (tensor<2x3xi8>, tensor<2xi8>) -> tensor<2x3xi8>
  return
}

// -----

// C4: chlo.broadcast_shift_right_logical result type.
func.func @c4(%a: tensor<2x3xi8>, %b: tensor<3xi8>) {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op C4: result type 'tensor<3x3xi8>' is incompatible with the inferred type 'tensor<2x3xi8>'}}
  %0 = chlo.broadcast_shift_right_logical %a, %b : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<3x3xi8>
  return
}

// -----

// C1: chlo.broadcast_subtract operands of one element type.
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// C1: chlo.broadcast_subtract element types.
func.func @c1_type(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_subtract %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_subtract broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C3: chlo.broadcast_subtract shapes broadcast.
func.func @c3(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: chlo.broadcast_subtract result type.
func.func @c4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op C4: result type 'tensor<3x3xf32>' is incompatible with the inferred type 'tensor<2x3xf32>'}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C1: chlo.broadcast_xor operands of one element type.
func.func @c1(%a: tensor<2xi32>, %b: tensor<2xi16>) {
  // expected-error @+1 {{'chlo.broadcast_xor' op C1: lhs and rhs must have the same element type, got 'tensor<2xi32>' and 'tensor<2xi16>'}}
  %0 = chlo.broadcast_xor %a, %b : (tensor<2xi32>, tensor<2xi16>) -> tensor<2xi32>
  return
}

// -----

// C1: chlo.broadcast_xor element types.
func.func @c1_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_xor' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_xor %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: chlo.broadcast_xor broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'chlo.broadcast_xor' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_xor %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return
}

// -----

// C3: chlo.broadcast_xor shapes broadcast.
func.func @c3(%a: tensor<2x3xi32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.broadcast_xor' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_xor %a, %b : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return
}

// -----

// C4: chlo.broadcast_xor result type.
func.func @c4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'chlo.broadcast_xor' op C4: result type 'tensor<3x3xi32>' is incompatible with the inferred type 'tensor<2x3xi32>'}}
  %0 = chlo.broadcast_xor %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return
}

// -----

// C1: chlo.broadcast_zeta operands of one element type.
func.func @c1(%a: tensor<2xf64>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_zeta' op C1: lhs and rhs must have the same element type, got 'tensor<2xf64>' and 'tensor<2xf32>'}}
  %0 = chlo.broadcast_zeta %a, %b : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

// C1: chlo.broadcast_zeta element types.
func.func @c1_type(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.broadcast_zeta' op operand #0 must be ranked tensor of}}
  %0 = chlo.broadcast_zeta %a, %a : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

// C2: chlo.broadcast_zeta broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_zeta' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_zeta %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  return
}

// -----

// C3: chlo.broadcast_zeta shapes broadcast.
func.func @c3(%a: tensor<2x3xf64>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_zeta' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_zeta %a, %b : (tensor<2x3xf64>, tensor<2xf64>) -> tensor<2x3xf64>
  return
}

// -----

// C4: chlo.broadcast_zeta result type.
func.func @c4(%a: tensor<2x3xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_zeta' op C4: result type 'tensor<3x3xf64>' is incompatible with the inferred type 'tensor<2x3xf64>'}}
  %0 = chlo.broadcast_zeta %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<3x3xf64>
  return
}

// -----

// C1: chlo.broadcast_compare operands of one element type.
func.func @c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op C1: lhs and rhs must have the same element type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  return
}

// -----

// C2: chlo.broadcast_compare broadcast_dimensions in range.
func.func @c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op C2: broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 2>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return
}

// -----

// C3: chlo.broadcast_compare shapes broadcast.
func.func @c3(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op C3: shapes [2, 3] and [2] are not broadcast-compatible (3 vs 2 in dimension 1 of the result)}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
  return
}

// -----

// C4: chlo.broadcast_compare result type.
func.func @c4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_compare' op C4: result type 'tensor<3x3xi1>' is incompatible with the inferred type 'tensor<2x3xi1>'}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xi1>
  return
}

// -----

// C1: chlo.acos element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.acos' op operand #0 must be ranked tensor of}}
  %0 = chlo.acos %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.acos result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.acos' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.acos %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.acosh element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.acosh' op operand #0 must be ranked tensor of}}
  %0 = chlo.acosh %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.acosh result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.acosh' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.acosh %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.asin element types.
func.func @c1(%a: tensor<2xi8>) {
  // expected-error @+1 {{'chlo.asin' op operand #0 must be ranked tensor of}}
  %0 = chlo.asin %a : tensor<2xi8> -> tensor<2xi8>
  return
}

// -----

// C2: chlo.asin result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.asin' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.asin %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.asinh element types.
func.func @c1(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.asinh' op operand #0 must be ranked tensor of}}
  %0 = chlo.asinh %a : tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

// C2: chlo.asinh result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.asinh' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.asinh %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.atan element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.atan' op operand #0 must be ranked tensor of}}
  %0 = chlo.atan %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.atan result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.atan' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.atan %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.atanh element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.atanh' op operand #0 must be ranked tensor of}}
  %0 = chlo.atanh %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.atanh result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.atanh' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.atanh %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.cosh element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.cosh' op operand #0 must be ranked tensor of}}
  %0 = chlo.cosh %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.cosh result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.cosh' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.cosh %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.sinh element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.sinh' op operand #0 must be ranked tensor of}}
  %0 = chlo.sinh %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.sinh result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.sinh' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.sinh %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.tan element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.tan' op operand #0 must be ranked tensor of}}
  %0 = chlo.tan %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.tan result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.tan' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.tan %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.conj element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.conj' op operand #0 must be ranked tensor of}}
  %0 = chlo.conj %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.conj result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.conj' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.conj %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.square element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.square' op operand #0 must be ranked tensor of}}
  %0 = chlo.square %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.square result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.square' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.square %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo._asin_acos_kernel element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo._asin_acos_kernel' op operand #0 must be ranked tensor of}}
  %0 = chlo._asin_acos_kernel %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo._asin_acos_kernel result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo._asin_acos_kernel' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo._asin_acos_kernel %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.bessel_i1e element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.bessel_i1e' op operand #0 must be ranked tensor of}}
  %0 = chlo.bessel_i1e %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return
}

// -----

// C2: chlo.bessel_i1e result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.bessel_i1e' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.bessel_i1e %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.digamma element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.digamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.digamma %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return
}

// -----

// C2: chlo.digamma result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.digamma' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.digamma %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.erf element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be ranked tensor of}}
  %0 = chlo.erf %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.erf result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.erf' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.erf %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.erfc element types.
func.func @c1(%a: tensor<2xcomplex<f64>>) {
  // expected-error @+1 {{'chlo.erfc' op operand #0 must be ranked tensor of}}
  %0 = chlo.erfc %a : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  return
}

// -----

// C2: chlo.erfc result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.erfc' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.erfc %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.erf_inv element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.erf_inv' op operand #0 must be ranked tensor of}}
  %0 = chlo.erf_inv %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.erf_inv result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.erf_inv' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.erf_inv %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.lgamma element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.lgamma %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.lgamma result type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.lgamma' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.lgamma %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.next_after element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.next_after' op operand #0 must be ranked tensor of}}
  %0 = chlo.next_after %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.next_after operands and result of one type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.next_after' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.next_after %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.polygamma element types.
func.func @c1(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.polygamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.polygamma %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

// C2: chlo.polygamma operands and result of one type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.polygamma' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.polygamma %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.zeta element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.zeta' op operand #0 must be ranked tensor of}}
  %0 = chlo.zeta %a, %a : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return
}

// -----

// C2: chlo.zeta operands and result of one type.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.zeta' op C2: result type 'tensor<3xf32>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.zeta %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

// C1: chlo.mulhi element types.
func.func @c1(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be ranked tensor of}}
  %0 = chlo.mulhi %a, %a : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

// C2: chlo.mulhi operands and result of one type.
func.func @c2(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.mulhi' op C2: result type 'tensor<3xi32>' must be the operand type 'tensor<2xi32>'}}
  %0 = chlo.mulhi %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<3xi32>
  return
}

// -----

// C1: chlo.is_inf element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.is_inf' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.is_inf %a : tensor<2xcomplex<f32>> -> tensor<2xi1>
  return
}

// -----

// C2: chlo.is_inf result shape.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.is_inf' op C2: result type 'tensor<3xi1>' must have the shape of 'tensor<2xf32>'}}
  %0 = chlo.is_inf %a : tensor<2xf32> -> tensor<3xi1>
  return
}

// -----

// C1: chlo.is_neg_inf element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.is_neg_inf' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.is_neg_inf %a : tensor<2xcomplex<f32>> -> tensor<2xi1>
  return
}

// -----

// C2: chlo.is_neg_inf result shape.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.is_neg_inf' op C2: result type 'tensor<3xi1>' must have the shape of 'tensor<2xf32>'}}
  %0 = chlo.is_neg_inf %a : tensor<2xf32> -> tensor<3xi1>
  return
}

// -----

// C1: chlo.is_pos_inf element types.
func.func @c1(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.is_pos_inf' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.is_pos_inf %a : tensor<2xcomplex<f32>> -> tensor<2xi1>
  return
}

// -----

// C2: chlo.is_pos_inf result shape.
func.func @c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.is_pos_inf' op C2: result type 'tensor<3xi1>' must have the shape of 'tensor<2xf32>'}}
  %0 = chlo.is_pos_inf %a : tensor<2xf32> -> tensor<3xi1>
  return
}
