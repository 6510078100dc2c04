// Round trip of stablehlo.reduce_scatter, which prints in the generic form as
// upstream does: the CHECK lines are upstream StableHLO's output (checked with
// jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: the sum is split in dim(process_groups, 1) = 2 parts
// along scatter_dimension (C1, C8).
// CHECK-LABEL:  func.func @reduce_scatter(%arg0: tensor<2x4xi64>) -> tensor<2x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<2x4xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    return %0 : tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @reduce_scatter(%operand: tensor<2x4xi64>) -> tensor<2x2xi64> {
  %result = "stablehlo.reduce_scatter"(%operand) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = "stablehlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return %result : tensor<2x2xi64>
}

// cross_replica_and_partition: the part is dim(operand, d) /
// (dim(replica_groups, 1) * num_partitions), here num_partitions = 2; the
// computation promotes f32 to f64, the result's element type (C7, C9).
// CHECK-LABEL:  func.func @reduce_scatter_partitions(%arg0: tensor<8x3xf32>) -> tensor<2x3xf64> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 0 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
// CHECK-NEXT:      %1 = stablehlo.maximum %arg1, %arg2 : tensor<f64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f64>
// CHECK-NEXT:    }) : (tensor<8x3xf32>) -> tensor<2x3xf64>
// CHECK-NEXT:    return %0 : tensor<2x3xf64>
// CHECK-NEXT:  }
func.func @reduce_scatter_partitions(%a: tensor<8x3xf32>) -> tensor<2x3xf64> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %r = stablehlo.maximum %x, %y : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<8x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// flattened_ids; dynamic sizes are checked at run time.
// CHECK-LABEL:  func.func @reduce_scatter_dynamic(%arg0: tensor<?x4xi32>) -> tensor<?x1xi32> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
// CHECK-NEXT:      %1 = stablehlo.multiply %arg1, %arg2 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }) : (tensor<?x4xi32>) -> tensor<?x1xi32>
// CHECK-NEXT:    return %0 : tensor<?x1xi32>
// CHECK-NEXT:  }
func.func @reduce_scatter_dynamic(%a: tensor<?x4xi32>) -> tensor<?x1xi32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.multiply %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<?x4xi32>) -> tensor<?x1xi32>
  return %0 : tensor<?x1xi32>
}
