// Verifier errors of stablehlo.iota, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 <= iota_dimension.
func.func @c1_negative() -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.iota' op C1: iota_dimension -1 must be in [0, 1) for output 'tensor<4xi32>'}}
  %0 = stablehlo.iota dim = -1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// C1: iota_dimension < rank(output).
func.func @c1_rank() -> tensor<4x5xi32> {
  // expected-error @+1 {{'stablehlo.iota' op C1: iota_dimension 2 must be in [0, 2) for output 'tensor<4x5xi32>'}}
  %0 = stablehlo.iota dim = 2 : tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

// C1: a 0-d output has no dimension.
func.func @c1_scalar() -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.iota' op C1: iota_dimension 0 must be in [0, 0) for output 'tensor<f32>'}}
  %0 = stablehlo.iota dim = 0 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// ODS (Outputs, dynamism RFC P4): the output shape is load-bearing, so static.
func.func @ods_dynamic() -> tensor<?xi32> {
  // expected-error @+1 {{'stablehlo.iota' op result #0 must be statically shaped tensor of integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<?xi32>'}}
  %0 = stablehlo.iota dim = 0 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// ODS (Outputs): booleans are not allowed.
func.func @ods_bool() -> tensor<4xi1> {
  // expected-error @+1 {{'stablehlo.iota' op result #0 must be statically shaped tensor of integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<4xi1>'}}
  %0 = stablehlo.iota dim = 0 : tensor<4xi1>
  return %0 : tensor<4xi1>
}
