// Verifier errors of the legacy stablehlo.einsum and stablehlo.unary_einsum. Not
// in the spec and unchecked by upstream: we check that einsum_config describes
// the types (docs/decisions.md).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// the config has the form "lhs,rhs->result".
func.func @e4(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.einsum' op einsum_config "garbage" must have the form "lhs,rhs->result"}}
  %0 = stablehlo.einsum %a, %b, config = "garbage" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// one letter per dimension of the result.
func.func @e1(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.einsum' op einsum_config term "acd" for the result must have one letter per dimension of 'tensor<2x4xf32>'}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->acd" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// a letter has one size in all operands.
func.func @e6(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{'stablehlo.einsum' op einsum_config letter 'b' has sizes 3 and 4 in the operands}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// the result uses distinct letters of the operands.
func.func @e5(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.unary_einsum' op einsum_config result "c" must consist of distinct letters of the operands, got 'c'}}
  %0 = stablehlo.unary_einsum %a, config = "ab->c" : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

// the result shape follows from the letters.
func.func @e2(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.einsum' op result shape must be 'tensor<2x4xf32>' for einsum_config "ab,bc->ac", got 'tensor<2x5xf32>'}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return
}

// -----

// one element type.
func.func @e3(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) {
  // expected-error @+1 {{'stablehlo.einsum' op operands and result must have one element type, got 'tensor<2x3xf32>', 'tensor<3x4xf64>', 'tensor<2x4xf32>'}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return
}
