// Round trip of stablehlo.collective_broadcast, which prints in the generic
// form as upstream does: the CHECK lines are upstream StableHLO's output
// (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: the first process of each group sends its operand.
// CHECK-LABEL:  func.func @collective_broadcast(%arg0: tensor<1x2xi64>) -> tensor<1x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}2, 1]]> : tensor<1x2xi64>}> : (tensor<1x2xi64>) -> tensor<1x2xi64>
// CHECK-NEXT:    return %0 : tensor<1x2xi64>
// CHECK-NEXT:  }
func.func @collective_broadcast(%operand: tensor<1x2xi64>) -> tensor<1x2xi64> {
  %result = "stablehlo.collective_broadcast"(%operand) {
    replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %result : tensor<1x2xi64>
}

// cross_partition (channel_id > 0); ids need not be below
// size(replica_groups), only below num_partitions (run time); a result type
// compatible with the operand's (C3).
// CHECK-LABEL:  func.func @collective_broadcast_partitions(%arg0: tensor<?x3xf32>) -> tensor<?x3xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 5], [3, 1]]> : tensor<2x2xi64>}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %0 : tensor<?x3xf32>
// CHECK-NEXT:  }
func.func @collective_broadcast_partitions(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 5], [3, 1]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// Variadic, as in upstream's current spec: one result per operand (C3, C5).
// CHECK-LABEL:  func.func @collective_broadcast_variadic(%arg0: tensor<2xf32>, %arg1: tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi8>) {
// CHECK-NEXT:    %0:2 = "stablehlo.collective_broadcast"(%arg0, %arg1) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi8>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2xf32>, tensor<3xi8>
// CHECK-NEXT:  }
func.func @collective_broadcast_variadic(%a: tensor<2xf32>, %b: tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi8>) {
  %0:2 = "stablehlo.collective_broadcast"(%a, %b) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi8>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<3xi8>
}

// has_dynamic_root: the last operand holds each result's source index (C4, C5).
// CHECK-LABEL:  func.func @collective_broadcast_dynamic_root(%arg0: tensor<2xf32>, %arg1: tensor<3xi8>, %arg2: tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>) {
// CHECK-NEXT:    %0:2 = "stablehlo.collective_broadcast"(%arg0, %arg1, %arg2) <{has_dynamic_root = true, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<3xi8>, tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2xf32>, tensor<3xi8>
// CHECK-NEXT:  }
func.func @collective_broadcast_dynamic_root(%a: tensor<2xf32>, %b: tensor<3xi8>, %roots: tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>) {
  %0:2 = "stablehlo.collective_broadcast"(%a, %b, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<3xi8>, tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<3xi8>
}

// has_dynamic_root as upstream writes it: a unit attribute.
// CHECK-LABEL:  func.func @collective_broadcast_dynamic_root_unit(%arg0: tensor<2xf32>, %arg1: tensor<1xi32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0, %arg1) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
func.func @collective_broadcast_dynamic_root_unit(%a: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_broadcast"(%a, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
