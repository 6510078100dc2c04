// Round trip of stablehlo.all_gather, which prints in the generic form as
// upstream does: the CHECK lines are upstream StableHLO's output (checked with
// jaxlib), except for the quantized case (jaxlib has no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: cross_replica (channel_id 0), the result gathers
// dim(process_groups, 1) = 2 operands along all_gather_dim (C6).
// CHECK-LABEL:  func.func @all_gather(%arg0: tensor<2x2xi64>) -> tensor<2x4xi64> {
// CHECK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    return %0 : tensor<2x4xi64>
// CHECK-NEXT:  }
func.func @all_gather(%operand: tensor<2x2xi64>) -> tensor<2x4xi64> {
  %result = "stablehlo.all_gather"(%operand) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return %result : tensor<2x4xi64>
}

// Upstream's variadic form: each operand is gathered as the spec's single
// operand; flattened_ids (use_global_device_ids, channel_id > 0) with groups
// of 4.
// CHECK-LABEL:  func.func @all_gather_variadic(%arg0: tensor<2x2xf32>, %arg1: tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.all_gather"(%arg0, %arg1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>, tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<8x2xf32>, tensor<12xi32>
// CHECK-NEXT:  }
func.func @all_gather_variadic(%a: tensor<2x2xf32>, %b: tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>) {
  %0:2 = "stablehlo.all_gather"(%a, %b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>, tensor<3xi32>) -> (tensor<8x2xf32>, tensor<12xi32>)
  return %0#0, %0#1 : tensor<8x2xf32>, tensor<12xi32>
}

// cross_replica_and_partition (channel_id > 0): a group has
// dim(replica_groups, 1) * num_partitions processes, so the result is a
// multiple of the operand (here num_partitions = 2); dynamic sizes and empty
// replica_groups (XLA's single group) leave the sizes to run time.
// CHECK-LABEL:  func.func @all_gather_partitions(%arg0: tensor<2x2xf32>, %arg1: tensor<?x2xbf16>) -> (tensor<2x4xf32>, tensor<?x2xbf16>) {
// CHECK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<{{\[\[}}0], [1]]> : tensor<2x1xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %1 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<?x2xbf16>) -> tensor<?x2xbf16>
// CHECK-NEXT:    return %0, %1 : tensor<2x4xf32>, tensor<?x2xbf16>
// CHECK-NEXT:  }
func.func @all_gather_partitions(%a: tensor<2x2xf32>, %b: tensor<?x2xbf16>) -> (tensor<2x4xf32>, tensor<?x2xbf16>) {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.all_gather"(%b) {all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>} : (tensor<?x2xbf16>) -> tensor<?x2xbf16>
  return %0, %1 : tensor<2x4xf32>, tensor<?x2xbf16>
}

// Per-tensor quantized operands keep their type (C6).
// CHECK-LABEL:  func.func @all_gather_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>> {
// CHECK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}> : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:  }
func.func @all_gather_quantized(%a: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
}
