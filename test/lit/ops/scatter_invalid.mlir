// Verifier errors of stablehlo.scatter, one case (or more) per spec constraint.
// The spec's scatter predates batching dimensions; their checks cite the
// constraint their formula extends (docs/decisions.md).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: same(shape(inputs...)).
func.func @f(%a: tensor<5x4xf32>, %b: tensor<6x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C1: all inputs must have the same shape, got 'tensor<5x4xf32>' and 'tensor<6x4xf32>'}}
  %0:2 = "stablehlo.scatter"(%a, %b, %indices, %updates, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %u0: tensor<f32>, %u1: tensor<f32>):
    stablehlo.return %u0, %u1 : tensor<f32>, tensor<f32>
  }) : (tensor<5x4xf32>, tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<6x4xf32>)
  return %0#0 : tensor<5x4xf32>
}

// -----

// C2: rank(inputs[0]) = size(update_window_dims) + size(inserted_window_dims) (+ size(input_batching_dims)).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C2: rank of the inputs (2) must be size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims) = 1 + 0 + 0}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C3: same(shape(updates...)).
func.func @f(%a: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %u: tensor<3x4xf32>, %v: tensor<3x3xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C3: all updates must have the same shape, got 'tensor<3x4xf32>' and 'tensor<3x3xf32>'}}
  %0:2 = "stablehlo.scatter"(%a, %a, %indices, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %u0: tensor<f32>, %u1: tensor<f32>):
    stablehlo.return %u0, %u1 : tensor<f32>, tensor<f32>
  }) : (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x3xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %0#0 : tensor<5x4xf32>
}

// -----

// C4: the scatter dimensions of updates are those of scatter_indices without index_vector_dim.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<2x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C4: updates dimension 0 (size 2) must match scatter_indices' scatter dimension 0 (size 3)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C4: update_window_dim_sizes <= the input's sizes.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x6xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C4: updates window dimension 1 (size 6) must not exceed input dimension 1 (size 4)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x6xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C4: rank(updates) = number of scatter dimensions + size(update_window_dims).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x2x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C4: updates must have rank 3 (2 scatter dimensions and 1 window dimensions), got 'tensor<3x4xf32>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x2x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C4: batching dimensions of the input and of scatter_indices have equal sizes.
func.func @f(%input: tensor<2x5x4xf32>, %indices: tensor<3x3x1xi32>, %updates: tensor<3x3x4xf32>) -> tensor<2x5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C4: input batching dimension 0 (size 2) must match scatter_indices dimension 0 (size 3)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<2x5x4xf32>, tensor<3x3x1xi32>, tensor<3x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// C4: as many input_batching_dims as scatter_indices_batching_dims.
func.func @f(%input: tensor<2x5x4xf32>, %indices: tensor<2x3x1xi32>, %updates: tensor<2x3x4xf32>) -> tensor<2x5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C4: input_batching_dims [0] and scatter_indices_batching_dims [] must have the same size}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<2x5x4xf32>, tensor<2x3x1xi32>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// C5: 0 < size(inputs) = size(updates) = N (and N results).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C5: needs N > 0 inputs, N updates and N results, got 1, 1 and 2}}
  %0:2 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %u0: tensor<f32>, %u1: tensor<f32>):
    stablehlo.return %u0, %u1 : tensor<f32>, tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %0#0 : tensor<5x4xf32>
}

// -----

// C6: element_type(updates...) = element_type(inputs...). (Updates the body's
// result promotes from are a spec deviation: test/lit/deviations/accepted_scatter.mlir.)
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xi32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C6: update 0 must have the element type of input 0, got 'tensor<3x4xi32>' and 'tensor<5x4xf32>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C7: is_unique(update_window_dims) and is_sorted(update_window_dims).
func.func @f(%input: tensor<5x4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3x4xf32>) -> tensor<5x4x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C7: update_window_dims [2, 1] must be unique and sorted}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4x3xf32>, tensor<2x1xi32>, tensor<2x3x4xf32>) -> tensor<5x4x3xf32>
  return %0 : tensor<5x4x3xf32>
}

// -----

// C7: update_window_dims are unique.
func.func @f(%input: tensor<5x4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x4x4xf32>) -> tensor<5x4x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C7: update_window_dims [1, 1] must be unique and sorted}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4x3xf32>, tensor<2x1xi32>, tensor<2x4x4xf32>) -> tensor<5x4x3xf32>
  return %0 : tensor<5x4x3xf32>
}

// -----

// C8: 0 <= update_window_dims < rank(updates).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C8: update_window_dims [2] must be in [0, 2)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C9: is_unique(inserted_window_dims) and is_sorted(inserted_window_dims) (the spec's second
// is_sorted(update_window_dims) read as meant).
func.func @f(%input: tensor<5x4x3xf32>, %indices: tensor<2x2xi32>, %updates: tensor<2x3xf32>) -> tensor<5x4x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C9: inserted_window_dims [1, 0] and input_batching_dims [] must each be sorted and together unique}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4x3xf32>, tensor<2x2xi32>, tensor<2x3xf32>) -> tensor<5x4x3xf32>
  return %0 : tensor<5x4x3xf32>
}

