// Round trip of stablehlo.partition_id: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example; the result is a 0-dimensional ui32 tensor.
// CHECK-LABEL:  func.func @partition_id() -> (tensor<ui32>, tensor<ui32>) {
// CHECK-NEXT:    %0 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:    %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:    return %0, %1 : tensor<ui32>, tensor<ui32>
// CHECK-NEXT:  }
func.func @partition_id() -> (tensor<ui32>, tensor<ui32>) {
  %result = "stablehlo.partition_id"() : () -> tensor<ui32>
  %0 = stablehlo.partition_id : tensor<ui32>
  return %result, %0 : tensor<ui32>, tensor<ui32>
}
