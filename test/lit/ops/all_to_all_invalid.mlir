// Verifier errors of stablehlo.all_to_all, one case per spec constraint (C6,
// size(replica_groups) = num_replicas or num_partitions, is checked at run
// time).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I5: replica_groups is a 2-dimensional tensor.
func.func @all_to_all_i5(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op I5: replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C1: 0 <= split_dimension < rank(operand).
func.func @all_to_all_c1(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C1: split_dimension 2 must be in [0, 2) for operand 'tensor<2x4xf32>'}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C2: dim(operand, split_dimension) % split_count = 0.
func.func @all_to_all_c2(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C2: dim(operand, 1) = 4 must be a multiple of split_count 3}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x4xf32>) -> tensor<6x1xf32>
  return
}

// -----

// C3: 0 <= concat_dimension < rank(operand).
func.func @all_to_all_c3(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C3: concat_dimension -1 must be in [0, 2) for operand 'tensor<2x4xf32>'}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C4: 0 < split_count.
func.func @all_to_all_c4(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C4: split_count 0 must be positive}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<> : tensor<1x0xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C5: is_unique(replica_groups).
func.func @all_to_all_c5(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C5: replica_groups must be unique, but 1 appears more than once}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C7: 0 <= replica_groups < size(replica_groups).
func.func @all_to_all_c7(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C7: replica_groups must be in [0, size(replica_groups)) = [0, 2), got 3}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C8: dim(replica_groups, 1) = split_count.
func.func @all_to_all_c8(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C8: dim(replica_groups, 1) = 4 must be split_count 2}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C8: empty replica_groups have no group of split_count processes (upstream's
// verifier divides by zero here).
func.func @all_to_all_c8b(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C8: dim(replica_groups, 1) = 0 must be split_count 2}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<> : tensor<0x0xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// C9: the result is the operand split along split_dimension and concatenated
// along concat_dimension.
func.func @all_to_all_c9(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C9: result 'tensor<4x4xf32>' must be 'tensor<4x2xf32>': operand 'tensor<2x4xf32>' split in 2 along dimension 1 and concatenated along dimension 0}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// C9: one result per operand (upstream's variadic form).
func.func @all_to_all_c9b(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op C9: each operand has one result, got 1 operand(s) and 2 result(s)}}
  %0:2 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
  return
}
