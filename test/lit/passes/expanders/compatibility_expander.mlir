// RUN: stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=1.0.0}" --split-input-file | FileCheck %s --check-prefixes=CHECK,OLD
// RUN: stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=1.4.0}" --split-input-file | FileCheck %s --check-prefixes=CHECK,NEW
// RUN: stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=1.8.0}" --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC18
// RUN: stablehlo-py opt %s --pipeline "stablehlo-compatibility-expander{target=1.9.0}" --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC19

// tan before 1.4.0: sine / cosine.
// CHECK-LABEL: func.func @tan_real
// OLD-NEXT: %[[S:.*]] = stablehlo.sine %arg0 : tensor<4xf64>
// OLD-NEXT: %[[C:.*]] = stablehlo.cosine %arg0 : tensor<4xf64>
// OLD-NEXT: %[[T:.*]] = stablehlo.divide %[[S]], %[[C]] : tensor<4xf64>
// OLD-NEXT: return %[[T]]
// NEW-NEXT: stablehlo.tan %arg0 : tensor<4xf64>
func.func @tan_real(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = stablehlo.tan %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Complex tan: (tan a + i tanh b) / (1 - i tan a tanh b); the constant 1 goes first.
// CHECK-LABEL: func.func @tan_complex
// OLD-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
// OLD-NEXT: %[[A:.*]] = stablehlo.real %arg0
// OLD-NEXT: %[[SA:.*]] = stablehlo.sine %[[A]]
// OLD-NEXT: %[[CA:.*]] = stablehlo.cosine %[[A]]
// OLD-NEXT: %[[TA:.*]] = stablehlo.divide %[[SA]], %[[CA]]
// OLD-NEXT: %[[B:.*]] = stablehlo.imag %arg0
// OLD-NEXT: %[[TB:.*]] = stablehlo.tanh %[[B]]
// OLD-NEXT: %[[N:.*]] = stablehlo.complex %[[TA]], %[[TB]]
// OLD-NEXT: %[[P:.*]] = stablehlo.multiply %[[TA]], %[[TB]]
// OLD-NEXT: %[[M:.*]] = stablehlo.negate %[[P]]
// OLD-NEXT: %[[D:.*]] = stablehlo.complex %[[ONE]], %[[M]]
// OLD-NEXT: %[[R:.*]] = stablehlo.divide %[[N]], %[[D]] : tensor<2xcomplex<f32>>
// OLD-NEXT: return %[[R]]
// NEW-NEXT: stablehlo.tan %arg0 : tensor<2xcomplex<f32>>
func.func @tan_complex(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.tan %x : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// Gather with batching dims before 1.1.0: an iota per indices batching dim before the indices,
// the batching dims collapsed; the index vector dim at the rank first reshapes the indices.
// CHECK-LABEL: func.func @gather
// OLD-NEXT: %[[R:.*]] = stablehlo.reshape %arg1 : (tensor<4x3x5xi32>) -> tensor<4x3x5x1xi32>
// OLD-NEXT: %[[I1:.*]] = stablehlo.iota dim = 1 : tensor<4x3x5x1xi32>
// OLD-NEXT: %[[I0:.*]] = stablehlo.iota dim = 0 : tensor<4x3x5x1xi32>
// OLD-NEXT: %[[X:.*]] = stablehlo.concatenate %[[I1]], %[[I0]], %[[R]], dim = 3
// OLD-NEXT: "stablehlo.gather"(%arg0, %[[X]]) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [0, 1, 2], start_index_map = [0, 2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1, 8>}>
// NEW-NEXT: operand_batching_dims = [0, 2]
func.func @gather(%operand: tensor<3x2x4x9xf32>, %indices: tensor<4x3x5xi32>) -> tensor<4x3x5x8xf32> {
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0, 2],
                                          start_indices_batching_dims = [1, 0], start_index_map = [1], index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 1, 8>, indices_are_sorted = true
  } : (tensor<3x2x4x9xf32>, tensor<4x3x5xi32>) -> tensor<4x3x5x8xf32>
  return %0 : tensor<4x3x5x8xf32>
}

// -----

// Scatter likewise; the indices are converted to i32 when a batch size does not fit i8, and
// sorted indices stay sorted when the batching dims and the new map are sorted.
// CHECK-LABEL: func.func @scatter
// OLD-NEXT: %[[C:.*]] = stablehlo.convert %arg1 : (tensor<200x1xi8>) -> tensor<200x1xi32>
// OLD-NEXT: %[[I:.*]] = stablehlo.iota dim = 0 : tensor<200x1xi32>
// OLD-NEXT: %[[X:.*]] = stablehlo.concatenate %[[I]], %[[C]], dim = 1 : (tensor<200x1xi32>, tensor<200x1xi32>) -> tensor<200x2xi32>
// OLD-NEXT: "stablehlo.scatter"(%arg0, %[[X]], %arg2) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = true}>
// NEW-NEXT: input_batching_dims = [0]
func.func @scatter(%input: tensor<200x9xf32>, %indices: tensor<200x1xi8>, %updates: tensor<200xf32>) -> tensor<200x9xf32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0],
                                                   scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1],
                                                   index_vector_dim = 1>,
    indices_are_sorted = true, unique_indices = true
  } : (tensor<200x9xf32>, tensor<200x1xi8>, tensor<200xf32>) -> tensor<200x9xf32>
  return %0 : tensor<200x9xf32>
}

// -----

// Location ranges keep their start below 1.9.0.
// LOC18-LABEL: func.func @locations
// LOC18: stablehlo.abs %arg0 : tensor<2xf32> loc(#[[L:loc[0-9]*]])
// LOC18: #[[L]] = loc("model.py":3:4)
// LOC19: #{{loc[0-9]*}} = loc("model.py":3:4 to 5:6)
func.func @locations(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %x : tensor<2xf32> loc("model.py":3:4 to 5:6)
  return %0 : tensor<2xf32>
}

// -----

// Dead ops go and equal constants merge, as under upstream's greedy driver, whatever the target.
// CHECK-LABEL: func.func @cleanup
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[K]]
// CHECK-NEXT: %[[B:.*]] = stablehlo.add %[[A]], %[[K]]
// CHECK-NEXT: return %[[B]]
func.func @cleanup(%x: tensor<2xf32>) -> tensor<2xf32> {
  %dead = stablehlo.abs %x : tensor<2xf32>
  %k1 = stablehlo.constant dense<2.0> : tensor<2xf32>
  %0 = stablehlo.add %x, %k1 : tensor<2xf32>
  %k2 = stablehlo.constant dense<2.0> : tensor<2xf32>
  %1 = stablehlo.add %0, %k2 : tensor<2xf32>
  return %1 : tensor<2xf32>
}
