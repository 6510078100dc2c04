// Verifier errors of stablehlo.rng_bit_generator and stablehlo.rng, one case per
// spec constraint. Upstream does not check rng_bit_generator's C2 (state sizes):
// those programs verify with a warning (test/lit/deviations/ has --strict-spec).
// RUN: stablehlo-opt %s --warn-spec-deviations -split-input-file -verify-diagnostics

// rng_bit_generator C1: type(initial_state) = type(output_state).
func.func @rbg_c1(%s: tensor<2xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op C1: output_state must have the type of initial_state, 'tensor<2xui64>', got 'tensor<3xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator C2: size(initial_state) = 2 if rng_algorithm = THREE_FRY.
func.func @rbg_c2a(%s: tensor<3xui64>) {
  // expected-warning @+1 {{'stablehlo.rng_bit_generator' op C2: THREE_FRY needs an initial_state of 2 elements, got 'tensor<3xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator C2: size(initial_state) is 2 or 3 if rng_algorithm = PHILOX.
func.func @rbg_c2b(%s: tensor<4xui64>) {
  // expected-warning @+1 {{'stablehlo.rng_bit_generator' op C2: PHILOX needs an initial_state of 2 or 3 elements, got 'tensor<4xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

// rng_bit_generator: the output is a tensor of integer or floating-point type.
func.func @rbg_i1(%s: tensor<2xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op result #1 must be statically shaped tensor of integer or floating-point values, but got 'tensor<4xi1>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi1>)
  return
}

// -----

// rng C1: element_type(a) = element_type(b) = element_type(result).
func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.rng' op C1: a, b and result must have the same element type, got 'tensor<f32>', 'tensor<f64>' and 'tensor<3x2xf32>'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

// rng C2: If rng_distribution = NORMAL, then is_float(a).
func.func @rng_c2(%a: tensor<i32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.rng' op C2: a NORMAL distribution needs floating-point values, got 'i32'}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x2xi32>
  return
}

// -----

// rng C3: shape(result) = shape (its size is the result's rank).
func.func @rng_c3a(%a: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.rng' op C3: shape has 2 entries but the result 'tensor<3xf32>' has rank 1}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3xf32>
  return
}

// -----

// rng C3: shape(result) = shape (a constant shape fixes the sizes).
func.func @rng_c3b(%a: tensor<f32>) {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.rng' op C3: result shape must be shape [3, 2], got 'tensor<3x3xf32>'}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

// rng C3: a constant shape with a negative size is no shape (this aborted the
// process when the verifier built a tensor type from it).
func.func @rng_c3_negative(%a: tensor<f32>) {
  %s = stablehlo.constant dense<[3, -2]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.rng' op C3: shape [3, -2] must not have negative sizes}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

// rng_bit_generator: the output is statically shaped (as upstream requires;
// its size decides how far the state advances).
func.func @rbg_dynamic(%s: tensor<2xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op result #1 must be statically shaped tensor}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)
  return
}
