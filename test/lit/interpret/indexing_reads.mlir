// The spec's examples of gather and dynamic_slice, run with their stated
// results as checks (a failed check fails the run), and XLA's
// TorchIndexSelect semantics for the legacy torch_index_select.
// RUN: stablehlo-py run %s --split-input-file | FileCheck %s

// CHECK: // module 0 (line 1)
func.func @main() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                       [[9, 10], [11, 12], [13, 14], [15, 16]],
                                       [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi32>
  %start_indices = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]],
                                             [[0, 1], [1, 1], [0, 2]]]> : tensor<2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]],
                                        [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi32>
  return
}

// -----
// CHECK: // module 1 (line 27)
func.func @main() {
  %operand = stablehlo.constant dense<[[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
  %start_indices0 = stablehlo.constant dense<-1> : tensor<i64>
  %start_indices1 = stablehlo.constant dense<3> : tensor<i64>
  %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
    slice_sizes = array<i64: 2, 2>
  } : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>
  return
}

// -----
// CHECK: // module 2 (line 40)
func.func @main() {
  %operand = stablehlo.constant dense<[[[10, 11, 12], [20, 21, 22]], [[30, 31, 32], [40, 41, 42]]]> : tensor<2x2x3xi32>
  %index = stablehlo.constant dense<[[[2, 0], [1, 1]], [[0, 5], [-1, 2]]]> : tensor<2x2x2xi32>
  // dim -1 = 2, batch_dims -1 = 2: result[a, b, c] = operand[a, b, clamp(index[a, b, c], 0, 2)]
  %result = "stablehlo.torch_index_select"(%operand, %index) {dim = -1 : i64, batch_dims = -1 : i64} : (tensor<2x2x3xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %result, dense<[[[12, 10], [21, 21]], [[30, 32], [40, 42]]]> : tensor<2x2x2xi32>
  return
}
