// Round trip of stablehlo.scatter: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib); like upstream, scatter prints in the
// generic form with its region's ops in the pretty form.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: one add body, the generic attribute dictionary form.
// CHECK-LABEL:  func.func @scatter(%arg0: tensor<3x4x2xi64>, %arg1: tensor<2x3x2xi64>, %arg2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, unique_indices = false}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
// CHECK-NEXT:    return %0 : tensor<3x4x2xi64>
// CHECK-NEXT:  }
func.func @scatter(%input: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>, %updates: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  %result = "stablehlo.scatter"(%input, %indices, %updates) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [2, 3],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [1, 0],
      index_vector_dim = 2>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %result : tensor<3x4x2xi64>
}

// indices_are_sorted and unique_indices print when set, discardable attributes
// after the region; a body returning the update (replace).
// CHECK-LABEL:  func.func @scatter_defaults(%arg0: tensor<5xf32>, %arg1: tensor<3xi32>, %arg2: tensor<3xf32>) -> tensor<5xf32> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      stablehlo.return %arg4 : tensor<f32>
// CHECK-NEXT:    }) {some_attr = 1 : i64} : (tensor<5xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<5xf32>
// CHECK-NEXT:    %1 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %2 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<5xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<5xf32>
// CHECK-NEXT:    return %0 : tensor<5xf32>
// CHECK-NEXT:  }
func.func @scatter_defaults(%input: tensor<5xf32>, %indices: tensor<3xi32>, %updates: tensor<3xf32>) -> tensor<5xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true, unique_indices = true}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) {some_attr = 1 : i64} : (tensor<5xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<5xf32>
  %1 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %m = stablehlo.maximum %old, %new : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// Variadic scatter: N inputs and N updates, a body of 2N arguments.
// CHECK-LABEL:  func.func @scatter_variadic(%arg0: tensor<4x3xi32>, %arg1: tensor<4x3xf32>, %arg2: tensor<2x1xi64>, %arg3: tensor<2x3xi32>, %arg4: tensor<2x3xf32>) -> (tensor<4x3xi32>, tensor<4x3xf32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// CHECK-NEXT:    ^bb0(%arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<i32>, %arg8: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg5, %arg7 : tensor<i32>
// CHECK-NEXT:      %2 = stablehlo.multiply %arg6, %arg8 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1, %2 : tensor<i32>, tensor<f32>
// CHECK-NEXT:    }) : (tensor<4x3xi32>, tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xi32>, tensor<2x3xf32>) -> (tensor<4x3xi32>, tensor<4x3xf32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<4x3xi32>, tensor<4x3xf32>
// CHECK-NEXT:  }
func.func @scatter_variadic(%a: tensor<4x3xi32>, %b: tensor<4x3xf32>, %indices: tensor<2x1xi64>, %ua: tensor<2x3xi32>, %ub: tensor<2x3xf32>) -> (tensor<4x3xi32>, tensor<4x3xf32>) {
  %0:2 = "stablehlo.scatter"(%a, %b, %indices, %ua, %ub) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<f32>, %ux: tensor<i32>, %uy: tensor<f32>):
    %s = stablehlo.add %x, %ux : tensor<i32>
    %m = stablehlo.multiply %y, %uy : tensor<f32>
    stablehlo.return %s, %m : tensor<i32>, tensor<f32>
  }) : (tensor<4x3xi32>, tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xi32>, tensor<2x3xf32>) -> (tensor<4x3xi32>, tensor<4x3xf32>)
  return %0#0, %0#1 : tensor<4x3xi32>, tensor<4x3xf32>
}

// Batching dimensions.
// CHECK-LABEL:  func.func @scatter_batching(%arg0: tensor<3x4x2xi64>, %arg1: tensor<2x3x2xi64>, %arg2: tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 2>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
// CHECK-NEXT:      stablehlo.return %arg4 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64>
// CHECK-NEXT:    return %0 : tensor<3x4x2xi64>
// CHECK-NEXT:  }
func.func @scatter_batching(%input: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>, %updates: tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 2>}> ({
  ^bb0(%old: tensor<i64>, %new: tensor<i64>):
    stablehlo.return %new : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x4x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// A body of a wider element type than the inputs (is_promotable, C15); the
// results take its element type (C17); index_vector_dim = 0 is not printed.
// CHECK-LABEL:  func.func @scatter_promoted(%arg0: tensor<4xi8>, %arg1: tensor<i32>, %arg2: tensor<i8>) -> tensor<4xi32> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }) : (tensor<4xi8>, tensor<i32>, tensor<i8>) -> tensor<4xi32>
// CHECK-NEXT:    return %0 : tensor<4xi32>
// CHECK-NEXT:  }
func.func @scatter_promoted(%input: tensor<4xi8>, %indices: tensor<i32>, %updates: tensor<i8>) -> tensor<4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    %s = stablehlo.add %old, %new : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi8>, tensor<i32>, tensor<i8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// Dynamic dimensions.
// CHECK-LABEL:  func.func @scatter_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<?x1xi32>, %arg2: tensor<?x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<?x4xf32>, tensor<?x1xi32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %0 : tensor<?x4xf32>
// CHECK-NEXT:  }
func.func @scatter_dynamic(%input: tensor<?x4xf32>, %indices: tensor<?x1xi32>, %updates: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x4xf32>, tensor<?x1xi32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
