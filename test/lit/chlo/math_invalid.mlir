// Verifier errors of chlo's element-wise math ops and constants, one case
// per constraint of docs/chlo.md.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: element types (special functions: floats only).
func.func @c1_float(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = chlo.erf %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @c1_float_or_complex(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.asin' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2xi32>'}}
  %0 = chlo.asin %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @c1_integer(%a: tensor<2xi1>) {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be ranked tensor of integer values, but got 'tensor<2xi1>'}}
  %0 = chlo.mulhi %a, %a : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

func.func @c1_is_inf(%a: tensor<2xi32>) {
  // expected-error @+1 {{'chlo.is_inf' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<2xi32>'}}
  %0 = chlo.is_inf %a : tensor<2xi32> -> tensor<2xi1>
  return
}

// -----

// C2: the result has the operand's type.
func.func @c2_unary(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.lgamma' op C2: result type 'tensor<2xf64>' must be the operand type 'tensor<2xf32>'}}
  %0 = chlo.lgamma %a : tensor<2xf32> -> tensor<2xf64>
  return
}

// -----

// C2: operands of one type.
func.func @c2_binary(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.zeta' op C2: operands must have the same type, got 'tensor<2xf32>' and 'tensor<3xf32>'}}
  %0 = chlo.zeta %a, %b : tensor<2xf32>, tensor<3xf32> -> tensor<2xf32>
  return
}

// -----

// C2: is_inf's result has the operand's shape.
func.func @c2_is_inf(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.is_pos_inf' op C2: result type 'tensor<3xi1>' must have the shape of 'tensor<2xf32>'}}
  %0 = chlo.is_pos_inf %a : tensor<2xf32> -> tensor<3xi1>
  return
}

// -----

// constant C1: the result type is the value's.
func.func @constant_c1() {
  // expected-error @+1 {{'chlo.constant' op C1: result type 'tensor<3xf32>' must be the type of the value, 'tensor<2xf32>'}}
  %0 = "chlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

// constant_like C1: a scalar value.
func.func @constant_like_c1_scalar(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.constant_like' op C1: value must be an integer or float scalar, got dense<1.000000e+00> : tensor<f32>}}
  %0 = "chlo.constant_like"(%a) {value = dense<1.0> : tensor<f32>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// constant_like C1: of the result's element type.
func.func @constant_like_c1_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.constant_like' op C1: the value's type 'i32' must be the result's element type 'f32'}}
  %0 = "chlo.constant_like"(%a) {value = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// constant_like C2: the result has the operand's shape.
func.func @constant_like_c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.constant_like' op C2: result type 'tensor<3xf32>' must have the shape of the operand, 'tensor<2xf32>'}}
  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2xf32>) -> tensor<3xf32>
  return
}