// -----

// C9: inserted_window_dims and input_batching_dims together are unique.
func.func @f(%input: tensor<5x4x3xf32>, %indices: tensor<5x2x1xi32>, %updates: tensor<5x2x3xf32>) -> tensor<5x4x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C9: inserted_window_dims [0] and input_batching_dims [0] must each be sorted and together unique}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4x3xf32>, tensor<5x2x1xi32>, tensor<5x2x3xf32>) -> tensor<5x4x3xf32>
  return %0 : tensor<5x4x3xf32>
}

// -----

// C10: 0 <= inserted_window_dims < rank(inputs[0]).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C10: inserted_window_dims [2] and input_batching_dims [] must be in [0, 2)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C10: input_batching_dims are dimensions of the input too.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C10: inserted_window_dims [] and input_batching_dims [-1] must be in [0, 2)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], input_batching_dims = [-1], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C11: size(scatter_dims_to_operand_dims) = dim(scatter_indices, index_vector_dim).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C11: scatter_dims_to_operand_dims [0, 1] must have 1 entries (the size of the index vector)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C11: with index_vector_dim = rank(scatter_indices) the index vector has size 1.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C11: scatter_dims_to_operand_dims [] must have 1 entries (the size of the index vector)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C12: is_unique(scatter_dims_to_operand_dims).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x2xi32>, %updates: tensor<3xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C12: scatter_dims_to_operand_dims [1, 1] must be unique and disjoint from input_batching_dims []}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [1, 1], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C12: scatter_dims_to_operand_dims and input_batching_dims are disjoint.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<5x1xi32>, %updates: tensor<5x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C12: scatter_dims_to_operand_dims [0] must be unique and disjoint from input_batching_dims [0]}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<5x1xi32>, tensor<5x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C13: 0 <= scatter_dims_to_operand_dims < rank(inputs[0]).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C13: scatter_dims_to_operand_dims [2] must be in [0, 2)}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [2], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C14: 0 <= index_vector_dim <= rank(scatter_indices).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C14: index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C14: scatter_indices_batching_dims are unique dimensions of scatter_indices other than
// index_vector_dim.
func.func @f(%input: tensor<3x5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<3x5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C14: scatter_indices_batching_dims [1] must be unique, in [0, 2) and not index_vector_dim 1}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<3x5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<3x5x4xf32>
  return %0 : tensor<3x5x4xf32>
}

// -----

// C15: update_computation takes 2N arguments.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; got 3 arguments}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>, %extra: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C15: update_computation returns N values.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; its return must yield 1 values}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %old, %new : tensor<f32>, tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C15: update_computation returns 0-d tensors.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; result 0 is 'tensor<1xf32>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %r = stablehlo.reshape %new : (tensor<f32>) -> tensor<1xf32>
    stablehlo.return %r : tensor<1xf32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C15: its arguments have the types it returns.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<f32>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f64>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// C15: is_promotable(element_type(inputs[i]), Ei): no narrowing. (A narrower
// float Ei is a spec deviation.)
func.func @f(%input: tensor<5x4xi32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xi32>) -> tensor<5x4xi16> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i16' is not promotable from 'i32'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i16>, %new: tensor<i16>):
    stablehlo.return %new : tensor<i16>
  }) : (tensor<5x4xi32>, tensor<3x1xi32>, tensor<3x4xi32>) -> tensor<5x4xi16>
  return %0 : tensor<5x4xi16>
}

// -----

// C15: is_promotable(element_type(inputs[i]), Ei): same kind of type.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xi32> {
  // expected-error @+1 {{'stablehlo.scatter' op C15: update_computation must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'i32' is not promotable from 'f32'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    stablehlo.return %new : tensor<i32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
}

// -----

// C16: shape(inputs...) = shape(results...).
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C16: result 0 must have the shape of the inputs, 'tensor<5x4xf32>', got 'tensor<5x3xf32>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// C17: element_type(results[i]) = Ei.
func.func @f(%input: tensor<5x4xf16>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf16>) -> tensor<5x4xf16> {
  // expected-error @+1 {{'stablehlo.scatter' op C17: result 0 must have element type 'f32' (update_computation's), got 'tensor<5x4xf16>'}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %sum = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<5x4xf16>, tensor<3x1xi32>, tensor<3x4xf16>) -> tensor<5x4xf16>
  return %0 : tensor<5x4xf16>
}

// -----

// C9: input_batching_dims are sorted too (as upstream requires).
func.func @f(%input: tensor<2x3x5xf32>, %indices: tensor<3x2x1xi32>, %updates: tensor<3x2xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C9: inserted_window_dims [2] and input_batching_dims [1, 0] must each be sorted and together unique}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<2x3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// C5: size(inputs) = size(updates): an even number of operands does not split
// into N inputs, scatter_indices and N updates.
func.func @f(%input: tensor<5x4xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op C5: needs N > 0 inputs, scatter_indices and N updates, got 4 operands}}
  %0 = "stablehlo.scatter"(%input, %indices, %updates, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
