// Verifier errors of stablehlo.bitcast_convert, one case per spec constraint
// (and per case of C1).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: equal widths -- shape(result) = shape(operand). Upstream compares the
// dimensions both ranks have, so a rank change is a spec deviation
// (test/lit/deviations/accepted_elementwise.mlir).
func.func @c1_same_width_shape(%a: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: shapes of operand 'tensor<2xf32>' and result 'tensor<3xi32>' must match when their element types have the same number of bits}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C1: narrower result -- rank(result) = R + 1.
func.func @c1_narrower_rank(%a: tensor<2xf32>) -> tensor<8xf16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: result 'tensor<8xf16>' must have rank 2 (one more than operand 'tensor<2xf32>') when its element type is narrower}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// C1: narrower result -- dim(result, i) = dim(operand, i) for 0 <= i < R.
func.func @c1_narrower_dims(%a: tensor<2xf32>) -> tensor<3x2xf16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: the leading dimensions of result 'tensor<3x2xf16>' must be the dimensions of operand 'tensor<2xf32>'}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

// C1: narrower result -- dim(result, R) * num_bits(E') = num_bits(E).
func.func @c1_narrower_last(%a: tensor<2xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: the last dimension of result 'tensor<2x4xf16>' times 16 bits must be 32, the bits of an operand element}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// C1: wider result -- rank(result) = R - 1.
func.func @c1_wider_rank(%a: tensor<2xf16>) -> tensor<1xf32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: result 'tensor<1xf32>' must have rank 0 (one less than operand 'tensor<2xf16>') when its element type is wider}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf16>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// C1: wider result -- dim(result, i) = dim(operand, i).
func.func @c1_wider_dims(%a: tensor<3x2xf16>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: the dimensions of result 'tensor<2xf32>' must be the leading dimensions of operand 'tensor<3x2xf16>'}}
  %0 = stablehlo.bitcast_convert %a : (tensor<3x2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C1: wider result -- dim(operand, R - 1) * num_bits(E) = num_bits(E').
func.func @c1_wider_last(%a: tensor<3x4xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: the last dimension of operand 'tensor<3x4xf16>' times 16 bits must be 32, the bits of a result element}}
  %0 = stablehlo.bitcast_convert %a : (tensor<3x4xf16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C1: E is the storage type of a quantized operand (i8 here, not f32).
func.func @c1_quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C1: result 'tensor<2xf32>' must have rank 0 (one less than operand 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>') when its element type is wider}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C2: is_complex(operand) implies is_complex(result).
func.func @c2_operand(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C2: operand 'tensor<2xcomplex<f32>>' and result 'tensor<2xf64>' must both be complex or both not}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// C2: is_complex(result) implies is_complex(operand).
func.func @c2_result(%a: tensor<2xi64>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op C2: operand 'tensor<2xi64>' and result 'tensor<2xcomplex<f32>>' must both be complex or both not}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xi64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
