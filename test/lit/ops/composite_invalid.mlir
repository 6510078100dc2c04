// Verifier errors of stablehlo.composite, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: is_namespaced_op_name(name).
func.func @c1(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.composite' op C1: name "my_op" must be a namespaced op name such as "my_namespace.my_op"}}
  %0 = stablehlo.composite "my_op" %a {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @identity(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}

// -----

// C1: the first part starts with a letter.
func.func @c1_digit(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.composite' op C1: name "1a.b" must be a namespaced op name}}
  %0 = stablehlo.composite "1a.b" %a {decomposition = @identity} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @identity(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}

// -----

// C2: is_defined_in_parent_scope(decomposition).
func.func @c2(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.composite' op C2: decomposition @missing must be a function defined in the parent scope}}
  %0 = stablehlo.composite "a.b" %a {decomposition = @missing} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C3: types(inputs...) == input_types(decomposition).
func.func @c3(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.composite' op C3: operand types ('tensor<f32>') must be the input types of @g ('tensor<i32>')}}
  %0 = stablehlo.composite "a.b" %a {decomposition = @g} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @g(%a: tensor<i32>) -> tensor<f32> {
  %0 = stablehlo.convert %a : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C4: types(results...) == output_types(decomposition).
func.func @c4(%a: tensor<f32>) -> tensor<f64> {
  // expected-error @+1 {{'stablehlo.composite' op C4: result types ('tensor<f64>') must be the output types of @identity ('tensor<f32>')}}
  %0 = stablehlo.composite "a.b" %a {decomposition = @identity} : (tensor<f32>) -> tensor<f64>
  return %0 : tensor<f64>
}
func.func @identity(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
