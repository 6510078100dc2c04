// Verifier errors of stablehlo.map, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: shape(inputs...) = shape(result).
func.func @c1(%a: tensor<3xi32>, %b: tensor<4xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.map' op C1: result 'tensor<3xi32>' must have the shape of input 'tensor<4xi32>'}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<3xi32>, tensor<4xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C2: 0 < size(inputs).
func.func @c2() -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.map' op C2: needs at least one input}}
  %0 = "stablehlo.map"() <{dimensions = array<i64>}> ({
    %c = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// C3: dimensions = range(rank(inputs[0])).
func.func @c3(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'stablehlo.map' op C3: dimensions [1, 0] must be range(2)}}
  %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// C4: computation takes (tensor<E0>, ..., tensor<EN-1>).
func.func @c4_arguments(%a: tensor<3xi32>, %b: tensor<3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.map' op C4: computation must have type (tensor<i32>, tensor<f32>) -> (tensor<i32>), got (tensor<i32>, tensor<i32>) -> (tensor<i32>)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<3xi32>, tensor<3xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C4: computation returns tensor<E'> with E' = element_type(result).
func.func @c4_result(%a: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.map' op C4: computation must have type (tensor<i32>) -> (tensor<f32>), got (tensor<i32>) -> (tensor<i32>)}}
  %0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
