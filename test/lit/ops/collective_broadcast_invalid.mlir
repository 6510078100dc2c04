// Verifier errors of stablehlo.collective_broadcast, one case per spec
// constraint (the bound of C2, num_replicas or num_partitions, is checked at
// run time).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I2: replica_groups is a 2-dimensional tensor.
func.func @collective_broadcast_i2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op I2: replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C1: is_unique(replica_groups).
func.func @collective_broadcast_c1(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C1: replica_groups must be unique, but 0 appears more than once}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1], [2, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C2: 0 <= replica_groups; groups have one length, as upstream has them: -1
// pads no group here.
func.func @collective_broadcast_c2(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C2: replica_groups must be non-negative; their bound, num_replicas or num_partitions, is checked at run time; got -1}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// C3: type(result) = type(operand).
func.func @collective_broadcast_c3(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C3: result 'tensor<2xf64>' must have the type of operand 'tensor<2xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf64>
  return
}
