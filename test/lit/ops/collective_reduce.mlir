// Round trip of stablehlo.collective_reduce (upstream's current spec), which
// prints in the generic form as upstream's other collectives do.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: one group of four replicas; the sum lands on replica 0.
// CHECK-LABEL:  func.func @collective_reduce(%arg0: tensor<1x2xi64>) -> tensor<1x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<1x2xi64>) -> tensor<1x2xi64>
// CHECK-NEXT:    return %0 : tensor<1x2xi64>
// CHECK-NEXT:  }
func.func @collective_reduce(%operand: tensor<1x2xi64>) -> tensor<1x2xi64> {
  %result = "stablehlo.collective_reduce"(%operand) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = "stablehlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %result : tensor<1x2xi64>
}

// Without channel_handle (channel_id 0, cross_replica); several groups; a
// dynamic dimension (C3 holds up to dynamism); an `or` over booleans.
// CHECK-LABEL:  func.func @collective_reduce_no_channel(%arg0: tensor<?x2xi1>) -> tensor<?x2xi1> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}1, 0], [3, 2]]> : tensor<2x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
// CHECK-NEXT:      %1 = stablehlo.or %arg1, %arg2 : tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<?x2xi1>) -> tensor<?x2xi1>
// CHECK-NEXT:    return %0 : tensor<?x2xi1>
// CHECK-NEXT:  }
func.func @collective_reduce_no_channel(%a: tensor<?x2xi1>) -> tensor<?x2xi1> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %r = stablehlo.or %x, %y : tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) {replica_groups = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>} : (tensor<?x2xi1>) -> tensor<?x2xi1>
  return %0 : tensor<?x2xi1>
}

// channel_handle with a positive channel_id (cross_replica_and_partition).
// CHECK-LABEL:  func.func @collective_reduce_channel(%arg0: tensor<3xi32>) -> tensor<3xi32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
// CHECK-NEXT:      %1 = stablehlo.multiply %arg1, %arg2 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT:    return %0 : tensor<3xi32>
// CHECK-NEXT:  }
func.func @collective_reduce_channel(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.multiply %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>} : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// use_global_device_ids with channel_id 1 (flattened_ids), as upstream has it;
// groups of different sizes padded with -1; variadic, with one computation
// whose E = f32 every operand's element type promotes to (C4), the results'
// element type.
// CHECK-LABEL:  func.func @collective_reduce_variadic(%arg0: tensor<4xf32>, %arg1: tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.collective_reduce"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
// CHECK-NEXT:  }
func.func @collective_reduce_variadic(%a: tensor<4xf32>, %b: tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>) {
  %0:2 = "stablehlo.collective_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>, tensor<2x3xbf16>) -> (tensor<4xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
}

// Promotion: f32 operands reduced with an f64 computation give f64 results
// (C4); -1 pads the shorter group (C2).
// CHECK-LABEL:  func.func @collective_reduce_promotion(%arg0: tensor<2x2xf32>) -> tensor<2x2xf64> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}2, 0, 3], [1, -1, -1]]> : tensor<2x3xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
// CHECK-NEXT:      %1 = stablehlo.maximum %arg1, %arg2 : tensor<f64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f64>
// CHECK-NEXT:    }) : (tensor<2x2xf32>) -> tensor<2x2xf64>
// CHECK-NEXT:    return %0 : tensor<2x2xf64>
// CHECK-NEXT:  }
func.func @collective_reduce_promotion(%a: tensor<2x2xf32>) -> tensor<2x2xf64> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %r = stablehlo.maximum %x, %y : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) {replica_groups = dense<[[2, 0, 3], [1, -1, -1]]> : tensor<2x3xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// has_dynamic_root as the spec writes it (= true): the last operand holds the
// root of each result (C3).
// CHECK-LABEL:  func.func @collective_reduce_dynamic_root(%arg0: tensor<1x2xi64>, %arg1: tensor<1xi32>) -> tensor<1x2xi64> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, has_dynamic_root = true, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i64>
// CHECK-NEXT:    }) : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
// CHECK-NEXT:    return %0 : tensor<1x2xi64>
// CHECK-NEXT:  }
func.func @collective_reduce_dynamic_root(%operand: tensor<1x2xi64>, %root: tensor<1xi32>) -> tensor<1x2xi64> {
  %result = "stablehlo.collective_reduce"(%operand, %root) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %0 : tensor<i64>
  }) {
    has_dynamic_root = true,
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
  return %result : tensor<1x2xi64>
}

// has_dynamic_root as upstream writes it: a unit attribute.
// CHECK-LABEL:  func.func @collective_reduce_dynamic_root_unit(%arg0: tensor<2xf32>, %arg1: tensor<1xi32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0, %arg1) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @collective_reduce_dynamic_root_unit(%a: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_reduce"(%a, %roots) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// has_dynamic_root = false: no roots operand, as without the attribute.
// CHECK-LABEL:  func.func @collective_reduce_dynamic_root_false(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{has_dynamic_root = false, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @collective_reduce_dynamic_root_false(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = false} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Variadic with dynamic roots: one root per data operand (C3), the roots
// operand last; a flattened_ids grouping with -1 padding.
// CHECK-LABEL:  func.func @collective_reduce_variadic_dynamic_root(%arg0: tensor<2xi32>, %arg1: tensor<3x1xi16>, %arg2: tensor<2xi32>) -> (tensor<2xi32>, tensor<3x1xi32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.collective_reduce"(%arg0, %arg1, %arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, has_dynamic_root, replica_groups = dense<{{\[\[}}3, 1, -1], [0, 2, 4]]> : tensor<2x3xi64>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg3, %arg4 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i32>
// CHECK-NEXT:    }) : (tensor<2xi32>, tensor<3x1xi16>, tensor<2xi32>) -> (tensor<2xi32>, tensor<3x1xi32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2xi32>, tensor<3x1xi32>
// CHECK-NEXT:  }
func.func @collective_reduce_variadic_dynamic_root(%a: tensor<2xi32>, %b: tensor<3x1xi16>, %roots: tensor<2xi32>) -> (tensor<2xi32>, tensor<3x1xi32>) {
  %0:2 = "stablehlo.collective_reduce"(%a, %b, %roots) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %r = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) {replica_groups = dense<[[3, 1, -1], [0, 2, 4]]> : tensor<2x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids, has_dynamic_root} : (tensor<2xi32>, tensor<3x1xi16>, tensor<2xi32>) -> (tensor<2xi32>, tensor<3x1xi32>)
  return %0#0, %0#1 : tensor<2xi32>, tensor<3x1xi32>
}

// A per-tensor quantized operand with a computation on its type.
// CHECK-LABEL:  func.func @collective_reduce_quantized(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>, %arg2: tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:      stablehlo.return %1 : tensor<!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    }) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    return %0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:  }
func.func @collective_reduce_quantized(%a: tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<!quant.uniform<i8:f32, 0.5:2>>, %y: tensor<!quant.uniform<i8:f32, 0.5:2>>):
    %r = stablehlo.add %x, %y : tensor<!quant.uniform<i8:f32, 0.5:2>>
    stablehlo.return %r : tensor<!quant.uniform<i8:f32, 0.5:2>>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:2>>
}
