// Verifier errors of stablehlo.composite, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: is_namespaced_op_name(name).
func.func @c1(%a: tensor<2xi64>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.composite' op C1: name "my_op" must be a namespaced op name matching [a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+}}
  %0 = stablehlo.composite "my_op" %a {decomposition = @dec} : (tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @dec(%a: tensor<2xi64>) -> tensor<2xi64> {
  return %a : tensor<2xi64>
}

// -----

// C1: the namespace starts with a letter; `$` only after the first dot.
func.func @c1_start(%a: tensor<2xi64>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.composite' op C1: name "1a.b"}}
  %0 = stablehlo.composite "1a.b" %a {decomposition = @dec} : (tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @dec(%a: tensor<2xi64>) -> tensor<2xi64> {
  return %a : tensor<2xi64>
}

// -----

// C2: is_defined_in_parent_scope(decomposition).
func.func @c2(%a: tensor<2xi64>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.composite' op C2: decomposition @missing must name a function of the enclosing scope}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @missing} : (tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// C3: types(inputs...) == input_types(decomposition).
func.func @c3(%a: tensor<2xi64>) -> tensor<2xi64> {
  // expected-error @+1 {{'stablehlo.composite' op C3: input types (tensor<2xi64>) must be the input types of @dec (tensor<2xf32>)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @dec} : (tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @dec(%a: tensor<2xf32>) -> tensor<2xi64> {
  %c = stablehlo.constant dense<1> : tensor<2xi64>
  return %c : tensor<2xi64>
}

// -----

// C4: types(results...) == output_types(decomposition).
func.func @c4(%a: tensor<2xi64>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.composite' op C4: result types (tensor<2xi32>) must be the output types of @dec (tensor<2xi64>)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @dec} : (tensor<2xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @dec(%a: tensor<2xi64>) -> tensor<2xi64> {
  return %a : tensor<2xi64>
}
