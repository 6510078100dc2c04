// Verifier errors of stablehlo.triangular_solve, one case per spec constraint (each
// rejected by upstream too).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: baseline_element_type(a) = baseline_element_type(b).
func.func @ts_c1(%a: tensor<3x3xf32>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C1: a and b must have the same baseline element type, got 'tensor<3x3xf32>' and 'tensor<3x3xf64>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x3xf64>) -> tensor<3x3xf64>
  return
}

// -----

// C2: rank(a) = rank(b).
func.func @ts_c2(%a: tensor<3x3xf32>, %b: tensor<2x3x3xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C2: a and b must have the same rank, at least 2, got 'tensor<3x3xf32>' and 'tensor<2x3x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return
}

// -----

// C2: 2 <= rank(a).
func.func @ts_c2b(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C2: a and b must have the same rank, at least 2, got 'tensor<3xf32>' and 'tensor<3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// C3: a and b have the same batch dimensions.
func.func @ts_c3a(%a: tensor<2x3x3xf32>, %b: tensor<4x3x3xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C3: the batch dimensions of a and b must agree, got 'tensor<2x3x3xf32>' and 'tensor<4x3x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  return
}

// -----

// C3: dim(a, -2) = dim(a, -1).
func.func @ts_c3b(%a: tensor<3x4xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C3: a must be square and match dimension -2 of b (left_side), got 'tensor<3x4xf32>' and 'tensor<3x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// C3: dim(a, -1) = dim(b, -2) when left_side.
func.func @ts_c3d(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C3: a must be square and match dimension -2 of b (left_side), got 'tensor<3x3xf32>' and 'tensor<2x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// C4: baseline_type(b) = baseline_type(result).
func.func @ts_c4(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op C4: result must have the baseline type of b, 'tensor<3x2xf32>', got 'tensor<3x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
  return
}
