// stablehlo.dot_general with dynamic (`?`) dimensions, as JAX exports with
// symbolic shapes write them (jnp.matmul, jnp.einsum, batched
// lax.dot_general). These once aborted the process in the shape function
// (an ArrayRef index taken from a copy's address); each must verify, and a
// dynamic size only matches where the spec's constraint allows.
// RUN: stablehlo-opt %s -split-input-file | FileCheck %s
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | stablehlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul_symbolic_batch
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x3xf32>) -> tensor<?x4x3xf32>
func.func @matmul_symbolic_batch(%lhs: tensor<?x4x8xf32>, %rhs: tensor<8x3xf32>) -> tensor<?x4x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [2] x [0] : (tensor<?x4x8xf32>, tensor<8x3xf32>) -> tensor<?x4x3xf32>
  return %0 : tensor<?x4x3xf32>
}

// -----

// Dynamic batching dimensions on both sides (C9 holds: `?` matches `?`).
// CHECK-LABEL: func.func @batched_both_dynamic
// CHECK: batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x8x3xf32>) -> tensor<?x4x3xf32>
func.func @batched_both_dynamic(%lhs: tensor<?x4x8xf32>, %rhs: tensor<?x8x3xf32>) -> tensor<?x4x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x8xf32>, tensor<?x8x3xf32>) -> tensor<?x4x3xf32>
  return %0 : tensor<?x4x3xf32>
}

// -----

// Only the lhs batch size is dynamic: the result may take the rhs's size.
// CHECK-LABEL: func.func @batched_lhs_dynamic
// CHECK: batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<?x8x4xf32>, tensor<5x3x8xf32>) -> tensor<5x4x3xf32>
func.func @batched_lhs_dynamic(%lhs: tensor<?x8x4xf32>, %rhs: tensor<5x3x8xf32>) -> tensor<5x4x3xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<?x8x4xf32>, tensor<5x3x8xf32>) -> tensor<5x4x3xf32>
  return %0 : tensor<5x4x3xf32>
}

// -----

// Batching dimensions that are not leading, dynamic contracting and free
// dimensions, several of each.
// CHECK-LABEL: func.func @scattered_dims
// CHECK: batching_dims = [2, 0] x [1, 3], contracting_dims = [3] x [0] : (tensor<?x?x6x?xf32>, tensor<?x6x?x?xf32>) -> tensor<6x?x?x?xf32>
func.func @scattered_dims(%lhs: tensor<?x?x6x?xf32>, %rhs: tensor<?x6x?x?xf32>) -> tensor<6x?x?x?xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [2, 0] x [1, 3], contracting_dims = [3] x [0] : (tensor<?x?x6x?xf32>, tensor<?x6x?x?xf32>) -> tensor<6x?x?x?xf32>
  return %0 : tensor<6x?x?x?xf32>
}

// -----

// A bounded dynamic batch dimension.
// CHECK-LABEL: func.func @bounded_batch
// CHECK: (tensor<?x2x3xf32, #stablehlo.bounds<8, ?, ?>>, tensor<?x3x4xf32, #stablehlo.bounds<8, ?, ?>>) -> tensor<?x2x4xf32>
func.func @bounded_batch(%lhs: tensor<?x2x3xf32, #stablehlo.bounds<8, ?, ?>>, %rhs: tensor<?x3x4xf32, #stablehlo.bounds<8, ?, ?>>) -> tensor<?x2x4xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x2x3xf32, #stablehlo.bounds<8, ?, ?>>, tensor<?x3x4xf32, #stablehlo.bounds<8, ?, ?>>) -> tensor<?x2x4xf32>
  return %0 : tensor<?x2x4xf32>
}
