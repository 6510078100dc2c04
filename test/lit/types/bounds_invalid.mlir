// Errors of the `#stablehlo.bounds<...>` tensor encoding (dynamism RFC).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// Bounds apply to dynamic dimensions only.
// expected-error @+1 {{a static dimension of size 2 cannot have a bound (use ?)}}
func.func @static_dimension(%a: tensor<2xf32, #stablehlo.bounds<4>>) {
  return
}

// -----

// One bound per dimension.
// expected-error @+1 {{bounds [4, 5] must have one entry per dimension (rank 1)}}
func.func @rank(%a: tensor<?xf32, #stablehlo.bounds<4, 5>>) {
  return
}

// -----

// One bound per dimension: an empty list is for 0-d tensors only.
// expected-error @+1 {{bounds [] must have one entry per dimension (rank 1)}}
func.func @empty(%a: tensor<?xf32, #stablehlo.bounds<>>) {
  return
}

// -----

// Bounds are sizes, so they are non-negative (upstream accepts -1).
// expected-error @+1 {{bound -1 must be non-negative}}
func.func @negative(%a: tensor<?xf32, #stablehlo.bounds<-1>>) {
  return
}

// -----

// Syntax: a bound is an integer or `?`.
// expected-error @+1 {{expected integer value}}
func.func @syntax(%a: tensor<?xf32, #stablehlo.bounds<a>>) {
  return
}

// -----

// Syntax: `#stablehlo.type_extensions` has the one field `bounds`.
// expected-error @+1 {{expected '>'}}
func.func @type_extensions_field(%a: tensor<?xf32, #stablehlo.type_extensions<bounds = [4], foo = 1>>) {
  return
}

// -----

// A static size must fit the bound of a bounded dimension it is matched with
// (here add's C1).
func.func @size_exceeds_bound(%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'stablehlo.add' op C1: shapes of 'tensor<?xf32, #stablehlo.bounds<4>>' and 'tensor<6xf32>' must match}}
  %0 = stablehlo.add %a, %b : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// The same for a result type.
func.func @result_exceeds_bound(%a: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<8xi1> {
  // expected-error @+1 {{'stablehlo.compare' op C2: shapes of 'tensor<?xf32, #stablehlo.bounds<4>>' and 'tensor<8xi1>' must match}}
  %0 = stablehlo.compare LT, %a, %a : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<8xi1>
  return %0 : tensor<8xi1>
}
