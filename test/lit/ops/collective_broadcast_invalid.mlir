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
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C3: result #0 'tensor<2xf64>' must have the type of operand #0 'tensor<2xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

// C3: size(operands) >= 1.
func.func @c3_no_operand() {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C3: needs at least 1 operand, got 0}}
  "stablehlo.collective_broadcast"() {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()
  return
}

// -----

// C4: with has_dynamic_root, size(operands) >= 2.
func.func @c4_roots_only(%roots: tensor<0xi32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C4: needs at least 2 operands (the last the roots), got 1}}
  "stablehlo.collective_broadcast"(%roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<0xi32>) -> ()
  return
}

// -----

// C4: type(operands[size(operands)-1]) = tensor<[size(operands)-1]xi32>.
func.func @c4_roots_type(%a: tensor<2xf32>, %roots: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C4: the last operand holds the roots, of type 'tensor<1xi32>', got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_broadcast"(%a, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

// C4: type(results[j]) = type(operands[j]) with has_dynamic_root.
func.func @c4_result_type(%a: tensor<2xf32>, %roots: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C4: result #0 'tensor<2xf16>' must have the type of operand #0 'tensor<2xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%a, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf16>
  return
}

// -----

// C5: size(results) = size(operands) - (has_dynamic_root ? 1 : 0).
func.func @c5(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op C5: size(results) must be size(operands) = 2, got 1}}
  %0 = "stablehlo.collective_broadcast"(%a, %b) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
