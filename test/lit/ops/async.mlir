// Round trip of stablehlo.async_start / async_done and !stablehlo.future (upstream's
// current spec), which print in the generic form as upstream does: the CHECK lines
// are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example, with the body taking its operand as an argument (the
// body is isolated from above).
// CHECK-LABEL:  func.func @all_gather(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    %0 = "stablehlo.async_start"(%arg0) ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<8x2xf32>):
// CHECK-NEXT:      %2 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<8x8xf32>
// CHECK-NEXT:    }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
// CHECK-NEXT:    %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
// CHECK-NEXT:    return %1 : tensor<8x8xf32>
// CHECK-NEXT:  }
func.func @all_gather(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
  ^bb0(%a: tensor<8x2xf32>):
    %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// A slice, and a future of several tensors.
// CHECK-LABEL:  func.func @dynamic_update_slice(%arg0: tensor<4xi32>, %arg1: tensor<2xi32>, %arg2: tensor<i64>) -> tensor<4xi32> {
// CHECK-NEXT:    %0 = "stablehlo.async_start"(%arg0, %arg1, %arg2) ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<4xi32>, %arg4: tensor<2xi32>, %arg5: tensor<i64>):
// CHECK-NEXT:      %2 = stablehlo.dynamic_update_slice %arg3, %arg4, %arg5 : (tensor<4xi32>, tensor<2xi32>, tensor<i64>) -> tensor<4xi32>
// CHECK-NEXT:      stablehlo.return %2 : tensor<4xi32>
// CHECK-NEXT:    }) : (tensor<4xi32>, tensor<2xi32>, tensor<i64>) -> !stablehlo.future<tensor<4xi32>>
// CHECK-NEXT:    %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xi32>>) -> tensor<4xi32>
// CHECK-NEXT:    return %1 : tensor<4xi32>
// CHECK-NEXT:  }
func.func @dynamic_update_slice(%a: tensor<4xi32>, %u: tensor<2xi32>, %i: tensor<i64>) -> tensor<4xi32> {
  %0 = "stablehlo.async_start"(%a, %u, %i) ({
  ^bb0(%x: tensor<4xi32>, %y: tensor<2xi32>, %z: tensor<i64>):
    %1 = stablehlo.dynamic_update_slice %x, %y, %z : (tensor<4xi32>, tensor<2xi32>, tensor<i64>) -> tensor<4xi32>
    stablehlo.return %1 : tensor<4xi32>
  }) : (tensor<4xi32>, tensor<2xi32>, tensor<i64>) -> !stablehlo.future<tensor<4xi32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4xi32>>) -> tensor<4xi32>
  return %2 : tensor<4xi32>
}

// The future of no tensors, as upstream prints it (FutureType.get([]) in its
// Python API); upstream's parser cannot read it back, ours does.
// CHECK-LABEL:  func.func @future_of_none(%arg0: !stablehlo.future<>, %arg1: !stablehlo.future<tensor<2xf32>, tensor<i32>>) {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @future_of_none(%f: !stablehlo.future< >, %g: !stablehlo.future<tensor<2xf32>,tensor<i32>>) {
  return
}
