// Verifier errors of stablehlo.gather, one case per spec constraint. The
// batching dimensions postdate the spec text: their checks cite the
// constraint whose formula they extend (docs/decisions.md).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: rank(operand) = size(offset_dims) + size(collapsed_slice_dims) (+ size(operand_batching_dims)).
func.func @c1(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C1: rank of operand 'tensor<3x4x2xi32>' must be size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) = 2 + 0 + 0}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C1: operand_batching_dims count towards the operand's rank.
func.func @c1_batching(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C1: rank of operand 'tensor<3x4x2xi32>' must be size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) = 1 + 0 + 1}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C2: 0 <= index_vector_dim <= rank(start_indices).
func.func @c2(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C2: index_vector_dim 4 must be in [0, 3] (the rank of start_indices 'tensor<2x3x2xi64>')}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C2: a negative index_vector_dim.
func.func @c2_negative(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C2: index_vector_dim -1 must be in [0, 3]}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = -1>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C2 (batching): start_indices_batching_dims must not contain index_vector_dim.
func.func @c2_batching_index_vector_dim(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C2: start_indices_batching_dims [1] must be unique, in [0, 3) and not index_vector_dim 1}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C2 (batching): start_indices_batching_dims are dimensions of start_indices.
func.func @c2_batching_range(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C2: start_indices_batching_dims [3] must be unique, in [0, 3) and not index_vector_dim 3}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C2 (batching): start_indices_batching_dims are unique.
func.func @c2_batching_unique(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C2: start_indices_batching_dims [1, 1] must be unique}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1, 1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C3: size(start_index_map) = dim(start_indices, index_vector_dim).
func.func @c3(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C3: start_index_map [1] must have 2 entries (the size of the index vector of start_indices 'tensor<2x3x2xi64>')}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C3: size(start_index_map) = 1 when index_vector_dim = rank(start_indices).
func.func @c3_implicit(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C3: start_index_map [1, 0] must have 1 entries}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C4: offset_dims are sorted.
func.func @c4_sorted(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C4: offset_dims [3, 2] must be unique and sorted}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C4: offset_dims are unique.
func.func @c4_unique(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C4: offset_dims [2, 2] must be unique and sorted}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C5: 0 <= offset_dims < rank(result).
func.func @c5(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C5: offset_dims [2, 4] must be in [0, 4) (the rank of the result)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C6: collapsed_slice_dims are sorted.
func.func @c6_sorted(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C6: collapsed_slice_dims [1, 0] and operand_batching_dims [] must each be sorted and together unique}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}

// -----

// C6: collapsed_slice_dims are unique.
func.func @c6_unique(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C6: collapsed_slice_dims [0, 0] and operand_batching_dims [] must each be sorted and together unique}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C6 (batching): collapsed_slice_dims and operand_batching_dims are disjoint.
func.func @c6_batching_disjoint(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C6: collapsed_slice_dims [1] and operand_batching_dims [1] must each be sorted and together unique}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [1], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C6 (batching): operand_batching_dims are sorted.
func.func @c6_batching_sorted(%operand: tensor<3x4x2x5xi32>, %start_indices: tensor<3x5x1xi64>) -> tensor<3x5x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C6: collapsed_slice_dims [1] and operand_batching_dims [3, 0] must each be sorted and together unique}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [3, 0], start_indices_batching_dims = [1, 0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2, 1>} : (tensor<3x4x2x5xi32>, tensor<3x5x1xi64>) -> tensor<3x5x2xi32>
  return %0 : tensor<3x5x2xi32>
}

// -----

// C7: 0 <= collapsed_slice_dims < rank(operand).
func.func @c7(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C7: collapsed_slice_dims [3] and operand_batching_dims [] must be in [0, 3)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C7 (batching): 0 <= operand_batching_dims < rank(operand).
func.func @c7_batching(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C7: collapsed_slice_dims [1] and operand_batching_dims [5] must be in [0, 3)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [5], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C8: slice_sizes[collapsed_slice_dims...] <= 1.
func.func @c8(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C8: slice_sizes[0] = 2 must be at most 1 (dimension 0 is in collapsed_slice_dims or operand_batching_dims)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C8 (batching): slice_sizes[operand_batching_dims...] <= 1.
func.func @c8_batching(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C8: slice_sizes[0] = 2 must be at most 1}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 2, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C9: is_unique(start_index_map).
func.func @c9(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C9: start_index_map [1, 1] must be unique and disjoint from operand_batching_dims []}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C9 (batching): start_index_map and operand_batching_dims are disjoint.
func.func @c9_batching(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C9: start_index_map [0] must be unique and disjoint from operand_batching_dims [0]}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C10: 0 <= start_index_map < rank(operand).
func.func @c10(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C10: start_index_map [1, 3] must be in [0, 3)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 3], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C11: size(slice_sizes) = rank(operand).
func.func @c11(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C11: slice_sizes [1, 2] must have one entry per operand dimension (rank 3)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C12: slice_sizes <= shape(operand).
func.func @c12(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C12: slice_sizes [1, 5, 2] must be in [0, 4] in dimension 1 of operand 'tensor<3x4x2xi32>'}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C12: 0 <= slice_sizes.
func.func @c12_negative(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C12: slice_sizes [1, 2, -1] must be in [0, 2] in dimension 2}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, -1>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C12: a bounded dynamic dimension bounds the slice size; past it is a spec
// deviation (test/lit/deviations/accepted_gather_bounds.mlir), but a negative
// size stays an error.
func.func @c12_bounded(%operand: tensor<3x?x2xi32, #stablehlo.bounds<?, 3, ?>>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x?x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C12: slice_sizes [1, -2, 2] must be in [0, ?] in dimension 1}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, -2, 2>} : (tensor<3x?x2xi32, #stablehlo.bounds<?, 3, ?>>, tensor<2x3x2xi64>) -> tensor<2x3x?x2xi32>
  return %0 : tensor<2x3x?x2xi32>
}

// -----

// C13: shape(result) = combine(batch_dim_sizes, offset_dim_sizes).
func.func @c13(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x3xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C13: result shape must combine the batch dimensions of start_indices and the slice sizes at offset_dims as in 'tensor<2x3x2x2xi32>', got 'tensor<2x3x2x3xi32>'}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xi32>
  return %0 : tensor<2x3x2x3xi32>
}

// -----

// C13: the result has rank(start_indices) - 1 + size(offset_dims) dimensions.
func.func @c13_rank(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C13: result shape must combine the batch dimensions of start_indices and the slice sizes at offset_dims as in 'tensor<2x3x2x2xi32>', got 'tensor<2x3x2xi32>'}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}

// -----

// C13 (batching): operand_batching_dims and start_indices_batching_dims pair up.
func.func @c13_batching_count(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C13: operand_batching_dims [0] and start_indices_batching_dims [] must have the same size}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C13 (batching): paired batching dimensions have the same size.
func.func @c13_batching_size(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op C13: operand batching dimension 0 (size 3) must match start_indices dimension 0 (size 2)}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

// C14: element_type(operand) = element_type(result).
func.func @c14(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  // expected-error @+1 {{'stablehlo.gather' op C14: result element type must be the operand's, got 'i32' and 'f32'}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// I2: start_indices are integers (the operand type constraint).
func.func @start_indices_float(%operand: tensor<3x4x2xi32>, %start_indices: tensor<2x3x2xf32>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{'stablehlo.gather' op operand #1 must be ranked tensor of}}
  %0 = "stablehlo.gather"(%operand, %start_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xf32>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}
