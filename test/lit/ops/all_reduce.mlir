// Round trip of stablehlo.all_reduce, which prints in the generic form as
// upstream does: the CHECK lines are upstream StableHLO's output (checked with
// jaxlib), except for the quantized case (jaxlib has no quant dialect).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: an i64 sum over one group of two replicas.
// CHECK-LABEL:  func.func @all_reduce(%arg0: tensor<4xi64>) -> tensor<4xi64> {
// CHECK-NEXT:    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT:    return %0 : tensor<4xi64>
// CHECK-NEXT:  }
func.func @all_reduce(%operand: tensor<4xi64>) -> tensor<4xi64> {
  %result = "stablehlo.all_reduce"(%operand) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = "stablehlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>) -> tensor<4xi64>
  return %result : tensor<4xi64>
}

// Upstream's variadic form: one computation for every operand, whose element
// types promote to E = f32 (C5), the results' element type (C7); groups of
// different sizes padded with -1, flattened_ids.
// CHECK-LABEL:  func.func @all_reduce_variadic(%arg0: tensor<4xf32>, %arg1: tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.all_reduce"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @all_reduce_variadic(%a: tensor<4xf32>, %b: tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.all_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>, tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
}

// Dynamic shapes (C6 holds up to dynamism); an `or` over booleans.
// CHECK-LABEL:  func.func @all_reduce_dynamic(%arg0: tensor<?x2xi1>) -> tensor<?x2xi1> {
// CHECK-NEXT:    %0 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
// CHECK-NEXT:      %1 = stablehlo.or %arg1, %arg2 : tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<?x2xi1>) -> tensor<?x2xi1>
// CHECK-NEXT:    return %0 : tensor<?x2xi1>
// CHECK-NEXT:  }
func.func @all_reduce_dynamic(%a: tensor<?x2xi1>) -> tensor<?x2xi1> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %r = stablehlo.or %x, %y : tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<?x2xi1>) -> tensor<?x2xi1>
  return %0 : tensor<?x2xi1>
}

// A per-tensor quantized operand with a computation on its type.
// CHECK-LABEL:  func.func @all_reduce_quantized(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> {
// CHECK-NEXT:    %0 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<!quant.uniform<i8:f32, 5.000000e-01>>, %arg2: tensor<!quant.uniform<i8:f32, 5.000000e-01>>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:      stablehlo.return %1 : tensor<!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:    }) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:    return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:  }
func.func @all_reduce_quantized(%a: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<!quant.uniform<i8:f32, 5.000000e-01>>, %y: tensor<!quant.uniform<i8:f32, 5.000000e-01>>):
    %r = stablehlo.add %x, %y : tensor<!quant.uniform<i8:f32, 5.000000e-01>>
    stablehlo.return %r : tensor<!quant.uniform<i8:f32, 5.000000e-01>>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
}
