// Verifier errors of stablehlo.sort, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 < size(inputs).
func.func @c1() {
  // expected-error @+1 {{'stablehlo.sort' op C1: needs at least one input}}
  "stablehlo.sort"() ({
  ^bb0:
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) : () -> ()
  return
}

// -----

// C2: type(inputs...) = type(results...).
func.func @c2(%a: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.sort' op C2: result 0 must have type 'tensor<3xi32>', got 'tensor<3xf32>'}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// C3: same(shape(inputs...) + shape(results...)).
func.func @c3(%a: tensor<3xi32>, %b: tensor<4xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C3: all inputs must have the same shape, got 'tensor<3xi32>' and 'tensor<4xi32>'}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>, %z: tensor<i32>, %w: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3xi32>, tensor<4xi32>) -> (tensor<3xi32>, tensor<4xi32>)
  return %0#0 : tensor<3xi32>
}

// -----

// C3: results have the shape of the inputs.
func.func @c3_result(%a: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C3: result 0 'tensor<4xi32>' must have the shape of the inputs 'tensor<3xi32>'}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// C4: -R <= dimension < R.
func.func @c4(%a: tensor<3x4xi32>) -> tensor<3x4xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C4: dimension -3 must be in [-2, 2)}}
  %0 = "stablehlo.sort"(%a) <{dimension = -3 : i64}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// C4: dimension < R.
func.func @c4_high(%a: tensor<3x4xi32>) -> tensor<3x4xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C4: dimension 2 must be in [-2, 2)}}
  %0 = "stablehlo.sort"(%a) <{dimension = 2 : i64}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// C5: the comparator takes (tensor<E0>, tensor<E0>, tensor<E1>, tensor<E1>).
func.func @c5_arguments(%a: tensor<3xi32>, %b: tensor<3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C5: comparator must have type (tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<i1>), got (tensor<i32>, tensor<i32>) -> (tensor<i1>)}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3xi32>, tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>)
  return %0#0 : tensor<3xi32>
}

// -----

// C5: the comparator returns tensor<i1>.
func.func @c5_result(%a: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.sort' op C5: comparator must have type (tensor<i32>, tensor<i32>) -> (tensor<i1>), got (tensor<i32>, tensor<i32>) -> (tensor<i32>)}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// C5: the comparator ends with stablehlo.return.
func.func @c5_no_return(%a: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'stablehlo.sort' op comparator must end with stablehlo.return}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
  }) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
