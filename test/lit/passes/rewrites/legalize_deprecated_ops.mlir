// RUN: stablehlo-py opt %s --pipeline 'stablehlo-legalize-deprecated-ops{fail-on-unused=false}' --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'func.func(stablehlo-legalize-deprecated-ops{fail-on-unused=false})' --split-input-file | FileCheck %s
// RUN: not stablehlo-py opt %s --pipeline stablehlo-legalize-deprecated-ops --split-input-file 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-legalize-deprecated-ops{fail-on-unused=perhaps}' 2>&1 | FileCheck %s --check-prefix=FLAG

// FLAG: fail-on-unused expects true or false, got 'perhaps'

// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<2x3xf32>) -> tensor<4x5x2x3xf32>
func.func @broadcast(%arg0: tensor<2x3xf32>) -> tensor<4x5x2x3xf32> {
  %0 = "stablehlo.broadcast"(%arg0) {broadcast_sizes = array<i64: 4, 5>} : (tensor<2x3xf32>) -> tensor<4x5x2x3xf32>
  return %0 : tensor<4x5x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @create_token
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: return %[[T]]
func.func @create_token() -> !stablehlo.token {
  %0 = "stablehlo.create_token"() : () -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// CHECK-LABEL: func.func @cross_replica_sum
// CHECK-NEXT: "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<i32>
// CHECK-NEXT: stablehlo.return %[[S]] : tensor<i32>
// CHECK-NEXT: }) : (tensor<4xi32>) -> tensor<4xi32>
func.func @cross_replica_sum(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.cross-replica-sum"(%arg0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @dot
// CHECK-NEXT: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGH, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT: stablehlo.dot_general %arg1, %arg1, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
func.func @dot(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> (tensor<2xf32>, tensor<f32>) {
  %0 = "stablehlo.dot"(%arg0, %arg1) {precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGHEST>]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = "stablehlo.dot"(%arg1, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1 : tensor<2xf32>, tensor<f32>
}

// -----

// A dot's discardable attributes (dialect-prefixed names) stay on its dot_general; its
// inherent precision_config becomes dot_general's own.
// CHECK-LABEL: func.func @dot_keeps_discardable
// CHECK-NEXT: stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] {jax.origin = "x @ x", mhlo.sharding = "{replicated}"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
func.func @dot_keeps_discardable(%arg0: tensor<4xi32>) -> tensor<i32> {
  %0 = "stablehlo.dot"(%arg0, %arg0) {mhlo.sharding = "{replicated}", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], jax.origin = "x @ x"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @unary_einsum
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT: stablehlo.einsum %[[ONE]], %arg0, config = ",ab->ba" : (tensor<complex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
// CHECK-NEXT: %[[I:.*]] = stablehlo.constant dense<1> : tensor<ui16>
// CHECK-NEXT: stablehlo.einsum %[[I]], %arg1, config = ",a->" : (tensor<ui16>, tensor<4xui16>) -> tensor<ui16>
func.func @unary_einsum(%arg0: tensor<2x3xcomplex<f32>>, %arg1: tensor<4xui16>) -> (tensor<3x2xcomplex<f32>>, tensor<ui16>) {
  %0 = "stablehlo.unary_einsum"(%arg0) {einsum_config = "ab->ba"} : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %1 = "stablehlo.unary_einsum"(%arg1) {einsum_config = "a->"} : (tensor<4xui16>) -> tensor<ui16>
  return %0, %1 : tensor<3x2xcomplex<f32>>, tensor<ui16>
}

// -----

// map and rng have no replacement: with fail-on-unused (the default) they fail the pass.
// CHECK-LABEL: func.func @no_replacement
// CHECK: stablehlo.rng
// CHECK: "stablehlo.map"
// UNUSED: error: {{.*}}failed to legalize operation 'stablehlo.rng' that was explicitly marked illegal
// UNUSED: error: {{.*}}failed to legalize operation 'stablehlo.map' that was explicitly marked illegal
func.func @no_replacement(%arg0: tensor<f32>) -> tensor<3xf32> {
  %s = stablehlo.constant dense<3> : tensor<1xi64>
  %0 = stablehlo.rng %arg0, %arg0, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.map"(%arg0, %arg0) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.multiply %a, %b : tensor<f32>
      stablehlo.return %1 : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
