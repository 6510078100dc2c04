// Verifier errors of stablehlo.collective_permute, one case per spec constraint
// (the bound N of C4, num_replicas or num_partitions, is checked at run time);
// each rejected by upstream too.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I2: source_target_pairs is a 2-dimensional tensor.
func.func @collective_permute_i2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op I2: source_target_pairs must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[0, 1]> : tensor<2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C1: dim(source_target_pairs, 1) = 2.
func.func @collective_permute_c1(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op C1: dim(source_target_pairs, 1) must be 2, got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: is_unique(source_target_pairs[:, 0]).
func.func @collective_permute_c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op C2: the sources of source_target_pairs must be unique, but 0 appears more than once}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C3: is_unique(source_target_pairs[:, 1]).
func.func @collective_permute_c3(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op C3: the targets of source_target_pairs must be unique, but 1 appears more than once}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C4: 0 <= source_target_pairs.
func.func @collective_permute_c4(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op C4: source_target_pairs must be non-negative; their bound, num_replicas or num_partitions, is checked at run time; got -1}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C5: type(result) = type(operand).
func.func @collective_permute_c5(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op C5: result 'tensor<3xf32>' must have the type of operand 'tensor<2xf32>'}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<3xf32>
  return
}
