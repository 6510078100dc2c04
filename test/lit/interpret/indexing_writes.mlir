// The spec's examples of scatter and dynamic_update_slice, run with their
// stated results as checks (a failed check fails the run).
// RUN: stablehlo-py run %s --split-input-file | FileCheck %s

// CHECK: // module 0 (line 1)
func.func @main() {
  %input = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                     [[9, 10], [11, 12], [13, 14], [15, 16]],
                                     [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %scatter_indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %update = stablehlo.constant dense<1> : tensor<2x3x2x2xi64>
  %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
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
  check.expect_eq_const %result, dense<[[[1, 2], [5, 6], [7, 8], [7, 8]],
                                        [[10, 11], [12, 13], [14, 15], [16, 17]],
                                        [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  return
}

// -----
// CHECK: // module 1 (line 31)
func.func @main() {
  %operand = stablehlo.constant dense<[[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi32>
  %update = stablehlo.constant dense<1> : tensor<2x2xi32>
  %start_indices0 = stablehlo.constant dense<-1> : tensor<i64>
  %start_indices1 = stablehlo.constant dense<3> : tensor<i64>
  %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
    : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  check.expect_eq_const %result, dense<1> : tensor<4x4xi32>
  return
}
