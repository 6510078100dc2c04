// Verifier errors of chlo.top_k, chlo.ragged_dot and chlo.scan, one case per
// constraint of docs/chlo.md.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// top_k C1: rank at least 1.
func.func @top_k_c1(%a: tensor<f32>) {
  // expected-error @+1 {{'chlo.top_k' op C1: operand must have rank at least 1, got 'tensor<f32>'}}
  %0:2 = chlo.top_k(%a, k = 1) : tensor<f32> -> (tensor<1xf32>, tensor<1xi32>)
  return
}

// -----

// top_k C2: 0 <= k.
func.func @top_k_c2_negative(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'chlo.top_k' op C2: k must be non-negative, got -1}}
  %0:2 = chlo.top_k(%a, k = -1) : tensor<2x3xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return
}

// -----

// top_k C2: k <= size of the last dimension.
func.func @top_k_c2_large(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'chlo.top_k' op C2: k must be at most the size of the last dimension, 3, got 4}}
  %0:2 = chlo.top_k(%a, k = 4) : tensor<2x3xf32> -> (tensor<2x4xf32>, tensor<2x4xi32>)
  return
}

// -----

// top_k C3: values have the operand's element type and shape[:-1] + [k].
func.func @top_k_c3(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'chlo.top_k' op C3: result type 'tensor<2x2xf64>' is incompatible with the inferred type 'tensor<2x2xf32>'}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf64>, tensor<2x2xi32>)
  return
}

// -----

// top_k C3: indices are i32.
func.func @top_k_c3_indices(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'chlo.top_k' op result #1 must be ranked tensor of 32-bit signless integer values, but got 'tensor<2x2xi64>'}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi64>)
  return
}

// -----

// ragged_dot C1: as many batching dimensions on each side.
func.func @ragged_dot_c1(%l: tensor<3x6x4xf32>, %r: tensor<3x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C1: lhs and rhs must have as many batching dimensions, got [0] and []}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<3x6x4xf32>, tensor<3x4x5xf32>, tensor<2xi64>) -> tensor<3x6x5xf32>
  return
}

// -----

// ragged_dot C1: as many contracting dimensions on each side.
func.func @ragged_dot_c1_contracting(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C1: lhs and rhs must have as many contracting dimensions, got [1] and []}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x4x5xf32>
  return
}

// -----

// ragged_dot C2: dimensions in range.
func.func @ragged_dot_c2_range(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C2: lhs_contracting_dimensions entry 5 is out of range [0, 2)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [5], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C2: each dimension in one list.
func.func @ragged_dot_c2_unique(%l: tensor<6x4xf32>, %r: tensor<4x4x5xf32>, %g: tensor<4xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C2: rhs dimension 0 appears more than once in the dimension numbers}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<4x4x5xf32>, tensor<4xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C3: contracting sizes match.
func.func @ragged_dot_c3(%l: tensor<6x4xf32>, %r: tensor<2x3x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C3: contracting dimension sizes must match, got 4 (lhs dimension 1) and 3 (rhs dimension 1)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x3x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C3: batching sizes match.
func.func @ragged_dot_c3_batch(%l: tensor<3x6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C3: batching dimension sizes must match, got 3 (lhs dimension 0) and 2 (rhs dimension 0)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>} : (tensor<3x6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<2x3x6x5xf32>
  return
}

// -----

// ragged_dot C4: exactly one ragged dimension.
func.func @ragged_dot_c4(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C4: lhs must have exactly one ragged dimension, got [0, 1]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C5: a group dimension when the ragged dimension is non-contracting.
func.func @ragged_dot_c5_missing(%l: tensor<6x4xf32>, %r: tensor<4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C5: rhs must have exactly one group dimension when the lhs ragged dimension is non-contracting, got []}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0]>} : (tensor<6x4xf32>, tensor<4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C5: no group dimension otherwise.
func.func @ragged_dot_c5_extra(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C5: rhs must have no group dimension when the lhs ragged dimension is a batching or contracting dimension, got [0]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<2x6x5xf32>
  return
}

// -----

// ragged_dot C6: one group size per group of the rhs.
func.func @ragged_dot_c6(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C6: rhs group dimension 0 must have 3 entries (one per group), got 2}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<3xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C6: group_sizes is [g] or [batch..., g].
func.func @ragged_dot_c6_rank(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<1x1x2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C6: group_sizes must have rank 1, got 'tensor<1x1x2xi64>'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<1x1x2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C7: at most two precisions.
func.func @ragged_dot_c7(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C7: precision_config must have at most 2 entries, got 3}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// ragged_dot C8: the result shape.
func.func @ragged_dot_c8(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op C8: result shape must be [6, 5], got 'tensor<6x6xf32>'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x6xf32>
  return
}

// -----

// scan C1: at least one input.
func.func @scan_c1(%b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.scan' op C1: expects at least one input}}
  %0 = chlo.scan() inits (%b) dimension=0 {
  ^bb0(%y: tensor<2xf32>):
    stablehlo.return %y : tensor<2xf32>
  } : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// scan C2: the dimension exists.
func.func @scan_c2(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.scan' op C2: dimension 2 is out of range for input 0 of rank 2}}
  %0:2 = chlo.scan(%a) inits (%b) dimension=2 {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    stablehlo.return %x, %y : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return
}

// -----

// scan C3: inputs of one length.
func.func @scan_c3(%a: tensor<2x3xf32>, %c: tensor<2x4xf32>) {
  // expected-error @+1 {{'chlo.scan' op C3: inputs must have the same size along dimension 1, got 3 and 4}}
  %0:2 = chlo.scan(%a, %c) inits () dimension=1 {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    stablehlo.return %x, %y : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

// scan C4: the body takes input slices and carries.
func.func @scan_c4(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.scan' op C4: the body must take the input slices and the carries, ('tensor<2xf32>', 'tensor<2xf32>'), got ('tensor<3xf32>', 'tensor<2xf32>')}}
  %0:2 = chlo.scan(%a) inits (%b) dimension=1 {
  ^bb0(%x: tensor<3xf32>, %y: tensor<2xf32>):
    stablehlo.return %y, %y : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return
}

// -----

// scan C5: the body returns the carries last.
func.func @scan_c5(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.scan' op C5: the body must return the outputs' slices then the carries, whose types are the inits' ('tensor<2xf32>'), got ('tensor<2xi32>')}}
  %0 = chlo.scan(%a) inits (%b) dimension=1 {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %c = stablehlo.convert %y : (tensor<2xf32>) -> tensor<2xi32>
    stablehlo.return %c : tensor<2xi32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// scan C6: the result types.
func.func @scan_c6(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.scan' op C6: result types must be ('tensor<2x3xf32>', 'tensor<2xf32>'), got ('tensor<2x3xf32>', 'tensor<3xf32>')}}
  %0:2 = chlo.scan(%a) inits (%b) dimension=1 {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    stablehlo.return %x, %y : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return
}
